"""Bringing the expert's chances up to date: games predicted by an older expert, or by
none (imported by hand), get the chance today's expert has for their deal and removal.

A prediction depends on the deal and its Time Pile alone: each is taken from the
journal's stored predictions or simulated once, outside the write lock, and stored at
once; then every game's prediction is replaced in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from coop_helper.journal import predict, records
from coop_helper.journal.store import Journal
from coop_helper.setup.catalog import Contract, Seal, load_catalog
from coop_helper.setup.deals import TimePile, decode_share_code, time_pile

Key = tuple[str, int]  # a deal's share code and Time Pile


@dataclass(frozen=True)
class Plan:
    """What bringing these games up to date takes."""

    games: list[records.GameRecord]  # the games that will get today's chance
    stored: dict[Key, predict.Prediction]  # predictions the journal holds already
    to_simulate: dict[Key, tuple[int, tuple[Contract, ...], TimePile]]  # players, contracts, pile
    skipped: int  # games whose deal cannot be simulated: a seal unknown, the pile by hand
    seals: dict[int, str]  # per game id: its seals with the recorded ones its deal needed


@dataclass(frozen=True)
class Repredicted:
    """What bringing the chances up to date did."""

    games: int  # games whose chance was replaced (or given)
    deals: int  # deals simulated for them (the others were stored)
    skipped: int  # games left as they were (see Plan.skipped)
    versions: dict[int, str]  # per player count of those games: the expert's version


def stale_games(journal: Journal) -> list[records.GameRecord]:
    """The games without a chance from today's expert at their player count."""
    return [
        r
        for r in records.load(journal)
        if r.predicted_win is None
        or (r.policy, r.policy_version)
        != (predict.PREDICTION_POLICY, predict.current_version(r.players))
    ]


def plan(
    journal: Journal,
    games: list[records.GameRecord],
    recorded: Mapping[str, Seal],
) -> Plan:
    """Which deals are stored, which must be simulated (the game's seals, else the
    ``recorded`` ones, give its Time Pile), and which games cannot be brought up to date."""
    catalog = load_catalog()
    stored: dict[Key, predict.Prediction] = {}
    to_simulate: dict[Key, tuple[int, tuple[Contract, ...], TimePile]] = {}
    kept: list[records.GameRecord] = []
    with_seals: dict[int, str] = {}
    skipped = 0
    for record in games:
        key = (record.code, record.time_pile)
        players, contracts = decode_share_code(record.code, catalog)
        seals = {**recorded, **records.parse_seals(record.seals, catalog)}
        pile = time_pile(contracts, seals, catalog)
        if key not in stored and key not in to_simulate:
            version = predict.current_version(players)
            found = predict.cached(journal, record.code, record.time_pile, version)
            if found is not None:
                stored[key] = found
            elif pile.size != record.time_pile:
                skipped += 1
                continue
            else:
                to_simulate[key] = (players, tuple(contracts), pile)
        if pile.size == record.time_pile:  # the seals that give it: kept with the game
            text = records.seals_text(seals, contracts)
            if text != record.seals and record.id is not None:  # loaded games have ids
                with_seals[record.id] = text
        kept.append(record)
    return Plan(kept, stored, to_simulate, skipped, with_seals)


def repredict(
    journal: Journal,
    todo: Plan,
    workers: int,
    progress: Callable[[int], None] | None = None,
    stored: list[Key] | None = None,
) -> Repredicted:
    """Simulate the plan's deals, then give its games their chance from this expert.

    Each deal's prediction is kept as soon as it is simulated (and its key added to
    ``stored``), so a run stopped half way (Ctrl-C) loses only the deal it was on: the
    same command then finds the others stored.
    """
    found = dict(todo.stored)
    for key, (players, contracts, pile) in todo.to_simulate.items():
        version = predict.current_version(players)
        found[key] = predict.simulate_deal(
            players, contracts, pile, key[0], version, workers, progress
        )
        with journal.write() as db:
            predict.store(db, found[key])
        if stored is not None:
            stored.append(key)
    with journal.write() as db:
        for record in todo.games:
            fields: dict[str, object] = {
                **found[(record.code, record.time_pile)].record_fields(record.removed),
                "seals": todo.seals.get(record.id or 0, record.seals),
            }
            settings = ", ".join(f"{name} = :{name}" for name in fields)
            db.execute(f"UPDATE games SET {settings} WHERE id = :id", {**fields, "id": record.id})
    versions = {r.players: predict.current_version(r.players) for r in todo.games}
    return Repredicted(len(todo.games), len(todo.to_simulate), todo.skipped, versions)
