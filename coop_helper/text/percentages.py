"""Chances shown as percentages: one rounding rule for every percentage shown."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def percent(value: float, places: int = 1) -> str:
    """``value`` (a fraction) as a percentage, rounded half up: 0.2825 -> '28.3%'.

    Every percentage shown goes through here, so a win chance and the same chance split
    by rank never disagree in the last digit.
    """
    exact = Decimal(repr(round(100 * value, 9)))  # drop float noise such as 28.249999999
    step = Decimal(1).scaleb(-places)
    return f"{exact.quantize(step, rounding=ROUND_HALF_UP)}%"


def chance_percent(value: float) -> str:
    """A chance as `percent` writes it, but '<0.1%' for one above zero that would round to
    0.0% (it happened)."""
    if 0 < value < 0.0005:
        return "<0.1%"
    return percent(value)


def exact_percent(value: float) -> str:
    """``value`` (a fraction) as a percentage with the digits it needs, for a level the
    user chose: 0.95 -> '95%', 0.995 -> '99.5%' (never rounded up to '100%')."""
    return f"{round(100 * value, 6):.12g}%"
