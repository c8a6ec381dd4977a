"""``python -m coop_helper`` and the ``coop-helper`` console script.

The CLI is imported inside :func:`main`, so a Ctrl-C while it loads ends quietly, too
(`coop_helper.interrupts` says how every run stops).
"""

from __future__ import annotations

import sys

from coop_helper import interrupts


def _exit_interrupted() -> None:
    print("interrupted", file=sys.stderr)
    interrupts.exit_stopped(interrupts.INTERRUPTED)


def main() -> None:
    """Load the CLI and run it."""
    try:
        from coop_helper.cli import main as run_cli

        run_cli()  # handles Ctrl-C itself once running; this catches the moments around
    except Exception as err:
        if not interrupts.caused_by_interrupt(err):
            raise
        _exit_interrupted()
    except KeyboardInterrupt:
        _exit_interrupted()


if __name__ == "__main__":
    main()
