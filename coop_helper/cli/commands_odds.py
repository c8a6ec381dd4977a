"""The simulation-backed commands: `odds`, and `setup`, the table-side main job."""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from coop_helper.cli import command, commands_atlas, options_given
from coop_helper.cli.journal_hooks import AsOption, ChartOption, check_odds_extras, odds_extras
from coop_helper.cli.options import (
    SIMULATION_PANEL,
    CheckPlayers,
    CodeOption,
    ConfidenceOption,
    GamesOption,
    IntervalChoice,
    IntervalOption,
    JsonFlag,
    OddsPolicyOption,
    OddsSeed,
    PrecisionOption,
    QuietOption,
    SealOptions,
    SeedOption,
    SetupPlayers,
    SimSeed,
    TargetOption,
    WorkersOption,
    contracts_argument,
)
from coop_helper.errors import UserError, shown
from coop_helper.policies import DEFAULT_POLICY
from coop_helper.render import documents
from coop_helper.render import tables as render
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import Contract, load_catalog
from coop_helper.setup.deals import TimePile, build_setup, face_up, time_pile
from coop_helper.sim import DEFAULT_SEED, SETUP_TARGET

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


def points(text: str | None, default: float, games: int | None) -> float:
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


@command("odds", epilog="Example: coop-helper odds Charmeur Seehoheit 'Galleon Foe' --target 40%")
def odds_command(
    names: Annotated[list[str] | None, contracts_argument("The face-up contracts.")] = None,
    players: CheckPlayers = None,
    code: CodeOption = None,
    games: GamesOption = None,
    precision: PrecisionOption = None,
    seed: OddsSeed = DEFAULT_SEED,
    policy: OddsPolicyOption = DEFAULT_POLICY,
    workers: WorkersOption = None,
    confidence: ConfidenceOption = "95%",
    interval: IntervalOption = IntervalChoice.wilson,
    target: TargetOption = None,
    seal_options: SealOptions = None,
    quiet: QuietOption = False,
    as_who: AsOption = "table",
    chart: ChartOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Win odds at every Victory Pile removal level, with confidence intervals."""
    from coop_helper.render import odds as render_odds
    from coop_helper.sim.odds import DEFAULT_PRECISION, parse_confidence, parse_target

    check_odds_extras(chart, as_who)
    if seed < 0:
        raise UserError(f"--sim-seed (or --seed) must be 0 or more, not {seed}.")
    catalog = load_catalog()
    count, contracts = face_up(names=names or (), code=code, players=players, catalog=catalog)
    seals = config.seals_for(catalog, seal_options or [], contracts)
    config.check_seal_options(catalog, seal_options or [], contracts)
    pile = time_pile(contracts, seals, catalog)
    result = run_odds(
        count,
        contracts,
        pile,
        games=games,
        precision=points(precision, DEFAULT_PRECISION, games),
        seed=seed,
        policy=policy,
        workers=workers,
        confidence=parse_confidence(confidence),
        interval=interval.value,
        target=parse_target(target),
        show_progress=not (as_json or quiet),
    )
    table = odds_extras(result, as_who, chart, as_json)
    if as_json:
        render.print_json(documents.odds_document(result, seals, table))
        return
    render.print_time_pile(pile)
    render_odds.print_odds(result, table=table)
    commands_atlas.print_difficulty(count, contracts, seals)


# The options of `setup` that only the simulation reads (--chart has its own message).
SIMULATION_OPTIONS = (
    "--target",
    "--games",
    "--precision",
    "--sim-seed",
    "--policy",
    "--workers",
    "--as",
)


def _refuse_without_odds(given: list[str]) -> None:
    """A simulation setting given with --no-odds would be ignored: a UserError instead."""
    for name in given:
        if name in SIMULATION_OPTIONS:
            raise UserError(
                f"{name} is for the simulation, which --no-odds turns off: drop one of them."
            )


@command("setup", epilog="Example: coop-helper setup --players 2")
def setup_command(
    ctx: typer.Context,
    names: Annotated[
        list[str] | None, contracts_argument("The face-up contracts, if already dealt.")
    ] = None,
    players: SetupPlayers = None,
    code: CodeOption = None,
    seed: SeedOption = None,
    seal_options: SealOptions = None,
    target: TargetOption = SETUP_TARGET,
    games: GamesOption = None,
    precision: PrecisionOption = None,
    sim_seed: SimSeed = DEFAULT_SEED,
    policy: OddsPolicyOption = DEFAULT_POLICY,
    workers: WorkersOption = None,
    odds: Annotated[
        bool,
        typer.Option(
            "--odds/--no-odds",
            help="Simulate the odds (on by default).",
            rich_help_panel=SIMULATION_PANEL,
        ),
    ] = True,
    quiet: QuietOption = False,
    as_who: AsOption = "table",
    chart: ChartOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Set up a game: the contracts, the Time Pile, the odds and a recommended removal."""
    from coop_helper.render import odds as render_odds
    from coop_helper.sim.odds import SETUP_PRECISION, check_settings, odds_policy, parse_target

    check_odds_extras(chart, as_who, odds)
    odds_policy(policy)  # a policy the odds cannot take is named as such, --no-odds or not
    if not odds:
        _refuse_without_odds(options_given(ctx))
    catalog = load_catalog()
    if seed is not None and seed < 0:
        raise UserError(f"--seed must be 0 or more, not {seed}.")
    if seed is not None and (names or code):
        raise UserError(
            "--seed repeats a deal: give it with --players N, not with contract names or --code."
        )
    if sim_seed < 0:
        raise UserError(f"--sim-seed must be 0 or more, not {sim_seed}.")
    sim_precision = points(precision, SETUP_PRECISION, games)
    check_settings(
        games,
        1 if workers is None else workers,
        0.95,
        "wilson",
        None if games else sim_precision,
        sim_seed,
    )
    result = build_setup(players=players, names=names or (), code=code, seed=seed, catalog=catalog)
    seals = config.seals_for(catalog, seal_options or [], result.contracts)
    if seals:  # the deal does not depend on seals; its Time Pile does
        result = replace(result, time_pile=time_pile(result.contracts, seals, catalog))
    if names or code:  # a dealt game may leave out a card whose seal the table gave
        config.check_seal_options(catalog, seal_options or [], result.contracts)
    goal = parse_target(target)
    if not as_json:  # the deal first: a table that stops the simulation still has it
        render.print_setup(result, seals)
        commands_atlas.print_difficulty(result.players, result.contracts, seals)
        sys.stdout.flush()
    odds_result = None
    if odds:
        odds_result = run_odds(
            result.players,
            result.contracts,
            result.time_pile,
            games=games,
            precision=sim_precision,
            seed=sim_seed,
            policy=policy,
            workers=workers,
            confidence=0.95,
            interval="wilson",
            target=goal,
            show_progress=not (as_json or quiet),
        )
    table = None if odds_result is None else odds_extras(odds_result, as_who, chart, as_json)
    if as_json:
        doc = render.setup_json(result, seals)
        doc["difficulty"] = documents.difficulty_json(result.players, result.contracts, seals)
        if odds_result is not None:
            doc["odds"] = render_odds.odds_json(odds_result, seals, table)
        render.print_json(doc)
        return
    recommended = None
    if odds_result is not None:
        render_odds.print_odds(odds_result, chart=True, table=table)
        recommended = odds_result.recommended if table is None else table.recommended
    if recommended is not None:
        steps = render.setup_steps(result, recommended.removed)
    elif odds_result is not None and odds_result.target is not None:  # none reaches it
        steps = render.setup_steps(result, 0, "no level reaches the target")
    else:
        steps = render.setup_steps(result, None)
    render.make_console().print(steps)
