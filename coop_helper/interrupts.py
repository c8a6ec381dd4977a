"""Ctrl-C and SIGTERM, in one place: how a run stops, and with which exit code.

A Ctrl-C (SIGINT) arrives as a KeyboardInterrupt; SIGTERM is turned into one too
(`stop_on_sigterm`), so both stop a run the same way: the command's own ``except
KeyboardInterrupt`` blocks save what there is to save, and the process ends with
`INTERRUPTED` (130) after Ctrl-C or `TERMINATED` (143) after SIGTERM, never with a
traceback. Helper processes leave both signals to the process that started them
(`leave_signals_to_parent`, `sigint_ignored`).

The CPython quirk this module works around (`forget_handled_interrupt`): when a
KeyboardInterrupt leaves code run by ``exec`` on a string (a dataclass being made while a
module loads, say), CPython marks the interrupt as unhandled even if an outer ``except``
handles it later, and then ends the process by SIGINT at exit instead of with its exit
code. Each string ``exec`` clears that mark first, so one more, once the interrupt has
been handled, lets the exit code stand.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator

INTERRUPTED = 130  # the exit code of a run stopped with Ctrl-C (128 + SIGINT)
TERMINATED = 143  # the exit code of a run stopped with SIGTERM (128 + SIGTERM)


class _Sigterm:
    """Remembers that SIGTERM arrived; the handler stops the run like Ctrl-C does."""

    arrived = False

    @classmethod
    def handle(cls, signum: int, frame: object) -> None:
        cls.arrived = True
        raise KeyboardInterrupt


def stop_on_sigterm() -> None:
    """From now on, SIGTERM stops the run as Ctrl-C does (see `exit_code`)."""
    signal.signal(signal.SIGTERM, _Sigterm.handle)


def exit_code() -> int:
    """The exit code of a run stopped by a KeyboardInterrupt: after SIGTERM or Ctrl-C."""
    return TERMINATED if _Sigterm.arrived else INTERRUPTED


def caused_by_interrupt(err: BaseException) -> bool:
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


def forget_handled_interrupt() -> None:
    """Keep a handled Ctrl-C from ending the process by SIGINT at exit (the CPython quirk
    in this module's docstring)."""
    exec("None")


def exit_stopped(code: int) -> None:
    """End the process stopped by Ctrl-C or SIGTERM with ``code``, not by the signal."""
    forget_handled_interrupt()
    sys.exit(code)


def leave_signals_to_parent() -> None:
    """In a worker process: Ctrl-C is the main process's to handle (it stops the workers);
    a SIGTERM (the main process ending the pool) ends the worker at once, without a word."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextlib.contextmanager
def sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT while helper processes start: they keep it ignored for good (an
    ignored signal stays ignored in a child, and Python leaves it so), so a Ctrl-C, which
    the terminal sends to every process of the group, reaches this process alone, which
    stops them. (A Ctrl-C in the moment they take to start is lost.)"""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
