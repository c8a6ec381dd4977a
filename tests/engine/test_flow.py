"""Setup, expeditions, the co-op end of the game, and the rulings of docs/engine-rulings.md."""

from __future__ import annotations

import pytest
from helpers.engine import (
    Scripted,
    card,
    count_cards,
    give,
    notes,
    rig,
    set_coins,
    stack,
    to_expedition_row,
    to_harbour,
    turn,
)

from coop_helper.engine import EventLog, Game, GameConfig
from coop_helper.engine.cards import build_deck
from coop_helper.policies.random_policy import RandomPolicy
from coop_helper.setup.catalog import load_catalog

CONTRACTS = {c.key: c for c in load_catalog().contracts}


def _config(players=2, time_pile=15, removed=0, seed=1, keys=("fighter", "jinx")):
    return GameConfig(tuple(CONTRACTS[k] for k in keys), players, time_pile, removed, seed)


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_deck_coins_time_pile_and_five_player_expedition(players):
    game = Game(_config(players=players, time_pile=14, removed=3), RandomPolicy())
    deck = build_deck(players)
    assert deck.size == (144 if players == 5 else 143)
    assert count_cards(game) == deck.size
    assert [p.coins for p in game.table.players] == [3] * players
    assert game.table.time_size == 11 and game.table.victory_size == 3
    assert game.table.draw_size == deck.size - 3 * players - 14 - (players == 5)
    if players == 5:
        assert game.table.expedition_row == [deck.five_player_expedition]
        assert "Captain + 1 Priest + 1 Settler" in deck.label(deck.five_player_expedition)
    else:
        assert game.table.expedition_row == []
        assert deck.five_player_expedition is None


def test_time_pile_is_dealt_from_the_shuffled_deck_after_the_coins():
    log = EventLog()
    Game(_config(players=3, time_pile=12), RandomPolicy(), log=log)
    moves = [(e["from"], e["to"]) for e in log.events if e["event"] == "move"]
    assert moves[:9] == [("draw", f"coins:{p}") for p in range(3) for _ in range(3)]
    assert moves[9:21] == [("draw", "time")] * 12
    log2 = EventLog()
    Game(_config(players=3, time_pile=12, seed=2), RandomPolicy(), log=log2)
    dealt = [
        [e["card"] for e in events if e["event"] == "move" and e["to"] == "time"]
        for events in (log.events, log2.events)
    ]
    assert dealt[0] != dealt[1]


def test_bad_configs_are_refused():
    with pytest.raises(ValueError, match="players"):
        _config(players=6)
    with pytest.raises(ValueError, match="0 to 15"):
        _config(removed=16)


def test_same_seed_same_log_other_seed_other_log():
    def events(seed):
        log = EventLog()
        Game(_config(players=3, seed=seed), RandomPolicy(), log=log).run()
        return log.events

    assert events(7) == events(7)
    assert events(7) != events(8)


# ------------------------------------------------------------ expeditions


def test_active_player_claims_an_expedition_discarding_the_persons():
    game = rig(["explorer", "jinx"], policy=Scripted(claim=lambda t, p, o: o[0]))
    exp = card(game, "Expedition 2 Captain + 1 Settler (3 coins, 6 VP)")
    captains = [card(game, "Captain 4->1", i) for i in range(2)]
    settler = card(game, "Settler 4->1")
    give(game, 0, *captains, settler, card(game, "Priest 4->1"))
    to_expedition_row(game, exp)
    stack(game, time=[card(game, "Flute 2/1")])
    turn(game)
    player = game.table.players[0]
    assert player.expeditions == [exp] and game.table.expedition_row == []
    assert set([*captains, settler]) <= set(game.table.discard)
    assert player.vp == 1 + 6 + 0  # the Priest stays; explorer completes (first contract)
    assert player.coins == 3 + 3 + 2


def test_jack_of_all_trades_stands_in_for_an_expedition():
    game = rig(["explorer", "jinx"], policy=Scripted(claim=lambda t, p, o: o[0]))
    exp = card(game, "Expedition 2 Priest (2 coins, 4 VP)")
    jack = card(game, "Jack of all Trades 6->1")
    give(game, 0, card(game, "Priest 4->1"), jack, card(game, "Jack of all Trades 6->1", 1))
    to_expedition_row(game, exp)
    stack(game, time=[card(game, "Flute 2/1")])
    turn(game)
    player = game.table.players[0]
    assert player.expeditions == [exp]
    assert [game.deck.label(c) for c in player.persons] == ["Jack of all Trades 6->1"]


def test_expedition_not_offered_without_the_persons_nor_to_other_players():
    game = rig(["explorer", "jinx"], players=2, policy=Scripted(claim=lambda t, p, o: None))
    exp = card(game, "Expedition 2 Settler (2 coins, 4 VP)")
    give(game, 0, card(game, "Settler 4->1"), card(game, "Jack of all Trades 6->1"))
    give(game, 1, card(game, "Settler 4->1", 1), card(game, "Settler 4->1", 2))
    to_expedition_row(game, exp)
    stack(game, time=[card(game, "Flute 2/1")])
    turn(game)
    assert game.policy.asked_about("claim_expedition") == [(0, [exp])]
    game.policy.asked.clear()
    stack(game, time=[card(game, "Pinnace 2/1")])
    give(game, 0, card(game, "Jack of all Trades 6->1", 1))
    game.hidden.draw.remove(card(game, "Jack of all Trades 6->1", 2))
    game.table.discard.append(card(game, "Jack of all Trades 6->1", 2))
    turn(game)  # P2 active now: P1 is not asked even though eligible
    assert [p for p, _ in game.policy.asked_about("claim_expedition")] == [1]


def test_expedition_may_be_claimed_after_a_bust():
    game = rig(
        ["explorer", "jinx"],
        policy=Scripted(draw=[True], claim=lambda t, p, o: o[0], complete=False),
    )
    exp = card(game, "Expedition 2 Priest (2 coins, 4 VP)")
    give(game, 0, card(game, "Priest 4->1"), card(game, "Priest 4->1", 1))
    to_expedition_row(game, exp)
    stack(game, time=[card(game, "Skiff 1/1")], draw=[card(game, "Skiff 2/1")])
    turn(game)
    assert notes(game, "bust") and game.table.players[0].expeditions == [exp]


# ---------------------------------------------------------------- the end


def test_win_when_every_contract_is_completed_ends_the_game_at_once():
    game = rig(["fighter"], players=2)
    give(game, 0, card(game, "Pirate 9->3"), card(game, "Sailor 3->1"))
    give(game, 1, card(game, "Pirate 7->2"), card(game, "Sailor 3->1", 1))
    stack(game, time=[card(game, "Priest 4->1"), card(game, "Priest 4->1", 1)], victory=4)
    result = game.run()
    assert result.won and result.turns == 1 and result.points == 4
    assert result.completers == {"fighter": [0]}
    assert [p for p, _ in game.policy.asked_about("complete")] == [0]  # P2 never gets a go
    assert notes(game, "game_end") == [{"event": "game_end", "won": True, "turns": 1, "points": 4}]


def test_loss_when_a_turn_starts_with_no_time_pile_card():
    game = rig(["fighter"], players=2)
    stack(game, time=[card(game, "Priest 4->1", i) for i in range(3)], victory=2)
    result = game.run()
    assert not result.won and result.turns == 3
    assert notes(game, "time_out") == [{"event": "time_out", "turn": 4}]
    assert notes(game, "game_end")[0]["points"] == 0


def test_victory_move_on_a_tax_increase_shortens_the_game():
    game = rig(["fighter"], policy=Scripted(victory=True))
    tax = card(game, "Tax Increase (most swords)")
    stack(game, time=[tax, *(card(game, "Priest 4->1", i) for i in range(3))])
    result = game.run()
    assert result.turns == 3 and result.victory_moves == 1 and game.table.victory_size == 1


def test_victory_move_not_offered_with_an_empty_time_pile():
    game = rig(["fighter"], policy=Scripted(victory=True))
    stack(game, time=[card(game, "Tax Increase (most swords)")])
    game.run()
    assert game.policy.asked_about("victory_move") == []


def test_victory_move_is_offered_even_when_the_tax_wins_the_game():
    game = rig(["tax_officer"], policy=Scripted(victory=True))
    set_coins(game, 0, 12)
    stack(game, time=[card(game, "Tax Increase (most swords)"), card(game, "Priest 4->1")])
    result = game.run()
    assert result.won and result.victory_moves == 1 and result.points == 1


# --------------------------------------------------- docs/engine-rulings.md rulings


def test_ruling_1_coins_come_from_the_draw_pile_and_go_to_the_discard_pile():
    game = rig(["fighter", "jinx"])
    ship, sailor = card(game, "Flute 2/1"), card(game, "Sailor 3->1")
    game.policy.answers["choose_take"] = [ship]
    stack(game, time=[ship])
    turn(game)
    gained = [e for e in notes(game, "move") if e["to"] == "coins:0"]
    assert len(gained) == 2 and {e["from"] for e in gained} == {"draw"}
    game.policy.answers["choose_take"] = [sailor]
    stack(game, time=[sailor])
    turn(game)
    paid = [e for e in notes(game, "move") if e["from"] == "coins:0"]
    assert len(paid) == 3 and {e["to"] for e in paid} == {"discard"}


def test_ruling_2_a_tax_increase_from_the_time_pile_allows_a_victory_move():
    game = rig(["fighter", "jinx"], policy=Scripted(victory=True))
    stack(
        game, time=[card(game, "Tax Increase (fewest victory points)"), card(game, "Priest 4->1")]
    )
    turn(game)
    assert game.policy.asked_about("victory_move") == [(None, None)]
    assert game.table.victory_size == 1 and game.table.time_size == 0


def test_ruling_3_jack_of_all_trades_is_no_person_for_a_two_person_contract():
    game = rig(["new_colony", "jinx"])
    give(game, 0, card(game, "Jack of all Trades 6->1"), card(game, "Gunner 4->1"))
    stack(game, time=[card(game, "Priest 4->1")])
    turn(game)
    assert game.policy.asked_about("complete") == []


def test_ruling_4_gunners_clerks_and_vice_admirals_have_no_swords():
    deck = build_deck(1)
    for c in range(deck.size):
        if deck.label(c).startswith(("Gunner", "Clerk", "Vice Admiral")):
            assert deck.swords[c] == 0, deck.label(c)


def test_ruling_5_another_player_coin_does_nothing_solo():
    game = rig(["fighter", "jinx"])
    ship = card(game, "Galleon 3/skull +1 to another")
    game.policy.answers["choose_take"] = [ship]
    stack(game, time=[ship])
    turn(game)
    assert game.table.players[0].coins == 6
    assert count_cards(game) == game.deck.size


def test_ruling_6_tiny_gamester_second_sighting_on_a_later_turn_only():
    game = rig(["tiny_gamester", "jinx"], policy=Scripted(draw=[True] * 3))
    ships = [card(game, n) for n in ("Pinnace 1/1", "Flute 1/1", "Skiff 1/1", "Frigate 1/1")]
    stack(game, time=ships[:1], draw=ships[1:])
    turn(game)
    assert notes(game, "complete") == []
    assert notes(game, "marker") == [
        {"event": "marker", "player": 0, "contract": "tiny_gamester", "step": 1}
    ]


def test_ruling_7_paying_fifteen_coins_sends_them_to_the_discard_pile():
    game = rig(["ransom", "jinx"])
    set_coins(game, 0, 15)
    stack(game, time=[card(game, "Priest 4->1")])
    turn(game)
    paid = [e for e in notes(game, "move") if e["from"] == "coins:0"]
    assert len(paid) == 15 and {e["to"] for e in paid} == {"discard"}
    asked = [e["kind"] for e in notes(game, "decision") if e["kind"] != "draw_again"]
    assert asked == ["pay:ransom"]
    assert notes(game, "pay") == [{"event": "pay", "player": 0, "contract": "ransom", "coins": 15}]


def test_ruling_8_copies_of_a_person_add_up():
    game = rig(["fighter", "jinx"], players=2, policy=Scripted(draw=[True], complete=False))
    give(game, 0, card(game, "Admiral 7->2"), card(game, "Admiral 7->2", 1))
    give(game, 1, card(game, "Jester 7->2"), card(game, "Jester 7->2", 1))
    to_harbour(game, *(card(game, "Settler 4->1", i) for i in range(4)))
    stack(game, time=[card(game, "Priest 4->1")], draw=[])
    game.policy.answers["draw_again"] = [False]
    turn(game)
    assert game.table.players[0].coins == 3 + 4
    stack(game, time=[card(game, "Skiff 1/1")], draw=[card(game, "Skiff 2/1")])
    game.policy.answers["draw_again"] = [True]
    turn(game)  # P2 busts: +1 per Jester
    assert game.table.players[1].coins == 3 + 2
