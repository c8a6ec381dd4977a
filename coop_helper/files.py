"""Files written for the user (charts, exports): the permissions any new file would get."""

from __future__ import annotations

import os


def user_file_mode() -> int:
    """The mode a newly created file gets under the current umask (0o644 under 022).

    Files are written to a private temporary file and renamed into place; this is the mode
    to give that file first, so the result is readable like any other file the user makes.
    """
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
