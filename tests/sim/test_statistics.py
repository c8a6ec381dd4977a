"""Confidence intervals against values computed by hand."""

import math

import pytest

from coop_helper.sim.statistics import clopper_pearson, games_for_half_width, interval, wilson


def test_wilson_matches_the_formula():
    # 50 wins in 100 games: centre 0.5, half-width z*sqrt(.25/100 + z^2/40000) / (1 + z^2/100)
    z = 1.959963984540054
    half = z * math.sqrt(0.25 / 100 + z * z / 40000) / (1 + z * z / 100)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.5 - half, abs=1e-9)
    assert high == pytest.approx(0.5 + half, abs=1e-9)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)


def test_wilson_at_the_edges_stays_inside_zero_one():
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.15 < high < 0.17
    low, high = wilson(20, 20)
    assert high == 1.0 and 0.83 < low < 0.85


def test_clopper_pearson_zero_and_all_wins():
    # With 0 wins in n, the exact upper bound solves (1 - p)^n = alpha / 2.
    low, high = clopper_pearson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(1 - 0.025 ** (1 / 10), rel=1e-9)
    low, high = clopper_pearson(10, 10)
    assert high == 1.0
    assert low == pytest.approx(0.025 ** (1 / 10), rel=1e-9)


def test_exact_is_wider_than_wilson():
    w = wilson(30, 100)
    e = interval(30, 100, method="exact")
    assert e[0] < w[0] and e[1] > w[1]


def test_confidence_level_widens_the_interval():
    narrow = wilson(40, 100, 0.80)
    wide = wilson(40, 100, 0.99)
    assert wide[0] < narrow[0] and wide[1] > narrow[1]


def test_games_for_one_point_half_width():
    assert games_for_half_width(0.01) == 9604
