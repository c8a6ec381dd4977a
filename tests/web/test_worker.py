"""The page's simulation process: runs come back whole, and the server's end kills it at
once, whatever it is doing (starting, playing, or with runs waiting)."""

from __future__ import annotations

import threading
import time

import pytest

from coop_helper.game_setup import find_deal
from coop_helper.sim.odds import odds_settings
from coop_helper.web.runs import Run, Stopped
from coop_helper.web.worker import Simulator

SOLO = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]


def _args(games: int) -> dict:
    found = find_deal(names=SOLO)
    settings = odds_settings(games=games, seed=7)
    return {
        "players": found.players,
        "contracts": found.contracts,
        "pile": found.pile,
        "settings": settings,
    }


def test_a_run_comes_back_with_its_batches():
    simulator = Simulator()
    try:
        batches: list[dict] = []
        result = simulator.run(_args(400), Run(stoppable=False), batches.append)
        assert result.games == 400
        assert batches and batches[-1]["games"] == 400
        # the same process plays the next run, and only that run's batches arrive
        again: list[dict] = []
        assert simulator.run(_args(200), Run(stoppable=False), again.append).games == 200
        assert again[-1]["games"] == 200
    finally:
        simulator.close()


@pytest.mark.parametrize("started", [False, True], ids=["while-starting", "while-playing"])
def test_closing_stops_every_run_and_kills_the_process(started):
    """The defect: at the server's end it waited for a process still loading its
    modules under load, then for the run handed to it (over 20 s in CI)."""
    simulator = Simulator()
    if started:  # a first run, so the process is up and the long one is being played
        simulator.run(_args(50), Run(stoppable=False), lambda batch: None)
    outcomes: list[object] = []

    def play() -> None:
        try:  # 100,000 games: about 40 s if nothing stopped it
            outcomes.append(simulator.run(_args(100_000), Run(stoppable=False), lambda b: None))
        except Stopped:
            outcomes.append(Stopped)

    thread = threading.Thread(target=play)
    thread.start()
    process = None
    while process is None:  # the run has been handed over
        time.sleep(0.01)
        process = simulator._process
    simulator.close()
    thread.join(timeout=10)
    assert not thread.is_alive() and outcomes == [Stopped]
    process.join(timeout=10)
    assert not process.is_alive()
    with pytest.raises(Stopped):  # no run starts once the server is ending
        simulator.run(_args(50), Run(stoppable=False), lambda batch: None)


def test_runs_asked_for_at_once_each_get_their_own_result():
    """Two servers' runs in one process (as the tests' apps share it) wait for each other
    instead of reading each other's messages."""
    simulator = Simulator()
    got: dict[int, int] = {}

    def play(games: int) -> None:
        got[games] = simulator.run(_args(games), Run(stoppable=False), lambda b: None).games

    try:
        threads = [threading.Thread(target=play, args=(games,)) for games in (200, 400, 600)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert got == {200: 200, 400: 400, 600: 600}
    finally:
        simulator.close()
