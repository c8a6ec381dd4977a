"""Each contract's requirement and who may still complete it.

Contracts completed "when it is your time to take cards" are checked through
`requirement_met`; the "decide at once" contracts are triggered by the game flow in
`game.py` (Tax Officer at a tax, Jinx at a bust, Gamesters on harbour colours,
Frigate/Galleon Foe on a declined trade, Pack of Pirates on repelled ships).

C++ twin: `coop_helper/native/src/engine/contracts.hpp`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from coop_helper.engine.cards import (
    CAPTAIN,
    CLERK,
    GUNNER,
    JESTER,
    MADEMOISELLE,
    PRIEST,
    SETTLER,
    TRADER,
    VICE_ADMIRAL,
)
from coop_helper.engine.state import PlayerState, Table

__all__ = [
    "AT_TAKE_TIME",
    "CHEAP_NEEDED",
    "GAMESTER_COLOURS",
    "PAIRS",
    "PAY_COINS",
    "PAY_INSTEAD",
    "PAY_VP",
    "SWORDS_NEEDED",
    "TAX_THRESHOLD",
    "TINY_GAMESTER_COLOURS",
    "TRADERS_NEEDED",
    "eligible",
    "requirement_met",
]

TAX_THRESHOLD: Final = 12  # a Tax Increase taxes (and Tax Officer needs) this many coins
TRADERS_NEEDED: Final = 2  # Trader Prince: this many Traders
SWORDS_NEEDED: Final = 3  # Fighter: this many swords
CHEAP_NEEDED: Final = 4  # Cheap Staff: this many persons of printed cost CHEAP_COST or less
GAMESTER_COLOURS: Final = 4  # Gamester: ship colours in the harbour
TINY_GAMESTER_COLOURS: Final = 3  # Tiny Gamester: ship colours in the harbour
PAY_VP: Final = 12  # blue-seal contracts: have this many victory points ...
PAY_COINS: Final = 15  # ... or pay this many coins
PAY_INSTEAD = frozenset({"tiny_royal_household", "ransom"})


# Contracts met by holding two named persons (Jack of all Trades never stands in).
PAIRS: dict[str, tuple[int, int]] = {
    "lady_killer": (CAPTAIN, MADEMOISELLE),
    "trade_outpost": (SETTLER, CLERK),
    "comedian": (PRIEST, JESTER),
    "new_colony": (SETTLER, GUNNER),
    "maritime_supremacy": (CAPTAIN, VICE_ADMIRAL),
}


def _both(first: int, second: int) -> Callable[[PlayerState], bool]:
    return lambda p: p.abilities[first] > 0 and p.abilities[second] > 0


# Requirements checked when it is the player's time to take cards in Phase 2.
# Jack of all Trades never stands in here (docs/engine-rulings.md, ruling 3).
_AT_TAKE: dict[str, Callable[[PlayerState], bool]] = {
    **{key: _both(*pair) for key, pair in PAIRS.items()},
    "explorer": lambda p: len(p.expeditions) >= 1,
    "trader_prince": lambda p: p.abilities[TRADER] >= TRADERS_NEEDED,
    "fighter": lambda p: p.swords >= SWORDS_NEEDED,
    "cheap_staff": lambda p: p.cheap_persons >= CHEAP_NEEDED,
    "tiny_royal_household": lambda p: p.vp >= PAY_VP or p.coins >= PAY_COINS,
    "ransom": lambda p: p.vp >= PAY_VP or p.coins >= PAY_COINS,
}
AT_TAKE_TIME = frozenset(_AT_TAKE)


def requirement_met(table: Table, player: PlayerState, key: str) -> bool:
    """Does the player meet a take-time contract's requirement right now?"""
    return _AT_TAKE[key](player)


def eligible(table: Table, player: PlayerState, key: str) -> bool:
    """May this player complete the contract (or put a progress marker on it) now?

    It must be in the game, not yet completed by this player, with a free coin space,
    and the player needs a free cube (a progress marker already on it counts as one).
    """
    contract = table.contract_by_key.get(key)
    if contract is None or key in player.completed:
        return False
    if key not in player.markers and player.cubes_free() <= 0:
        return False
    return contract.coins is None or len(table.completers[key]) < len(contract.coins)
