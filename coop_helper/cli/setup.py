"""The `setup` command, the table-side main job: deal (or take the dealt contracts), the
Time Pile, the odds and a recommended removal."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from coop_helper.cli.app import command, options_given
from coop_helper.cli.journal_hooks import AsOption, ChartOption, check_odds_extras, show_extras
from coop_helper.cli.options import (
    OUTPUT_PANEL,
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
from coop_helper.cli.simulation import live_watch
from coop_helper.errors import UserError
from coop_helper.game_setup import find_deal, set_up
from coop_helper.policies import DEFAULT_POLICY
from coop_helper.render import documents
from coop_helper.render import tables as render
from coop_helper.render.atlas import print_difficulty
from coop_helper.render.printing import print_json
from coop_helper.sim import DEFAULT_SEED, SETUP_TARGET
from coop_helper.sim.chances import parse_precision
from coop_helper.text.i18n import N_, _

EXPLAIN_HINT = N_("(--explain: each level's interval and ranks, a chart, the deal's difficulty.)")

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
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Also the deal's difficulty, every level's interval and ranks, a chart "
            "and what the odds mean.",
            rich_help_panel=OUTPUT_PANEL,
        ),
    ] = False,
    as_who: AsOption = "table",
    chart: ChartOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Set up a game: the contracts, the Time Pile, the odds and a recommended removal."""
    check_odds_extras(chart, as_who, odds)
    if not odds:
        from coop_helper.sim.odds import odds_policy

        odds_policy(policy)  # a policy the odds cannot take is named as such, --no-odds or not
        _refuse_without_odds(options_given(ctx))
    _check_seeds(seed, sim_seed, bool(names or code))
    settings = None
    if odds:
        from coop_helper.sim.odds import SETUP_PRECISION, odds_settings, parse_target

        settings = odds_settings(
            games=games,
            precision=parse_precision(precision, SETUP_PRECISION, games),
            seed=sim_seed,
            policy=policy,
            workers=workers,
            target=parse_target(target),
        )
    deal = find_deal(
        players=players, names=names or (), code=code, seed=seed, seal_options=seal_options or ()
    )
    if not as_json:  # the deal first: a table that stops the simulation still has it
        render.print_setup(deal.game, deal.seals, compact=not explain)
        if explain:
            print_difficulty(deal.players, deal.contracts, deal.seals)
        sys.stdout.flush()
    setup = set_up(deal, settings, as_who, live_watch(not (as_json or quiet)))
    show_extras(setup, chart, as_json)
    if as_json:
        print_json(documents.setup_document(setup))
        return
    if setup.odds is not None:
        from coop_helper.render import odds as render_odds

        if explain:
            render_odds.print_odds(setup.odds, chart=True, table_odds=setup.table_odds)
        else:
            render_odds.print_brief_odds(setup.odds, setup.table_odds, more=_(EXPLAIN_HINT))
    render.make_console().print(render.steps_for(setup))


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
