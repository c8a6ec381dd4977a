"""Running the odds for `odds` and `setup`: the atlas's row first, then the simulation,
refined live on a terminal."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from coop_helper.errors import UserError, shown
from coop_helper.setup.catalog import Contract
from coop_helper.setup.deals import TimePile

if TYPE_CHECKING:  # the simulation and its rendering load when a command runs
    from coop_helper.sim.odds import OddsResult


def run_odds(
    players: int,
    contracts: Sequence[Contract],
    pile: TimePile,
    *,
    games: int | None,
    precision: float,
    seed: int,
    policy: str,
    workers: int | None,
    confidence: float,
    interval: str,
    target: float | None,
    show_progress: bool,
) -> OddsResult:
    """Run the simulation; on a terminal, the atlas's odds at once and the simulation's as
    they tighten."""
    from coop_helper.atlas.lookup import deal_row
    from coop_helper.render.live_odds import LiveOdds
    from coop_helper.sim.odds import MAX_AUTO_GAMES, check_settings, compute_odds, default_workers
    from coop_helper.sim.pool import BATCH
    from coop_helper.sim.statistics import games_for_half_width

    interval = interval.strip().lower()
    check_settings(
        games,
        1 if workers is None else workers,
        confidence,
        interval,
        None if games else precision,
        seed,
    )
    # The run checks its precision every BATCH games: it plays a whole number of batches.
    estimate = -(-games_for_half_width(precision, confidence) // BATCH) * BATCH
    expected = games or min(MAX_AUTO_GAMES, estimate)
    max_turns = pile.size if pile.size is not None else (pile.size_range or (0, 0))[1]
    row = deal_row(players, contracts) if show_progress and policy == "expert" else None
    live = LiveOdds(
        expected, show_progress, row, max_turns, pile.size, confidence, interval, exact=bool(games)
    )
    with live as progress:
        return compute_odds(
            players,
            contracts,
            pile,
            games=games,
            precision=precision,
            seed=seed,
            policy=policy,
            workers=default_workers() if workers is None else workers,
            confidence=confidence,
            interval=interval,
            target=target,
            progress=progress,
            on_batch=live.batch,
        )


def parse_precision(text: str | None, default: float, games: int | None) -> float:
    """A --precision in percentage points (``1`` or ``1%``) as a fraction (0.01)."""
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
