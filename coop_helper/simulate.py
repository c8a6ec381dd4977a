"""The odds runner: many seeded games, every removal level from one set of games.

Cards moved to the Victory Pile come off the bottom of the Time Pile, and no policy's play
depends on the Time Pile's size except its optional move on a Tax Increase, which is a
threshold on the cards left (`Policy.victory_threshold`). So one game, played with the
whole Time Pile, answers every removal level: the game with ``k`` cards removed is the same
game cut ``k`` turns shorter, with the Tax Increase moves replayed for that budget. Every
level is evaluated on the same games (common random numbers), and the win rate can only
fall as more cards are removed.

Game ``i`` of a run with seed ``s`` is seeded from ``(s, i)`` alone, so results do not
depend on how games are split between worker processes.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from coop_helper.catalog import Contract, load_catalog
from coop_helper.engine import Game, GameConfig
from coop_helper.policies import make_policy
from coop_helper.policies.base import Policy
from coop_helper.stats import interval

CHUNKS_PER_WORKER = 8


@dataclass(frozen=True)
class Trace:
    """What one game played with the full Time Pile tells about every shorter one."""

    finish_turn: int  # the turn in which the last contract was completed; 0 if never
    events: tuple[tuple[int, int], ...]  # per Tax Increase: (turn, policy's move threshold)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run with ``seed``."""
    return (seed << 32) | index


class _Recorder:
    """Wraps a policy: declines every Victory Pile move and records its threshold instead."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.name = policy.name
        self.events: list[tuple[int, int]] = []

    def __getattr__(self, name: str):  # every other decision goes to the policy itself
        return getattr(self.policy, name)

    def victory_move(self, table) -> bool:
        self.events.append((table.turn, self.policy.victory_threshold(table)))
        return False


def play_trace(contracts: tuple[Contract, ...], players: int, time_pile: int,
               seed: int, policy_name: str) -> Trace:
    """Play one game with the whole Time Pile and record its trace."""
    recorder = _Recorder(make_policy(policy_name))
    game = Game(GameConfig(contracts, players, time_pile, 0, seed), recorder)  # type: ignore[arg-type]
    result = game.run()
    finish = result.turns if result.won else 0
    return Trace(finish, tuple(recorder.events))


def outcome(trace: Trace, budget: int) -> tuple[bool, int]:
    """(won, Victory Pile moves on Tax Increases) for the same game with ``budget`` turns."""
    moves = 0
    started = 0
    for turn, threshold in trace.events:
        if turn != started:
            if turn > budget - moves:  # no Time Pile card at the start of this turn
                return False, moves
            started = turn
        if budget - moves - turn >= max(threshold, 1):
            moves += 1
    finish = trace.finish_turn
    if finish == 0 or (finish != started and finish > budget - moves):
        return False, moves
    return True, moves


# ------------------------------------------------------------------ the run


@dataclass(frozen=True)
class OddsRequest:
    """One odds question: these contracts, this many players, this Time Pile."""

    contracts: tuple[Contract, ...]
    players: int
    max_turns: int  # the Time Pile with nothing removed (the upper end if a seal is unknown)
    games: int
    seed: int
    policy: str = "expert"
    workers: int = 1


def _chunk(args: tuple[OddsRequest, int, int]) -> list[Trace]:
    request, start, stop = args
    return [
        play_trace(request.contracts, request.players, request.max_turns,
                   game_seed(request.seed, i), request.policy)
        for i in range(start, stop)
    ]


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    pieces = max(1, min(games, workers * CHUNKS_PER_WORKER))
    bounds = [games * i // pieces for i in range(pieces + 1)]
    return [(a, b) for a, b in itertools.pairwise(bounds) if b > a]


def simulate(request: OddsRequest,
             progress: Callable[[int], None] | None = None) -> list[Trace]:
    """Play the request's games (in worker processes if asked); traces in game order."""
    jobs = [(request, a, b) for a, b in _chunks(request.games, request.workers)]
    traces: list[Trace] = []
    if request.workers <= 1:
        for job in jobs:
            traces += _chunk(job)
            if progress:
                progress(job[2] - job[1])
        return traces
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with context.Pool(request.workers) as pool:
        for job, part in zip(jobs, pool.imap(_chunk, jobs), strict=True):
            traces += part
            if progress:
                progress(job[2] - job[1])
    return traces


# ---------------------------------------------------------------- summaries


@dataclass(frozen=True)
class Level:
    """The odds for one budget of turns."""

    removed: int | None  # cards moved before play (None when the Time Pile is unknown)
    turns: int  # Time Pile cards left: the turns the team has
    wins: int
    games: int
    ci_low: float
    ci_high: float
    ranks: dict[str, float] = field(default_factory=dict)  # chance of each rank

    @property
    def win(self) -> float:
        """Estimated win probability."""
        return self.wins / self.games if self.games else 0.0


def summarise(traces: Sequence[Trace], max_turns: int, time_pile: int | None,
              confidence: float = 0.95, method: str = "wilson") -> list[Level]:
    """Win odds per budget, from ``max_turns`` down to the first budget no game wins.

    With a known Time Pile, budgets are removal levels 0, 1, 2, ...; points are the cards
    removed plus the moves made on Tax Increases.
    """
    catalog = load_catalog()
    levels: list[Level] = []
    for budget in range(max_turns, -1, -1):
        removed = None if time_pile is None else time_pile - budget
        wins = 0
        rank_counts: dict[str, int] = {}
        for trace in traces:
            won, moves = outcome(trace, budget)
            if won:
                wins += 1
                points = (removed or 0) + moves
                name = catalog.rank(points).name
                rank_counts[name] = rank_counts.get(name, 0) + 1
        games = len(traces)
        low, high = interval(wins, games, confidence, method)
        ranks = {}
        if games and time_pile is not None:
            ranks = {r.name: rank_counts.get(r.name, 0) / games for r in catalog.ranks}
        levels.append(Level(removed, budget, wins, games, low, high, ranks))
        if wins == 0:
            break
    return levels


def recommend(levels: Sequence[Level], target: float) -> Level | None:
    """The level with the most cards removed whose win probability is at least ``target``."""
    good = [lv for lv in levels if lv.win >= target]
    return max(good, key=lambda lv: lv.removed or 0) if good else None
