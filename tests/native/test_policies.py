"""The native policies answer every question as the Python policies do.

Python games (the Python engine playing a Python policy) are recorded question by
question, with the public table before each question and the Python answer
(`native_probe`); the C++ probe (`tests/native/policy_probe.cpp`, built here
with g++) asks its own policy the same questions in the same order and lists every answer
that differs. The expert's last-turn play-throughs are replayed too: the questions the
Python clone was asked go to the C++ clone; and so are the odds runner's branches (the
games played as `sim.traces` plays them, each branch by a copy of the policy).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.native import expert_params
from hypothesis import given, settings
from hypothesis import strategies as st

from coop_helper.policies.expert_params import ExpertParams

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "coop_helper" / "native" / "src"
# The probe links every source of the extension but its Python bindings; its own
# left_open_on_stopping replaces the engine's (weak) one.
PROBE = Path(__file__).resolve().parent / "policy_probe.cpp"
SOURCES = [p for p in sorted(SRC.rglob("*.cpp")) if p.name != "bindings.cpp"]
GAMES = {"expert": 40, "expert-plain": 15, "basic": 15, "random": 15}  # per player count

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")]


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The probe, compiled as the extension is (no fused multiply-add, no fast-math)."""
    out = tmp_path_factory.mktemp("probe") / "policy_probe"
    flags = ["-std=c++17", "-O1", "-ffp-contract=off", "-fno-fast-math"]
    subprocess.run(
        ["g++", *flags, f"-I{SRC}", str(PROBE), *map(str, SOURCES), "-o", str(out)], check=True
    )
    return out


def _run(
    probe: Path,
    policy: str,
    players: int,
    games: int,
    seed: int,
    max_time: int = 60,
    params: ExpertParams | None = None,
) -> str:
    script = (
        "import sys; sys.path.insert(1, sys.argv[1]); from helpers import native_probe; "
        "native_probe.main(sys.argv[2:])"
    )
    env = {**os.environ, "COOP_HELPER_ENGINE": "python"}
    args = [str(ROOT / "tests"), policy, str(players), str(games), str(seed), str(max_time)]
    if params is not None:
        args.append(json.dumps(dataclasses.asdict(params)))
    recorder = subprocess.Popen(
        [sys.executable, "-c", script, *args], stdout=subprocess.PIPE, env=env, cwd=ROOT
    )
    checked = subprocess.run(
        [str(probe)], stdin=recorder.stdout, capture_output=True, text=True, check=False
    )
    assert recorder.wait() == 0
    return checked.stdout


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("policy", list(GAMES))
def test_same_answers(probe: Path, policy: str, players: int) -> None:
    out = _run(probe, policy, players, GAMES[policy], seed=players)
    summary = out.splitlines()[-1].split()
    assert summary[0] == "summary", out
    games, questions, _, _, mismatches = map(int, summary[1:])
    assert games == GAMES[policy]
    assert questions > 20 * games  # every game asks many questions
    assert mismatches == 0, out


def test_same_answers_in_long_games(probe: Path) -> None:
    """Time Piles up to 144 cards: reshuffled draw piles, card counts from the discard."""
    out = _run(probe, "expert", 3, 25, seed=11, max_time=144)
    *_, mismatches = map(int, out.splitlines()[-1].split()[1:])
    assert mismatches == 0, out


@pytest.mark.parametrize(
    ("policy", "players"), [("expert", 1), ("expert", 2), ("expert", 5), ("random", 3)]
)
def test_same_answers_as_the_odds_runner_plays(probe: Path, policy: str, players: int) -> None:
    """The games as the odds runner plays them: the Victory Pile thresholds asked at each
    Tax Increase, and the expert's last-turn branches, each played by a copy of the policy
    made at the stop (its questions go to the C++ copy made at the same point)."""
    out = _run(probe, policy, players, 30, seed=13, max_time=-1)
    *_, play_through, branch, mismatches = map(int, out.splitlines()[-1].split()[1:])
    if policy == "expert":
        assert play_through > 0 and branch > 0
    assert mismatches == 0, out


def test_same_play_throughs(probe: Path) -> None:
    """Enough 2-player games that the last-turn rule plays turns through (about one game
    in seven): the C++ clone answers the Python clone's questions."""
    out = _run(probe, "expert", 2, 150, seed=7)
    *_, play_through, _, mismatches = map(int, out.splitlines()[-1].split()[1:])
    assert play_through > 20
    assert mismatches == 0, out


@settings(max_examples=6, deadline=None, derandomize=True)
@given(params=expert_params(), players=st.integers(1, 5), time_mode=st.sampled_from([60, -1]))
def test_same_answers_with_any_constants(
    probe: Path, params: ExpertParams, players: int, time_mode: int
) -> None:
    """Constants drawn from each field's range, not only the shipped ones: the C++ expert
    takes them from Python and answers every question (last-turn play-throughs and the
    odds runner's branches too) as the Python expert does."""
    out = _run(probe, "expert", players, 12, seed=17, max_time=time_mode, params=params)
    summary = out.splitlines()[-1].split()
    assert summary[0] == "summary", out
    games, questions, *_, mismatches = map(int, summary[1:])
    assert games == 12 and questions > 20 * games
    assert mismatches == 0, (params, out)
