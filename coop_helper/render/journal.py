"""How the journal's answers look: rich tables for people, JSON documents for tools.

Every JSON document carries ``"schema"``: the version of its layout.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from coop_helper.errors import escape_controls
from coop_helper.journal.calibration import MIN_GAMES, Calibration
from coop_helper.journal.history import Expected, GroupSummary, History, Standing
from coop_helper.journal.records import COLUMNS, GameRecord
from coop_helper.render.printing import JSON_SCHEMA
from coop_helper.render.tables import is_narrow, make_console, print_records, print_with_command
from coop_helper.text.i18n import N_, _, is_german, ngettext
from coop_helper.text.percentages import chance_percent, exact_percent
from coop_helper.text.percentages import percent as half_up_percent

MAX_MONTHS = 24  # more months than this are shown by year
NOTE_SHOWN = 80  # characters of a note `history` shows (JSON and export keep all of it)
NOTE_ROOM = 16  # narrower than this, a Note column is unreadable: notes go below the table
GAMES_CAPTION = N_(
    "Moved: cards moved to the Victory Pile before play + on Tax Increases. "
    "Result: the rank of a win (points). Expert: the simulated expert's win chance "
    "for that deal and removal."
)


def percent(value: float | None) -> str:
    """'26.5%' (rounded half up, as every percentage: 1 of 16 is 6.3%), '<0.1%' for a
    chance that rounds to zero, '-' for none."""
    return "-" if value is None else chance_percent(value)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st, ... (German: 1., 2., ...)"""
    if is_german():
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@functools.cache
def _german_ranks() -> dict[str, str]:
    """Each rank's English name (as the journal stores it) to its German name."""
    from coop_helper.setup.catalog import load_catalog

    return {r.name: r.name_de for r in load_catalog().ranks if r.name_de}


def rank_shown(name: str | None) -> str:
    """A rank the journal stores (in English) in the current language."""
    if not name:
        return ""
    return _german_ranks().get(name, name) if is_german() else name


def points_text(points: int) -> str:
    """'1 point', '5 points' in the current language."""
    return ngettext("{n} point", "{n} points", points).format(n=f"{points:,}")


def games_text(games: int) -> str:
    """'1 game', '5 games' in the current language."""
    return ngettext("{n} game", "{n} games", games).format(n=f"{games:,}")


def players_text(players: int) -> str:
    """'1 player', '3 players' in the current language."""
    return ngettext("{n} player", "{n} players", players).format(n=f"{players:,}")


def wins_text(wins: int) -> str:
    """'1 win', '3 wins' in the current language."""
    return ngettext("{n} win", "{n} wins", wins).format(n=f"{wins:,}")


def result_text(record: GameRecord) -> str:
    """'won: Pirate (5 points)' or 'lost'."""
    if not record.won:
        return _("lost")
    return _("won: {rank} ({points})").format(
        rank=rank_shown(record.rank), points=points_text(record.points or 0)
    )


def game_summary(record: GameRecord) -> str:
    """'game 6: 2026-04-03, 1 player, PR1-0851CM, 2 removed, 1 moved on Tax Increases, won:
    Sailor (3 points)', with its note if it has one."""
    moved = _(", {n} moved on Tax Increases").format(n=record.moves) if record.moves else ""
    note = _(', note "{note}"').format(note=escape_controls(record.note)) if record.note else ""
    return _(
        "game {id}: {date}, {players}, {code}, {removed} removed{moved}, {result}{note}"
    ).format(
        id=record.id,
        date=record.played_on,
        players=players_text(record.players),
        code=record.code,
        removed=record.removed,
        moved=moved,
        result=result_text(record),
        note=note,
    )


def game_json(record: GameRecord) -> dict[str, Any]:
    """One game in JSON: every stored field, and its row id."""
    return {name: getattr(record, name) for name in (*COLUMNS, "id")}


def _decimal(value: float, form: str) -> str:
    """``value`` written with ``form`` (``".2f"``, ``"+.2f"``), with a decimal comma in
    German."""
    text = format(value, form)
    return text.replace(".", ",") if is_german() else text


def calibration_text(calibration: Calibration, players: int) -> str:
    """The fit in words: the factor on the odds of winning, with its interval, from the
    table's games of ``players``; for a table that won (or lost) every game, the end of the
    interval that says how strong it is at least (or at most)."""
    factor = math.exp(calibration.shift)
    low, high = math.exp(calibration.low), math.exp(calibration.high)
    games = ngettext(
        "{n} {players}-player game", "{n} {players}-player games", calibration.games
    ).format(n=f"{calibration.games:,}", players=players)
    confidence = exact_percent(calibration.confidence)
    side = calibration.one_sided
    if side is not None:
        every = _("all") if calibration.games > 2 else _("both")
        if side == "won":
            end, shift = low, calibration.low
            text = _(
                "Your table won {every} {games} with the expert's prediction: its odds of "
                "winning (wins to losses) are at least {end}x the expert's (the lower end of "
                "the {confidence} interval of Firth's penalised fit; log-odds shift at least "
                "{shift}): where the expert wins half its games, your table would win at "
                "least {half}."
            )
        else:
            end, shift = high, calibration.high
            text = _(
                "Your table lost {every} {games} with the expert's prediction: its odds of "
                "winning (wins to losses) are at most {end}x the expert's (the upper end of "
                "the {confidence} interval of Firth's penalised fit; log-odds shift at most "
                "{shift}): where the expert wins half its games, your table would win at "
                "most {half}."
            )
        return text.format(
            every=every,
            games=games,
            end=_decimal(end, ".2f"),
            confidence=confidence,
            shift=_decimal(shift, "+.2f"),
            half=half_up_percent(end / (1 + end), 0),
        )
    return _(
        "Your table's odds of winning (wins to losses) are {factor}x the expert's "
        "({confidence} interval {low}x-{high}x; log-odds shift {shift}), from {games} with "
        "the expert's prediction: where the expert wins half its games, your table would "
        "win {half}."
    ).format(
        factor=_decimal(factor, ".2f"),
        confidence=confidence,
        low=_decimal(low, ".2f"),
        high=_decimal(high, ".2f"),
        shift=_decimal(calibration.shift, "+.2f"),
        games=games,
        half=half_up_percent(factor / (1 + factor), 0),
    )


def older_text(older: int, games: int) -> str:
    """The note for a fit on ``games`` of which ``older`` an older expert predicted ('' for
    none)."""
    if not older:
        return ""
    return " " + ngettext(
        "{older} of the {games} games was predicted by an older expert: "
        "'coop-helper history repredict' gives them today's chance.",
        "{older} of the {games} games were predicted by an older expert: "
        "'coop-helper history repredict' gives them today's chance.",
        older,
    ).format(older=f"{older:,}", games=f"{games:,}")


# ---------------------------------------------------------------- record


def standing_text(record: GameRecord, standing: Standing) -> str:
    """Where the game stands among the group's games with as many players."""
    wins = wins_text(standing.wins)
    if record.won:
        if standing.wins == 1:
            place = _("your first win")
        elif standing.better == 0 and standing.tied == 0:
            place = _("your best win so far of {wins}").format(wins=wins)
        elif standing.better == 0:
            place = _("as good as your best win so far, of {wins}").format(wins=wins)
        elif standing.tied:
            place = _("tied {place} best of {wins}").format(
                place=ordinal(standing.place), wins=wins
            )
        else:
            place = _("{place} best of {wins}").format(place=ordinal(standing.place), wins=wins)
    else:
        place = _("a loss; {wins} so far").format(wins=wins)
    deal = ""
    if standing.deal_games > 1:
        deal = _("; this deal: {games}, {won} won").format(
            games=games_text(standing.deal_games), won=standing.deal_wins
        )
    return _("Among your {n}-player games: {place} in {games}{deal}.").format(
        n=record.players, place=place, games=games_text(standing.games), deal=deal
    )


def record_json(record: GameRecord, standing: Standing, path: Path) -> dict[str, Any]:
    """``record --json``."""
    return {
        "schema": JSON_SCHEMA,
        "journal": str(path),
        "game": game_json(record),
        "standing": {**asdict(standing), "place": standing.place if record.won else None},
    }


def print_record(record: GameRecord, standing: Standing) -> None:
    """``record``: the result and rank, the expert's chance, and where the game stands."""
    console = make_console()
    console.print(
        _("Recorded game {id} ({date}, {players}, {code}): {result}.").format(
            id=record.id,
            date=record.played_on,
            players=players_text(record.players),
            code=record.code,
            result=result_text(record),
        ),
    )
    console.print(
        _(
            "Time Pile {pile}: {removed} moved to the Victory Pile before play, {moves} on "
            "Tax Increases."
        ).format(pile=record.time_pile, removed=record.removed, moves=record.moves),
    )
    if record.predicted_win is not None:
        console.print(
            _(
                "The expert wins this setting {win} of the time ({games} simulated games, "
                "{policy} version {version})."
            ).format(
                win=percent(record.predicted_win),
                games=f"{record.predicted_games:,}",
                policy=record.policy,
                version=record.policy_version,
            ),
        )
    console.print(standing_text(record, standing))


# ---------------------------------------------------------------- history


def _best(tally: GroupSummary) -> str:
    return "-" if tally.best is None else f"{rank_shown(tally.best.rank)} ({tally.best.points})"


def _tally_json(tally: GroupSummary) -> dict[str, Any]:
    best = tally.best
    return {
        "games": tally.games,
        "wins": tally.wins,
        "losses": tally.losses,
        "win_rate": round(tally.win_rate, 6) if tally.games else None,  # no games: no rate
        "best_rank": None if best is None else best.rank,
        "best_points": None if best is None else best.points,
        "best_on": None if best is None else best.played_on,
    }


def expected_text(expected: Expected) -> str:
    """The wins beside the expert's expected wins, in words."""
    if not expected.games:
        return _(
            "None of these games has the expert's prediction (games recorded with "
            "'coop-helper record' get one; 'coop-helper history repredict' gives the others "
            "one)."
        )
    odds = _(
        "'coop-helper odds' shows your table's own odds beside the expert's at a player "
        "count with {n} or more such games."
    ).format(n=MIN_GAMES)
    expected_wins = f"{expected.expected:,.1f}"
    if is_german():
        expected_wins = expected_wins.replace(",", "").replace(".", ",")
    return _(
        "Against the expert: you won {wins} of the {games} with a prediction; the expert "
        "would be expected to win {expected} of them. {odds}"
    ).format(
        wins=f"{expected.wins:,}",
        games=games_text(expected.games),
        expected=expected_wins,
        odds=odds,
    )


def history_json(history: History, path: Path, filters: dict[str, Any]) -> dict[str, Any]:
    """``history --json``: the summaries and every game shown."""
    return {
        "schema": JSON_SCHEMA,
        "journal": str(path),
        "filters": filters,
        "total": _tally_json(history.total),
        "by_players": [{"players": int(t.key), **_tally_json(t)} for t in history.by_players],
        "by_month": [{"month": t.key, **_tally_json(t)} for t in history.by_month],
        "by_year": [{"year": t.key, **_tally_json(t)} for t in history.by_year],
        "rank_reached": [
            {"played_on": r.played_on, "rank": r.rank, "points": r.points, "id": r.id}
            for r in history.milestones
        ],
        "against_expert": {
            "games": history.against_expert.games,
            "wins": history.against_expert.wins,
            "expected_wins": round(history.against_expert.expected, 6),
        },
        "games": [game_json(r) for r in history.records],
    }


def _tally_table(title: str, first: str, tallies: tuple[GroupSummary, ...]) -> Table:
    grid = Table(title=title, title_justify="left")
    grid.add_column(_(first), justify="right" if first == "Players" else "left")  # a count
    for name in (N_("Games"), N_("Won"), N_("Lost"), N_("Win rate")):
        grid.add_column(_(name), justify="right")
    grid.add_column(_("Best rank (points)"))
    for t in tallies:
        grid.add_row(
            t.key, f"{t.games:,}", f"{t.wins:,}", f"{t.losses:,}", percent(t.win_rate), _best(t)
        )
    return grid


def _tally_records(first: str, tallies: tuple[GroupSummary, ...]) -> list[list[str]]:
    """The narrow layout of a tally table: one head line and one detail line each."""
    rows = []
    for t in tallies:
        key = players_text(int(t.key)) if first == "Players" else t.key
        head = _("{key}: {games}, {wins} won ({rate})").format(
            key=key, games=games_text(t.games), wins=f"{t.wins:,}", rate=percent(t.win_rate)
        )
        rows.append([head, _("best rank {best}").format(best=_best(t))])
    return rows


def _note(record: GameRecord) -> str:
    """The note as `history` shows it: on one line, control characters (a terminal's
    escape codes, say, from an imported file) written as visible escapes, cut at
    NOTE_SHOWN characters."""
    note = escape_controls(" ".join(record.note.split()))
    return note if len(note) <= NOTE_SHOWN else note[: NOTE_SHOWN - 1] + "…"


def _result(record: GameRecord) -> str:
    return f"{rank_shown(record.rank)} ({record.points})" if record.won else _("lost")


OLDER_MARK = "*"
OLDER_CAPTION = N_(
    " *: by an older version of the expert, which played differently "
    "('coop-helper history repredict' brings them up to date)."
)


@functools.cache
def _predicting(players: int) -> tuple[str, str]:
    """The policy that predicts games of this many players today, and its version there
    (once per run)."""
    from coop_helper.journal.predict import PREDICTION_POLICY, current_version

    return PREDICTION_POLICY, current_version(players)


def _older(record: GameRecord) -> bool:
    """Was this game's chance worked out by an expert that no longer plays this way?"""
    return record.predicted_win is not None and (
        record.policy,
        record.policy_version,
    ) != _predicting(record.players)


def _expert(record: GameRecord) -> str:
    """The expert's chance as `history` shows it, marked when an older expert made it."""
    return percent(record.predicted_win) + (OLDER_MARK if _older(record) else "")


def _games_caption(records: tuple[GameRecord, ...]) -> str:
    return _(GAMES_CAPTION) + (_(OLDER_CAPTION) if any(_older(r) for r in records) else "")


def games_table(records: tuple[GameRecord, ...], title: str, with_notes: bool = True) -> Table:
    """The listed games, each with the expert's predicted chance beside the result."""
    caption = _games_caption(records)
    grid = Table(title=title, title_justify="left", caption=caption, caption_justify="left")
    grid.add_column("#", justify="right", no_wrap=True)
    grid.add_column(_("Date"), no_wrap=True)
    grid.add_column(_("Players"), justify="right", no_wrap=True)
    grid.add_column(_("Deal"), no_wrap=True)
    grid.add_column(_("Moved"), justify="right", no_wrap=True)
    grid.add_column(_("Result"))  # "Ruler of the Seas (12)" may take two lines at 80 columns
    grid.add_column(_("Expert"), justify="right", no_wrap=True)
    if with_notes:
        grid.add_column(_("Note"), min_width=4, overflow="fold")
    for r in records:
        row = [
            str(r.id),
            r.played_on,
            str(r.players),
            r.code,
            f"{r.removed}+{r.moves}",
            _result(r),
            _expert(r),
        ]
        grid.add_row(*row, *([_note(r)] if with_notes else []))
    return grid


def _games_records(records: tuple[GameRecord, ...]) -> list[list[str]]:
    """The narrow layout of the games: a head line, the result, the note if any."""
    rows = []
    for r in records:
        rows.append(
            [
                f"#{r.id}  {r.played_on}  {players_text(r.players)}  {r.code}",
                _("moved {removed}+{moves}: {result}; expert {expert}").format(
                    removed=r.removed, moves=r.moves, result=_result(r), expert=_expert(r)
                ),
                *([_("note: {note}").format(note=_note(r))] if r.note.strip() else []),
            ]
        )
    return rows


def _print_games(console: Console, records: tuple[GameRecord, ...], title: str) -> None:
    """The games as a table, with the notes in it where they fit, else below it; a list on
    a narrow terminal."""
    wide = console.options.update_width(10_000)  # the width the table wants, not the room
    without = Measurement.get(console, wide, games_table(records, title, False))
    if is_narrow(console) or without.minimum > console.width:  # a table would cut cells
        print_records(console, title, _games_records(records))
        console.print(_games_caption(records))
        return
    noted = [r for r in records if r.note.strip()]
    fits = console.width - without.maximum - 3 >= NOTE_ROOM  # 3: the column's padding, rule
    console.print(games_table(records, title, with_notes=bool(noted) and fits))
    if noted and not fits:
        print_records(console, _("Notes"), [[f"#{r.id}: {_note(r)}"] for r in noted])


def print_history(history: History, path: Path, last: int, filters: Sequence[str] = ()) -> None:
    """``history``: per player count, per month, the ranks reached, and the latest games;
    ``filters`` are the options that chose the games shown."""
    console = make_console()
    total = history.total
    if not total.games:
        if filters:
            console.print(
                _("No recorded game matches {filters}.").format(filters=" ".join(filters))
            )
        else:
            print_with_command(console, _("No games recorded yet; the journal:"), str(path))
            print_with_command(
                console, _("Record one with:"), "coop-helper record CONTRACT... --removed K --won"
            )
        return
    console.print(
        _("Game journal: {games}, {wins} won, {losses} lost; best rank {best}").format(
            games=games_text(total.games),
            wins=f"{total.wins:,}",
            losses=f"{total.losses:,}",
            best=_best(total),
        ),
    )
    by_month = len(history.by_month) <= MAX_MONTHS
    tallies = (
        (_("By number of players"), N_("Players"), history.by_players),
        (
            _("Rank reached over time, by month")
            if by_month
            else _("Rank reached over time, by year"),
            N_("Month") if by_month else N_("Year"),
            history.by_month if by_month else history.by_year,
        ),
    )
    for title, first, rows in tallies:
        if is_narrow(console):
            print_records(console, title, _tally_records(first, rows))
        else:
            console.print(_tally_table(title, first, rows))
    if history.milestones:
        steps = ", ".join(
            _("{rank} on {date}").format(rank=rank_shown(r.rank), date=r.played_on)
            for r in history.milestones
        )
        if filters:
            console.print(_("New best ranks among these games: {steps}.").format(steps=steps))
        else:
            console.print(_("New best ranks: {steps}.").format(steps=steps))
    shown = history.records if last == 0 else history.records[-last:]
    title = (
        _("Games")
        if len(shown) == len(history.records)
        else _("The last {n} of {total} games (--last N shows more, --last 0 all)").format(
            n=f"{len(shown):,}", total=f"{len(history.records):,}"
        )
    )
    _print_games(console, shown, title)
    console.print(expected_text(history.against_expert))
