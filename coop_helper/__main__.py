"""``python -m coop_helper`` and the ``coop-helper`` console script.

The CLI is imported inside :func:`main`, so a Ctrl-C while it loads ends quietly, too.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130


def main() -> None:
    """Load the CLI and run it."""
    try:
        from coop_helper.cli import main as run_cli

        run_cli()  # handles Ctrl-C itself once running; this catches the moments around
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED)


if __name__ == "__main__":
    main()
