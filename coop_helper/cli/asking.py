"""Asking before a change the user may not mean: on a terminal only, and never with --yes
or --json (a script gets its answer from the options, not from a prompt)."""

from __future__ import annotations

import sys

import typer

YesFlag = typer.Option("--yes", "-y", help="Do it without asking.")


def can_ask() -> bool:
    """Is someone at a terminal to answer (standard input and error are terminals)?"""
    return sys.stdin.isatty() and sys.stderr.isatty()


def confirmed(question: str, yes: bool, as_json: bool) -> bool:
    """Ask ``question`` on stderr, no by default; True without asking when ``yes``, with
    ``--json`` or away from a terminal."""
    if yes or as_json or not can_ask():
        return True
    return typer.confirm(question, default=False, err=True)
