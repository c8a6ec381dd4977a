"""Who completes Pack of Pirates: on deals that hold it, which player's contract it becomes.

A real table lets whoever is better placed collect the ships; a simulated team that always
leaves Pack of Pirates to the same seat plays the contract worse than a table would. For
each deal (a share code from `coop-helper deal` whose contracts include Pack of Pirates),
``--games`` games are played with the dealt Time Pile and ``--removed`` cards removed, and
the completions are counted per player. Prints, per deal and over all deals, the games,
the team's wins, the completions, and each player's share of the completions with its 95%
Wilson interval.

The games run on the native core where it plays the policy (the expert does);
``--engine python`` plays them in Python, to cross-check.

Run by hand from the project folder:
    python -m benchmarks.strength.pack_share [--codes PR1-08JMGX PR1-09A30Z PR1-08A0WA]
        [--games 40] [--removed 0] [--policy expert|expert:NAME=VALUE,...] [--seed 0]
        [--engine native|python]
"""

from __future__ import annotations

import argparse
import textwrap
import time

from benchmarks.common import parse_args
from benchmarks.strength.strength import policy_by_name, policy_spec
from coop_helper.errors import UserError
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import decode_share_code, time_pile
from coop_helper.sim import games as sim_games
from coop_helper.sim.statistics import wilson

PACK = "pack_of_pirates"
CODES = ("PR1-08JMGX", "PR1-09A30Z", "PR1-08A0WA")  # 2-player deals holding the contract


def count(
    code: str, games: int, removed: int, policy: str, seed: int, engine: str
) -> tuple[int, int, list[int]]:
    """(players, wins, completions of Pack of Pirates per player) over ``games`` games of a
    deal."""
    players, contracts = decode_share_code(code)
    if PACK not in {c.key for c in contracts}:
        raise UserError(f"deal {code} has no Pack of Pirates: give deals that hold it.")
    size = time_pile(contracts).size
    if size is None:
        raise UserError(f"deal {code} has a contract of unknown seal: give another deal.")
    seeds = [seed * 1_000_003 + g for g in range(games)]
    per_player = [0] * players
    wins = 0
    spec, params = policy_spec(policy)
    for result in sim_games.play_games(
        contracts, players, size, seeds, spec, removed=removed, params=params, engine=engine
    ):
        wins += result.won
        for who in result.completers[PACK]:
            per_player[who] += 1
    return players, wins, per_player


def shares(per_player: list[int]) -> list[str]:
    """'  P1   38   95.0% [83.5-98.6]' per player: completions and share of them."""
    done = sum(per_player)
    lines = []
    for i, n in enumerate(per_player):
        line = f"  P{i + 1} {n:>4}"
        if done:
            low, high = wilson(n, done)
            line += f"  {n / done:6.1%} [{100 * low:4.1f}-{100 * high:5.1f}]"
        lines.append(line)
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--codes", nargs="+", default=list(CODES), help="share codes of deals")
    parser.add_argument("--games", type=int, default=40, help="games per deal")
    parser.add_argument("--removed", type=int, default=0, help="Victory Pile cards removed")
    parser.add_argument("--policy", default="expert")
    parser.add_argument("--seed", type=int, default=0, help="base of the game seeds")
    parser.add_argument("--engine", choices=sim_games.ENGINES, default=sim_games.DEFAULT_ENGINE)
    args = parse_args(parser, argv, codes=list(CODES[:1]), games=2)
    try:
        policy_by_name(args.policy)  # an unknown name or constant fails here
    except (UserError, AttributeError, ValueError) as err:
        parser.exit(2, f"error: {err}\n")
    try:
        sim_games.check_engine(args.engine)
        spec, _ = policy_spec(args.policy)
        load_catalog()
        played_on = sim_games.engine_for(spec, args.engine)
        header = (
            f"Pack of Pirates completions per player: {args.policy} on {played_on} "
            f"(engine asked: {args.engine}), {args.games} games per deal, {args.removed} "
            f"removed, seeds base {args.seed}; each player's completions, their share "
            "of the completions and its 95% Wilson interval."
        )
        print(textwrap.fill(header, 79))
        began = time.perf_counter()
        total: list[int] = []
        for code in args.codes:
            players, wins, per_player = count(
                code, args.games, args.removed, args.policy, args.seed, args.engine
            )
            if len(total) < players:
                total += [0] * (players - len(total))
            total = [t + (per_player[i] if i < players else 0) for i, t in enumerate(total)]
            low, high = wilson(wins, args.games)
            print(
                f"{code}: {players} players, {args.games} games, won {wins / args.games:.1%} "
                f"[{100 * low:.1f}-{100 * high:.1f}], {sum(per_player)} completed it"
            )
            print("\n".join(shares(per_player)), flush=True)
    except UserError as err:
        parser.exit(2, f"error: {err}\n")
    print(f"all deals: {len(args.codes) * args.games} games, {sum(total)} completed")
    print("\n".join(shares(total)))
    print(f"({time.perf_counter() - began:.1f} s)")


if __name__ == "__main__":
    main()
