"""Phase 2, Trade & Hire: takes, fees, and every person's ability."""

from __future__ import annotations

from helpers.engine import Scripted, card, give, notes, rig, set_coins, stack, to_harbour, turn


def _harbour_then_turn(game, harbour, time_card=None):
    """Lay ``harbour`` (all but the last) and draw the last from the Time Pile."""
    *before, last = harbour
    to_harbour(game, *before)
    stack(game, time=[last])
    turn(game)


def _takes(game):
    """How many cards the active player was allowed to take (each answered take)."""
    return [
        e
        for e in game.log.events
        if e["event"] == "decision" and e["kind"] == "take" and e["choice"] is not None
    ]


def test_takes_by_ship_colours_three_colours_one_take():
    game = rig(["fighter"], policy=Scripted(take=lambda t, p, o, n: o[0]))
    ships = [card(game, n) for n in ("Pinnace 1/1", "Flute 1/1", "Skiff 1/1")]
    _harbour_then_turn(game, ships)
    assert len(_takes(game)) == 1


def test_takes_by_ship_colours_four_two_five_three():
    for colours, expected in ((4, 2), (5, 3)):
        game = rig(["fighter"], policy=Scripted(take=lambda t, p, o, n: o[0]))
        names = ("Pinnace 1/1", "Flute 1/1", "Skiff 1/1", "Frigate 1/1", "Galleon 1/2")
        _harbour_then_turn(game, [card(game, n) for n in names[:colours]])
        assert len(_takes(game)) == expected


def test_governor_gives_the_active_player_one_extra_take():
    game = rig(["fighter"], policy=Scripted(take=lambda t, p, o, n: o[0]))
    give(game, 0, card(game, "Governor 8->0"))
    _harbour_then_turn(game, [card(game, "Pinnace 1/1"), card(game, "Flute 1/1")])
    assert len(_takes(game)) == 2


def test_non_active_player_pays_one_coin_per_take_governor_included():
    game = rig(["fighter"], players=2, policy=Scripted(take=[None, "x", "y"]))
    give(game, 1, card(game, "Governor 8->0"))
    a, b = card(game, "Pinnace 2/1"), card(game, "Flute 2/1")
    game.policy.answers["choose_take"] = [None, a, b]
    _harbour_then_turn(game, [a, b])
    p0, p1 = game.table.players
    assert p1.coins == 3 + 2 + 2 - 2  # two ships of 2 coins, 1 coin fee per take
    assert p0.coins == 3 + 2
    fees = [e for e in notes(game, "move") if e["from"] == "coins:1" and e["to"] == "coins:0"]
    assert len(fees) == 2


def test_non_active_player_needs_cost_plus_one_coin_to_hire():
    game = rig(["fighter"], players=2, policy=Scripted())
    sailor = card(game, "Sailor 3->1")
    set_coins(game, 1, 3)
    _harbour_then_turn(game, [sailor])
    offers = game.policy.asked_about("choose_take")
    assert offers == [(0, [sailor])]  # P2 with exactly the cost is not offered it
    game = rig(["fighter"], players=2, policy=Scripted(take=[None, "later"]))
    sailor = card(game, "Sailor 3->1")
    game.policy.answers["choose_take"] = [None, sailor]
    set_coins(game, 1, 4)
    _harbour_then_turn(game, [sailor])
    assert game.table.players[1].persons == [sailor]
    assert game.table.players[1].coins == 0
    assert game.table.players[0].coins == 4


def test_hire_pays_the_cost_to_the_discard_pile():
    game = rig(["fighter"])
    sailor = card(game, "Sailor 5->2")
    game.policy.answers["choose_take"] = [sailor]
    set_coins(game, 0, 6)
    _harbour_then_turn(game, [sailor])
    p = game.table.players[0]
    assert p.coins == 1 and p.persons == [sailor] and p.swords == 1 and p.vp == 2
    paid = [e for e in notes(game, "move") if e["from"] == "coins:0"]
    assert len(paid) == 5 and {e["to"] for e in paid} == {"discard"}


def test_trader_bonus_per_trader_of_the_ship_colour():
    game = rig(["fighter"])
    give(
        game,
        0,
        card(game, "Trader (red) 3->1"),
        card(game, "Trader (red) 3->1", 1),
        card(game, "Trader (black) 3->1"),
    )
    ship = card(game, "Frigate 2/3")
    game.policy.answers["choose_take"] = [ship]
    _harbour_then_turn(game, [ship])
    assert game.table.players[0].coins == 3 + 2 + 2


def test_trader_of_another_colour_gives_nothing():
    game = rig(["fighter"])
    give(game, 0, card(game, "Trader (black) 3->1"))
    ship = card(game, "Frigate 2/3")
    game.policy.answers["choose_take"] = [ship]
    _harbour_then_turn(game, [ship])
    assert game.table.players[0].coins == 3 + 2


def test_mademoiselle_discount_per_copy():
    game = rig(["fighter"])
    give(game, 0, card(game, "Mademoiselle 7->2"), card(game, "Mademoiselle 7->2", 1))
    jester = card(game, "Jester 5->1")
    game.policy.answers["choose_take"] = [jester]
    _harbour_then_turn(game, [jester])
    assert game.table.players[0].coins == 0  # 5 - 2 = 3


def test_mademoiselle_discount_never_below_zero():
    game = rig(["fighter"])
    give(
        game,
        0,
        *(card(game, n, i) for n in ("Mademoiselle 7->2", "Mademoiselle 9->3") for i in (0, 1)),
    )
    sailor = card(game, "Sailor 3->1")
    set_coins(game, 0, 0)
    game.policy.answers["choose_take"] = [sailor]
    _harbour_then_turn(game, [sailor])
    p = game.table.players[0]
    assert p.persons[-1] == sailor and p.coins == 0


def test_admiral_two_coins_each_with_five_cards_in_the_harbour():
    game = rig(["fighter"])
    give(game, 0, card(game, "Admiral 7->2"), card(game, "Admiral 7->2", 1))
    persons = [card(game, "Settler 4->1", i) for i in range(5)]
    _harbour_then_turn(game, persons)
    assert game.table.players[0].coins == 3 + 4


def test_admiral_near_miss_four_cards():
    game = rig(["fighter"])
    give(game, 0, card(game, "Admiral 7->2"))
    _harbour_then_turn(game, [card(game, "Settler 4->1", i) for i in range(4)])
    assert game.table.players[0].coins == 3


def test_gunner_ships_minus_one_per_gunner():
    game = rig(["fighter"])
    give(game, 0, card(game, "Gunner 6->2"), card(game, "Gunner 6->2", 1))
    ships = [card(game, n) for n in ("Pinnace 1/1", "Flute 1/1", "Skiff 1/1")]
    _harbour_then_turn(game, [*ships, card(game, "Settler 4->1")])
    assert game.table.players[0].coins == 3 + 2 * 2


def test_gunner_gives_nothing_with_one_ship():
    game = rig(["fighter"])
    give(game, 0, card(game, "Gunner 4->1"))
    _harbour_then_turn(game, [card(game, "Pinnace 1/1"), card(game, "Settler 4->1")])
    assert game.table.players[0].coins == 3


def test_vice_admiral_with_three_or_four_cards():
    for size, expected in ((2, 0), (3, 2), (4, 2), (5, 0)):
        game = rig(["fighter"])
        give(game, 0, card(game, "Vice Admiral 5->1"), card(game, "Vice Admiral 5->1", 1))
        _harbour_then_turn(game, [card(game, "Priest 4->1", i) for i in range(size)])
        assert game.table.players[0].coins == 3 + expected, size


def test_jester_pays_a_non_active_player_facing_an_empty_harbour():
    game = rig(["fighter"], players=3)
    for player in range(3):
        give(game, player, card(game, "Jester 7->2", player))
    ship = card(game, "Pinnace 1/1")
    game.policy.answers["choose_take"] = [ship]
    _harbour_then_turn(game, [ship])
    assert [p.coins for p in game.table.players] == [3 + 1, 4, 4]


def test_jester_near_miss_harbour_not_empty():
    game = rig(["fighter"], players=2)
    give(game, 1, card(game, "Jester 7->2"))
    _harbour_then_turn(game, [card(game, "Pinnace 1/1")])
    assert game.table.players[1].coins == 3


def test_clerk_extra_take_after_trading_its_colour():
    game = rig(["fighter"], policy=Scripted(take=lambda t, p, o, n: o[0]))
    give(game, 0, card(game, "Clerk (blue) 6->2"))
    flute, pinnace = card(game, "Flute 1/1"), card(game, "Pinnace 1/1")
    _harbour_then_turn(game, [flute, pinnace])
    assert [e["choice"] for e in _takes(game)] == [flute, pinnace]


def test_clerk_of_another_colour_gives_no_extra_take():
    game = rig(["fighter"], policy=Scripted(take=lambda t, p, o, n: o[0]))
    give(game, 0, card(game, "Clerk (red) 6->2"))
    flute, pinnace = card(game, "Flute 1/1"), card(game, "Pinnace 1/1")
    _harbour_then_turn(game, [flute, pinnace])
    assert [e["choice"] for e in _takes(game)] == [flute]


def test_clerk_extra_take_costs_a_non_active_player_another_coin():
    game = rig(["fighter"], players=2)
    give(game, 1, card(game, "Clerk (blue) 6->2"))
    flute, pinnace = card(game, "Flute 1/1"), card(game, "Pinnace 1/1")
    game.policy.answers["choose_take"] = [None, flute, pinnace]
    _harbour_then_turn(game, [flute, pinnace])
    assert game.table.players[1].coins == 3 + 1 + 1 - 2
    assert game.table.players[0].coins == 3 + 2


def test_coin_to_other_ship_pays_three_and_one_to_the_chosen_player():
    game = rig(["fighter"], players=3, policy=Scripted(recipient=2))
    ship = card(game, "Skiff 3/3 +1 to another")
    game.policy.answers["choose_take"] = [ship]
    _harbour_then_turn(game, [ship])
    assert [p.coins for p in game.table.players] == [6, 3, 4]
    assert game.policy.asked_about("coin_recipient") == [(0, [1, 2])]


def test_coin_to_other_ship_in_a_solo_game_gives_nobody_anything():
    game = rig(["fighter"])
    ship = card(game, "Skiff 3/3 +1 to another")
    game.policy.answers["choose_take"] = [ship]
    total_coins = sum(len(c) for c in game.hidden.coin_cards)
    _harbour_then_turn(game, [ship])
    assert game.table.players[0].coins == 6
    assert sum(len(c) for c in game.hidden.coin_cards) == total_coins + 3
    assert game.policy.asked_about("coin_recipient") == []


def test_passing_leaves_the_harbour_to_the_discard_pile():
    game = rig(["fighter"], players=2)
    ship = card(game, "Flute 2/1")
    _harbour_then_turn(game, [ship])
    assert game.policy.asked_about("choose_take") == [(0, [ship]), (1, [ship])]
    assert ship in game.table.discard and game.table.harbour == []
    assert [p.coins for p in game.table.players] == [3, 3]


def test_later_players_take_in_turn_order_from_the_active_player():
    game = rig(["fighter"], players=3)
    game.table.active = 1
    ship = card(game, "Flute 2/1")
    _harbour_then_turn(game, [ship])
    assert [p for p, _ in game.policy.asked_about("choose_take")] == [1, 2, 0]


def test_a_traded_ship_is_discarded_before_its_coins_so_the_fee_can_always_be_paid():
    game = rig(["fighter"], players=2)
    ship = card(game, "Pinnace 1/1")
    game.policy.answers["choose_take"] = [None, ship]
    set_coins(game, 1, 0)
    stack(game, time=[ship])
    game.hidden.victory.extend(game.hidden.draw)  # nothing left in the draw pile
    game.hidden.draw.clear()
    game.table.draw_size = 0
    turn(game)
    assert notes(game, "reshuffle")[0]["cards"] == 1  # the ship itself becomes the coin
    assert [p.coins for p in game.table.players] == [4, 0]
