"""What "stop when stopping wins" would be worth: the expert against itself with that check.

The expert does not ask whether stopping would win the game at once, so now and then it
draws past a win it could take and busts. `StopWhenWinning` wraps the expert: where the
expert would draw on with one or two contracts open, it plays the rest of the turn through
in its head (as the last-turn rule does, `policies.last_turn`) and stops if that wins. The
check reads only what the table sees, and it does not depend on the turns left, so the odds
could take it as they are.

Run by hand (compiled build recommended); prints `strength.py`'s paired table, then the
games per second of both on one core:
    python benchmarks/stop_wins.py [--players 1 2 3 4 5] [--deals 200] [--games 10]
        [--workers 2] [--zero-only]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import strength

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies.base import Policy
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.last_turn import last_turn_view, left_open_on_stopping, looks
from coop_helper.setup.deals import time_pile

NAME = "expert-stop-wins"


class StopWhenWinning:
    """The expert, stopping where stopping wins the game now (a wrapper: the compiled
    expert cannot be subclassed)."""

    name = "expert"

    def __init__(self) -> None:
        self.inner = ExpertPolicy()
        self.rng = random.Random(0)

    def __getattr__(self, key: str) -> Any:
        return getattr(self.inner, key)

    def start_game(self, table: Table, rng: random.Random) -> None:
        self.inner.start_game(table, rng)
        # its own stream for the guessed coins, so the expert's own draws stay as they were
        self.rng = random.Random(self.inner.guess_seed ^ 0x5EED)

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        again = self.inner.draw_again(table, player)
        if again and looks(table):
            view = last_turn_view(table)  # the play-through ends with this turn
            if left_open_on_stopping(view, self.rng, self.inner.clone) == 0:
                return False
        return again


def policy_by_name(name: str) -> Policy:
    """`strength.policy_by_name`, knowing NAME too."""
    if name == NAME:
        return StopWhenWinning()  # type: ignore[return-value]
    return original(name)


original = strength.policy_by_name
strength.policy_by_name = policy_by_name  # forked workers inherit it


def speed(players: int, deals: int = 30, games: int = 10) -> tuple[float, float]:
    """Games per second on one core: the expert, and the expert with the check."""
    rates = []
    for make in (ExpertPolicy, StopWhenWinning):
        start, played = time.perf_counter(), 0
        for d, contracts in enumerate(strength.deals_for(players, deals, "speed")):
            size = time_pile(contracts).size
            assert size is not None
            for g in range(games):
                seed = strength.game_seed(players, d, g, 9)
                Game(GameConfig(contracts, players, size, 0, seed), make()).run()  # type: ignore[arg-type]
                played += 1
        rates.append(played / (time.perf_counter() - start))
    return rates[0], rates[1]


def main(argv: list[str]) -> None:
    strength.main(["--policy", NAME, "--against", "expert", *argv])
    counts = argparse.ArgumentParser(add_help=False)
    counts.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    print("games per second on one core (expert, with the check):")
    for count in counts.parse_known_args(argv)[0].players:
        plain, checked = speed(count)
        print(f"  {count} players: {plain:6.0f}  {checked:6.0f}  ({plain / checked:.2f}x the time)")


if __name__ == "__main__":
    main(sys.argv[1:])
