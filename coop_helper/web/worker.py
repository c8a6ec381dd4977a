"""The odds are simulated in a process of their own, so the server answers every tap at
once while games are played (in the server's own process a simulation would hold the
interpreter's lock between its games, and a deal would wait for it).

One long-lived process (started fresh, not forked from the server's threads) plays one
run at a time: the server hands it a run through one pipe, its batches and its result
come back through another, and a stop flag in shared memory, set by the server, ends the
run between two chunks of games, as Ctrl-C ends one on the command line. At the server's
end the process is killed at once, whether it is starting, playing or idle: it only
computes (what is written, the server writes), so nothing is lost, and the server never
waits for it. Nothing the two share has a lock (a process killed holding one would stall
the server), and each pipe has one end in each process, so the server reading from a
killed process gets an end of file, never a wait.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
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
    if _stop.value:
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
        out.send((number, "batch", {"games": tally.games, "levels": levels}))

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

    out.send((0, "ready", None))
    while True:
        try:
            number, args = jobs.recv()
        except EOFError:  # the server closed its end
            return
        try:
            out.send((number, "done", _play(number, args, out)))
        except Exception as err:  # handed to the server, which raises it
            out.send((number, "failed", _portable(err)))


class Simulator:
    """The server's simulation process (started on first use; killed by `close`)."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._using = threading.Lock()  # one run at a time talks to the process
        self._process: Any = None
        self._jobs: Any = None  # the server's ends of the two pipes
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
                jobs_in, jobs = self._context.Pipe(duplex=False)
                out, out_in = self._context.Pipe(duplex=False)
                self._stop = self._context.RawValue("b", 0)  # no lock: see the docstring
                self._process = self._context.Process(
                    target=_child,
                    args=(jobs_in, out_in, self._stop, os.getpid()),
                    name="coop-helper-odds",
                    daemon=True,
                )
                self._process.start()
                jobs_in.close()  # the child's ends: its own now
                out_in.close()
                self._jobs, self._out = jobs, out
            return self._process

    def warm(self) -> None:
        """Start the process now and wait until it has loaded the simulation's modules
        (a run asked for meanwhile waits for that anyway), so the first tap does not wait
        for it; returns at once when the server is ending."""
        with self._using, contextlib.suppress(Stopped, EOFError, OSError):
            self._ready()
            while not self._closed:
                if self._out.poll(POLL) and self._out.recv()[1] == "ready":
                    return

    def run(self, args: dict[str, Any], run: Run, on_batch: Callable[[Any], None]) -> Any:
        """Play ``args``'s run (each run waits for the one before it: the caller holds
        the server's slot); each batch goes to ``on_batch``; raises Stopped once ``run``
        is stopped or the server is ending."""
        while not self._using.acquire(timeout=POLL):
            if self._closed:
                raise Stopped
            run.check()
        try:
            return self._play(args, run, on_batch)
        finally:
            self._using.release()

    def _play(self, args: dict[str, Any], run: Run, on_batch: Callable[[Any], None]) -> Any:
        run.check()
        process = self._ready()
        self._runs += 1
        number = self._runs
        self._stop.value = 0
        try:
            self._jobs.send((number, args))
            while True:
                if self._closed:
                    raise Stopped  # the process is killed: wait for nothing
                if run.stopped:
                    self._stop.value = 1
                if not self._out.poll(POLL):
                    continue
                sent, kind, data = self._out.recv()
                if sent != number:
                    continue  # the process's start, or left behind by a run stopped earlier
                if kind == "batch":
                    on_batch(data)
                elif kind == "failed":
                    raise data
                elif data is None or run.stopped:
                    raise Stopped
                else:
                    return data
        except (EOFError, OSError):  # the process ended: killed, or it died
            if self._closed or run.stopped:
                raise Stopped from None
            raise SimulationFailed(
                f"the simulation process ended (exit code {process.exitcode})."
            ) from None

    def close(self) -> None:
        """The server is ending: no run starts from now on, and the process is killed
        now, whatever it is doing."""
        with self._lock:
            self._closed = True
            process = self._process
            if self._stop is not None:
                self._stop.value = 1
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
