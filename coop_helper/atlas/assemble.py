"""Turn a build's finished tasks into the atlas file's bytes, in a fixed order.

Simulated player counts store each deal's measured win chances; the others store what
the model fitted on their training deals predicts for every deal. The same results always
give the same bytes, however and in whatever order the tasks were played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from coop_helper.atlas.deals import all_deals, deal_at
from coop_helper.atlas.effects import contract_effects, deal_piles
from coop_helper.atlas.model import fit_model, predict_rows
from coop_helper.atlas.plan import BuildParams, games_per_deal, turns_stored
from coop_helper.atlas.store import (
    ROWS_METHOD,
    AtlasHeader,
    PlayerBlock,
    encode_atlas,
    quantise,
)
from coop_helper.atlas.work import TaskResult
from coop_helper.setup.catalog import Catalog, load_catalog


def measured_rows(results: Sequence[TaskResult]) -> bytes:
    """Rows of quantised win chances from simulated deals, in the results' order."""
    out = bytearray()
    for result in results:
        for wins in result.wins:
            out += bytes(quantise(w, result.games) for w in wins)
    return bytes(out)


def player_block(
    params: BuildParams, players: int, results: Sequence[TaskResult], catalog: Catalog
) -> PlayerBlock:
    """The block of one player count from its tasks' results (in plan order)."""
    import numpy as np

    size = catalog.contracts_by_players[players]
    n_contracts = len(catalog.contracts)
    turns = turns_stored(params, players, catalog)
    deals = np.asarray(list(all_deals(size, n_contracts)), dtype=np.int64)
    games = games_per_deal(params, players)
    info: dict[str, Any] = {"games_per_deal": games}
    if players in params.exhaustive:
        rows = measured_rows(results)
        info["method"] = "simulated"
    else:
        train = [deal_at(d, size, n_contracts) for r in results for d in r.deals]
        wins = [w for r in results for w in r.wins]
        model = fit_model(train, wins, games, n_contracts)
        rows = predict_rows(model, deals, turns)
        info.update(method="model", train_deals=len(train), model=model.to_json())
    table = np.frombuffer(rows, dtype=np.uint8).reshape(len(deals), turns + 1)
    piles = deal_piles(deals, catalog)
    effects = contract_effects(deals, table, piles, n_contracts)
    info["effects"] = {c.key: e for c, e in zip(catalog.contracts, effects, strict=True)}
    pile_column = np.clip(piles, 0, 255).astype(np.uint8)[:, None]
    stored = np.concatenate([pile_column, table], axis=1).tobytes()
    return PlayerBlock(players, len(deals), turns, stored, info)


def atlas_bytes(
    params: BuildParams,
    results: Mapping[int, Sequence[TaskResult]],
    catalog: Catalog | None = None,
    kept: Mapping[int, PlayerBlock] | None = None,
) -> bytes:
    """The atlas file for a finished build: ``results`` per player count, in plan order,
    and the ``kept`` blocks of the atlas it replaces for the counts it did not play."""
    catalog = catalog or load_catalog()
    kept = kept or {}
    blocks = {
        p: kept[p] if p in kept else player_block(params, p, results[p], catalog)
        for p in params.players
    }
    header = AtlasHeader(
        policy=params.policy,
        versions={p: params.version_at(p) for p in params.players},
        contracts=tuple(c.key for c in catalog.contracts),
        build={**params.to_json(), "method": ROWS_METHOD},
        players={},
    )
    return encode_atlas(header, blocks)
