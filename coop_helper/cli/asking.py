"""Asking before a change the user may not mean: only with someone at a terminal, and never
with --yes or --json (a script gets its answer from its options, not from a prompt)."""

from __future__ import annotations

import sys

import typer

YesFlag = typer.Option("--yes", "-y", help="Do it without asking.")


def can_ask() -> bool:
    """Is someone at a terminal to answer (standard input and error are terminals)?"""
    return sys.stdin.isatty() and sys.stderr.isatty()


def ask(question: str) -> bool:
    """Ask ``question`` on stderr; no unless answered yes."""
    return typer.confirm(question, default=False, err=True)
