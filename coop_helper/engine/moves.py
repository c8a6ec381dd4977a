"""Card moves and the card count: the lowest part of a game's flow.

Every card changes zone here (drawn, paid, gained, moved to the Time or Victory Pile),
and the table's count of the cards not yet seen learns of each card turned face up. A
logged game records each move as it happens. The parts above this one (`claims`, `trade`,
`game`) add the rest of the rules on top of these moves.

C++ twin: `coop_helper/native/src/engine/moves.cpp` (methods of the one `Game` class there).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from coop_helper.engine import contracts as rules
from coop_helper.engine.cards import CLERK, SHIP, TRADER, Deck
from coop_helper.engine.log import EventLog
from coop_helper.engine.state import CHEAP_COST, Hidden, PlayerState, Table

if TYPE_CHECKING:  # types only (game.py builds on this module)
    from coop_helper.engine.decisions import Decisions
    from coop_helper.engine.game import GameConfig


class CardMoves:
    """A game's state and the moves of its cards (`Game` sets the state up)."""

    def __init__(
        self,
        config: GameConfig,
        policy: Decisions,
        log: EventLog | None,
        deck: Deck,
        table: Table,
        hidden: Hidden,
        rng: random.Random,
    ) -> None:
        self.config = config
        self.policy = policy
        self.log = log
        self.deck = deck
        self.table = table
        self.hidden = hidden
        self.rng = rng  # the deck's random source
        # Called when the active player stops drawing, and at the end of every turn (the
        # odds runner branches from a stop by what the rest of its turn left).
        self.on_stop: Callable[[], None] | None = None
        self.on_turn_end: Callable[[], None] | None = None
        self.victory_moves = 0  # Time Pile cards moved to the Victory Pile on Tax Increases
        self.reshuffles = 0  # times the discard pile became the draw pile
        # The cards of a reshuffle set off by the draw pile's last card, logged once that
        # card's draw is (None: no reshuffle waiting to be logged).
        self._unlogged_reshuffle: list[int] | None = None
        # The player whose take being made still owes the active player its 1-coin fee
        # (-1: none): paid when the take is done, or at once before a completion it sets
        # off that wins the game, which ends there (`TradeAndHire._take`, `Claims._complete`).
        self._fee_due = -1
        # the game's contracts completed at take time, in order
        self._needs_at_take = [c.key for c in config.contracts if c.key in rules.AT_TAKE_TIME]

    def _move(self, card: int, source: str, target: str) -> None:
        if self.log is None:
            return
        pending = self._unlogged_reshuffle if source == "draw" else None
        if pending is None:
            self.log.move(card, source, target)
            return
        # The draw pile's last card: it leaves the pile, the discard pile becomes the new
        # one, and only then does the card land. One bound for the discard pile (a Tax
        # Increase, a repelled ship) shows face up in the harbour meanwhile, so the
        # reshuffle, which did not take it, leaves the discard pile empty.
        self._unlogged_reshuffle = None
        stop = "harbour" if target == "discard" else target
        self.log.move(card, source, stop)
        self._log_reshuffle(pending, emptied=True)
        if stop != target:
            self.log.move(card, stop, target)

    def _draw_hidden(self, reveal: bool = False) -> int | None:
        """Take a random card off the draw pile; ``reveal`` if it is drawn face up.

        The moment the draw pile empties, the discard pile is shuffled into a new one
        (docs/engine-rulings.md, reading 10). A draw pile found empty (the discard pile was empty
        when it ran out) is refilled the same way when the next card is wanted.
        """
        draw = self.hidden.draw
        if not draw:
            if not self.table.discard:
                return None
            self._reshuffle()
        n = len(draw)
        i = n - 1 if self.hidden.stacked else int(self.rng.random() * n)
        card = draw[i]
        if reveal:
            self._reveal(card, from_draw=True)
        if n == 1:
            self.table.draw_runouts += 1
            if self.table.discard:
                self._reshuffle(last=card)  # the last card leaves as the new pile forms
                return card
        draw[i] = draw[n - 1]
        draw.pop()
        self.table.draw_size = n - 1
        return card

    def _reshuffle(self, last: int | None = None) -> None:
        """Shuffle the discard pile into the draw pile.

        ``last`` is the old pile's last card, being drawn: it stays in the pile until the
        new one is formed, then leaves. The log tells that card's draw first and the new
        pile after it (`_move`), so a replay never meets a reshuffle into a pile that
        still holds a card, nor a card bound for the discard pile that the reshuffle left
        there.
        """
        table = self.table
        if self.log is not None:
            if last is None:
                self._log_reshuffle(table.discard, emptied=False)
            else:  # logged after the last card's draw, once it has left the old pile
                self._unlogged_reshuffle = list(table.discard)
        draw = self.hidden.draw
        if last is not None:
            draw.remove(last)
        draw.extend(table.discard)
        # From now on the draw pile is exactly the old discard pile, which everyone saw.
        unseen = [0] * len(table.unseen)
        ships = [0] * len(table.unseen_ships)
        deck = self.deck
        for card in table.discard:
            unseen[deck.kind[card]] += 1
            if deck.type[card] == SHIP:
                ships[deck.colour[card]] += 1
        table.unseen = unseen
        table.unseen_ships = ships
        table.unseen_total = len(table.discard)
        table.discard = []
        table.draw_size = len(draw)
        table.reshuffled = True
        self.reshuffles += 1

    def _log_reshuffle(self, cards: list[int], emptied: bool) -> None:
        """Log the discard pile's ``cards`` becoming the draw pile; ``emptied``: the old
        pile ran out as its last card was drawn (that draw is logged just before)."""
        assert self.log is not None
        for card in cards:
            self.log.move(card, "discard", "draw")
        self.log.note("reshuffle", cards=len(cards), emptied=emptied)

    def _reveal(self, card: int, from_draw: bool) -> None:
        """A hidden card turns face up: the table's card count learns of it."""
        table = self.table
        if from_draw or not table.reshuffled:
            kind = self.deck.kind[card]
            if table.unseen[kind] > 0:
                table.unseen[kind] -= 1
                table.unseen_total -= 1
                if self.deck.type[card] == SHIP:
                    table.unseen_ships[self.deck.colour[card]] -= 1

    def _gain(self, player: PlayerState, n: int) -> None:
        coins = self.hidden.coin_cards[player.index]
        for _ in range(n):
            card = self._draw_hidden()
            if card is None:
                return
            coins.append(card)
            player.coins += 1
            if self.log is not None:
                self._move(card, "draw", f"coins:{player.index}")

    def _pay_discard(self, player: PlayerState, n: int) -> None:
        coins = self.hidden.coin_cards[player.index]
        for _ in range(n):
            card = coins.pop()
            player.coins -= 1
            self._reveal(card, from_draw=False)
            self.table.discard.append(card)
            if self.log is not None:
                self.log.move(card, f"coins:{player.index}", "discard")

    def _pay_player(self, payer: PlayerState, payee: PlayerState, n: int) -> None:
        source = self.hidden.coin_cards[payer.index]
        target = self.hidden.coin_cards[payee.index]
        for _ in range(n):
            card = source.pop()
            target.append(card)
            payer.coins -= 1
            payee.coins += 1
            if self.log is not None:
                self.log.move(card, f"coins:{payer.index}", f"coins:{payee.index}")

    def _pay_fee(self, player: PlayerState) -> None:
        """A non-active player's 1-coin fee for the take being made, to the active player."""
        self._fee_due = -1
        active = self.table.players[self.table.active]
        if self.log is not None:
            self.log.note("fee", player=player.index, to=active.index, coins=1)
        self._pay_player(player, active, 1)

    def _time_card(self, bottom: bool) -> int | None:
        """Take the top card of the Time Pile, revealed for the card count, or the bottom
        one, face down. One not dealt yet comes off the draw pile now, revealed as it
        leaves it (before any reshuffle it sets off). None if no card is left anywhere."""
        table, hidden = self.table, self.hidden
        if table.time_owed > 0 and (bottom or not hidden.time):
            card = self._draw_hidden(reveal=not bottom)
            if card is not None:
                table.time_owed -= 1
                self._move(card, "draw", "time")
            return card
        if bottom:
            return hidden.time.pop(0)
        card = hidden.time.pop()
        self._reveal(card, from_draw=False)
        return card

    def _time_to_victory(self) -> bool:
        """Move the bottom Time Pile card to the Victory Pile (face down); False if there
        was no card to move."""
        card = self._time_card(bottom=True)
        if card is None:
            return False
        self.hidden.victory.append(card)
        self.table.time_size -= 1
        self.table.victory_size += 1
        self._move(card, "time", "victory")
        return True

    def _decided(
        self, player: PlayerState | None, kind: str, choice: object, options: object = None
    ) -> None:
        if self.log is not None:
            self.log.decision(
                None if player is None else player.index, kind, choice, self.policy.name, options
            )

    def _add_person(self, player: PlayerState, card: int, sign: int) -> None:
        deck = self.deck
        ability = deck.ability[card]
        player.abilities[ability] += sign
        player.swords += sign * deck.swords[card]
        player.vp += sign * deck.vp[card]
        if deck.cost[card] <= CHEAP_COST:
            player.cheap_persons += sign
        if ability == TRADER:
            player.traders[deck.colour[card]] += sign
        elif ability == CLERK:
            player.clerks[deck.colour[card]] += sign
