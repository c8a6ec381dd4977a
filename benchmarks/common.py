"""What every benchmark script shares: ``--quick``, a small run that checks the script
still works (CI runs every script once that way; its figures mean nothing)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

QUICK_HELP = "a small run that only checks the script works (CI runs it so)"


def parse_args(parser: argparse.ArgumentParser, argv: list[str] | None = None, **quick: Any):
    """``parser``'s arguments with ``--quick`` added; with it, the sizes in ``quick``
    replace the arguments of the same names."""
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    args = parser.parse_args(argv)
    if args.quick:
        for name, value in quick.items():
            setattr(args, name, value)
    return args


def positional(defaults: list[str], quick: list[str]) -> tuple[bool, list[str]]:
    """For a script that reads plain positional arguments: whether ``--quick`` was given,
    and the arguments (given ones first, then ``quick``'s or ``defaults``' for the rest)."""
    given = [a for a in sys.argv[1:] if a != "--quick"]
    is_quick = len(given) < len(sys.argv) - 1
    rest = (quick if is_quick else defaults)[len(given) :]
    return is_quick, [*given, *rest]


def this_install() -> list[str]:
    """How to start the coop-helper of this Python's environment (not another on PATH)."""
    script = Path(sys.executable).with_name("coop-helper")
    return [str(script)] if script.exists() else [sys.executable, "-m", "coop_helper"]
