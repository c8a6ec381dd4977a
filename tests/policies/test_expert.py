"""The expert's coin values and constants (benchmarks/strength/strength.py measures its play)."""

import random

from coop_helper.engine.cards import build_deck
from coop_helper.engine.state import Table
from coop_helper.policies.expert import TAX_HOLD, ExpertPolicy
from coop_helper.policies.expert_params import ExpertParams
from coop_helper.policies.planning import Wants
from coop_helper.setup.catalog import load_catalog

NAMES = ("Lady Killer", "Fighter", "Jinx", "Cheap Staff", "Comedian")


def started(params: ExpertParams) -> tuple[ExpertPolicy, Table]:
    table = Table(build_deck(2), load_catalog().contracts_for(NAMES), 2)
    policy = ExpertPolicy({2: params})
    policy.start_game(table, random.Random(0))
    return policy, table


def test_a_coin_that_risks_the_tax_is_worth_less():
    policy, table = started(ExpertParams(tax_coin=0.2, idle_coin=0.7, rich_coin=0.4))
    player = table.players[0]
    player.coins = TAX_HOLD - 1
    assert policy.coin_value(player, Wants()) == 0.4
    player.coins = TAX_HOLD
    assert policy.coin_value(player, Wants()) == 0.2


def test_a_player_saving_for_a_money_contract_still_wants_coins():
    policy, table = started(ExpertParams(tax_coin=0.2))
    player = table.players[0]
    player.coins = TAX_HOLD + 2
    assert policy.coin_value(player, Wants(coins=15)) == 1.2


def test_the_fee_is_a_transfer_with_team_fee():
    for team_fee, expected in ((False, 0.7), (True, 0.7 - 1.0)):
        policy, table = started(ExpertParams(team_fee=team_fee, idle_coin=0.7))
        policy._coin = [1.0, 0.7]  # the active player 0 needs coins, player 1 does not
        assert policy._fees(table, table.players[0])[1] == expected


def test_explorer_saves_only_when_asked():
    for saves, expected in ((False, 0.7), (True, 1.0)):
        policy, table = started(ExpertParams(explorer_saves=saves, idle_coin=0.7))
        player = table.players[0]
        player.coins = 3
        assert policy.coin_value(player, Wants(expedition=True)) == expected


def test_pack_of_pirates_by_the_clock_splits_the_games_by_the_seat_of_the_last_turn():
    """One game answers every removal level whose last turn falls to the same seat."""
    from coop_helper.policies.expert_params import PARAMS

    keys = ["pack_of_pirates", "fighter", "jinx", "cheap_staff", "comedian"]
    assert ExpertPolicy().clock_seats(2, keys) == (2 if PARAMS[2].pack_clock else 1)
    clocked = ExpertPolicy({**PARAMS, 2: ExpertParams(pack_clock=True)})
    assert clocked.clock_seats(2, keys) == 2
    assert clocked.clock_seats(2, keys[1:]) == 1  # no Pack of Pirates: one kind of game
    assert clocked.clock_seats(3, keys) == (3 if PARAMS[3].pack_clock else 1)


def test_a_set_seat_for_pack_of_pirates_overrides_the_clock():
    """A fixed seat does not depend on the turns left: one game answers every level."""
    from coop_helper.policies.expert_params import PARAMS

    keys = ["pack_of_pirates", "fighter", "jinx", "cheap_staff", "comedian"]
    fixed = ExpertPolicy({**PARAMS, 2: ExpertParams(pack_clock=True, pack_seat=1)})
    assert fixed.clock_seats(2, keys) == 1
    policy, _ = started(ExpertParams(pack_clock=True, pack_seat=1))
    assert policy._pack_seat() == 1
    policy, _ = started(ExpertParams(pack_clock=True))
    assert policy._pack_seat() == policy._last_seat
    policy, _ = started(ExpertParams())
    assert policy._pack_seat() is None
