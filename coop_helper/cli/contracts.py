"""The `contracts` command: the catalogue, and with --players the contracts' difficulty."""

from __future__ import annotations

from typing import Annotated

import typer

from coop_helper.cli.app import command
from coop_helper.cli.options import (
    CONTRACTS_PANEL,
    JsonFlag,
)
from coop_helper.render import documents
from coop_helper.render import tables as render
from coop_helper.render.atlas import (
    print_contract_difficulty,
)
from coop_helper.render.printing import print_json
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import (
    check_players,
)


@command("contracts", epilog="Example: coop-helper contracts --players 2")
def contracts_command(
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            help="Add what each contract does to an N-player deal's difficulty (from the atlas).",
            rich_help_panel=CONTRACTS_PANEL,
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """List the 18 contracts: names (EN/DE), requirement, coins, seal."""
    catalog = load_catalog()
    seals = config.known_seals(catalog)
    effects = None
    if players is not None:
        from coop_helper.atlas.lookup import contract_difficulty

        effects = contract_difficulty(check_players(players, "--players"), seals)
    if as_json:
        print_json(documents.contracts_document(catalog, seals, effects))
        return
    render.print_contracts(catalog, seals)
    if players is not None and effects is not None:
        print_contract_difficulty(players, effects)
