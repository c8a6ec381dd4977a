"""Files written for the user (settings, charts, exports, the atlas, the journal): written
in one step, with the permissions any new file would get, and whether a folder takes new
files at all."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


def user_file_mode() -> int:
    """The mode a newly created file gets under the current umask (0o644 under 022).

    Files are written to a private temporary file and renamed into place; this is the mode
    to give that file first, so the result is readable like any other file the user makes.
    """
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def folder_takes_files(folder: Path) -> bool:
    """Can a file be made in ``folder``? A probe file, made and removed: access() says yes
    to root everywhere, /proc included."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".coop-helper-", suffix=".probe"):
            return True
    except OSError:
        return False


def replace_file(
    path: Path,
    content: bytes | Callable[[BinaryIO], object],
    *,
    mode: int | None = None,
    keep_mode: bool = False,
    suffix: str = ".tmp",
    check: Callable[[], None] | None = None,
    make_folder: bool = False,
) -> Path:
    """Write ``path`` in one step: ``content`` (bytes, or a function that writes to a binary
    file) fills a temporary file beside it, which is synced to disk and renamed into
    place, so a reader sees the old file or the new one, never half of one. Returns the
    file written.

    ``mode`` is the new file's permissions (None: private, 0600); with ``keep_mode`` a file
    replaced keeps its own. Setting them is best effort: a file system that refuses
    (a FAT stick) still gets the data. A symbolic link is written through: its target is
    replaced and the link kept (for every file coop-helper writes, the same rule).
    ``check`` runs just before the rename and may raise to keep the old file. With
    ``make_folder`` the file's folder (the link target's) is made first if missing.
    Any OSError is raised after the temporary file is removed; a loop of links is one.
    """
    target = Path(os.path.realpath(path))
    if target.is_symlink():  # realpath stops inside a loop of links
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    folder = target.parent
    if make_folder:
        folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(content, bytes):
                handle.write(content)
            else:
                content(handle)
            handle.flush()
            os.fsync(handle.fileno())
        wanted = mode
        if keep_mode:
            with contextlib.suppress(OSError):
                wanted = stat.S_IMODE(target.stat().st_mode)
        if wanted is not None:
            with contextlib.suppress(OSError):
                os.chmod(tmp, wanted)
        if check is not None:
            check()
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(folder)
    return target


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the platform allows it."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
