"""The `seals` group: seals read off cards whose seal the card data lacks (set, unset, list)."""

from __future__ import annotations

from typing import Annotated

import typer

from coop_helper.cli.app import command
from coop_helper.cli.completion import (
    complete_unknown_seal_contract,
)
from coop_helper.cli.help_style import HELP_OPTIONS, HelpGroup
from coop_helper.cli.options import (
    NUMBERS_AS_ARGUMENTS,
    JsonFlag,
    _refuse_options,
)
from coop_helper.errors import UserError, shown
from coop_helper.render import tables as render
from coop_helper.render.printing import print_json
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import load_catalog, parse_seal
from coop_helper.setup.seal_options import parse_seal_words, unknown_seal_names
from coop_helper.text.i18n import _

# ---------------------------------------------------------------- seals

seals_app = typer.Typer(
    help="Record the seals of contracts the card data does not know (read off your cards).",
    no_args_is_help=True,
    cls=HelpGroup,
    context_settings=HELP_OPTIONS,
    epilog="Example: coop-helper seals set Ransom 1 A",
)


@command(
    "set",
    on=seals_app,
    context_settings=NUMBERS_AS_ARGUMENTS,
    epilog="Example: coop-helper seals set Ransom 1 A",
)
def seals_set_command(
    parts: Annotated[
        list[str],
        typer.Argument(
            metavar="NAME NUMBER LETTER",
            help="E.g. Ransom 1 A (number -1..2, letter A-Z).",
            autocompletion=complete_unknown_seal_contract,
        ),
    ],
    as_json: JsonFlag = False,
) -> None:
    """Record the seal you read off a card whose seal the card data does not know."""
    catalog = load_catalog()
    _refuse_options(parts, "seals set")
    name, text = parse_seal_words(parts)
    contract = catalog.contract(name)
    try:
        seal = parse_seal(text)
    except ValueError as err:
        raise UserError(str(err)) from None
    path, earlier = config.set_seal(contract, seal)
    if as_json:
        print_json(
            {
                "name": contract.name,
                "seal": render.seal_json(seal),
                "replaced": earlier,  # the seal recorded before, as the file had it, or null
                "config": str(path),
            }
        )
        return
    said = {"name": contract.shown_name(), "seal": seal, "path": path}
    if earlier is None:
        text = _("Recorded {name}: {seal} (in {path})").format(**said)
    elif earlier.strip().upper() == str(seal):
        text = _("Recorded {name}: {seal}, as it was already (in {path})").format(**said)
    else:
        text = _("Recorded {name}: {seal}, replacing the earlier {earlier} (in {path})").format(
            earlier=shown(earlier), **said
        )
    render.make_console().print(text, soft_wrap=True)


@command("unset", on=seals_app, epilog="Example: coop-helper seals unset Ransom")
def seals_unset_command(
    name: Annotated[
        list[str],
        typer.Argument(
            metavar="NAME",
            help="E.g. Ransom (a name of several words with or without quotes).",
            autocompletion=complete_unknown_seal_contract,
        ),
    ],
    as_json: JsonFlag = False,
) -> None:
    """Forget the seal you recorded for a contract."""
    catalog = load_catalog()
    contract = catalog.contract(" ".join(name))
    removed = config.forget_seal(contract)
    path = config.config_path()
    if not removed and contract.seal is not None:  # as `seals set` says it
        raise UserError(
            _(
                "{name}'s seal is in the card data ({seal}): there is no recorded seal to "
                "forget; seals are recorded only for {names}."
            ).format(
                name=contract.shown_name(), seal=contract.seal, names=unknown_seal_names(catalog)
            )
        )
    if as_json:
        print_json({"name": contract.name, "removed": removed, "config": str(path)})
        return
    text = (
        _("Forgot the seal of {name} (in {path})")
        if removed
        else _("No seal was recorded for {name} (in {path}); nothing changed")
    ).format(name=contract.shown_name(), path=path)
    render.make_console().print(text, soft_wrap=True)


@command("list", on=seals_app, epilog="Example: coop-helper seals list --json")
def seals_list_command(as_json: JsonFlag = False) -> None:
    """Show the seals you recorded for contracts the card data lacks."""
    catalog = load_catalog()
    seals = config.known_seals(catalog)
    rows = [(c, seals.get(c.key)) for c in catalog.contracts if c.seal is None]
    path = str(config.config_path())
    if as_json:
        print_json(
            {
                "config": path,
                "seals": [
                    {"name": c.name, "key": c.key, "seal": render.seal_json(s)} for c, s in rows
                ],
            }
        )
        return
    render.print_seals(rows, path)
