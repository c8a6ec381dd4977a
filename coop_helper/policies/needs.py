"""What each open contract asks of a player's display, for policies to aim at.

C++ twin: part of `coop_helper/native/src/policies/basic.cpp`.
"""

from __future__ import annotations

from coop_helper.engine.cards import TRADER
from coop_helper.engine.contracts import CHEAP_NEEDED, PAIRS
from coop_helper.engine.state import CHEAP_COST, PlayerState, Table


def person_helps(table: Table, player: PlayerState, card: int, key: str) -> bool:
    """Would hiring this person bring the player closer to contract ``key``?"""
    deck = table.deck
    ability = deck.ability[card]
    pair = PAIRS.get(key)
    if pair is not None:
        return ability in pair and player.abilities[ability] == 0
    if key == "trader_prince":
        return ability == TRADER and player.abilities[TRADER] < 2
    if key == "fighter":
        return deck.swords[card] > 0 and player.swords < 3
    if key == "cheap_staff":
        return deck.cost[card] <= CHEAP_COST and player.cheap_persons < CHEAP_NEEDED
    return False
