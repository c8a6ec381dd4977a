"""The one progress bar: on stderr, only on a terminal, once a run passes about a second."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

from coop_helper.render.tables import make_console


class ProgressReporter:
    """A progress bar on stderr, shown only on a terminal and once a run passes ~1 second."""

    def __init__(
        self,
        total: int,
        enabled: bool,
        delay: float = 0.8,
        label: str = "simulating",
        unit: str = "games",
    ) -> None:
        self.total = total
        self.label, self.unit = label, unit
        self.enabled = enabled and sys.stderr.isatty()
        self.delay = delay
        self.start = time.monotonic()
        self.done = 0
        self.progress: Progress | None = None
        self.task: Any = None

    def __call__(self, games: int) -> None:
        self.done += games
        if not self.enabled:
            return
        if self.progress is None and time.monotonic() - self.start >= self.delay:
            self.progress = Progress(
                TextColumn(self.label),
                BarColumn(),
                TextColumn(f"{{task.completed:,}}/{{task.total:,}} {self.unit}"),
                TimeRemainingColumn(),
                console=make_console(stderr=True),
                transient=True,
            )
            self.progress.start()
            self.task = self.progress.add_task("games", total=self.total)
        if self.progress is not None:
            self.progress.update(self.task, completed=self.done)

    def begin(self, total: int, done: int) -> Callable[[int], None]:
        """Start over at ``done`` of ``total`` (a resumed atlas build); returns the
        reporter itself, to be called with the games each task played."""
        self.total, self.done = total, 0
        self(done)
        return self

    def close(self) -> None:
        """Remove the bar (also after an error or Ctrl-C)."""
        if self.progress is not None:
            self.progress.stop()
            self.progress = None

    def __enter__(self) -> ProgressReporter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
