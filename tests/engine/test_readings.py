"""Readings 9-11 of docs/engine-rulings.md: cards taken one by one, contracts offered after every
change, and the reshuffle the moment the draw pile empties. Hand-made states first, then
the logged games in which an independent check found each one."""

from __future__ import annotations

import json

from helpers.engine import Scripted, card, give, notes, rig, set_coins, stack, to_harbour, turn
from typer.testing import CliRunner

from coop_helper.cli.app import app

OPEN = "jinx"  # a contract nobody completes here, so the game goes on
runner = CliRunner()


def _harbour_then_turn(game, harbour):
    """Lay ``harbour`` (all but the last) and draw the last from the Time Pile."""
    *before, last = harbour
    to_harbour(game, *before)
    stack(game, time=[last])
    turn(game)


def _taken(game, player):
    return [
        e["choice"]
        for e in game.log.events
        if e["event"] == "decision"
        and e["kind"] == "take"
        and e["player"] == player
        and e["choice"] is not None
    ]


def _completions(game):
    return [(e["player"], e["contract"]) for e in notes(game, "complete")]


# ------------------------------------------------------------ reading 9


def test_governor_hired_by_the_active_player_gives_its_extra_take_at_once():
    game = rig(["fighter"], policy=Scripted())
    governor, ship = card(game, "Governor 8->0"), card(game, "Pinnace 2/1")
    game.policy.answers["choose_take"] = [governor, ship]
    set_coins(game, 0, 8)
    _harbour_then_turn(game, [governor, ship])  # one colour: one take, +1 for the Governor
    assert _taken(game, 0) == [governor, ship]
    assert game.table.players[0].coins == 0 + 2


def test_governor_hired_by_a_non_active_player_gives_its_extra_take_at_once():
    game = rig(["fighter"], players=2, policy=Scripted())
    governor, ship = card(game, "Governor 8->0"), card(game, "Pinnace 2/1")
    game.policy.answers["choose_take"] = [None, governor, ship]
    set_coins(game, 1, 10)
    _harbour_then_turn(game, [governor, ship])
    assert _taken(game, 1) == [governor, ship]
    assert [p.coins for p in game.table.players] == [3 + 2, 10 - 8 - 1 + 2 - 1]


def test_clerk_hired_first_gives_the_extra_take_for_a_later_ship_of_its_colour():
    game = rig(["fighter"], policy=Scripted())
    clerk = card(game, "Clerk (blue) 6->2")
    ships = [card(game, n) for n in ("Flute 1/1", "Pinnace 1/1", "Skiff 1/1", "Frigate 1/1")]
    game.policy.answers["choose_take"] = [clerk, ships[0], ships[1]]
    set_coins(game, 0, 6)
    _harbour_then_turn(game, [clerk, *ships])  # four colours: two takes
    assert _taken(game, 0) == [clerk, ships[0], ships[1]]


def test_admiral_hired_during_a_take_time_pays_from_the_next_take_time():
    game = rig(["fighter"], policy=Scripted())
    admiral = card(game, "Admiral 7->2")
    persons = [
        card(game, n) for n in ("Settler 4->1", "Captain 4->1", "Priest 4->1", "Sailor 3->1")
    ]
    game.policy.answers["choose_take"] = [admiral]
    set_coins(game, 0, 7)
    _harbour_then_turn(game, [admiral, *persons])  # five cards, but no Admiral yet
    assert game.table.players[0].coins == 0
    assert not [e for e in notes(game, "income") if e["reason"] == "take_time"]


# ----------------------------------------------------------- reading 11


def test_blue_seal_contract_made_affordable_by_a_later_contract_is_offered():
    game = rig(["ransom", "cheap_staff", OPEN])
    give(game, 0, *[card(game, "Sailor 3->1", i) for i in range(4)])
    set_coins(game, 0, 10)
    stack(game, time=[card(game, "Priest 4->1")])
    turn(game)  # Cheap Staff pays 5: 15 coins, enough for Ransom, dealt before it
    assert _completions(game) == [(0, "cheap_staff"), (0, "ransom")]
    assert game.table.players[0].coins == 0


def test_declined_contract_is_offered_again_after_another_completion_only():
    policy = Scripted(complete=[False, True, False])
    game = rig(["fighter", "explorer", OPEN], policy=policy)
    give(
        game,
        0,
        card(game, "Pirate 9->3"),
        card(game, "Sailor 3->1"),
        card(game, "Expedition 2 Captain (2 coins, 4 VP)"),
    )
    stack(game, time=[card(game, "Priest 4->1")])
    turn(game)  # declines Fighter, completes Explorer (a change), declines Fighter again
    assert policy.asked_about("complete") == [(0, "fighter"), (0, "explorer"), (0, "fighter")]
    assert _completions(game) == [(0, "explorer")]


def test_a_contract_always_declined_is_offered_once_per_change():
    policy = Scripted(complete=False)
    game = rig(["fighter", "explorer", OPEN], policy=policy)
    give(
        game,
        0,
        card(game, "Pirate 9->3"),
        card(game, "Sailor 3->1"),
        card(game, "Expedition 2 Captain (2 coins, 4 VP)"),
    )
    stack(game, time=[card(game, "Priest 4->1")])
    turn(game)
    assert policy.asked_about("complete") == [(0, "fighter"), (0, "explorer")]


# ----------------------------------------------------------- reading 10


def test_discard_pile_is_shuffled_in_the_moment_the_draw_pile_empties():
    game = rig(["fighter"], policy=Scripted(draw=[True]))
    settler, last, old = (
        card(game, "Settler 4->1"),
        card(game, "Priest 4->1"),
        card(game, "Captain 4->1"),
    )
    stack(game, time=[settler], draw=[last])
    to_harbour(game, old)  # out of the draw pile ...
    game.table.harbour.remove(old)
    game.table.discard.append(old)  # ... into the discard pile
    game.hidden.victory.extend(game.hidden.draw[:-1])  # ``last`` is the only card left
    del game.hidden.draw[:-1]
    game.table.draw_size = 1
    turn(game)  # draws ``last``: the discard pile (``old`` only) is the new draw pile at once
    reshuffles = notes(game, "reshuffle")
    assert [r["cards"] for r in reshuffles] == [1]
    assert game.hidden.draw == [old]
    assert {settler, last} <= set(game.table.discard)  # the harbour came later
    table = game.table
    assert table.draw_size == 1 and table.unseen_total == 1
    assert table.unseen[game.deck.kind[old]] == 1 and sum(table.unseen) == 1


# ------------------------------------------------- the logged games that showed them


def _events(*args: str) -> list[dict]:
    result = runner.invoke(app, ["play", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["events"]


def _turn(events: list[dict], number: int) -> list[dict]:
    start = next(
        i for i, e in enumerate(events) if e["event"] == "turn_start" and e["turn"] == number
    )
    end = next(
        (i for i, e in enumerate(events[start + 1 :], start + 1) if e["event"] == "turn_start"),
        len(events),
    )
    return events[start:end]


def test_logged_game_governor_hired_in_turn_seven_takes_again():
    events = _turn(
        _events(
            "Fighter",
            "New Colony",
            "Gamester",
            "--seed",
            "45",
            "--policy",
            "random",
            "--removed",
            "3",
        ),
        7,
    )
    hire = next(i for i, e in enumerate(events) if e["event"] == "hire")
    later = [
        e
        for e in events[hire:]
        if e["event"] == "decision"
        and e["kind"] == "take"
        and e["player"] == events[hire]["player"]
    ]
    assert later, "no take offered after the Governor was hired"


def test_logged_game_blue_seal_contract_offered_after_cheap_staff():
    events = _turn(
        _events(
            "Tiny Royal Household",
            "Ransom",
            "Comedian",
            "Pack of Pirates",
            "Trader Prince",
            "Maritime Supremacy",
            "Cheap Staff",
            "--seed",
            "26",
            "--policy",
            "basic",
            "--time-pile",
            "25",
        ),
        23,
    )
    done = next(
        i
        for i, e in enumerate(events)
        if e["event"] == "complete" and e["contract"] == "cheap_staff"
    )
    player = events[done]["player"]
    offers = [
        e["kind"]
        for e in events[done:]
        if e["event"] == "decision" and e["player"] == player and e["kind"].startswith("pay:")
    ]
    assert offers


def test_logged_game_reshuffles_before_the_bust_not_after():
    events = _events(
        "Comedian",
        "Tax Officer",
        "Frigate Foe",
        "Tiny Gamester",
        "Cheap Staff",
        "--players",
        "2",
        "--seed",
        "2",
        "--policy",
        "expert",
        "--removed",
        "1",
    )
    starts = [i for i, e in enumerate(events) if e["event"] == "turn_start"]
    busts = [i for i, e in enumerate(events) if e["event"] == "bust"]
    # a turn whose drawing emptied the pile and went on to a bust
    refilled = [
        b
        for b in busts
        if any(e["event"] == "reshuffle" for e in events[max(i for i in starts if i < b) : b])
    ]
    assert refilled
    for bust in refilled:
        after = events[bust:]
        snapshot = next(i for i, e in enumerate(after) if e["event"] == "snapshot")
        assert after[snapshot]["draw_pile"] > 0  # refilled before the bust
        assert not any(e["event"] == "reshuffle" for e in after[:snapshot])  # not after it
