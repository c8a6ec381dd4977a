"""The odds are simulated in a process of their own, so the server answers every tap at
once while games are played (in the server's own process a simulation would hold the
interpreter's lock between its games, and a deal would wait for it).

One long-lived process (started fresh, not forked from the server's threads) plays one
run at a time: the server hands it a run through one queue, its batches and its result
come back through another, and a stop flag set by the server ends the run between two
chunks of games, as Ctrl-C ends one on the command line. At the server's end the process
is killed at once, whether it is starting, playing or idle: it only computes (what is
written, the server writes), so nothing is lost, and the server never waits for it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import queue
import signal
import threading
from collections.abc import Callable
from typing import Any

from coop_helper.web.runs import Run, Stopped

POLL = 0.05  # seconds between looks at the queue and at the page's stop

_stop: Any = None  # the child's stop flag (set at its start)


class SimulationFailed(RuntimeError):
    """The simulation process ended in the middle of a run, or the run raised."""


def _check(_games: int) -> None:
    if _stop.is_set():
        raise Stopped


def _play(number: int, args: dict[str, Any], out: Any) -> Any:
    """In the child: run ``number``, an odds run with its checked settings; its
    OddsResult, or None when it was stopped. Each batch's levels go to ``out`` on the
    way."""
    from coop_helper.render.odds import level_json
    from coop_helper.sim.odds import run_odds

    pile = args["pile"]

    def on_batch(tally: Any) -> None:
        levels = [level_json(lv) for lv in tally.levels(pile.size)]
        out.put((number, "batch", {"games": tally.games, "levels": levels}))

    try:
        return run_odds(
            args["players"],
            args["contracts"],
            pile,
            args["settings"],
            progress=_check,
            on_batch=on_batch,
        )
    except Stopped:
        return None


def _portable(err: Exception) -> Exception:
    """``err`` if it can cross to the server's process, else a SimulationFailed saying it."""
    try:
        pickle.dumps(err)
    except Exception:
        return SimulationFailed(f"{type(err).__name__}: {err}")
    return err


def _end_with(parent: int) -> None:
    """In the child: end as soon as the server's process is gone (killed, say)."""
    while os.getppid() == parent:
        threading.Event().wait(1.0)
    os._exit(0)


def _child(jobs: Any, out: Any, stop: Any, parent: int) -> None:
    """The simulation process: its own process group (a Ctrl-C in the terminal is the
    server's to handle, and the server's end takes any helpers of its own with it), at a
    lower priority than the server's answers; plays each run handed to it."""
    global _stop
    _stop = stop
    with contextlib.suppress(OSError):
        os.setpgrp()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()
    with contextlib.suppress(OSError):
        os.nice(10)  # the server's answers to taps come before the games
    import coop_helper.sim.odds  # noqa: F401 (loaded before the first run asks for it)

    while True:
        job = jobs.get()
        if job is None:
            return
        number, args = job
        try:
            out.put((number, "done", _play(number, args, out)))
        except Exception as err:  # handed to the server, which raises it
            out.put((number, "failed", _portable(err)))


class Simulator:
    """The server's simulation process (started on first use; killed by `close`)."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._process: Any = None
        self._jobs: Any = None
        self._out: Any = None
        self._stop: Any = None
        self._closed = False
        self._runs = 0  # runs handed to the process: a message names its run's number

    def _ready(self) -> Any:
        """The running process (started if there is none); raises Stopped once closed."""
        with self._lock:
            if self._closed:
                raise Stopped
            if self._process is None or not self._process.is_alive():
                self._jobs = self._context.Queue()
                self._out = self._context.Queue()
                self._stop = self._context.Event()
                self._process = self._context.Process(
                    target=_child,
                    args=(self._jobs, self._out, self._stop, os.getpid()),
                    name="coop-helper-odds",
                    daemon=True,
                )
                self._process.start()
            return self._process

    def warm(self) -> None:
        """Start the process now (it loads the simulation's modules while the server
        answers), so the first tap does not wait for it."""
        with contextlib.suppress(Stopped):
            self._ready()

    def run(self, args: dict[str, Any], run: Run, on_batch: Callable[[Any], None]) -> Any:
        """Play ``args``'s run (the caller holds the server's slot); each batch goes to
        ``on_batch``; raises Stopped once ``run`` is stopped or the server is ending."""
        run.check()
        process = self._ready()
        self._runs += 1
        number = self._runs
        self._stop.clear()
        self._jobs.put((number, args))
        while True:
            if run.stopped or self._closed:
                self._stop.set()
                if self._closed:
                    raise Stopped  # the process is being killed: wait for nothing
            try:
                sent, kind, data = self._out.get(timeout=POLL)
            except queue.Empty:
                if not process.is_alive():
                    if self._closed or run.stopped:
                        raise Stopped from None
                    raise SimulationFailed(
                        f"the simulation process ended (exit code {process.exitcode})."
                    ) from None
                continue
            if sent != number:
                continue  # left behind by a run stopped earlier
            if kind == "batch":
                on_batch(data)
            elif kind == "failed":
                raise data
            elif data is None or run.stopped:
                raise Stopped
            else:
                return data

    def close(self) -> None:
        """The server is ending: no run starts from now on, and the process is killed
        now, whatever it is doing."""
        with self._lock:
            self._closed = True
            process = self._process
            if self._stop is not None:
                self._stop.set()
            if self._jobs is not None:
                self._jobs.cancel_join_thread()  # never wait to hand it a run
        if process is None or process.pid is None:
            return
        try:
            os.killpg(process.pid, signal.SIGKILL)  # with any helpers of its own
        except OSError:  # not its own group yet: it was still starting
            process.kill()


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


def close_simulator() -> None:
    """The server is ending: kill its simulation process, if it has one."""
    with _made:
        made = _simulator
    if made is not None:
        made.close()
