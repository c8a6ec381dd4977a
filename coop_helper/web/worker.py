"""The odds are simulated in a process of their own, so the server answers every tap at
once while games are played (in the server's own process a simulation would hold the
interpreter's lock between its games, and a deal would wait for it).

One long-lived process (started fresh, not forked from the server's threads) plays one
run at a time; the run's batches come back through a queue, and a stop flag set by the
server ends the run between two chunks of games, as Ctrl-C ends one on the command line.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from coop_helper.web.runs import Run, Stopped

POLL = 0.05  # seconds between looks at the queue and at the page's stop

_batches: Any = None  # the child's end of the queue and the stop flag (set at its start)
_stop: Any = None


def _start_child(batches: Any, stop: Any) -> None:
    global _batches, _stop
    _batches, _stop = batches, stop
    import contextlib
    import os

    with contextlib.suppress(OSError):
        os.nice(10)  # the server's answers to taps come before the games
    import coop_helper.sim.odds  # noqa: F401 (loaded before the first run asks for it)


def _check(_games: int) -> None:
    if _stop.is_set():
        raise Stopped


def _on_batch(tally: Any, time_pile: int | None) -> None:
    from coop_helper.render.odds import level_json

    levels = [level_json(lv) for lv in tally.levels(time_pile)]
    _batches.put({"games": tally.games, "levels": levels})


def _play(args: dict[str, Any]) -> Any:
    """In the child: one odds run with its checked settings; its OddsResult, or None when
    it was stopped."""
    from coop_helper.sim.odds import run_odds

    pile = args["pile"]
    try:
        return run_odds(
            args["players"],
            args["contracts"],
            pile,
            args["settings"],
            progress=_check,
            on_batch=lambda tally: _on_batch(tally, pile.size),
        )
    except Stopped:
        return None


class Simulator:
    """The server's simulation process."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._context = context
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._batches: Any = None
        self._stop: Any = None

    def _ready(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._batches = self._context.Queue()
                self._stop = self._context.Event()
                self._pool = ProcessPoolExecutor(
                    1,
                    mp_context=self._context,
                    initializer=_start_child,
                    initargs=(self._batches, self._stop),
                )
            return self._pool

    def warm(self) -> None:
        """Start the process now, so the first tap does not wait for it."""
        self._ready().submit(int).result()

    def run(self, args: dict[str, Any], run: Run, on_batch: Callable[[Any], None]) -> Any:
        """Play ``args``'s run (the caller holds the server's slot); each batch goes to
        ``on_batch``; raises Stopped once ``run`` is stopped."""
        pool = self._ready()
        self._stop.clear()
        while True:  # batches a stopped run left behind
            try:
                self._batches.get_nowait()
            except queue.Empty:
                break
        try:
            future: Future[Any] = pool.submit(_play, args)
        except BrokenProcessPool:
            self._pool = None
            future = self._ready().submit(_play, args)
        while True:
            if run.stopped:
                self._stop.set()
            try:
                on_batch(self._batches.get(timeout=POLL))
                continue
            except queue.Empty:
                pass
            if future.done():
                break
        while True:  # the last batches, sent just before the run ended
            try:
                on_batch(self._batches.get_nowait())
            except queue.Empty:
                break
        result = future.result()
        if result is None or run.stopped:
            raise Stopped
        return result

    def close(self) -> None:
        """End the process (at the server's end)."""
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None


_simulator: Simulator | None = None
_made = threading.Lock()


def simulator() -> Simulator:
    """The process's one Simulator (ended when the process ends)."""
    global _simulator
    with _made:
        if _simulator is None:
            import atexit

            _simulator = Simulator()
            atexit.register(_simulator.close)
        return _simulator
