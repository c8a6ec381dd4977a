"""Trade and hire: a player's take time, card by card.

C++ twin: `coop_helper/native/src/engine/trade.cpp` (methods of the one `Game` class there).
"""

from __future__ import annotations

from typing import Final

from coop_helper.engine import contracts as rules
from coop_helper.engine.cards import (
    ADMIRAL,
    BLACK,
    GOVERNOR,
    GUNNER,
    JESTER,
    RED,
    SHIP,
    VICE_ADMIRAL,
)
from coop_helper.engine.claims import Claims
from coop_helper.engine.state import PlayerState, hire_cost, takes_for_colours

UNANSWERED: Final = -2  # a resumed decision not yet answered: the policy is asked


class TradeAndHire(Claims):
    """The take times of a turn: income, then trading ships and hiring persons."""

    def _trade_and_hire(self, active: PlayerState) -> None:
        table, deck = self.table, self.deck
        colours = len({deck.colour[c] for c in table.harbour if deck.type[c] == SHIP})
        takes = takes_for_colours(colours) + active.abilities[GOVERNOR]
        self._take_time(active, takes, is_active=True)
        self._later_take_times(active)

    def _later_take_times(self, after: PlayerState) -> None:
        """The take times of the players after this one in turn order."""
        table = self.table
        order = self._clockwise()
        for player in order[order.index(after) + 1 :]:
            if table.over:
                return
            self._take_time(player, 1 + player.abilities[GOVERNOR], is_active=False)

    def _clockwise(self) -> list[PlayerState]:
        """Players in turn order, starting with the active player."""
        players, start = self.table.players, self.table.active
        return players[start:] + players[:start]

    def _take_time(self, player: PlayerState, takes: int, is_active: bool) -> None:
        if self.log is not None:
            self.log.note("take_time", player=player.index, takes=takes, active=is_active)
        self._take_income(player, is_active)
        if is_active:
            self._offer_expeditions(player)
        self._offer_completions(player)
        self._take_loop(player, takes, is_active, UNANSWERED)

    def _take_loop(
        self, player: PlayerState, takes: int, is_active: bool, first: int | None
    ) -> None:
        """Take cards one by one; ``first`` answers the first question (UNANSWERED: the policy)."""
        table, policy = self.table, self.policy
        while takes > 0 and table.harbour and not table.over:
            options = self._take_options(player, is_active)
            if not options:
                break
            if first == UNANSWERED:
                card = policy.choose_take(table, player, options, takes)
            else:
                card, first = first, UNANSWERED
            self._decided(player, "take", card, options)
            if card is None:
                break
            if card not in options:
                raise ValueError(f"policy {policy.name} chose {card}, not one of {options}")
            takes -= 1
            takes += self._take(player, card, is_active)
            if is_active:
                self._offer_expeditions(player)
            self._offer_completions(player)

    def _take_income(self, player: PlayerState, is_active: bool) -> None:
        """Coins due when it is a player's time to take cards."""
        table, deck = self.table, self.deck
        harbour = len(table.harbour)
        ships = sum(1 for c in table.harbour if deck.type[c] == SHIP)
        coins = 0
        if player.abilities[GUNNER] and ships > 1:
            coins += player.abilities[GUNNER] * (ships - 1)
        if player.abilities[VICE_ADMIRAL] and harbour in (3, 4):
            coins += player.abilities[VICE_ADMIRAL]
        if player.abilities[ADMIRAL] and harbour >= 5:
            coins += 2 * player.abilities[ADMIRAL]
        if player.abilities[JESTER] and not is_active and harbour == 0:
            coins += player.abilities[JESTER]
        if coins:
            if self.log is not None:
                self.log.note("income", player=player.index, coins=coins, reason="take_time")
            self._gain(player, coins)

    def hire_cost(self, player: PlayerState, card: int) -> int:
        """What hiring a person costs this player (Mademoiselles' discount, never below 0)."""
        return hire_cost(self.deck, player, card)

    def _take_options(self, player: PlayerState, is_active: bool) -> list[int]:
        deck = self.deck
        fee = 0 if is_active else 1
        options = []
        for card in self.table.harbour:
            if deck.type[card] == SHIP:
                options.append(card)  # every ship pays at least the 1-coin fee
            elif player.coins >= self.hire_cost(player, card) + fee:
                options.append(card)
        return options

    def _take(self, player: PlayerState, card: int, is_active: bool) -> int:
        """Trade or hire one harbour card; returns extra takes earned (Clerks, a Governor)."""
        table, deck = self.table, self.deck
        extra = 0
        self._fee_due = -1 if is_active else player.index
        if deck.type[card] == SHIP:
            table.harbour.remove(card)
            extra = self._trade(player, card, is_active)
        else:
            cost = self.hire_cost(player, card)
            if self.log is not None:
                self.log.note("hire", player=player.index, card=card, cost=cost)
            self._pay_discard(player, cost)
            table.harbour.remove(card)
            self._hire(player, card)
            if deck.ability[card] == GOVERNOR:  # its extra take is there at once (reading 9)
                extra = 1
        if self._fee_due >= 0:
            self._pay_fee(player)
        return extra

    def _trade(self, player: PlayerState, card: int, is_active: bool) -> int:
        table, deck = self.table, self.deck
        colour = deck.colour[card]
        table.discard.append(card)
        self._move(card, "harbour", "discard")
        foe = "frigate_foe" if colour == RED else "galleon_foe" if colour == BLACK else None
        declined = False
        if (
            foe
            and foe in table.contract_by_key
            and rules.eligible(table, player, foe)
            and (is_active or player.coins >= 1)
        ):
            declined = self.policy.decline_coins(table, player, card, foe)
            self._decided(player, f"decline:{foe}", declined, card)
        if self.log is not None:
            coins = 0 if declined else deck.coins[card] + player.traders[colour]
            self.log.note("trade", player=player.index, card=card, coins=coins, declined=declined)
        if declined:
            self._foe_progress(player, foe)  # type: ignore[arg-type]
        else:
            self._gain(player, deck.coins[card] + player.traders[colour])
            if deck.coin_to_other[card] and table.n_players > 1:
                others = [p.index for p in table.players if p is not player]
                chosen = self.policy.coin_recipient(table, player, others)
                self._decided(player, "coin_recipient", chosen, others)
                if self.log is not None:
                    self.log.note("income", player=chosen, coins=1, reason="gift")
                self._gain(table.players[chosen], 1)
        return player.clerks[colour]

    def _foe_progress(self, player: PlayerState, key: str) -> None:
        step = player.markers.get(key, 0) + 1
        if step > self.table.contract_by_key[key].markers:
            self._complete(player, key)
        else:
            player.markers[key] = step
            if self.log is not None:
                self.log.note("marker", player=player.index, contract=key, step=step)

    def _hire(self, player: PlayerState, card: int) -> None:
        player.persons.append(card)
        if self.log is not None:
            self.log.move(card, "harbour", f"display:{player.index}")
        self._add_person(player, card, +1)
