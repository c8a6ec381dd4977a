"""How much each contract makes a deal harder, measured on the atlas itself.

A contract's effect is measured by swapping: for every deal holding the contract and every
contract it could be swapped for, compare the deal with the swapped one. Two measures:

- the win chance with nothing removed (only between deals whose Time Piles are known; a
  contract's seal, which changes the Time Pile, is part of its effect), and
- the turns needed: the expected number of turns before the last contract is done,
  ``sum over b of (1 - win chance with b turns)`` (independent of the Time Pile).

Each effect is the mean difference with the range that holds 80% of the deals (10th to
90th percentile). Used by the build (numpy); lookups read the stored numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from coop_helper.atlas.deals import all_deals
from coop_helper.atlas.store import SCALE, PlayerBlock
from coop_helper.setup.catalog import Catalog, Seal


def turns_needed(row: bytes | Sequence[int]) -> float:
    """Expected turns needed to finish, from a stored row (capped at its length)."""
    return sum(SCALE - q for q in row) / SCALE


def deal_piles(deals: Any, catalog: Catalog, seals: Mapping[str, Seal] | None = None) -> Any:
    """The Time Pile of every deal in ``deals`` ((n, k) catalogue positions), -1 where a
    seal is unknown: base + seal numbers + distinct letters, as ``setup.deals.time_pile``."""
    import numpy as np

    seals = seals or {}
    found = [c.seal or seals.get(c.key) for c in catalog.contracts]
    letters = sorted({s.letter for s in found if s is not None})
    numbers = np.asarray([0 if s is None else s.number for s in found], dtype=np.int64)
    letter_bits = np.asarray(
        [0 if s is None else 1 << letters.index(s.letter) for s in found], dtype=np.int64
    )
    unknown = np.asarray([s is None for s in found])
    in_deal = np.bitwise_or.reduce(letter_bits[deals], axis=1)
    distinct = sum((in_deal >> bit) & 1 for bit in range(len(letters)))
    piles = catalog.time_pile_base + numbers[deals].sum(axis=1) + distinct
    return np.where(unknown[deals].any(axis=1), -1, piles)


def block_effects(
    block: PlayerBlock, catalog: Catalog, seals: Mapping[str, Seal] | None = None
) -> list[dict[str, float]]:
    """:func:`contract_effects` of a stored block, its deals' Time Piles from ``seals``
    where the card data lacks a seal (a recorded blue seal rates its contract)."""
    import numpy as np

    size = catalog.contracts_by_players[block.players]
    deals = np.asarray(list(all_deals(size, len(catalog.contracts))), dtype=np.int64)
    stored = np.frombuffer(block.rows, dtype=np.uint8).reshape(block.deals, block.width)
    piles = deal_piles(deals, catalog, seals)
    wins = contract_effects(deals, stored[:, 1:], piles, len(catalog.contracts), turns=False)
    measured = block.info.get("effects", {})
    return [
        {**wins[i], **{k: v for k, v in measured.get(c.key, {}).items() if k.startswith("turns")}}
        for i, c in enumerate(catalog.contracts)
    ]


def _masks(deals: Any) -> Any:
    import numpy as np

    return (np.left_shift(1, deals)).sum(axis=1)


def contract_effects(
    deals: Any, rows: Any, piles: Any, contracts: int, *, turns: bool = True
) -> list[dict[str, float]]:
    """Per contract (catalogue order): mean effect and 80% range on win chance and turns.

    ``deals``: (n, k) catalogue positions in deal-number order; ``rows``: (n, turns + 1)
    stored bytes; ``piles``: (n,) Time Pile per deal, -1 where a seal is unknown. Without
    ``turns``, the win chance alone (the turns needed do not depend on the seals).
    """
    import numpy as np

    n = deals.shape[0]
    masks = _masks(deals)
    index_of = np.full(1 << contracts, -1, dtype=np.int64)
    index_of[masks] = np.arange(n)
    win = np.where(piles >= 0, rows[np.arange(n), np.clip(piles, 0, rows.shape[1] - 1)], -1)
    win = win.astype(np.float64)
    known = piles >= 0
    need = (SCALE - rows.astype(np.float64)).sum(axis=1) / SCALE if turns else None
    found: list[dict[str, float]] = []
    for c in range(contracts):
        holders = np.flatnonzero((masks >> c) & 1)
        win_diffs: list[Any] = []
        turn_diffs: list[Any] = []
        for other in range(contracts):
            free = holders[((masks[holders] >> other) & 1) == 0]
            if free.size == 0:
                continue
            swapped = index_of[masks[free] - (1 << c) + (1 << other)]
            if need is not None:
                turn_diffs.append(need[free] - need[swapped])
            both = known[free] & known[swapped]
            win_diffs.append((win[free][both] - win[swapped][both]) / SCALE)
        found.append({**_summary("win", win_diffs), **_summary("turns", turn_diffs)})
    return found


def _summary(name: str, parts: list[Any]) -> dict[str, float]:
    import numpy as np

    values = np.concatenate(parts) if parts else np.zeros(0)
    if values.size == 0:
        return {}
    low, high = np.percentile(values, [10, 90])
    return {
        name: round(float(values.mean()), 4),
        f"{name}_low": round(float(low), 4),
        f"{name}_high": round(float(high), 4),
        f"{name}_pairs": int(values.size),
    }
