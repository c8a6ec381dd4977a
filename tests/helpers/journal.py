"""Helpers shared by the journal tests: records made without simulating."""

from __future__ import annotations

import dataclasses

from coop_helper.journal import records
from coop_helper.journal.records import GameRecord
from coop_helper.policies import policy_version
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import encode_share_code, time_pile

RULEBOOK = ("Lady Killer", "Maritime Supremacy", "Galleon Foe")  # Time Pile 15, PR1-0040HM


def make_record(
    removed: int = 2,
    won: bool = True,
    moves: int = 0,
    played_on: str = "2026-01-08",
    predicted: tuple[int, int] | None = (540, 1000),
    names: tuple[str, ...] = RULEBOOK,
    **changes: object,
) -> GameRecord:
    """A valid record of a game of ``names`` (the rulebook's solo deal by default)."""
    catalog = load_catalog()
    contracts = catalog.contracts_for(names)
    players = catalog.players_for_contracts(len(contracts))
    assert players is not None
    pile = time_pile(contracts, {}, catalog)  # a blue seal: give seals= and time_pile=
    points, rank = records.outcome_fields(won, removed, moves, catalog)
    record = GameRecord(
        uid=records.new_uid(),
        recorded_at="2026-01-08T21:00:00Z",
        played_on=played_on,
        players=players,
        code=encode_share_code(players, contracts, catalog),
        contracts="; ".join(c.name for c in contracts),
        seals="",
        time_pile=pile.size or 0,
        removed=removed,
        moves=moves,
        won=won,
        points=points,
        rank=rank,
        note="",
        predicted_win=None if predicted is None else predicted[0] / predicted[1],
        predicted_wins=None if predicted is None else predicted[0],
        predicted_games=None if predicted is None else predicted[1],
        policy=None if predicted is None else "expert",
        policy_version=None if predicted is None else policy_version("expert", players),
    )
    return dataclasses.replace(record, **changes)  # type: ignore[arg-type]


def add(journal, *games: GameRecord) -> None:
    """Write records straight into an open journal."""
    with journal.write() as db:
        for game in games:
            records.insert(db, game)
