"""The table's own odds: the fitted shift, its interval's coverage, and the odds it gives."""

from __future__ import annotations

import math
import random

import pytest
from helpers.odds import odds_result
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
from coop_helper.text.percentages import chance_percent


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


def _loglik(expert, won, shift, penalised):
    """The log-likelihood of a shift, written out game by game (with Firth's penalty: plus
    half the log of the Fisher information, the sum of q(1 - q))."""
    chances = [expit(logit(p) + shift) for p in expert]
    plain = sum(math.log(q) if w else math.log(1 - q) for q, w in zip(chances, won, strict=True))
    return plain + (math.log(sum(q * (1 - q) for q in chances)) / 2 if penalised else 0.0)


@pytest.mark.parametrize("penalised", [True, False])
def test_the_estimate_is_the_maximum_of_the_likelihood(penalised):
    expert, won = _synthetic(random.Random(3), -0.5, 60)
    fit = fit_shift(expert, won, penalised=penalised)
    assert fit is not None

    def loglik(shift):
        return _loglik(expert, won, shift, penalised)

    for step in (-0.01, 0.01):
        assert loglik(fit.shift) > loglik(fit.shift + step)
    # the interval ends are where the log-likelihood has dropped by chi2(1, 95%) / 2
    for end in (fit.low, fit.high):
        assert loglik(fit.shift) - loglik(end) == pytest.approx(3.841459 / 2, abs=1e-4)


@pytest.mark.parametrize("wins, games", [(3, 5), (8, 10), (10, 10), (0, 10), (0, 5), (5, 5)])
def test_the_penalised_estimate_at_even_expert_odds_is_worked_out_by_hand(wins, games):
    """With every expert chance 1/2 the penalised score is wins - n q + (1 - 2q) / 2 = 0,
    so q = (wins + 1/2) / (n + 1): the shift is log((wins + 1/2) / (losses + 1/2))."""
    fit = fit_shift([0.5] * games, [True] * wins + [False] * (games - wins))
    assert fit is not None
    assert fit.shift == pytest.approx(math.log((wins + 0.5) / (games - wins + 0.5)), abs=1e-6)
    assert fit.low < fit.shift < fit.high
    assert math.isfinite(fit.low) and math.isfinite(fit.high)


def test_ten_wins_in_ten_have_a_hand_worked_interval():
    """Ten wins at even expert odds: the penalised log-likelihood is
    10.5 log q + 0.5 log(1 - q) + const, q = expit(shift); its maximum is at log 21, and the
    interval ends are where it has dropped by 1.920729 (chi2(1, 95%) / 2). Worked out with
    the closed form and a plain bisection here, not the fit's optimiser."""

    def drop(shift):
        def curve(x):
            return 10.5 * math.log(expit(x)) + 0.5 * math.log(1 - expit(x))

        return curve(math.log(21)) - curve(shift) - 3.841459 / 2

    def bisect(inside, outside):
        for _ in range(200):
            middle = (inside + outside) / 2
            inside, outside = (middle, outside) if drop(middle) < 0 else (inside, middle)
        return inside

    fit = fit_shift([0.5] * 10, [True] * 10)
    assert fit is not None and fit.one_sided == "won"
    assert fit.shift == pytest.approx(math.log(21), abs=1e-6)
    assert fit.low == pytest.approx(bisect(math.log(21), -10.0), abs=1e-5)
    assert fit.high == pytest.approx(bisect(math.log(21), 30.0), abs=1e-5)
    assert fit.low == pytest.approx(0.9964, abs=1e-4)  # the table is better than the expert
    lost = fit_shift([0.5] * 10, [False] * 10)
    assert lost is not None and lost.one_sided == "lost"
    assert (lost.shift, lost.low, lost.high) == pytest.approx((-fit.shift, -fit.high, -fit.low))


def test_the_penalised_fit_is_near_the_plain_one_where_that_is_finite():
    """Where the plain maximum exists, the penalty moves the estimate towards 0, by less and
    less as the games grow (its pull is of order 1 / games)."""
    for games, tolerance in ((20, 0.25), (200, 0.02), (2000, 0.002)):
        expert, won = _synthetic(random.Random(games), 0.6, games)
        plain = fit_shift(expert, won, penalised=False)
        firth = fit_shift(expert, won)
        assert plain is not None and firth is not None
        assert abs(firth.shift) < abs(plain.shift)
        assert firth.shift == pytest.approx(plain.shift, abs=tolerance)
        width_plain, width_firth = plain.high - plain.low, firth.high - firth.low
        assert width_firth == pytest.approx(width_plain, rel=tolerance)


@pytest.mark.parametrize("true_shift, games", [(-1.0, 40), (0.0, 40), (0.7, 40), (2.0, 10)])
def test_the_interval_covers_the_true_shift_at_its_stated_rate(true_shift, games):
    """Coverage over many synthetic journals, within what chance allows for that many; the
    small journal of a strong table (shift 2) often won every game, and is fitted too."""
    repetitions = 400
    rng = random.Random(2026)
    covered = fitted = all_won = 0
    for _ in range(repetitions):
        expert, won = _synthetic(rng, true_shift, games)
        fit = fit_shift(expert, won)
        assert fit is not None
        fitted += 1
        all_won += all(won)
        covered += fit.low <= true_shift <= fit.high
    if games == 10:
        assert all_won >= 40  # the case the penalty is for does occur here
    # a 95% interval covers binomially: accept what a 99.9% two-sided band allows
    low, high = binom.ppf(0.0005, fitted, 0.95), binom.ppf(0.9995, fitted, 0.95)
    assert low <= covered <= high, (covered, fitted, low, high)


def test_no_fit_without_enough_games_but_a_fit_with_one_outcome_only():
    assert fit_shift([0.5] * (MIN_GAMES - 1), [True, False, True, False][: MIN_GAMES - 1]) is None
    assert fit_shift([0.5] * 10, [True] * 10, penalised=False) is None  # infinite: no maximum
    assert fit_shift([0.5] * 10, [False] * 10, penalised=False) is None
    for won in ([True] * 10, [False] * 10, [True] * MIN_GAMES):
        fit = fit_shift([0.5] * len(won), won)
        assert fit is not None and math.isfinite(fit.shift)
    plain = fit_shift([0.5] * MIN_GAMES, [True, True, True, False, False], penalised=False)
    assert plain is not None and plain.shift == pytest.approx(math.log(3 / 2), abs=1e-6)
    mixed = fit_shift([0.5] * MIN_GAMES, [True, True, True, False, False])
    assert mixed is not None and mixed.one_sided is None


def test_simulated_chances_are_smoothed_away_from_0_and_1():
    assert smoothed(0, 1000) == pytest.approx(0.5 / 1001)
    assert smoothed(1000, 1000) == pytest.approx(1000.5 / 1001)
    fit = from_games([(0, 1000, True), (1000, 1000, False)] + [(500, 1000, True)] * 5)
    assert fit is not None and math.isfinite(fit.shift)


def test_the_table_odds_shift_every_level_and_move_the_recommendation():
    fit = fit_shift([0.5] * 20, [True] * 16 + [False] * 4)  # odds 16.5 / 4.5 the expert's
    assert fit is not None
    result = odds_result([700, 600, 450, 300, 150, 40], 0.5)
    table = table_odds(result, fit)
    assert table is not None
    simulated = (700, 600, 450, 300, 150, 40)
    expected = [expit(logit(smoothed(w, 1000)) + math.log(16.5 / 4.5)) for w in simulated]
    assert list(table.wins) == pytest.approx(expected, rel=1e-6)
    assert all(lo < w < hi for lo, w, hi in zip(table.lows, table.wins, table.highs, strict=True))
    assert table.shown == table.wins and table.shown_text(0) == "89.5%"
    # the expert reaches 50% with 1 card removed; a table 3.7x as good with 3 (300 -> 61%)
    assert table.recommended is result.levels[3]
    worse = fit_shift([0.5] * 20, [True] * 4 + [False] * 16)
    assert table_odds(result, worse).recommended is None  # 70% for the expert: 39% for it
    assert table_odds(odds_result([700, 600, 450], 0.35), worse).recommended.removed == 0
    assert table_odds(result, None) is None


def test_as_takes_table_or_expert():
    assert parse_as(" Expert ") == "expert" and parse_as("table") == "table"
    with pytest.raises(UserError, match="--as must be"):
        parse_as("me")


def test_a_table_that_won_every_game_is_shown_at_the_lower_end_of_its_interval():
    """Ten wins in ten solo games where the expert wins 28%: the table's chance is shown as
    at least what the interval's lower end gives, and the recommendation is made on it."""
    fit = from_games([(280, 1000, True)] * 10)
    assert fit is not None and fit.one_sided == "won" and fit.low > 0
    result = odds_result([800, 700, 550, 400, 280, 150, 60], 0.5)
    table = table_odds(result, fit)
    assert table is not None and table.steers
    assert table.shown == table.lows
    assert all(lo < w for lo, w in zip(table.lows, table.wins, strict=True))
    low_4 = expit(logit(smoothed(280, 1000)) + fit.low)
    assert table.shown[4] == pytest.approx(low_4)
    assert table.shown_text(4) == "≥" + chance_percent(low_4)
    good = [i for i, chance in enumerate(table.lows) if chance >= 0.5]
    assert table.recommended is result.levels[max(good)]
    assert max(good) < max(i for i, chance in enumerate(table.wins) if chance >= 0.5)
    assert table.json()["shown"] == "at_least_low"
    lost = table_odds(result, from_games([(280, 1000, False)] * 10))
    assert lost is not None and lost.shown == lost.highs and lost.shown_text(0).startswith("≤")
    assert lost.json()["shown"] == "at_most_high"
