"""Hand-made game states for rule tests: a rigged deck and a scripted team.

`rig` builds a real `Game`, then moves chosen cards where a test wants them: into a
player's display, the harbour, the expedition row, or the top of the Time Pile and the
draw pile (drawn in the order given). Every card stays in exactly one zone, so the card
count still adds up. `Scripted` answers the engine's questions from queues or callables
and records every question it was asked.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from coop_helper.engine import EventLog, Game, GameConfig
from coop_helper.engine.state import Hidden, PlayerState, Table
from coop_helper.setup.catalog import load_catalog

Answer = Any  # a constant, a list (a queue, front first) or a callable


class Scripted:
    """A policy whose answers come from the test: a constant, a queue or a callable.

    A queue that runs dry falls back to the default (stop, don't repel, pass, complete,
    don't claim, first recipient, no Victory Pile move). Callables get the same
    arguments as the policy method.
    """

    name = "scripted"

    def __init__(
        self,
        *,
        draw: Answer = False,
        repel: Answer = False,
        take: Answer = None,
        decline: Answer = False,
        complete: Answer = True,
        claim: Answer = None,
        recipient: Answer = None,
        victory: Answer = False,
    ) -> None:
        self.answers: dict[str, Answer] = {
            "draw_again": draw,
            "repel": repel,
            "choose_take": take,
            "decline_coins": decline,
            "complete": complete,
            "claim_expedition": claim,
            "coin_recipient": recipient,
            "victory_move": victory,
        }
        self.defaults: dict[str, Any] = {
            "draw_again": False,
            "repel": False,
            "choose_take": None,
            "decline_coins": False,
            "complete": True,
            "claim_expedition": None,
            "coin_recipient": None,
            "victory_move": False,
        }
        self.asked: list[tuple[str, int | None, Any]] = []

    def _answer(self, method: str, player: PlayerState | None, arg: Any, *args: Any) -> Any:
        self.asked.append((method, None if player is None else player.index, arg))
        answer = self.answers[method]
        if callable(answer):
            return answer(*args)
        if isinstance(answer, list):
            return answer.pop(0) if answer else self.defaults[method]
        return answer

    def asked_about(self, method: str) -> list[tuple[int | None, Any]]:
        """(player, argument) of every question of one kind, in order."""
        return [(p, a) for m, p, a in self.asked if m == method]

    def start_game(self, table: Table, rng: random.Random) -> None:
        """Nothing to prepare."""

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """Scripted."""
        return self._answer("draw_again", player, None, table, player)

    def repel(self, table: Table, player: PlayerState, card: int) -> bool:
        """Scripted."""
        return self._answer("repel", player, card, table, player, card)

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        """Scripted; a queued card id must be one of the options."""
        choice = self._answer(
            "choose_take", player, list(options), table, player, options, takes_left
        )
        assert choice is None or choice in options, f"{choice} not in {options}"
        return choice

    def decline_coins(self, table: Table, player: PlayerState, card: int, contract: str) -> bool:
        """Scripted."""
        return self._answer("decline_coins", player, contract, table, player, card, contract)

    def complete(self, table: Table, player: PlayerState, contract: str) -> bool:
        """Scripted."""
        return self._answer("complete", player, contract, table, player, contract)

    def claim_expedition(self, table: Table, player: PlayerState, options: list[int]) -> int | None:
        """Scripted."""
        return self._answer("claim_expedition", player, list(options), table, player, options)

    def coin_recipient(self, table: Table, player: PlayerState, options: list[int]) -> int:
        """Scripted; defaults to the first option."""
        choice = self._answer("coin_recipient", player, list(options), table, player, options)
        return options[0] if choice is None else choice

    def victory_move(self, table: Table) -> bool:
        """Scripted."""
        return self._answer("victory_move", None, None, table)


def rig(
    contracts: Iterable[str] = (), players: int = 1, policy: Scripted | None = None, seed: int = 0
) -> Game:
    """A fresh game with an empty Time Pile and a fresh log; rig it with the helpers below."""
    by_key = {c.key: c for c in load_catalog().contracts}
    config = GameConfig(tuple(by_key[k] for k in contracts), players, time_pile=0, seed=seed)
    game = Game(config, policy or Scripted())
    game.hidden.stacked = True
    game.log = EventLog()
    return game


def ids(game: Game, label: str) -> list[int]:
    """Every card id whose label is ``label`` (e.g. 'Sailor 3->1', 'Frigate 3/6')."""
    found = [c for c in range(game.deck.size) if game.deck.label(c) == label]
    assert found, f"no card labelled {label!r}"
    return found


def card(game: Game, label: str, copy: int = 0) -> int:
    """One card id by label (``copy`` picks among identical cards)."""
    return ids(game, label)[copy]


def _extract(game: Game, card_id: int) -> None:
    """Take a card out of whatever zone holds it."""
    table, hidden = game.table, game.hidden
    for pile in (
        hidden.draw,
        hidden.time,
        table.harbour,
        table.discard,
        table.expedition_row,
        hidden.victory,
    ):
        if card_id in pile:
            pile.remove(card_id)
            break
    else:
        for player in table.players:
            coins = hidden.coin_cards[player.index]
            if card_id in coins:  # swap in another coin card from the bottom of the draw pile
                coins[coins.index(card_id)] = hidden.draw.pop(0)
                break
            if card_id in player.persons:
                player.persons.remove(card_id)
                game._add_person(player, card_id, -1)
                break
            if card_id in player.expeditions:
                player.expeditions.remove(card_id)
                player.vp -= game.deck.vp[card_id]
                break
        else:
            raise AssertionError(f"card {card_id} is nowhere")
    _sync(game)


def _sync(game: Game) -> None:
    game.table.draw_size = len(game.hidden.draw)
    game.table.time_size = len(game.hidden.time)
    game.table.victory_size = len(game.hidden.victory)


def give(game: Game, player: int, *cards: int) -> None:
    """Put persons into a player's display (expeditions into their claimed expeditions)."""
    state = game.table.players[player]
    for c in cards:
        _extract(game, c)
        if game.deck.type[c] == 2:  # EXPEDITION
            state.expeditions.append(c)
            state.vp += game.deck.vp[c]
        else:
            state.persons.append(c)
            game._add_person(state, c, +1)


def to_harbour(game: Game, *cards: int) -> None:
    """Lay cards in the harbour, in order."""
    for c in cards:
        _extract(game, c)
        game.table.harbour.append(c)


def to_expedition_row(game: Game, *cards: int) -> None:
    """Lay expeditions in the expedition row."""
    for c in cards:
        _extract(game, c)
        game.table.expedition_row.append(c)


def stack(game: Game, time: Iterable[int] = (), draw: Iterable[int] = (), victory: int = 0) -> None:
    """Time Pile cards and next draw-pile cards, first drawn first; ``victory`` cards moved
    from the draw pile to the Victory Pile."""
    time, draw = list(time), list(draw)
    for c in time + draw:
        _extract(game, c)
    hidden = game.hidden
    hidden.time = list(reversed(time))
    hidden.draw.extend(reversed(draw))
    for _ in range(victory):
        hidden.victory.append(hidden.draw.pop(0))
    _sync(game)


def set_coins(game: Game, player: int, n: int) -> None:
    """Give a player exactly ``n`` coin cards (taken from or returned to the bottom of the
    draw pile, so the rigged top stays in place)."""
    coins = game.hidden.coin_cards[player]
    while len(coins) > n:
        game.hidden.draw.insert(0, coins.pop())
    while len(coins) < n:
        coins.append(game.hidden.draw.pop(0))
    game.table.players[player].coins = n
    _sync(game)


def turn(game: Game) -> None:
    """Play the active player's turn and pass to the next player, as `Game.run` does."""
    game.play_turn()
    game.table.active = (game.table.active + 1) % game.table.n_players


def notes(game: Game, event: str) -> list[dict[str, Any]]:
    """The logged events of one kind."""
    assert game.log is not None
    return [e for e in game.log.events if e["event"] == event]


def count_cards(game: Game) -> int:
    """Every card in every zone: must equal the deck size at all times."""
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
        total += (
            len(hidden.coin_cards[p.index]) + len(p.persons) + len(p.expeditions) + len(p.aside)
        )
    return total


def redealt_hidden(hidden: Hidden, seed: int) -> Hidden:
    """Other hidden cards behind the same public table: the same hidden cards dealt anew
    to the same pile sizes (valid before any reshuffle)."""
    cards = hidden.draw + hidden.time + hidden.victory + [c for p in hidden.coin_cards for c in p]
    random.Random(seed).shuffle(cards)
    other = Hidden(len(hidden.coin_cards))
    at = 0
    for name in ("draw", "time", "victory"):
        n = len(getattr(hidden, name))
        setattr(other, name, cards[at : at + n])
        at += n
    for i, coins in enumerate(hidden.coin_cards):
        other.coin_cards[i] = cards[at : at + len(coins)]
        at += len(coins)
    return other
