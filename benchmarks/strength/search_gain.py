"""What the search player gains over its base policy, per decision kind and player count.

Game i of a player count is a seeded deal (contracts with known seals, dealt Time Pile,
nothing removed) played once by the base policy and once by the search player laid on it,
with the same game seed: a paired comparison. Prints both win rates, the paired difference
with its standard error, and the search player's cost (searched decisions, overrides,
decisions per second).

With ``--unknown-removal K`` the search's rollouts do not know how many cards were removed:
each guess plays every option with the Time Pile of a removal drawn uniformly from 0..K
(the same for every option of the guess); with K = 0 it is the plain search, its guesses
drawn in another order (an independent second run). At 0 removed that is a search whose choices do
not depend on the removal, as a time-blind expert's may not (the odds play one game for
every level): what it gains is what a time-blind expert could still learn from it.
``--removed K`` plays every deal with K cards moved to the Victory Pile (at most all but
one of its Time Pile); ``--half`` plays each deal at the removal where the expert wins
nearest half its games, read from the shipped atlas (the recommendation for a 50% target
is the most removed at 50% or more: this level or one card fewer). The report gives the
mean removal played.

With ``--log FILE`` every override is written to FILE (JSON lines: the decision, the base
policy's answer, the pick, the rollouts' win rates and the public table).

With ``--rejudge N`` every draw the search overrides is judged again on the spot with N
guesses (both answers, paired), and the re-judged gains are summed by the turns left: which
overrides are real, and where in the game they are (the search still plays its own pick).

Both the base policy's games and the search player's run on the native core (``--engine
native``, the default; a search game crosses once, `coop_helper.sim.games.play_search_games`),
except that ``--rejudge``, ``--unknown-removal`` and ``--log`` need the Python search, which
then plays the search games (the header says which engine played each). ``--engine python``
plays both in Python, to
cross-check: the figures are the same.

Run by hand from the project folder:
    python -m benchmarks.strength.search_gain --players 1 --games 200 --kinds draw
    python -m benchmarks.strength.search_gain --players 1 2 3 4 5 --games 100 --kinds draw take both
    python -m benchmarks.strength.search_gain --players 3 --games 40 --kinds draw --rejudge 160
    python -m benchmarks.strength.search_gain --players 5 --games 400 --kinds both \
        --unknown-removal 3
    python -m benchmarks.strength.search_gain --players 3 --games 2000 --kinds both \
        --first 50000 --half --workers 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import time
from typing import Any

from benchmarks.common import parse_args
from benchmarks.strength.strength import interval_text, paired
from coop_helper.atlas.lookup import deal_row
from coop_helper.engine import Game, GameConfig
from coop_helper.engine.fork import fork
from coop_helper.engine.state import Hidden, PlayerState, Table
from coop_helper.errors import UserError
from coop_helper.policies import POLICIES
from coop_helper.policies.search import SearchPolicy
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim import games as sim_games

KIND_SETS = {"draw": ("draw",), "take": ("take",), "both": ("draw", "take")}


def deal(players: int, index: int) -> tuple:
    """Deal ``index`` for this player count: contracts with known seals."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    rng = random.Random(f"search-gain-{players}-{index}")
    return tuple(rng.sample(known, catalog.contracts_by_players[players]))


HALF = -1  # the removal option's value for "each deal's half level"


def removal_for(players: int, contracts: tuple, size: int, asked: int) -> int:
    """The cards removed for this deal: ``asked`` (at most all but one), or with ``HALF``
    the removal where the shipped atlas's expert wins nearest 50% (one UserError if the
    atlas has no current row for the player count)."""
    if asked != HALF:
        return min(asked, size - 1)
    row = deal_row(players, contracts)
    if row is None:
        raise UserError(f"no current atlas block for {players} players: --half needs one")
    levels = range(size)  # removed 0 .. size - 1, i.e. size .. 1 turns
    return min(levels, key=lambda k: (abs(row[min(size - k, len(row) - 1)] - 0.5), k))


LATE = 3  # a Time Pile of this many cards or fewer: the last turns


def public_view(table: Table, player: PlayerState) -> dict[str, Any]:
    """What the table shows at a decision, for the override log."""
    label = table.deck.label
    return {
        "turn": table.turn,
        "time_pile": table.time_size,
        "active": table.active,
        "deciding": player.index,
        "harbour": [label(c) for c in table.harbour],
        "open": list(table.open),
        "players": [
            {
                "coins": p.coins,
                "swords": p.swords,
                "persons": [label(c) for c in p.persons],
                "completed": list(p.completed),
            }
            for p in table.players
        ],
    }


class RejudgedSearch(SearchPolicy):
    """The search player, judging each draw it overrides again with more guesses, with
    rollouts that may not know the removal, logging its overrides."""

    def __init__(
        self, *args: Any, rejudge: int = 0, unknown_removal: int | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rejudge = rejudge
        self.unknown_removal = unknown_removal
        self.rejudged: list[tuple[int, float, float]] = []  # (Time Pile, gain, its error)
        self.log: list[dict[str, Any]] = []
        self._rates: list[float] = []  # the last search's win rate per option ...
        self._base_answer: Any = None  # ... and its first option: the base policy's answer

    def _rollouts(self, table: Table, options: Any, resume: Any) -> list[list[float]]:
        results = super()._rollouts(table, options, resume)
        self._rates = [sum(r) / len(r) for r in results]
        self._base_answer = options[0]
        return results

    def _play_guess(
        self, table: Table, hidden: Hidden, seed: int, options: Any, resume: Any
    ) -> list[float]:
        """As the search's, unless the removal is unknown: then the guess is cut short by
        a removal drawn from 0..K, the cut cards moved from the Time Pile to the Victory
        Pile as a removal moves them."""
        if self.unknown_removal is None:
            return super()._play_guess(table, hidden, seed, options, resume)
        cut = self.rng.randrange(self.unknown_removal + 1)
        if cut > table.time_size - table.time_owed:
            return [0.0] * len(options)  # with that removal the game was already lost
        outcomes = []
        for option in options:
            game = fork(table, hidden, self.make_base(), seed)
            for _ in range(cut):
                game.hidden.victory.append(game.hidden.time.pop())
            game.table.time_size -= cut
            game.table.victory_size += cut
            outcomes.append(1.0 if resume(game, option).won else 0.0)
        return outcomes

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        before = self.overridden["draw"]
        pick = super().draw_again(table, player)
        if self.overridden["draw"] != before:
            self.log.append(
                {
                    "kind": "draw",
                    "base": self._base_answer,
                    "pick": pick,
                    "rates": self._rates,
                    **public_view(table, player),
                }
            )
            if self.rejudge:
                samples, self.samples = self.samples, self.rejudge
                base, chosen = self._rollouts(table, [not pick, pick], Game.resume_draw)
                self.samples = samples
                self.rejudged.append((table.time_size, *paired(chosen, base)))
        return pick

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        before = self.overridden["take"]
        view = public_view(table, player)  # before the take changes the table
        pick = super().choose_take(table, player, options, takes_left)
        if self.overridden["take"] != before:
            label = table.deck.label
            base = self._base_answer
            self.log.append(
                {
                    "kind": "take",
                    "base": None if base is None else label(base),
                    "pick": None if pick is None else label(pick),
                    "options": [label(c) for c in options],
                    "takes_left": takes_left,
                    "rates": self._rates,
                    **view,
                }
            )
        return pick


Row = tuple[int, int, int, int, float, list[tuple[int, float, float]], list[dict[str, Any]], int]
Pair = tuple[int, int, str, str, int, int, int | None, str, bool, int]


def python_search_needed(rejudge: int, unknown_removal: int | None, logged: bool) -> bool:
    """Do these options need the Python search (re-judging, an unknown removal, the
    override log with its public view)?"""
    return bool(rejudge) or unknown_removal is not None or logged


def one_pair(args: Pair) -> Row:
    """(base won, search won, searched, overridden, CPU seconds in the search game,
    re-judged draw overrides, the overrides' log, cards removed)."""
    players, index, base, kinds, samples, rejudge, unknown_removal, engine, logged, asked = args
    contracts = deal(players, index)
    size = time_pile(contracts).size
    assert size is not None
    removed = removal_for(players, contracts, size, asked)
    config = GameConfig(contracts, players, size, removed, 7_919 * index + players)
    [base_game] = sim_games.play_games(
        contracts, players, size, [config.seed], base, removed=removed, engine=engine
    )
    base_won = base_game.won
    start = time.process_time()
    if not python_search_needed(rejudge, unknown_removal, logged):
        [game] = sim_games.play_search_games(
            contracts, players, size, [config.seed], base, KIND_SETS[kinds], samples,
            removed=removed, engine=engine,
        )  # fmt: skip
        seconds = time.process_time() - start
        searched, overridden = sum(game.searched.values()), sum(game.overridden.values())
        won = int(game.result.won)
        return int(base_won), won, searched, overridden, seconds, [], [], removed
    search = RejudgedSearch(
        POLICIES[base],
        f"search:{base}",
        KIND_SETS[kinds],
        samples,
        rejudge=rejudge,
        unknown_removal=unknown_removal,
    )
    search_won = Game(config, search).run().won
    seconds = time.process_time() - start
    return (
        int(base_won),
        int(search_won),
        sum(search.searched.values()),
        sum(search.overridden.values()),
        seconds,
        search.rejudged,
        [{"game": index, **event} for event in search.log],
        removed,
    )


def report_rejudged(players: int, rows: list[Row]) -> None:
    """The re-judged draw overrides: how many hold, and their summed gain by turns left."""
    judged = [j for row in rows for j in row[5]]
    if not judged:
        return
    held = sum(1 for _, gain, error in judged if gain > 2 * error)
    reversed_ = sum(1 for _, gain, error in judged if gain < -2 * error)
    late = sum(gain for pile, gain, _ in judged if pile <= LATE)
    early = sum(gain for pile, gain, _ in judged if pile > LATE)
    n = len(rows)
    print(
        f"{players} players, re-judged draw overrides: {len(judged)} ({held} hold, "
        f"{reversed_} reversed); gain per game {100 * (late + early) / n:+.1f} points, "
        f"{100 * late / n:+.1f} of it with a Time Pile of {LATE} or fewer",
        flush=True,
    )


def report(players: int, kinds: str, rows: list[Row]) -> None:
    """One line of figures for a player count and decision kind (the games so far)."""
    n = len(rows)
    mean, error = paired([r[1] for r in rows], [r[0] for r in rows])
    base = sum(r[0] for r in rows) / n
    search = sum(r[1] for r in rows) / n
    searched = sum(r[2] for r in rows)
    overridden = sum(r[3] for r in rows)
    seconds = sum(r[4] for r in rows)
    removed = sum(r[7] for r in rows) / n
    print(
        f"{players} players, search {kinds:4}: base {100 * base:5.1f}% "
        f"{interval_text([bool(r[0]) for r in rows])}  search {100 * search:5.1f}% "
        f"{interval_text([bool(r[1]) for r in rows])}  "
        f"gain {100 * mean:+5.1f} ± {100 * error:.1f}"
        f" points (n={n} paired games, {removed:.1f} removed on average)  "
        f"{searched} decisions searched, "
        f"{overridden} overridden, {searched / max(seconds, 1e-9):.1f} decisions/CPU s, "
        f"{seconds:.2f} CPU s in search games",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="index of the first deal")
    parser.add_argument("--kinds", nargs="+", choices=sorted(KIND_SETS), default=["draw"])
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--base", default="expert", choices=sorted(POLICIES))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--every", type=int, default=50, help="report every this many games")
    parser.add_argument(
        "--rejudge", type=int, default=0, help="judge each draw override again with N guesses"
    )
    parser.add_argument(
        "--unknown-removal",
        type=int,
        default=None,
        metavar="K",
        help="rollouts play a removal drawn from 0..K, not knowing the real one",
    )
    level = parser.add_mutually_exclusive_group()
    level.add_argument("--removed", type=int, default=0, help="cards removed in every deal")
    level.add_argument(
        "--half",
        action="store_true",
        help="each deal at the removal where the expert wins nearest 50%% (the atlas's)",
    )
    parser.add_argument("--log", help="write every override to this file (JSON lines)")
    parser.add_argument("--engine", choices=sim_games.ENGINES, default=sim_games.DEFAULT_ENGINE)
    args = parse_args(parser, players=[1], games=2, samples=4, workers=1, every=1)
    try:
        sim_games.check_engine(args.engine)
    except UserError as err:
        parser.exit(2, f"error: {err}\n")
    if args.removed < 0:
        parser.exit(2, f"error: --removed must be 0 or more, not {args.removed}\n")
    asked = HALF if args.half else args.removed
    python_search = python_search_needed(args.rejudge, args.unknown_removal, bool(args.log))
    search_engine = "python" if python_search else sim_games.engine_for(args.base, args.engine)
    print(
        f"engine asked: {args.engine}; {args.base} on "
        f"{sim_games.engine_for(args.base, args.engine)}, search:{args.base} on "
        f"{search_engine}; "
        "rates with 95% Wilson intervals, gain ± standard error over the pairs",
        flush=True,
    )
    log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
    if args.unknown_removal is not None:
        print(f"rollouts: removal unknown, drawn from 0..{args.unknown_removal}", flush=True)
    with multiprocessing.Pool(args.workers) as pool:
        for players in args.players:
            for kinds in args.kinds:
                jobs = [
                    (
                        players,
                        i,
                        args.base,
                        kinds,
                        args.samples,
                        args.rejudge,
                        args.unknown_removal,
                        args.engine,
                        bool(args.log),
                        asked,
                    )
                    for i in range(args.first, args.first + args.games)
                ]
                rows = []
                for row in pool.imap(one_pair, jobs):
                    rows.append(row)
                    if log is not None:
                        for event in row[6]:
                            log.write(json.dumps({"player_count": players, **event}) + "\n")
                        log.flush()
                    if len(rows) % args.every == 0 or len(rows) == len(jobs):
                        report(players, kinds, rows)
                report_rejudged(players, rows)
    if log is not None:
        log.close()


if __name__ == "__main__":
    main()
