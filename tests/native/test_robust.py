"""Nothing the CLI accepts crashes the native core: hypothesis drives it over deals,
seeds, Time Piles, player counts, removals and part-dealt Time Piles, and it either plays
the game through (a consistent end) or refuses the input with a ValueError."""

from __future__ import annotations

import pytest
from helpers.native import expert_params
from hypothesis import given, settings
from hypothesis import strategies as st

from coop_helper.native import extension
from coop_helper.policies.expert_params import PARAMS
from coop_helper.policies.native_expert import native_expert
from coop_helper.policies.search import KINDS
from coop_helper.setup.catalog import load_catalog

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(extension() is None, reason="the native core is not built"),
]

CONTRACTS = load_catalog().contracts


@st.composite
def games(draw: st.DrawFn) -> tuple:
    players = draw(st.integers(1, 5))
    contracts = tuple(draw(st.lists(st.sampled_from(CONTRACTS), min_size=1, max_size=8)))
    time_pile = draw(st.integers(0, 144))
    removed = draw(st.integers(0, time_pile))
    dealt = draw(st.none() | st.integers(0, time_pile))
    seed = draw(st.integers(0, 2**128 - 1))
    policy = draw(st.sampled_from(["random", "basic", "expert"]))
    expert = native_expert(players, draw(expert_params())) if policy == "expert" else None
    return players, contracts, time_pile, removed, dealt, seed, policy, expert


@settings(max_examples=300, deadline=None)
@given(games())
def test_every_game_ends_consistently(game):
    from coop_helper.native.core import play_games

    players, contracts, time_pile, removed, dealt, seed, policy, expert = game
    try:
        [state] = play_games(contracts, players, time_pile, [seed], policy, removed, dealt, expert)
    except ValueError:
        assert dealt is not None and removed > 0  # the one combination GameConfig refuses too
        return
    _check_end(state)


def _check_end(state: dict) -> None:
    """A finished game's state is consistent: every card in exactly one place."""
    assert state["won"] == (not state["open"])
    cards = (
        state["harbour"]
        + state["expedition_row"]
        + state["discard"]
        + state["draw"]
        + state["time"]
        + state["victory"]
    )
    for player in state["players"]:
        cards += player["display"] + player["expeditions"] + player["aside"] + player["coin_cards"]
        assert player["coins"] == len(player["coin_cards"])
        assert len(player["contracts"]) + len(player["markers"]) <= 3
    assert sorted(cards) == list(range(len(cards)))  # every card in exactly one place
    assert state["harbour"] == []  # every turn ends with the harbour discarded


@settings(max_examples=200, deadline=None)
@given(games(), st.integers(0, 2**96 - 1), st.integers(0, 30))
def test_every_trace_is_played_through(game, run_seed, count):
    from coop_helper.native.core import play_traces

    players, contracts, time_pile, _, dealt, _, policy, expert = game
    traces = play_traces(
        contracts,
        players,
        min(time_pile, 60),
        run_seed,
        0,
        count,
        policy,
        dealt if dealt is None or dealt <= min(time_pile, 60) else None,
        expert,
    )
    assert len(traces) == count
    for finish, events, endings in traces:
        assert finish >= 0
        assert all(turn >= 1 for turn, _ in events) and all(turn >= 1 for turn, _ in endings)


@settings(max_examples=60, deadline=None)
@given(
    games(),
    st.sampled_from([("draw",), ("take",), ("draw", "take")]),
    st.integers(2, 3),
    st.booleans(),
)
def test_every_search_game_ends_consistently(game, kinds, samples, clairvoyant):
    """The search player and the clairvoyant bound, over any base, deal and seed (Time
    Piles up to 30 cards: a search game costs hundreds of games)."""
    from coop_helper.native.core import play_search_games
    from coop_helper.policies.search import native_search

    constants = native_search()
    players, contracts, time_pile, removed, dealt, seed, policy, expert = game
    time_pile = min(time_pile, 30)
    removed = min(removed, time_pile)
    dealt = None if dealt is None else min(dealt, time_pile)
    try:
        [state] = play_search_games(
            contracts, players, time_pile, [seed], policy, kinds, samples, search=constants,
            removed=removed, dealt_time=dealt, clairvoyant=clairvoyant, record=True,
            expert=expert,
        )  # fmt: skip
    except ValueError:
        assert dealt is not None and removed > 0
        return
    _check_end(state)
    assert sum(state["searched"]) == len(state["decisions"])
    assert all(d[0] in kinds and d[4] in d[5] for d in state["decisions"])


def test_bad_search_input_is_refused_not_a_crash():
    import random

    from coop_helper.engine import Game, GameConfig
    from coop_helper.native.core import play_search_games, search_rollouts
    from coop_helper.policies.basic import BasicPolicy
    from coop_helper.policies.search import native_search

    constants = native_search()

    with pytest.raises(ValueError):
        play_search_games(CONTRACTS[:2], 2, 10, [1], "no-such-policy", KINDS, 2, search=constants)
    expert = native_expert(2, PARAMS[2])
    with pytest.raises(ValueError):
        play_search_games(
            CONTRACTS[:2], 2, 10, [1], "expert", KINDS, 1, search=constants, expert=expert
        )
    with pytest.raises(ValueError):
        play_search_games(
            CONTRACTS[:2], 2, 10, [1], "expert", ("repel",), 2, search=constants, expert=expert
        )
    with pytest.raises(ValueError, match="make_search"):
        play_search_games(CONTRACTS[:2], 2, 10, [1], "expert", KINDS, 2, search=None, expert=expert)
    core = extension()
    with pytest.raises(ValueError, match="missing: seed_salt"):
        core.make_search({"significance": 2.0})
    with pytest.raises(ValueError, match="no constant"):
        core.make_search({"significance": 2.0, "seed_salt": 1, "samples": 3})
    game = Game(GameConfig(CONTRACTS[:2], 2, 10, 0, 1), BasicPolicy())
    rng = random.Random(1)
    with pytest.raises(ValueError):
        search_rollouts(game.table, rng, "expert", 2, "draw", [], expert=expert)
    with pytest.raises(ValueError):
        search_rollouts(
            game.table, rng, "expert", 2, "draw", [True, False], player=7, expert=expert
        )
    with pytest.raises(ValueError):
        search_rollouts(game.table, rng, "expert", 2, "take", [200], takes_left=1, expert=expert)


def test_bad_input_is_refused_not_a_crash():
    from coop_helper.native.core import native_deck, play_games

    core = extension()
    expert = native_expert(2, PARAMS[2])
    with pytest.raises(ValueError):
        play_games(CONTRACTS[:2], 2, 10, [1], "no-such-policy")
    with pytest.raises(ValueError):
        play_games(CONTRACTS[:2], 2, 10, [1], "expert", removed=11, expert=expert)
    with pytest.raises(ValueError):
        play_games(CONTRACTS[:2], 2, 200, [1], "expert", expert=expert)
    with pytest.raises(ValueError, match="needs its constants"):
        play_games(CONTRACTS[:2], 2, 10, [1], "expert")
    with pytest.raises(ValueError):
        core.play_games(
            native_deck(3),
            core.make_contracts([("lady_killer", None, 0)]),
            2,
            5,
            0,
            -1,
            [(1, 0)],
            "basic",
        )
    with pytest.raises(ValueError):
        core.make_contracts([("no_such_contract", None, 0)])
