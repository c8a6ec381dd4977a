"""The `play` command: one simulated game, turn by turn (or its event log as JSON)."""

from __future__ import annotations

import secrets
from typing import Annotated

import typer

from coop_helper.cli.app import command
from coop_helper.cli.options import (
    CONTRACTS_PANEL,
    SIMULATION_PANEL,
    CodeOption,
    JsonFlag,
    PolicyOption,
    SealOptions,
    contracts_argument,
)
from coop_helper.policies import DEFAULT_POLICY
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import Contract, load_catalog

PLAY_HELP = (
    "Play one simulated game and show it turn by turn (--json: its event log).\n\n"
    "Cards are written as in the game: a ship 'Skiff 4/5' pays 4 coins and is repelled with "
    "5 swords ('3/skull': never repelled); a person 'Gunner 6->2' costs 6 coins and is worth "
    "2 victory points. Each player has 3 cubes, one per contract completed or marked."
)


@command(
    "play",
    help=PLAY_HELP,
    epilog="Example: coop-helper play Fighter Jinx Explorer --seed 7 --removed 3",
)
def play_command(
    contracts: Annotated[
        list[str] | None, contracts_argument("The face-up contracts (English or German names).")
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            rich_help_panel=CONTRACTS_PANEL,
            help="Player count (1-5); must fit the number of contracts.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            metavar="S",
            rich_help_panel=SIMULATION_PANEL,
            help="Random seed (default: a new one).",
        ),
    ] = None,
    policy: PolicyOption = DEFAULT_POLICY,
    code: CodeOption = None,
    seal_options: SealOptions = None,
    removed: Annotated[
        int,
        typer.Option(
            "--removed",
            metavar="K",
            rich_help_panel=SIMULATION_PANEL,
            help="Time Pile cards moved to the Victory Pile before play.",
        ),
    ] = 0,
    time_pile: Annotated[
        int | None,
        typer.Option(
            "--time-pile",
            metavar="T",
            rich_help_panel=SIMULATION_PANEL,
            help="Time Pile size (default: 13 + seal numbers + distinct letters).",
        ),
    ] = None,
    legend: Annotated[
        bool,
        typer.Option(
            "--legend/--no-legend", help="Start with what the card notation and cubes mean."
        ),
    ] = True,
    as_json: JsonFlag = False,
) -> None:
    """Play one simulated game and show it turn by turn (--json: its event log)."""
    from coop_helper.render.play import game_document, render_account, wrap_account
    from coop_helper.render.printing import print_json
    from coop_helper.render.progress import ProgressReporter
    from coop_helper.render.tables import make_console
    from coop_helper.sim.play import play_one

    if seed is None:
        seed = secrets.randbelow(2**31)
    catalog = load_catalog()

    def seals(dealt: tuple[Contract, ...]) -> config.Seals:
        return config.seals_for(catalog, seal_options or [], dealt)

    # a search player takes seconds a game: a bar of its turns on a terminal
    with ProgressReporter(0, not as_json, label="playing", unit="turns") as progress:

        def turn_done(turn: int, turns: int) -> None:
            progress.total = turns
            progress(1)

        played = play_one(
            contracts or [],
            players,
            seed,
            policy,
            removed,
            time_pile,
            code,
            seals,
            seal_options or [],
            on_turn=turn_done,
        )
    if as_json:
        print_json(game_document(played, played.seals))
        return
    width = make_console().width
    typer.echo("\n".join(wrap_account(render_account(played, legend), width)))
