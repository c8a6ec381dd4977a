"""Deal numbering: every deal once, numbers and deals convert both ways."""

from math import comb

import pytest

from coop_helper.atlas.deals import all_deals, deal_at, deal_count, deal_index, positions
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import deal


@pytest.mark.parametrize(
    ("players", "count"), [(1, 816), (2, 8568), (3, 31824), (4, 48620), (5, 31824)]
)
def test_deal_counts_match_the_issue(players, count):
    assert deal_count(players) == count


@pytest.mark.parametrize("size", [3, 5])
def test_all_deals_are_numbered_in_order_and_round_trip(size):
    deals = list(all_deals(size, 18))
    assert len(deals) == comb(18, size) == len(set(deals))
    for number, found in enumerate(deals):
        assert deal_index(found) == number
        assert deal_at(number, size, 18) == found


def test_deal_index_ignores_order_and_rejects_repeats():
    assert deal_index((5, 1, 9)) == deal_index((1, 5, 9))
    with pytest.raises(ValueError):
        deal_index((1, 1, 2))
    with pytest.raises(ValueError):
        deal_at(comb(18, 3), 3, 18)


def test_positions_of_a_dealt_game_are_catalogue_positions():
    catalog = load_catalog()
    contracts = deal(3, 11)
    found = positions(contracts)
    assert sorted(catalog.contracts[i].key for i in found) == sorted(c.key for c in contracts)
