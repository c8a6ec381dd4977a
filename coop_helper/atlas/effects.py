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

from collections.abc import Sequence
from typing import Any

from coop_helper.atlas.store import SCALE


def turns_needed(row: bytes | Sequence[int]) -> float:
    """Expected turns needed to finish, from a stored row (capped at its length)."""
    return sum(SCALE - q for q in row) / SCALE


def _masks(deals: Any) -> Any:
    import numpy as np

    return (np.left_shift(1, deals)).sum(axis=1)


def contract_effects(deals: Any, rows: Any, piles: Any, contracts: int) -> list[dict[str, float]]:
    """Per contract (catalogue order): mean effect and 80% range on win chance and turns.

    ``deals``: (n, k) catalogue positions in deal-number order; ``rows``: (n, turns + 1)
    stored bytes; ``piles``: (n,) Time Pile per deal, -1 where a seal is unknown.
    """
    import numpy as np

    n = deals.shape[0]
    masks = _masks(deals)
    index_of = np.full(1 << contracts, -1, dtype=np.int64)
    index_of[masks] = np.arange(n)
    win = np.where(piles >= 0, rows[np.arange(n), np.clip(piles, 0, rows.shape[1] - 1)], -1)
    win = win.astype(np.float64)
    known = piles >= 0
    need = (SCALE - rows.astype(np.float64)).sum(axis=1) / SCALE
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
