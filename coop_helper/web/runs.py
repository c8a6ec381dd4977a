"""One simulation at a time per server, each one stoppable.

A phone that asks for odds while another run is going stops that run (the table wants the
newest deal's odds; the machine never plays two at once). A recording waits for its turn
instead, and is never stopped: a posted game is always written. A run whose page went away
is stopped between two chunks of games.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class Stopped(Exception):
    """The run was stopped: its page went away, or a newer run took its place."""


class Run:
    """One simulation's stop switch, checked by its progress callback."""

    def __init__(self, stoppable: bool) -> None:
        self.stoppable = stoppable
        self._stop = threading.Event()

    def stop(self) -> None:
        """Ask the run to end at its next check."""
        self._stop.set()

    @property
    def stopped(self) -> bool:
        """Whether the run was asked to end."""
        return self._stop.is_set()

    def check(self, _games: int = 0) -> None:
        """A progress callback: raises Stopped once the run was asked to end."""
        if self._stop.is_set():
            raise Stopped


class Slot:
    """The server's one simulation slot."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._guard = threading.Lock()
        self._current: Run | None = None

    @contextmanager
    def hold(self, run: Run) -> Iterator[Run]:
        """Run ``run`` in the slot (blocking until it is free); a stoppable run asks the one
        in the slot, if stoppable too, to end first."""
        with self._guard:
            current = self._current
            if run.stoppable and current is not None and current.stoppable:
                current.stop()
        while not self._lock.acquire(timeout=0.1):
            run.check()  # stopped while waiting: give up the turn
        try:
            with self._guard:
                self._current = run
            run.check()
            yield run
        finally:
            with self._guard:
                self._current = None
            self._lock.release()


class Runs:
    """Every run a server has under way, so its end can stop them all at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._runs: set[Run] = set()
        self._closing = False

    @contextmanager
    def track(self, run: Run) -> Iterator[Run]:
        """Keep ``run`` while it goes; stopped at once if the server is ending."""
        with self._lock:
            self._runs.add(run)
            if self._closing:
                run.stop()
        try:
            yield run
        finally:
            with self._lock:
                self._runs.discard(run)

    def stop_all(self) -> None:
        """The server is ending: stop every run, and every one that starts from now on."""
        with self._lock:
            self._closing = True
            for run in self._runs:
                run.stop()
