"""Stopping where stopping wins (`ExpertParams.stop_wins`): the cheap test never refuses a
win, the check is used, and one game still answers every removal level as live play does."""

from __future__ import annotations

import dataclasses
import random

import pytest

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies import clock_seats
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import PARAMS, ExpertParams
from coop_helper.policies.last_turn import looks
from coop_helper.policies.stop_wins import CheapTestTally
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim.traces import outcome, play_trace, seat_of, seat_piles

CATALOG = load_catalog()
KNOWN = [c for c in CATALOG.contracts if c.seal is not None]


def _on(players: int) -> dict[int, ExpertParams]:
    return {players: dataclasses.replace(PARAMS[players], stop_wins=True)}


# The expert as shipped, but without the check.
WITHOUT = {n: dataclasses.replace(params, stop_wins=False) for n, params in PARAMS.items()}


def _deal(players: int, rng: random.Random) -> tuple:
    return tuple(rng.sample(KNOWN, CATALOG.contracts_by_players[players]))


def _size(contracts: tuple) -> int:
    size = time_pile(contracts).size
    assert size is not None
    return size


class Checking(ExpertPolicy):
    """The expert without the check, judging the cheap test at each of its draws in reach
    of a win (`CheapTestTally`)."""

    def __init__(self, tally: CheapTestTally) -> None:
        super().__init__(WITHOUT)
        self.tally = tally

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        again = super().draw_again(table, player)
        if again and looks(table):
            self.tally.judge(table, self.clone)
        return again


def test_the_cheap_test_never_refuses_a_win():
    rng = random.Random(11)
    tally = CheapTestTally()
    for players in (1, 2, 3, 4, 5):
        for seed in range(30):
            contracts = _deal(players, rng)
            config = GameConfig(contracts, players, _size(contracts), 0, seed)
            Game(config, Checking(tally)).run()
            assert tally.refused_wins == 0, (players, seed, contracts)
    # the test skips most play-throughs, and there were wins it let through
    assert tally.said_no > tally.checks / 2 and tally.wins > 0, tally


def test_the_check_stops_where_the_expert_would_draw_past_a_win():
    rng = random.Random(3)
    changed = 0
    for seed in range(60):
        players = 1 + seed % 3
        contracts = _deal(players, rng)
        config = GameConfig(contracts, players, _size(contracts), 0, seed)
        plain = Game(config, ExpertPolicy(WITHOUT)).run()
        checked = Game(config, ExpertPolicy(_on(players))).run()
        changed += (plain.won, plain.turns) != (checked.won, checked.turns)
    assert changed > 0


@pytest.mark.parametrize("players", [1, 2, 3])
def test_one_game_answers_every_level_as_live_play_does(players):
    """The check never reads the turns left, so the odds runner's trace (with its last-turn
    branches, and a game per seat where the clock hands out Pack of Pirates) still gives
    every removal level exactly what live play with that removal gives."""
    rng = random.Random(100 + players)
    params = _on(players)
    for seed in range(8):
        contracts = _deal(players, rng)
        size = _size(contracts)
        seats = clock_seats("expert", players, {c.key for c in contracts})
        traces = [
            play_trace(contracts, players, size, seed, "expert", params=params, removed=size - pile)
            for pile in seat_piles(size, seats)
        ]
        for removed in range(size + 1):
            config = GameConfig(contracts, players, size, removed, seed)
            live = Game(config, ExpertPolicy(params)).run()
            budget = size - removed
            won, moves = outcome(traces[seat_of(budget, seats)], budget)
            assert won == live.won, (seed, removed)
            if won:
                assert moves == live.victory_moves
