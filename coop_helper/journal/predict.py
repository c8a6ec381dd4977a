"""The expert's win chance for a recorded game, from a short, reproducible simulation.

There is no difficulty atlas yet, so a game's prediction comes from simulating its deal
with the expert: PREDICTION_GAMES games, seeded from the deal itself (share code and Time
Pile), so the same deal always gets the same numbers. One simulation answers every
removal level; the wins per level are kept in the journal, so recording the same deal
again (at any removal) needs no simulation.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from coop_helper.journal.store import Journal
from coop_helper.setup.catalog import Contract
from coop_helper.setup.deals import TimePile

PREDICTION_GAMES = 1000  # games simulated per deal: the win chance within about 3 points
PREDICTION_POLICY = "expert"


class PredictionFields(TypedDict):
    """The fields of a game record that hold its prediction."""

    predicted_win: float
    predicted_wins: int
    predicted_games: int
    policy: str
    policy_version: str


@dataclass(frozen=True)
class Prediction:
    """The simulated wins per removal level of one deal (index = cards removed)."""

    code: str
    time_pile: int
    policy: str
    policy_version: str
    games: int
    seed: int
    wins: tuple[int, ...]

    def wins_at(self, removed: int) -> int:
        """Simulated wins with ``removed`` cards moved before play (0 past the last level)."""
        return self.wins[removed] if 0 <= removed < len(self.wins) else 0

    def win_at(self, removed: int) -> float:
        """The estimated win chance at that removal level."""
        return self.wins_at(removed) / self.games

    def record_fields(self, removed: int) -> PredictionFields:
        """The prediction fields of a game record played with ``removed`` cards moved."""
        return {
            "predicted_win": round(self.win_at(removed), 6),
            "predicted_wins": self.wins_at(removed),
            "predicted_games": self.games,
            "policy": self.policy,
            "policy_version": self.policy_version,
        }


def current_version(players: int) -> str:
    """The version of the policy that predicts games of this many players today."""
    from coop_helper.policies import policy_version

    return policy_version(PREDICTION_POLICY, players)


def deal_seed(code: str, pile: int) -> int:
    """The simulation seed of a deal: the same deal always gets the same games."""
    return zlib.crc32(f"{code.upper()}/{pile}".encode())


def cached(journal: Journal, code: str, pile: int, version: str) -> Prediction | None:
    """The stored prediction of this deal by this expert version, if any."""
    seed = deal_seed(code, pile)
    row = journal.db.execute(
        "SELECT wins FROM predictions WHERE code = ? AND time_pile = ? AND policy = ? "
        "AND policy_version = ? AND games = ? AND seed = ?",
        (code, pile, PREDICTION_POLICY, version, PREDICTION_GAMES, seed),
    ).fetchone()
    if row is None:
        return None
    return Prediction(
        code, pile, PREDICTION_POLICY, version, PREDICTION_GAMES, seed, tuple(json.loads(row[0]))
    )


def simulate_deal(
    players: int,
    contracts: Sequence[Contract],
    pile: TimePile,
    code: str,
    version: str,
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> Prediction:
    """Simulate the deal with the expert and return the wins per removal level."""
    from coop_helper.sim.odds import compute_odds

    assert pile.size is not None
    settings = simulate_settings(code, pile.size)
    result = compute_odds(players, contracts, pile, **settings, workers=workers, progress=progress)
    return from_result(result, code, pile.size, version)


def from_result(result: Any, code: str, pile: int, version: str) -> Prediction:
    """The prediction of a finished run of `simulate_settings`'s games (an OddsResult)."""
    wins = [0] * (pile + 1)
    for level in result.levels:
        if level.removed is not None:
            wins[level.removed] = level.wins
    while len(wins) > 1 and wins[-1] == 0:
        wins.pop()
    return Prediction(
        code, pile, PREDICTION_POLICY, version, PREDICTION_GAMES, deal_seed(code, pile), tuple(wins)
    )


def simulate_settings(code: str, pile: int) -> dict[str, Any]:
    """The settings of `compute_odds` that predict a deal: its games, seed and policy."""
    return {"games": PREDICTION_GAMES, "seed": deal_seed(code, pile), "policy": PREDICTION_POLICY}


def store(db: sqlite3.Connection, prediction: Prediction) -> None:
    """Keep a prediction (inside an open write transaction); an existing one stays."""
    db.execute(
        "INSERT OR IGNORE INTO predictions VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            prediction.code,
            prediction.time_pile,
            prediction.policy,
            prediction.policy_version,
            prediction.games,
            prediction.seed,
            json.dumps(list(prediction.wins)),
        ),
    )
