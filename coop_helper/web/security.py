"""Who may use the page: the access token off loopback, the Host check, CSRF, headers.

Everything here is one ASGI middleware, `Guard`, in front of every route (page, API,
static files, stream), so no route can forget a check.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

TOKEN_COOKIE = "coop_token"
SESSION_COOKIE = "coop_session"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD"})
# what a phone fetches to install the page, without its cookies: nothing of the table's
PUBLIC_PATHS = frozenset(
    {
        "/manifest.webmanifest",
        "/static/icon.svg",
        "/static/icon-192.png",
        "/static/icon-512.png",
        "/static/icon-maskable-512.png",
    }
)
HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),  # the address may carry the token
    (b"cache-control", b"no-store"),
]


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or ``localhost``) reaches only this machine."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


@dataclass
class Access:
    """The server's secrets and the addresses it answers to."""

    host: str
    port: int
    token: str | None  # None on loopback: no token is asked for
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))

    @classmethod
    def for_host(cls, host: str, port: int) -> Access:
        """A token for a server others can reach; none for one on loopback."""
        return cls(host, port, None if is_loopback(host) else secrets.token_urlsafe(18))

    def host_allowed(self, header: str) -> bool:
        """Is this Host header the server's own address (an IP literal, ``localhost`` or
        the name it was started with, on its port)? A name that resolves here through
        someone's DNS (a rebinding attack) is not."""
        try:
            parts = urlsplit("//" + header)
            name, port = parts.hostname, parts.port
        except ValueError:
            return False
        if not name or (port is not None and port != self.port):
            return False
        return _is_ip(name) or name in ("localhost", self.host.lower())

    def token_ok(self, given: str | None) -> bool:
        """The access token, compared in constant time."""
        if self.token is None:
            return True
        if given is None:
            return False
        return hmac.compare_digest(given.encode(), self.token.encode())

    def csrf_for(self, session: str) -> str:
        """The CSRF token of a page's session: only a page the server sent knows it."""
        return hmac.new(self.secret, session.encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, session: str | None, given: str | None) -> bool:
        """Does a changing request carry its page's CSRF token?"""
        if not session or not given:
            return False
        return hmac.compare_digest(self.csrf_for(session).encode(), given.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def cookies(scope: Scope) -> dict[str, str]:
    """The request's cookies."""
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(_headers(scope).get("cookie", ""))
    except Exception:  # a malformed cookie header counts as none
        return {}
    return {key: morsel.value for key, morsel in jar.items()}


def _query_token(scope: Scope) -> str | None:
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
    return values[0] if values else None


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class Guard:
    """Refuses what should not get in, before any route sees it, and adds the security
    headers to every answer."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # the page uses none: refused before any route
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        access = self.access
        if not access.host_allowed(headers.get("host", "")):
            await _refuse(send, 403, "this server answers only to its own address.")
            return
        jar = cookies(scope)
        public = scope["method"] in SAFE_METHODS and scope["path"] in PUBLIC_PATHS
        tokened = access.token_ok(_query_token(scope)) or access.token_ok(jar.get(TOKEN_COOKIE))
        if not (public or tokened):
            await _refuse(send, 403, "open the address with its token (as the server printed it).")
            return
        if scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None and origin.split("://", 1)[-1] != headers.get("host"):
                await _refuse(send, 403, "a request from another site is refused.")
                return
            if not access.csrf_ok(jar.get(SESSION_COOKIE), headers.get(CSRF_HEADER)):
                await _refuse(send, 403, "reload the page: its form is out of date (CSRF).")
                return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)
