"""The `play` command: one simulated game, turn by turn (or its event log as JSON)."""

from __future__ import annotations

import json
import secrets

import typer

from coop_helper import config
from coop_helper.catalog import load_catalog
from coop_helper.cli import command
from coop_helper.cli.options import CodeOption, SealOptions
from coop_helper.play import play_one
from coop_helper.policies import DEFAULT_POLICY, POLICIES
from coop_helper.render_play import game_document, render_account

CONTRACTS_ARGUMENT = typer.Argument(
    None, metavar="CONTRACT...", help="The face-up contracts (English or German names)."
)


@command("play")
def play_command(
    contracts: list[str] = CONTRACTS_ARGUMENT,
    players: int | None = typer.Option(
        None, "--players", help="Player count (1-5); must fit the number of contracts."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Random seed (default: a new one)."),
    policy: str = typer.Option(
        DEFAULT_POLICY, "--policy",
        help=f"Who decides: {', '.join(POLICIES)}, or search (search-draw, search-take; "
             "search:BASE over another team).",
    ),
    code: CodeOption = None,
    seal_options: SealOptions = None,
    removed: int = typer.Option(
        0, "--removed", help="Time Pile cards moved to the Victory Pile before play."
    ),
    time_pile: int | None = typer.Option(
        None, "--time-pile",
        help="Time Pile size (default: 13 + seal numbers + distinct letters).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the event log as JSON."),
) -> None:
    """Play one simulated game and show it turn by turn."""
    if seed is None:
        seed = secrets.randbelow(2**31)
    seals = config.resolve_seals(load_catalog(), seal_options or [])
    played = play_one(contracts or [], players, seed, policy, removed, time_pile, code, seals,
                      seal_options or [])
    if as_json:
        typer.echo(json.dumps(game_document(played), ensure_ascii=False))
        return
    typer.echo("\n".join(render_account(played)))
