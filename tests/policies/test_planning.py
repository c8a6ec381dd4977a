"""The expert's team planning: who goes for which contract, and which persons they want."""

from coop_helper.engine.cards import (
    CAPTAIN,
    EXPEDITION,
    MADEMOISELLE,
    PRIEST,
    SETTLER,
    build_deck,
)
from coop_helper.engine.state import Table
from coop_helper.policies.expert_params import BASELINE, PARAMS, ExpertParams
from coop_helper.policies.planning import assign_contracts, expedition_missing, last_seat
from coop_helper.setup.catalog import load_catalog


def table_for(players: int, *names: str) -> Table:
    contracts = load_catalog().contracts_for(names)
    return Table(build_deck(players), contracts, players)


def expedition(needs: dict[int, int]) -> int:
    """The card id of the expedition that needs exactly these persons."""
    deck = build_deck(2)
    for card in range(deck.size):
        if deck.type[card] == EXPEDITION and dict(deck.needs[card]) == needs:
            return card
    raise AssertionError(f"no expedition needs {needs}")


def test_explorer_aims_at_the_nearest_expedition_only_without_slack():
    table = table_for(2, "Explorer", "Fighter", "Jinx", "Cheap Staff", "Comedian")
    player = table.players[0]
    player.abilities[CAPTAIN] = 1
    table.expedition_row = [expedition({CAPTAIN: 2}), expedition({PRIEST: 2})]
    assert expedition_missing(table, player) == {CAPTAIN}
    assert expedition_missing(table, player, slack=1) == {CAPTAIN, PRIEST}


def test_every_equally_near_expedition_counts():
    table = table_for(2, "Explorer", "Fighter", "Jinx", "Cheap Staff", "Comedian")
    player = table.players[0]
    table.expedition_row = [expedition({CAPTAIN: 2}), expedition({SETTLER: 2})]
    assert expedition_missing(table, player) == {CAPTAIN, SETTLER}


def test_nothing_is_missing_when_an_expedition_can_be_claimed():
    table = table_for(2, "Explorer", "Fighter", "Jinx", "Cheap Staff", "Comedian")
    player = table.players[0]
    player.abilities[PRIEST] = 2
    table.expedition_row = [expedition({PRIEST: 2}), expedition({CAPTAIN: 2})]
    assert expedition_missing(table, player, slack=2) == frozenset()


def owner(plan: list[list[str]], key: str) -> int:
    return next(i for i, keys in enumerate(plan) if key in keys)


def test_a_sticky_plan_keeps_a_contract_with_its_player():
    table = table_for(2, "Lady Killer", "Fighter", "Jinx", "Cheap Staff", "Comedian")
    table.players[1].abilities[MADEMOISELLE] = 1  # player 1 is a little closer now
    previous = [["lady_killer"], []]
    assert owner(assign_contracts(table, previous, sticky=0.0), "lady_killer") == 1
    assert owner(assign_contracts(table, previous, sticky=3.0), "lady_killer") == 0
    table.players[1].abilities[CAPTAIN] = 1  # now far ahead: the plan changes after all
    assert owner(assign_contracts(table, previous, sticky=3.0), "lady_killer") == 1


def test_a_contract_met_by_hiring_goes_to_the_player_with_coins():
    table = table_for(2, "Lady Killer", "Fighter", "Jinx", "Cheap Staff", "Comedian")
    table.players[0].coins, table.players[1].coins = 1, 12
    assert owner(assign_contracts(table, coin_weight=0.0), "lady_killer") == 0
    assert owner(assign_contracts(table, coin_weight=1.0), "lady_killer") == 1


def test_pack_of_pirates_goes_to_the_seat_of_the_last_turn_among_those_tied():
    table = table_for(3, "Pack of Pirates", "Fighter", "Jinx", "Cheap Staff", "Comedian")
    assert owner(assign_contracts(table), "pack_of_pirates") == 0  # the first of the tied
    for seat in range(3):
        assert owner(assign_contracts(table, pack_seat=seat), "pack_of_pirates") == seat
    table.players[1].swords = 4  # no longer a tie: the nearer player gets it
    assert owner(assign_contracts(table, pack_seat=2), "pack_of_pirates") == 1
    # only Pack of Pirates follows the clock
    assert owner(assign_contracts(table, pack_seat=2), "comedian") == owner(
        assign_contracts(table), "comedian"
    )


def test_the_last_turn_falls_to_the_seat_the_time_pile_reaches():
    table = table_for(2, "Pack of Pirates", "Fighter", "Jinx", "Cheap Staff", "Comedian")
    table.turn, table.time_size = 0, 18  # before the first turn: 18 turns, seat 1 last
    assert last_seat(table) == 1
    table.turn, table.time_size = 1, 17  # during the first: the same
    assert last_seat(table) == 1
    table.time_size = 16  # a Tax Increase moved a card
    assert last_seat(table) == 0


def test_every_player_count_has_its_constants():
    assert set(PARAMS) == {1, 2, 3, 4, 5}
    assert all(isinstance(p, ExpertParams) for p in PARAMS.values())
    assert ExpertParams() == BASELINE
