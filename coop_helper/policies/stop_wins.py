"""Stopping where stopping wins: at a draw with one or two contracts open, the team plays
the rest of the turn through in its head (as `policies.last_turn` does) and stops if that
completes every contract, instead of drawing on past the win and perhaps busting.

The check reads only the public table and never the turns left (the play-through treats
this turn as the last, `last_turn.last_turn_view`), so the odds may still play one game
for every removal level. `stopping_may_win` is a cheap necessary condition asked first:
it skips most play-throughs (`benchmarks/strength/stop_wins.py --validate` checks that it
never refuses a win).

C++ twin: `coop_helper/native/src/policies/stop_wins.hpp` and `.cpp`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from coop_helper.engine.cards import PERSON, SHIP, TRADER
from coop_helper.engine.contracts import (
    CHEAP_NEEDED,
    PAIRS,
    PAY_COINS,
    PAY_VP,
    SWORDS_NEEDED,
    TRADERS_NEEDED,
    eligible,
    requirement_met,
)
from coop_helper.engine.state import CHEAP_COST, PlayerState, Table
from coop_helper.policies.last_turn import last_turn_view, left_open_on_stopping, looks
from coop_helper.setup.catalog import COLOURS

if TYPE_CHECKING:
    from coop_helper.policies.base import Policy

# Contracts never completed at take time: while one is open, stopping cannot win now.
NOT_AT_TAKE: Final = frozenset(
    {"tax_officer", "jinx", "gamester", "tiny_gamester", "pack_of_pirates"}
)
# The foes complete when a ship of their colour is repelled, i.e. one in the harbour.
FOE_COLOUR: Final = {"frigate_foe": COLOURS.index("red"), "galleon_foe": COLOURS.index("black")}
# Coins the take-time abilities may still bring a player this turn (a generous bound).
TAKE_TIME_COINS: Final = 8


def stopping_may_win(table: Table) -> bool:
    """A cheap necessary condition for "stopping now wins the game": every open contract
    could still be completed in this turn's take time by someone, from what they hold and
    the cards in the harbour. False means a play-through would find the team short."""
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
        return player.abilities[TRADER] + offered.count(TRADER) >= TRADERS_NEEDED
    if key == "fighter":
        return player.swords + sum(deck.swords[c] for c in persons) >= SWORDS_NEEDED
    if key == "cheap_staff":
        cheap = sum(deck.cost[c] <= CHEAP_COST for c in persons)
        return player.cheap_persons + cheap >= CHEAP_NEEDED
    # pay the coins or hold the victory points: each ship's coins and a fee coin, and what
    # the take-time abilities may bring
    coins = player.coins + sum(deck.coins[c] + 1 for c in ships) + TAKE_TIME_COINS
    return coins >= PAY_COINS or player.vp + sum(deck.vp[c] for c in persons) >= PAY_VP


def stopping_wins(table: Table, rng: random.Random, team: Callable[[], Policy]) -> bool:
    """Does stopping now complete every open contract this turn? Played through by
    ``team()`` (a copy of the policy) where the table is in reach of a win at all."""
    if not looks(table) or not stopping_may_win(table):
        return False
    return left_open_on_stopping(last_turn_view(table), rng, team) == 0


@dataclass
class CheapTestTally:
    """What `stopping_may_win` said at draws in reach of a win, against the play-through:
    how it is checked never to refuse a win (the tests, `benchmarks/strength/stop_wins.py
    --validate`)."""

    checks: int = 0
    said_no: int = 0  # the cheap test said stopping cannot win
    wins: int = 0  # the play-through won on stopping
    refused_wins: int = 0  # both: must stay 0

    def judge(self, table: Table, team: Callable[[], Policy]) -> None:
        """Ask both at this table (a draw with one or two contracts open) and count."""
        may = stopping_may_win(table)
        wins = left_open_on_stopping(last_turn_view(table), random.Random(0), team) == 0
        self.checks += 1
        self.said_no += not may
        self.wins += wins
        self.refused_wins += wins and not may
