"""The atlas build on Dask: a LocalCluster by default, or a running scheduler's cluster.

Tasks (:mod:`coop_helper.atlas.plan`) go to the workers a few at a time; each finished
task is saved in the work folder at once (:mod:`coop_helper.atlas.checkpoints`), so an
interrupted build resumes with the tasks still missing. When all are done the results are
read back in plan order and assembled, so the atlas is the same byte for byte whatever
the number of workers or interruptions. A player count whose block in the atlas being
replaced was made with the same settings and the same version of the policy is kept, not
played again: a change of the policy at some counts rebuilds only theirs. ``distributed``
is imported only here.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coop_helper import interrupts
from coop_helper.atlas.assemble import atlas_bytes
from coop_helper.atlas.checkpoints import WorkFolder
from coop_helper.atlas.defaults import counts_text
from coop_helper.atlas.plan import BuildParams, Task, plan_tasks, turns_stored
from coop_helper.atlas.store import (
    FORMAT,
    ROWS_METHOD,
    AtlasFile,
    PlayerBlock,
    read_format,
    read_magic,
    write_atomic,
)
from coop_helper.atlas.work import TaskResult, run_task
from coop_helper.errors import UserError
from coop_helper.files import folder_takes_files
from coop_helper.setup.catalog import Catalog, load_catalog

LOCAL_HTTP = "127.0.0.1:0"  # any free port on this machine only
IN_FLIGHT_PER_WORKER = 3  # tasks queued per worker thread: enough to keep it busy


@dataclass(frozen=True)
class BuildReport:
    """What a build did."""

    output: Path
    tasks: int
    resumed: int  # tasks found finished in the work folder
    games: int  # games played in this run
    seconds: float
    workers: int
    size: int  # bytes written
    kept: tuple[int, ...] = ()  # player counts whose blocks were kept from the atlas replaced


def _require_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise UserError(
            "building the atlas needs Dask: install it with pip install 'coop-helper[atlas]' "
            "(from a source folder: pip install '.[atlas]')."
        ) from None
    return distributed


def check_output(output: Path, players: tuple[int, ...]) -> None:
    """Refuse, before any game is played, an atlas file that could not be written, or
    whose replacement would lose something: a file that is not an atlas, or player counts
    the build does not make."""
    folder = output.parent
    if output.is_dir():
        raise UserError(f"--output {output} is a folder: name the atlas file to write.")
    if not folder.is_dir():
        raise UserError(
            f"--output {output}: the folder {folder} does not exist; make it or name another file."
        )
    if not folder_takes_files(folder):
        raise UserError(
            f"--output {output}: cannot write in {folder}; name a file in a folder you can write."
        )
    if output.exists():
        _check_replacing(output, players)


def _check_replacing(output: Path, players: tuple[int, ...]) -> None:
    try:
        held = tuple(sorted(AtlasFile(output).header.players))
    except UserError:
        newer = read_format(output)
        if newer is not None and newer > FORMAT:
            raise UserError(
                f"the atlas {output} was written by a newer coop-helper (format {newer}), "
                "and the build would replace it: update coop-helper, or write another file "
                "with --output."
            ) from None
        if read_magic(output):
            return  # an older or a damaged atlas: rebuilt whole
        raise UserError(
            f"{output} is not a coop-helper atlas, and the build would replace it: name "
            "another file with --output, or move that one away first."
        ) from None
    lost = [p for p in held if p not in players]
    if lost:
        keep = counts_text(tuple(sorted({*held, *players})))
        raise UserError(
            f"the atlas {output} holds {_players_text(held)} and this build makes only "
            f"{_players_text(players)}: build them all (--players {keep}) or write another "
            "file (--output FILE, then use it with COOP_HELPER_ATLAS=FILE)."
        )


def reusable_blocks(output: Path, params: BuildParams, catalog: Catalog) -> dict[int, PlayerBlock]:
    """The blocks of the atlas at ``output`` that this build would make again: the same
    contracts and row method and, for that player count, the same settings and version."""
    try:
        atlas = AtlasFile(output)
    except UserError:  # none there, or not one this coop-helper reads: built whole
        return {}
    header = atlas.header
    old = BuildParams.from_json(header.build)
    keys = tuple(c.key for c in catalog.contracts)
    if old is None or header.contracts != keys or header.build.get("method") != ROWS_METHOD:
        return {}
    kept = {}
    for players in params.players:
        if (
            players not in old.players
            or players not in header.players
            or old.settings_at(players) != params.settings_at(players)
            or header.versions.get(players) != params.version_at(players)
        ):
            continue
        try:
            block = atlas.block(players)
        except UserError:  # a damaged block is made again
            continue
        if block.turns == turns_stored(params, players, catalog):
            kept[players] = block
    return kept


def _players_text(players: tuple[int, ...]) -> str:
    """Player counts in a sentence: '1 player', '1, 2 players'."""
    counts = ", ".join(str(p) for p in players)
    return f"{counts} player{'s' if players != (1,) else ''}"


def connect(distributed: Any, scheduler: str | None, workers: int) -> tuple[Any, Any]:
    """A client on the given scheduler, or on a new LocalCluster bound to 127.0.0.1."""
    if scheduler:
        try:
            return distributed.Client(scheduler, timeout="20s"), None
        except (OSError, TimeoutError) as err:
            raise UserError(
                f"cannot reach the Dask scheduler at {scheduler} ({err}): check "
                "the address (tcp://HOST:PORT) and that it runs."
            ) from None
    with interrupts.sigint_ignored():  # the workers leave Ctrl-C to this process
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            worker_dashboard_address=None,
            silence_logs=50,
            scheduler_kwargs={"dashboard_address": LOCAL_HTTP},  # its status page: local only
        )
    return distributed.Client(cluster), cluster


def run_pending(
    client: Any,
    distributed: Any,
    pending: list[Task],
    folder: WorkFolder,
    progress: Callable[[int], None],
) -> int:
    """Play the pending tasks on the cluster, saving each as it finishes; games played."""
    threads = max(1, sum(client.nthreads().values()))
    window = IN_FLIGHT_PER_WORKER * threads
    queue = iter(pending)
    first = [client.submit(run_task, t, pure=False) for t in itertools.islice(queue, window)]
    played = 0
    finished = distributed.as_completed(first)
    for future in finished:
        result: TaskResult = future.result()
        folder.save(result)
        games = result.games * len(result.deals)
        played += games
        progress(games)
        following = next(queue, None)
        if following is not None:
            finished.add(client.submit(run_task, following, pure=False))
    return played


def build_atlas(
    params: BuildParams,
    work_dir: Path,
    output: Path,
    *,
    scheduler: str | None = None,
    workers: int = 1,
    progress: Callable[[int, int], Callable[[int], None]] | None = None,
    fresh: bool = False,
) -> BuildReport:
    """Run (or resume) a build and write the atlas to ``output`` atomically.

    ``progress(total_games, done_games)`` is called once with the totals and returns the
    callback that is given the games of each finished task. ``fresh``: keep no block of the
    atlas being replaced (after a change to the card data or to how blocks are made).
    """
    import time

    start = time.monotonic()
    check_output(output, params.players)
    catalog = load_catalog()
    kept = {} if fresh else reusable_blocks(output, params, catalog)
    folder = WorkFolder(work_dir, params)
    tasks = plan_tasks(params, catalog, [p for p in params.players if p not in kept])
    pending = [t for t in tasks if not folder.finished(t)]
    # Dask only if there are games to play, and found before the work folder is made
    distributed = _require_distributed() if pending else None
    folder.open()
    total = sum(t.total_games for t in tasks)
    done = total - sum(t.total_games for t in pending)
    tick = progress(total, done) if progress else (lambda games: None)
    played = 0
    used_workers = workers
    if distributed is not None:
        client, cluster = connect(distributed, scheduler, workers)
        try:
            used_workers = len(client.scheduler_info().get("workers", {})) or workers
            played = run_pending(client, distributed, pending, folder, tick)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    results: dict[int, list[TaskResult]] = {p: [] for p in params.players}
    for task in tasks:
        results[task.players].append(folder.load(task))
    data = atlas_bytes(params, results, catalog, kept)
    try:
        write_atomic(output, data)
    except OSError as err:
        raise UserError(
            f"cannot write the atlas to {output}: {err.strerror or err}; the "
            f"finished work stays in {work_dir}."
        ) from None
    return BuildReport(
        output,
        len(tasks),
        len(tasks) - len(pending),
        played,
        time.monotonic() - start,
        used_workers,
        len(data),
        tuple(sorted(kept)),
    )
