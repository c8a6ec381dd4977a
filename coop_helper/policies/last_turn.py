"""The last turn: a team that knows no turn follows plays for the win alone.

On the last turn (no Time Pile card left) a harbour that does not win this turn is worth
nothing, and so is a bust's loss: if stopping cannot win, drawing on cannot do worse. So
where the base policy would stop one contract short of the win, the team draws on. It
works out what stopping leaves the way a table does, by playing the rest of the turn
through in its head: a copy of the game made from the public table, with the hidden cards
guessed (`coop_helper.engine.fork.sample_hidden`), its takes played by the base policy.

Where it pays: the rule looks only at a stop with at most OPEN_MAX contracts open, and
draws on only when stopping leaves the team SHORT_MAX contract short, or fewer. Each look
plays a turn through, and the odds runner looks at every turn's stop (below), so these
bounds keep the odds fast. benchmarks/strength/time_aware.py --rule and a replay of the odds runner
on 4 deals x 150 games per player count (2026-11-30): the rule looking at every stop, at
its own draws too, gained most; looking only at stops cost about half a point, and these
bounds keep about 90% of the rest at a fifth of the look-ahead cost.

The odds runner plays one game for every removal level, so it cannot let the rule act at
the game's own last turn only: `coop_helper.sim.traces` asks `last_turn_answer` at each
draw decision as if that turn were the last, on `last_turn_view` of the table, and plays
the turn on separately where the answer differs from the policy's.

C++ twin: `coop_helper/native/src/policies/last_turn.hpp` and `.cpp`; the play-through
(`left_open_on_stopping`, `last_turn_view`) plays the engine, so it is in
`coop_helper/native/src/engine/fork.cpp`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from coop_helper.engine.state import Table

if TYPE_CHECKING:
    from coop_helper.policies.base import Policy

OPEN_MAX: Final = 2  # the rule looks at a stop only with at most this many contracts open ...
SHORT_MAX: Final = 1  # ... and draws on only if stopping leaves at most this many open


def last_turn_view(table: Table) -> Table:
    """A copy of the table as it would be if this turn were the last: every Time Pile card
    moved to the Victory Pile."""
    view = table.copy()
    view.victory_size += view.time_size - view.time_owed  # cards not dealt stay in the draw pile
    view.time_size = 0
    view.time_owed = 0
    return view


def left_open_on_stopping(table: Table, rng: random.Random, team: Callable[[], Policy]) -> int:
    """How many contracts are still open at the end of this last turn if the active player
    stops drawing now (0: the team wins).

    Played through once by ``team()``, a copy of the policy with its memory of this game,
    its coins drawn with ``rng`` (used, not copied), on the hidden cards dealt in id
    order: what the rest of a turn does depends on how many cards are hidden where (the
    coins), never on which.
    """
    # the Python engine loads only when it plays (the native core has its own rule)
    from coop_helper.engine.fork import sample_hidden
    from coop_helper.engine.game import Game, GameConfig

    config = GameConfig(table.contracts, table.n_players, 0, 0, 0)
    position = (table.copy(), sample_hidden(table, None), rng, rng)
    game = Game(config, team(), None, position, start_policy=False)
    game.resume_draw(False)
    return len(game.table.open)


def draws_on(left_open: int) -> bool:
    """On the last turn, draw on rather than stop when stopping leaves this many open?"""
    return 0 < left_open <= SHORT_MAX


def looks(table: Table) -> bool:
    """Does the rule look at a last-turn draw decision at this table?"""
    return bool(table.open) and len(table.open) <= OPEN_MAX and table.unseen_total > 0


def last_turn_look(
    table: Table, again: bool, rng: random.Random, team: Callable[[], Policy]
) -> tuple[bool, int]:
    """Draw again? at a last-turn decision where the policy answers ``again``: where it
    would stop one contract short of the win, draw on. ``team`` copies the policy.

    Also returns how many contracts the turn played through left open on stopping, or -1
    if the rule did not play it through. When the answer is to stop, that count is the
    turn's outcome: the rest of the turn goes as the play-through went.

    The rule leaves the policy's draws alone: checking those too (stopping where stopping
    wins) gained about half a point more at 14 times the look-ahead cost.
    """
    if again or not looks(table):
        return again, -1
    left_open = left_open_on_stopping(table, rng, team)
    return draws_on(left_open), left_open


def last_turn_answer(
    table: Table, again: bool, rng: random.Random, team: Callable[[], Policy]
) -> bool:
    """`last_turn_look`'s answer alone."""
    return last_turn_look(table, again, rng, team)[0]
