"""The search player makes exactly the same decisions on the native core (a differential test).

Each game is played three ways: the Python engine with the Python search (the reference),
the Python engine with each decision's rollouts on the native core (as `play` does), and
the whole game on the native core (`core.play_search_games`, as the benchmarks do). The
event logs, every searched decision (the base's answer, the pick, the rollouts won per
option) and the final states must be equal; on a difference the test names the first
decision where the engines part.

Random deals with and without blue-seal contracts, every removal level and part-dealt
Time Piles of 1 to 20 cards, the search over the expert, basic and random teams, checking
draws, takes or both (the Python search is slow: 2 guesses per decision, and
COOP_HELPER_SEARCH_DIFF_GAMES games per player count, 50 by default), plus one game per
player count at the default 32 guesses and `play --policy search --json` on both engines.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import ok_json
from helpers.native import Case, python_state, random_case, short_case
from helpers.processes import cli_env
from typer.testing import CliRunner

from coop_helper.cli.app import app
from coop_helper.engine import EventLog, Game, GameConfig
from coop_helper.native import core, extension
from coop_helper.policies import make_policy
from coop_helper.policies.native_expert import native_constants
from coop_helper.policies.search import (
    DEFAULT_SAMPLES,
    SearchDecision,
    SearchPolicy,
    native_search,
)

pytestmark = pytest.mark.skipif(extension() is None, reason="the native core is not built")

GAMES = int(os.environ.get("COOP_HELPER_SEARCH_DIFF_GAMES", "50"))
SAMPLES = 2
MAX_TIME = 20
# the base re-made after a take override: the expert's takes are rarely overridden at 2
# guesses, a random team's often (and it keeps drawing from the re-made random source)
NAMES = ("search", "search", "search:basic", "search-draw", "search-take", "search:random")


def play_search(
    case: Case, name: str, samples: int, engine: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[SearchPolicy, Game, EventLog]:
    """One game on the Python engine; the search's rollouts on ``engine``."""
    monkeypatch.setenv("COOP_HELPER_ENGINE", engine)
    policy = make_policy(name)
    assert isinstance(policy, SearchPolicy)
    policy.samples = samples
    policy.record = []
    log = EventLog()
    config = GameConfig(
        case.contracts, case.players, case.time_pile, case.removed, case.seed, case.dealt_time
    )
    game = Game(config, policy, log=log)
    game.run()
    assert policy.native == (engine == "native")
    return policy, game, log


def parting(label: str, python: list[Any], native: list[Any]) -> str | None:
    """Where two lists of decisions (or events) first differ, in words; None if equal."""
    for i, (a, b) in enumerate(zip(python, native, strict=False)):
        if a != b:
            where = ""
            if isinstance(a, SearchDecision):
                where = f" (turn {a.turn}, player {a.player}, {a.kind})"
            return f"{label}: the engines part at decision {i}{where}: python {a}, native {b}"
    if len(python) != len(native):
        return f"{label}: python made {len(python)}, native {len(native)}"
    return None


def check_game(
    case: Case, name: str, samples: int, monkeypatch: pytest.MonkeyPatch
) -> list[SearchDecision]:
    """Play ``case`` the three ways; fail naming the first decision that differs."""
    python, python_game, python_log = play_search(case, name, samples, "python", monkeypatch)
    native, _, native_log = play_search(case, name, samples, "native", monkeypatch)
    assert python.record is not None and native.record is not None
    label = f"{name} on {case}"
    decided = parting(label, python.record, native.record)
    assert decided is None, decided
    events = parting(label + " event log", python_log.events, native_log.events)
    assert events is None, events
    search, _, base = name.partition(":")
    kinds = {"search": ("draw", "take"), "search-draw": ("draw",), "search-take": ("take",)}
    whole = core.play_search_games(
        case.contracts,
        case.players,
        case.time_pile,
        [case.seed],
        base or "expert",
        kinds[search],
        samples,
        search=native_search(),
        removed=case.removed,
        dealt_time=case.dealt_time,
        record=True,
        expert=native_constants(base or "expert", case.players),
    )[0]
    decisions = [SearchDecision(*d) for d in whole.pop("decisions")]
    whole_parting = parting(label + " (whole native game)", python.record, decisions)
    assert whole_parting is None, whole_parting
    assert whole.pop("searched") == (python.searched["draw"], python.searched["take"])
    assert whole.pop("overridden") == (python.overridden["draw"], python.overridden["take"])
    assert whole == python_state(python_game), label
    return python.record


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_search_games_are_the_same_on_both_engines(players, monkeypatch):
    rng = random.Random(29_000 + players)
    seen: dict[tuple[str, bool], int] = {}
    every = {("draw", False), ("draw", True), ("take", False), ("take", True)}
    # GAMES games, then on (up to twice as many) until both kinds were searched and both
    # overridden (the base re-made after a take override); checked on the full run (fewer
    # games, by hand, may not override a take)
    for i in range(2 * GAMES):
        if i >= GAMES and (GAMES < 50 or set(seen) == every):
            break
        case = short_case(rng, players, i, MAX_TIME)
        for d in check_game(case, NAMES[i % len(NAMES)], SAMPLES, monkeypatch):
            key = (d.kind, d.pick != d.base_choice)
            seen[key] = seen.get(key, 0) + 1
    if GAMES >= 50:
        assert set(seen) == every, seen


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_search_at_the_default_guesses_is_the_same_on_both_engines(players, monkeypatch):
    case = replace(
        random_case(random.Random(29_100 + players), players), removed=0, dealt_time=None
    )
    record = check_game(replace(case, time_pile=6), "search", DEFAULT_SAMPLES, monkeypatch)
    assert record


def test_play_prints_the_same_search_game_on_both_engines(monkeypatch):
    runner = CliRunner()
    args = ["play", "Fighter", "Jinx", "Explorer", "--time-pile", "8", "--seed", "3"]
    docs = []
    for engine in ("python", "native"):
        monkeypatch.setenv("COOP_HELPER_ENGINE", engine)
        docs.append(ok_json(runner.invoke(app, [*args, "--policy", "search", "--json"])))
    assert docs[0] == docs[1]
    assert any(e.get("kind") == "take" for e in docs[0]["events"] if e["event"] == "decision")


# ------------------------------------------------------------------------------ Ctrl-C

WHOLE_GAMES = """
import signal, sys
from coop_helper.native import core
from coop_helper.policies.native_expert import native_constants
from coop_helper.setup.deals import deal
from coop_helper.policies.search import native_search
signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a handler, run by the poll
expert = native_constants("expert", 5)
core.play_search_games(
    deal(5, 1), 5, 60, list(range(1_000)), "expert", ("draw", "take"), 64,
    search=native_search(), expert=expert,
)
"""


def _stops_within_a_second(tmp_path: Path, args: list[str], sent: int, code: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, *args],
        cwd=tmp_path,
        env=cli_env(tmp_path, COOP_HELPER_ENGINE="native"),
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # a run started in the background inherits SIGINT ignored: Python would keep that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        time.sleep(2.5)  # loaded and searching
        assert proc.poll() is None, proc.communicate()
        sent_at = time.monotonic()
        proc.send_signal(sent)
        _, err = proc.communicate(timeout=60)
        stopped = time.monotonic() - sent_at
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == code, err
    assert "Traceback" not in err or "KeyboardInterrupt" in err, err
    assert stopped < 1.0, f"stopped {stopped:.2f} s after the signal"


def test_ctrl_c_stops_a_native_search_game_within_a_second(tmp_path):
    """`play --policy search`: the Python engine plays, each decision's rollouts native.
    A seeded game of 100 turns (about 10 s here): with no seed, a game could end before
    the signal was sent."""
    args = ["-m", "coop_helper", "play", "--code", "PR1-14BPFF", "--time-pile", "128"]
    args += ["--seed", "3"]
    _stops_within_a_second(tmp_path, [*args, "--policy", "search"], signal.SIGINT, 130)


@pytest.mark.parametrize(("sent", "code"), [(signal.SIGINT, -signal.SIGINT), (signal.SIGTERM, 143)])
def test_a_signal_stops_whole_native_search_games_within_a_second(tmp_path, sent, code):
    """A batch of whole games in one crossing polls for signals while it searches."""
    _stops_within_a_second(tmp_path, ["-c", WHOLE_GAMES], sent, code)
