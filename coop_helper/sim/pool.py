"""Playing many seeded games, in worker processes if asked, traces in game order."""

from __future__ import annotations

import concurrent.futures
import itertools
import os
from collections import deque
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Protocol

from coop_helper import interrupts
from coop_helper.setup.catalog import Contract
from coop_helper.sim.traces import Trace, native_plays, seat_traces

CHUNKS_PER_WORKER = 8
CHUNK = 50  # games per job handed to a worker when running until precise
BATCH = 400  # games between precision checks (a multiple of CHUNK)


@dataclass(frozen=True)
class OddsRequest:
    """One odds question: these contracts, this many players, this Time Pile."""

    contracts: tuple[Contract, ...]
    players: int
    max_turns: int  # the Time Pile with nothing removed (the upper end if a seal is unknown)
    games: int
    seed: int
    policy: str = "expert"
    workers: int = 1
    native: bool | None = None  # on the native core (None: wherever it can play them)
    # games per seed: one per seat that can take the last turn (`policies.clock_seats`),
    # each with its own Time Pile (`traces.seat_piles`); their traces come seat by seat
    seats: int = 1


class _Job(Protocol):
    def get(self) -> list[Trace]: ...

    def wait(self) -> None: ...


class _Pool(Protocol):
    """What `simulate` asks of its workers: a process pool's calls."""

    def apply_async(self, func: Callable[..., list[Trace]], args: tuple[Any, ...]) -> _Job: ...

    def close(self) -> None: ...

    def join(self) -> None: ...

    def terminate(self) -> None: ...


class _ThreadJob:
    def __init__(self, future: concurrent.futures.Future[list[Trace]]) -> None:
        self.future = future

    def get(self) -> list[Trace]:
        return self.future.result()

    def wait(self) -> None:
        concurrent.futures.wait([self.future])


class _Threads:
    """Threads with a process pool's calls, for the native core, which plays a batch
    without the GIL (concurrent.futures: far less to load at start-up than
    multiprocessing, which only the Python engine's worker processes need)."""

    def __init__(self, workers: int) -> None:
        self.executor = concurrent.futures.ThreadPoolExecutor(workers)

    def apply_async(self, func: Callable[..., list[Trace]], args: tuple[Any, ...]) -> _ThreadJob:
        return _ThreadJob(self.executor.submit(func, *args))

    def close(self) -> None:
        pass

    def join(self) -> None:
        self.executor.shutdown(wait=True)

    def terminate(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def _processes(workers: int) -> _Pool:
    """Worker processes for the Python engine."""
    import multiprocessing

    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    pool: _Pool = context.Pool(workers, initializer=interrupts.leave_signals_to_parent)
    return pool


def _chunk(args: tuple[OddsRequest, int, int]) -> list[Trace]:
    request, start, stop = args
    per_seat = [
        traces
        for _, traces in seat_traces(
            request.contracts,
            request.players,
            request.max_turns,
            request.seed,
            start,
            stop,
            request.policy,
            request.seats,
            native=request.native,
        )
    ]
    if request.seats == 1:
        return per_seat[0]
    return [trace for game in zip(*per_seat, strict=True) for trace in game]


def _chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(a + size, games)) for a in range(0, games, size)]


def _results(
    jobs: list[tuple[OddsRequest, int, int]],
    pool: _Pool | None,
    ahead: int,
    aborted: list[bool] | None = None,
) -> Generator[list[Trace], None, None]:
    """The jobs' traces in job order; with a pool, at most ``ahead`` jobs in flight.

    Stopping early (closing the generator) lets the jobs in flight finish instead of
    killing workers in the middle of one, so the pool always shuts down cleanly; unless
    ``aborted[0]`` is set (an error or Ctrl-C: the pool is being terminated, and jobs in
    flight would never finish).
    """
    if pool is None:
        for job in jobs:
            yield _chunk(job)
        return
    pending: deque[_Job] = deque()
    queue = iter(jobs)
    for job in itertools.islice(queue, ahead):
        pending.append(pool.apply_async(_chunk, (job,)))
    try:
        while pending:
            part = pending.popleft().get()
            for job in itertools.islice(queue, 1):
                pending.append(pool.apply_async(_chunk, (job,)))
            yield part
    except GeneratorExit:  # stopped early: let the jobs in flight finish
        if not (aborted and aborted[0]):
            for waiting in pending:
                waiting.wait()
        raise


def simulate(
    request: OddsRequest,
    progress: Callable[[int], None] | None = None,
    enough: Callable[[list[Trace]], bool] | None = None,
) -> list[Trace]:
    """Play the request's games (in worker processes if asked, threads on the native
    core); traces in game order (with ``request.seats`` traces a game, seat by seat).

    With ``enough``, the run stops at the first multiple of BATCH games for which
    ``enough(traces_of_that_batch)`` says so (at most ``request.games``). Workers play
    a few jobs ahead meanwhile; what they played past the stop is dropped, so the result
    depends only on the seed, never on the number of workers.
    """
    size = (
        CHUNK
        if enough is not None
        else max(1, min(CHUNK * 4, -(-request.games // (request.workers * CHUNKS_PER_WORKER))))
    )
    jobs = [(request, a, b) for a, b in _chunks(request.games, size)]
    traces: list[Trace] = []
    batch: list[Trace] = []
    pool: _Pool | None = None
    native = request.native
    if native is None:
        native = native_plays(request.policy, request.seed, request.max_turns, request.contracts)
    if request.workers > 1 and native:
        # The native core plays a batch without the GIL: threads run batches side by side,
        # with no processes to start and no traces to pickle back.
        pool = _Threads(request.workers)
    elif request.workers > 1:
        pool = _processes(request.workers)
    aborted = [False]
    results = _results(jobs, pool, ahead=2 * request.workers, aborted=aborted)
    try:
        for part in results:
            traces += part
            if progress:
                progress(len(part) // request.seats)
            if enough is None:
                continue
            batch += part
            played = len(traces) // request.seats
            if played % BATCH == 0 or played == request.games:
                if enough(batch):
                    break
                batch = []
        results.close()  # waits for the jobs still in flight
        if pool is not None:
            pool.close()
            pool.join()
    finally:
        if pool is not None:  # with work pending only after an error (Ctrl-C)
            aborted[0] = True
            results.close()  # at once: it must not wait for jobs the pool will drop
            pool.terminate()
            pool.join()
    return traces
