"""A simple baseline team: short, safe draws; hires what an open contract needs.

C++ twin: `coop_helper/native/src/policies/basic.cpp`.
"""

from __future__ import annotations

import random

from coop_helper.engine.cards import PERSON, SHIP
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies.needs import person_helps
from coop_helper.policies.random_policy import NEVER

STOP_AT_HARBOUR = 4  # stop drawing once the harbour holds this many cards


class BasicPolicy:
    """Stops at a fixed harbour size, always repels, completes whatever is still open."""

    name = "basic"
    # raised whenever a change alters its games (docs/expert-tuning.md: the versions)
    version = "2"  # the same at every player count
    time_blind = True
    plays_last_turn = False
    stop_left_open = -1

    def version_at(self, players: int) -> str:
        """Its version (the same at every player count)."""
        return self.version

    def clone(self) -> BasicPolicy:
        """A copy (the basic team keeps no memory)."""
        return BasicPolicy()

    def start_game(self, table: Table, rng: random.Random) -> None:
        """Nothing to prepare."""

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """Draw until the harbour holds a fixed number of cards."""
        return len(table.harbour) < STOP_AT_HARBOUR

    def repel(self, table: Table, player: PlayerState, card: int) -> bool:
        """Always repel: a repelled ship cannot bust us."""
        return True

    def _helps(self, table: Table, player: PlayerState, card: int) -> bool:
        return table.deck.type[card] == PERSON and any(
            person_helps(table, player, card, key)
            for key in table.open
            if key not in player.completed
        )

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        """A person an open contract needs; else, as the active player, the richest ship."""
        deck = table.deck
        useful = [c for c in options if self._helps(table, player, c)]
        if useful:
            return max(useful, key=lambda c: deck.vp[c])
        ships = [c for c in options if deck.type[c] == SHIP]
        if not ships:
            return None
        richest = max(ships, key=lambda c: deck.coins[c])
        if table.players[table.active] is player or deck.coins[richest] >= 2:
            return richest  # a non-active player trades only when it beats the 1-coin fee
        return None

    def decline_coins(self, table: Table, player: PlayerState, card: int, contract: str) -> bool:
        """Decline when the team still needs that Foe contract."""
        return contract in table.open

    def complete(self, table: Table, player: PlayerState, contract: str) -> bool:
        """Complete when the team still needs it."""
        return contract in table.open

    def claim_expedition(self, table: Table, player: PlayerState, options: list[int]) -> int | None:
        """Claim when Explorer is still open."""
        return options[0] if "explorer" in table.open else None

    def coin_recipient(self, table: Table, player: PlayerState, options: list[int]) -> int:
        """The poorest other player."""
        return min(options, key=lambda i: table.players[i].coins)

    def victory_threshold(self, table: Table) -> int:
        """Never move: time is the scarce thing."""
        return NEVER

    def victory_move(self, table: Table) -> bool:
        """Never: time is the scarce thing."""
        return table.time_size >= self.victory_threshold(table)
