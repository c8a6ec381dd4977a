"""``python -m coop_helper`` and the ``coop-helper`` console script.

The CLI is imported inside :func:`main`, so a Ctrl-C while it loads ends quietly, too.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130


def _caused_by_interrupt(err: BaseException) -> bool:
    """Whether ``err`` stems from a Ctrl-C (Python wraps one that lands in some places,
    such as a class being created while a module loads, in a RuntimeError)."""
    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _exit_interrupted() -> None:
    from coop_helper.errors import forget_handled_interrupt

    print("interrupted", file=sys.stderr)
    forget_handled_interrupt()
    sys.exit(INTERRUPTED)


def main() -> None:
    """Load the CLI and run it."""
    try:
        from coop_helper.cli import main as run_cli

        run_cli()  # handles Ctrl-C itself once running; this catches the moments around
    except Exception as err:
        if not _caused_by_interrupt(err):
            raise
        _exit_interrupted()
    except KeyboardInterrupt:
        _exit_interrupted()


if __name__ == "__main__":
    main()
