"""Playing many seeded games, in worker processes if asked, traces in game order."""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Generator
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult, Pool, ThreadPool

from coop_helper import interrupts
from coop_helper.setup.catalog import Contract
from coop_helper.sim.traces import Trace, native_plays, play_traces

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


def _chunk(args: tuple[OddsRequest, int, int]) -> list[Trace]:
    request, start, stop = args
    return play_traces(
        request.contracts,
        request.players,
        request.max_turns,
        request.seed,
        start,
        stop,
        request.policy,
        native=request.native,
    )


def _chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(a + size, games)) for a in range(0, games, size)]


def _results(
    jobs: list[tuple[OddsRequest, int, int]],
    pool: Pool | None,
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
    pending: deque[AsyncResult[list[Trace]]] = deque()
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
    core); traces in game order.

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
    pool: Pool | None = None
    native = request.native
    if native is None:
        native = native_plays(request.policy, request.seed, request.max_turns, request.contracts)
    if request.workers > 1 and native:
        # The native core plays a batch without the GIL: threads run batches side by side,
        # with no processes to start and no traces to pickle back.
        pool = ThreadPool(request.workers)
    elif request.workers > 1:
        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        pool = context.Pool(request.workers, initializer=interrupts.leave_signals_to_parent)
    aborted = [False]
    results = _results(jobs, pool, ahead=2 * request.workers, aborted=aborted)
    try:
        for part in results:
            traces += part
            if progress:
                progress(len(part))
            if enough is None:
                continue
            batch += part
            if len(traces) % BATCH == 0 or len(traces) == request.games:
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
