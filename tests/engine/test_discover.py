"""Phase 1, Discover: the Time Pile card first, then the draw pile; repel, bust, tax."""

from __future__ import annotations

from helpers.engine import (
    Scripted,
    card,
    count_cards,
    give,
    ids,
    notes,
    rig,
    set_coins,
    stack,
    to_expedition_row,
    turn,
)

from coop_helper.engine.cards import SKULL


def test_first_card_comes_from_the_time_pile_then_the_draw_pile():
    game = rig(["fighter"], policy=Scripted(draw=[True, True]))
    time_card, first, second = (
        card(game, "Settler 4->1"),
        card(game, "Priest 4->1"),
        card(game, "Captain 4->1"),
    )
    stack(game, time=[time_card, card(game, "Settler 4->1", 1)], draw=[first, second])
    turn(game)
    placed = [(e["card"], e["from"]) for e in notes(game, "move") if e["to"] == "harbour"]
    assert placed == [(time_card, "time"), (first, "draw"), (second, "draw")]
    assert game.table.time_size == 1
    assert game.table.harbour == []  # leftovers are discarded at the end of the turn
    assert {time_card, first, second} <= set(game.table.discard)


def test_persons_and_ships_go_to_the_harbour_expeditions_to_the_row():
    game = rig(["fighter"], policy=Scripted(draw=[True, True]))
    exp = card(game, "Expedition 2 Captain (2 coins, 4 VP)")
    ship, person = card(game, "Flute 1/1"), card(game, "Jester 7->2")
    seen: list[list[int]] = []
    game.policy.answers["choose_take"] = lambda t, p, o, n: seen.append(list(t.harbour))
    stack(game, time=[ship], draw=[exp, person])
    turn(game)
    assert seen == [[ship, person]]
    assert game.table.expedition_row == [exp]


def test_repel_is_offered_only_with_enough_swords_and_never_for_a_skull():
    game = rig(["fighter"], policy=Scripted(draw=[True, True], repel=True))
    give(game, 0, card(game, "Pirate 5->1"))  # 2 swords
    weak, strong, skull = (
        card(game, "Pinnace 2/2"),
        card(game, "Flute 3/5"),
        card(game, "Frigate 3/skull"),
    )
    assert game.deck.swords[skull] == SKULL
    stack(game, time=[weak], draw=[strong, skull])
    turn(game)
    assert game.policy.asked_about("repel") == [(0, weak)]
    repelled = [
        e["card"]
        for e in notes(game, "move")
        if e["to"] == "discard" and e["from"] in ("time", "draw")
    ]
    assert repelled == [weak]


def test_a_ship_not_repelled_stays_in_the_harbour():
    game = rig(["fighter"], policy=Scripted(draw=[True], repel=False))
    give(game, 0, card(game, "Sailor 3->1"))
    ship = card(game, "Pinnace 1/1")
    stack(game, time=[ship], draw=[card(game, "Settler 4->1")])
    game.policy.answers["choose_take"] = lambda t, p, o, n: (
        game.policy.asked.append(("harbour", None, list(t.harbour))),
        None,
    )[1]
    turn(game)
    assert game.policy.asked_about("repel") == [(0, ship)]
    assert game.policy.asked_about("harbour")[0][1][0] == ship


def test_second_ship_of_a_colour_busts_no_trade_and_hire_expeditions_stay():
    game = rig(["fighter"], players=2, policy=Scripted(draw=[True, True]))
    exp = card(game, "Expedition 2 Priest (2 coins, 4 VP)")
    first, second = card(game, "Skiff 1/1"), card(game, "Skiff 1/1", 1)
    stack(game, time=[first], draw=[exp, second])
    turn(game)
    assert notes(game, "bust") == [{"event": "bust", "player": 0}]
    assert game.policy.asked_about("choose_take") == []
    assert game.table.harbour == []
    assert first in game.table.discard and second in game.table.discard
    assert game.table.expedition_row == [exp]


def test_two_ships_of_different_colours_do_not_bust():
    game = rig(["fighter"], policy=Scripted(draw=[True]))
    stack(game, time=[card(game, "Skiff 1/1")], draw=[card(game, "Flute 1/1")])
    turn(game)
    assert notes(game, "bust") == []
    assert len(game.policy.asked_about("choose_take")) == 1


def test_repelling_the_second_ship_of_a_colour_avoids_the_bust():
    game = rig(["fighter"], policy=Scripted(draw=[True], repel=[False, True]))
    give(game, 0, card(game, "Sailor 3->1"))
    first, second = card(game, "Skiff 1/1"), card(game, "Skiff 1/1", 1)
    stack(game, time=[first], draw=[second])
    turn(game)
    assert notes(game, "bust") == []
    assert game.policy.asked_about("choose_take")[0][1] == [first]


def test_bust_pays_one_coin_per_jester_to_every_owner():
    game = rig(["fighter"], players=3, policy=Scripted(draw=[True]))
    give(game, 0, card(game, "Jester 7->2"))
    give(game, 1, card(game, "Jester 7->2", 1), card(game, "Jester 7->2", 2))
    stack(game, time=[card(game, "Skiff 1/1")], draw=[card(game, "Skiff 1/1", 1)])
    turn(game)
    assert [p.coins for p in game.table.players] == [4, 5, 3]


def test_tax_increase_is_discarded_and_halves_twelve_or_more_rounding_down():
    game = rig(["fighter"], players=3)
    tax = card(game, "Tax Increase (most swords)")
    for player, coins in enumerate((12, 11, 13)):
        set_coins(game, player, coins)
    give(game, 1, card(game, "Pirate 5->1"))  # P2 has the most swords: +1
    stack(game, time=[tax])
    turn(game)
    assert [p.coins for p in game.table.players] == [6, 12, 7]
    assert tax in game.table.discard
    assert notes(game, "tax")[0]["taxed"] == [0, 2]


def test_tax_bonus_most_swords_goes_to_all_tied_players_even_at_zero():
    game = rig(["fighter"], players=3)
    stack(game, time=[card(game, "Tax Increase (most swords)")])
    turn(game)
    assert [p.coins for p in game.table.players] == [4, 4, 4]


def test_tax_bonus_fewest_victory_points_with_ties():
    game = rig(["fighter"], players=3)
    give(game, 1, card(game, "Sailor 3->1"))
    stack(game, time=[card(game, "Tax Increase (fewest victory points)")])
    turn(game)
    assert [p.coins for p in game.table.players] == [4, 3, 4]


def test_taxed_coins_go_to_the_discard_pile():
    game = rig(["fighter"])
    set_coins(game, 0, 14)
    coins_before = list(game.hidden.coin_cards[0])
    stack(game, time=[card(game, "Tax Increase (fewest victory points)")])
    turn(game)
    paid = [e for e in notes(game, "move") if e["from"] == "coins:0"]
    assert len(paid) == 7 and all(e["to"] == "discard" for e in paid)
    assert {e["card"] for e in paid} <= set(coins_before)
    assert game.table.players[0].coins == 7 + 1


def test_empty_draw_pile_reshuffles_the_discard_pile():
    game = rig(["fighter"], policy=Scripted(draw=[True]))
    a, b = card(game, "Settler 4->1"), card(game, "Priest 4->1")
    stack(game, time=[a])
    game.hidden.draw, rest = [], list(game.hidden.draw)
    game.table.discard.extend([b, *rest])
    game.table.draw_size = 0
    total = count_cards(game)
    turn(game)
    assert notes(game, "reshuffle")[0]["cards"] == len(rest) + 1
    assert game.table.reshuffled
    assert count_cards(game) == total


def test_nothing_left_to_draw_stops_the_draw():
    game = rig(["fighter"], policy=Scripted(draw=True))
    a = card(game, "Settler 4->1")
    stack(game, time=[a])
    game.hidden.victory.extend(game.hidden.draw)
    game.hidden.draw = []
    game.table.draw_size = 0
    turn(game)
    assert len(game.policy.asked_about("draw_again")) == 1
    assert game.table.discard == [a]


def test_expedition_row_survives_the_turn_and_harbour_does_not():
    game = rig(["fighter"])
    exp = card(game, "Expedition 2 Settler (2 coins, 4 VP)")
    to_expedition_row(game, exp)
    stack(game, time=[card(game, "Flute 2/1")])
    turn(game)
    assert game.table.expedition_row == [exp]
    assert game.table.harbour == []
    assert ids(game, "Flute 2/1")[0] in game.table.discard


def test_draw_pile_running_out_twice_in_a_turn_stops_the_draw():
    game = rig(["fighter"], policy=Scripted(draw=True, repel=True))
    give(game, 0, card(game, "Sailor 3->1"))
    ship = card(game, "Pinnace 1/1")
    stack(game, time=[card(game, "Settler 4->1")], draw=[ship])
    game.hidden.victory.extend(game.hidden.draw[:-1])
    del game.hidden.draw[:-1]
    game.table.draw_size = 1
    turn(game)  # would repel and reshuffle the same ship for ever
    assert len(notes(game, "reshuffle")) == 1
    assert [e["card"] for e in notes(game, "repel")] == [ship, ship]
    assert notes(game, "draw_stopped") == [{"event": "draw_stopped", "player": 0}]
    assert count_cards(game) == game.deck.size
