"""How `odds` and `setup` watch their run on a terminal: the atlas's row first, then the
simulation's odds as they tighten (`render.live_odds`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from coop_helper.game_setup import Deal, Watch, Watching

if TYPE_CHECKING:  # the simulation and its rendering load when a command runs
    from coop_helper.sim.odds import OddsSettings


def live_watch(show_progress: bool) -> Watch:
    """A watch for `game_setup.set_up`: on a terminal (``show_progress``), the atlas's odds
    at once and the simulation's as they tighten; elsewhere nothing is drawn."""

    @contextmanager
    def watch(deal: Deal, settings: OddsSettings) -> Iterator[Watching]:
        from coop_helper.atlas.lookup import deal_row
        from coop_helper.render.live_odds import LiveOdds

        pile = deal.pile
        row = None
        if show_progress and settings.policy == "expert":
            row = deal_row(deal.players, deal.contracts)
        live = LiveOdds(
            settings.expected_games,
            show_progress,
            row,
            pile.max_turns,
            pile.size,
            settings.confidence,
            settings.interval,
            exact=bool(settings.games),
        )
        with live as progress:
            yield Watching(progress, live.batch)

    return watch
