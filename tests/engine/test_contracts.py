"""Each contract: a case where it triggers and a near miss where it must not."""

from __future__ import annotations

import pytest
from helpers.engine import Scripted, card, give, notes, rig, set_coins, stack, to_harbour, turn

OPEN = "jinx"  # a contract nobody completes in these tests, so the game goes on


def _completions(game):
    return [(e["player"], e["contract"], e["coins"]) for e in notes(game, "complete")]


def _take_time_turn(game, *persons_by_player, players=None):
    """Give persons, then play one quiet turn (a person from the Time Pile, nobody takes)."""
    for player, persons in enumerate(persons_by_player):
        give(game, player, *persons)
    stack(game, time=[card(game, "Priest 4->1", 4)])
    turn(game)


PAIRS = [
    ("lady_killer", ("Captain 4->1", "Mademoiselle 7->2"), 3),
    ("trade_outpost", ("Settler 4->1", "Clerk (yellow) 4->1"), 4),
    ("comedian", ("Priest 4->1", "Jester 7->2"), 4),
    ("new_colony", ("Settler 4->1", "Gunner 4->1"), 3),
    ("maritime_supremacy", ("Captain 4->1", "Vice Admiral 5->1"), 4),
]


@pytest.mark.parametrize(("key", "persons", "coins"), PAIRS)
def test_two_person_contracts_complete_at_take_time(key, persons, coins):
    game = rig([key, OPEN])
    _take_time_turn(game, [card(game, n) for n in persons])
    assert _completions(game) == [(0, key, coins)]
    assert game.table.players[0].coins == 3 + coins


@pytest.mark.parametrize(("key", "persons", "coins"), PAIRS)
def test_two_person_contracts_near_miss_one_person_and_a_jack(key, persons, coins):
    game = rig([key, OPEN])
    _take_time_turn(game, [card(game, persons[1]), card(game, "Jack of all Trades 6->1")])
    assert _completions(game) == []
    assert game.policy.asked_about("complete") == []


def test_explorer_needs_an_expedition_in_the_display():
    game = rig(["explorer", OPEN])
    _take_time_turn(game, [card(game, "Expedition 2 Captain (2 coins, 4 VP)")])
    assert _completions(game) == [(0, "explorer", 2)]
    game = rig(["explorer", OPEN])
    _take_time_turn(game, [card(game, "Captain 4->1"), card(game, "Captain 4->1", 1)])
    assert _completions(game) == []


def test_trader_prince_two_traders_of_any_colours_near_miss_one():
    game = rig(["trader_prince", OPEN])
    _take_time_turn(game, [card(game, "Trader (red) 3->1"), card(game, "Trader (blue) 5->2")])
    assert _completions(game) == [(0, "trader_prince", 3)]
    game = rig(["trader_prince", OPEN])
    _take_time_turn(game, [card(game, "Trader (red) 3->1"), card(game, "Clerk (red) 6->2")])
    assert _completions(game) == []


def test_fighter_three_swords_near_miss_two():
    game = rig(["fighter", OPEN])
    _take_time_turn(game, [card(game, "Sailor 3->1"), card(game, "Pirate 5->1")])
    assert _completions(game) == [(0, "fighter", 3)]
    game = rig(["fighter", OPEN])
    _take_time_turn(
        game,
        [
            card(game, "Pirate 5->1"),
            card(game, "Gunner 8->3"),
            card(game, "Vice Admiral 9->3"),
            card(game, "Clerk (green) 9->3"),
        ],
    )
    assert game.table.players[0].swords == 2
    assert _completions(game) == []


def test_cheap_staff_four_printed_cost_three_persons():
    game = rig(["cheap_staff", OPEN])
    cheap = [card(game, "Sailor 3->1", i) for i in range(3)] + [card(game, "Trader (red) 3->1")]
    _take_time_turn(game, cheap)
    assert _completions(game) == [(0, "cheap_staff", 5)]


def test_cheap_staff_near_miss_a_discounted_person_does_not_count():
    game = rig(["cheap_staff", OPEN])
    persons = [card(game, "Sailor 3->1", i) for i in range(3)]
    persons += [card(game, "Mademoiselle 7->2"), card(game, "Settler 4->1")]  # 4 - 1 = 3
    _take_time_turn(game, persons)
    assert _completions(game) == []


def _tax_turn(game, coins):
    for player, n in enumerate(coins):
        set_coins(game, player, n)
    stack(game, time=[card(game, "Tax Increase (most swords)")])
    turn(game)


def test_tax_officer_is_decided_at_once_by_each_taxed_player():
    game = rig(["tax_officer", OPEN], players=3, policy=Scripted(complete=[False, True]))
    _tax_turn(game, [12, 5, 20])
    assert game.policy.asked_about("complete") == [(0, "tax_officer"), (2, "tax_officer")]
    assert _completions(game) == [(2, "tax_officer", 7)]
    assert game.table.players[2].coins == 10 + 7 + 1


def test_tax_officer_near_miss_eleven_coins():
    game = rig(["tax_officer", OPEN])
    _tax_turn(game, [11])
    assert game.policy.asked_about("complete") == []


def _foe_game(key, declines, ship_label, trader_label):
    game = rig([key, OPEN])
    give(game, 0, card(game, trader_label))
    ships = [card(game, ship_label, i) for i in range(declines)]
    game.policy.answers["decline_coins"] = True
    for ship in ships:
        game.policy.answers["choose_take"] = [ship]
        stack(game, time=[ship])
        turn(game)
    return game


def test_frigate_foe_markers_then_completes_on_the_third_decline():
    game = _foe_game("frigate_foe", 2, "Frigate 1/1", "Trader (red) 3->1")
    player = game.table.players[0]
    assert player.markers == {"frigate_foe": 2}
    assert player.coins == 3  # no ship coins, no trader bonus
    assert player.cubes_free() == 2
    game = _foe_game("frigate_foe", 3, "Frigate 1/1", "Trader (red) 3->1")
    player = game.table.players[0]
    assert _completions(game) == [(0, "frigate_foe", 8)]
    assert player.markers == {} and player.coins == 3 + 8


def test_galleon_foe_completes_on_the_second_decline():
    game = _foe_game("galleon_foe", 1, "Galleon 1/2", "Trader (black) 3->1")
    assert game.table.players[0].markers == {"galleon_foe": 1}
    assert _completions(game) == []
    game = _foe_game("galleon_foe", 2, "Galleon 1/2", "Trader (black) 3->1")
    assert _completions(game) == [(0, "galleon_foe", 6)]


def test_foe_taking_the_coins_makes_no_progress():
    game = rig(["frigate_foe", OPEN])
    ship = card(game, "Frigate 2/3")
    game.policy.answers.update(decline_coins=False, choose_take=[ship])
    stack(game, time=[ship])
    turn(game)
    assert game.policy.asked_about("decline_coins") == [(0, "frigate_foe")]
    assert game.table.players[0].markers == {}
    assert game.table.players[0].coins == 5


def test_foe_is_not_offered_for_another_colour():
    game = rig(["frigate_foe", OPEN])
    ship = card(game, "Galleon 1/2")
    game.policy.answers["choose_take"] = [ship]
    stack(game, time=[ship])
    turn(game)
    assert game.policy.asked_about("decline_coins") == []


def test_jinx_is_decided_at_once_when_the_active_player_busts():
    game = rig(["jinx", "fighter"], players=2, policy=Scripted(draw=[True]))
    stack(game, time=[card(game, "Skiff 1/1")], draw=[card(game, "Skiff 2/1")])
    turn(game)
    assert game.policy.asked_about("complete") == [(0, "jinx")]
    assert _completions(game) == [(0, "jinx", 1)]


def test_jinx_near_miss_no_bust_and_never_at_take_time():
    game = rig(["jinx", "fighter"], players=2, policy=Scripted(draw=[True]))
    stack(game, time=[card(game, "Skiff 1/1")], draw=[card(game, "Flute 2/1")])
    turn(game)
    assert game.policy.asked_about("complete") == []


def test_pack_of_pirates_sets_aside_the_first_ship_of_each_colour():
    game = rig(["pack_of_pirates", OPEN], policy=Scripted(draw=True, repel=True))
    give(game, 0, card(game, "Pirate 5->1"))
    ships = [
        card(game, n)
        for n in ("Pinnace 1/1", "Flute 1/1", "Pinnace 2/1", "Skiff 1/1", "Frigate 1/1")
    ]
    stack(game, time=[ships[0]], draw=[*ships[1:], card(game, "Settler 4->1")])
    game.policy.answers["draw_again"] = [True] * 4 + [False]
    turn(game)
    player = game.table.players[0]
    assert sorted(player.aside.values()) == sorted([ships[0], ships[1], ships[3], ships[4]])
    assert ships[2] in game.table.discard  # second yellow: not kept
    assert _completions(game) == []


def test_pack_of_pirates_completes_with_the_fifth_colour():
    game = rig(["pack_of_pirates", OPEN], policy=Scripted(repel=True))
    give(game, 0, card(game, "Pirate 5->1"))
    ships = [
        card(game, n)
        for n in ("Pinnace 1/1", "Flute 1/1", "Skiff 1/1", "Frigate 1/1", "Galleon 1/2")
    ]
    stack(game, time=ships[:1], draw=ships[1:])
    game.policy.answers["draw_again"] = [True] * 4
    turn(game)
    player = game.table.players[0]
    assert _completions(game) == [(0, "pack_of_pirates", 3)]
    assert player.aside == {} and set(ships) <= set(game.table.discard)


def test_pack_of_pirates_only_for_the_active_player_who_repels():
    game = rig(["pack_of_pirates", OPEN], players=2, policy=Scripted(repel=False))
    give(game, 0, card(game, "Pirate 5->1"))
    stack(game, time=[card(game, "Pinnace 1/1")])
    turn(game)
    assert game.table.players[0].aside == {}


def _colour_turn(game, names, draw_answers=None):
    ships = [card(game, n) for n in names]
    stack(game, time=ships[:1], draw=ships[1:])
    game.policy.answers["draw_again"] = [True] * (len(ships) - 1)
    turn(game)


def test_gamester_four_colours_decided_at_once():
    game = rig(["gamester", OPEN], players=2)
    _colour_turn(game, ["Pinnace 1/1", "Flute 1/1", "Skiff 1/1", "Frigate 1/1"])
    assert game.policy.asked_about("complete") == [(0, "gamester")]
    assert _completions(game) == [(0, "gamester", 2)]


def test_gamester_near_miss_three_colours():
    game = rig(["gamester", OPEN])
    _colour_turn(game, ["Pinnace 1/1", "Flute 1/1", "Skiff 1/1"])
    assert game.policy.asked_about("complete") == []


def test_gamester_declined_is_not_completed_at_take_time():
    game = rig(["gamester", OPEN], policy=Scripted(complete=False))
    _colour_turn(game, ["Pinnace 1/1", "Flute 1/1", "Skiff 1/1", "Frigate 1/1"])
    assert game.policy.asked_about("complete") == [(0, "gamester")]
    assert _completions(game) == []


def test_tiny_gamester_marker_first_then_completes_on_a_later_turn():
    game = rig(["tiny_gamester", OPEN])
    _colour_turn(game, ["Pinnace 1/1", "Flute 1/1", "Skiff 1/1", "Frigate 1/1"])
    player = game.table.players[0]
    assert player.markers == {"tiny_gamester": 1}
    assert _completions(game) == []  # the 4th colour on the same turn is no second sighting
    _colour_turn(game, ["Pinnace 2/1", "Flute 2/1", "Skiff 2/1"])
    assert _completions(game) == [(0, "tiny_gamester", 2)]
    assert game.policy.asked_about("complete") == [(0, "tiny_gamester")]


def test_tiny_gamester_near_miss_two_colours():
    game = rig(["tiny_gamester", OPEN])
    _colour_turn(game, ["Pinnace 1/1", "Flute 1/1"])
    assert game.table.players[0].markers == {}


def test_tiny_gamester_needs_the_marker_players_own_turn():
    game = rig(["tiny_gamester", OPEN], players=2)
    _colour_turn(game, ["Pinnace 1/1", "Flute 1/1", "Skiff 1/1"])
    _colour_turn(game, ["Pinnace 2/1", "Flute 2/1", "Skiff 2/1"])  # P2's turn
    assert _completions(game) == []
    assert game.table.players[0].markers == {"tiny_gamester": 1}
    assert game.table.players[1].markers == {"tiny_gamester": 1}


@pytest.mark.parametrize("key", ["tiny_royal_household", "ransom"])
def test_blue_seal_with_twelve_victory_points_pays_nothing(key):
    game = rig([key, OPEN])
    persons = [card(game, "Admiral 9->3", i) for i in range(2)]
    persons += [card(game, "Mademoiselle 9->3", i) for i in range(2)]
    _take_time_turn(game, persons)
    assert _completions(game) == [(0, key, 0)]
    assert game.table.players[0].coins == 3


@pytest.mark.parametrize("key", ["tiny_royal_household", "ransom"])
def test_blue_seal_pays_fifteen_coins_to_the_discard_pile(key):
    game = rig([key, OPEN])
    set_coins(game, 0, 16)
    discard_before = len(game.table.discard)
    _take_time_turn(game, [])
    assert _completions(game) == [(0, key, 0)]
    assert game.table.players[0].coins == 1
    assert len(game.table.discard) == discard_before + 15 + 1  # coins, then the harbour


@pytest.mark.parametrize("key", ["tiny_royal_household", "ransom"])
def test_blue_seal_near_miss_eleven_points_fourteen_coins(key):
    game = rig([key, OPEN])
    set_coins(game, 0, 14)
    _take_time_turn(
        game,
        [card(game, "Admiral 9->3", i) for i in range(2)]
        + [card(game, "Mademoiselle 9->3"), card(game, "Mademoiselle 7->2")],
    )
    assert game.table.players[0].vp == 11
    assert _completions(game) == []


def test_coin_spaces_pay_left_to_right():
    game = rig(["fighter", OPEN], players=3)
    for player, pirate in enumerate(("Pirate 5->1", "Pirate 7->2", "Pirate 9->3")):
        give(game, player, card(game, pirate), card(game, "Sailor 3->1", player))
    _take_time_turn(game)
    assert _completions(game) == [(0, "fighter", 3), (1, "fighter", 2), (2, "fighter", 1)]


def test_second_contract_gives_one_vp_third_two_and_no_fourth():
    keys = ["explorer", "fighter", "trader_prince", "lady_killer", OPEN]
    game = rig(keys)
    persons = [
        card(game, "Expedition 2 Captain (2 coins, 4 VP)"),
        card(game, "Pirate 9->3"),
        card(game, "Sailor 3->1"),
        card(game, "Trader (red) 3->1"),
        card(game, "Trader (red) 3->1", 1),
        card(game, "Captain 4->1"),
        card(game, "Mademoiselle 7->2"),
    ]
    _take_time_turn(game, persons)
    assert [k for _, k, _ in _completions(game)] == ["explorer", "fighter", "trader_prince"]
    player = game.table.players[0]
    printed = 4 + 3 + 1 + 1 + 1 + 1 + 2
    assert player.vp == printed + 1 + 2
    assert "lady_killer" not in player.completed and (
        0,
        "lady_killer",
    ) not in game.policy.asked_about("complete")


def test_a_player_completes_a_contract_once():
    game = rig(["fighter", OPEN])
    give(game, 0, card(game, "Pirate 9->3"), card(game, "Sailor 3->1"))
    for _ in range(2):
        stack(game, time=[card(game, "Priest 4->1")])
        turn(game)
    assert game.policy.asked_about("complete") == [(0, "fighter")]


def test_full_coin_spaces_close_the_contract():
    game = rig(["explorer", OPEN], players=3)
    for player in range(3):
        give(
            game,
            player,
            card(game, f"Expedition 2 {('Captain', 'Priest', 'Settler')[player]} (2 coins, 4 VP)"),
        )
    _take_time_turn(game)
    assert _completions(game) == [(0, "explorer", 2), (1, "explorer", 1)]
    assert (2, "explorer") not in game.policy.asked_about("complete")


def test_non_active_player_completes_at_their_take_time():
    game = rig(["fighter", OPEN], players=2)
    _take_time_turn(game, [], [card(game, "Pirate 9->3"), card(game, "Sailor 3->1")])
    assert _completions(game) == [(1, "fighter", 3)]


def test_declined_completion_is_offered_again_at_the_next_take_time():
    game = rig(["fighter", OPEN], policy=Scripted(complete=[False, True]))
    give(game, 0, card(game, "Pirate 9->3"), card(game, "Sailor 3->1"))
    for _ in range(2):
        stack(game, time=[card(game, "Priest 4->1")])
        turn(game)
    assert game.policy.asked_about("complete") == [(0, "fighter"), (0, "fighter")]
    assert _completions(game) == [(0, "fighter", 3)]


def test_completion_is_checked_again_after_each_take():
    game = rig(["fighter", OPEN])
    give(game, 0, card(game, "Pirate 9->3"))
    sailor = card(game, "Sailor 3->1")
    game.policy.answers["choose_take"] = [sailor]
    to_harbour(game)
    stack(game, time=[sailor])
    turn(game)
    assert _completions(game) == [(0, "fighter", 3)]
