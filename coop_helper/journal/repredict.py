"""Bringing the expert's chances up to date: games predicted by an older expert, or by
none (imported by hand), get the chance today's expert has for their deal and removal.

Each deal is simulated once (or taken from the journal's stored predictions), outside the
write lock; then every game's prediction is replaced in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from coop_helper.journal import predict, records
from coop_helper.journal.store import Journal
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import decode_share_code, time_pile


@dataclass(frozen=True)
class Repredicted:
    """What bringing the chances up to date did."""

    games: int  # games whose chance was replaced (or given)
    deals: int  # deals simulated for them (the others were stored)
    skipped: int  # games whose Time Pile their seals do not give: left as they were
    version: str  # the expert version that now predicts them


def current_version() -> str:
    """The version of the expert that predicts games today."""
    from coop_helper.policies import policy_version

    return policy_version(predict.PREDICTION_POLICY)


def stale_games(journal: Journal, version: str) -> list[records.GameRecord]:
    """The games without a chance from this version of the expert."""
    return [
        r
        for r in records.load(journal)
        if r.predicted_win is None
        or (r.policy, r.policy_version) != (predict.PREDICTION_POLICY, version)
    ]


def repredict(
    journal: Journal,
    games: list[records.GameRecord],
    version: str,
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> Repredicted:
    """Give these games their chance from this version of the expert."""
    catalog = load_catalog()
    found: dict[tuple[str, int], predict.Prediction] = {}
    simulated = skipped = 0
    kept: list[records.GameRecord] = []
    for record in games:
        key = (record.code, record.time_pile)
        if key not in found:
            players, contracts = decode_share_code(record.code, catalog)
            pile = time_pile(contracts, records.parse_seals(record.seals, catalog), catalog)
            if pile.size != record.time_pile:  # a Time Pile given by hand, seals unknown
                skipped += 1
                continue
            stored = predict.cached(journal, record.code, record.time_pile, version)
            if stored is None:
                stored = predict.simulate_deal(
                    players, contracts, pile, record.code, version, workers, progress
                )
                simulated += 1
            found[key] = stored
        kept.append(record)
    with journal.write() as db:
        for prediction in found.values():
            predict.store(db, prediction)
        for record in kept:
            fields = found[(record.code, record.time_pile)].record_fields(record.removed)
            settings = ", ".join(f"{name} = :{name}" for name in fields)
            db.execute(f"UPDATE games SET {settings} WHERE id = :id", {**fields, "id": record.id})
    return Repredicted(len(kept), simulated, skipped, version)
