"""Files written for the user (charts, exports, the atlas, the journal): the permissions any
new file would get, and whether a folder takes new files at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
