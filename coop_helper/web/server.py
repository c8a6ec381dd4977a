"""`coop-helper serve`: the socket, the address (and its QR code), uvicorn."""

from __future__ import annotations

import errno
import signal
import socket
import sys
from dataclasses import dataclass
from typing import Any

from coop_helper.errors import UserError
from coop_helper.web.security import Access, is_loopback

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


@dataclass(frozen=True)
class Listening:
    """A bound socket and the address to open."""

    sock: socket.socket
    access: Access
    url: str


def lan_address() -> str:
    """This machine's address on its network (no packet is sent), else loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return DEFAULT_HOST
    finally:
        probe.close()


def listen(host: str, port: int) -> Listening:
    """Bind ``host:port``; a UserError naming --port or --host when it cannot be had."""
    if not 0 <= port <= 65535:
        raise UserError(f"--port must be 0 to 65535, not {port}.")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise UserError(
            f"--host {host} is not an address of this machine: use 127.0.0.1 (this machine "
            "only) or 0.0.0.0 (every phone on the network)."
        ) from None
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise UserError(
                f"port {port} is in use (another server?): choose another with --port PORT."
            ) from None
        if err.errno == errno.EACCES:
            raise UserError(
                f"port {port} needs more rights: choose one above 1023 with --port."
            ) from None
        raise UserError(f"cannot listen on {host}:{port} ({err.strerror}): check --host.") from None
    sock.listen(128)
    sock.set_inheritable(True)
    bound = sock.getsockname()[1]
    access = Access.for_host(host, bound)
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = lan_address()
    if ":" in shown:
        shown = f"[{shown}]"
    url = f"http://{shown}:{bound}/"
    if access.token is not None:
        url += f"?token={access.token}"
    return Listening(sock, access, url)


def qr_lines(url: str) -> str:
    """The address as a QR code for a terminal (empty if segno is missing)."""
    try:
        import segno
    except ImportError:
        return ""
    import io

    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue()


WEB_MODULES = ("starlette", "uvicorn", "jinja2")


def check_installed() -> None:
    """A UserError naming the extra when a module the server needs is missing."""
    import importlib.util

    for name in WEB_MODULES:
        if importlib.util.find_spec(name) is None:
            raise UserError(
                f"serve needs the web extra ({name} is missing): pip install 'coop-helper[web]'."
            )


def serve(host: str, port: int, open_browser: bool, workers: int) -> None:
    """Run the page's server until Ctrl-C: the address first on stdout, then (off
    loopback) its QR code; requests are not logged, so the token never is."""
    check_installed()
    listening = listen(host, port)
    import threading

    import uvicorn

    from coop_helper.web.app import Server, create_app, warm_up

    print(listening.url, flush=True)
    if not is_loopback(host):
        print("Phones on the same network: scan this, or open the address above.", flush=True)
        print(qr_lines(listening.url), end="", flush=True)
    print("Ctrl-C stops the server.", file=sys.stderr, flush=True)
    from coop_helper.web.protocol import ACCEPT_BURST, GuardedH11Protocol

    state = Server(listening.access, workers)
    config = uvicorn.Config(
        create_app(listening.access, workers, state),
        http=GuardedH11Protocol,
        backlog=ACCEPT_BURST,
        log_level="warning",
        access_log=False,
        timeout_keep_alive=5,  # an idle connection after an answer
        timeout_graceful_shutdown=1,
        h11_max_incomplete_event_size=16_384,  # a request's headers
        lifespan="off",
    )
    if open_browser:
        import webbrowser

        threading.Timer(0.3, webbrowser.open, (listening.url,)).start()

    # Ctrl-C stops every simulation at once, from a thread of its own: the signal's
    # handler runs in the main thread wherever it stands, perhaps holding a lock that
    # stopping them takes (handing a run to the simulation threads, say), so the handler
    # only wakes that thread (an event nothing else uses).
    stopping = threading.Event()

    def stop_runs() -> None:
        stopping.wait()
        state.close()

    threading.Thread(target=stop_runs, name="stopper", daemon=True).start()

    class Stoppable(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            stopping.set()
            super().handle_exit(sig, frame)

    server = Stoppable(config)

    def warm_once_up() -> None:  # after the first page (or a second): its start is not slowed
        state.answered.wait(timeout=1.0)
        if not server.should_exit:
            warm_up()

    threading.Thread(target=warm_once_up, name="warm-up", daemon=True).start()
    try:
        server.run(sockets=[listening.sock])
        # uvicorn raises the signal that stopped it again once it is down; where SIGINT is
        # ignored (a job started in the background) that raise does nothing: stop as
        # Ctrl-C does all the same, so the exit code says how the server ended.
        if signal.SIGINT in getattr(server, "_captured_signals", ()):
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        end_now(state)


def end_now(state: Any) -> None:
    """The server is down and every run stopped: end the process now, as a stopped
    command ends (its message, its exit code, the exit handlers), but without the
    interpreter's teardown of every loaded module, which takes seconds on a busy machine
    and would hold Ctrl-C past its 2 seconds."""
    import atexit
    import os

    from coop_helper import interrupts
    from coop_helper.text.i18n import _

    state.close()  # done already by the stopper thread, unless it has not run yet
    state.pool.shutdown(wait=True)  # their runs are stopped: each thread ends at once
    code = interrupts.exit_code()
    if code == interrupts.INTERRUPTED:
        print(_("interrupted"), file=sys.stderr)
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
