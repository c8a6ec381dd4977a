"""The table's own odds: the fitted shift, its interval's coverage, and the odds it gives."""

from __future__ import annotations

import math
import random

import pytest
from odds_helpers import odds_result
from scipy.stats import binom

from coop_helper.errors import UserError
from coop_helper.journal.calibration import (
    MIN_GAMES,
    expit,
    fit_shift,
    from_games,
    logit,
    smoothed,
)
from coop_helper.journal.table_odds import parse_as, table_odds


def _synthetic(rng: random.Random, shift: float, games: int) -> tuple[list[float], list[bool]]:
    """A journal of a table whose true log-odds shift against the expert is ``shift``."""
    expert = [rng.uniform(0.05, 0.9) for _ in range(games)]
    won = [rng.random() < expit(logit(p) + shift) for p in expert]
    return expert, won


def test_the_fit_finds_a_known_shift_on_a_large_journal():
    expert, won = _synthetic(random.Random(7), 0.8, 4000)
    fit = fit_shift(expert, won)
    assert fit is not None and fit.low < 0.8 < fit.high
    assert fit.high - fit.low < 0.3  # about 4 standard errors of a 4,000-game fit


def test_the_estimate_is_the_maximum_of_the_likelihood():
    expert, won = _synthetic(random.Random(3), -0.5, 60)
    fit = fit_shift(expert, won)
    assert fit is not None

    def loglik(shift):
        return sum(
            math.log(expit(logit(p) + shift)) if w else math.log(1 - expit(logit(p) + shift))
            for p, w in zip(expert, won, strict=True)
        )

    for step in (-0.01, 0.01):
        assert loglik(fit.shift) > loglik(fit.shift + step)
    # the interval ends are where the log-likelihood has dropped by chi2(1, 95%) / 2
    for end in (fit.low, fit.high):
        assert loglik(fit.shift) - loglik(end) == pytest.approx(3.841459 / 2, abs=1e-4)


@pytest.mark.parametrize("true_shift", [-1.0, 0.0, 0.7])
def test_the_interval_covers_the_true_shift_at_its_stated_rate(true_shift):
    """Coverage over many synthetic journals, within what chance allows for that many."""
    repetitions, games = 400, 40
    rng = random.Random(2026)
    covered = fitted = 0
    for _ in range(repetitions):
        fit = fit_shift(*_synthetic(rng, true_shift, games))
        if fit is None:  # all won or all lost: no fit (rare with 40 games)
            continue
        fitted += 1
        covered += fit.low <= true_shift <= fit.high
    assert fitted >= repetitions * 0.98
    # a 95% interval covers binomially: accept what a 99.9% two-sided band allows
    low, high = binom.ppf(0.0005, fitted, 0.95), binom.ppf(0.9995, fitted, 0.95)
    assert low <= covered <= high, (covered, fitted, low, high)


def test_no_fit_without_enough_games_or_without_both_outcomes():
    assert fit_shift([0.5] * (MIN_GAMES - 1), [True, False, True, False][: MIN_GAMES - 1]) is None
    assert fit_shift([0.5] * 10, [True] * 10) is None
    assert fit_shift([0.5] * 10, [False] * 10) is None
    fit = fit_shift([0.5] * MIN_GAMES, [True, True, True, False, False])
    assert fit is not None and fit.shift == pytest.approx(math.log(3 / 2), abs=1e-6)


def test_simulated_chances_are_smoothed_away_from_0_and_1():
    assert smoothed(0, 1000) == pytest.approx(0.5 / 1001)
    assert smoothed(1000, 1000) == pytest.approx(1000.5 / 1001)
    fit = from_games([(0, 1000, True), (1000, 1000, False)] + [(500, 1000, True)] * 5)
    assert fit is not None and math.isfinite(fit.shift)


def test_the_table_odds_shift_every_level_and_move_the_recommendation():
    fit = fit_shift([0.5] * 10, [True] * 8 + [False] * 2)  # odds 4x the expert's
    assert fit is not None
    result = odds_result([700, 600, 450, 300, 150, 40], 0.5)
    table = table_odds(result, fit)
    assert table is not None
    simulated = (700, 600, 450, 300, 150, 40)
    expected = [expit(logit(smoothed(w, 1000)) + math.log(4)) for w in simulated]
    assert list(table.wins) == pytest.approx(expected, rel=1e-6)
    assert all(lo < w < hi for lo, w, hi in zip(table.lows, table.wins, table.highs, strict=True))
    # the expert reaches 50% with 1 card removed; a table 4x as good with 3 (300 -> 63%)
    assert table.recommended is result.levels[3]
    worse = fit_shift([0.5] * 10, [True] * 2 + [False] * 8)
    assert table_odds(result, worse).recommended is None  # 70% for the expert: 37% for it
    assert table_odds(odds_result([700, 600, 450], 0.35), worse).recommended.removed == 0
    assert table_odds(result, None) is None


def test_as_takes_table_or_expert():
    assert parse_as(" Expert ") == "expert" and parse_as("table") == "table"
    with pytest.raises(UserError, match="--as must be"):
        parse_as("me")
