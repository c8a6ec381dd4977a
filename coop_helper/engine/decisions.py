"""What the rules engine asks a team at every decision point.

Each question gets the public `Table` (nothing hidden: no deck order, no coin faces), the
player deciding, and the legal choices. One object answers for the whole team; the
policies (`coop_helper.policies`) are such objects, and `policies.base.Policy` adds what
the odds runner asks of them besides.

C++ twin: the `Policy` class in `coop_helper/native/src/policies/base.hpp`.
"""

from __future__ import annotations

import random
from typing import Protocol

from coop_helper.engine.state import PlayerState, Table


class Decisions(Protocol):
    """A team's answers to the engine's questions."""

    name: str

    def start_game(self, table: Table, rng: random.Random) -> None:
        """Called once before the first turn; ``rng`` is the policy's own random source."""

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """Phase 1: draw another card (True) or stop (False)."""

    def repel(self, table: Table, player: PlayerState, card: int) -> bool:
        """Phase 1: repel the ship just drawn (only asked when the player can)."""

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        """Phase 2: which harbour card to take (trade a ship or hire a person), or None to pass."""

    def decline_coins(self, table: Table, player: PlayerState, card: int, contract: str) -> bool:
        """Trading a Frigate or Galleon: decline all its coins for Frigate/Galleon Foe progress."""

    def complete(self, table: Table, player: PlayerState, contract: str) -> bool:
        """Complete this contract now (or place its first progress marker)."""

    def claim_expedition(self, table: Table, player: PlayerState, options: list[int]) -> int | None:
        """Claim one of these expeditions (card ids), or None."""

    def coin_recipient(self, table: Table, player: PlayerState, options: list[int]) -> int:
        """Which other player (index) receives the +1 coin of an expansion ship."""

    def victory_threshold(self, table: Table) -> int:
        """The fewest Time Pile cards left at which this policy would move one on a Tax Increase.

        Together with `victory_move` this is the one place a policy may look at the Time
        Pile's size: every other decision must not depend on it, so that one simulated game
        answers every removal level (see `coop_helper.sim.traces`).
        """

    def victory_move(self, table: Table) -> bool:
        """A Tax Increase was drawn: move one Time Pile card to the Victory Pile?

        Must equal ``table.time_size >= self.victory_threshold(table)``.
        """
