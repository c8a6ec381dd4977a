"""What the search player gains over its base policy, per decision kind and player count.

Game i of a player count is a seeded deal (contracts with known seals, dealt Time Pile,
nothing removed) played once by the base policy and once by the search player laid on it,
with the same game seed: a paired comparison. Prints both win rates, the paired difference
with its standard error, and the search player's cost (searched decisions, overrides,
decisions per second).

With ``--rejudge N`` every draw the search overrides is judged again on the spot with N
guesses (both answers, paired), and the re-judged gains are summed by the turns left: which
overrides are real, and where in the game they are (the search still plays its own pick).

Run by hand (the compiled install is much faster; run it from outside the source tree):
    python benchmarks/search_gain.py --players 1 --games 200 --kinds draw
    python benchmarks/search_gain.py --players 1 2 3 4 5 --games 100 --kinds draw take both
    python benchmarks/search_gain.py --players 3 --games 40 --kinds draw --rejudge 160
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from typing import Any

from strength import paired

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies import POLICIES
from coop_helper.policies.search import SearchPolicy
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile

KIND_SETS = {"draw": ("draw",), "take": ("take",), "both": ("draw", "take")}


def deal(players: int, index: int) -> tuple:
    """Deal ``index`` for this player count: contracts with known seals."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    rng = random.Random(f"search-gain-{players}-{index}")
    return tuple(rng.sample(known, catalog.contracts_by_players[players]))


LATE = 3  # a Time Pile of this many cards or fewer: the last turns


class RejudgedSearch(SearchPolicy):
    """The search player, judging each draw it overrides again with more guesses."""

    def __init__(self, *args: Any, rejudge: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rejudge = rejudge
        self.rejudged: list[tuple[int, float, float]] = []  # (Time Pile, gain, its error)

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        before = self.overridden["draw"]
        pick = super().draw_again(table, player)
        if self.rejudge and self.overridden["draw"] != before:
            samples, self.samples = self.samples, self.rejudge
            base, chosen = self._rollouts(table, [not pick, pick], Game.resume_draw)
            self.samples = samples
            self.rejudged.append((table.time_size, *paired(chosen, base)))
        return pick


Row = tuple[int, int, int, int, float, list[tuple[int, float, float]]]


def one_pair(args: tuple[int, int, str, str, int, int]) -> Row:
    """(base won, search won, searched, overridden, seconds in the search game, re-judged
    draw overrides)."""
    players, index, base, kinds, samples, rejudge = args
    contracts = deal(players, index)
    size = time_pile(contracts).size
    assert size is not None
    config = GameConfig(contracts, players, size, 0, 7_919 * index + players)
    base_won = Game(config, POLICIES[base]()).run().won
    search = RejudgedSearch(
        POLICIES[base], f"search:{base}", KIND_SETS[kinds], samples, rejudge=rejudge
    )
    start = time.perf_counter()
    search_won = Game(config, search).run().won
    seconds = time.perf_counter() - start
    return (
        int(base_won),
        int(search_won),
        sum(search.searched.values()),
        sum(search.overridden.values()),
        seconds,
        search.rejudged,
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
    print(
        f"{players} players, search {kinds:4}: base {100 * base:5.1f}%  "
        f"search {100 * search:5.1f}%  gain {100 * mean:+5.1f} ± {100 * error:.1f}"
        f" points (n={n} paired games)  {searched} decisions searched, "
        f"{overridden} overridden, {searched / seconds:.1f} decisions/s",
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
    args = parser.parse_args()
    with multiprocessing.Pool(args.workers) as pool:
        for players in args.players:
            for kinds in args.kinds:
                jobs = [
                    (players, i, args.base, kinds, args.samples, args.rejudge)
                    for i in range(args.first, args.first + args.games)
                ]
                rows = []
                for row in pool.imap(one_pair, jobs):
                    rows.append(row)
                    if len(rows) % args.every == 0 or len(rows) == len(jobs):
                        report(players, kinds, rows)
                report_rejudged(players, rows)


if __name__ == "__main__":
    main()
