"""One simulated game's trace: what a game played with the whole Time Pile tells about
every shorter one.

Cards moved to the Victory Pile come off the bottom of the Time Pile, and no policy's play
depends on the Time Pile's size except its optional move on a Tax Increase, which is a
threshold on the cards left (`Policy.victory_threshold`), and the expert's last turn
(`policies.last_turn`). So one game, played with the whole Time Pile, answers every
removal level: the game with ``k`` cards removed is the same game cut ``k`` turns shorter,
with the Tax Increase moves replayed for that budget. For the last turn, every draw
stop is also looked at as if its turn were the last; where the rule would draw on, the
turn is played on from a copy of the game as the last one (a branch), and a budget whose
last turn that is takes the branch's result. Every level is evaluated on the same games
(common random numbers). A policy whose plan depends on the seat that takes the last turn
(the expert's Pack of Pirates by the clock, `policies.clock_seats`) plays each game once
per seat, with the cards above that seat's last turn removed; each answers its seat's
levels (`seat_traces`, `sim.levels.by_seat`).

Game ``i`` of a run with seed ``s`` is seeded from ``(s, i)`` alone (its deck and policy
streams are hashed from that, see ``engine.seeds``), so results do not depend on how
games are split between worker processes (`sim.pool`).

C++ twin: `coop_helper/native/src/sim/traces.hpp` and `.cpp`.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from coop_helper.engine.state import Hidden, Table
from coop_helper.native import core as native_core
from coop_helper.native import native_in_use
from coop_helper.policies import make_policy
from coop_helper.policies.base import Policy
from coop_helper.policies.expert_params import ExpertParams
from coop_helper.policies.last_turn import draws_on, last_turn_view, looks
from coop_helper.policies.native_expert import native_constants
from coop_helper.setup.catalog import Contract

if TYPE_CHECKING:
    from coop_helper.engine import Game

# The random source of the branch being played, one per thread (a Dask worker may run
# tasks in threads): its state is set from the game's at each branch, as seeding a new one
# for every branch cost more than the rest of the branch's set-up.
_BRANCH = threading.local()


class Trace(NamedTuple):
    """What one game played with the full Time Pile tells about every shorter one (a named
    tuple: a run makes one per game, and the native core hands them over as tuples)."""

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
    for a policy that plays the last turn for the win, branches where that rule would act
    and a budget the trace answers would ask for the branch (`branch_asked`; ``stride``:
    every budget, or one seat's in `seat_traces`)."""

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

    def __init__(self, policy: Policy, seed: int, stride: int = 1) -> None:
        self.policy = policy
        self.name = policy.name
        self.seed = seed
        self.stride = stride
        self.events: list[tuple[int, int]] = []
        self.endings: list[tuple[int, bool]] = []
        self.game: Game | None = None
        self._pending: tuple[Table, Hidden, tuple[object, ...], Policy] | None = None
        for decision in self.DECISIONS:  # bound once: no lookup per call
            setattr(self, decision, getattr(policy, decision))

    def attach(self, game: Game) -> None:
        """Follow this game (the one the recorder plays), to branch from its positions."""
        self.game = game
        if self.policy.plays_last_turn:
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
        team = self.policy.clone()
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
        top = game.config.time_pile - game.config.removed  # the longest budget answered
        if not branch_asked(self.events, position.turn, top, self.stride):
            return
        view = last_turn_view(position)
        hidden.victory += hidden.time  # as in the game with this turn as its last one
        hidden.time = []
        deck_rng = _branch_rng()  # a branch is played to its end before the next one starts
        deck_rng.setstate(deck_state)
        from coop_helper.engine import Game, GameConfig

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
    left_open = team.stop_left_open
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
    params: dict[int, ExpertParams] | None = None,
    removed: int = 0,
    stride: int = 1,
) -> Trace:
    """Play one game with the whole Time Pile (less ``removed`` cards moved to the Victory
    Pile before play) and record its trace.

    ``dealt_time`` Time Pile cards are dealt at setup (None: all); the rest are taken off
    the draw pile as their turns come (`GameConfig.dealt_time`). ``params``: the expert's
    constants per player count (None: the shipped ones). ``stride``: the trace answers the
    budgets of its Time Pile less a multiple of it (1: all; the seats in `seat_traces`)."""
    policy = make_policy(policy_name, params)
    return trace_game(contracts, players, time_pile, seed, policy, dealt_time, removed, stride)


def trace_game(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seed: int,
    policy: Policy,
    dealt_time: int | None = None,
    removed: int = 0,
    stride: int = 1,
) -> Trace:
    """`play_trace` with this fresh policy object."""
    from coop_helper.engine import Game, GameConfig  # the Python engine: only when it plays

    recorder = TraceRecorder(policy, seed, stride)
    config = GameConfig(contracts, players, time_pile, removed, seed, dealt_time)
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
    params: dict[int, ExpertParams] | None = None,
    *,
    native: bool | None = None,
    removed: int = 0,
    stride: int = 1,
) -> list[Trace]:
    """`play_trace` for games ``start`` to ``stop`` of a run seeded ``seed`` (game ``i``
    seeded ``game_seed(seed, i)``), in game order.

    They are played by the native core in one call where it is in use and plays this
    policy (`native_plays`; ``native`` says it for a run that asked once), else by the
    Python engine: the same traces either way.
    """
    if native is None:
        native = native_plays(policy_name, seed, time_pile, contracts)
    if native:
        played = native_core.play_traces(
            contracts,
            players,
            time_pile,
            seed,
            start,
            stop,
            policy_name,
            dealt_time,
            native_constants(policy_name, players, params),
            removed,
            stride,
        )
        return list(map(Trace._make, played))
    return [
        play_trace(
            contracts,
            players,
            time_pile,
            game_seed(seed, i),
            policy_name,
            dealt_time,
            params,
            removed,
            stride,
        )
        for i in range(start, stop)
    ]


def seat_of(budget: int, seats: int) -> int:
    """The seat that takes the last turn of a game of ``budget`` turns."""
    return (budget - 1) % seats


def seat_piles(max_turns: int, seats: int) -> list[int]:
    """Per seat, the longest Time Pile up to ``max_turns`` whose last turn is that seat's:
    one game played with it (the cards above it moved to the Victory Pile before play)
    answers every budget of its seat (`policies.clock_seats`)."""
    return [max_turns - (max_turns - 1 - seat) % seats for seat in range(seats)]


def seat_traces(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seed: int,
    start: int,
    stop: int,
    policy_name: str,
    seats: int,
    dealt_time: int | None = None,
    params: dict[int, ExpertParams] | None = None,
    *,
    native: bool | None = None,
) -> list[tuple[int, list[Trace]]]:
    """`play_traces` once per seat of the last turn: per seat, its Time Pile
    (`seat_piles`) and the games. The Time Pile is dealt as in `play_traces` (``dealt_time``
    cards, None: all); a seat whose pile is shorter has the cards above it moved to the
    Victory Pile before play, as at the table. Each seat's games answer only its budgets,
    so they branch only where those ask (`branch_asked`). The native core plays every
    seat's game of one seed side by side (`native.core.play_layouts`), seeding its
    generators once."""
    own = time_pile if dealt_time is None else dealt_time
    piles = seat_piles(time_pile, seats)
    layouts = []  # (time_pile, dealt_time, removed) per seat
    for pile in piles:
        if pile >= own:  # the deal's own cards dealt, any later turns' off the draw pile
            layouts.append((pile, None if dealt_time is None else own, 0))
        else:  # the whole pile dealt, the cards above this seat's last turn set aside
            layouts.append((own, None, own - pile))
    if native is None:
        native = native_plays(policy_name, seed, max(size for size, _, _ in layouts), contracts)
    if native:  # one call, each seed's games side by side
        played = native_core.play_layouts(
            contracts,
            players,
            seed,
            start,
            stop,
            policy_name,
            layouts,
            native_constants(policy_name, players, params),
            seats,
        )
        return [
            (pile, list(map(Trace._make, games))) for pile, games in zip(piles, played, strict=True)
        ]
    return [
        (
            pile,
            play_traces(
                contracts,
                players,
                size,
                seed,
                start,
                stop,
                policy_name,
                dealt,
                params,
                native=False,
                removed=removed,
                stride=seats,
            ),
        )
        for pile, (size, dealt, removed) in zip(piles, layouts, strict=True)
    ]


def native_plays(
    policy_name: str, seed: int, time_pile: int, contracts: tuple[Contract, ...]
) -> bool:
    """Does the native core play these games (in use, and able to play them exactly)?
    The one place that decides it: a run asks once and passes the answer on."""
    return native_in_use() and native_core.plays(policy_name, seed, time_pile, contracts)


def outcome(trace: Trace, budget: int) -> tuple[bool, int]:
    """(won, Victory Pile moves on Tax Increases) for the same game with ``budget`` turns.

    The game's last turn is ``budget`` less the moves; a branch played with that turn as
    the last one decides the result.
    """
    moves, started, reached = _replay_moves(trace.events, budget)
    won = reached
    finish = trace.finish_turn
    if finish == 0 or (finish != started and finish > budget - moves):
        won = False
    for turn, branch_won in trace.endings:
        if turn == budget - moves:
            return branch_won, moves
    return won, moves


def _replay_moves(events: Sequence[tuple[int, int]], budget: int) -> tuple[int, int, bool]:
    """The Tax Increase moves a game with ``budget`` turns makes: (moves, the turn of the
    last Tax Increase looked at, every turn with an event reached with a Time Pile card)."""
    moves = 0
    started = 0
    for turn, threshold in events:
        if turn != started:
            if turn > budget - moves:  # no Time Pile card at the start of this turn
                return moves, started, False
            started = turn
        if budget - moves - turn >= max(threshold, 1):
            moves += 1
    return moves, started, True


def branch_asked(events: Sequence[tuple[int, int]], turn: int, top: int, stride: int) -> bool:
    """Does some budget the trace answers end its game at ``turn`` (so that `outcome` asks
    for the turn's branch)? ``events``: the Tax Increases up to this turn, the later ones
    cannot change it; the budgets answered: those ``top`` less a multiple of ``stride``
    (one seat's in `seat_traces`, else every budget). Each Tax Increase moves at most one
    card, so only budgets from ``turn`` to ``turn`` plus the events can end there."""
    for budget in range(turn, min(top, turn + len(events)) + 1):
        if (top - budget) % stride == 0 and budget - _replay_moves(events, budget)[0] == turn:
            return True
    return False
