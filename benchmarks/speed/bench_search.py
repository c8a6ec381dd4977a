"""How long a search game takes on the Python engine and on the native core, side by side.

Per player count, the same seeded games (contracts with known seals, the rules' Time Pile,
nothing removed) are played by the search player over the expert three ways:

- python: the Python engine and the Python search (COOP_HELPER_ENGINE=python);
- play: the Python engine with each decision's rollouts on the native core, one crossing
  per decision (what `coop-helper play --policy search` does);
- native: the whole game on the native core, one crossing per batch of games
  (`coop_helper.native.core.play_search_games`, what the strength benchmarks use).

Times are CPU seconds of this process (the machine may be shared; every way runs on one
thread). Each game's result must agree on all three ways, or the benchmark stops.

Run by hand: ``python -m benchmarks.speed.bench_search [--games N] [--samples S] [--players ...]``
(``--quick``: 2 games a count at 4 guesses).
"""

from __future__ import annotations

import argparse
import os
import random
import time

from coop_helper.engine import Game, GameConfig
from coop_helper.native import core, extension
from coop_helper.policies import make_policy
from coop_helper.policies.native_expert import native_constants
from coop_helper.policies.search import DEFAULT_SAMPLES, KINDS, SearchPolicy, native_search
from coop_helper.setup.catalog import Contract, load_catalog
from coop_helper.setup.deals import time_pile


def deal(players: int, index: int) -> tuple[Contract, ...]:
    """Deal ``index`` of this player count: contracts whose seals are known."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    rng = random.Random(f"bench-search-{players}-{index}")
    return tuple(rng.sample(known, catalog.contracts_by_players[players]))


def python_game(config: GameConfig, samples: int, engine: str) -> tuple[bool, int, float]:
    """(won, decisions searched, CPU seconds) of one search game on the Python engine, its
    rollouts on ``engine``."""
    os.environ["COOP_HELPER_ENGINE"] = engine
    policy = make_policy("search")
    assert isinstance(policy, SearchPolicy)
    policy.samples = samples
    start = time.process_time()
    won = Game(config, policy).run().won
    seconds = time.process_time() - start
    assert policy.native == (engine == "native")
    return won, sum(policy.searched.values()), seconds


def main() -> None:
    """Print one line per player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per player count")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="guesses a decision")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--quick", action="store_true", help="2 games a count at 4 guesses")
    args = parser.parse_args()
    if args.quick:
        args.games, args.samples = 2, 4
    if extension() is None:
        raise SystemExit("the native core is not built: nothing to compare")
    print(f"search over the expert, {args.samples} guesses a decision, CPU seconds per game")
    print("players  games  decisions   python     play (x)         native (x)")
    for players in args.players:
        totals = [0.0, 0.0, 0.0]
        decisions = 0
        for index in range(args.games):
            contracts = deal(players, index)
            size = time_pile(contracts).size
            assert size is not None
            config = GameConfig(contracts, players, size, 0, 7_919 * index + players)
            won_py, searched, seconds_py = python_game(config, args.samples, "python")
            won_play, _, seconds_play = python_game(config, args.samples, "native")
            start = time.process_time()
            [whole] = core.play_search_games(
                contracts,
                players,
                size,
                [config.seed],
                "expert",
                KINDS,
                args.samples,
                search=native_search(),
                expert=native_constants("expert", players),
            )
            seconds_native = time.process_time() - start
            if not won_py == won_play == whole["won"]:
                raise SystemExit(f"the engines part on game {index} of {players} players")
            decisions += searched
            totals[0] += seconds_py
            totals[1] += seconds_play
            totals[2] += seconds_native
        python, play, native = (t / args.games for t in totals)
        print(
            f"{players:7d}  {args.games:5d}  {decisions:9d}  {python:6.2f} s  "
            f"{play:6.3f} s ({python / play:4.1f})  {native:6.3f} s ({python / native:4.1f})"
        )


if __name__ == "__main__":
    main()
