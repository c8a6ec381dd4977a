"""Binomial confidence intervals for simulated win rates.

Wilson's interval needs only a normal quantile, from the standard library, so the table-side
commands load no scipy for the odds (it takes most of a second to load); the exact interval uses
scipy's incomplete beta function.
"""

from __future__ import annotations

import math
from statistics import NormalDist

INTERVALS = ("wilson", "exact")


def _normal_quantile(p: float) -> float:
    """The standard normal distribution's quantile at ``p``."""
    return NormalDist().inv_cdf(p)


def wilson(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a win rate."""
    if games <= 0:
        return 0.0, 1.0
    z = _normal_quantile(0.5 + confidence / 2)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def clopper_pearson(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) binomial interval for a win rate."""
    from scipy.special import betaincinv

    if games <= 0:
        return 0.0, 1.0
    alpha = 1 - confidence
    low = 0.0 if wins == 0 else float(betaincinv(wins, games - wins + 1, alpha / 2))
    high = 1.0 if wins == games else float(betaincinv(wins + 1, games - wins, 1 - alpha / 2))
    return low, high


def interval(
    wins: int, games: int, confidence: float = 0.95, method: str = "wilson"
) -> tuple[float, float]:
    """The confidence interval by name: 'wilson' or 'exact'."""
    if method == "exact":
        return clopper_pearson(wins, games, confidence)
    return wilson(wins, games, confidence)


def games_for_half_width(half_width: float, confidence: float = 0.95, p: float = 0.5) -> int:
    """Games needed so a win rate near ``p`` has at most this CI half-width (normal approx.)."""
    z = _normal_quantile(0.5 + confidence / 2)
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width))
