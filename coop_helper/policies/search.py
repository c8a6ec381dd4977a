"""A search player laid on top of any policy: determinized Monte-Carlo rollouts.

At a draw-again-or-stop decision and at a take decision (which harbour card, or pass) it
asks the base policy first, then checks the answer: it guesses the hidden cards from the
public table (`coop_helper.engine.fork.sample_hidden`), plays the game to its end once per
option from that guess with fresh copies of the base policy, and repeats for a number of
guesses. Every option is played out on the same guesses and the same random draws (common
random numbers), so the options' results pair up; the base policy's answer is overridden
only by an option whose paired win difference exceeds two standard errors.

It sees only what a real table sees: the guesses and the rollouts use the public `Table`
and this player's own random source (the one `start_game` hands it), never the game's.
Its rollouts see the Time Pile's size, so its play depends on the turns left: one simulated
game cannot answer every removal level, and the odds runner refuses it.

Where the native core is built and in use, the rollouts of a decision run there
(`coop_helper.native.core.search_rollouts`, one crossing per decision) with exactly the
same random numbers, so the decisions are the same on both engines.

C++ twin: `coop_helper/native/src/policies/search.hpp` and `.cpp`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

from coop_helper.engine.fork import fork, sample_hidden
from coop_helper.engine.game import Game, GameResult
from coop_helper.engine.state import Hidden, PlayerState, Table
from coop_helper.native import core as native_core
from coop_helper.native import native_in_use
from coop_helper.policies.base import Policy

# Guesses per decision. benchmarks/strength/search_gain.py, solo, checking draws: 32 gained
# +6.7 ± 2.6 points (300 games), 64 gained +9.3 ± 3.5 (150 games) at twice the cost; the
# difference is within the noise, so the cheaper setting is the default.
DEFAULT_SAMPLES: Final = 32
KINDS = ("draw", "take")
SIGNIFICANCE: Final = 2.0  # standard errors an override needs
SEED_SALT: Final = 0x5EA4C4  # the search's generator: the policy source's next 64 bits ^ this
Option = bool | int | None  # a draw answer, or a take answer (a card, None to pass)


def search_constants() -> dict[str, Any]:
    """The search's constants by name, as the native core takes them (`native_search`)."""
    return {"significance": SIGNIFICANCE, "seed_salt": SEED_SALT}


def native_search() -> Any:
    """The search's constants as the native core's (its C++ twin types none of them)."""
    constants = search_constants()
    return _native_search(constants["significance"], constants["seed_salt"])


@functools.cache
def _native_search(significance: float, seed_salt: int) -> Any:
    return native_core.make_search({"significance": significance, "seed_salt": seed_salt})


class SearchDecision(NamedTuple):
    """One decision the search checked (kept when a search player's `record` is a list)."""

    kind: str  # "draw" or "take"
    turn: int
    player: int
    base_choice: Option  # the base policy's answer
    pick: Option  # the answer played
    options: tuple[Option, ...]  # in search order: the base's answer first
    wins: tuple[int, ...]  # rollouts won, per option


def paired_best(results: Sequence[Sequence[float]], base: int) -> int:
    """The option to play: the one whose mean paired gain over option ``base`` is largest
    and exceeds SIGNIFICANCE standard errors; ``base`` if none does.

    The test is made on the sums of the paired differences and of their squares (whole
    numbers for wins of 1 and 0, so exact in any order of addition): mean > k * sqrt(var / n)
    with var the sample variance is total**2 * (n - 1) > k**2 * (n * squares - total**2)
    for a positive total. The native core (src/policies/search.cpp) decides the same way.
    """
    best, best_total = base, 0.0
    reference = results[base]
    n = len(reference)
    if n < 2:
        return base
    for i, outcomes in enumerate(results):
        if i == base:
            continue
        diffs = [a - b for a, b in zip(outcomes, reference, strict=True)]
        total = sum(diffs)
        if total <= best_total:
            continue
        squares = sum(d * d for d in diffs)
        if total * total * (n - 1) > SIGNIFICANCE**2 * (n * squares - total * total):
            best, best_total = i, total
    return best


class SearchPolicy:
    """Checks a base policy's draw and take decisions by rollouts; delegates the rest."""

    time_blind = False  # its decisions depend on the turns left
    plays_last_turn = False
    stop_left_open = -1
    version = "0"  # the journal and the atlas record only the policies of the ladder

    def __init__(
        self,
        base: Callable[[], Policy],
        name: str,
        kinds: Sequence[str] = KINDS,
        samples: int = DEFAULT_SAMPLES,
        base_name: str | None = None,
    ) -> None:
        """``base`` makes the policy checked; ``base_name`` is its name where the native
        core plays exactly that policy (the registry's own factories), so the rollouts
        may run there; None keeps them on the Python engine."""
        unknown = set(kinds) - set(KINDS)
        if unknown:
            raise ValueError(f"unknown decision kinds {sorted(unknown)}; use {KINDS}")
        if samples < 2:
            raise ValueError(f"samples must be 2 or more, not {samples}")
        self.name = name
        self.make_base = base
        self.base_name = base_name
        self.kinds = frozenset(kinds)
        self.samples = samples
        self.base = base()
        self.rng = random.Random(0)
        self.native = False  # the rollouts run on the native core (decided at start_game)
        self.searched = {kind: 0 for kind in KINDS}  # decisions searched, per kind
        self.overridden = {kind: 0 for kind in KINDS}  # ... and answered differently
        self.record: list[SearchDecision] | None = None  # a list: every decision searched

    def version_at(self, players: int) -> str:
        """Its version (the same at every player count)."""
        return self.version

    def start_game(self, table: Table, rng: random.Random) -> None:
        """The base policy gets the random source as it would alone; the search a new one
        seeded from it."""
        base_rng = random.Random()
        base_rng.setstate(rng.getstate())
        self.base = self.make_base()
        self.base.start_game(table, base_rng)
        self.rng = random.Random(rng.getrandbits(64) ^ SEED_SALT)
        self.native = self._native_rollouts(table)

    def _native_rollouts(self, table: Table) -> bool:
        """May this game's rollouts run on the native core?"""
        return (
            self.base_name is not None
            and native_in_use()
            and native_core.searches(self.base_name, table.contracts)
        )

    def clone(self) -> SearchPolicy:
        """A copy in the middle of a game: the base policy's copy, the same random state."""
        other = SearchPolicy(
            self.make_base, self.name, tuple(self.kinds), self.samples, self.base_name
        )
        other.base = self.base.clone()
        other.rng.setstate(self.rng.getstate())
        other.native = self.native
        return other

    # -------------------------------------------------------------- search

    def _option_wins(
        self,
        table: Table,
        kind: str,
        options: Sequence[Option],
        player: int = 0,
        takes_left: int = 0,
    ) -> list[list[float]]:
        """Wins (1/0) of each option per sample, on the native core where this game's
        rollouts run there (the same numbers), else by `_rollouts`: a draw answer resumes
        the active player's drawing, a take answer ``player``'s take (``takes_left``)."""
        if self.native and self.base_name is not None:
            from coop_helper.policies.native_expert import native_constants

            params = getattr(self.base, "params", None)  # the expert base's constants
            expert = native_constants(self.base_name, table.n_players, params)
            return native_core.search_rollouts(
                table,
                self.rng,
                self.base_name,
                self.samples,
                kind,
                options,
                player,
                takes_left,
                expert,
            )

        def resume(game: Game, option: Option) -> GameResult:
            if kind == "draw":
                return game.resume_draw(bool(option))
            return game.resume_take(player, takes_left, option)

        return self._rollouts(table, options, resume)

    def _rollouts(
        self,
        table: Table,
        options: Sequence[Option],
        resume: Callable[[Game, Option], GameResult],
    ) -> list[list[float]]:
        """Wins (1/0) of each option on the same guesses and the same random draws."""
        results: list[list[float]] = [[] for _ in options]
        for _ in range(self.samples):
            hidden = sample_hidden(table, self.rng)
            seed = self.rng.getrandbits(62)
            for outcomes, won in zip(
                results, self._play_guess(table, hidden, seed, options, resume), strict=True
            ):
                outcomes.append(won)
        return results

    def _play_guess(
        self,
        table: Table,
        hidden: Hidden,
        seed: int,
        options: Sequence[Option],
        resume: Callable[[Game, Option], GameResult],
    ) -> list[float]:
        """Each option played to the end from one guess with the same draws: 1.0 won."""
        return [
            1.0 if resume(fork(table, hidden, self.make_base(), seed), option).won else 0.0
            for option in options
        ]

    def _searched(
        self,
        kind: str,
        table: Table,
        player: PlayerState,
        options: Sequence[Option],
        results: list[list[float]],
    ) -> Option:
        """The answer the rollouts pick, counted (and recorded)."""
        pick = options[paired_best(results, 0)]
        self.searched[kind] += 1
        if pick != options[0]:
            self.overridden[kind] += 1
        if self.record is not None:
            wins = tuple(int(sum(outcomes)) for outcomes in results)
            self.record.append(
                SearchDecision(
                    kind, table.turn, player.index, options[0], pick, tuple(options), wins
                )
            )
        return pick

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """The base policy's answer, unless rollouts show the other one clearly better."""
        choice = self.base.draw_again(table, player)
        if "draw" not in self.kinds:
            return choice
        options = [choice, not choice]
        results = self._option_wins(table, "draw", options)
        return bool(self._searched("draw", table, player, options, results))

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        """The base policy's take, unless rollouts show another option (or passing)
        clearly better."""
        choice = self.base.choose_take(table, player, options, takes_left)
        if "take" not in self.kinds:
            return choice
        candidates: list[Option] = [choice]
        candidates += [c for c in [*options, None] if c != choice]
        results = self._option_wins(table, "take", candidates, player.index, takes_left)
        pick = self._searched("take", table, player, candidates, results)
        if pick != choice:
            # The base policy's memory of the plan may miss a take it did not choose.
            self.base = self.make_base()
            self.base.start_game(table, random.Random(self.rng.getrandbits(64)))
        return pick  # type: ignore[return-value]

    # ----------------------------------------------------------- delegated

    def repel(self, table: Table, player: PlayerState, card: int) -> bool:
        """As the base policy."""
        return self.base.repel(table, player, card)

    def decline_coins(self, table: Table, player: PlayerState, card: int, contract: str) -> bool:
        """As the base policy."""
        return self.base.decline_coins(table, player, card, contract)

    def complete(self, table: Table, player: PlayerState, contract: str) -> bool:
        """As the base policy."""
        return self.base.complete(table, player, contract)

    def claim_expedition(self, table: Table, player: PlayerState, options: list[int]) -> int | None:
        """As the base policy."""
        return self.base.claim_expedition(table, player, options)

    def coin_recipient(self, table: Table, player: PlayerState, options: list[int]) -> int:
        """As the base policy."""
        return self.base.coin_recipient(table, player, options)

    def victory_threshold(self, table: Table) -> int:
        """As the base policy."""
        return self.base.victory_threshold(table)

    def victory_move(self, table: Table) -> bool:
        """As the base policy."""
        return self.base.victory_move(table)
