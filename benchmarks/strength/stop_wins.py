"""What "stop when stopping wins" is worth, and what it costs: the expert with
`ExpertParams.stop_wins` on (`coop_helper.policies.stop_wins`) against itself with it off.

The expert does not ask whether stopping would win the game at once, so now and then it
draws past a win it could take and busts. With `stop_wins`, where it would draw on with
one or two contracts open, it plays the rest of the turn through in its head (as the
last-turn rule does) and stops if that wins; a cheap necessary test is asked first. The
check reads only what the table sees and never the turns left, so the odds still play
one game for every level.

Prints `strength.py`'s paired table (both on the native core, at 0 removed and at the
level where the expert without it wins nearest half), then the cost: odds-runner games (traces, with
the last-turn branches) per CPU second on one core, with and without the check.

Run by hand (compiled build recommended):
    python -m benchmarks.strength.stop_wins [--players 1 2 3 4 5] [--deals 200] [--games 10]
        [--workers 2] [--zero-only] [--salt NAME]
    python -m benchmarks.strength.stop_wins --validate   (the cheap test against every
        play-through, on the Python engine)
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time

from benchmarks.strength import strength
from coop_helper.engine import Game, GameConfig
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import PARAMS
from coop_helper.policies.last_turn import looks
from coop_helper.policies.stop_wins import CheapTestTally
from coop_helper.setup.deals import time_pile
from coop_helper.sim.traces import play_traces

NAME = "expert:stop_wins=1"
WITHOUT = "expert:stop_wins=0"  # the expert as shipped, but for the check


def speed(players: int, deals: int = 30, games: int = 200) -> tuple[float, float]:
    """Odds-runner games per CPU second on one core, without and with the check."""
    rates = []
    for stop_wins in (False, True):
        params = {players: dataclasses.replace(PARAMS[players], stop_wins=stop_wins)}
        start, played = time.process_time(), 0
        for d, contracts in enumerate(strength.deals_for(players, deals, "speed")):
            size = time_pile(contracts).size
            assert size is not None
            played += len(
                play_traces(contracts, players, size, d, 0, games, "expert", None, params)
            )
        rates.append(played / (time.process_time() - start))
    return rates[0], rates[1]


class Checking(ExpertPolicy):
    """The expert without the check, judging the cheap test at each of its draws in reach
    of a win (`CheapTestTally`)."""

    def __init__(self, tally: CheapTestTally) -> None:
        super().__init__({n: dataclasses.replace(p, stop_wins=False) for n, p in PARAMS.items()})
        self.tally = tally

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        again = super().draw_again(table, player)
        if again and looks(table):
            self.tally.judge(table, self.clone)
        return again


def validate(deals: int = 100, games: int = 5) -> None:
    """At every draw in reach of a win, on seeded games at 1 to 5 players: how often the
    cheap test says no, and how often it says no where stopping wins (must be 0)."""
    tally = CheapTestTally()
    for players in (1, 2, 3, 4, 5):
        for d, contracts in enumerate(strength.deals_for(players, deals, "validate")):
            size = time_pile(contracts).size
            assert size is not None
            for g in range(games):
                seed = strength.game_seed(players, d, g, 3)
                Game(GameConfig(contracts, players, size, 0, seed), Checking(tally)).run()
    print(
        f"{tally.checks:,} checks; the cheap test said no to {tally.said_no:,} "
        f"({100 * tally.said_no / max(1, tally.checks):.1f}%), "
        f"to a win {tally.refused_wins:,} times"
    )


def main(argv: list[str]) -> None:
    quick = "--quick" in argv  # a small run of each part, to check the script works
    if "--validate" in argv:
        validate(*((2, 1) if quick else ()))
        return
    strength.main(["--policy", NAME, "--against", WITHOUT, *argv])
    counts = argparse.ArgumentParser(add_help=False)
    counts.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    print("odds-runner games per CPU second on one core, native core (expert; with the check):")
    for count in [2] if quick else counts.parse_known_args(argv)[0].players:
        plain, checked = speed(count, *((2, 5) if quick else ()))
        print(f"  {count} players: {plain:8.0f} {checked:8.0f} ({plain / checked:.2f}x the time)")


if __name__ == "__main__":
    main(sys.argv[1:])
