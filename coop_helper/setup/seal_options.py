"""The ``--seal NAME=NL`` option: a seal read off a card, given for one call.

Pure checks of what the user typed against the catalogue; the seals recorded in the
settings file are `coop_helper.setup.settings`.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable

from coop_helper.errors import UserError, shown
from coop_helper.setup.catalog import Catalog, Contract, Seal, parse_seal


def unknown_seal_names(catalog: Catalog) -> str:
    """The contracts whose seal the card data lacks (the ones a seal is recorded for)."""
    return ", ".join(c.name for c in catalog.contracts if c.seal is None)


def parse_seal_option(option: str, catalog: Catalog) -> tuple[Contract, Seal]:
    """Parse one ``--seal NAME=NL`` option, e.g. ``Ransom=2A``."""
    name, sep, text = option.rpartition("=")
    if not sep or not name.strip():
        raise UserError(
            f"--seal '{shown(option)}' is not NAME=SEAL: write e.g. "
            f"--seal {shlex.quote('Ransom=1A')}."
        )
    contract = catalog.contract(name.strip())
    if contract.seal is not None:
        raise UserError(
            f"{contract.name}'s seal is known ({contract.seal}); --seal is only for "
            f"{unknown_seal_names(catalog)}."
        )
    try:
        return contract, parse_seal(text)
    except ValueError as err:
        raise UserError(f"--seal '{shown(option)}': {err}") from None


def check_seal_options(
    catalog: Catalog, seal_options: Iterable[str], face_up: Iterable[Contract]
) -> None:
    """A ``--seal`` for a contract that is not face up is a mistake: say so."""
    keys = {c.key for c in face_up}
    for option in seal_options:
        contract, _ = parse_seal_option(option, catalog)
        if contract.key not in keys:
            raise UserError(
                f"--seal {shown(option)} names {contract.name}, which is not face up in this game: "
                "drop it, or check the contracts."
            )
