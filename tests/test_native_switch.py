"""One switch, COOP_HELPER_ENGINE: the native core where it is built, the Python engine on
request, the same odds either way; `--version` says which engine plays."""

from __future__ import annotations

import random

import pytest

from coop_helper.atlas.work import deal_wins
from coop_helper.native import extension, native_in_use
from coop_helper.setup.catalog import load_catalog
from coop_helper.sim.runner import OddsRequest, simulate, summarise

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
