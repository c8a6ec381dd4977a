"""Every possible deal is equally likely: chi-square tests over many fixed seeds.

The seeds are fixed, so these tests are deterministic: they either pass every time or
fail every time. ALPHA is the false-alarm rate of the test: a correct uniform deal fails
with probability 1e-4 over the choice of seeds, whatever the sample size. The sample size
decides what the test can see: the larger N, the smaller a bias it catches. Each test is
paired with a deliberately biased deal at the same N to show that a bias of a stated size
is caught, so a pass means something.
"""

import random
from collections import Counter
from itertools import combinations

from scipy import stats

from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import deal

ALPHA = 1e-4
CATALOG = load_catalog()
KEYS = [c.key for c in CATALOG.contracts]


def _biased_deal(players: int, seed: int):
    """Like deal(), but a deal holding Lady Killer is thrown back 20% of the time."""
    rng = random.Random(seed)
    count = CATALOG.contracts_by_players[players]
    dealt = rng.sample(CATALOG.contracts, count)
    if CATALOG.contracts[0] in dealt and rng.random() < 0.2:
        dealt = rng.sample(CATALOG.contracts, count)
    return tuple(dealt)


# ---------------------------------------------------------------- whole deals, 1 player

# 1 player: C(18, 3) = 816 possible deals. N = 100 * 816 seeds gives 100 expected per deal,
# far above the 5 per cell the chi-square approximation needs. At this N the statistic
# (815 degrees of freedom) must stay below chi2.isf(1e-4, 815) = 974; a bias that makes
# the deals holding one contract 17% rarer (the 20% throw-back above: 1/6 -> 0.139) adds
# about 450 to its expected value (815), so it is caught with near certainty (miss
# probability about 3e-8), while smaller biases (a 10% throw-back adds about 110) would
# mostly pass: that is the resolution these 81,600 seeds buy.
DEALS_ONE_PLAYER = list(combinations(range(18), 3))
N_WHOLE = 100 * len(DEALS_ONE_PLAYER)


def _whole_deal_p_value(deal_fn) -> float:
    index = {c.key: i for i, c in enumerate(CATALOG.contracts)}
    counts = Counter(
        tuple(sorted(index[c.key] for c in deal_fn(1, seed))) for seed in range(N_WHOLE)
    )
    assert set(counts) <= set(DEALS_ONE_PLAYER)
    observed = [counts.get(d, 0) for d in DEALS_ONE_PLAYER]
    return stats.chisquare(observed).pvalue


def test_every_one_player_deal_is_equally_likely():
    assert _whole_deal_p_value(deal) > ALPHA


def test_the_whole_deal_test_catches_a_biased_deal():
    assert _whole_deal_p_value(_biased_deal) < ALPHA


# ---------------------------------------------------------------- each contract, every count

# For 2-5 players there are 8,568 to 48,620 possible deals, too many cells for a quick test,
# so this checks what uniform deals imply for each contract: it is face up in k/18 of the
# deals. The 18 inclusion counts always add up to k*N, so they are not independent: under a
# uniform deal each has variance N*p*(1-p)*18/17 after removing the common total, and
# sum((O - N*p)^2) / (N*p*(1-p)*18/17) follows a chi-square law with 17 degrees of freedom.
# The 1e-4 threshold is chi2.isf(1e-4, 17) = 47.6. A bias that makes one contract a
# fraction b rarer adds about N*p*b^2/(1-p) to the statistic's mean of 17; with
# N = 20,000 deals per player count, the 20% throw-back (Lady Killer 17% rarer for 1 player,
# 8% for 5) adds about 110 to 200, so it is caught with near certainty.
N_MARGINAL = 20_000


def _inclusion_p_value(deal_fn, players: int) -> float:
    k = CATALOG.contracts_by_players[players]
    counts = Counter(c.key for seed in range(N_MARGINAL) for c in deal_fn(players, seed))
    p = k / 18
    expected = N_MARGINAL * p
    scale = N_MARGINAL * p * (1 - p) * 18 / 17
    statistic = sum((counts.get(key, 0) - expected) ** 2 for key in KEYS) / scale
    return stats.chi2.sf(statistic, df=17)


def test_each_contract_is_dealt_equally_often_for_every_player_count():
    for players in range(1, 6):
        assert _inclusion_p_value(deal, players) > ALPHA, players


def test_the_inclusion_test_catches_a_biased_deal():
    for players in range(1, 6):
        assert _inclusion_p_value(_biased_deal, players) < ALPHA, players
