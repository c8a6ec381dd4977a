"""What "stop when stopping wins" would be worth: the expert against itself with that check.

The expert does not ask whether stopping would win the game at once, so now and then it
draws past a win it could take and busts. `StopWhenWinning` wraps the expert: where the
expert would draw on with one or two contracts open, it plays the rest of the turn through
in its head (as the last-turn rule does, `policies.last_turn`) and stops if that wins. The
check reads only what the table sees, and it does not depend on the turns left, so the odds
could take it as they are.

`stopping_may_win` is a cheap necessary condition for a win on stopping: asked first, it
skips most play-throughs (`FILTERED`); the speed table checks that both forms win the same
games.

The expert plays on the native core, the wrapped expert (a Python policy) on the Python
engine: both engines play the same games, so the pairs are exact; ``--engine python``
plays both in Python, to cross-check.

Run by hand (compiled build recommended); prints `strength.py`'s paired table, then the
games per second on one core of the expert, the check, and the check with the test first
(all three on the Python engine, the cost of the check being the question):
    python -m benchmarks.strength.stop_wins [--players 1 2 3 4 5] [--deals 200] [--games 10]
        [--workers 2] [--zero-only] [--engine native|python]
    python -m benchmarks.strength.stop_wins --validate   (the cheap test against every play-through)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from benchmarks.strength import strength
from coop_helper.engine import Game, GameConfig
from coop_helper.engine.cards import PERSON, SHIP, TRADER
from coop_helper.engine.contracts import PAIRS, PAY_COINS, PAY_VP, eligible, requirement_met
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies.base import Policy
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.last_turn import last_turn_view, left_open_on_stopping, looks
from coop_helper.setup.catalog import COLOURS
from coop_helper.setup.deals import time_pile

NAME = "expert-stop-wins"
FILTERED = "expert-stop-wins-filtered"  # the same, with a cheap test before each play-through

# Contracts that never complete at take time: while one is open, stopping cannot win.
NOT_AT_TAKE = frozenset({"tax_officer", "jinx", "gamester", "tiny_gamester", "pack_of_pirates"})
FOE_COLOUR = {"frigate_foe": COLOURS.index("red"), "galleon_foe": COLOURS.index("black")}


def stopping_may_win(table: Table) -> bool:
    """A cheap necessary condition for "stopping now wins the game": every open contract
    could still be completed in this turn's take time by someone, from what they hold and
    the cards in the harbour. False means the play-through would find the team short."""
    deck = table.deck
    persons = [c for c in table.harbour if deck.type[c] == PERSON]
    ships = [c for c in table.harbour if deck.type[c] == SHIP]
    colours = {deck.colour[c] for c in ships}
    for key in table.open:
        if key in NOT_AT_TAKE:
            return False
        if key in FOE_COLOUR:
            if FOE_COLOUR[key] not in colours:
                return False
            continue
        if not any(
            eligible(table, player, key) and _may_meet(table, player, key, persons, ships)
            for player in table.players
        ):
            return False
    return True


def _may_meet(
    table: Table, player: PlayerState, key: str, persons: list[int], ships: list[int]
) -> bool:
    """Could ``player`` meet a take-time contract with the harbour's cards (generously:
    every card taken, none paid for)?"""
    if requirement_met(table, player, key):
        return True
    deck = table.deck
    offered = [deck.ability[c] for c in persons]
    if key in PAIRS:
        return all(player.abilities[a] > 0 or a in offered for a in PAIRS[key])
    if key == "explorer":
        return bool(player.expeditions or table.expedition_row)
    if key == "trader_prince":
        return player.abilities[TRADER] + offered.count(TRADER) >= 2
    if key == "fighter":
        return player.swords + sum(deck.swords[c] for c in persons) >= 3
    if key == "cheap_staff":
        return player.cheap_persons + sum(deck.cost[c] <= 3 for c in persons) >= 4
    # pay 15 coins or hold 12 victory points; take-time abilities bring a few coins more
    coins = player.coins + sum(deck.coins[c] + 1 for c in ships) + 8
    return coins >= PAY_COINS or player.vp + sum(deck.vp[c] for c in persons) >= PAY_VP


class StopWhenWinning:
    """The expert, stopping where stopping wins the game now (a wrapper: the compiled
    expert cannot be subclassed). With ``filtered``, `stopping_may_win` is asked first and
    the play-through skipped where it says no; each play-through guesses its coins from
    its own seed, so both forms make the same decisions exactly when the test never says
    no to a win."""

    name = "expert"

    def __init__(self, filtered: bool = False) -> None:
        self.inner = ExpertPolicy()
        self.filtered = filtered
        self.rng = random.Random(0)
        self.seed = 0
        self.looked = 0  # play-throughs made

    def __getattr__(self, key: str) -> Any:
        return getattr(self.inner, key)

    def start_game(self, table: Table, rng: random.Random) -> None:
        self.inner.start_game(table, rng)
        self.seed = self.inner.guess_seed ^ 0x5EED  # the expert's own stream is left alone

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        again = self.inner.draw_again(table, player)
        if not again or not looks(table):
            return again
        if self.filtered and not stopping_may_win(table):
            return again
        self.looked += 1
        self.rng.seed(hash((self.seed, table.turn, len(table.harbour))))
        view = last_turn_view(table)  # the play-through ends with this turn
        return left_open_on_stopping(view, self.rng, self.inner.clone) != 0


def policy_by_name(name: str) -> Policy:
    """`strength.policy_by_name`, knowing NAME too."""
    if name in (NAME, FILTERED):
        return StopWhenWinning(filtered=name == FILTERED)  # type: ignore[return-value]
    return original(name)


original = strength.policy_by_name
strength.policy_by_name = policy_by_name  # forked workers inherit it


def speed(players: int, deals: int = 30, games: int = 10) -> tuple[float, float, float, bool]:
    """Games per second on one core: the expert, with the check, with the filtered check;
    and whether the last two won the same games (the test never refused a win)."""
    rates, results = [], []
    makers = (ExpertPolicy, StopWhenWinning, lambda: StopWhenWinning(filtered=True))
    for make in makers:
        start, played, won = time.perf_counter(), 0, []
        for d, contracts in enumerate(strength.deals_for(players, deals, "speed")):
            size = time_pile(contracts).size
            assert size is not None
            for g in range(games):
                seed = strength.game_seed(players, d, g, 9)
                config = GameConfig(contracts, players, size, 0, seed)
                won.append(Game(config, make()).run().won)  # type: ignore[arg-type]
                played += 1
        rates.append(played / (time.perf_counter() - start))
        results.append(won)
    return rates[0], rates[1], rates[2], results[1] == results[2]


def validate(deals: int = 100, games: int = 5) -> None:
    """At every play-through of the check, on seeded games at 1 to 5 players: how often
    the cheap test says no, and how often it says no where stopping wins (must be 0)."""
    checks = said_no = refused_wins = 0
    for players in (1, 2, 3, 4, 5):
        for d, contracts in enumerate(strength.deals_for(players, deals, "validate")):
            size = time_pile(contracts).size
            assert size is not None
            for g in range(games):
                policy = StopWhenWinning()

                def draw_again(table: Table, player: PlayerState, p: Any = policy) -> bool:
                    nonlocal checks, said_no, refused_wins
                    again: bool = p.inner.draw_again(table, player)
                    if not again or not looks(table):
                        return again
                    checks += 1
                    may = stopping_may_win(table)
                    p.rng.seed(hash((p.seed, table.turn, len(table.harbour))))
                    view = last_turn_view(table)
                    wins = left_open_on_stopping(view, p.rng, p.inner.clone) == 0
                    said_no += not may
                    refused_wins += wins and not may
                    return not wins

                policy.draw_again = draw_again  # type: ignore[method-assign]
                seed = strength.game_seed(players, d, g, 3)
                Game(GameConfig(contracts, players, size, 0, seed), policy).run()  # type: ignore[arg-type]
    print(
        f"{checks:,} checks; the cheap test said no to {said_no:,} "
        f"({100 * said_no / max(1, checks):.1f}%), to a win {refused_wins:,} times"
    )


def main(argv: list[str]) -> None:
    quick = "--quick" in argv  # a small run of each part, to check the script works
    if "--validate" in argv:
        validate(*((2, 1) if quick else ()))
        return
    strength.main(["--policy", NAME, "--against", "expert", *argv])
    counts = argparse.ArgumentParser(add_help=False)
    counts.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    print(
        "games per second on one core, Python engine (expert; with the check; with the cheap "
        "test first):"
    )
    for count in [2] if quick else counts.parse_known_args(argv)[0].players:
        plain, checked, filtered, same = speed(count, *((1, 2) if quick else ()))
        print(
            f"  {count} players: {plain:6.0f}  {checked:6.0f} ({plain / checked:.2f}x the time)"
            f"  {filtered:6.0f} ({plain / filtered:.2f}x)  same wins: {'yes' if same else 'NO'}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
