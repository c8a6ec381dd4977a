"""A seal as the user types it: the ``--seal NAME=NL`` option (a seal given for one call)
and the words of ``seals set NAME NUMBER LETTER``.

Pure checks of what the user typed against the catalogue; the seals recorded in the
settings file are `coop_helper.setup.settings`.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable

from coop_helper.errors import UserError, shown
from coop_helper.setup.catalog import Catalog, Contract, Seal, load_catalog, parse_seal
from coop_helper.text.i18n import N_, _

BAD_NUMBER = N_("the seal number must be -1, 0, 1 or 2, not '{number}'.")


def unknown_seal_names(catalog: Catalog) -> str:
    """The contracts whose seal the card data lacks (the ones a seal is recorded for)."""
    return ", ".join(c.name for c in catalog.contracts if c.seal is None)


def parse_seal_option(option: str, catalog: Catalog) -> tuple[Contract, Seal]:
    """Parse one ``--seal NAME=NL`` option, e.g. ``Ransom=2A``."""
    name, sep, text = option.rpartition("=")
    if not sep or not name.strip():
        raise UserError(
            _("--seal '{option}' is not NAME=SEAL: write e.g. --seal {example}.").format(
                option=shown(option), example=shlex.quote("Ransom=1A")
            )
        )
    contract = catalog.contract(name.strip())
    if contract.seal is not None:
        raise UserError(
            _("{name}'s seal is known ({seal}); --seal is only for {unknown}.").format(
                name=contract.shown_name(), seal=contract.seal, unknown=unknown_seal_names(catalog)
            )
        )
    try:
        return contract, parse_seal(text)
    except ValueError as err:
        raise UserError(
            _("--seal '{option}': {problem}").format(option=shown(option), problem=err)
        ) from None


def check_seal_options(
    catalog: Catalog, seal_options: Iterable[str], face_up: Iterable[Contract]
) -> None:
    """A ``--seal`` for a contract that is not face up is a mistake: say so."""
    keys = {c.key for c in face_up}
    for option in seal_options:
        contract, _seal = parse_seal_option(option, catalog)
        if contract.key not in keys:
            raise UserError(
                _(
                    "--seal {option} names {name}, which is not face up in this game: "
                    "drop it, or check the contracts."
                ).format(option=shown(option), name=contract.shown_name())
            )


def parse_seal_words(parts: list[str]) -> tuple[str, str]:
    """Split 'NAME... NUMBER LETTER' (or 'NAME... NL') into a name and a seal text."""
    usage = "write: coop-helper seals set NAME NUMBER LETTER, e.g. seals set Ransom 1 A"
    if (
        len(parts) >= 3
        and re.fullmatch(r"[A-Za-z]", parts[-2])
        and parts[-1].lstrip("+") in ("-1", "0", "1", "2")
        and _names_a_contract(parts[:-2])
    ):  # letter and number swapped
        name = shlex.quote(" ".join(parts[:-2]))
        raise UserError(
            _("the seal number comes before its letter: {command}.").format(
                command=f"coop-helper seals set {name} {parts[-1].lstrip('+')} {parts[-2].upper()}"
            )
        )
    if len(parts) >= 3 and re.fullmatch(r"[A-Za-z]", parts[-1]):
        number = parts[-2]
        if not re.fullmatch(r"[+-]?\d+", number) and _names_a_contract(parts[:-2]):
            raise UserError(_(BAD_NUMBER).format(number=shown(number)))
    if len(parts) >= 3 and re.fullmatch(r"[+-]?\d*\.\d*", parts[-2]):
        raise UserError(_(BAD_NUMBER).format(number=shown(parts[-2])))
    if len(parts) >= 3 and re.fullmatch(r"[+-]?\d+", parts[-2]):
        number, letter = parts[-2].lstrip("+"), parts[-1]
        if number not in ("-1", "0", "1", "2"):
            raise UserError(_(BAD_NUMBER).format(number=shown(parts[-2])))
        if not re.fullmatch(r"[A-Za-z]", letter):
            raise UserError(
                _("the seal letter must be one letter A-Z, not '{letter}'.").format(
                    letter=shown(letter)
                )
            )
        return " ".join(parts[:-2]), number + letter
    if (
        len(parts) >= 2 and re.fullmatch(r"[+-]?\d+", parts[-1]) and _names_a_contract(parts[:-1])
    ):  # the letter left out
        if parts[-1].lstrip("+") not in ("-1", "0", "1", "2"):
            raise UserError(_(BAD_NUMBER).format(number=shown(parts[-1])))
        name = shlex.quote(" ".join(parts[:-1]))
        raise UserError(
            _("the seal letter is missing: {command} LETTER, e.g. {example}.").format(
                command=f"coop-helper seals set {name} {parts[-1]}",
                example=f"seals set {name} {parts[-1].lstrip('+')} A",
            )
        )
    if len(parts) >= 2:
        return " ".join(parts[:-1]), parts[-1]
    raise UserError(
        _("give the contract, the seal number and the seal letter: {usage}.").format(usage=usage)
    )


def _names_a_contract(parts: list[str]) -> bool:
    try:
        load_catalog().contract(" ".join(parts))
    except UserError:
        return False
    return True
