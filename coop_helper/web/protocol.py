"""The HTTP connections uvicorn serves, held to a deadline and a cap.

uvicorn times out a connection only once it has answered a request on it: one that never
sends its headers, or sends them a byte at a time, would stay open for ever, and a few
thousand such connections use up the server's file descriptors. Here every connection
must finish its request's headers within ``HEADER_TIMEOUT`` seconds, and past
``MAX_CONNECTIONS`` the oldest connection that is waiting for headers is closed to make
room, so a phone's request is served while others hold connections open.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0  # seconds for a connection to send a request's headers
MAX_CONNECTIONS = 200  # open connections; the server's file descriptors stay far from the limit
ACCEPT_BURST = 128  # connections accepted at once before they are counted (asyncio's backlog)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's headers and a cap on
    open connections."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._opened = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._opened = self.loop.time()
        self._arm()
        if len(self.connections) > MAX_CONNECTIONS:
            self._shed()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()  # the next request's headers have the same deadline

    def waiting_for_headers(self) -> bool:
        """No request is under way: the connection is idle or its headers are unfinished."""
        idle = self.cycle is None or self.cycle.response_complete
        return idle and self.conn.their_state is h11.IDLE

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(HEADER_TIMEOUT, self._on_deadline)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _on_deadline(self) -> None:
        self._deadline = None
        if self.waiting_for_headers():
            self.transport.close()

    def _shed(self) -> None:
        """Close the oldest connections (other than this one) that have no request under
        way, until at most MAX_CONNECTIONS are open."""
        live = [c for c in self.connections if not c.transport.is_closing()]
        excess = len(live) - MAX_CONNECTIONS
        if excess <= 0:
            return
        waiting = [
            c
            for c in live
            if c is not self and isinstance(c, GuardedH11Protocol) and c.waiting_for_headers()
        ]
        waiting.sort(key=lambda c: c._opened)
        for connection in waiting[:excess]:
            connection._disarm()
            connection.transport.close()
