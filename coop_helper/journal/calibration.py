"""The table's own odds: how much better or worse a group plays than the simulated expert.

Model: a recorded game with expert win chance ``p`` is won by the table with chance
``expit(logit(p) + shift)``; one ``shift`` on the log-odds scale for all games.
``exp(shift)`` is the factor on the odds of winning: 2 means the table's odds are twice
the expert's. The expert's chances are simulated, so they are smoothed as
(wins + 1/2) / (games + 1), which keeps a level the expert never (or always) won finite on
the log-odds scale.

The shift maximises Firth's penalised likelihood: the log-likelihood plus half the log of
the Fisher information, ``l(shift) + log(I(shift)) / 2`` with
``I(shift) = sum of q * (1 - q)`` over the games' table win chances ``q``. The penalty
keeps the estimate finite when the table won (or lost) every game, where the plain
maximum-likelihood shift is infinite, and pulls it a little towards 0 on few games (with
every expert chance 1/2 the estimate is ``log((wins + 1/2) / (losses + 1/2))`` instead of
``log(wins / losses)``). The interval is where the penalised log-likelihood lies within
chi-squared(1) / 2 of its maximum (its profile: there is one parameter). A fit needs
MIN_GAMES games with a prediction, won and lost alike.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

MIN_GAMES = 5
CONFIDENCE = 0.95
_SEARCH = 40.0  # the shift is looked for within +-this (an odds factor of e**40)


def smoothed(wins: int, games: int) -> float:
    """A simulated win rate kept away from 0 and 1: (wins + 1/2) / (games + 1)."""
    return (wins + 0.5) / (games + 1)


def logit(p: float) -> float:
    """log(p / (1 - p))."""
    return math.log(p / (1 - p))


def expit(x: float) -> float:
    """The inverse of logit."""
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


@dataclass(frozen=True)
class Calibration:
    """The fitted shift of a table against the expert, with its interval."""

    games: int
    wins: int
    shift: float
    low: float
    high: float
    confidence: float = CONFIDENCE

    def win(self, expert: float, shift: float | None = None) -> float:
        """The table's win chance where the expert's is ``expert`` (in (0, 1))."""
        return expit(logit(expert) + (self.shift if shift is None else shift))

    def json(self) -> dict[str, object]:
        """The ``calibration`` object of the JSON documents."""
        return {
            "games": self.games,
            "wins": self.wins,
            "shift": round(self.shift, 6),
            "shift_low": round(self.low, 6),
            "shift_high": round(self.high, 6),
            "odds_factor": round(math.exp(self.shift), 6),
            "confidence": self.confidence,
            "model": "logit(table win) = logit(expert win) + shift",
        }

    @property
    def one_sided(self) -> str | None:
        """'won' when the table won every game of the fit, 'lost' when it lost every one,
        else None: then only one end of the interval says much (the table is at least, or
        at most, as strong as that end)."""
        if self.wins == self.games:
            return "won"
        return "lost" if self.wins == 0 else None


def can_fit(games: int) -> bool:
    """Can a shift be fitted to this many games (MIN_GAMES or more, whatever their
    results)?"""
    return games >= MIN_GAMES


def fit_shift(
    expert: Sequence[float],
    won: Sequence[bool],
    confidence: float = CONFIDENCE,
    penalised: bool = True,
) -> Calibration | None:
    """Fit the shift to games with these expert win chances and results, by Firth's
    penalised likelihood (``penalised=False``: the plain likelihood, which has no
    maximum without both a win and a loss: None then).

    None with fewer than MIN_GAMES games.
    """
    import numpy as np
    from scipy.optimize import brentq, minimize_scalar  # type: ignore[import-untyped]

    if len(expert) != len(won):
        raise ValueError("one result per expert win chance")
    wins = sum(bool(w) for w in won)
    if not can_fit(len(expert)) or (not penalised and wins in (0, len(expert))):
        return None
    offset = np.log(np.asarray(expert, dtype=float)) - np.log1p(-np.asarray(expert, dtype=float))
    y = np.asarray(won, dtype=float)

    def nll(shift: float) -> float:
        z = offset + shift
        softplus = np.logaddexp(0.0, z)
        value = float(np.sum(softplus - y * z))
        if penalised:  # log q(1 - q) = z - 2 log(1 + e^z), summed inside the log
            value -= float(np.logaddexp.reduce(z - 2 * softplus)) / 2
        return value

    best = minimize_scalar(
        nll, bounds=(-_SEARCH, _SEARCH), method="bounded", options={"xatol": 1e-9}
    )
    shift, floor = float(best.x), float(best.fun)
    # chi-squared with 1 degree of freedom is a squared standard normal: its quantile
    # from the standard library, as scipy.stats alone would take most of a second to load
    cut = NormalDist().inv_cdf((1 + confidence) / 2) ** 2 / 2

    def excess(value: float) -> float:
        return nll(value) - floor - cut

    def edge(direction: float) -> float:
        step = 0.5
        while excess(shift + direction * step) < 0 and step < 2 * _SEARCH:
            step *= 2
        return float(brentq(excess, shift, shift + direction * step, xtol=1e-9))

    return Calibration(len(expert), wins, shift, edge(-1.0), edge(1.0), confidence)


def from_games(games: Iterable[tuple[int, int, bool]]) -> Calibration | None:
    """Fit from recorded games given as (expert wins, expert games, table won)."""
    rows = list(games)
    return fit_shift([smoothed(w, n) for w, n, _ in rows], [won for _, _, won in rows])
