"""The policy ladder: random, basic and expert on the same seeded games, side by side.

For each player count, DEALS deals (seeded) are each played GAMES times by every policy,
with the same game seeds, at the dealt Time Pile with nothing removed. Prints the win rate
with its 95% Wilson interval and the share of contracts completed, per player count and
overall. ``--search`` adds the search player over the expert (``--samples`` guesses a
decision) as a fourth rung, on the same games. The games run on the native core (a search
game crosses once, `coop_helper.sim.games.play_search_games`); ``--engine python`` plays
them all in Python, to cross-check.

Run by hand:  python -m benchmarks.strength.policy_ladder [--deals 20] [--games 25]
    [--search [--samples 32]] [--engine native|python]
"""

from __future__ import annotations

import argparse
import random
import textwrap
import time

from benchmarks.common import parse_args
from coop_helper.errors import UserError
from coop_helper.policies import POLICIES
from coop_helper.policies.search import DEFAULT_SAMPLES
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim import games as sim_games
from coop_helper.sim.statistics import wilson


def deals_for(players: int, count: int) -> list[tuple]:
    """``count`` seeded deals of contracts with known seals for this many players."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    rng = random.Random(f"ladder-{players}")
    return [tuple(rng.sample(known, catalog.contracts_by_players[players])) for _ in range(count)]


def play(
    policy: str, players: int, deals: list[tuple], games: int, engine: str, samples: int
) -> tuple[int, int, float]:
    """(wins, games, share of contracts completed) for one policy over the deals."""
    wins = played = 0
    done = 0.0
    for d, contracts in enumerate(deals):
        size = time_pile(contracts).size
        assert size is not None
        seeds = [(players * 1_000 + d) * 100_003 + g for g in range(games)]
        results = sim_games.play_games(
            contracts, players, size, seeds, policy, engine=engine, samples=samples
        )
        for result in results:
            wins += result.won
            played += 1
            done += sum(1 for c in result.completers.values() if c) / len(contracts)
    return wins, played, done / played


def win_cell(wins: int, played: int) -> str:
    """' 64.1% [60.2-67.8]': the win rate and its 95% Wilson interval."""
    low, high = wilson(wins, played)
    return f"{wins / played:>6.1%} [{100 * low:4.1f}-{100 * high:4.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per player count")
    parser.add_argument("--games", type=int, default=25, help="games per deal")
    parser.add_argument("--search", action="store_true", help="add the search over the expert")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="its guesses")
    parser.add_argument("--engine", choices=sim_games.ENGINES, default=sim_games.DEFAULT_ENGINE)
    args = parse_args(parser, deals=1, games=2, samples=4, search=True)
    try:
        sim_games.check_engine(args.engine)
    except UserError as err:
        parser.exit(2, f"error: {err}\n")
    names = [*POLICIES, *(["search"] if args.search else [])]
    totals = {name: [0, 0, 0.0] for name in names}
    header = (
        f"{args.deals} deals per player count, {args.games} games per deal, same seeds "
        f"for every policy ({args.deals * args.games} games per policy and count); Time "
        "Pile as dealt, nothing removed."
    )
    print(textwrap.fill(header, 79))
    played_on = ", ".join(f"{n} on {sim_games.engine_for(n, args.engine)}" for n in names)
    print(f"engine asked: {args.engine}; {played_on}")
    rows: list[tuple[str, list[str], list[str]]] = []
    start = time.process_time()
    seconds = dict.fromkeys(names, 0.0)
    for players in range(1, 6):
        deals = deals_for(players, args.deals)
        wins_cells, done_cells = [], []
        for name in names:
            began = time.process_time()
            wins, played, share = play(name, players, deals, args.games, args.engine, args.samples)
            seconds[name] += time.process_time() - began
            totals[name][0] += wins
            totals[name][1] += played
            totals[name][2] += share * played
            wins_cells.append(win_cell(wins, played))
            done_cells.append(f"{share:>18.1%}")
        rows.append((str(players), wins_cells, done_cells))
    rows.append(
        (
            "all",
            [win_cell(int(t[0]), int(t[1])) for t in totals.values()],
            [f"{t[2] / t[1]:>18.1%}" for t in totals.values()],
        )
    )
    for title, column in (("win rate [95% interval]", 1), ("share of contracts done", 2)):
        print(f"\n{title}:")
        print(f"{'players':>7}  " + "  ".join(f"{n:>18}" for n in names))
        for row in rows:
            print(f"{row[0]:>7}  " + "  ".join(row[column]))
    spent = ", ".join(f"{name} {s:.1f}" for name, s in seconds.items())
    print(f"(CPU seconds: {spent}; {time.process_time() - start:.1f} in all)")


if __name__ == "__main__":
    main()
