"""Recording one played game: its prediction (stored or simulated), the record, its standing."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from coop_helper.journal import history, predict, records
from coop_helper.journal.store import Journal
from coop_helper.setup.catalog import Catalog, Contract, Seal
from coop_helper.setup.deals import TimePile, encode_share_code, time_pile


@dataclass(frozen=True)
class Played:
    """A game as the table reports it."""

    players: int
    contracts: tuple[Contract, ...]
    code: str  # the deal's share code
    pile: TimePile  # with a known size
    seals: Mapping[str, Seal]  # seals used for contracts the card data lacks
    removed: int
    moves: int
    won: bool
    played_on: str
    note: str


def played_game(
    players: int,
    contracts: Sequence[Contract],
    seals: Mapping[str, Seal],
    catalog: Catalog,
    *,
    removed: int,
    moves: int,
    won: bool,
    date: str | None,
    note: str,
) -> Played:
    """A game as the table reports it, checked as `record` checks it: a known Time Pile,
    a removal and moves it allows, a day played (today when ``date`` is None) not in the
    future. Raises UserError otherwise."""
    pile = time_pile(contracts, seals, catalog)
    if pile.size is None:
        raise pile.unknown_seals_error()
    records.check_play(pile.size, removed, moves, won)
    today = dt.date.today().isoformat()
    played_on = records.parse_day(date) if date is not None else today
    records.check_played_on(played_on, today)
    return Played(
        players=players,
        contracts=tuple(contracts),
        code=encode_share_code(players, contracts, catalog),
        pile=pile,
        seals=seals,
        removed=removed,
        moves=moves,
        won=won,
        played_on=played_on,
        note=note,
    )


def prediction_for(
    journal: Journal, game: Played, workers: int, progress: Callable[[int], None] | None = None
) -> predict.Prediction:
    """The expert's simulated wins for this deal: stored by an earlier record, or simulated."""
    assert game.pile.size is not None
    version = predict.current_version(game.players)
    stored = predict.cached(journal, game.code, game.pile.size, version)
    if stored is not None:
        return stored
    return predict.simulate_deal(
        game.players, game.contracts, game.pile, game.code, version, workers, progress
    )


def new_record(game: Played, prediction: predict.Prediction | None) -> records.GameRecord:
    """The journal record of a played game with the expert's chance at its removal (none
    yet without ``prediction``: `add_prediction` gives it later)."""
    assert game.pile.size is not None
    points, rank = records.outcome_fields(game.won, game.removed, game.moves)
    record = records.GameRecord(
        uid=records.new_uid(),
        recorded_at=records.now_utc(),
        played_on=game.played_on,
        players=game.players,
        code=game.code,
        contracts="; ".join(c.name for c in game.contracts),
        seals=records.seals_text(game.seals, game.contracts),
        time_pile=game.pile.size,
        removed=game.removed,
        moves=game.moves,
        won=game.won,
        points=points,
        rank=rank,
        note=game.note,
        predicted_win=None,
        predicted_wins=None,
        predicted_games=None,
        policy=None,
        policy_version=None,
    )
    if prediction is None:
        return record
    return dataclasses.replace(record, **prediction.record_fields(game.removed))


def record_once(
    journal: Journal, game: Played, uid: str, prediction: predict.Prediction | None
) -> tuple[records.GameRecord, history.Standing, bool]:
    """Add a played game under ``uid`` unless the journal already holds that uid (a
    request sent twice): the stored record, where it stands, and whether it was new."""
    record = dataclasses.replace(new_record(game, prediction), uid=uid)
    with journal.write() as db:
        row = db.execute(f"{records.SELECT_GAMES} WHERE uid = ?", (uid,)).fetchone()
        if row is not None:
            held = records.from_row(row)
            return held, history.standing(db, held), False
        if prediction is not None:
            predict.store(db, prediction)
        number = records.insert(db, record)
        standing = history.standing(db, record)
    return dataclasses.replace(record, id=number), standing, True


def add_prediction(
    journal: Journal, record: records.GameRecord, prediction: predict.Prediction
) -> bool:
    """Keep ``prediction`` and give it to ``record`` if it still has none; whether the
    game was updated (False: removed or predicted meanwhile)."""
    fields = dict(prediction.record_fields(record.removed))
    settings = ", ".join(f"{name} = :{name}" for name in fields)
    with journal.write() as db:
        predict.store(db, prediction)
        cursor = db.execute(
            f"UPDATE games SET {settings} WHERE id = :id AND uid = :uid AND predicted_win IS NULL",
            {**fields, "id": record.id, "uid": record.uid},
        )
    return cursor.rowcount == 1


def record_game(
    journal: Journal, game: Played, workers: int, progress: Callable[[int], None] | None = None
) -> tuple[records.GameRecord, history.Standing]:
    """Add a played game to the journal (simulating its deal first if need be), in one
    transaction with its prediction; returns the stored record and where it stands."""
    prediction = prediction_for(journal, game, workers, progress)  # outside the write lock
    record = new_record(game, prediction)
    with journal.write() as db:
        predict.store(db, prediction)
        row = records.insert(db, record)
        standing = history.standing(db, record)
    return dataclasses.replace(record, id=row), standing
