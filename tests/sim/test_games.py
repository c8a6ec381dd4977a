"""`sim.games`: the benchmarks' games on either engine give the same results."""

from __future__ import annotations

import dataclasses
import random

import pytest
from helpers.native import random_case

from coop_helper.errors import UserError
from coop_helper.native import extension
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import PARAMS
from coop_helper.sim import games

native = pytest.mark.skipif(extension() is None, reason="the native core is not built")
BOLD = {n: dataclasses.replace(p, draw_boldness=2.0, sticky=0.0) for n, p in PARAMS.items()}


@native
@pytest.mark.parametrize(
    ("policy", "params"),
    [("expert", None), ("expert", BOLD), (games.TIME_BLIND, BOLD), ("basic", None)],
)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_both_engines_play_the_same_games(policy, params, players):
    rng = random.Random(f"sim-games-{policy}-{players}")
    for _ in range(3):
        case = random_case(rng, players)
        seeds = [rng.getrandbits(48) for _ in range(4)]
        request = (case.contracts, players, case.time_pile, seeds, policy)
        ours = games.play_games(*request, removed=case.removed, params=params, engine="native")
        theirs = games.play_games(*request, removed=case.removed, params=params, engine="python")
        assert ours == theirs, case
        assert all(set(r.completers) == {c.key for c in case.contracts} for r in ours)


@native
@pytest.mark.parametrize("policy", ["expert", games.TIME_BLIND])
def test_both_engines_give_the_same_traces(policy):
    rng = random.Random(f"sim-traces-{policy}")
    for players in (1, 2, 5):
        case = random_case(rng, players)
        request = (case.contracts, players, case.time_pile, 99, range(3, 9), policy)
        ours = games.play_traces(*request, params=BOLD, engine="native")
        assert ours == games.play_traces(*request, params=BOLD, engine="python")


@native
@pytest.mark.parametrize(
    ("policy", "params"), [("search", None), ("search-take:basic", None), ("search-draw", BOLD)]
)
@pytest.mark.parametrize("players", [1, 2, 4])
def test_both_engines_play_the_same_search_games(policy, params, players):
    """A search player named in `play_games` (as the ladder and search_gain name it) plays
    whole games natively, with the Python search's results and decision counts."""
    rng = random.Random(f"sim-search-{policy}-{players}")
    case = random_case(rng, players)
    seeds = [rng.getrandbits(48) for _ in range(2)]
    kinds, base = games.search_parts(policy)
    request = (case.contracts, players, min(case.time_pile, 12), seeds, base, kinds, 3)
    ours = games.play_search_games(*request, removed=0, params=params, engine="native")
    theirs = games.play_search_games(*request, removed=0, params=params, engine="python")
    assert ours == theirs, case
    assert sum(sum(g.searched.values()) for g in ours) > 0
    named = games.play_games(*request[:4], policy, params=params, engine="native", samples=3)
    assert named == [g.result for g in ours]


def test_which_engine_plays_what():
    assert games.engine_for("expert", "python") == "python"
    assert games.engine_for("search", "python") == "python"
    assert games.engine_for(ExpertPolicy, "native") == "python"  # a factory: Python only
    assert games.search_parts("search-take:basic") == (("take",), "basic")
    assert games.search_parts("search") == (("draw", "take"), "expert")
    assert games.search_parts("expert") is None
    assert games.search_parts("search:nobody") is None
    if extension() is not None:
        assert games.engine_for("expert", "native") == "native"
        assert games.engine_for(games.TIME_BLIND, "native") == "native"
        assert games.engine_for("search", "native") == "native"
        assert games.engine_for("search-draw:random", "native") == "native"


def test_an_unknown_engine_is_a_clear_error():
    with pytest.raises(UserError, match="python or native"):
        games.check_engine("gpu")
