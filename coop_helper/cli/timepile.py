"""The `timepile` command: the Time Pile with its arithmetic."""

from __future__ import annotations

from typing import Annotated

from coop_helper.cli.app import command
from coop_helper.cli.options import (
    CheckPlayers,
    CodeOption,
    JsonFlag,
    SealOptions,
    contracts_argument,
)
from coop_helper.render import documents
from coop_helper.render import tables as render
from coop_helper.render.printing import print_json
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import (
    face_up,
    time_pile,
)
from coop_helper.setup.seal_options import check_seal_options


@command("timepile", epilog="Example: coop-helper timepile Charmeur Seehoheit 'Galleon Foe'")
def timepile_command(
    names: Annotated[
        list[str] | None, contracts_argument("The face-up contracts (quote multi-word names).")
    ] = None,
    code: CodeOption = None,
    players: CheckPlayers = None,
    seal_options: SealOptions = None,
    as_json: JsonFlag = False,
) -> None:
    """The Time Pile size: 13 + the seal numbers + 1 per distinct seal letter."""
    catalog = load_catalog()
    players, contracts = face_up(names=names or (), code=code, players=players, catalog=catalog)
    seals = config.seals_for(catalog, seal_options or [], contracts)
    check_seal_options(catalog, seal_options or [], contracts)
    pile = time_pile(contracts, seals, catalog)
    if as_json:
        print_json(documents.timepile_document(players, contracts, seals, pile))
        return
    render.print_time_pile(pile)
    for contract in contracts:  # a seal the card data lacks: say whose it is
        if contract.seal is None and contract.key in seals:
            source = "given with --seal" if contract.key in seals.given else "yours, recorded"
            render.make_console().print(
                f"Seal of {contract.name}: {seals[contract.key]} ({source}).", soft_wrap=True
            )
