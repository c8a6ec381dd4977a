"""Deals by difficulty: a quartile level or a win chance, with contracts kept or avoided.

Only deals whose Time Pile the card data knows have a win chance with nothing removed, so
only they are dealt by difficulty (a contract whose seal is unknown cannot be kept). The
quartiles split those deals of a player count into four equal shares, from the easiest
(``easy``: the highest win chances) to the hardest (``brutal``). The choice is uniform
among the matching deals, from the seed alone: the same seed and options deal the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from coop_helper.atlas.deals import contracts_of, deal_at, deal_index
from coop_helper.atlas.lookup import current_block
from coop_helper.atlas.store import SCALE, PlayerBlock
from coop_helper.errors import UserError, shown
from coop_helper.setup.catalog import Contract, load_catalog
from coop_helper.setup.deals import check_kept_fit, check_not_both
from coop_helper.sim.percent import parse_chance

LEVELS = ("easy", "medium", "hard", "brutal")
NEAR = 0.025  # a deal is "near" a asked win chance within 2.5 percentage points


def parse_difficulty(text: str) -> str | float:
    """A level name (any case) or a win chance by the percentage rule (``40%``, ``0.4``,
    ``40``; `sim.percent`)."""
    word = text.strip().lower()
    if word in LEVELS:
        return word
    if not any(ch.isdigit() for ch in word):
        raise UserError(
            f"--difficulty must be {', '.join(LEVELS)} or a win chance like 40%, "
            f"not '{shown(text)}'."
        )
    return parse_chance(text, "--difficulty", example="40%")


@dataclass(frozen=True)
class Ranked:
    """A deal with a known Time Pile, and its place among them (0: the easiest)."""

    index: int
    win: float
    place: int
    level: str


def ranked_deals(block: PlayerBlock) -> list[Ranked]:
    """Every known-pile deal from easiest to hardest, with its quartile level.

    Easiest = highest win chance with nothing removed; ties go to the deal needing fewer
    turns overall, then to the lower deal number.
    """
    keyed = []
    for index in range(block.deals):
        pile = block.pile(index)
        if pile is None:
            continue
        row = block.row(index)
        keyed.append((-row[min(pile, block.turns)], -sum(row), index))
    keyed.sort()
    total = len(keyed)
    return [
        Ranked(index, -q / SCALE, place, LEVELS[min(3, 4 * place // total)])
        for place, (q, _, index) in enumerate(keyed)
    ]


@dataclass(frozen=True)
class Choice:
    """A dealt game and what made it."""

    players: int
    contracts: tuple[Contract, ...]
    win: float
    level: str
    candidates: int  # how many deals matched


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
) -> Choice:
    """Deal a game of ``difficulty`` that holds ``keep`` and none of ``avoid``."""
    catalog = load_catalog()
    check_not_both(keep, avoid)
    unknown = [c.name for c in keep if c.seal is None]
    if unknown:
        raise UserError(
            f"{unknown[0]}'s seal is not in the card data, so the atlas cannot rank "
            "deals with it by difficulty: drop --keep for it, or drop --difficulty to "
            "deal it with the rest at random."
        )
    size = check_kept_fit(players, keep, catalog)
    where = {c.key: i for i, c in enumerate(catalog.contracts)}
    keep_at = {where[c.key] for c in keep}
    avoid_at = {where[c.key] for c in avoid}
    block = current_block(players)
    ranked = ranked_deals(block)
    pool = ranked
    if keep_at or avoid_at:
        matching = _matching(len(catalog.contracts), size, keep_at, avoid_at)
        pool = [r for r in ranked if r.index in matching]
    if not pool:
        raise UserError(
            "no deal with a known Time Pile holds those --keep contracts without "
            "the --avoid ones: keep or avoid fewer."
        )
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
    return Choice(players, contracts, pick.win, pick.level, len(chosen))
