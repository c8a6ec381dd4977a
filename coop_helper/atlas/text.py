"""The atlas's answers as text and JSON for the table-side commands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from coop_helper.atlas.lookup import (
    AtlasMissing,
    Difficulty,
    deal_difficulty,
)
from coop_helper.errors import UserError
from coop_helper.render.words import plural
from coop_helper.setup.catalog import Catalog, Contract, Seal

MIN_TURNS_NAMED = 0.5  # name the hardest contract only when it costs at least this much


def _points(value: float) -> str:
    """The unit after a win-chance change shown rounded to whole points: pt or pts."""
    return "pt" if abs(round(value)) == 1 else "pts"


def _n_player(players: int) -> str:
    return f"{players}-player"


def difficulty_lines(found: Difficulty) -> list[str]:
    """Where the deal stands, and the contract that makes it hardest."""
    share = f"{100 * found.harder_than:.0f}%"
    even = (
        "more than " + str(found.max_turns)
        if found.turns_for_even_chance is None
        else f"about {found.turns_for_even_chance:.0f}"
    )
    deals = f"{_n_player(found.players)} deals"
    # "harder than 0%" of them says nothing: the ends are named as the easiest or hardest
    end = "easiest" if share == "0%" else "hardest" if share == "100%" else None
    if found.win is not None:
        where = (
            f"harder than {share} of {deals}" if end is None else f"among the {end} 1% of {deals}"
        )
        lines = [
            f"Difficulty: {where} (atlas win chance with nothing removed: {100 * found.win:.0f}%)."
        ]
    else:
        needs = (
            f"needs more turns than {share} of {deals}"
            if end is None
            else f"among the {end} 1% of {deals} by the turns it needs"
        )
        lines = [
            f"Difficulty: {needs} ({even} turns for an even chance). A seal is unknown, so "
            "the Time Pile is too: the deal is rated by turns, not by its win chance."
        ]
    cost = found.hardest
    if cost is not None and cost.turns >= MIN_TURNS_NAMED:
        turns = round(cost.turns)
        lines.append(
            f"{cost.contract.name} costs this deal about {plural(turns, 'turn')} "
            "(against the other contracts it "
            "could be swapped for)."
        )
    if found.method == "model":
        lines.append(
            f"({_n_player(found.players)} odds in the atlas come from a model fitted "
            "on simulated deals.)"
        )
    return lines


def difficulty_report(
    players: int, contracts: Sequence[Contract], seals: Mapping[str, Seal] | None = None
) -> tuple[list[str], dict[str, Any]]:
    """Text lines and the JSON ``difficulty`` object for a deal; says why when unavailable.

    Without any atlas the text says nothing (only the JSON gives the reason); a stale one
    is always named.
    """
    try:
        found = deal_difficulty(players, contracts, seals)
    except UserError as err:  # no atlas, a stale or a damaged one: the rest still works
        reason = str(err)
        lines = [] if isinstance(err, AtlasMissing) else [f"Difficulty: not shown: {reason}"]
        return lines, {"win": None, "harder_than": None, "available": False, "reason": reason}
    return difficulty_lines(found), {**found.to_json(), "available": True}


def _signed(value: float, digits: int) -> str:
    """``+3``, ``-1.5``, ``0``: a signed number that never shows as ``-0``."""
    shown = round(value, digits)
    return "0" if shown == 0 else f"{shown:+.{digits}f}"


def effects_rows(
    catalog: Catalog, effects: Mapping[str, Mapping[str, float]]
) -> list[tuple[Contract, str, str]]:
    """Per contract: its effect on the win chance and on the turns needed, as text."""
    rows = []
    for contract in catalog.contracts:
        effect = effects.get(contract.key, {})
        if "win" in effect:
            win = (
                f"{_signed(100 * effect['win'], 0)} {_points(100 * effect['win'])} "
                f"({_signed(100 * effect['win_low'], 0)}"
                f" to {_signed(100 * effect['win_high'], 0)})"
            )
        else:
            win = "not rated"
        turns = (
            f"{_signed(effect['turns'], 1)} ({_signed(effect['turns_low'], 1)} to "
            f"{_signed(effect['turns_high'], 1)})"
            if "turns" in effect
            else "-"
        )
        rows.append((contract, win, turns))
    return rows
