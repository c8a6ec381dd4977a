"""The atlas's answers in sentences for people (and the JSON beside them): a deal's
difficulty and each contract's effect, in the current language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from coop_helper.atlas.lookup import (
    AtlasMissing,
    Difficulty,
    deal_difficulty,
)
from coop_helper.errors import UserError
from coop_helper.setup.catalog import Catalog, Contract, Seal
from coop_helper.text.i18n import _, ngettext

MIN_TURNS_NAMED = 0.5  # name the hardest contract only when it costs at least this much


def _points(value: float) -> str:
    """The unit after a win-chance change shown rounded to whole percentage points."""
    return ngettext("pt", "pts", abs(round(value)))


def difficulty_lines(found: Difficulty) -> list[str]:
    """Where the deal stands, and the contract that makes it hardest."""
    share = f"{100 * found.harder_than:.0f}%"
    even = (
        _("more than {n}").format(n=found.max_turns)
        if found.turns_for_even_chance is None
        else _("about {n}").format(n=f"{found.turns_for_even_chance:.0f}")
    )
    players = found.players
    # "harder than 0%" of them says nothing: the ends are named as the easiest or hardest
    end = "easiest" if share == "0%" else "hardest" if share == "100%" else None
    if found.win is not None:
        if end is None:
            where = _("harder than {share} of {n}-player deals").format(share=share, n=players)
        elif end == "easiest":
            where = _("among the easiest {share} of {n}-player deals").format(share="1%", n=players)
        else:
            where = _("among the hardest {share} of {n}-player deals").format(share="1%", n=players)
        lines = [
            _("Difficulty: {where} (atlas win chance with nothing removed: {win}).").format(
                where=where, win=f"{100 * found.win:.0f}%"
            )
        ]
    else:
        if end is None:
            needs = _("needs more turns than {share} of {n}-player deals").format(
                share=share, n=players
            )
        elif end == "easiest":
            needs = _("among the easiest {share} of {n}-player deals by the turns it needs").format(
                share="1%", n=players
            )
        else:
            needs = _("among the hardest {share} of {n}-player deals by the turns it needs").format(
                share="1%", n=players
            )
        lines = [
            _(
                "Difficulty: {needs} ({even} turns for an even chance). A seal is unknown, so "
                "the Time Pile is too: the deal is rated by turns, not by its win chance."
            ).format(needs=needs, even=even)
        ]
    cost = found.hardest
    if cost is not None and cost.turns >= MIN_TURNS_NAMED:
        turns = round(cost.turns)
        lines.append(
            ngettext(
                "{contract} costs this deal about {n} turn (against the other contracts it "
                "could be swapped for).",
                "{contract} costs this deal about {n} turns (against the other contracts it "
                "could be swapped for).",
                turns,
            ).format(contract=cost.contract.shown_name(), n=turns)
        )
    if found.method == "model":
        lines.append(
            _("({n}-player odds in the atlas come from a model fitted on simulated deals.)").format(
                n=players
            )
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
        shown = _("Difficulty: not shown: {reason}").format(reason=reason)
        lines = [] if isinstance(err, AtlasMissing) else [shown]
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
            change = 100 * effect["win"]
            win = _("{change} {unit} ({low} to {high})").format(
                change=_signed(change, 0),
                unit=_points(change),
                low=_signed(100 * effect["win_low"], 0),
                high=_signed(100 * effect["win_high"], 0),
            )
        else:
            win = _("not rated")
        turns = (
            _("{change} ({low} to {high})").format(
                change=_signed(effect["turns"], 1),
                low=_signed(effect["turns_low"], 1),
                high=_signed(effect["turns_high"], 1),
            )
            if "turns" in effect
            else "-"
        )
        rows.append((contract, win, turns))
    return rows
