"""The ASGI application: the page, the API, the odds stream and the static files."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from coop_helper.errors import DataError, UserError
from coop_helper.text.i18n import language as text_language
from coop_helper.web import api, i18n, page
from coop_helper.web.runs import Run, Runs, Slot, Stopped
from coop_helper.web.security import (
    SESSION_COOKIE,
    TOKEN_COOKIE,
    Access,
    Guard,
    cookies,
)

STATIC_DIR = Path(__file__).parent / "static"
ATLAS_PRECISION = 0.015  # the page refines the odds as `setup` does: 1.5 points either side


LOG = logging.getLogger("uvicorn.error")  # the server's log: stderr, as uvicorn writes it
SIMULATION_THREADS = 8  # threads that wait for the slot or follow a run; more requests queue
GONE_CHECK = 0.2  # seconds between looks at whether a request's page went away
PRIVATE_FIELDS = ("journal", "config")  # absolute paths: shown only on this machine


class Server:
    """The state one server shares between its requests."""

    def __init__(self, access: Access, workers: int = 1) -> None:
        self.access = access
        self.workers = workers
        self.slot = Slot()
        self.runs = Runs()
        # simulations wait and run in threads of their own: the threads that answer cheap
        # calls, static files and records are never all taken by them
        self.pool = ThreadPoolExecutor(SIMULATION_THREADS, thread_name_prefix="odds")
        self.answered = threading.Event()  # the page was sent once: the warm-up may start

    def close(self) -> None:
        """The server is ending: runs still queued are cancelled before they start, the
        simulation process is killed, and every run stops now (none waits for its
        process): no new one starts."""
        from coop_helper.web.worker import close_simulator

        self.runs.stop_all()
        self.pool.shutdown(wait=False, cancel_futures=True)
        close_simulator()

    def private(self, doc: dict[str, Any]) -> dict[str, Any]:
        """The document as this server may show it: the files' absolute paths only to a
        page on this machine (a server others reach has a token)."""
        if self.access.token is None:
            return doc
        return {key: value for key, value in doc.items() if key not in PRIVATE_FIELDS}

    async def simulate(self, request: Request, run: Run, work: Callable[[], Any]) -> Any:
        """``work()`` (which plays ``run``) in a simulation thread; ``run`` is stopped
        within GONE_CHECK seconds of the request going away. Raises Stopped if it was."""
        loop = asyncio.get_running_loop()
        with self.runs.track(run):
            future = loop.run_in_executor(self.pool, work)
            while True:
                done, _ = await asyncio.wait({future}, timeout=GONE_CHECK)
                if done:
                    if future.cancelled():  # still queued when the server began to end
                        raise Stopped
                    return future.result()
                if await request.is_disconnected():
                    run.stop()


def create_app(access: Access, workers: int = 1, server: Server | None = None) -> Any:
    """The page's ASGI app, behind its `Guard` (``server``: its shared state)."""
    server = server or Server(access, workers)

    async def index(request: Request) -> Response:
        jar = cookies(request.scope)
        if "token" in request.query_params:  # the token moves to a cookie, out of the address
            response: Response = RedirectResponse("/", status_code=303)
            _set_token(response, request, access)
            return response
        asked = request.query_params.get("lang")
        lang = i18n.choose(asked, jar.get(i18n.LANG_COOKIE), request.headers.get("accept-language"))
        session = jar.get(SESSION_COOKIE) or secrets.token_urlsafe(18)
        response = page.render(lang, access.csrf_for(session))
        response.set_cookie(SESSION_COOKIE, session, httponly=True, samesite="lax")
        if asked in i18n.LANGUAGES:
            response.set_cookie(i18n.LANG_COOKIE, lang, samesite="lax", max_age=31_536_000)
        server.answered.set()
        return response

    async def get_deal(request: Request) -> Response:
        return await api.in_thread(api.deal_doc, request)

    async def get_timepile(request: Request) -> Response:
        return await api.in_thread(api.timepile_doc, request)

    async def get_contracts(request: Request) -> Response:
        return await api.in_thread(api.contracts_doc, request)

    async def get_history(request: Request) -> Response:
        return await api.in_thread(lambda: server.private(api.history_doc(request)))

    async def get_rank(request: Request) -> Response:
        return await api.in_thread(api.rank_doc, request)

    async def get_odds(request: Request) -> Response:
        try:
            ask = await run_in_threadpool(api.odds_ask, request)
        except (UserError, DataError) as err:
            return api.failure(err)

        run = Run(stoppable=False)

        def work() -> dict[str, Any]:
            result = api.run_odds(ask, server.slot, run, server.workers)
            return api.odds_doc(result, ask.found)

        try:
            return api.answer(await server.simulate(request, run, work))
        except Stopped:
            return JSONResponse({"error": "stopped: the server is ending."}, status_code=503)
        except (UserError, DataError) as err:
            return api.failure(err)

    async def get_odds_stream(request: Request) -> Response:
        try:
            ask = await run_in_threadpool(api.odds_ask, request, ATLAS_PRECISION)
        except (UserError, DataError) as err:
            return api.failure(err)
        return StreamingResponse(
            _odds_events(server, ask),
            media_type="text/event-stream",
            headers={"x-accel-buffering": "no"},
        )

    async def post_record(request: Request) -> Response:
        try:
            doc = await api.posted(request)
        except UserError as err:
            return api.failure(err)

        def work() -> dict[str, Any]:
            result, pending = api.record_doc(doc)
            if pending is not None:  # the deal's chance is simulated after the answer
                with contextlib.suppress(RuntimeError):  # not once the server is ending
                    server.pool.submit(_predict_later, server, pending)
            return server.private(result)

        return await api.in_thread(work)

    async def post_remove(request: Request) -> Response:
        try:
            doc = await api.posted(request)
        except UserError as err:
            return api.failure(err)
        return await api.in_thread(lambda: server.private(api.remove_doc(doc)))

    async def post_seal(request: Request) -> Response:
        try:
            doc = await api.posted(request)
        except UserError as err:
            return api.failure(err)
        return await api.in_thread(lambda: server.private(api.seal_doc(doc)))

    async def manifest(request: Request) -> Response:
        jar = cookies(request.scope)
        lang = i18n.choose(None, jar.get(i18n.LANG_COOKIE), request.headers.get("accept-language"))
        return Response(json.dumps(page.manifest(lang)), media_type="application/manifest+json")

    async def not_found(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"no such page: {request.url.path}"}, status_code=404)

    routes = [
        Route("/", index),
        Route("/api/deal", get_deal),
        Route("/api/timepile", get_timepile),
        Route("/api/contracts", get_contracts),
        Route("/api/history", get_history),
        Route("/api/rank", get_rank),
        Route("/api/odds", get_odds),
        Route("/api/odds/stream", get_odds_stream),
        Route("/api/record", post_record, methods=["POST"]),
        Route("/api/seals", post_seal, methods=["POST"]),
        Route("/api/history/remove", post_remove, methods=["POST"]),
        Route("/manifest.webmanifest", manifest),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found})
    app.state.server = server
    return Guard(in_the_readers_language(app), access)


def in_the_readers_language(app: Any) -> Any:
    """``app`` answering each request in its reader's language (the page's switch, kept in
    a cookie, else the browser's): errors and sentences come from the shared catalog."""

    async def speaking(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        accept = next(
            (v.decode("latin-1") for k, v in scope["headers"] if k.lower() == b"accept-language"),
            None,
        )
        lang = i18n.choose(None, cookies(scope).get(i18n.LANG_COOKIE), accept)
        with text_language(lang):  # copied into the threads the documents are made in
            await app(scope, receive, send)

    return speaking


def warm_up() -> None:
    """Load what the first tap needs (the page in both languages, the card data, the
    atlas, the simulation's modules) while the server already answers."""
    from coop_helper.atlas.lookup import deal_row
    from coop_helper.render.difficulty import difficulty_report
    from coop_helper.setup.deals import deal
    from coop_helper.sim import odds  # noqa: F401 (the odds stream's first request)
    from coop_helper.web.worker import simulator

    for lang in i18n.LANGUAGES:
        page.render(lang, "")
    simulator().warm()
    for players in range(1, 6):
        contracts = deal(players, 0)
        deal_row(players, contracts)
        difficulty_report(players, contracts)


def _predict_later(server: Server, pending: Any) -> None:
    """In a simulation thread: a recorded game's chance (left without one if the server
    ends first; `history repredict` gives it then). A failure goes to the server's log,
    with its traceback when it is not a user's or the data's error."""
    run = Run(stoppable=False)
    record = pending[0]
    try:
        with server.runs.track(run):
            api.predict_later(pending, server.slot, run, server.workers)
    except Stopped:
        pass  # the server is ending
    except (UserError, DataError) as err:
        LOG.error(
            "game %s got no chance of winning (%s): history repredict gives it.", record.id, err
        )
    except Exception:
        LOG.exception("game %s got no chance of winning: history repredict gives it.", record.id)


TOKEN_DAYS = 2  # the token cookie outlives a closed browser; a new server has a new token


def _set_token(response: Response, request: Request, access: Access) -> None:
    given = request.query_params.get("token")
    if access.token is not None and access.token_ok(given):
        # lax: a phone that opens the address from a chat or a QR code keeps it
        response.set_cookie(
            TOKEN_COOKIE,
            access.token,
            httponly=True,
            samesite="lax",
            max_age=TOKEN_DAYS * 86_400,
        )


def event(name: str, data: Any) -> str:
    """One server-sent event."""
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"


def atlas_levels(ask: api.OddsAsk) -> list[dict[str, Any]] | None:
    """The atlas's win chance per level for the asked deal, at once: by cards removed, or
    by turns while a seal is unknown (``removed`` null), as the terminal shows it; None
    without a current atlas."""
    from coop_helper.atlas.lookup import deal_row

    pile = ask.found.pile
    top = pile.max_turns
    try:
        row = deal_row(ask.found.players, ask.found.contracts)
    except UserError:
        return None
    if row is None:
        return None
    levels = []
    for turns in range(top, -1, -1):
        win = row[min(turns, len(row) - 1)]
        removed = None if pile.size is None else pile.size - turns
        levels.append({"removed": removed, "turns": turns, "win": round(win, 6)})
        if win == 0.0:
            break
    return levels


async def _odds_events(server: Server, ask: api.OddsAsk) -> AsyncIterator[str]:
    """The atlas's odds at once, the simulation's after every batch, then the document.

    A page that goes away closes this generator: its run is stopped.
    """
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
    run = Run(stoppable=True)

    def on_batch(batch: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, ("batch", batch))

    def work() -> None:
        try:
            result = api.run_odds(ask, server.slot, run, server.workers, on_batch)
            done: tuple[str, Any] = ("done", api.with_schema(api.odds_doc(result, ask.found)))
        except Stopped:
            done = ("stopped", {"error": "stopped: another odds run took its place."})
        except (UserError, DataError) as err:
            done = ("failed", {"error": str(err)})
        loop.call_soon_threadsafe(queue.put_nowait, done)

    yield event("atlas", {"levels": atlas_levels(ask), "time_pile": ask.found.pile.size})

    def never_started(task: asyncio.Future[None]) -> None:  # queued when the server ended
        if task.cancelled():
            queue.put_nowait(("stopped", {"error": "stopped: the server is ending."}))

    with server.runs.track(run):
        task = loop.run_in_executor(server.pool, work)
        task.add_done_callback(never_started)
        try:
            while True:
                name, data = await queue.get()
                yield event(name, data)
                if name != "batch":
                    break
        finally:
            run.stop()  # the page went away (or the run ended): it stops at the next chunk
            task.add_done_callback(lambda _: None)
