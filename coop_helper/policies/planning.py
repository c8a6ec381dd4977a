"""Team planning for the expert: which player goes for which open contract, and what they want.

Every player gets at most as many contracts as they have cubes left. Contracts that share a
person go to the same player where they fit (Settler for Trade Outpost and New Colony,
Captain for Lady Killer and Maritime Supremacy, swords and cheap persons for Fighter and
Cheap Staff), and a contract goes to whoever is already closest to it.

C++ twin: `coop_helper/native/src/policies/planning.hpp` and `.cpp`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

from coop_helper.engine.cards import BLACK, CAPTAIN, JACK, PRIEST, RED, SETTLER, TRADER
from coop_helper.engine.contracts import (
    CHEAP_NEEDED,
    PAY_COINS,
    PAY_INSTEAD,
    PAY_VP,
    SWORDS_NEEDED,
    TAX_THRESHOLD,
    TRADERS_NEEDED,
)
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies.needs import PAIRS

MONEY = frozenset({"tax_officer", "tiny_royal_household", "ransom"})
FOES = frozenset({"frigate_foe", "galleon_foe"})  # declines needed: their markers + 1
EXPEDITION_PERSONS = (SETTLER, CAPTAIN, PRIEST)
PACK_SWORDS: Final = 4  # swords that repel most ships of every colour (the expert passes its own)
PROGRESS_WEIGHT: Final = 2.0  # how much being closer to a contract counts when handing it out
LOAD_PENALTY: Final = 1.0  # how much a contract already planned for a player counts against another
# Contracts met by hiring persons: they suit a player with coins to hire them.
HIRING = frozenset(
    {*PAIRS, "trader_prince", "cheap_staff", "fighter", "explorer", "pack_of_pirates"}
)
RICH: Final = 12  # coins from which a player counts as fully able to hire
# How far a player is towards a contract (`progress`): PROGRESS_FULL for one they are as
# near as a table gets (an expedition claimed for Explorer, a Tiny Gamester marker, every
# Foe decline made); per sword for Fighter, per cheap person for Cheap Staff, per coin to
# the Tax Increase's threshold for Tax Officer, per victory point or coin for a blue-seal
# contract, per colour set aside for Pack of Pirates (each a step of these sizes); for
# Explorer each of its best EXPLORER_PERSONS persons counts EXPLORER_STEP.
PROGRESS_FULL: Final = 2.0
SWORD_STEP: Final = 1.5
CHEAP_STEP: Final = 2.0
TAX_STEP: Final = 8.0
VP_STEP: Final = 6.0
COIN_STEP: Final = 10.0
ASIDE_STEP: Final = 1.5
EXPLORER_PERSONS: Final = 2
EXPLORER_STEP: Final = 0.75
# How well two contracts suit one player (`_pair_synergy`): pair contracts sharing a person,
# two of the resource contracts, Explorer with a pair contract, two money contracts.
SHARED_PERSON: Final = 1.0
SHARED_RESOURCE: Final = 0.75
EXPLORER_PAIR: Final = 0.5
BOTH_MONEY: Final = 0.5

# Order in which contracts are handed out: Pack of Pirates first (it needs its player's
# own turns from the start, so it goes to whoever has least to do), then the ones that
# need specific persons.
_ORDER = (
    "pack_of_pirates",
    "lady_killer",
    "maritime_supremacy",
    "trade_outpost",
    "new_colony",
    "comedian",
    "trader_prince",
    "cheap_staff",
    "fighter",
    "explorer",
    "frigate_foe",
    "galleon_foe",
    "tiny_royal_household",
    "ransom",
    "tax_officer",
    "tiny_gamester",
    "gamester",
    "jinx",
)
_RANK = {key: i for i, key in enumerate(_ORDER)}


@dataclass
class Wants:
    """What one player is after, from the contracts assigned to them."""

    abilities: set[int] = field(default_factory=set)  # persons of these abilities
    swords: int = 0  # swords still wanted (Fighter, Pack of Pirates)
    cheap: int = 0  # persons of printed cost <= CHEAP_COST still wanted (Cheap Staff)
    traders: int = 0  # Traders still wanted (Trader Prince)
    expedition: bool = False  # Explorer: wants an expedition claimed
    expedition_missing: frozenset[int] = frozenset()  # abilities the nearest expedition lacks
    coins: int = 0  # coins to hold (Tax Officer TAX_THRESHOLD, blue seals PAY_COINS)
    foes: set[int] = field(default_factory=set)  # ship colours whose coins to decline
    pack: bool = False  # Pack of Pirates: repel ships of colours not yet set aside
    contracts: list[str] = field(default_factory=list)
    fills: dict[int, float] = field(default_factory=dict)  # the expert's memo: kind -> progress
    kinds: tuple[int, ...] | None = None  # the expert's memo: the card kinds wanted


def progress(table: Table, player: PlayerState, key: str, pack_swords: int = PACK_SWORDS) -> float:
    """How far a player already is towards a contract, 0 (nothing) to about PROGRESS_FULL."""
    ab = player.abilities
    pair = PAIRS.get(key)
    if pair is not None:
        return float((ab[pair[0]] > 0) + (ab[pair[1]] > 0))
    if key == "trader_prince":
        return float(min(ab[TRADER], TRADERS_NEEDED))
    if key == "fighter":
        return min(player.swords, SWORDS_NEEDED) / SWORD_STEP
    if key == "cheap_staff":
        return min(player.cheap_persons, CHEAP_NEEDED) / CHEAP_STEP
    if key == "explorer":
        best = max(ab[a] for a in EXPEDITION_PERSONS) + ab[JACK]
        return PROGRESS_FULL if player.expeditions else min(best, EXPLORER_PERSONS) * EXPLORER_STEP
    if key in FOES:
        declines = table.contract_by_key[key].markers + 1
        return PROGRESS_FULL * player.markers.get(key, 0) / declines + (key in player.markers)
    if key == "tax_officer":
        return min(player.coins, TAX_THRESHOLD) / TAX_STEP
    if key in ("tiny_royal_household", "ransom"):
        return max(player.vp / VP_STEP, player.coins / COIN_STEP)
    if key == "tiny_gamester":
        return PROGRESS_FULL if key in player.markers else 0.0
    if key == "pack_of_pirates":
        return len(player.aside) * ASIDE_STEP + min(player.swords, pack_swords) / pack_swords
    return 0.0


def _pair_synergy(key: str, other: str) -> float:
    """How well two contracts suit one player (they share persons or a resource)."""
    bonus = 0.0
    pair, other_pair = PAIRS.get(key), PAIRS.get(other)
    if pair and other_pair and set(pair) & set(other_pair):
        bonus += SHARED_PERSON
    if {key, other} <= {"fighter", "cheap_staff", "trader_prince", "pack_of_pirates"}:
        bonus += SHARED_RESOURCE
    if "explorer" in (key, other) and (key in PAIRS or other in PAIRS):
        bonus += EXPLORER_PAIR  # the persons of a pair contract can also make an expedition
    if key in MONEY and other in MONEY:
        bonus += BOTH_MONEY
    return bonus


SYNERGY = {(a, b): _pair_synergy(a, b) for a in _ORDER for b in _ORDER if a != b}


def _synergy(key: str, others: list[str]) -> float:
    return sum(SYNERGY.get((key, other), 0.0) for other in others)


def wants_for_player(
    table: Table,
    player: PlayerState,
    keys: list[str],
    pack_swords: int = PACK_SWORDS,
    expedition_slack: int = 0,
) -> Wants:
    """What one player wants, for the contracts planned for them (those still open)."""
    return _wants(
        table, player, [k for k in keys if k in table.open], pack_swords, expedition_slack
    )


def assign_contracts(
    table: Table,
    previous: list[list[str]] | None = None,
    sticky: float = 0.0,
    pack_swords: int = PACK_SWORDS,
    coin_weight: float = 0.0,
    pack_seat: int | None = None,
) -> list[list[str]]:
    """Hand every open contract to one player (or none if nobody has a cube for it).

    With a ``previous`` plan, a contract stays with the player it was planned for unless
    another's score beats theirs by more than ``sticky``: a plan changes only when that
    clearly pays, so two players do not chase the same contract in turn. ``coin_weight``
    hands contracts met by hiring to players with the coins to hire. Pack of Pirates,
    which only its player's own turns can complete, goes to ``pack_seat`` of the players
    tied for it (the seat of the game's last turn), else to the first of them.
    """
    players = table.players
    capacity = [p.cubes_free() for p in players]
    plan: list[list[str]] = [[] for _ in players]
    for player in players:  # a contract with this player's marker stays theirs
        for key in player.markers:
            if key in table.open:
                plan[player.index].append(key)
    taken = {k for keys in plan for k in keys}
    todo = sorted((k for k in table.open if k not in taken), key=lambda k: _RANK.get(k, 99))
    for key in todo:
        best, best_score = -1, -math.inf
        for player in players:
            i = player.index
            if capacity[i] <= 0 or key in player.completed:
                continue
            score = (
                PROGRESS_WEIGHT * progress(table, player, key, pack_swords)
                + _synergy(key, plan[i])
                - LOAD_PENALTY * len(plan[i])
            )
            if previous is not None and key in previous[i]:
                score += sticky
            if key in HIRING:
                score += coin_weight * min(player.coins, RICH) / RICH
            if score > best_score or (
                i == pack_seat and score == best_score and key == "pack_of_pirates"
            ):
                best, best_score = i, score
        if best >= 0:
            plan[best].append(key)
            capacity[best] -= 1
    return plan


def last_seat(table: Table) -> int:
    """The seat that takes the game's last turn if no Tax Increase moves a card first
    (before the first turn or during any turn)."""
    return (table.turn + table.time_size - 1) % table.n_players


def expedition_missing(table: Table, player: PlayerState, slack: int = 0) -> frozenset[int]:
    """The persons still lacking for the expeditions in the row this player is nearest to.

    Every expedition within ``slack`` persons of the nearest one counts, so a player aims at
    all of those it could claim, not only the first nearest one.
    """
    shorts: list[tuple[int, frozenset[int]]] = []
    jacks = player.abilities[JACK]
    for card in table.expedition_row:
        short = 0
        lacking: set[int] = set()
        for ability, count in table.deck.needs[card]:
            gap = count - player.abilities[ability]
            if gap > 0:
                short += gap
                lacking.add(ability)
        short = max(0, short - jacks)
        shorts.append((short, frozenset(lacking) if short else frozenset()))
    if not shorts:
        return frozenset()
    nearest = min(short for short, _ in shorts)
    if nearest == 0:
        return frozenset()
    missing: set[int] = set()
    for short, gaps in shorts:
        if short <= nearest + slack:
            missing |= gaps
    return frozenset(missing)


def _wants(
    table: Table, player: PlayerState, keys: list[str], pack_swords: int, expedition_slack: int
) -> Wants:
    wants = Wants(contracts=keys)
    ab = player.abilities
    for key in keys:
        pair = PAIRS.get(key)
        if pair is not None:
            wants.abilities.update(a for a in pair if ab[a] == 0)
        elif key == "trader_prince":
            wants.traders = max(wants.traders, TRADERS_NEEDED - ab[TRADER])
        elif key == "fighter":
            wants.swords = max(wants.swords, SWORDS_NEEDED - player.swords)
        elif key == "pack_of_pirates":
            wants.swords = max(wants.swords, pack_swords - player.swords)
            wants.pack = True
        elif key == "cheap_staff":
            wants.cheap = max(wants.cheap, CHEAP_NEEDED - player.cheap_persons)
        elif key == "explorer" and not player.expeditions:
            wants.expedition = True
            wants.expedition_missing = expedition_missing(table, player, expedition_slack)
        elif key == "tax_officer":
            wants.coins = max(wants.coins, TAX_THRESHOLD)
        elif key in PAY_INSTEAD and player.vp < PAY_VP:
            wants.coins = max(wants.coins, PAY_COINS)
        elif key == "frigate_foe":
            wants.foes.add(RED)
        elif key == "galleon_foe":
            wants.foes.add(BLACK)
    wants.swords = max(wants.swords, 0)
    wants.cheap = max(wants.cheap, 0)
    wants.traders = max(wants.traders, 0)
    return wants
