"""One switch, COOP_HELPER_ENGINE: the native core where it is built, the Python engine on
request, the same odds either way; `--version` says which engine plays."""

from __future__ import annotations

import random

import pytest

from coop_helper.atlas.work import deal_wins
from coop_helper.native import extension, native_in_use
from coop_helper.setup.catalog import load_catalog
from coop_helper.sim.levels import WinsByBudget, summarise
from coop_helper.sim.pool import OddsRequest, simulate
from coop_helper.sim.traces import Trace

native = pytest.mark.skipif(extension() is None, reason="the native core is not built")


def test_version_names_the_python_engine_on_request(run, monkeypatch):
    monkeypatch.setenv("COOP_HELPER_ENGINE", "python")
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == "engine: python (COOP_HELPER_ENGINE=python)"
    assert not native_in_use()


@native
def test_version_names_the_native_engine_by_default(run, monkeypatch):
    monkeypatch.delenv("COOP_HELPER_ENGINE", raising=False)
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == "engine: native (C++)"
    assert native_in_use()


def test_an_unknown_engine_is_one_error_line(run, monkeypatch):
    monkeypatch.setenv("COOP_HELPER_ENGINE", "fast")
    result = run("--version")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: COOP_HELPER_ENGINE='fast' is not an engine: set it to python or native, "
        "or unset it."
    ]


def _deal(players: int, seed: str) -> tuple:
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    return tuple(random.Random(seed).sample(known, catalog.contracts_by_players[players]))


def _odds(monkeypatch, engine: str, request: OddsRequest) -> tuple:
    monkeypatch.setenv("COOP_HELPER_ENGINE", engine)
    traces = simulate(request)
    return tuple(traces), summarise(traces, request.max_turns, request.max_turns)


@native
@pytest.mark.parametrize("players", [1, 2, 5])
def test_the_odds_are_the_same_on_both_engines(monkeypatch, players):
    request = OddsRequest(_deal(players, f"switch-{players}"), players, 17, 300, 5, "expert")
    assert _odds(monkeypatch, "native", request) == _odds(monkeypatch, "python", request)


@native
def test_workers_do_not_change_the_native_odds(monkeypatch):
    deal = _deal(2, "switch-workers")
    one = _odds(monkeypatch, "native", OddsRequest(deal, 2, 16, 400, 9, "expert", 1))
    two = _odds(monkeypatch, "native", OddsRequest(deal, 2, 16, 400, 9, "expert", 2))
    assert one == two


@native
def test_an_atlas_deal_is_the_same_on_both_engines(monkeypatch):
    monkeypatch.setenv("COOP_HELPER_ENGINE", "native")
    ours = deal_wins(2, 123, 120, 30, 4, "expert")
    monkeypatch.setenv("COOP_HELPER_ENGINE", "python")
    assert ours == deal_wins(2, 123, 120, 30, 4, "expert")


def _tally(monkeypatch, engine: str, traces: list, top: int) -> tuple:
    monkeypatch.setenv("COOP_HELPER_ENGINE", engine)
    tally = WinsByBudget(top)
    for at in range(0, len(traces), 37):  # in batches, as the odds count them
        tally.add(traces[at : at + 37])
    return tally.games, tally.wins, [list(m.items()) for m in tally.moves]


@native
def test_the_native_tally_counts_as_the_python_one(monkeypatch):
    """The same wins and moves per budget, the moves in the same order (the rank
    chances are summed in that order), for real traces and for made-up ones."""
    monkeypatch.setenv("COOP_HELPER_ENGINE", "native")
    deal = _deal(2, "tally")
    traces = simulate(OddsRequest(deal, 2, 20, 400, 2, "expert"))
    rng = random.Random(11)
    for _ in range(400):
        finish = rng.choice([0, rng.randint(1, 25)])
        turns = sorted(rng.randint(1, 25) for _ in range(rng.randint(0, 6)))
        events = tuple((t, rng.choice([0, 1, 3, 7, 10**9])) for t in turns)
        endings = tuple(
            (t, rng.random() < 0.5)
            for t in sorted({rng.randint(1, 25) for _ in range(rng.randint(0, 3))})
        )
        traces.append(Trace(finish, events, endings))
    for top in (1, 10, 21, 26):
        assert _tally(monkeypatch, "native", traces, top) == _tally(
            monkeypatch, "python", traces, top
        )
