"""`serve`: the table-side web page (needs the ``web`` extra)."""

from __future__ import annotations

from typing import Annotated

import typer

from coop_helper.cli.app import command
from coop_helper.errors import UserError


@command("serve", epilog="Example: coop-helper serve --host 0.0.0.0")
def serve_command(
    host: Annotated[
        str,
        typer.Option(
            "--host",
            metavar="HOST",
            help="Where to listen: 127.0.0.1 (this machine only) or 0.0.0.0 (phones on the "
            "network too; the address then carries a token).",
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", metavar="PORT", help="The port (0: any free one).")
    ] = 8000,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the page in this machine's browser.")
    ] = False,
    workers: Annotated[
        int,
        typer.Option("--workers", "-w", metavar="W", help="Worker processes per simulation."),
    ] = 1,
) -> None:
    """Serve the table-side page: deal, odds, record and history on every phone."""
    from coop_helper.sim.odds import MAX_WORKERS
    from coop_helper.web.server import serve

    if not 1 <= workers <= MAX_WORKERS:
        raise UserError(f"--workers must be 1 to {MAX_WORKERS}, not {workers}.")
    serve(host, port, open_browser, workers)
