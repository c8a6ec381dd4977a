"""The user's settings: seals read off cards whose seal the catalogue does not know.

Stored as TOML in the user's config folder (``COOP_HELPER_CONFIG`` names another file).
A file that is not valid TOML is reported and left untouched; writes are atomic, so an
interrupted write leaves the old file as it was.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
import tempfile
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from coop_helper.errors import UserError
from coop_helper.setup.catalog import Catalog, Contract, Seal, load_catalog, parse_seal
from coop_helper.setup.tomlwrite import dumps

ENV_VAR = "COOP_HELPER_CONFIG"
HEADER = (
    "coop-helper settings.\n"
    "[seals]: the seal (number and letter) read off your own copy of a contract whose seal\n"
    "the card data does not know. Change it with: coop-helper seals set NAME NUMBER LETTER"
)


def config_path() -> Path:
    """Where the settings live: $COOP_HELPER_CONFIG, else the platform's config folder."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_CONFIG_HOME", "")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".config"
    return base / "coop-helper" / "config.toml"


def load_config(path: Path | None = None) -> dict[str, Any]:
    """The settings as a dict; empty when the file does not exist yet."""
    path = path or config_path()
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        return {}
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise UserError(
            f"config file {path} is not valid TOML ({err}): fix it or move it away; "
            "coop-helper leaves it untouched."
        ) from None
    except OSError as err:
        raise UserError(f"cannot read config file {path}: {err.strerror or err}.") from None


def write_config(doc: dict[str, Any], path: Path | None = None) -> Path:
    """Replace the settings file with ``doc`` atomically; returns the path written."""
    path = path or config_path()
    text = dumps(doc, header=HEADER)
    tmp_name: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():  # keep the old file's permissions; a new one is private (0600)
            with contextlib.suppress(OSError):
                os.chmod(tmp_name, path.stat().st_mode & 0o777)
        os.replace(tmp_name, path)
        tmp_name = None
        _sync_folder(path.parent)
    except OSError as err:
        raise UserError(
            f"cannot write config file {path}: {err.strerror or err}; it is unchanged."
        ) from None
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
    return path


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _seal_table(doc: dict[str, Any], path: Path) -> dict[str, Any]:
    seals = doc.get("seals", {})
    if not isinstance(seals, dict):
        raise UserError(f"config file {path}: 'seals' must be a table like [seals].")
    return seals


def known_seals(catalog: Catalog | None = None, path: Path | None = None) -> dict[str, Seal]:
    """The seals the user recorded: contract key -> Seal.

    Entries for contracts whose seal the catalogue knows are ignored (the catalogue wins).
    """
    catalog = catalog or load_catalog()
    path = path or config_path()
    found: dict[str, Seal] = {}
    for name, text in _seal_table(load_config(path), path).items():
        where = f"config file {path}: seals.{name}"
        try:
            contract = catalog.contract(name)
        except UserError as err:
            raise UserError(f"{where}: {err} Fix or remove that line in the file.") from None
        if not isinstance(text, str):
            raise UserError(f"{where} must be a string like \"1A\", not {text!r}.")
        try:
            seal = parse_seal(text)
        except ValueError as err:
            raise UserError(f"{where}: {err}") from None
        if contract.seal is None:
            found[contract.key] = seal
    return found


def _unknown_seal_names(catalog: Catalog) -> str:
    return ", ".join(c.name for c in catalog.contracts if c.seal is None)


def record_seal(contract: Contract, seal: Seal, path: Path | None = None) -> Path:
    """Save the seal read off ``contract``'s card; only for a contract whose seal is unknown."""
    path = path or config_path()
    if contract.seal is not None:
        raise UserError(
            f"{contract.name}'s seal is known ({contract.seal}); seals are recorded only for "
            f"the contracts whose seal the card data lacks: {_unknown_seal_names(load_catalog())}."
        )
    doc = load_config(path)  # raises before anything is written if the file is broken
    known_seals(path=path)  # and so does a broken entry: it is named, to be fixed by hand
    seals = dict(_seal_table(doc, path))
    for name in list(seals):
        with contextlib.suppress(UserError):
            if load_catalog().contract(name).key == contract.key:
                del seals[name]
    seals[contract.key] = str(seal)
    doc["seals"] = dict(sorted(seals.items()))
    try:
        return write_config(doc, path)
    except TypeError as err:
        raise UserError(
            f"config file {path} holds a value coop-helper cannot write back ({err}); "
            f"record the seal by hand: add '{contract.key} = \"{seal}\"' under [seals]."
        ) from None


def parse_seal_option(option: str, catalog: Catalog) -> tuple[Contract, Seal]:
    """Parse one ``--seal NAME=NL`` option, e.g. ``Ransom=2A``."""
    name, sep, text = option.rpartition("=")
    if not sep or not name.strip():
        raise UserError(
            f"--seal {option!r} is not NAME=SEAL: write e.g. --seal {shlex.quote('Ransom=1A')}."
        )
    contract = catalog.contract(name.strip())
    if contract.seal is not None:
        raise UserError(
            f"{contract.name}'s seal is known ({contract.seal}); --seal is only for "
            f"{_unknown_seal_names(catalog)}."
        )
    try:
        return contract, parse_seal(text)
    except ValueError as err:
        raise UserError(f"--seal {option!r}: {err}") from None


def check_seal_options(catalog: Catalog, seal_options: Iterable[str],
                       face_up: Iterable[Contract]) -> None:
    """A ``--seal`` for a contract that is not face up is a mistake: say so."""
    keys = {c.key for c in face_up}
    for option in seal_options:
        contract, _ = parse_seal_option(option, catalog)
        if contract.key not in keys:
            raise UserError(
                f"--seal {option} names {contract.name}, which is not face up in this game: "
                "drop it, or check the contracts."
            )


def resolve_seals(catalog: Catalog, seal_options: Iterable[str]) -> dict[str, Seal]:
    """The recorded seals, overridden for this call by ``--seal NAME=NL`` options."""
    seals = known_seals(catalog)
    given: set[str] = set()
    for option in seal_options:
        contract, seal = parse_seal_option(option, catalog)
        if contract.key in given:
            raise UserError(f"--seal is given twice for {contract.name}: give it once.")
        given.add(contract.key)
        seals[contract.key] = seal
    return seals
