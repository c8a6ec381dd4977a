"""A tiny atlas for tests, built in-process (no Dask) from the build's own pieces."""

from __future__ import annotations

from pathlib import Path

from coop_helper.atlas.assemble import atlas_bytes
from coop_helper.atlas.plan import BuildParams, make_params, plan_tasks
from coop_helper.atlas.work import run_task

TINY = {"players": (1, 2), "exhaustive": (1,), "games": 2, "train_deals": 60,
        "train_games": 6}


def tiny_params(**changes: object) -> BuildParams:
    """Solo simulated (2 games a deal), 2 players fitted on 60 deals of 6 games."""
    return make_params(**{**TINY, **changes})  # type: ignore[arg-type]


def build_in_process(params: BuildParams, path: Path) -> bytes:
    """Play every task here, assemble, write ``path``; returns the bytes."""
    results: dict[int, list] = {p: [] for p in params.players}
    for task in plan_tasks(params):
        results[task.players].append(run_task(task))
    data = atlas_bytes(params, results)
    path.write_bytes(data)
    return data
