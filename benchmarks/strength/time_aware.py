"""What a time-aware endgame is worth, where the odds are in doubt.

The expert plays its last turn for the win (`coop_helper.policies.last_turn`); nothing
else in its play depends on the turns left. This benchmark measures what that is worth: at
every removal level where the expert wins 20-80% (found from a pilot of full-length games
replayed at every level, as the odds runner does), the same deals and game seeds are
played live twice, by the expert and by the expert without its last-turn rule
(`expert-time-blind`), and the paired difference is reported.

With ``--search`` the time-aware player is instead the time-blind expert with a
determinized search (`coop_helper.policies.search`) checking its draw and take decisions
in the last ``--window`` turns of the game only: its rollouts play to the real end of the
game, so they use the turns left. That gain also contains whatever the search gains in
those turns for other reasons, so it is, if anything, too generous.

The expert with and without its last-turn rule play on the native core; the endgame search
on the Python engine (the native core has no search of its own yet). ``--engine python``
plays everything in Python, to cross-check.

Run by hand (compiled build recommended):
    python -m benchmarks.strength.time_aware [--players 1 2 3] [--deals 20] [--games 10]
        [--search] [--window 2] [--samples 24] [--workers 2] [--engine native|python]
"""

from __future__ import annotations

import argparse
import time

from benchmarks.common import parse_args
from benchmarks.strength import strength
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies.base import Policy
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.search import SearchPolicy

ENDGAME = "endgame-search"
BAND = (0.2, 0.8)  # the win chances at which the odds are in doubt


class EndgameSearch(SearchPolicy):
    """The search player, but only while at most ``window`` Time Pile cards are left."""

    def __init__(self, window: int, samples: int) -> None:
        super().__init__(lambda: ExpertPolicy(last_turn=False), ENDGAME, samples=samples)
        self.window = window

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """Searched in the window; the expert's answer before it."""
        if table.time_size > self.window:
            return self.base.draw_again(table, player)
        return super().draw_again(table, player)

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        """Searched in the window; the expert's answer before it."""
        if table.time_size > self.window:
            return self.base.choose_take(table, player, options, takes_left)
        return super().choose_take(table, player, options, takes_left)


def install(window: int, samples: int) -> None:
    """Let the strength benchmark's workers build the endgame search player by name."""
    by_name = strength.policy_by_name

    def policy_by_name(name: str) -> Policy:
        if name == ENDGAME:
            return EndgameSearch(window, samples)
        return by_name(name)

    strength.policy_by_name = policy_by_name


def doubtful_levels(
    players: int, deals: list, games: int, workers: int, base: int
) -> list[tuple[int, float]]:
    """(removed, expert's win rate) for every level whose rate lies within BAND."""
    levels = []
    rates = strength.level_rates(strength.TIME_BLIND, players, deals, games, workers, base)
    for removed, rate in rates:
        if rate < BAND[0]:
            break
        if rate <= BAND[1]:
            levels.append((removed, rate))
    return levels


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--deals", type=int, default=20, help="deals per player count")
    parser.add_argument("--games", type=int, default=10, help="games per deal")
    parser.add_argument(
        "--window",
        type=int,
        default=2,
        help="search while at most this many Time Pile cards are left",
    )
    parser.add_argument("--samples", type=int, default=24, help="guesses per decision")
    parser.add_argument(
        "--search",
        action="store_true",
        help="an endgame search on the time-blind expert instead of the last-turn rule",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7, help="base of the game seeds")
    strength.add_engine_option(parser)
    args = parse_args(parser, players=[1], deals=1, games=2, samples=4, workers=1)
    strength.use_engine(parser, args.engine)
    install(args.window, args.samples)
    player = ENDGAME if args.search else "expert"
    who = (
        f"time-blind expert with endgame search (last {args.window} Time Pile cards, "
        f"{args.samples} guesses)"
        if args.search
        else "expert (with its last-turn rule)"
    )
    print(
        f"{who} vs {strength.TIME_BLIND}: {args.deals} deals x {args.games} games per "
        "player count, same deals and seeds; levels where the time-blind expert wins 20-80%"
    )
    print(strength.engines_line(player, strength.TIME_BLIND))
    print(
        f"{'players':>7} {'removed':>7} {'games':>6}  {player:>20}  {strength.TIME_BLIND:>20}"
        f"  {'difference':>14}"
    )
    start = time.perf_counter()
    for players in args.players:
        deals = strength.deals_for(players, args.deals, salt="time-aware")
        for removed, _ in doubtful_levels(players, deals, args.games, args.workers, args.seed):
            a = strength.play(player, players, deals, args.games, removed, args.workers, args.seed)
            b = strength.play(
                strength.TIME_BLIND, players, deals, args.games, removed, args.workers, args.seed
            )
            print(strength.report(players, removed, a, b), flush=True)
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
