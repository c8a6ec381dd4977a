"""The random legal player: every choice uniform among the legal ones.

C++ twin: `coop_helper/native/src/policies/random_policy.cpp`.
"""

from __future__ import annotations

import random

from coop_helper.engine.state import PlayerState, Table

NEVER = 10**9  # a threshold no Time Pile reaches


class RandomPolicy:
    """Picks uniformly at random among the legal choices (its own seeded random source)."""

    name = "random"
    # raised whenever a change alters its games (docs/expert-tuning.md: the versions)
    version = "2"  # the same at every player count
    time_blind = True
    plays_last_turn = False
    stop_left_open = -1

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def version_at(self, players: int) -> str:
        """Its version (the same at every player count)."""
        return self.version

    def clone(self) -> RandomPolicy:
        """A copy whose random source goes on from this one's state."""
        other = RandomPolicy()
        other.rng.setstate(self.rng.getstate())
        return other

    def start_game(self, table: Table, rng: random.Random) -> None:
        """Take the game's policy random source."""
        self.rng = rng

    def _coin(self) -> bool:
        return self.rng.random() < 0.5

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """Draw or stop, evens."""
        return self._coin()

    def repel(self, table: Table, player: PlayerState, card: int) -> bool:
        """Repel or not, evens."""
        return self._coin()

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        """Any option or passing, uniformly."""
        return self.rng.choice([*options, None])

    def decline_coins(self, table: Table, player: PlayerState, card: int, contract: str) -> bool:
        """Decline or not, evens."""
        return self._coin()

    def complete(self, table: Table, player: PlayerState, contract: str) -> bool:
        """Complete or not, evens."""
        return self._coin()

    def claim_expedition(self, table: Table, player: PlayerState, options: list[int]) -> int | None:
        """Any expedition or none, uniformly."""
        return self.rng.choice([*options, None])

    def coin_recipient(self, table: Table, player: PlayerState, options: list[int]) -> int:
        """Any other player."""
        return self.rng.choice(options)

    def victory_threshold(self, table: Table) -> int:
        """Evens: 0 (move whenever a card is left) or never."""
        return 0 if self._coin() else NEVER

    def victory_move(self, table: Table) -> bool:
        """Move or not, evens."""
        return table.time_size >= self.victory_threshold(table)
