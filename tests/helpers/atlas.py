"""A tiny atlas for tests, built in-process (no Dask) from the build's own pieces."""

from __future__ import annotations

from pathlib import Path

from coop_helper.atlas.assemble import atlas_bytes
from coop_helper.atlas.plan import BuildParams, make_params, plan_tasks
from coop_helper.atlas.work import run_task

TINY = {"players": (1, 2), "exhaustive": (1,), "games": 2, "train_deals": 60, "train_games": 6}


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


HARD = 0  # catalogue position of the contract the synthetic atlas makes hardest


def synthetic_location(deal: tuple[int, ...]) -> int:
    """Turns at which a synthetic deal's win chance starts to rise."""
    return 8 + 6 * (HARD in deal) + sum(deal) % 3


def synthetic_wins(deal: tuple[int, ...], turns: int, games: int = 100) -> tuple[int, ...]:
    """Wins per number of turns: 0 up to the location, then rising over 8 turns."""
    start = synthetic_location(deal)
    return tuple(max(0, min(games, games * (b - start) // 8)) for b in range(turns + 1))


def synthetic_atlas(path: Path, players: tuple[int, ...] = (1, 2)) -> BuildParams:
    """An atlas of made-up but known win chances (no simulation), every deal 'simulated'."""
    from coop_helper.atlas.deals import all_deals
    from coop_helper.atlas.work import TaskResult
    from coop_helper.setup.catalog import load_catalog

    params = make_params(players=players, exhaustive=players, games=100)
    catalog = load_catalog()
    results: dict[int, list] = {}
    for task in plan_tasks(params):
        size = catalog.contracts_by_players[task.players]
        deals = list(all_deals(size, len(catalog.contracts)))
        wins = tuple(synthetic_wins(deals[d], task.turns) for d in task.deals)
        results.setdefault(task.players, []).append(
            TaskResult(task.key, task.players, task.first, task.deals, task.games, wins)
        )
    path.write_bytes(atlas_bytes(params, results))
    return params
