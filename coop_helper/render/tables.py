"""Rendering: rich tables for people, plain dicts for ``--json``.

A console is made at call time, so whatever stdout is then (a terminal, a pipe, a test
runner) receives the output. rich honours ``NO_COLOR`` and ``COLUMNS``.
"""

from __future__ import annotations

import io
import itertools
import re
import shlex
import sys
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO, cast

from rich.console import Console
from rich.table import Table
from rich.text import Text

from coop_helper.render.terminal import NARROW
from coop_helper.setup.catalog import Catalog, Contract, Seal
from coop_helper.setup.deals import PreparedGame, TimePile
from coop_helper.text.i18n import _, is_german, ngettext

if TYPE_CHECKING:
    from coop_helper.game_setup import GameSetup


class _Console(Console):
    """A rich console that leaves a closed pipe to the caller (rich would exit with 1)."""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


class _TrimmedLines(io.TextIOBase):
    """A text stream that drops the spaces rich pads lines with (titles, wrapped notes), for
    output that goes to a file or a pipe, where they would only be noise."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(_PADDING.sub("\n", text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", None) or "utf-8"


_PADDING = re.compile(r" +\n")


def make_console(stderr: bool = False) -> Console:
    """A console on the current stdout (or stderr); no markup, so names print as typed.
    Printed to a file or pipe, lines carry no trailing spaces."""
    stream = sys.stderr if stderr else sys.stdout
    if stream is not None and not stream.isatty():
        return _Console(file=cast(TextIO, _TrimmedLines(stream)), markup=False, highlight=False)
    return _Console(stderr=stderr, markup=False, highlight=False)


def is_narrow(console: Console) -> bool:
    """Whether the console is too narrow for the wide tables (a phone, a split pane)."""
    return console.width < NARROW


def print_records(console: Console, title: str, records: Sequence[Sequence[str]]) -> None:
    """A narrow layout: the title, then each record as a head line and indented lines."""
    console.print(title)
    for head, *details in records:
        console.print(head)
        for line in details:  # a detail that wraps keeps its indent
            for part in textwrap.wrap(line, max(20, console.width - 3)) or [""]:
                console.print(f"   {part}", soft_wrap=True)


# ---------------------------------------------------------------- pieces


def effective_seal(contract: Contract, seals: Mapping[str, Seal]) -> Seal | None:
    """The catalogue's seal, else the one the user recorded, else None."""
    return contract.seal or seals.get(contract.key)


def seal_json(seal: Seal | None) -> dict[str, Any] | None:
    """``{"number": 1, "letter": "G"}`` or None."""
    return None if seal is None else {"number": seal.number, "letter": seal.letter}


def seal_label(contract: Contract, seals: Mapping[str, Seal]) -> str:
    """'1G', '2A (yours)' for a seal the user recorded in the settings, '2A (--seal)' for
    one given for this call only, or '?'."""
    if contract.seal is not None:
        return str(contract.seal)
    seal = seals.get(contract.key)
    if seal is None:
        return "?"
    return f"{seal} ({'--seal' if _seal_source(contract, seals) == 'given' else 'yours'})"


def _seal_source(contract: Contract, seals: Mapping[str, Seal]) -> str | None:
    """'catalogue', 'given' (--seal for this call), 'recorded' (settings) or None."""
    if contract.seal is not None:
        return "catalogue"
    if contract.key not in seals:
        return None
    return "given" if contract.key in getattr(seals, "given", ()) else "recorded"


def contract_json(contract: Contract, seals: Mapping[str, Seal]) -> dict[str, Any]:
    """A face-up contract for JSON: name, German name, seal and where the seal comes from."""
    seal = effective_seal(contract, seals)
    return {
        "name": contract.name,
        "key": contract.key,
        "name_de": contract.name_de,
        "seal": seal_json(seal),
        "seal_source": _seal_source(contract, seals),
    }


def record_command(name: str) -> str:
    """The command that records the seal of the contract called ``name``."""
    return f"coop-helper seals set {shlex.quote(name)} NUMBER LETTER"


def time_pile_json(pile: TimePile) -> dict[str, Any]:
    """The Time Pile fields of ``timepile --json`` (and ``setup --json``)."""
    return {
        "time_pile": pile.size,
        "base": pile.base,
        "seal_sum": pile.seal_sum,
        "letters": list(pile.letters),
        "missing_seals": list(pile.missing_seals),
        "time_pile_range": None if pile.size_range is None else list(pile.size_range),
        "arithmetic": pile.arithmetic(),
        "record_seal_with": [record_command(name) for name in pile.missing_seals],
    }


# ---------------------------------------------------------------- tables


def _timing_note(contract: Contract) -> str:
    notes = []
    if contract.shown_timing_note():
        notes.append(contract.shown_timing_note() or "")
    elif contract.timing == "at_once":
        notes.append(_("decide at once"))
    elif contract.timing == "automatic":
        notes.append(_("completes by itself"))
    if contract.active_only:
        notes.append(_("active player only"))
    if contract.blue_seal:
        notes.append(_("blue seal, co-op only"))
    return "; ".join(notes)


def _other_name(contract: Contract) -> str:
    """The name in the other language: the German one in English, the English in German
    (``?`` where the data has no German name)."""
    return contract.name if is_german() else (contract.name_de or "?")


GERMAN_COLUMN = 100  # from this many columns the German names get a column of their own


def contracts_table(
    catalog: Catalog, seals: Mapping[str, Seal], width: int = GERMAN_COLUMN
) -> Table:
    """The whole catalogue: names, requirement (with timing notes), coins, seal.

    Narrower than ``GERMAN_COLUMN``, each German name goes under its English one, so the
    requirements keep room to be read.
    """
    german_column = width >= GERMAN_COLUMN
    grid = Table(title=_("The 18 contracts"), title_justify="left")
    grid.add_column(_("Contract") if german_column else _("Contract (German)"))
    if german_column:
        grid.add_column(_("German"))
    grid.add_column(_("Requirement"), ratio=1)
    grid.add_column(_("Coins"), no_wrap=True)
    grid.add_column(_("Seal"), no_wrap=True)
    for c in catalog.contracts:
        also = "".join("\n" + _("(also {alias})").format(alias=alias) for alias in c.aliases)
        names = Text(c.shown_name() + also)
        german = _other_name(c)
        if not german_column:
            names.append(f"\n({german})", style="dim")
        note = _timing_note(c)
        requirement = c.shown_requirement() + (f"\n({note})" if note else "")
        coins = "?" if c.coins is None else " ".join(map(str, c.coins))
        cells = [names, german] if german_column else [names]
        grid.add_row(*cells, requirement, coins, seal_label(c, seals))
    return grid


def face_up_table(
    contracts: Sequence[Contract], seals: Mapping[str, Seal], title: str, compact: bool = False
) -> Table:
    """The face-up contracts of one game, in the given order (``compact``: without the
    box, so the requirements keep more of the width and the table fewer lines)."""
    grid = (
        Table(title=title, title_justify="left", box=None, padding=(0, 1), pad_edge=False)
        if compact
        else Table(title=title, title_justify="left")
    )
    grid.add_column("#", justify="right")
    grid.add_column(_("Contract"))
    grid.add_column(_("German"))
    grid.add_column(_("Seal"), no_wrap=True)
    grid.add_column(_("Requirement"), ratio=1)
    for i, c in enumerate(contracts, start=1):
        row = (str(i), c.shown_name(), _other_name(c), seal_label(c, seals), c.shown_requirement())
        grid.add_row(*row)
    return grid


COMMAND_INDENT = 4  # the Time Pile lines that are commands to copy start with this many spaces


def time_pile_lines(pile: TimePile) -> list[str]:
    """The Time Pile as text: the sum, and what to do about unknown seals."""
    sum_line = _("Time Pile: {arithmetic} cards").format(arithmetic=pile.arithmetic())
    if pile.size is not None:
        return [sum_line]
    assert pile.size_range is not None
    lo, hi = pile.size_range
    lines = [
        sum_line,
        "  "
        + _(
            "? = a seal the card data does not know (number -1 to 2, letter A-Z): "
            "{lo} to {hi} cards until you know it."
        ).format(lo=lo, hi=hi),
    ]
    for name in pile.missing_seals:
        lines.append(
            "  "
            + _("Read the seal (top right) off your {name} card, then record it:").format(name=name)
        )
        lines.append(" " * COMMAND_INDENT + record_command(name))
    example = shlex.quote(f"{pile.missing_seals[0]}=1A")
    lines.append(
        "  "
        + _("or give it for one call: --seal NAME=NL, e.g. --seal {example}").format(
            example=example
        )
    )
    return lines


# ---------------------------------------------------------------- whole outputs


def print_contracts(catalog: Catalog, seals: Mapping[str, Seal]) -> None:
    """The ``contracts`` command's table (a list on a narrow terminal)."""
    console = make_console()
    if not is_narrow(console):
        console.print(contracts_table(catalog, seals, console.width))
        return
    records = []
    for c in catalog.contracts:
        coins = "?" if c.coins is None else " ".join(map(str, c.coins))
        note = _timing_note(c)
        records.append(
            [
                f"{c.shown_name()} ({_other_name(c)})",
                _("seal {seal}, coins {coins}").format(seal=seal_label(c, seals), coins=coins),
                *(_("also {alias}").format(alias=alias) for alias in c.aliases),
                c.shown_requirement() + (f" ({note})" if note else ""),
            ]
        )
    print_records(console, _("The 18 contracts"), records)


def print_face_up(
    console: Console,
    contracts: Sequence[Contract],
    seals: Mapping[str, Seal],
    title: str,
    compact: bool = False,
) -> None:
    """The face-up contracts: a table (``compact``: without its box), or a numbered list
    on a narrow terminal."""
    if not is_narrow(console):
        console.print(face_up_table(contracts, seals, title, compact))
        return
    records = [
        [
            f"{i}. {c.shown_name()} ({_other_name(c)})",
            _("seal {seal}").format(seal=seal_label(c, seals)),
            c.shown_requirement(),
        ]
        for i, c in enumerate(contracts, start=1)
    ]
    print_records(console, title, records)


def print_deal(
    players: int,
    seed: int,
    code: str,
    contracts: Sequence[Contract],
    seals: Mapping[str, Seal],
    *,
    keep: Sequence[str] = (),
    avoid: Sequence[str] = (),
    difficulty: str | None = None,
    level: str | None = None,
    candidates: int | None = None,
    with_recorded_seals: bool = False,
) -> None:
    """The ``deal`` command's output: the contracts, how to deal them again (with the
    --difficulty/--keep/--avoid asked for) and the share code. ``level`` and ``candidates``
    (the deals the options allow) go in the title when known; ``with_recorded_seals``: the
    same seed deals the same only with the same recorded seals."""
    console = make_console()
    about = [] if level is None else [level]
    if candidates is not None:
        about.append(
            _("the only matching deal")
            if candidates == 1
            else _("one of {n} matching deals").format(n=f"{candidates:,}")
        )
    title = ngettext("Deal for {n} player", "Deal for {n} players", players).format(n=players)
    title += f" ({', '.join(about)})" if about else ""
    print_face_up(console, contracts, seals, title)
    again = " ".join(
        [
            f"coop-helper deal --players {players}",
            *([f"--difficulty {shlex.quote(difficulty)}"] if difficulty else []),
            *(f"--keep {shlex.quote(k)}" for k in keep),
            *(f"--avoid {shlex.quote(a)}" for a in avoid),
            f"--seed {seed}",
        ]
    )
    if with_recorded_seals:
        one = _("Seed: {seed}  (deal again: {command}, with your recorded seals)")
        head = _("Seed: {seed}; with your recorded seals, deal again with:")
    else:
        one = _("Seed: {seed}  (deal again: {command})")
        head = _("Seed: {seed}; deal again with:")
    print_with_command(console, head.format(seed=seed), again, one.format(seed=seed, command=again))
    from_code = f"coop-helper setup --code {code}"
    one = _("Share code: {code}  (set up from it: {command})").format(code=code, command=from_code)
    head = _("Share code: {code}; set up from it with:").format(code=code)
    print_with_command(console, head, from_code, one)


def print_with_command(
    console: Console, text: str, command: str, one_line: str | None = None
) -> None:
    """A sentence that ends in a command to copy: one line where it fits (``one_line``,
    else the two joined); else the sentence, wrapped as prose, and the command on a line
    of its own, never broken."""
    one = f"{text} {command}" if one_line is None else one_line
    if len(one) <= console.width:
        console.print(one, soft_wrap=True)
        return
    console.print(text)
    console.print(" " * COMMAND_INDENT + command, soft_wrap=True)


def print_time_pile(pile: TimePile, console: Console | None = None) -> None:
    """The ``timepile`` command's output (and the Time Pile lines of others): a line that
    wraps goes on under its own indent; the sum breaks between its terms, never inside
    a bracket."""
    console = console or make_console()
    for line in time_pile_lines(pile):
        indent = len(line) - len(line.lstrip(" "))
        if indent >= COMMAND_INDENT or len(line) <= console.width:  # a command: never broken
            console.print(line, soft_wrap=True)
        else:
            for part in wrap_keeping_brackets(line[indent:], console.width - indent):
                console.print(" " * indent + part, soft_wrap=True)


def wrap_keeping_brackets(text: str, width: int, indent: int = 0) -> list[str]:
    """``text`` in lines of at most ``width`` (lines after the first ``indent``-ed),
    broken at spaces outside brackets, never between a count and its bracket (``3 (A, B,
    C)``) or an option and its value (``--seal NAME=NL``); a group too long for a line
    is broken at its spaces."""
    words: list[str] = []
    atoms = r"(?:\d+(?:\.\.\d+)? )?\([^()]*\)\S*|--[\w-]+ (?:'[^']*'\S*|[^\s(-]\S*)|[^\s(]+"
    found = list(re.finditer(atoms, text))
    gaps = [text[a.end() : b.start()] for a, b in itertools.pairwise(found)]
    edges = text[: found[0].start()] + text[found[-1].end() :] if found else text
    if any(not gap or gap.strip() for gap in gaps) or edges.strip():
        return _greedy(text.split(), width, indent)  # brackets the pattern cannot pair
    for match in found:
        group = match.group()
        words += group.split(" ") if len(group) > width - indent else [group]
    return _greedy(words, width, indent)


def _greedy(words: list[str], width: int, indent: int) -> list[str]:
    """Words in lines of at most ``width``, the lines after the first indented."""
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = " " * indent + word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


def print_setup(result: PreparedGame, seals: Mapping[str, Seal], compact: bool = False) -> None:
    """The ``setup`` command's output: contracts (``compact``: in a table without its box),
    share code, Time Pile."""
    console = make_console()
    title = (
        ngettext(
            "Contracts dealt for {n} player", "Contracts dealt for {n} players", result.players
        )
        if result.dealt
        else ngettext(
            "Contracts face up for {n} player", "Contracts face up for {n} players", result.players
        )
    ).format(n=result.players)
    print_face_up(console, result.contracts, seals, title, compact)
    if result.dealt:
        again = f"coop-helper setup --players {result.players} --seed {result.seed}"
        one = _("Seed: {seed}  (deal again: {command})").format(seed=result.seed, command=again)
        head = _("Seed: {seed}; deal again with:").format(seed=result.seed)
        print_with_command(console, head, again, one)
    console.print(_("Share code: {code}").format(code=result.code), soft_wrap=True)
    print_time_pile(result.time_pile, console)


def steps_for(setup: GameSetup) -> str:
    """The steps to set the table up, with the removal the advice that stands recommends
    (none while the odds are not run, nothing removed where no level reaches the target)."""
    advice = setup.advice
    if advice is not None:
        return setup_steps(setup.deal.game, advice.removed)
    if setup.odds is not None and setup.odds.target is not None:  # none reaches it
        return setup_steps(setup.deal.game, 0, _("no level reaches the target"))
    return setup_steps(setup.deal.game, None)


def setup_steps(result: PreparedGame, removed: int | None, why: str = "") -> str:
    """What the table does next with the cards: the 5-player expedition, the Time Pile and
    the cards moved to the Victory Pile (``removed``, if any, for the reason ``why``;
    default: the recommended level)."""
    why = why or _("the recommended level")
    if result.players == 5:
        expedition = _("lay the 5-player expedition face up in the expedition row")
    else:
        expedition = _("take the 5-player expedition (no coin on its back) out of the deck")
    size = result.time_pile.size
    if size is None:
        return _(
            "To set up: {expedition}; deal the Time Pile once you know the seal (above)."
        ).format(expedition=expedition)
    pile = ngettext(
        "deal {n} card face down as the Time Pile",
        "deal {n} cards face down as the Time Pile",
        size,
    ).format(n=size)
    if removed is None:
        return _("To set up: {expedition}; {pile}.").format(expedition=expedition, pile=pile)
    move = (
        _("move none of them to the Victory Pile")
        if removed == 0
        else _("move {n} of them to the Victory Pile").format(n=removed)
    )
    return _("To set up: {expedition}; {pile}; {move} ({why}).").format(
        expedition=expedition, pile=pile, move=move, why=why
    )


def print_seals(rows: Sequence[tuple[Contract, Seal | None]], path: str) -> None:
    """The ``seals list`` table: each contract whose seal the card data lacks."""
    title = _("Seals the card data does not know")
    grid = Table(title=title, title_justify="left")
    grid.add_column(_("Contract"))
    grid.add_column(_("Your seal"))
    for contract, seal in rows:
        grid.add_row(contract.shown_name(), str(seal) if seal else _("not recorded"))
    console = make_console()
    if is_narrow(console):
        print_records(
            console,
            title,
            [[f"{c.shown_name()}: {seal if seal else _('not recorded')}"] for c, seal in rows],
        )
    else:
        console.print(grid)
    print_with_command(console, _("Stored in"), path)
    if any(seal is None for _contract, seal in rows):
        print_with_command(
            console, _("Record one with:"), "coop-helper seals set NAME NUMBER LETTER"
        )
