"""Every co-op deal of a player count, numbered.

A deal is a set of contracts, written as the sorted tuple of their positions in the
catalogue (``data/contracts.toml`` order). The deals of one player count are numbered
0, 1, ... by the combinatorial number system (colexicographic order): the deal
``c_1 < c_2 < ... < c_k`` has number ``C(c_1, 1) + C(c_2, 2) + ... + C(c_k, k)``. The
numbering needs no table and is the same on every machine.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import comb

from coop_helper.setup.catalog import Catalog, Contract, load_catalog

Deal = tuple[int, ...]
"""Catalogue positions of a deal's contracts, ascending."""


def deal_size(players: int, catalog: Catalog | None = None) -> int:
    """How many contracts are face up for this many players."""
    return (catalog or load_catalog()).contracts_by_players[players]


def deal_count(players: int, catalog: Catalog | None = None) -> int:
    """How many different deals there are for this many players."""
    catalog = catalog or load_catalog()
    return comb(len(catalog.contracts), deal_size(players, catalog))


def deal_index(deal: Sequence[int]) -> int:
    """The number of a deal (catalogue positions, any order) among the deals of its size."""
    ordered = sorted(deal)
    if len(set(ordered)) != len(ordered) or (ordered and ordered[0] < 0):
        raise ValueError(f"not a deal: {deal!r}")
    return sum(comb(position, rank) for rank, position in enumerate(ordered, start=1))


def deal_at(index: int, size: int, contracts: int) -> Deal:
    """The deal of ``size`` contracts out of ``contracts`` with this number."""
    if not 0 <= index < comb(contracts, size):
        raise ValueError(f"deal number {index} is out of range")
    found: list[int] = []
    position = contracts - 1
    for rank in range(size, 0, -1):
        while comb(position, rank) > index:
            position -= 1
        found.append(position)
        index -= comb(position, rank)
        position -= 1
    return tuple(reversed(found))


def all_deals(size: int, contracts: int) -> Iterator[Deal]:
    """Every deal of ``size`` contracts out of ``contracts``, in number order."""
    deal = list(range(size))
    while True:
        yield tuple(deal)
        # colexicographic successor: raise the lowest position that can rise
        for rank in range(size):
            limit = deal[rank + 1] if rank + 1 < size else contracts
            if deal[rank] + 1 < limit:
                deal[rank] += 1
                deal[:rank] = range(rank)
                break
        else:
            return


def positions(contracts: Sequence[Contract], catalog: Catalog | None = None) -> Deal:
    """The deal (catalogue positions) of these contracts."""
    catalog = catalog or load_catalog()
    where = {c.key: i for i, c in enumerate(catalog.contracts)}
    return tuple(sorted(where[c.key] for c in contracts))


def contracts_of(deal: Sequence[int], catalog: Catalog | None = None) -> tuple[Contract, ...]:
    """The contracts of a deal, in catalogue order."""
    catalog = catalog or load_catalog()
    return tuple(catalog.contracts[i] for i in sorted(deal))
