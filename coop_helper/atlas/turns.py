"""The numbers of turns a deal can have: its Time Pile, or the range its unknown seals allow."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from coop_helper.atlas.deals import all_deals, contracts_of, deal_size
from coop_helper.setup.catalog import Catalog, Contract, Seal, load_catalog
from coop_helper.setup.deals import time_pile


def pile_bounds(
    contracts: Sequence[Contract],
    seals: Mapping[str, Seal] | None = None,
    catalog: Catalog | None = None,
) -> tuple[int, int]:
    """The smallest and largest Time Pile these contracts can make (equal when known)."""
    pile = time_pile(contracts, seals, catalog)
    if pile.size is not None:
        return pile.size, pile.size
    assert pile.size_range is not None
    return pile.size_range


def known_pile(
    contracts: Sequence[Contract],
    seals: Mapping[str, Seal] | None = None,
    catalog: Catalog | None = None,
) -> int | None:
    """The Time Pile, or None while a seal is unknown."""
    return time_pile(contracts, seals, catalog).size


def _cap(players: int, catalog: Catalog) -> int:
    size = deal_size(players, catalog)
    return max(
        pile_bounds(contracts_of(deal, catalog), None, catalog)[1]
        for deal in all_deals(size, len(catalog.contracts))
    )


def deal_turn_cap(players: int, catalog: Catalog | None = None) -> int:
    """The largest Time Pile any deal of this player count can have (seals unknown at most)."""
    if catalog is None:
        return _shipped_cap(players)
    return _cap(players, catalog)


@functools.cache
def _shipped_cap(players: int) -> int:
    return _cap(players, load_catalog())
