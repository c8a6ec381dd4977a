"""What each tuned constant of the expert is worth: put it back to its 2ce9615 value, alone.

For each player count, every constant in which `PARAMS[n]` differs from `BASELINE` is set
back to the baseline value (the others kept as tuned) and played against today's expert on
the same deals and seeds; a positive difference means the tuned value pays. Deals are the
strength benchmark's (salt "strength"), seeds base 5, at 0 removed.

Every game runs on the native core (the expert takes its changed constants from Python);
``--engine python`` plays them in Python, to cross-check.

Run by hand:  python -m benchmarks.strength.ablate_expert [--players 1 2 3 4 5] [--deals 100]
    [--games 10] [--workers 2] [--engine native|python]
"""

from __future__ import annotations

import argparse
import dataclasses
import time

from benchmarks.common import parse_args
from benchmarks.strength.strength import (
    add_engine_option,
    deals_for,
    engines_line,
    paired,
    play,
    rate_text,
    use_engine,
)
from coop_helper.policies.expert_params import BASELINE, PARAMS


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    add_engine_option(parser)
    args = parse_args(parser, players=[2], deals=2, games=2, workers=1)
    use_engine(parser, args.engine)
    began = time.perf_counter()
    print(
        f"tuned value minus baseline value, one constant at a time: {args.deals} deals x "
        f"{args.games} games per player count, paired, ± standard error"
    )
    print(engines_line("expert", "expert:sticky=0"))
    for players in args.players:
        deals = deals_for(players, args.deals)
        tuned = play("expert", players, deals, args.games, 0, args.workers, args.seed)
        print(f"{players} players: expert {rate_text(tuned)} ({len(tuned)} games, 95% interval)")
        for name, value in dataclasses.asdict(PARAMS[players]).items():
            base = getattr(BASELINE, name)
            if value == base:
                continue
            policy = f"expert:{name}={base}"
            without = play(policy, players, deals, args.games, 0, args.workers, args.seed)
            diff, se = paired(tuned, without)
            print(
                f"  {name:>16} {value!s:>7} (2ce9615: {base!s:>5})  worth "
                f"{100 * diff:+5.1f} ± {100 * se:.1f}",
                flush=True,
            )
    print(f"({time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
