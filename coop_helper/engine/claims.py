"""Expeditions claimed and contracts completed: what a player earns cubes and points by.

C++ twin: `coop_helper/native/src/engine/claims.cpp` (methods of the one `Game` class there).
"""

from __future__ import annotations

from coop_helper.engine import contracts as rules
from coop_helper.engine.cards import JACK
from coop_helper.engine.moves import CardMoves
from coop_helper.engine.state import PlayerState


class Claims(CardMoves):
    """Offering and claiming expeditions; offering and completing contracts."""

    # ------------------------------------------------------------ expeditions

    def _offer_expeditions(self, player: PlayerState) -> None:
        table = self.table
        while not table.over:
            options = [c for c in table.expedition_row if self._can_claim(player, c)]
            if not options:
                return
            choice = self.policy.claim_expedition(table, player, options)
            self._decided(player, "claim_expedition", choice, options)
            if choice is None:
                return
            self._claim(player, choice)

    def _can_claim(self, player: PlayerState, card: int) -> bool:
        """Has the player the persons this expedition needs (Jacks making up the rest)?"""
        abilities = player.abilities
        short = 0
        for ability, count in self.deck.needs[card]:
            if abilities[ability] < count:
                short += count - abilities[ability]
        return short <= abilities[JACK]

    def _expedition_persons(self, player: PlayerState, card: int) -> list[int] | None:
        """The persons a claim would discard (named persons first, Jacks for the rest)."""
        deck = self.deck
        chosen: list[int] = []
        jacks = [c for c in player.persons if deck.ability[c] == JACK]
        for ability, count in deck.needs[card]:
            own = [c for c in player.persons if deck.ability[c] == ability][:count]
            chosen += own
            short = count - len(own)
            if short > len(jacks):
                return None
            chosen += jacks[:short]
            jacks = jacks[short:]
        return chosen

    def _claim(self, player: PlayerState, card: int) -> None:
        deck, table = self.deck, self.table
        persons = self._expedition_persons(player, card)
        if persons is None:
            raise ValueError(f"player {player.index} cannot claim expedition {card}")
        if self.log is not None:
            self.log.note(
                "claim",
                player=player.index,
                card=card,
                persons=persons,
                coins=deck.coins[card],
                vp=deck.vp[card],
            )
        for person in persons:
            player.persons.remove(person)
            self._add_person(player, person, -1)
            table.discard.append(person)
            self._move(person, f"display:{player.index}", "discard")
        table.expedition_row.remove(card)
        player.expeditions.append(card)
        player.vp += deck.vp[card]
        self._move(card, "expedition_row", f"expeditions:{player.index}")
        self._gain(player, deck.coins[card])

    # -------------------------------------------------------------- contracts

    def _offer_completions(self, player: PlayerState) -> None:
        """Offer every take-time contract the player can complete, until none is left.

        After each completion (a change: coins, victory points) the contracts are looked at
        again from the first, so one made possible by another completion, or passed over
        before it, is offered too (docs/engine-rulings.md, reading 11). A declined contract is not
        offered again until something changes.
        """
        table, policy = self.table, self.policy
        declined: set[str] = set()
        changed = True
        while changed:
            changed = False
            for key in self._needs_at_take:
                if table.over or player.cubes_free() <= 0:
                    return  # take-time contracts have no progress markers: a cube is needed
                if key in declined:
                    continue
                # The requirement first: it is cheap and rarely met.
                if not (
                    rules.requirement_met(table, player, key) and rules.eligible(table, player, key)
                ):
                    continue
                pays = key in rules.PAY_INSTEAD and player.vp < rules.PAY_VP
                decide = policy.complete(table, player, key)
                self._decided(player, f"{'pay' if pays else 'complete'}:{key}", decide)
                if not decide:
                    declined.add(key)
                    continue
                if pays:
                    if self.log is not None:
                        self.log.note(
                            "pay", player=player.index, contract=key, coins=rules.PAY_COINS
                        )
                    self._pay_discard(player, rules.PAY_COINS)
                self._complete(player, key)
                declined.clear()
                changed = True
                break

    def _complete(self, player: PlayerState, key: str) -> None:
        """Put the player's cube on the contract: coin space, bonus VP, maybe the win.

        A completion that wins ends the game at once, so a take that sets it off (a Foe
        completed by a declined trade) pays its fee first, where the table pays it."""
        table = self.table
        if self._fee_due == player.index and table.open == [key]:
            self._pay_fee(player)
        contract = table.contract_by_key[key]
        completers = table.completers[key]
        coins = contract.coins[len(completers)] if contract.coins else 0
        player.markers.pop(key, None)
        player.marker_turn.pop(key, None)
        player.completed.append(key)
        bonus = {2: 1, 3: 2}.get(len(player.completed), 0)
        player.vp += bonus
        completers.append(player.index)
        if key in table.open:
            table.open.remove(key)
        if self.log is not None:
            self.log.note(
                "complete",
                player=player.index,
                contract=key,
                coins=coins,
                bonus_vp=bonus,
                turn=table.turn,
            )
        self._gain(player, coins)
        if not table.open:
            table.over = table.won = True
