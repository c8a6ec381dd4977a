"""The odds while they are worked out: the atlas's answer at once, then the simulation's.

On a terminal, `odds` and `setup` show a small table on stderr as soon as they start: the
shipped atlas's win chance for each level (an instant answer, from every deal of the
player count simulated in advance), and beside it the simulation's estimate with its
interval, refreshed after every batch of games as it tightens. The table goes away when
the simulation ends and the full odds are printed; nothing of it reaches stdout.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from coop_helper.render.tables import make_console
from coop_helper.sim.levels import WinsByBudget
from coop_helper.text.percentages import percent

REFRESH = 0.15  # seconds between redraws at most


class LiveOdds:
    """A progress callback (games played) and a batch callback (the tally so far) that
    draw the atlas's odds and the simulation's as they tighten."""

    def __init__(
        self,
        total: int,
        enabled: bool,
        atlas_row: Sequence[float] | None,
        max_turns: int,
        time_pile: int | None,
        confidence: float = 0.95,
        interval: str = "wilson",
        delay: float = 0.8,
        exact: bool = False,
    ) -> None:
        self.total = total
        self.exact = exact  # total is the number of games asked for, not an estimate
        self.enabled = enabled and sys.stderr.isatty()
        self.atlas_row = atlas_row
        self.max_turns = max_turns
        self.time_pile = time_pile
        self.confidence = confidence
        self.interval = interval
        self.done = 0
        self.tally: WinsByBudget | None = None
        self.live: Live | None = None
        self._drawn = 0.0
        # With an atlas the table shows at once; without, only once a run passes ~1 s.
        self._from = time.monotonic() + (0.0 if atlas_row is not None else delay)

    # ------------------------------------------------------------ callbacks

    def __call__(self, games: int) -> None:
        """Games finished (the progress callback)."""
        self.done += games
        self._redraw()

    def batch(self, tally: WinsByBudget) -> None:
        """The tally after a batch of games (the odds so far)."""
        self.tally = tally
        self._redraw(force=True)

    # -------------------------------------------------------------- drawing

    def budgets(self) -> list[int]:
        """The turns shown: the simulation's levels once it has some, else the atlas's."""
        if self.tally is not None and self.tally.games:
            return self.tally.budgets()
        shown = []
        for turns in range(self.max_turns, -1, -1):
            shown.append(turns)
            if self._atlas(turns) in (None, 0.0):
                break
        return shown

    def _atlas(self, turns: int) -> float | None:
        row = self.atlas_row
        if row is None:
            return None
        return row[min(turns, len(row) - 1)]

    def renderable(self) -> Group:
        """The table as it stands, and a line saying how far the simulation is."""
        by_removal = self.time_pile is not None
        grid = Table(box=None, pad_edge=False, show_edge=False)
        grid.add_column("Removed" if by_removal else "Turns", justify="right")
        if self.atlas_row is not None:
            grid.add_column("Atlas", justify="right")
        grid.add_column("Simulated so far", justify="right")
        grid.add_column("", justify="right")  # its interval, in a column of its own
        best = self.tally.best_budgets() if self.tally is not None else []
        for turns in self.budgets():
            cells: list[Any] = [str(self.time_pile - turns) if self.time_pile else str(turns)]
            if self.atlas_row is not None:
                cells.append(percent(self._atlas(turns) or 0.0))
            cells.extend(self._simulated(turns, best))
            grid.add_row(*cells)
        about = "" if self.exact else "about "
        games = f"{self.done:,} of {about}{self.total:,} games" if self.done else "starting"
        note = Text(f"simulating: {games}", style="dim")
        return Group(grid, note)

    def _simulated(self, turns: int, best: Sequence[int]) -> tuple[str, str]:
        """The simulated win chance so far and its interval, as two cells."""
        from coop_helper.sim.statistics import interval

        tally = self.tally
        if tally is None or not tally.games:
            return "…", ""
        wins = tally.wins[best[turns]]
        low, high = interval(wins, tally.games, self.confidence, self.interval)
        return percent(wins / tally.games), f"[{percent(low)}-{percent(high)}]"

    def _redraw(self, force: bool = False) -> None:
        now = time.monotonic()
        if not self.enabled or now < self._from:
            return
        if self.live is None:
            self.live = Live(
                self.renderable(),
                console=make_console(stderr=True),
                transient=True,
                auto_refresh=False,
            )
            self.live.start()
        elif force or now - self._drawn >= REFRESH:
            self.live.update(self.renderable(), refresh=True)
        self._drawn = now

    def start(self) -> None:
        """Draw the atlas's answer at once, before any game is played."""
        self._redraw(force=True)

    def close(self) -> None:
        """Take the table away."""
        if self.live is not None:
            self.live.stop()
            self.live = None

    def __enter__(self) -> LiveOdds:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
