"""The odds while they are worked out: the atlas's answer at once, then the simulation's."""

from __future__ import annotations

import io

from rich.console import Console

from coop_helper.render import live_odds
from coop_helper.render.live_odds import LiveOdds
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim.levels import WinsByBudget
from coop_helper.sim.odds import compute_odds
from coop_helper.sim.traces import Trace

ATLAS = [0.0] * 8 + [0.1, 0.3, 0.5, 0.7, 0.8, 0.9]  # 0..13 turns


def _text(live: LiveOdds) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(live.renderable())
    return console.file.getvalue()  # type: ignore[attr-defined]


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_atlas_column_shows_before_any_game():
    live = LiveOdds(1000, False, ATLAS, 13, 13)
    text = _text(live)
    assert "Atlas" in text and "90.0%" in text and "10.0%" in text
    assert "starting" in text and "…" in text
    assert [line.split()[0] for line in text.splitlines()[1:7]] == ["0", "1", "2", "3", "4", "5"]


def test_the_simulated_column_follows_the_tally_with_its_interval():
    live = LiveOdds(1000, False, ATLAS, 13, 13)
    tally = WinsByBudget(13)
    tally.add([Trace(10, ())] * 3 + [Trace(0, ())])  # 3 of 4 games won with 10+ turns
    live(4)
    live.batch(tally)
    text = _text(live)
    assert "4 of about 1,000 games" in text
    lines = [line for line in text.splitlines()[1:] if line[:1] == " "]  # the table's rows
    rows = [line.split() for line in lines]
    assert rows[0][:3] == ["0", "90.0%", "75.0%"] and rows[0][3].startswith("[")
    assert rows[4][:3] == ["4", "30.0%", "0.0%"]  # 4 removed (9 turns): none won
    ends = {len(line.rstrip()) for line in lines}
    assert len(ends) == 1  # the intervals line up on the right, row after row


def test_a_fixed_number_of_games_is_not_an_estimate():
    live = LiveOdds(2000, False, ATLAS, 13, 13, exact=True)
    live(400)
    assert "400 of 2,000 games" in _text(live)


def test_without_an_atlas_only_the_simulation_shows_by_turns():
    live = LiveOdds(1000, False, None, 13, None)
    text = _text(live)
    assert "Atlas" not in text and "Turns" in text


def test_shown_at_once_on_a_terminal_with_an_atlas_and_gone_at_the_end(monkeypatch):
    monkeypatch.setattr(live_odds.sys, "stderr", Tty())
    with LiveOdds(100, True, ATLAS, 13, 13) as live:
        assert live.live is not None  # drawn before any game
    assert live.live is None
    with LiveOdds(100, True, None, 13, 13, delay=60) as slow:
        slow(10)
        assert slow.live is None  # without an atlas: only once a run takes a while
    with LiveOdds(100, False, ATLAS, 13, 13) as quiet:
        assert quiet.live is None


def test_compute_odds_hands_every_batch_to_the_live_table():
    catalog = load_catalog()
    contracts = catalog.contracts_for(["Lady Killer", "Maritime Supremacy", "Galleon Foe"])
    seen: list[int] = []
    result = compute_odds(
        1,
        contracts,
        time_pile(contracts),
        precision=0.04,
        seed=3,
        on_batch=lambda t: seen.append(t.games),
    )
    assert seen and seen == sorted(seen) and seen[-1] == result.games
    assert all(g % 400 == 0 for g in seen)


def test_a_fixed_number_of_games_is_shown_batch_by_batch_too():
    catalog = load_catalog()
    contracts = catalog.contracts_for(["Lady Killer", "Maritime Supremacy", "Galleon Foe"])
    seen: list[int] = []
    shown = compute_odds(
        1,
        contracts,
        time_pile(contracts),
        games=1000,
        seed=3,
        on_batch=lambda t: seen.append(t.games),
    )
    assert seen == [400, 800, 1000] and shown.games == 1000  # never stopped early
    quiet = compute_odds(1, contracts, time_pile(contracts), games=1000, seed=3, workers=2)
    assert quiet.levels == shown.levels
