"""Who should go for Pack of Pirates: the odds per level with the contract planned for the
first seat, for the seat of the last turn (the clock, `ExpertParams.pack_clock`), and for
the best seat at each level.

Pack of Pirates completes only on its own player's turns. The expert's plan gives it, among
the players equally near to it (at the start of a game, all of them), to the first seat; with
the clock, to the seat that takes the last turn; with `ExpertParams.pack_seat`, to a fixed
seat. Each plan is played on the same seeds (the clock one game per seat of the last turn, as
the odds do). The best seat at a level is the largest of the fixed seats' win counts there:
an upper figure, as choosing the largest of several estimates on the same seeds favours the
luckiest. Over seeded deals that hold the contract (and any ``--codes``), prints per deal the
win chances of the first levels, then the mean win chance over the levels the first-seat
plan wins 20-80% of, and the neighbouring levels with equal chances (a level never shows less
than one with a turn fewer, so a plan that wastes the extra turn repeats the count).

Run by hand from the project folder:
    python -m benchmarks.strength.pack_seats [--players 2] [--deals 20] [--games 2000]
        [--seed 1] [--codes PR1-08JMGX ...] [--levels 8]
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import random
import time

from benchmarks.common import parse_args
from coop_helper.errors import UserError
from coop_helper.policies.expert_params import PARAMS
from coop_helper.setup.catalog import Contract, load_catalog
from coop_helper.setup.deals import decode_share_code, time_pile
from coop_helper.sim.levels import tally_by_seat
from coop_helper.sim.traces import seat_traces

PACK = "pack_of_pirates"
BAND = (0.2, 0.8)  # the levels compared: where the first-seat plan wins this often


def deals_with_pack(players: int, count: int, seed: int) -> list[tuple[Contract, ...]]:
    """Seeded deals of known seals that hold Pack of Pirates."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None and not c.blue_seal]
    pack = next(c for c in known if c.key == PACK)
    others = [c for c in known if c is not pack]
    rng = random.Random(f"pack-seats-{players}-{seed}")
    size = catalog.contracts_by_players[players]
    return [(pack, *rng.sample(others, size - 1)) for _ in range(count)]


def shown(
    contracts: tuple[Contract, ...], players: int, games: int, seed: int, **changes: object
) -> list[int]:
    """Wins per level from 0 removed, as the odds show them, with these expert constants."""
    pile = time_pile(contracts).size
    assert pile is not None
    params = {players: dataclasses.replace(PARAMS[players], **changes)}  # type: ignore[arg-type]
    seats = players if changes.get("pack_clock") else 1
    played = seat_traces(contracts, players, pile, seed, 0, games, "expert", seats, None, params)
    return tally_by_seat(played, pile).shown_wins()[::-1]


def equal_pairs(wins: list[int]) -> int:
    """Neighbouring levels with the same (non-zero) wins."""
    return sum(1 for a, b in itertools.pairwise(wins) if a == b and a > 0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=range(2, 6))
    parser.add_argument("--deals", type=int, default=20, help="seeded deals with the contract")
    parser.add_argument("--games", type=int, default=2000, help="games per deal and plan")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and games")
    parser.add_argument("--codes", nargs="*", default=[], help="share codes of more deals")
    parser.add_argument("--levels", type=int, default=8, help="levels printed per deal")
    args = parse_args(parser, argv, deals=2, games=40)
    try:
        deals = deals_with_pack(args.players, args.deals, args.seed)
        for code in args.codes:
            players, contracts = decode_share_code(code)
            if players != args.players or PACK not in {c.key for c in contracts}:
                raise UserError(f"deal {code}: give {args.players}-player deals with {PACK}.")
            deals.append(tuple(contracts))
    except UserError as err:
        parser.exit(2, f"error: {err}\n")
    print(
        f"Pack of Pirates at {args.players} players: {len(deals)} deals, {args.games} games "
        f"per deal and plan, seed {args.seed}; win % per level from 0 removed"
    )
    began = time.perf_counter()
    names = ("first seat", "the clock", "best seat")
    band_sum = dict.fromkeys(names, 0.0)
    equal = dict.fromkeys(names, 0)
    band_levels = 0
    for contracts in deals:
        first = shown(contracts, args.players, args.games, args.seed, pack_seat=0)
        clock = shown(contracts, args.players, args.games, args.seed, pack_clock=True)
        fixed = [
            shown(contracts, args.players, args.games, args.seed, pack_seat=s)
            for s in range(args.players)
        ]
        best = [max(column) for column in zip(*fixed, strict=True)]
        band = [
            k
            for k, wins in enumerate(first)
            if BAND[0] * args.games <= wins <= BAND[1] * args.games
        ]
        band_levels += len(band)
        print(", ".join(c.name for c in contracts))
        for name, wins in zip(names, (first, clock, best), strict=True):
            band_sum[name] += sum(wins[k] for k in band) / args.games
            equal[name] += equal_pairs(wins)
            row = " ".join(f"{100 * w / args.games:5.1f}" for w in wins[: args.levels])
            print(f"  {name:10} {row}")
    print(f"over {len(deals)} deals, {band_levels} levels the first seat wins 20-80% of:")
    for name in names:
        mean = 100 * band_sum[name] / band_levels if band_levels else 0.0
        print(f"  {name:10} mean win {mean:5.1f}%   equal neighbouring levels {equal[name]}")
    print(f"({time.perf_counter() - began:.1f} s)")


if __name__ == "__main__":
    main()
