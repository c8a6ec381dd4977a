"""The odds question as users ask it: these contracts, how likely is a win at each level?

The settings of a run are checked once (`odds_settings`, with the options' parsers beside
it); `run_odds` turns a face-up setup into an `OddsRequest`, runs it, and packages the
levels with the recommendation for a target win probability.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coop_helper.errors import UserError, shown
from coop_helper.policies import (
    DEFAULT_POLICY,
    POLICIES,
    clock_seats,
    is_time_blind,
    make_policy,
)
from coop_helper.setup.catalog import Contract, Rank, load_catalog
from coop_helper.setup.deals import TimePile
from coop_helper.setup.names import suggest
from coop_helper.sim import DEFAULT_SEED
from coop_helper.sim.chances import is_negative, parse_chance
from coop_helper.sim.levels import Level, WinsByBudget, by_seat, recommend
from coop_helper.sim.pool import BATCH, OddsRequest, simulate
from coop_helper.sim.statistics import INTERVALS, games_for_half_width
from coop_helper.sim.traces import Trace, native_plays, seat_piles
from coop_helper.text.i18n import N_, _

DEFAULT_PRECISION = 0.01  # run until every level's interval is at most 1 point either side
SETUP_PRECISION = 0.015  # setup answers at the table: fast, within 1.5 points either side
MAX_AUTO_GAMES = 40_000  # never more than this when running until precise
MAX_GAMES = 1_000_000
MAX_WORKERS = 64
MAX_CONFIDENCE = 0.9999
TAX_MOVES_NOTE = N_(
    "On each Tax Increase the team may move one more Time Pile card to the Victory Pile; "
    "the simulated team does so only while the turns left still cover its estimate of the "
    "turns the open contracts need. Those moves are included: they shorten the game and "
    "add to the points."
)


@dataclass(frozen=True)
class OddsResult:
    """Win odds for every removal level (or every number of turns, if a seal is unknown)."""

    players: int
    contracts: tuple[Contract, ...]
    time_pile: int | None
    time_pile_range: tuple[int, int] | None
    policy: str
    games: int
    seed: int
    confidence: float
    interval: str
    levels: tuple[Level, ...]
    target: float | None
    recommended: Level | None
    precision: float | None = None  # the half-width asked for (None: a fixed --games)
    precise: bool = True  # every level reached it (False: stopped at MAX_AUTO_GAMES)

    def rank_for(self, level: Level) -> Rank | None:
        """The rank a win at this level gives at least (None if the removal is unknown)."""
        return None if level.removed is None else load_catalog().rank(level.removed)

    @property
    def unknown_coins(self) -> tuple[str, ...]:
        """Contracts whose coin spaces no source gives (they pay 0 in simulation)."""
        return tuple(c.name for c in self.contracts if c.coins is None)


def default_workers() -> int:
    """One worker process per core."""
    return max(1, os.cpu_count() or 1)


def parse_target(text: str | float | None) -> float | None:
    """A target win chance by the percentage rule (``50%``, ``0.5``, ``50``); None stays None."""
    if text is None:
        return None
    value = 0.0 if is_negative(str(text)) else parse_chance(text, "--target")
    if value <= 0:  # one message for -5 and 0 alike
        raise UserError(_("--target must be above 0%, not '{text}'.").format(text=shown(str(text))))
    return value


def parse_confidence(text: str | float) -> float:
    """A confidence level by the percentage rule (``95%``, ``0.95``, ``95``)."""
    return parse_chance(text, "--confidence", example="95%")


@dataclass(frozen=True)
class OddsSettings:
    """A run's settings, checked (made by `odds_settings`): exactly ``games`` games, or
    (``games`` None) games until every level is within ``precision`` either side."""

    games: int | None
    precision: float
    seed: int
    policy: str  # the policy's own name, one the odds can be simulated with
    workers: int
    confidence: float = 0.95
    interval: str = "wilson"
    target: float | None = None

    @property
    def expected_games(self) -> int:
        """The games the run is expected to play (the most it plays until precise)."""
        # the run checks its precision every BATCH games: it plays a whole number of batches
        estimate = -(-games_for_half_width(self.precision, self.confidence) // BATCH) * BATCH
        return self.games or min(MAX_AUTO_GAMES, estimate)


def odds_settings(
    *,
    games: int | None = None,
    precision: float = DEFAULT_PRECISION,
    seed: int = DEFAULT_SEED,
    policy: str = DEFAULT_POLICY,
    workers: int | None = 1,
    confidence: float = 0.95,
    interval: str = "wilson",
    target: float | None = None,
) -> OddsSettings:
    """The settings of a run, checked once: the policy resolved (a UserError naming the
    policies the odds take), then every number in range (``workers`` None: one per core)."""
    policy = odds_policy(policy)
    interval = interval.strip().lower()
    check_settings(
        games,
        1 if workers is None else workers,
        confidence,
        interval,
        None if games else precision,
        seed,
    )
    return OddsSettings(
        games=games,
        precision=precision,
        seed=seed,
        policy=policy,
        workers=default_workers() if workers is None else workers,
        confidence=confidence,
        interval=interval,
        target=target,
    )


def check_settings(
    games: int | None,
    workers: int,
    confidence: float,
    interval: str,
    precision: float | None = None,
    seed: int = 0,
) -> None:
    """Reject settings the runner cannot use, with the fix."""
    if seed < 0:
        raise UserError(_("--seed must be 0 or more, not {seed}.").format(seed=seed))
    if games is not None and not 1 <= games <= MAX_GAMES:
        raise UserError(
            _("--games must be 1 to {most}, not {games}.").format(
                most=f"{MAX_GAMES:,}", games=games
            )
        )
    if precision is not None and not 0.001 <= precision <= 0.5:
        raise UserError(
            _("--precision must be 0.1 to 50 percentage points, not {precision}.").format(
                precision=f"{100 * precision:g}"
            )
        )
    if not 1 <= workers <= MAX_WORKERS:
        raise UserError(
            _("--workers must be 1 to {most}, not {workers}.").format(
                most=MAX_WORKERS, workers=workers
            )
        )
    if not 0.5 <= confidence <= MAX_CONFIDENCE:
        raise UserError(
            _("--confidence must be 50% to {most}% (e.g. 95%), not {confidence}%.").format(
                most=f"{100 * MAX_CONFIDENCE:g}", confidence=f"{100 * confidence:g}"
            )
        )
    if interval not in INTERVALS:
        raise UserError(
            _("--interval must be one of {names}, not '{interval}'.").format(
                names=", ".join(INTERVALS), interval=shown(interval)
            )
        )


def _odds_policies() -> list[str]:
    """The policies the odds can be simulated with (each made once, to ask it)."""
    return [key for key, factory in POLICIES.items() if is_time_blind(factory())]


def odds_policy(name: str) -> str:
    """The policy's name if the odds can be simulated with it; else a UserError naming the
    policies they take."""
    try:
        chosen = make_policy(name)
    except UserError:
        takes = _odds_policies()
        close = suggest(name, takes)
        hint = f" Did you mean '{close[0]}'?" if close else ""
        raise UserError(
            f"unknown policy '{shown(name)}'.{hint} The odds take one of: {', '.join(takes)}."
        ) from None
    if not is_time_blind(chosen):
        takes = _odds_policies()
        raise UserError(
            f"policy '{chosen.name}' plays by the turns left, so one simulated game cannot "
            f"answer every removal level; use it with 'play', or choose "
            f"{', '.join(takes)} for the odds."
        )
    return chosen.name


def compute_odds(
    players: int,
    contracts: Sequence[Contract],
    pile: TimePile,
    *,
    games: int | None = None,
    precision: float = DEFAULT_PRECISION,
    seed: int = DEFAULT_SEED,
    policy: str = DEFAULT_POLICY,
    workers: int = 1,
    confidence: float = 0.95,
    interval: str = "wilson",
    target: float | None = None,
    progress: Callable[[int], None] | None = None,
    on_batch: Callable[[WinsByBudget], None] | None = None,
) -> OddsResult:
    """`run_odds` with these settings, checked first (`odds_settings`)."""
    settings = odds_settings(
        games=games,
        precision=precision,
        seed=seed,
        policy=policy,
        workers=workers,
        confidence=confidence,
        interval=interval,
        target=target,
    )
    return run_odds(players, contracts, pile, settings, progress, on_batch)


def run_odds(
    players: int,
    contracts: Sequence[Contract],
    pile: TimePile,
    settings: OddsSettings,
    progress: Callable[[int], None] | None = None,
    on_batch: Callable[[WinsByBudget], None] | None = None,
) -> OddsResult:
    """Simulate and summarise every level; recommend one for the settings' ``target``.

    With ``games`` set, exactly that many games; otherwise games in batches until every
    level's confidence interval is at most ``precision`` either side (or MAX_AUTO_GAMES).
    Either way each batch's tally is handed to ``on_batch``.
    """
    games, precision = settings.games, settings.precision
    confidence, interval = settings.confidence, settings.interval
    max_turns = pile.max_turns
    contracts = tuple(contracts)
    native = native_plays(settings.policy, settings.seed, max_turns, contracts)
    seats = clock_seats(settings.policy, players, {c.key for c in contracts})
    per_seat = [WinsByBudget(pile, native) for pile in seat_piles(max_turns, seats)]
    tally = per_seat[0]

    def enough(batch: list[Trace]) -> bool:
        """Count a batch, show it, and say whether to stop (never with a fixed --games)."""
        nonlocal tally
        for seat, seat_tally in enumerate(per_seat):
            seat_tally.add(batch[seat::seats])
        tally = by_seat(per_seat, max_turns)
        if on_batch is not None:
            on_batch(tally)
        return not games and tally.precise(precision, confidence, interval)

    limit = games or MAX_AUTO_GAMES
    request = OddsRequest(
        contracts,
        players,
        max_turns,
        limit,
        settings.seed,
        settings.policy,
        min(settings.workers, limit),
        native,
        seats,
    )
    simulate(request, progress, enough)
    levels = tuple(tally.levels(pile.size, confidence, interval))
    target = settings.target
    recommended = recommend(levels, target) if target is not None and pile.size else None
    return OddsResult(
        players=players,
        contracts=contracts,
        time_pile=pile.size,
        time_pile_range=pile.size_range,
        policy=settings.policy,
        games=tally.games,
        seed=settings.seed,
        confidence=confidence,
        interval=interval,
        levels=levels,
        target=target,
        recommended=recommended,
        precision=None if games else precision,
        precise=bool(games) or tally.precise(precision, confidence, interval),
    )
