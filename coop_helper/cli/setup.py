"""The `setup` command, the table-side main job: deal (or take the dealt contracts), the
Time Pile, the odds and a recommended removal."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from coop_helper.cli.app import command, options_given
from coop_helper.cli.journal_hooks import AsOption, ChartOption, check_odds_extras, odds_extras
from coop_helper.cli.options import (
    SIMULATION_PANEL,
    CodeOption,
    GamesOption,
    JsonFlag,
    OddsPolicyOption,
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
from coop_helper.cli.simulation import parse_precision, run_odds
from coop_helper.errors import UserError
from coop_helper.policies import DEFAULT_POLICY
from coop_helper.render import documents
from coop_helper.render import tables as render
from coop_helper.render.atlas import print_difficulty
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import Catalog, load_catalog
from coop_helper.setup.deals import PreparedGame, prepare_game, time_pile
from coop_helper.setup.seal_options import check_seal_options
from coop_helper.sim import DEFAULT_SEED, SETUP_TARGET
from coop_helper.text.i18n import _

if TYPE_CHECKING:  # the simulation and the journal load when the command runs
    from coop_helper.journal.table_odds import TableOdds
    from coop_helper.setup.settings import Seals
    from coop_helper.sim.odds import OddsResult

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
    _check_seeds(seed, sim_seed, bool(names or code))
    sim_precision = parse_precision(precision, SETUP_PRECISION, games)
    check_settings(
        games,
        1 if workers is None else workers,
        0.95,
        "wilson",
        None if games else sim_precision,
        sim_seed,
    )
    result, seals = _prepare(catalog, players, names or [], code, seed, seal_options or [])
    goal = parse_target(target)
    if not as_json:  # the deal first: a table that stops the simulation still has it
        render.print_setup(result, seals)
        print_difficulty(result.players, result.contracts, seals)
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
    table_odds = None if odds_result is None else odds_extras(odds_result, as_who, chart, as_json)
    if as_json:
        doc = render.setup_json(result, seals)
        doc["difficulty"] = documents.difficulty_json(result.players, result.contracts, seals)
        if odds_result is not None:
            doc["odds"] = render_odds.odds_json(odds_result, seals, table_odds)
        render.print_json(doc)
        return
    if odds_result is not None:
        render_odds.print_odds(odds_result, chart=True, table_odds=table_odds)
    render.make_console().print(_steps(result, odds_result, table_odds))


def _check_seeds(seed: int | None, sim_seed: int, named: bool) -> None:
    """--seed repeats a deal (so not with named contracts or a code); both seeds >= 0."""
    if seed is not None and seed < 0:
        raise UserError(f"--seed must be 0 or more, not {seed}.")
    if seed is not None and named:
        raise UserError(
            "--seed repeats a deal: give it with --players N, not with contract names or --code."
        )
    if sim_seed < 0:
        raise UserError(f"--sim-seed must be 0 or more, not {sim_seed}.")


def _prepare(
    catalog: Catalog,
    players: int | None,
    names: list[str],
    code: str | None,
    seed: int | None,
    seal_options: list[str],
) -> tuple[PreparedGame, Seals]:
    """The game to set up, with the seals of its contracts (recorded or given)."""
    result = prepare_game(players=players, names=names, code=code, seed=seed, catalog=catalog)
    seals = config.seals_for(catalog, seal_options, result.contracts)
    if seals:  # the deal does not depend on seals; its Time Pile does
        result = replace(result, time_pile=time_pile(result.contracts, seals, catalog))
    if names or code:  # a dealt game may leave out a card whose seal the table gave
        check_seal_options(catalog, seal_options, result.contracts)
    return result, seals


def _steps(
    result: PreparedGame, odds_result: OddsResult | None, table_odds: TableOdds | None
) -> str:
    """The steps to set the table up, with the removal the odds recommend (if any)."""
    recommended = None
    if odds_result is not None:
        recommended = odds_result.recommended if table_odds is None else table_odds.recommended
    if recommended is not None:
        return render.setup_steps(result, recommended.removed)
    if odds_result is not None and odds_result.target is not None:  # none reaches it
        return render.setup_steps(result, 0, _("no level reaches the target"))
    return render.setup_steps(result, None)
