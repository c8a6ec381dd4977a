"""The atlas build on Dask: a real scheduler and workers, resumable, byte-identical."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.atlas import build_in_process

from coop_helper.atlas import model, plan
from coop_helper.errors import UserError

distributed = pytest.importorskip("distributed")

from coop_helper.atlas.build import build_atlas  # noqa: E402

pytestmark = pytest.mark.slow  # the default run and CI run it; -m 'not slow' leaves it out

# Solo fitted on 50 training deals of 2 games: a hundred games.
SMALL = {"players": (1,), "exhaustive": (), "train_deals": 50, "train_games": 2}


@pytest.fixture
def small_tasks(monkeypatch):
    """Ten deals per task, so the small build has five tasks to interrupt between; one
    ridge weight for the model (choosing among several is the model tests' business)."""
    monkeypatch.setattr(plan, "TASK_GAMES", 20)
    monkeypatch.setattr(model, "PAIR_PENALTIES", (model.NO_TERMS,))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _dask(*args: str) -> subprocess.Popen:
    dask = Path(sys.executable).parent / "dask"
    command = [str(dask)] if dask.exists() else [sys.executable, "-m", "dask"]
    return subprocess.Popen([*command, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.fixture
def dask_cluster():
    """A `dask scheduler` and two `dask worker` processes on 127.0.0.1; stopped after."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    local = ("--dashboard-address", "127.0.0.1:0")  # their status pages: local only
    processes = [
        _dask("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard", *local)
    ]
    try:
        for _ in range(2):
            processes.append(
                _dask(
                    "worker",
                    address,
                    "--host",
                    "127.0.0.1",
                    "--nthreads",
                    "1",
                    "--nworkers",
                    "1",
                    "--no-dashboard",
                    "--no-nanny",
                    *local,
                )
            )
        deadline = time.monotonic() + 60
        while True:
            try:
                with distributed.Client(address, timeout="5s") as client:
                    client.wait_for_workers(2, timeout=60)
                    break
            except (OSError, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield address
    finally:
        with contextlib.suppress(Exception), distributed.Client(address, timeout="5s") as client:
            client.shutdown()  # asks the scheduler and workers to stop
        for process in processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)
            if process.poll() is None:
                process.kill()
                process.wait()


def test_a_build_through_a_scheduler_and_two_workers_matches_one_in_process(
    tmp_path, dask_cluster, small_tasks
):
    params = plan.make_params(**SMALL)
    report = build_atlas(params, tmp_path / "work", tmp_path / "atlas.bin", scheduler=dask_cluster)
    assert report.workers == 2
    assert report.tasks == 5 and report.resumed == 0 and report.games == 100
    expected = build_in_process(params, tmp_path / "reference.bin")
    assert (tmp_path / "atlas.bin").read_bytes() == expected
    # the saved work is reused: nothing is played again
    again = build_atlas(params, tmp_path / "work", tmp_path / "again.bin", scheduler=dask_cluster)
    assert again.resumed == 5 and again.games == 0
    assert (tmp_path / "again.bin").read_bytes() == expected


class Stop(Exception):
    """Stands in for Ctrl-C in the middle of a build."""


def test_an_interrupted_build_resumes_to_the_same_bytes(tmp_path, small_tasks):
    params = plan.make_params(**SMALL)
    finished: list[int] = []

    def stop_after_two(total: int, done: int):
        def tick(games: int) -> None:
            finished.append(games)
            if len(finished) == 2:
                raise Stop

        return tick

    with pytest.raises(Stop):
        build_atlas(
            params, tmp_path / "work", tmp_path / "atlas.bin", workers=1, progress=stop_after_two
        )
    assert not (tmp_path / "atlas.bin").exists()
    saved = sorted(p.name for p in (tmp_path / "work" / "done").iterdir())
    assert len(saved) == 2 and not any(name.startswith(".") for name in saved)
    resumed = build_atlas(params, tmp_path / "work", tmp_path / "atlas.bin", workers=2)
    assert resumed.resumed == 2 and resumed.games == 60
    whole = build_in_process(params, tmp_path / "whole.bin")
    assert (tmp_path / "atlas.bin").read_bytes() == whole


def test_a_work_folder_of_another_build_is_refused(tmp_path, small_tasks):
    params = plan.make_params(**SMALL)
    build_in_process(params, tmp_path / "unused.bin")
    from coop_helper.atlas.checkpoints import WorkFolder

    WorkFolder(tmp_path / "work", params).open()
    other = plan.make_params(**{**SMALL, "seed": 2})
    with pytest.raises(UserError, match="other settings"):
        build_atlas(other, tmp_path / "work", tmp_path / "atlas.bin", workers=1)


@pytest.mark.parametrize(
    ("output", "words"),
    [("missing/atlas.bin", "does not exist"), (".", "is a folder")],
)
def test_an_output_that_cannot_be_written_is_refused_before_anything_is_made(
    tmp_path, output, words
):
    params = plan.make_params(**SMALL)
    with pytest.raises(UserError, match=words):
        build_atlas(params, tmp_path / "work", tmp_path / output, workers=1)
    assert not (tmp_path / "work").exists()


def test_a_folder_that_refuses_new_files_is_found_before_the_games(tmp_path, monkeypatch):
    # as root every folder passes access(); the check makes a file, as the write will
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "NamedTemporaryFile", refuse)
    params = plan.make_params(**SMALL)
    with pytest.raises(UserError, match="cannot write in"):
        build_atlas(params, tmp_path / "work", tmp_path / "atlas.bin", workers=1)
    assert not (tmp_path / "work").exists()
    assert not list(tmp_path.iterdir())


def test_without_dask_no_work_folder_is_left_behind(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    params = plan.make_params(**SMALL)
    with pytest.raises(UserError, match=r"needs Dask"):
        build_atlas(params, tmp_path / "work", tmp_path / "atlas.bin", workers=1)
    assert not (tmp_path / "work").exists()


def test_a_finished_work_folder_is_written_out_without_dask(tmp_path, small_tasks, monkeypatch):
    from coop_helper.atlas.checkpoints import WorkFolder
    from coop_helper.atlas.work import run_task

    params = plan.make_params(**SMALL)
    expected = build_in_process(params, tmp_path / "reference.bin")
    folder = WorkFolder(tmp_path / "work", params)
    folder.open()
    for task in plan.plan_tasks(params):
        folder.save(run_task(task))
    monkeypatch.setitem(sys.modules, "distributed", None)  # no Dask needed: nothing to play
    build_atlas(params, tmp_path / "work", tmp_path / "atlas.bin", workers=1)
    assert (tmp_path / "atlas.bin").read_bytes() == expected


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_local_workers_leave_ctrl_c_to_the_build():
    """A terminal's Ctrl-C reaches every process of the build: the workers ignore it (no
    traceback from them), the build itself still stops on it."""
    import os
    import signal

    from coop_helper.atlas.build import connect

    client, cluster = connect(distributed, None, 1)
    try:
        for pid in client.run(os.getpid).values():
            status = Path(f"/proc/{pid}/status").read_text()
            ignored = int(
                next(line for line in status.splitlines() if line.startswith("SigIgn:")).split()[1],
                16,
            )
            assert ignored & (1 << (signal.SIGINT - 1)), pid
    finally:
        client.close()
        cluster.close()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_during_a_build_says_how_to_resume(tmp_path):
    """Stopped with Ctrl-C, the build says where its finished tasks are and how to go on."""
    import subprocess

    code = (
        "import sys\n"
        "import coop_helper.atlas.build as build\n"
        "def stop(params, work_dir, *args, **kwargs):\n"
        "    work_dir.mkdir()  # the work has begun\n"
        "    raise KeyboardInterrupt\n"
        "build.build_atlas = stop\n"
        "from coop_helper.cli import main\n"
        f"sys.argv = ['coop-helper', 'atlas', 'build', '--players', '1', '--work-dir', "
        f"{str(tmp_path / 'work')!r}, '-o', {str(tmp_path / 'a.bin')!r}]\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 130
    said = " ".join(done.stderr.split())
    assert (
        f"The finished tasks are saved in {tmp_path / 'work'}: run the same command to resume."
        in said
    )
    assert said.endswith("interrupted")


def test_settings_no_player_count_uses_do_not_block_a_resume():
    every = plan.make_params(players=(1,), exhaustive=(1,), games=5)
    assert plan.make_params(players=(1,), exhaustive=(1,), games=5, train_deals=0) == every
    assert plan.make_params(players=(1,), exhaustive=(1,), games=5, train_games=7) == every
    fitted = plan.make_params(players=(1,), exhaustive=(), train_deals=60, train_games=5)
    assert (
        plan.make_params(players=(1,), exhaustive=(), train_deals=60, train_games=5, games=9)
        == fitted
    )
    with pytest.raises(UserError, match="--train-deals must be 50"):  # used: still checked
        plan.make_params(players=(1,), exhaustive=(), train_deals=0)


def test_settings_a_build_does_not_use_are_named():
    """The options no player count of a build uses, for the warning the command line gives
    when one of them is given (they are kept at their defaults so a stopped build still
    resumes)."""
    fitted = plan.make_params(players=(4,), exhaustive=())
    assert list(plan.unused_settings(fitted)) == ["--games"]
    every = plan.make_params(players=(1,), exhaustive=(1,))
    assert list(plan.unused_settings(every)) == ["--train-deals", "--train-games"]
    both = plan.make_params(players=(1, 4), exhaustive=(1,))
    assert plan.unused_settings(both) == {}


def test_a_new_version_at_one_player_count_rebuilds_only_its_block(
    tmp_path, small_tasks, monkeypatch
):
    """The expert's version is kept per player count: a build over an atlas keeps each
    block made with the same settings and version, and plays only the others, to the
    bytes a build from nothing makes."""
    from coop_helper.atlas.store import AtlasFile
    from coop_helper.policies import expert_params

    settings = {**SMALL, "players": (1, 2)}
    output = tmp_path / "atlas.bin"
    first = build_atlas(plan.make_params(**settings), tmp_path / "work", output, workers=1)
    assert first.kept == () and first.games == 200
    solo = AtlasFile(output).block(1).rows
    again = build_atlas(plan.make_params(**settings), tmp_path / "work", output, workers=1)
    assert again.kept == (1, 2) and again.games == 0 and again.tasks == 0
    monkeypatch.setitem(expert_params.VERSIONS, 2, "99")
    params = plan.make_params(**settings)
    newer = build_atlas(params, tmp_path / "work", output, workers=1)
    assert newer.kept == (1,) and newer.games == 100 and newer.resumed == 0
    atlas = AtlasFile(output)
    assert atlas.header.versions == {1: expert_params.VERSIONS[1], 2: "99"}
    assert atlas.block(1).rows == solo
    assert output.read_bytes() == build_in_process(params, tmp_path / "fresh.bin")
    # other settings for a count: its block is made again, not kept
    reseeded = build_atlas(
        plan.make_params(**settings, seed=5), tmp_path / "work5", output, workers=1
    )
    assert reseeded.kept == () and reseeded.games == 200
    # --fresh: nothing kept, every count played again (its saved tasks reused)
    fresh = build_atlas(params, tmp_path / "work", output, workers=1, fresh=True)
    assert fresh.kept == () and fresh.resumed == 10 and fresh.games == 0


def test_a_work_folder_of_an_older_coop_helper_is_refused(tmp_path, small_tasks):
    """Before the versions were kept per player count, saved tasks were named without
    theirs: such a folder is refused, never replayed into or mixed in."""
    import json

    params = plan.make_params(**SMALL)
    folder = tmp_path / "work"
    (folder / "done").mkdir(parents=True)
    old = {k: v for k, v in params.to_json().items() if k != "policy_versions"}
    (folder / "params.json").write_text(json.dumps({**old, "policy_version": "3"}))
    with pytest.raises(UserError, match="made by an older coop-helper"):
        build_atlas(params, folder, tmp_path / "atlas.bin", workers=1)
