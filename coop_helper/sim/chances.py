"""Chances as people write them in an option: one rule for every percentage option
(`coop_helper.text.percentages` shows them, with one rounding rule); and ``--precision``,
in percentage points. The command line, the web page and the Python API read them here.

Written with ``%`` it is a percentage (``95%``). A bare number below 1 is a fraction
(``0.95``), and from 2 up a percentage (``95``). Bare numbers from 1 to just under 2 could be
either (is ``1`` all or one percent?), so they are refused with the two ways to write them.
"""

from __future__ import annotations

import math
import re

from coop_helper.errors import UserError, shown
from coop_helper.text.i18n import _

_PERCENTAGE = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(%?)\s*$")
AMBIGUOUS_FROM, AMBIGUOUS_TO = 1.0, 2.0


def is_negative(text: str) -> bool:
    """Is ``text`` a percentage with a minus sign (-5%, -0.5)?"""
    written = text.strip()
    return written.startswith("-") and bool(_PERCENTAGE.match(written[1:]))


def parse_chance(text: str | float, option: str, example: str = "50%") -> float:
    """``text`` as a fraction from 0 to 1, by the rule above; UserError naming ``option``."""
    written = str(text)
    match = _PERCENTAGE.match(written)
    if not match and is_negative(written):
        raise UserError(
            _("{option} must be 0% or more, not '{written}'.").format(
                option=option, written=shown(written)
            )
        )
    if not match:
        raise UserError(
            _("{option} must be a percentage like {example}, not '{written}'.").format(
                option=option, example=example, written=shown(written)
            )
        )
    number = float(match.group(1))
    if match.group(2):
        value = number / 100
    elif number < AMBIGUOUS_FROM:
        value = number
    elif number < AMBIGUOUS_TO:
        raise UserError(
            _(
                "{option} {written} is ambiguous: write {number}% for {number} percent{all} "
                "(bare numbers below 1 are fractions, from 2 up percentages)."
            ).format(
                option=option,
                written=shown(written),
                number=f"{number:g}",
                all=_(" or 100% for all") if number == 1 else "",
            )
        )
    else:
        value = number / 100
    if value > 1:
        raise UserError(
            _("{option} must be at most 100%, not '{written}'.").format(
                option=option, written=shown(written)
            )
        )
    return value


def parse_precision(text: str | None, default: float, games: int | None) -> float:
    """A --precision in percentage points (``1`` or ``1%``) as a fraction (0.01); ``default``
    when none is given. Given with ``games`` it is a UserError: one of the two says when
    a run stops."""
    if text is not None and games is not None:
        raise UserError(
            "give --games (exactly that many games) or --precision (until that precise), not both."
        )
    if text is None:
        return default
    try:
        value = float(text.strip().removesuffix("%"))
    except ValueError:
        raise UserError(
            f"--precision must be a number of percentage points, e.g. 1 or 1%, not '{shown(text)}'."
        ) from None
    if not math.isfinite(value):
        raise UserError(f"--precision must be 0.1 to 50 percentage points, not {shown(text)}.")
    return value / 100
