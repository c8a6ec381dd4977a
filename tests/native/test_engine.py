"""The native core plays exactly the Python engine's games (a differential test).

The random numbers first (Mersenne Twister, the blake2b stream seeds), then whole games
(`Game.run`: every removal level, part-dealt Time Piles) and the odds runner's traces
(the Tax Increase thresholds and the last-turn branches) for every policy the native core
plays, on random deals with and without blue-seal contracts and Time Piles of 1 to 60.
"""

from __future__ import annotations

import os
import random

import pytest
from helpers.native import play_python, random_case, where_they_part

from coop_helper.native import extension
from coop_helper.policies import make_policy
from coop_helper.policies.native_expert import native_constants
from coop_helper.sim.traces import game_seed, play_trace

pytestmark = pytest.mark.slow  # the default run and CI run it; -m 'not slow' leaves it out

native = pytest.mark.skipif(extension() is None, reason="the native core is not built")


def test_ci_builds_the_native_core():
    """CI installs with a compiler: there the native core must be built, so that the
    native tests below run rather than skip."""
    if os.environ.get("CI", "").lower() not in ("1", "true", "yes"):
        pytest.skip("not in CI")
    assert extension() is not None, "the native core was not built by the install"


def _words(n: int) -> list[int]:
    words = []
    while n:
        words.append(n & 0xFFFFFFFF)
        n >>= 32
    return words


SEEDS = [0, 1, 2, 12345, 2**32 - 1, 2**32, 2**32 + 1, 2**64 - 1, 2**64, 2**127 + 3, 7**50]


@native
@pytest.mark.parametrize("seed", SEEDS)
def test_mersenne_twister_is_pythons(seed):
    ours = extension().Rng(_words(seed))
    theirs = random.Random(seed)
    assert [ours.random() for _ in range(1500)] == [theirs.random() for _ in range(1500)]
    bits = [1, 2, 5, 31, 32, 33, 48, 63, 64]
    assert [ours.getrandbits(k) for k in bits * 20] == [theirs.getrandbits(k) for k in bits * 20]
    bounds = [1, 2, 3, 7, 64, 100, 143, 2**33 + 1, 2**63 + 5]
    assert [ours.randbelow(n) for n in bounds * 20] == [theirs._randbelow(n) for n in bounds * 20]
    items = list(range(60))
    shuffled = list(items)
    theirs.shuffle(shuffled)
    assert ours.shuffle(items) == shuffled
    assert [ours.choice_index(n) for n in (1, 5, 9) * 10] == [
        theirs.randrange(n) for n in (1, 5, 9) * 10
    ]


@native
def test_a_copied_generator_goes_on_alike():
    ours = extension().Rng(_words(99))
    ours.random()
    copy = ours.copy()
    assert [ours.random() for _ in range(700)] == [copy.random() for _ in range(700)]


DRAWN = [0, 1, 2, 5, 226, 227, 228, 396, 397, 398, 623, 624, 625, 1000, 1248, 1249]


@native
@pytest.mark.parametrize("drawn", DRAWN)
def test_the_state_is_pythons_after_any_number_of_draws(drawn):
    """The generator twists each round word by word as it draws; its state, a copy of it,
    a round twisted ahead of time and a state handed over from Python all go on as
    CPython's would, whatever the position in the round."""
    ours = extension().Rng(_words(2026))
    theirs = random.Random(2026)
    assert [ours.getrandbits(32) for _ in range(drawn)] == [
        theirs.getrandbits(32) for _ in range(drawn)
    ]
    assert ours.state() == theirs.getstate()[1]
    ahead = ours.copy()
    ahead.twist_ahead()
    handed = extension().Rng(_words(1))
    handed.set_state(list(theirs.getstate()[1]))
    expected = [theirs.getrandbits(32) for _ in range(700)]
    for generator in (ours, ahead, handed):
        assert [generator.getrandbits(32) for _ in range(700)] == expected
    assert ours.state() == ahead.state() == handed.state() == theirs.getstate()[1]


@native
def test_stream_seeds_are_the_python_engines():
    from coop_helper.engine.seeds import stream_seed
    from coop_helper.native.core import stream_seed_native

    rng = random.Random(3)
    seeds = [0, 1, 9, 10, 2**64 - 1, 2**64, 2**96 - 1] + [rng.getrandbits(90) for _ in range(300)]
    for seed in seeds:
        for stream in ("deck", "policy"):
            assert stream_seed_native(seed, stream) == stream_seed(seed, stream), (seed, stream)


GAMES = int(os.environ.get("COOP_HELPER_DIFF_GAMES", "400"))  # per policy and player count


@native
@pytest.mark.parametrize("policy", ["random", "basic", "expert"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_whole_games_are_the_python_engines(policy, players):
    """Game.run on both engines ends in the same state: every pile in the same order, the
    same coins, displays, contracts and card count."""
    from coop_helper.native.core import play_games

    rng = random.Random(f"games-{policy}-{players}")
    for i in range(GAMES):
        case = random_case(rng, players, blue=(True, False, None)[i % 3])
        [ours] = play_games(
            case.contracts,
            players,
            case.time_pile,
            [case.seed],
            policy,
            case.removed,
            case.dealt_time,
            native_constants(policy, players),
        )
        if ours != play_python(case, policy):
            pytest.fail(f"{case}\n{where_they_part(case, policy)}")


TRACED_DEALS = 40  # per player count
TRACED_GAMES = 50  # per deal: 2,000 games per player count


@native
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_expert_traces_are_the_odds_runners(players):
    """The odds runner's traces, game by game, for 2,000 expert games per player count:
    the Tax Increase thresholds, the turn of the win and every last-turn branch."""
    from coop_helper.native.core import play_traces

    rng = random.Random(f"traces-{players}")
    branches = 0
    for deal in range(TRACED_DEALS):
        case = random_case(rng, players, blue=deal % 2 == 0)
        run_seed = rng.getrandbits(40)
        ours = play_traces(
            case.contracts,
            players,
            case.time_pile,
            run_seed,
            0,
            TRACED_GAMES,
            "expert",
            expert=native_constants("expert", players),
        )
        for i, got in enumerate(ours):
            trace = play_trace(
                case.contracts, players, case.time_pile, game_seed(run_seed, i), "expert"
            )
            assert got == (trace.finish_turn, trace.events, trace.endings), (case, run_seed, i)
            branches += len(trace.endings)
    assert branches > 0  # the last-turn branches were exercised


@native
@pytest.mark.parametrize("policy", ["random", "basic"])
def test_simple_policies_traces_are_the_odds_runners(policy):
    from coop_helper.native.core import play_traces

    rng = random.Random(f"traces-{policy}")
    for players in range(1, 6):
        case = random_case(rng, players)
        ours = play_traces(case.contracts, players, case.time_pile, 77, 0, 60, policy)
        for i, got in enumerate(ours):
            trace = play_trace(case.contracts, players, case.time_pile, game_seed(77, i), policy)
            assert got == (trace.finish_turn, trace.events, trace.endings), (case, i)


@native
@pytest.mark.parametrize("players", [1, 3, 5])
def test_every_turn_ends_in_the_python_engines_state(players):
    """The state after each turn, not only the last: the turn-by-turn comparison that
    names where the engines part (`where_they_part`) lines up turn for turn."""
    from helpers.native import python_turn_states

    from coop_helper.native.core import play_game_turns

    rng = random.Random(f"turns-{players}")
    turns = 0
    for _ in range(5):
        case = random_case(rng, players)
        ours = play_game_turns(
            case.contracts,
            players,
            case.time_pile,
            case.seed,
            "expert",
            case.removed,
            case.dealt_time,
            native_constants("expert", players),
        )
        theirs = python_turn_states(case, "expert")[0]
        assert ours == theirs, case
        turns += len(ours)
    assert turns > 20  # (a deal whose Time Pile is all removed plays no turn)


@native
def test_a_parting_is_named_by_its_turn_and_the_turns_events(monkeypatch):
    """Where the engines part, the failure names the turn, what differs after it, and the
    Python engine's moves and decisions of that turn: here the Python side plays another
    team than the native one, so they part at the first decision that differs."""
    import helpers.native

    case = random_case(random.Random("parting"), 2)
    monkeypatch.setattr(helpers.native, "make_policy", lambda name: make_policy("basic"))
    said = helpers.native.where_they_part(case, "random")
    assert said.startswith("the engines part in turn ")
    assert "'event': 'decision'" in said and "'event': 'move'" in said
