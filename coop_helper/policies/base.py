"""What a policy is: the engine's questions (`engine.decisions.Decisions`), and what the
odds runner (`coop_helper.sim.traces`) asks of a policy besides: whether its play depends
on the turns left (`time_blind`), whether it plays the last turn by the rule of
`policies.last_turn` (`plays_last_turn`, with `stop_left_open` and `clone` for the
runner's branches), and its version at each player count for the journal and the atlas.

C++ twin: `coop_helper/native/src/policies/base.hpp`.
"""

from __future__ import annotations

from typing import Protocol

from coop_helper.engine.decisions import Decisions


class Policy(Decisions, Protocol):
    """A team's decision maker."""

    time_blind: bool
    """No decision depends on the turns left, except the Victory Pile move and the last
    turn: only such a policy answers every removal level from one game."""
    plays_last_turn: bool
    """Plays the last turn for the win by the rule of `policies.last_turn`; the odds runner
    then branches at every stop that rule looks at."""
    stop_left_open: int
    """After a last-turn stop the rule played through: the contracts it left open (the
    turn's outcome); -1 otherwise."""

    def version_at(self, players: int) -> str:
        """Its version at this player count: raised whenever a change alters the games it
        plays there (the atlas and the journal keep a count's numbers while it stands)."""
        ...

    def clone(self) -> Policy:
        """A copy in the middle of a game, with this game's memory (for a branch)."""
