"""Deals by difficulty: a quartile level or a win chance, with contracts kept or avoided.

Only deals whose Time Pile is known have a win chance with nothing removed, so only they
are dealt by difficulty: those the card data gives, and those with a contract whose seal
the user recorded (`seals set`). The quartiles split the card data's deals of a player
count into four equal shares, from the easiest (``easy``: the highest win chances) to the
hardest (``brutal``); a deal known through a recorded seal takes the level its win chance
falls in among them, so recording a seal adds deals but moves no bound. The choice is
uniform among the matching deals, from the seed and the recorded seals alone: the same
seed, options and seals deal the same.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from itertools import combinations
from math import comb

from coop_helper.atlas.deals import contracts_of, deal_at, deal_index
from coop_helper.atlas.lookup import current_block
from coop_helper.atlas.store import SCALE, PlayerBlock
from coop_helper.errors import UserError, shown
from coop_helper.setup.catalog import Catalog, Contract, Seal, load_catalog
from coop_helper.setup.deals import check_kept_fit, check_not_both
from coop_helper.sim.chances import parse_chance

LEVELS = ("easy", "medium", "hard", "brutal")
NEAR = 0.025  # a deal is "near" a asked win chance within 2.5 percentage points


def parse_difficulty(text: str) -> str | float:
    """A level name (any case) or a win chance by the percentage rule (``40%``, ``0.4``,
    ``40``; `sim.chances`)."""
    word = text.strip().lower()
    if word in LEVELS:
        return word
    if not any(ch.isdigit() for ch in word):
        raise UserError(
            f"--difficulty must be {', '.join(LEVELS)} or a win chance like 40%, "
            f"not '{shown(text)}'."
        )
    return parse_chance(text, "--difficulty", example="40%")


@dataclass(slots=True)
class Ranked:
    """A deal with a known Time Pile: its win chance with nothing removed and its level
    (slots, not frozen: tens of thousands are made at a time)."""

    index: int
    win: float
    level: str


Key = tuple[int, int, int]


def _easiness(block: PlayerBlock, index: int, pile: int) -> Key:
    """The sort key of a deal with this Time Pile: easiest (highest win chance with
    nothing removed) first; ties go to the deal needing fewer turns overall, then to the
    lower deal number."""
    row = block.row(index)
    return (-row[min(pile, block.turns)], -sum(row), index)


def _card_data_keys(block: PlayerBlock) -> list[Key]:
    """The sort keys of the deals whose Time Pile the card data knows, easiest first."""
    keys = []
    for index in range(block.deals):
        pile = block.pile(index)
        if pile is not None:
            keys.append(_easiness(block, index, pile))
    keys.sort()
    return keys


def _level(place: int, total: int) -> str:
    return LEVELS[min(3, 4 * place // total)]


def ranked_deals(block: PlayerBlock, keys: list[Key] | None = None) -> list[Ranked]:
    """Every deal whose Time Pile the card data knows, from easiest to hardest, with its
    quartile level (``keys``: their sort keys, if already worked out)."""
    keys = _card_data_keys(block) if keys is None else keys
    return [
        Ranked(index, -q / SCALE, _level(place, len(keys)))
        for place, (q, _, index) in enumerate(keys)
    ]


def recorded_deals(
    block: PlayerBlock,
    keys: Sequence[Key],
    seals: Mapping[str, Seal],
    catalog: Catalog,
    size: int,
    keep: Set[int] = frozenset(),
    avoid: Set[int] = frozenset(),
) -> list[Ranked]:
    """The deals of ``size`` contracts whose Time Pile only the recorded ``seals`` make
    known, that hold every ``keep`` position and no ``avoid`` one, each with the level its
    win chance falls in among the card data's deals (``keys``, easiest first).

    Tens of thousands of deals with 4 or 5 players, so the loop works on the atlas's bytes
    and the seals' numbers and letters directly (the Time Pile as `setup.deals.time_pile`
    works it out; a test holds the two together).
    """
    contracts = catalog.contracts
    recorded = [
        i for i, c in enumerate(contracts) if c.seal is None and c.key in seals and i not in avoid
    ]
    if not recorded or not keys:
        return []
    sealed = [i for i, c in enumerate(contracts) if c.seal is not None]
    kept = tuple(i for i in sealed if i in keep)
    free = [i for i in sealed if i not in keep and i not in avoid]
    seal_at = [c.seal or seals.get(c.key) for c in contracts]
    letters = sorted({seal.letter for seal in seal_at if seal is not None})
    seal_number = [seal.number if seal else 0 for seal in seal_at]
    letter_bit = [1 << letters.index(seal.letter) if seal else 0 for seal in seal_at]
    number = _comb_table(len(contracts), size)
    base = catalog.time_pile_base
    rows, width, turns = block.rows, block.width, block.turns
    # the hardest key of each level but the last: a deal harder than k of them is at level k
    total = len(keys)
    bound1, bound2, bound3 = (keys[-(-k * total // 4) - 1] for k in (1, 2, 3))
    bound_wins = {bound1[0], bound2[0], bound3[0]}
    found = []
    for count in range(1, len(recorded) + 1):
        for blue in combinations(recorded, count):
            if not keep <= {*blue, *kept} or size - count - len(kept) < 0:
                continue
            for rest in combinations(free, size - count - len(kept)):
                index, seal_sum, seen = 0, 0, 0
                for rank, position in enumerate(sorted((*blue, *kept, *rest)), start=1):
                    index += number[position][rank]
                    seal_sum += seal_number[position]
                    seen |= letter_bit[position]
                pile = base + seal_sum + seen.bit_count()
                first = index * width + 1  # the deal's row: win chances with 0..turns turns
                q = rows[first + min(pile, turns)]
                if -q in bound_wins:  # a tie with a bound: the full key decides
                    key = (-q, -sum(rows[first : first + turns + 1]), index)
                    level = (key > bound1) + (key > bound2) + (key > bound3)
                else:
                    level = (-q > bound1[0]) + (-q > bound2[0]) + (-q > bound3[0])
                found.append(Ranked(index, q / SCALE, LEVELS[level]))
    return found


@dataclass(frozen=True)
class Choice:
    """A dealt game and what made it."""

    players: int
    contracts: tuple[Contract, ...]
    win: float
    level: str
    candidates: int  # how many deals matched
    with_recorded_seals: bool = False  # some of them are known through recorded seals only


def _comb_table(contracts: int, size: int) -> list[list[int]]:
    """C(position, rank) for every catalogue position and rank up to ``size``: a deal's
    number is their sum over its sorted positions (`atlas.deals.deal_index`)."""
    return [[comb(position, rank) for rank in range(size + 1)] for position in range(contracts)]


def _matching(contracts: int, size: int, keep: set[int], avoid: set[int]) -> set[int]:
    """Numbers of the deals that hold every kept contract and no avoided one."""
    free = sorted(set(range(contracts)) - keep - avoid)
    return {deal_index((*keep, *rest)) for rest in combinations(free, size - len(keep))}


def choose_deal(
    players: int,
    difficulty: str | float | None,
    keep: Sequence[Contract],
    avoid: Sequence[Contract],
    seed: int,
    seals: Mapping[str, Seal] | None = None,
) -> Choice:
    """Deal a game of ``difficulty`` that holds ``keep`` and none of ``avoid``; ``seals``
    are the recorded seals of contracts the card data lacks one for."""
    catalog = load_catalog()
    seals = seals or {}
    check_not_both(keep, avoid)
    unknown = [c.name for c in keep if c.seal is None and c.key not in seals]
    if unknown:
        record = " and ".join(
            f"coop-helper seals set {shlex.quote(n)} NUMBER LETTER" for n in unknown
        )
        raise UserError(
            f"{' and '.join(unknown)}: the seal is not in the card data, so the atlas "
            f"cannot rank deals with it by difficulty: record it ({record}), drop --keep "
            "for it, or drop --difficulty to deal it with the rest at random."
        )
    size = check_kept_fit(players, keep, catalog)
    where = {c.key: i for i, c in enumerate(catalog.contracts)}
    keep_at = {where[c.key] for c in keep}
    avoid_at = {where[c.key] for c in avoid}
    block = current_block(players)
    keys = _card_data_keys(block)
    pool = ranked_deals(block, keys)
    if keep_at or avoid_at:
        matching = _matching(len(catalog.contracts), size, keep_at, avoid_at)
        pool = [r for r in pool if r.index in matching]
    extra = recorded_deals(block, keys, seals, catalog, size, keep_at, avoid_at)
    pool += extra
    if not pool:
        unrecorded = [
            c.name
            for c in catalog.contracts
            if c.seal is None and c.key not in seals and c not in avoid
        ]
        hint = (
            f"; deals with {' or '.join(unrecorded)} join once its seal is recorded "
            "(coop-helper seals set NAME NUMBER LETTER)"
            if unrecorded
            else ""
        )
        if keep and avoid:
            what, fewer = "holds those --keep contracts without the --avoid ones", "keep or avoid"
        elif keep:
            what, fewer = "holds those --keep contracts", "keep"
        else:
            what, fewer = "leaves out those --avoid contracts", "avoid"
        raise UserError(f"no deal with a known Time Pile {what}: {fewer} fewer{hint}.")
    if isinstance(difficulty, str):
        chosen = [r for r in pool if r.level == difficulty]
        if not chosen:
            possible = [lv for lv in LEVELS if any(r.level == lv for r in pool)]
            raise UserError(
                f"no {difficulty} deal matches those contracts; possible: {', '.join(possible)}."
            )
    elif difficulty is not None:
        chosen = [r for r in pool if abs(r.win - difficulty) <= NEAR]
        if not chosen:
            low, high = min(r.win for r in pool), max(r.win for r in pool)
            raise UserError(
                f"no deal has a win chance near {100 * difficulty:g}% (within "
                f"{100 * NEAR:g} points); the matching deals range from "
                f"{100 * low:.0f}% to {100 * high:.0f}%."
            )
    else:
        chosen = pool
    chosen.sort(key=lambda r: r.index)
    pick = random.Random(f"atlas-deal-{players}-{seed}").choice(chosen)
    contracts = contracts_of(deal_at(pick.index, size, len(catalog.contracts)), catalog)
    known_by_seals = {r.index for r in extra}
    seal_dependent = any(r.index in known_by_seals for r in chosen)
    return Choice(players, contracts, pick.win, pick.level, len(chosen), seal_dependent)
