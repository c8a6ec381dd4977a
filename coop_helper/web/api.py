"""The JSON API under ``/api/``: the documents of the CLI's ``--json``, from the same functions.

Every answer carries the ``schema`` field; bad input is HTTP 400 with ``{"error": ...}``
holding the command line's one-line message, and nothing is written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from coop_helper.atlas.lookup import contract_difficulty
from coop_helper.errors import DataError, UserError, shown
from coop_helper.game_setup import Deal, GameSetup, find_deal, set_up
from coop_helper.render import documents
from coop_helper.render.printing import JSON_SCHEMA
from coop_helper.render.tables import seal_json
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import load_catalog, parse_seal
from coop_helper.setup.deals import (
    check_players,
    deal,
    deal_keeping,
    encode_share_code,
    face_up,
    new_seed,
)
from coop_helper.setup.seal_options import check_seal_options
from coop_helper.sim.chances import parse_precision
from coop_helper.text.i18n import _
from coop_helper.web.runs import Run, Slot

if TYPE_CHECKING:
    from coop_helper.sim.odds import OddsSettings

MAX_BODY = 16_384  # bytes of a posted document
MAX_NOTE = 2_000  # characters of a recorded game's note
MAX_GAMES = 100_000  # games one request may ask for (about 40 s of one core)
MIN_PRECISION = 0.005  # the finest precision one request may ask for (0.5 points)
KEY = re.compile(r"[0-9a-f]{16}")  # a record's key: the page's id for one press of Record


def with_schema(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The document with ``schema`` first, as ``--json`` prints it."""
    return {"schema": JSON_SCHEMA, **doc}


def answer(doc: Mapping[str, Any], status: int = 200) -> JSONResponse:
    """A JSON document with ``schema`` first."""
    return JSONResponse(with_schema(doc), status_code=status)


def failure(err: Exception) -> JSONResponse:
    """A UserError as HTTP 400 (broken card data as 500), with the CLI's one line."""
    if isinstance(err, DataError):
        return JSONResponse({"error": f"the card data is broken: {err}"}, status_code=500)
    return JSONResponse({"error": str(err)}, status_code=400)


# ---------------------------------------------------------------- reading input


def whole(params: Mapping[str, str], name: str, default: int | None = None) -> int | None:
    """A whole-number parameter; a UserError naming it for anything else."""
    text = params.get(name)
    if text is None or text == "":
        return default
    try:
        return int(text.strip())
    except ValueError:
        raise UserError(
            _("{name} must be a whole number, not '{text}'.").format(name=name, text=shown(text))
        ) from None


def listed(request: Request, name: str) -> list[str]:
    """A repeatable parameter (``keep=A&keep=B``); empty values left out."""
    return [value for value in request.query_params.getlist(name) if value.strip()]


def face_up_of(request: Request) -> Deal:
    """``code=C``, or ``contract=NAME`` repeated (with ``players=N`` when it is unclear),
    and any ``seal=NAME=NL``: as ``timepile``'s arguments and options."""
    params = request.query_params
    return find_deal(
        players=whole(params, "players"),
        names=listed(request, "contract"),
        code=params.get("code") or None,
        seal_options=listed(request, "seal"),
        may_deal=False,
    )


# ---------------------------------------------------------------- documents


def deal_doc(request: Request) -> dict[str, Any]:
    """``deal --json`` for ``players``, ``seed``, ``difficulty``, ``keep`` and ``avoid``."""
    params = request.query_params
    players = whole(params, "players")
    if players is None:
        raise UserError(_("say how many play: --players N, with N from 1 to 5."))
    catalog = load_catalog()
    check_players(players, "--players")
    seed = whole(params, "seed")
    if seed is not None and seed < 0:
        raise UserError(_("--seed must be 0 or more, not {seed}.").format(seed=seed))
    seed = new_seed() if seed is None else seed
    keep, avoid = listed(request, "keep"), listed(request, "avoid")
    difficulty = params.get("difficulty") or None
    kept, avoided = catalog.contracts_named(keep), catalog.contracts_named(avoid)
    if difficulty is not None:
        from coop_helper.atlas.choose import choose_deal, parse_difficulty

        seals = config.known_seals(catalog)
        choice = choose_deal(players, parse_difficulty(difficulty), kept, avoided, seed, seals)
        code = encode_share_code(players, choice.contracts, catalog)
        return documents.deal_document(players, seed, code, choice.contracts, seals, choice=choice)
    candidates = None
    if kept or avoided:
        contracts, candidates = deal_keeping(players, seed, kept, avoided, catalog)
    else:
        contracts = deal(players, seed, catalog)
    code = encode_share_code(players, contracts, catalog)
    seals = config.seals_for(catalog, [], contracts)
    return documents.deal_document(players, seed, code, contracts, seals, candidates)


def timepile_doc(request: Request) -> dict[str, Any]:
    """``timepile --json`` for a share code (or contract names)."""
    found = face_up_of(request)
    return documents.timepile_document(found.players, found.contracts, found.seals, found.pile)


def contracts_doc(request: Request) -> dict[str, Any]:
    """``contracts --json`` (``players=N``: with each contract's difficulty)."""
    catalog = load_catalog()
    seals = config.known_seals(catalog)
    players = whole(request.query_params, "players")
    effects = None
    if players is not None:
        effects = contract_difficulty(check_players(players, "--players"), seals)
    return documents.contracts_document(catalog, seals, effects)


def history_doc(request: Request) -> dict[str, Any]:
    """``history --json`` (``players=N``, ``since=DATE``)."""
    from coop_helper.journal import history, records
    from coop_helper.journal.store import journal_path, open_journal
    from coop_helper.render import journal as views

    players = whole(request.query_params, "players")
    if players is not None:
        check_players(players, "--players")
    since = request.query_params.get("since") or None
    if since is not None:
        since = records.parse_since(since)
    journal = open_journal(create=False)
    path = journal_path() if journal is None else journal.path
    games: list[records.GameRecord] = []
    if journal is not None:
        with journal:
            games = records.load(journal, players, since)
    summary = history.summarise(games, [r.name for r in load_catalog().ranks])
    return views.history_json(summary, path, {"players": players, "since": since})


def rank_doc(request: Request) -> dict[str, Any]:
    """``rank --json`` for ``points``."""
    points = whole(request.query_params, "points")
    if points is None:
        raise UserError(_("say the points: points=N, the cards in the Victory Pile."))
    return {"points": points, "rank": load_catalog().rank(points).name}


# ---------------------------------------------------------------- odds


@dataclass(frozen=True)
class OddsAsk:
    """An odds question as the command line checks it."""

    found: Deal
    settings: OddsSettings


def odds_ask(request: Request, precision: float | None = None) -> OddsAsk:
    """The face-up contracts and the simulation's settings of ``odds`` (``games``,
    ``precision`` in points, ``seed``, ``target``), checked before any game is played."""
    from coop_helper.sim import DEFAULT_SEED
    from coop_helper.sim.odds import DEFAULT_PRECISION, odds_settings, parse_target

    params = request.query_params
    found = face_up_of(request)
    games = whole(params, "games")
    chosen = parse_precision(
        params.get("precision") or None,
        precision if precision is not None else DEFAULT_PRECISION,
        games,
    )
    seed = whole(params, "seed", DEFAULT_SEED)
    assert seed is not None
    settings = odds_settings(games=games, precision=chosen, seed=seed)
    if games is not None and games > MAX_GAMES:
        raise UserError(
            _(
                "games must be 1 to {most} on the page's server, not {games} (the command "
                "line's odds plays more)."
            ).format(most=f"{MAX_GAMES:,}", games=f"{games:,}")
        )
    if games is None and chosen < MIN_PRECISION:
        raise UserError(
            _(
                "precision must be {least} percentage points or more on the page's server, "
                "not {chosen} (the command line's odds goes finer)."
            ).format(least=f"{100 * MIN_PRECISION:g}", chosen=f"{100 * chosen:g}")
        )
    target = parse_target(params.get("target") or None)
    return OddsAsk(found, replace(settings, target=target))


def run_odds(
    ask: OddsAsk, slot: Slot, run: Run, workers: int, on_batch: Callable[[Any], None] | None = None
) -> GameSetup:
    """The game set up (`game_setup.set_up`), its games played in the server's one slot, in
    the simulation process; ``run`` stops it between chunks of games; each batch's levels
    (as ``odds --json`` writes them) go to ``on_batch``."""
    from coop_helper.web.worker import simulator

    def play(found: Deal, settings: OddsSettings, _watching: object) -> Any:
        args = {
            "players": found.players,
            "contracts": found.contracts,
            "pile": found.pile,
            "settings": settings,
        }
        with slot.hold(run):
            return simulator().run(args, run, on_batch or (lambda batch: None))

    return set_up(ask.found, replace(ask.settings, workers=workers), "table", runner=play)


def odds_doc(setup: GameSetup, found: Deal) -> dict[str, Any]:
    """``odds --json`` for a finished run, with the table's own odds as the CLI gives them."""
    assert setup.odds is not None
    return documents.odds_document(setup.odds, found.seals, setup.table_odds)


# ---------------------------------------------------------------- changes


async def posted(request: Request) -> dict[str, Any]:
    """The posted JSON object (at most MAX_BODY bytes); a UserError for anything else."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise UserError(_("post a JSON object (Content-Type: application/json)."))
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise UserError(_("the posted document is over {n} bytes.").format(n=f"{MAX_BODY:,}"))
    try:
        doc = json.loads(body or b"null")
    except ValueError:
        raise UserError(_("the posted document is not JSON.")) from None
    except RecursionError:
        raise UserError(
            _("the posted document is nested too deeply: post a flat object.")
        ) from None
    if not isinstance(doc, dict):
        raise UserError(_('post a JSON object, such as {{"code": "...", "removed": 2}}.').format())
    _check_text(doc)
    return doc


def _check_text(doc: Any) -> None:
    """A UserError for text that is not Unicode (a lone surrogate such as "\\ud800")."""
    todo = [doc]
    while todo:  # not recursive: a document nested nearly as deep as JSON allows is fine
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.keys())
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise UserError(
                    _(
                        "the posted document holds text that is not Unicode (a lone "
                        "surrogate): retype it."
                    )
                ) from None


def _field(doc: Mapping[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = doc.get(name, default)
    if value is None:
        return default
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise UserError(
            _("{name} must be a whole number, not {value}.").format(
                name=name, value=json.dumps(value)
            )
        )
    if kind is not int and not isinstance(value, kind):
        raise UserError(
            _("{name} must be {kind}, not {value}.").format(
                name=name, kind=kind.__name__, value=json.dumps(value)
            )
        )
    return value


def record_doc(doc: Mapping[str, Any]) -> tuple[dict[str, Any], Any]:
    """``record --json`` for the posted fields of `record`: ``code`` (or ``contracts``,
    names), ``removed``, ``won``, ``moves``, ``date``, ``note``, ``players``, ``seals``
    (``{"Ransom": "1A"}``), and ``key`` (16 hex digits: the same key posted again is the
    same game, stored once). Checked in full before the journal is opened.

    Written at once: the expert's chance comes from the journal's stored prediction of
    the deal, else later (the record returned second, to be given it by `predict_later`;
    None when it has one)."""
    from coop_helper.journal import predict, records
    from coop_helper.journal.recording import played_game, record_once
    from coop_helper.journal.store import open_journal
    from coop_helper.render import journal as views

    catalog = load_catalog()
    key = _field(doc, "key", str)
    if key is not None and not KEY.fullmatch(key):
        raise UserError(_("key must be 16 hex digits (the page makes one for each game)."))
    names = _field(doc, "contracts", list, [])
    if not all(isinstance(n, str) for n in names):
        raise UserError(_("contracts must be a list of names."))
    seal_map = _field(doc, "seals", dict, {})
    seal_options = [f"{name}={text}" for name, text in seal_map.items()]
    count, contracts = face_up(
        names=names,
        code=_field(doc, "code", str),
        players=_field(doc, "players", int),
        catalog=catalog,
    )
    seals = config.seals_for(catalog, seal_options, contracts)
    check_seal_options(catalog, seal_options, contracts)
    removed = _field(doc, "removed", int)
    if removed is None:
        raise UserError(
            _(
                "say how many cards were moved to the Victory Pile before play: "
                "--removed K (0 for none)."
            )
        )
    won = _field(doc, "won", bool)
    if won is None:
        raise UserError(_("say how the game ended with one of --won or --lost."))
    moves = _field(doc, "moves", int, 0)
    note = _field(doc, "note", str, "")
    if len(note) > MAX_NOTE:
        raise UserError(_("the note is over {n} characters: shorten it.").format(n=f"{MAX_NOTE:,}"))
    date = _field(doc, "date", str)
    game = played_game(
        count,
        contracts,
        seals,
        catalog,
        removed=removed,
        moves=moves,
        won=won,
        date=date or None,
        note=note,
    )
    journal = open_journal(create=True)
    with journal:
        assert game.pile.size is not None
        prediction = predict.cached(
            journal, game.code, game.pile.size, predict.current_version(game.players)
        )
        twins = records.same_games(journal, game.played_on, game.code, game.removed, game.won)
        record, standing, new = record_once(journal, game, key or records.new_uid(), prediction)
    result = views.record_json(record, standing, journal.path)
    result["repeated"] = not new  # the same key again: the game was stored the first time
    result["warnings"] = _record_warnings(record, moves, removed)
    twins = [t for t in twins if t.uid != record.uid]
    if twins and new:  # as `record` away from a terminal: kept, with a warning
        shown = "; ".join(views.game_summary(t) for t in twins[:3])
        if len(twins) == 1:
            holds = _(
                "the journal holds a game of the same day, deal, removal and result ({shown}), "
                "and the same game recorded twice counts twice"
            )
        else:
            holds = _(
                "the journal holds {n} games of the same day, deal, removal and result "
                "({shown}), and the same game recorded twice counts twice"
            )
        kept = _("{twins}: kept as game {id}.")
        result["warnings"].insert(
            0, kept.format(twins=holds.format(n=len(twins), shown=shown), id=record.id)
        )
    pending = (record, game, journal.path) if new and prediction is None else None
    return result, pending


def predict_later(pending: Any, slot: Slot, run: Run, workers: int) -> bool:
    """Give a game recorded without the expert's chance its chance: its deal simulated in
    the server's one slot, in the simulation process. Whether the game got it."""
    from coop_helper.journal import predict
    from coop_helper.journal.recording import add_prediction
    from coop_helper.journal.store import open_journal
    from coop_helper.sim.odds import odds_settings
    from coop_helper.web.worker import simulator

    record, game, path = pending
    args = {
        "players": game.players,
        "contracts": game.contracts,
        "pile": game.pile,
        "settings": odds_settings(
            **predict.simulate_settings(game.code, game.pile.size), workers=workers
        ),
    }
    with slot.hold(run):
        result = simulator().run(args, run, lambda batch: None)
    prediction = predict.from_result(
        result, game.code, game.pile.size, predict.current_version(game.players)
    )
    journal = open_journal(path, create=False)  # the journal it was recorded in
    if journal is None:
        return False
    with journal:
        return add_prediction(journal, record, prediction)


def remove_doc(doc: Mapping[str, Any]) -> dict[str, Any]:
    """``history delete N --json`` for ``{"id": N, "uid": "..."}`` (the uid makes sure
    the game shown is the one removed), or ``history undo --json`` for ``{"last": true}``."""
    from coop_helper.journal import records
    from coop_helper.journal.store import journal_path, open_journal
    from coop_helper.render import journal as views

    number = _field(doc, "id", int)
    uid = _field(doc, "uid", str)
    last = _field(doc, "last", bool, False)
    if number is None and not last:
        raise UserError(
            _('say which game: {{"id": N}} (its number), or {{"last": true}}.').format()
        )
    journal = open_journal(create=False)
    if journal is None:
        raise UserError(
            _("the journal ({journal}) holds no games: nothing to remove.").format(
                journal=journal_path()
            )
        )
    with journal:
        game = records.last(journal) if number is None else records.get(journal, number)
        if game is None or (uid is not None and game.uid != uid):
            raise UserError(
                _("the journal holds no game {n} (removed already?): reload the history.").format(
                    n=number
                )
                if number is not None
                else _("the journal holds no games: nothing to undo.")
            )
        if not records.remove(journal, game):
            raise UserError(
                _("game {n} was removed meanwhile: nothing else removed.").format(n=game.id)
            )
        left = records.count(journal)
    return {"removed": views.game_json(game), "remaining": left, "journal": str(journal.path)}


def _record_warnings(record: Any, moves: int, removed: int) -> list[str]:
    """What `record` warns about on stderr, for the page to show."""
    from coop_helper.journal import records

    warnings = []
    if records.too_many_moves(moves):
        warnings.append(
            _("--moves {moves}: {reason}; check the number.").format(
                moves=moves, reason=records.too_many_moves_reason()
            )
        )
    if record.won and record.predicted_wins == 0 and record.predicted_games:
        warnings.append(
            _(
                "a win with {removed} removed, where the expert won none of {games} games: "
                "check --removed and --moves."
            ).format(removed=removed, games=f"{record.predicted_games:,}")
        )
    return warnings


def seal_doc(doc: Mapping[str, Any]) -> dict[str, Any]:
    """``seals set --json`` for ``{"name": "Ransom", "seal": "1A"}``."""
    catalog = load_catalog()
    contract = catalog.contract(_field(doc, "name", str, ""))
    try:
        seal = parse_seal(_field(doc, "seal", str, ""))
    except ValueError as err:
        raise UserError(str(err)) from None
    path = config.record_seal(contract, seal)
    return {"name": contract.name, "seal": seal_json(seal), "config": str(path)}


async def in_thread(func: Any, *args: Any) -> JSONResponse:
    """Run a document's function off the event loop; its errors as 400."""
    try:
        return answer(await run_in_threadpool(func, *args))
    except (UserError, DataError) as err:
        return failure(err)
