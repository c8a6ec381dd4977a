"""The user's settings: seals read off cards whose seal the catalogue does not know.

Stored as TOML in the user's config folder (``COOP_HELPER_CONFIG`` names another file).
A file that is not valid TOML is reported and left untouched. Changes are made under a
lock (so parallel runs lose nothing), keep the user's comments and layout, go through a
symbolic link to its target, and replace the file in one step, so an interrupted write
leaves the old file as it was. Anything but a regular file (a device, a FIFO) is refused.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import stat
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coop_helper.errors import UserError, shown
from coop_helper.files import replace_file
from coop_helper.setup.catalog import Catalog, Contract, Seal, load_catalog, parse_seal
from coop_helper.setup.seal_options import parse_seal_option, unknown_seal_names
from coop_helper.text.i18n import _

if TYPE_CHECKING:  # tomlkit and filelock load only when a settings file is read or changed
    from tomlkit.toml_document import TOMLDocument

ENV_VAR = "COOP_HELPER_CONFIG"
HEADER = (
    "coop-helper settings.",
    "[seals]: the seal (number and letter) read off your own copy of a contract whose seal",
    "the card data does not know. Change it with: coop-helper seals set NAME NUMBER LETTER",
)
LOCK_TIMEOUT = 10.0  # seconds to wait for another coop-helper changing the file
_BOM = "\ufeff"


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


def _read_bytes(path: Path) -> bytes | None:
    """The file's bytes; None when it does not exist. Refuses anything but a regular file
    (opened without blocking, so a FIFO cannot hang the program)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError as err:
        raise UserError(
            _("cannot read config file {path}: {reason}.").format(
                path=path, reason=err.strerror or err
            )
        ) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UserError(
                _(
                    "config file {path} is not a regular file (a folder, device or pipe): "
                    "point {variable} at a file; coop-helper leaves it untouched."
                ).format(path=path, variable=ENV_VAR)
            )
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read()
    except OSError as err:
        raise UserError(
            _("cannot read config file {path}: {reason}.").format(
                path=path, reason=err.strerror or err
            )
        ) from None
    finally:
        os.close(fd)


def load_document(path: Path | None = None) -> TOMLDocument:
    """The settings file as an editable TOML document (comments kept); empty if absent."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    path = path or config_path()
    data = _read_bytes(path)
    if data is None:
        return tomlkit.document()
    try:
        return tomlkit.parse(data.decode("utf-8").removeprefix(_BOM))
    except (TOMLKitError, UnicodeDecodeError, RecursionError, ValueError) as err:
        reason = "nested too deeply" if isinstance(err, RecursionError) else str(err)
        ends = "'\\x00'" in reason or reason.startswith("Unexpected end of file")
        if ends and b"\0" not in data:
            # the parser's words for running out of text inside a bracket or a string (it
            # reads the end as a NUL); a file that holds NULs is reported as it is
            reason = _("the file ends before a bracket or quote is closed")
        raise UserError(
            _(
                "config file {path} is not valid TOML ({reason}): fix it or move it away; "
                "coop-helper leaves it untouched."
            ).format(path=path, reason=reason)
        ) from None


def load_config(path: Path | None = None) -> dict[str, Any]:
    """The settings as plain Python values; empty when the file does not exist yet."""
    path = path or config_path()
    doc = load_document(path)
    try:
        return doc.unwrap()
    except RecursionError:
        raise UserError(
            _("config file {path} is nested too deeply: fix it or move it away.").format(path=path)
        ) from None


def write_config(doc: TOMLDocument, path: Path | None = None) -> Path:
    """Replace the settings file with ``doc`` in one step; returns the path written.

    A symbolic link is written through: its target is replaced and the link kept. The old
    file's permissions are kept; a new one is private (0600). So are its byte order mark
    and its line ends (CRLF, as Windows editors write them): lines added get them too.
    """
    path = path or config_path()
    old = _read_bytes(path) or b""
    text = doc.as_string()
    if b"\r\n" in old and b"\n" not in old.replace(b"\r\n", b""):
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    data = (_BOM if old.startswith(_BOM.encode()) else "").encode() + text.encode("utf-8")
    try:
        replace_file(path, data, keep_mode=True, make_folder=True)
    except OSError as err:
        raise UserError(
            _("cannot write config file {path}: {reason}; it is unchanged.").format(
                path=path, reason=err.strerror or err
            )
        ) from None
    return path


def lock_path(path: Path) -> Path:
    """The lock file that guards changes to the settings file at ``path``."""
    target = Path(os.path.realpath(path))
    return target.with_name(f".{target.name}.lock")


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the settings lock: one coop-helper at a time reads, changes and writes."""
    from filelock import FileLock, Timeout

    lock = lock_path(path)
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise UserError(
            f"cannot make the folder for config file {path}: {err.strerror or err}; "
            "set COOP_HELPER_CONFIG to a file in a folder you can write."
        ) from None
    try:  # filelock retries until its timeout when the file cannot be made: find out now
        os.close(os.open(lock, os.O_RDWR | os.O_CREAT, 0o644))
    except OSError as err:
        raise UserError(
            f"cannot lock config file {path} ({lock}: {err.strerror or err}); "
            "set COOP_HELPER_CONFIG to a file in a folder you can write."
        ) from None
    try:
        with FileLock(str(lock), timeout=LOCK_TIMEOUT):
            yield
    except Timeout:
        raise UserError(
            _("config file {path} is being changed by another coop-helper; try again.").format(
                path=path
            )
        ) from None
    except OSError as err:
        if err.filename is not None and Path(err.filename) == lock:
            raise UserError(
                _("cannot lock config file {path}: {reason}.").format(
                    path=path, reason=err.strerror or err
                )
            ) from None
        raise


def _seal_table(doc: dict[str, Any], path: Path) -> dict[str, Any]:
    seals = doc.get("seals", {})
    if not isinstance(seals, dict):
        raise UserError(
            _("config file {path}: 'seals' must be a table like [seals].").format(path=path)
        )
    return seals


def _seal_entries(
    doc: dict[str, Any], path: Path, catalog: Catalog, replacing: str | None = None
) -> list[tuple[str, Contract, Seal | None]]:
    """Every entry under [seals], checked: (key as written, contract, seal).

    Entries for the contract ``replacing`` names (a key) are about to be replaced, so their
    values are not checked (seal None): recording a seal again repairs a broken entry."""
    entries: list[tuple[str, Contract, Seal | None]] = []
    for name, text in _seal_table(doc, path).items():
        where = _("config file {path}: seals.{name}").format(path=path, name=shown(name))
        try:
            contract = catalog.contract(name)
        except UserError as err:
            raise UserError(
                _("{where}: {reason} Fix or remove that line in the file.").format(
                    where=where, reason=err
                )
            ) from None
        if contract.key == replacing:
            entries.append((name, contract, None))
            continue
        again = f"coop-helper seals set {shlex.quote(contract.name)} NUMBER LETTER"
        repair = _("fix that line, or record the seal again with '{again}'").format(again=again)
        if not isinstance(text, str):
            raise UserError(
                _('{where} must be a string like "1A", not {value}: {repair}.').format(
                    where=where, value=shown(repr(text)), repair=repair
                )
            )
        try:
            seal = parse_seal(text)
        except ValueError as err:
            raise UserError(f"{where}: {str(err).rstrip('.')}; {repair}.") from None
        entries.append((name, contract, seal))
    return entries


def known_seals(catalog: Catalog | None = None, path: Path | None = None) -> dict[str, Seal]:
    """The seals the user recorded: contract key -> Seal.

    Entries for contracts whose seal the catalogue knows are ignored (the catalogue wins),
    with a warning.
    Two entries for one contract (``Ransom`` and ``ransom``) are refused, naming both.
    """
    catalog = catalog or load_catalog()
    path = path or config_path()
    found: dict[str, Seal] = {}
    written: dict[str, str] = {}
    for name, contract, seal in _seal_entries(load_config(path), path, catalog):
        if contract.key in written:
            raise UserError(
                _(
                    "config file {path}: seals.{first} and seals.{second} both name {name}: "
                    "keep one, or record it again with 'coop-helper seals set'."
                ).format(
                    path=path,
                    first=shown(written[contract.key]),
                    second=shown(name),
                    name=contract.shown_name(),
                )
            )
        written[contract.key] = name
        if contract.seal is None and seal is not None:
            found[contract.key] = seal
        elif contract.seal is not None:
            _warn_once(
                _(
                    "warning: config file {path}: seals.{key} is ignored: {name}'s seal is in "
                    "the card data ({seal}); only {names} take a recorded seal."
                ).format(
                    path=path,
                    key=shown(name),
                    name=contract.shown_name(),
                    seal=contract.seal,
                    names=unknown_seal_names(catalog),
                )
            )
    return found


_WARNED: set[str] = set()


def _warn_once(message: str) -> None:
    """A warning on stderr, once per process however often the settings are read."""
    if message not in _WARNED:
        _WARNED.add(message)
        print(message, file=sys.stderr)


def _change_seal(contract: Contract, seal: Seal | None, path: Path) -> str | None:
    """Under the lock: drop every entry naming ``contract``, then record ``seal`` (if
    any). The value of the file's earlier entry for it, as written (None: it had none)."""
    import tomlkit

    catalog = load_catalog()
    with _locked(path):
        doc = load_document(path)  # raises before anything is written if the file is broken
        # and so does a broken entry, unless it is one this change replaces
        entries = _seal_entries(doc.unwrap(), path, catalog, replacing=contract.key)
        names = [name for name, found, _ in entries if found.key == contract.key]
        if seal is None and not names:
            return None
        earlier = doc.unwrap()["seals"][names[0]] if names else None
        if "seals" not in doc:
            if not doc.body:
                for line in HEADER:
                    doc.add(tomlkit.comment(line))
            doc.add("seals", tomlkit.table())
        table = doc["seals"]
        assert isinstance(table, dict)
        keep = names[0] if seal is not None and names else None
        for name in names:
            if name != keep:
                del table[name]
        if keep is not None:  # changed where it stands, its comment and line end kept
            old_item = table.item(keep)  # type: ignore[attr-defined]
            new_item = tomlkit.item(str(seal))
            new_item.trivia.comment_ws = old_item.trivia.comment_ws
            new_item.trivia.comment = old_item.trivia.comment
            new_item.trivia.trail = old_item.trivia.trail
            table[keep] = new_item
        elif seal is not None:
            table[contract.key] = str(seal)
        write_config(doc, path)
        return None if earlier is None else str(earlier)


def record_seal(contract: Contract, seal: Seal, path: Path | None = None) -> Path:
    """Save the seal read off ``contract``'s card; only for a contract whose seal is unknown.

    An earlier entry for the contract, however it was spelt, is changed where it stands
    (its comment kept; further spellings of it are dropped); the rest of the file,
    comments too, stays as it was.
    """
    return set_seal(contract, seal, path)[0]


def set_seal(contract: Contract, seal: Seal, path: Path | None = None) -> tuple[Path, str | None]:
    """`record_seal`, also returning the seal it replaced as the file had it (None when
    the contract had none recorded), so the user hears that an earlier reading is gone."""
    path = path or config_path()
    if contract.seal is not None:
        raise UserError(
            _(
                "{name}'s seal is known ({seal}); seals are recorded only for the contracts "
                "whose seal the card data lacks: {names}."
            ).format(
                name=contract.shown_name(),
                seal=contract.seal,
                names=unknown_seal_names(load_catalog()),
            )
        )
    return path, _change_seal(contract, seal, path)


def forget_seal(contract: Contract, path: Path | None = None) -> bool:
    """Remove the seal recorded for ``contract``; whether there was one."""
    path = path or config_path()
    return _change_seal(contract, None, path) is not None


class Seals(dict[str, Seal]):
    """Seals by contract key, knowing which were given for this call (``--seal``) rather
    than recorded in the settings."""

    given: frozenset[str] = frozenset()


def seals_for(
    catalog: Catalog, seal_options: Iterable[str], contracts: Iterable[Contract]
) -> Seals:
    """`resolve_seals` for a game of these contracts: when every seal among them is in
    the card data or given by a ``--seal``, the settings are not read at all, so a broken
    settings file stops only the commands that need it."""
    options = list(seal_options)
    given = {parse_seal_option(option, catalog)[0].key for option in options}
    needed = any(c.seal is None and c.key not in given for c in contracts)
    return resolve_seals(catalog, options, recorded=needed)


def resolve_seals(catalog: Catalog, seal_options: Iterable[str], recorded: bool = True) -> Seals:
    """The recorded seals (unless not ``recorded``: the settings are then not read),
    overridden for this call by ``--seal NAME=NL`` options."""
    seals = Seals(known_seals(catalog) if recorded else {})
    given: set[str] = set()
    for option in seal_options:
        contract, seal = parse_seal_option(option, catalog)
        if contract.key in given:
            raise UserError(f"--seal is given twice for {contract.name}: give it once.")
        given.add(contract.key)
        seals[contract.key] = seal
    seals.given = frozenset(given)
    return seals
