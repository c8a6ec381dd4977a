"""The expert's constants cross to the native core as data, and any of them play alike.

The native expert types no constant: Python hands over `ExpertParams` and the constants
of expert.py, planning.py and last_turn.py (`policies.native_expert`). Constants drawn
by hypothesis from each field's range (`expert_params.RANGES`), not only the shipped ones,
play the same whole games and the same odds-runner traces on both engines.
tests/test_native_policies.py checks the same, question by question.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from helpers.native import Case, expert_params, play_python, random_case
from hypothesis import given, settings
from hypothesis import strategies as st

from coop_helper.native import extension
from coop_helper.policies.expert_params import PARAMS, ExpertParams
from coop_helper.policies.native_expert import expert_constants, native_expert
from coop_helper.setup.catalog import load_catalog
from coop_helper.sim.traces import game_seed, play_trace

pytestmark = pytest.mark.skipif(extension() is None, reason="the native core is not built")

CASES = 6  # games per drawn set of constants


def assert_traces_alike(case: Case, seed: int, native: object, params: ExpertParams) -> None:
    """CASES odds-runner traces of ``case`` from ``seed``: the native core's with
    ``native`` (make_expert's) equal the Python engine's with ``params``."""
    from coop_helper.native.core import play_traces

    players = case.players
    ours = play_traces(
        case.contracts, players, case.time_pile, seed, 0, CASES, "expert", expert=native
    )
    for i, got in enumerate(ours):
        trace = play_trace(
            case.contracts, players, case.time_pile, game_seed(seed, i), "expert",
            params={players: params},
        )  # fmt: skip
        assert got == (trace.finish_turn, trace.events, trace.endings), (params, case, i)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(params=expert_params(), players=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_any_constants_play_the_python_engines_games(
    params: ExpertParams, players: int, seed: int
) -> None:
    from coop_helper.native.core import play_games

    rng = random.Random(seed)
    for i in range(CASES):
        case = random_case(rng, players, blue=i % 2 == 0)
        [ours] = play_games(
            case.contracts,
            players,
            case.time_pile,
            [case.seed],
            "expert",
            case.removed,
            case.dealt_time,
            native_expert(players, params),
        )
        assert ours == play_python(case, "expert", {players: params}), (params, case)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(params=expert_params(), players=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_any_constants_give_the_odds_runners_traces(
    params: ExpertParams, players: int, seed: int
) -> None:
    """The Tax Increase thresholds (TURNS_PER_CONTRACT, VICTORY_MARGIN) and the last-turn
    branches (OPEN_MAX, SHORT_MAX) come from Python too."""
    case = random_case(random.Random(seed), players)
    assert_traces_alike(case, seed, native_expert(players, params), params)


def test_a_changed_constant_changes_the_native_games() -> None:
    """The constants are used, not only carried: a bolder expert plays other games."""
    from coop_helper.native.core import play_games

    rng = random.Random(5)
    cases = [random_case(rng, 2) for _ in range(30)]
    bold = dataclasses.replace(PARAMS[2], draw_boldness=3.0, safe_bust=0.3)

    def states(params: ExpertParams) -> list[object]:
        return [
            play_games(
                c.contracts,
                2,
                c.time_pile,
                [c.seed],
                "expert",
                c.removed,
                c.dealt_time,
                native_expert(2, params),
            )[0]
            for c in cases
        ]

    assert states(bold) != states(PARAMS[2])


def test_constants_missing_or_unknown_are_refused() -> None:
    from coop_helper.native.core import make_expert

    constants = expert_constants(3, PARAMS[3])
    make_expert(constants)  # the whole set is taken
    names = ("horizon", "open_max", "income_per_turn", "take_weights", "draw_weights")
    for name in (*names, "draw_boldness", "draw_model"):
        with pytest.raises(ValueError, match=name):
            make_expert({k: v for k, v in constants.items() if k != name})
    with pytest.raises(ValueError, match="no constant"):
        make_expert({**constants, "no_such_constant": 1.0})
    with pytest.raises(ValueError, match="whole number"):
        make_expert({**constants, "pack_swords": 4.5})
    with pytest.raises(ValueError, match="max_swords"):
        make_expert({**constants, "max_swords": 99})
    lists = {"income_per_turn": "per ability", "take_weights": "take", "draw_weights": "draw"}
    for name, what in lists.items():
        for wrong in (constants[name][:-1], [*constants[name], 0.0]):
            with pytest.raises(ValueError, match=f"{name} needs one .* {what}"):
                make_expert({**constants, name: wrong})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pack_of_pirates_by_the_clock_plays_alike(players: int) -> None:
    """`pack_clock` hands Pack of Pirates to the seat of the last turn on both engines, at
    every Time Pile length (each length a seat of its own), Tax Increase moves included."""
    from coop_helper.native.core import play_games

    rng = random.Random(players)
    params = dataclasses.replace(PARAMS[players], pack_clock=True)
    pack = next(c for c in load_catalog().contracts if c.key == "pack_of_pirates")
    completers = set()
    for _ in range(12):
        case = random_case(rng, players, blue=False)
        if pack not in case.contracts:
            case = dataclasses.replace(case, contracts=(pack, *case.contracts[1:]))
        for pile in range(14, 14 + players):
            case = dataclasses.replace(case, time_pile=pile, removed=0, dealt_time=None)
            [ours] = play_games(
                case.contracts,
                players,
                pile,
                [case.seed],
                "expert",
                0,
                None,
                native_expert(players, params),
            )
            python = play_python(case, "expert", {players: params})
            assert ours == python, (case, pile)
            completers.update(python["completers"].get("pack_of_pirates", []))
    assert len(completers) > 1  # the contract went to more than one seat


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_stopping_where_stopping_wins_plays_alike(players: int) -> None:
    """`stop_wins` on both engines: the same whole games and the same odds-runner traces,
    and games other than without it (the check is used, not only carried)."""
    from coop_helper.native.core import play_games

    rng = random.Random(40 + players)
    on = dataclasses.replace(PARAMS[players], stop_wins=True)
    off = dataclasses.replace(PARAMS[players], stop_wins=False)
    changed = 0
    for _ in range(25):
        case = random_case(rng, players, blue=False)
        args = (case.contracts, players, case.time_pile, [case.seed], "expert", case.removed)
        [ours] = play_games(*args, case.dealt_time, native_expert(players, on))
        assert ours == play_python(case, "expert", {players: on}), case
        [plain] = play_games(*args, case.dealt_time, native_expert(players, off))
        changed += ours != plain
    assert changed > 0
    assert_traces_alike(random_case(rng, players, blue=False), 7, native_expert(players, on), on)


@pytest.mark.parametrize(
    ("model", "players"),
    [
        ("take", 1),
        ("take", 2),
        ("take", 3),
        ("take", 4),
        ("take", 5),
        ("draw", 1),
        ("draw", 2),
        ("draw", 5),
    ],
)
def test_the_learned_corrections_play_alike(
    model: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`take_model` and `draw_model` on both engines, with weights drawn for every feature:
    the same whole games and odds-runner traces, and games other than without it."""
    from coop_helper.native.core import make_expert, play_games
    from coop_helper.policies import draw_model, take_model
    from coop_helper.policies import expert as python_expert

    module, names = {
        "take": (take_model, take_model.TAKE_FEATURES),
        "draw": (draw_model, draw_model.DRAW_FEATURES),
    }[model]
    rng = random.Random(f"{model}-{players}")
    weights = tuple(rng.uniform(-1.0, 1.0) for _ in names)
    monkeypatch.setattr(module, f"{model}_weights", lambda _players: weights)
    monkeypatch.setattr(python_expert, f"{model}_weights", lambda _players: weights)
    on = dataclasses.replace(PARAMS[players], **{f"{model}_model": 1.3 if model == "take" else 0.9})
    off = dataclasses.replace(PARAMS[players], **{f"{model}_model": 0.0})
    native_on = make_expert(expert_constants(players, on))
    native_off = make_expert(expert_constants(players, off))
    changed = 0
    for _ in range(20):
        case = random_case(rng, players, blue=False)
        args = (case.contracts, players, case.time_pile, [case.seed], "expert", case.removed)
        [ours] = play_games(*args, case.dealt_time, native_on)
        assert ours == play_python(case, "expert", {players: on}), case
        [plain] = play_games(*args, case.dealt_time, native_off)
        changed += ours != plain
    assert changed > 0
    assert_traces_alike(random_case(rng, players, blue=False), 9, native_on, on)


def test_the_native_take_features_are_pythons_in_order() -> None:
    """The C++ list of take features (which sizes the weights) names Python's, in order."""
    import re
    from pathlib import Path

    from coop_helper.policies.take_model import TAKE_FEATURES
    from coop_helper.setup.catalog import ABILITIES

    header = Path(__file__).resolve().parents[2] / (
        "coop_helper/native/src/policies/expert_params.hpp"
    )
    block = re.search(r"TAKE_BASE_FEATURES\[\] = \{(.*?)\};", header.read_text(), re.S)
    assert block is not None
    names = re.findall(r'"(\w+)"', block.group(1))
    assert [*names, *(f"person_{a}" for a in ABILITIES)] == list(TAKE_FEATURES)


def test_the_native_draw_features_are_pythons_in_order() -> None:
    """The C++ list of draw features (which sizes the weights) names Python's, in order."""
    import re
    from pathlib import Path

    from coop_helper.policies.draw_model import DRAW_FEATURES

    header = Path(__file__).resolve().parents[2] / (
        "coop_helper/native/src/policies/expert_params.hpp"
    )
    block = re.search(r"DRAW_FEATURES\[\] = \{(.*?)\};", header.read_text(), re.S)
    assert block is not None
    assert re.findall(r'"(\w+)"', block.group(1)) == list(DRAW_FEATURES)
