"""Referee a game from its event log alone, and optionally against the live engine.

`referee(events)` replays every ``move`` from the starting zones (every card in the draw
pile) and checks that each move's source zone held the card, that the discard pile becomes
the draw pile only once that is empty (a reshuffle is told after the draw that emptied
it), that nothing is paid between players once the last contract is completed (the game
ends there: a take's fee that set the win off is paid before it), that each snapshot's sizes
and contents match the replayed zones, and that the game's rules about coins, contracts,
the Time Pile and the end hold. `LiveReferee` is an `EventLog` that also checks the engine's
own state at every card movement and snapshot.
"""

from __future__ import annotations

from typing import Any

from coop_helper.engine import EventLog, Game

MAX_CONTRACTS = 3


class Zones:
    """Where every card is, replayed from ``move`` events."""

    def __init__(self, deck_size: int) -> None:
        self.where: dict[int, str] = dict.fromkeys(range(deck_size), "draw")
        self.held: dict[str, set[int]] = {"draw": set(range(deck_size))}
        self.size: dict[str, int] = {"draw": deck_size}

    def move(self, card: int, source: str, target: str) -> None:
        held = self.where.get(card)
        assert held == source, f"card {card} moved from {source} but it was in {held}"
        self.where[card] = target
        self.held[source].discard(card)
        self.held.setdefault(target, set()).add(card)
        self.size[source] -= 1
        self.size[target] = self.size.get(target, 0) + 1

    def cards(self, zone: str) -> set[int]:
        return self.held.get(zone, set())


def _check_snapshot(zones: Zones, snap: dict[str, Any]) -> None:
    size = zones.size
    assert size.get("draw", 0) == snap["draw_pile"]
    assert size.get("discard", 0) == snap["discard_pile"]
    assert size.get("time", 0) == snap["time_pile"]
    assert size.get("victory", 0) == snap["victory_pile"]
    assert zones.cards("harbour") == set(snap["harbour"]) == set()
    assert zones.cards("expedition_row") == set(snap["expedition_row"])
    for index, player in enumerate(snap["players"]):
        assert player["coins"] >= 0
        assert size.get(f"coins:{index}", 0) == player["coins"]
        assert zones.cards(f"display:{index}") == set(player["display"])
        assert zones.cards(f"expeditions:{index}") == set(player["expeditions"])
        assert zones.cards(f"aside:{index}") == set(player["aside"])
        contracts = player["contracts"]
        assert len(contracts) == len(set(contracts)) <= MAX_CONTRACTS
        assert len(contracts) + len(player["markers"]) <= MAX_CONTRACTS


def referee(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Check a whole game's log; returns the ``game_end`` event."""
    setup = events[0]
    assert setup["event"] == "setup"
    zones = Zones(setup["deck_size"])
    contracts = setup["contracts"]
    last: dict[str, Any] | None = None
    moves_this_turn = 0
    turn_started = False
    ended: dict[str, Any] | None = None
    reshuffling = False  # between a reshuffle's first card moved and its note
    still_open = set(contracts)
    won = False  # the last open contract was completed: the game is over
    for event in events:
        assert ended is None, "events after the end of the game"
        kind = event["event"]
        if kind == "complete":
            still_open.discard(event["contract"])
            won = not still_open
        if won:
            assert kind != "fee", "a fee paid after the winning completion"
            if kind == "move":
                assert not (event["from"].startswith("coins:") and event["to"].startswith("coins:"))
        if kind == "move":
            if (event["from"], event["to"]) == ("discard", "draw") and not reshuffling:
                # the discard pile becomes the draw pile only once the old one is empty
                assert zones.size.get("draw", 0) == 0, "a reshuffle into a draw pile with cards"
                reshuffling = True
            zones.move(event["card"], event["from"], event["to"])
        elif kind == "reshuffle":
            assert reshuffling or event["cards"] == 0, "a reshuffle with no cards moved"
            assert zones.size.get("discard", 0) == 0, "a reshuffle left cards in the discard"
            assert zones.size.get("draw", 0) == event["cards"]
            reshuffling = False
        elif kind == "decision" and event["kind"] == "victory_move" and event["choice"]:
            moves_this_turn += 1
        elif kind == "turn_start":
            assert last is not None and last["open_contracts"], "a turn after the win"
            assert last["time_pile"] > 0, "a turn started without a Time Pile card"
            assert event["turn"] == last["turn"] + 1
            turn_started = True
        elif kind == "snapshot":
            _check_snapshot(zones, event)
            if last is None:  # after setup
                assert event["time_pile"] == setup["time_pile"] - setup["removed"]
                assert event["victory_pile"] == setup["removed"]
                assert event["open_contracts"] == contracts
            else:
                assert turn_started
                assert last["time_pile"] - event["time_pile"] == 1 + moves_this_turn
                assert event["victory_pile"] - last["victory_pile"] == moves_this_turn
                assert set(event["open_contracts"]) <= set(last["open_contracts"])
            done = {k for p in event["players"] for k in p["contracts"]}
            assert set(event["open_contracts"]) == set(contracts) - done
            moves_this_turn, turn_started, last = 0, False, event
        elif kind == "time_out":
            assert last is not None and last["time_pile"] == 0 and last["open_contracts"]
        elif kind == "game_end":
            ended = event
    assert ended is not None and last is not None, "the game did not end"
    if ended["won"]:
        assert last["open_contracts"] == []
        assert ended["points"] == last["victory_pile"]
    else:
        assert last["open_contracts"] and last["time_pile"] == 0
        assert events[-2]["event"] == "time_out" and ended["points"] == 0
    assert ended["turns"] == last["turn"]
    return ended


class LiveReferee(EventLog):
    """An event log that checks the engine's own state as the game goes.

    Set ``game`` after building the `Game`; from then on every card movement checks card
    conservation and coin counts, and every snapshot compares each zone card for card.
    """

    __slots__ = ("checks", "game", "zones")

    def __init__(self, deck_size: int) -> None:
        super().__init__()
        self.game: Game | None = None
        self.zones = Zones(deck_size)
        self.checks = 0

    def move(self, card: int, source: str, target: str) -> None:
        """Record, replay and check a card movement."""
        super().move(card, source, target)
        self.zones.move(card, source, target)
        game = self.game
        if game is None:
            return
        self.checks += 1
        table, hidden = game.table, game.hidden
        total = (
            len(hidden.draw)
            + len(hidden.time)
            + len(hidden.victory)
            + len(table.discard)
            + len(table.harbour)
            + len(table.expedition_row)
        )
        for p in table.players:
            coins = hidden.coin_cards[p.index]
            assert p.coins == len(coins) >= 0
            total += len(coins) + len(p.persons) + len(p.expeditions) + len(p.aside)
        assert total == game.deck.size, f"{total} cards on the table, not {game.deck.size}"
        assert table.draw_size == len(hidden.draw)
        assert table.time_size == len(hidden.time)

    def note(self, event: str, **fields: Any) -> None:
        """Record a note; at a snapshot compare every zone with the engine's."""
        super().note(event, **fields)
        game = self.game
        if event != "snapshot" or game is None:
            return
        table, hidden, zones = game.table, game.hidden, self.zones
        assert zones.cards("draw") == set(hidden.draw)
        assert zones.cards("time") == set(hidden.time)
        assert zones.cards("victory") == set(hidden.victory)
        assert zones.cards("discard") == set(table.discard)
        for p in table.players:
            assert zones.cards(f"coins:{p.index}") == set(hidden.coin_cards[p.index])
            assert zones.cards(f"display:{p.index}") == set(p.persons)
            assert p.vp >= 0 and p.swords >= 0
