"""The ladder holds on fixed deals: expert beats basic, basic beats random.

Each policy plays the same N seeded games of a deal. A difference of win rates is called
real when it exceeds Z standard errors of the difference, sqrt(p1 q1 / N + p2 q2 / N):
with Z = 3 a chance reversal has probability below 0.14% per comparison, and N = 150
makes the expected gaps on these deals (about 35 and 40 points) ten or more standard
errors wide, so the test fails only if the ladder really breaks.
"""

import math

import pytest

from coop_helper.engine import Game, GameConfig
from coop_helper.policies import make_policy
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile

pytestmark = pytest.mark.slow  # the default run and CI run it; -m 'not slow' leaves it out

N = 150
Z = 3.0
DEALS = [
    ("New Colony", "Jinx", "Trade Outpost"),
    ("Jinx", "Cheap Staff", "Galleon Foe"),
]


def win_rate(policy: str, names: tuple[str, ...]) -> float:
    contracts = load_catalog().contracts_for(names)
    size = time_pile(contracts).size
    wins = sum(
        Game(GameConfig(contracts, 1, size, 0, seed), make_policy(policy)).run().won
        for seed in range(N)
    )
    return wins / N


def beats(p1: float, p2: float) -> bool:
    se = math.sqrt((p1 * (1 - p1) + p2 * (1 - p2)) / N)
    return p1 - p2 > Z * max(se, 1 / N)


@pytest.mark.parametrize("names", DEALS)
def test_expert_beats_basic_beats_random(names):
    rates = {p: win_rate(p, names) for p in ("random", "basic", "expert")}
    assert beats(rates["expert"], rates["basic"]), rates
    assert beats(rates["basic"], rates["random"]), rates


def test_beats_is_not_trivially_true():
    assert not beats(0.5, 0.45)  # 5 points at N = 150 is within noise
    assert beats(0.8, 0.4)
