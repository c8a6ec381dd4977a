"""The odds runner: many seeded games, every removal level from one set of games.

Cards moved to the Victory Pile come off the bottom of the Time Pile, and no policy's play
depends on the Time Pile's size except its optional move on a Tax Increase, which is a
threshold on the cards left (`Policy.victory_threshold`), and the expert's last turn
(`policies.last_turn`). So one game, played with the whole Time Pile, answers every
removal level: the game with ``k`` cards removed is the same game cut ``k`` turns shorter,
with the Tax Increase moves replayed for that budget. For the last turn, every draw
stop is also looked at as if its turn were the last; where the rule would draw on, the
turn is played on from a copy of the game as the last one (a branch), and a budget whose
last turn that is takes the branch's result. Every level is evaluated on the same games
(common random numbers).

A team with more turns can always play as it would with fewer, so a level never shows
less than the level below it: where a branch makes a shorter budget win more often, the
longer one shows that budget's count (`Tally.levels`).

Game ``i`` of a run with seed ``s`` is seeded from ``(s, i)`` alone (its deck and policy
streams are hashed from that, see ``engine.seeds``), so results do not
depend on how games are split between worker processes.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
import signal
import threading
from collections import deque
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from multiprocessing.pool import AsyncResult, Pool, ThreadPool

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.state import Hidden, Table
from coop_helper.native import core as native_core
from coop_helper.native import native_in_use
from coop_helper.policies import make_policy
from coop_helper.policies.base import Policy
from coop_helper.policies.last_turn import draws_on, last_turn_view, looks
from coop_helper.setup.catalog import Contract, load_catalog
from coop_helper.sim.statistics import interval

# The random source of the branch being played, one per thread (a Dask worker may run
# tasks in threads): its state is set from the game's at each branch, as seeding a new one
# for every branch cost more than the rest of the branch's set-up.
_BRANCH = threading.local()
CHUNKS_PER_WORKER = 8
CHUNK = 50  # games per job handed to a worker when running until precise
BATCH = 400  # games between precision checks (a multiple of CHUNK)


@dataclass(frozen=True)
class Trace:
    """What one game played with the full Time Pile tells about every shorter one."""

    finish_turn: int  # the turn in which the last contract was completed; 0 if never
    events: tuple[tuple[int, int], ...]  # per Tax Increase: (turn, policy's move threshold)
    # Per branch: (turn, won), the game with that turn as its last one, played on from the
    # turn's stop where the last-turn rule draws on instead.
    endings: tuple[tuple[int, bool], ...] = ()


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run with ``seed``."""
    return (seed << 32) | index


class TraceRecorder:
    """Wraps a policy: declines every Victory Pile move and records its threshold instead;
    for a policy that plays the last turn for the win, branches where that rule would act."""

    DECISIONS = (
        "start_game",
        "draw_again",
        "repel",
        "choose_take",
        "decline_coins",
        "complete",
        "claim_expedition",
        "coin_recipient",
        "victory_threshold",
    )

    def __init__(self, policy: Policy, seed: int) -> None:
        self.policy = policy
        self.name = policy.name
        self.seed = seed
        self.events: list[tuple[int, int]] = []
        self.endings: list[tuple[int, bool]] = []
        self.game: Game | None = None
        self._pending: tuple[Table, Hidden, tuple[object, ...], Policy] | None = None
        for decision in self.DECISIONS:  # bound once: no lookup per call
            setattr(self, decision, getattr(policy, decision))

    def attach(self, game: Game) -> None:
        """Follow this game (the one the recorder plays), to branch from its positions."""
        self.game = game
        if getattr(self.policy, "plays_last_turn", False):
            game.on_stop = self._stopped
            game.on_turn_end = self._turn_ended

    def victory_move(self, table: Table) -> bool:
        self.events.append((table.turn, self.policy.victory_threshold(table)))
        return False

    def _stopped(self) -> None:
        """At a stop the last-turn rule would look at, were this turn the last, keep the
        position, to branch from if the turn ends a contract short."""
        game = self.game
        assert game is not None
        table = game.table
        if table.time_size == 0 or not looks(table):
            return  # the real last turn is the policy's own, or nothing to look at
        team = self.policy.clone()  # type: ignore[attr-defined]
        self._pending = (table.copy(), game.hidden.copy(), game.rng.getstate(), team)

    def _turn_ended(self) -> None:
        """What the stop left decides the rule's answer, had the turn been the last one.

        The rule plays the rest of the turn through in its head with a copy of the policy
        (`policies.last_turn`); that rest of the turn depends only on the public table and
        the policy's memory, never on which hidden card is where, so the game's own rest
        of the turn gives the same answer without playing it twice.
        """
        pending, self._pending = self._pending, None
        game = self.game
        if pending is None or game is None:
            return
        table = game.table
        if not draws_on(0 if table.won else len(table.open)):
            return
        position, hidden, deck_state, team = pending
        view = last_turn_view(position)
        hidden.victory += hidden.time  # as in the game with this turn as its last one
        hidden.time = []
        deck_rng = _branch_rng()  # a branch is played to its end before the next one starts
        deck_rng.setstate(deck_state)
        config = GameConfig(view.contracts, view.n_players, 0, 0, self.seed)
        branch = Game(config, team, None, (view, hidden, deck_rng, deck_rng), start_policy=False)
        branch.on_stop = lambda: _settle(branch, team)
        self.endings.append((view.turn, branch.resume_draw(True).won))


def _branch_rng() -> random.Random:
    """This thread's random source for branches."""
    rng: random.Random | None = getattr(_BRANCH, "rng", None)
    if rng is None:
        rng = _BRANCH.rng = random.Random(0)
    return rng


def _settle(branch: Game, team: Policy) -> None:
    """At a branch's stop that the last-turn rule played through, end the branch with the
    play-through's outcome instead of playing the rest of the turn again: it goes the same
    way (`policies.last_turn`; tests check the counts agree).

    That holds because after the stop nothing depends on which hidden card is where: take,
    hire and completion decisions read the table's cards and coins, never the card count
    of the draw pile (`Table.unseen`), which only the draw decision reads. A policy whose
    takes looked at it would break this, and the tests would say so."""
    left_open = getattr(team, "stop_left_open", -1)
    if left_open >= 0:
        branch.table.over = True
        branch.table.won = left_open == 0


def play_trace(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seed: int,
    policy_name: str,
    dealt_time: int | None = None,
) -> Trace:
    """Play one game with the whole Time Pile and record its trace.

    ``dealt_time`` Time Pile cards are dealt at setup (None: all); the rest are taken off
    the draw pile as their turns come (`GameConfig.dealt_time`)."""
    recorder = TraceRecorder(make_policy(policy_name), seed)
    config = GameConfig(contracts, players, time_pile, 0, seed, dealt_time)
    game = Game(config, recorder)  # type: ignore[arg-type]
    recorder.attach(game)
    result = game.run()
    finish = result.turns if result.won else 0
    return Trace(finish, tuple(recorder.events), tuple(recorder.endings))


def play_traces(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seed: int,
    start: int,
    stop: int,
    policy_name: str,
    dealt_time: int | None = None,
) -> list[Trace]:
    """`play_trace` for games ``start`` to ``stop`` of a run seeded ``seed`` (game ``i``
    seeded ``game_seed(seed, i)``), in game order.

    They are played by the native core in one call where it is in use and plays this
    policy (`coop_helper.native`), else by the Python engine: the same traces either way.
    """
    if native_in_use() and native_core.plays(policy_name, seed, time_pile, contracts):
        return [
            Trace(finish, events, endings)
            for finish, events, endings in native_core.play_traces(
                contracts, players, time_pile, seed, start, stop, policy_name, dealt_time
            )
        ]
    return [
        play_trace(contracts, players, time_pile, game_seed(seed, i), policy_name, dealt_time)
        for i in range(start, stop)
    ]


def outcome(trace: Trace, budget: int) -> tuple[bool, int]:
    """(won, Victory Pile moves on Tax Increases) for the same game with ``budget`` turns.

    The game's last turn is ``budget`` less the moves; a branch played with that turn as
    the last one decides the result.
    """
    moves = 0
    started = 0
    won = True
    for turn, threshold in trace.events:
        if turn != started:
            if turn > budget - moves:  # no Time Pile card at the start of this turn
                won = False
                break
            started = turn
        if budget - moves - turn >= max(threshold, 1):
            moves += 1
    finish = trace.finish_turn
    if finish == 0 or (finish != started and finish > budget - moves):
        won = False
    for turn, branch_won in trace.endings:
        if turn == budget - moves:
            return branch_won, moves
    return won, moves


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


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops them; a SIGTERM (the main
    process ending the pool) ends a worker at once, without a word."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _native_plays(request: OddsRequest) -> bool:
    """Does the native core play this request's games?"""
    return native_in_use() and native_core.plays(
        request.policy, request.seed, request.max_turns, request.contracts
    )


def _chunk(args: tuple[OddsRequest, int, int]) -> list[Trace]:
    request, start, stop = args
    return play_traces(
        request.contracts,
        request.players,
        request.max_turns,
        request.seed,
        start,
        stop,
        request.policy,
    )


def _chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(a + size, games)) for a in range(0, games, size)]


def _results(
    jobs: list[tuple[OddsRequest, int, int]],
    pool: Pool | None,
    ahead: int,
    aborted: list[bool] | None = None,
) -> Generator[list[Trace], None, None]:
    """The jobs' traces in job order; with a pool, at most ``ahead`` jobs in flight.

    Stopping early (closing the generator) lets the jobs in flight finish instead of
    killing workers in the middle of one, so the pool always shuts down cleanly; unless
    ``aborted[0]`` is set (an error or Ctrl-C: the pool is being terminated, and jobs in
    flight would never finish).
    """
    if pool is None:
        for job in jobs:
            yield _chunk(job)
        return
    pending: deque[AsyncResult[list[Trace]]] = deque()
    queue = iter(jobs)
    for job in itertools.islice(queue, ahead):
        pending.append(pool.apply_async(_chunk, (job,)))
    try:
        while pending:
            part = pending.popleft().get()
            for job in itertools.islice(queue, 1):
                pending.append(pool.apply_async(_chunk, (job,)))
            yield part
    except GeneratorExit:  # stopped early: let the jobs in flight finish
        if not (aborted and aborted[0]):
            for waiting in pending:
                waiting.wait()
        raise


def simulate(
    request: OddsRequest,
    progress: Callable[[int], None] | None = None,
    enough: Callable[[list[Trace]], bool] | None = None,
) -> list[Trace]:
    """Play the request's games (in worker processes if asked); traces in game order.

    With ``enough``, the run stops at the first multiple of BATCH games for which
    ``enough(traces_of_that_batch)`` says so (at most ``request.games``). Workers play
    a few jobs ahead meanwhile; what they played past the stop is dropped, so the result
    depends only on the seed, never on the number of workers.
    """
    size = (
        CHUNK
        if enough is not None
        else max(1, min(CHUNK * 4, -(-request.games // (request.workers * CHUNKS_PER_WORKER))))
    )
    jobs = [(request, a, b) for a, b in _chunks(request.games, size)]
    traces: list[Trace] = []
    batch: list[Trace] = []
    pool: Pool | None = None
    if request.workers > 1 and _native_plays(request):
        # The native core plays a batch without the GIL: threads run batches side by side,
        # with no processes to start and no traces to pickle back.
        pool = ThreadPool(request.workers)
    elif request.workers > 1:
        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        pool = context.Pool(request.workers, initializer=_ignore_interrupts)
    aborted = [False]
    results = _results(jobs, pool, ahead=2 * request.workers, aborted=aborted)
    try:
        for part in results:
            traces += part
            if progress:
                progress(len(part))
            if enough is None:
                continue
            batch += part
            if len(traces) % BATCH == 0 or len(traces) == request.games:
                if enough(batch):
                    break
                batch = []
        results.close()  # waits for the jobs still in flight
        if pool is not None:
            pool.close()
            pool.join()
    finally:
        if pool is not None:  # with work pending only after an error (Ctrl-C)
            aborted[0] = True
            results.close()  # at once: it must not wait for jobs the pool will drop
            pool.terminate()
            pool.join()
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


class Tally:
    """Wins per budget of turns, and the Tax Increase moves of those wins, game by game."""

    def __init__(self, max_turns: int) -> None:
        self.max_turns = max_turns
        self.games = 0
        self.wins = [0] * (max_turns + 1)  # by budget
        self.moves: list[dict[int, int]] = [{} for _ in range(max_turns + 1)]

    def add(self, traces: Sequence[Trace]) -> None:
        """Count these games at every budget (on the native core where it is in use: the
        same counts, in the same order)."""
        wins, moves, top = self.wins, self.moves, self.max_turns + 1
        if native_in_use():
            self.games += len(traces)
            budget_wins, budget_moves = native_core.tally(traces, top)
            for budget, count in enumerate(budget_wins):
                wins[budget] += count
            for budget, counts in enumerate(budget_moves):
                at = moves[budget]
                for moved, count in counts:
                    at[moved] = at.get(moved, 0) + count
            return
        for trace in traces:
            self.games += 1
            finish = trace.finish_turn
            if not trace.endings:  # a branch can win a budget the game itself does not
                if not finish:
                    continue
                if not trace.events:  # won with any budget of at least `finish` turns
                    for budget in range(finish, top):
                        wins[budget] += 1
                        moves[budget][0] = moves[budget].get(0, 0) + 1
                    continue
            first = 0 if trace.endings else min(finish, top)
            for budget in range(first, top):
                won, made = outcome(trace, budget)
                if won:
                    wins[budget] += 1
                    moves[budget][made] = moves[budget].get(made, 0) + 1

    def best_budgets(self) -> list[int]:
        """Per budget, the budget up to it whose games win most (itself unless a shorter
        one wins more): a team with more turns can play as it would with fewer."""
        best, chosen = 0, []
        for budget, wins in enumerate(self.wins):
            if budget == 0 or wins >= self.wins[best]:
                best = budget
            chosen.append(best)
        return chosen

    def shown_wins(self) -> list[int]:
        """Wins per budget as the levels show them (each the best of the budgets up to it)."""
        return [self.wins[best] for best in self.best_budgets()]

    def budgets(self) -> list[int]:
        """Budgets from the full Time Pile down to the first one no game wins."""
        best = self.best_budgets()
        shown = []
        for budget in range(self.max_turns, -1, -1):
            shown.append(budget)
            if self.wins[best[budget]] == 0:
                break
        return shown

    def precise(self, half_width: float, confidence: float, method: str) -> bool:
        """Is every shown level's confidence interval at most ``half_width`` either side?"""
        best = self.best_budgets()
        for budget in self.budgets():
            low, high = interval(self.wins[best[budget]], self.games, confidence, method)
            if (high - low) / 2 > half_width:
                return False
        return True

    def levels(
        self, time_pile: int | None, confidence: float = 0.95, method: str = "wilson"
    ) -> list[Level]:
        """The odds per budget, with removal levels and rank chances if the pile is known."""
        catalog = load_catalog()
        best = self.best_budgets()
        levels = []
        for budget in self.budgets():
            removed = None if time_pile is None else time_pile - budget
            played = best[budget]  # the budget whose play this level shows
            wins, games = self.wins[played], self.games
            low, high = interval(wins, games, confidence, method)
            ranks: dict[str, float] = {}
            if games and removed is not None:
                ranks = {r.name: 0.0 for r in catalog.ranks}
                for made, count in self.moves[played].items():
                    ranks[catalog.rank(removed + made).name] += count / games
            levels.append(Level(removed, budget, wins, games, low, high, ranks))
        return levels


def summarise(
    traces: Sequence[Trace],
    max_turns: int,
    time_pile: int | None,
    confidence: float = 0.95,
    method: str = "wilson",
) -> list[Level]:
    """Win odds per budget, from ``max_turns`` down to the first budget no game wins.

    With a known Time Pile, budgets are removal levels 0, 1, 2, ...; points are the cards
    removed plus the moves made on Tax Increases.
    """
    tally = Tally(max_turns)
    tally.add(traces)
    return tally.levels(time_pile, confidence, method)


def recommend(levels: Sequence[Level], target: float) -> Level | None:
    """The level with the most cards removed whose win probability is at least ``target``."""
    good = [lv for lv in levels if lv.win >= target]
    return max(good, key=lambda lv: lv.removed or 0) if good else None
