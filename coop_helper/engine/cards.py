"""Cards as small integers: per-card lookup tables built once from the catalogue.

A card id indexes plain tuples (type, colour, coins, swords, ...), so the engine's
per-card work is a tuple lookup, never an object walk.

C++ twin: the card codes and the deck's tables in `coop_helper/native/src/engine/state.hpp`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from coop_helper.setup.catalog import ABILITIES, COLOURS, SKULL, CardKind, Catalog, load_catalog

# Codes as Final constants (the native core, src/engine/state.hpp, numbers cards the same way).
SHIP: Final = 0
PERSON: Final = 1
EXPEDITION: Final = 2
TAX: Final = 3
TYPE_CODES = {"ship": SHIP, "person": PERSON, "expedition": EXPEDITION, "tax": TAX}
NO_COLOUR: Final = -1
ABILITY = {name: code for code, name in enumerate(ABILITIES)}
# Ability codes: the position of each ability in catalog.ABILITIES (checked below).
SETTLER: Final = 0
CAPTAIN: Final = 1
PRIEST: Final = 2
JACK: Final = 3
TRADER: Final = 4
SAILOR: Final = 5
PIRATE: Final = 6
MADEMOISELLE: Final = 7
JESTER: Final = 8
ADMIRAL: Final = 9
GOVERNOR: Final = 10
CLERK: Final = 11
GUNNER: Final = 12
VICE_ADMIRAL: Final = 13
RED: Final = 3  # COLOURS.index("red")
BLACK: Final = 4  # COLOURS.index("black")
_NAMED = {
    "settler": SETTLER,
    "captain": CAPTAIN,
    "priest": PRIEST,
    "jack_of_all_trades": JACK,
    "trader": TRADER,
    "sailor": SAILOR,
    "pirate": PIRATE,
    "mademoiselle": MADEMOISELLE,
    "jester": JESTER,
    "admiral": ADMIRAL,
    "governor": GOVERNOR,
    "clerk": CLERK,
    "gunner": GUNNER,
    "vice_admiral": VICE_ADMIRAL,
}
if _NAMED != ABILITY or (COLOURS[RED], COLOURS[BLACK]) != ("red", "black"):
    raise RuntimeError("engine card codes disagree with the catalogue's ability or colour order")
COIN_TO_OTHER = "coin_to_other"
MOST_SWORDS = "most_swords"

__all__ = ["SKULL", "Deck", "build_deck"]


@dataclass(frozen=True)
class Deck:
    """The co-op deck for one player count, as per-card tables indexed by card id."""

    players: int
    kinds: tuple[CardKind, ...]  # the catalogue's kinds, indexed by kind id
    kind: tuple[int, ...]  # card id -> kind id
    type: tuple[int, ...]  # SHIP, PERSON, EXPEDITION or TAX
    colour: tuple[int, ...]  # index into COLOURS, or NO_COLOUR
    coins: tuple[int, ...]  # ship or expedition coins
    swords: tuple[int, ...]  # ship swords (SKULL: never repelled) or person swords
    cost: tuple[int, ...]  # person's printed cost
    vp: tuple[int, ...]  # person's or expedition's victory points
    ability: tuple[int, ...]  # ABILITY code, or -1
    coin_to_other: tuple[bool, ...]  # ship pays +1 coin to another player
    needs: tuple[tuple[tuple[int, int], ...], ...]  # expedition: (ability code, count)
    most_swords: tuple[bool, ...]  # tax bonus goes to most swords (else fewest VP)
    five_player_expedition: int | None  # card id laid face up at the start with 5 players
    start_coins: int  # coins each player is dealt at the start (data/coop.toml)

    @property
    def size(self) -> int:
        """Number of cards in this deck."""
        return len(self.kind)

    def label(self, card: int) -> str:
        """A short human label for a card id."""
        return self.kinds[self.kind[card]].label()


def _deck_from(catalog: Catalog, players: int) -> Deck:
    kind_ids = catalog.deck(players)
    kinds = [catalog.kinds[k] for k in kind_ids]
    five = [i for i, k in enumerate(kinds) if k.five_players_only]
    return Deck(
        players=players,
        kinds=catalog.kinds,
        kind=kind_ids,
        type=tuple(TYPE_CODES[k.type] for k in kinds),
        colour=tuple(COLOURS.index(k.colour) if k.colour else NO_COLOUR for k in kinds),
        coins=tuple(k.coins for k in kinds),
        swords=tuple(k.swords for k in kinds),
        cost=tuple(k.cost for k in kinds),
        vp=tuple(k.vp for k in kinds),
        ability=tuple(ABILITY[k.ability] if k.ability else -1 for k in kinds),
        coin_to_other=tuple(k.bonus == COIN_TO_OTHER for k in kinds),
        needs=tuple(tuple((ABILITY[a], n) for a, n in k.needs) for k in kinds),
        most_swords=tuple(k.bonus == MOST_SWORDS for k in kinds),
        five_player_expedition=five[0] if five else None,
        start_coins=catalog.coins_per_player,
    )


@functools.cache
def build_deck(players: int) -> Deck:
    """The deck tables for a player count (cached; built from the shipped catalogue)."""
    return _deck_from(load_catalog(), players)
