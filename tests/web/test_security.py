"""Nobody gets in who should not: the token off loopback, the Host check, CSRF, static
files only from the package's folder, the security headers, and no token in the log."""

from __future__ import annotations

import hmac

import httpx
import pytest
from helpers.web import client, page_csrf, serve

from coop_helper.web import security
from coop_helper.web.security import Access

LAN = "192.168.1.20"
TOKEN = "s3cret-token-of-the-table"
SOLO = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/api/deal?players=2",
        "/api/contracts",
        "/api/history",
        "/api/odds/stream?contract=Explorer&contract=Fighter&contract=Jinx",
        "/static/app.js",
        "/static/app.css",
    ],
)
def test_off_loopback_every_request_without_the_token_is_403(path):
    phone = client(LAN, 8000, TOKEN)
    assert phone.get(path).status_code == 403
    wrong = TOKEN[:-1] + ("x" if TOKEN[-1] != "x" else "y")  # same length, one letter off
    assert phone.get(path, params={"token": wrong}).status_code == 403
    phone.cookies.set(security.TOKEN_COOKIE, wrong)
    assert phone.get(path).status_code == 403


def test_the_token_opens_the_page_and_moves_into_a_cookie():
    phone = client(LAN, 8000, TOKEN)
    opened = phone.get("/", params={"token": TOKEN}, follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/"
    assert (
        TOKEN in opened.headers["set-cookie"] and "httponly" in opened.headers["set-cookie"].lower()
    )
    for path in ("/", "/static/app.js", "/api/deal?players=2"):
        assert phone.get(path).status_code == 200, path
    another = client(LAN, 8000, TOKEN)  # a phone without the cookie is still refused
    assert another.get("/api/deal?players=2").status_code == 403


def test_loopback_needs_no_token():
    assert client().get("/api/deal", params={"players": 2}).status_code == 200
    assert Access.for_host("127.0.0.1", 8000).token is None
    assert Access.for_host("0.0.0.0", 8000).token is not None


def test_the_token_is_compared_in_constant_time(monkeypatch):
    compared = []
    original = hmac.compare_digest

    def compare(a, b):
        compared.append((a, b))
        return original(a, b)

    monkeypatch.setattr(security.hmac, "compare_digest", compare)
    assert client(LAN, 8000, TOKEN).get("/", params={"token": "guess"}).status_code == 403
    assert (b"guess", TOKEN.encode()) in compared


@pytest.mark.parametrize(
    "host",
    ["evil.example:8000", "evil.example", "127.0.0.1:9999", "localhost.evil.example:8000", ""],
)
def test_a_foreign_host_header_is_refused(host):
    response = client().get("/api/deal?players=2", headers={"host": host})
    assert response.status_code == 403


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_the_servers_own_host_names_are_answered(host):
    assert client().get("/api/deal?players=2", headers={"host": host}).status_code == 200


def _record(phone, headers=None, **kwargs):
    body = {"contracts": SOLO, "won": True, "removed": 1}
    return phone.post("/api/record", json=body, headers=headers or {}, **kwargs)


def test_a_change_needs_the_pages_csrf_token(tmp_path):
    phone = client()
    csrf = page_csrf(phone)
    assert _record(phone).status_code == 403  # no token
    assert _record(phone, {"x-csrf-token": "0" * 64}).status_code == 403  # a made-up one
    other = client()
    other_csrf = page_csrf(other)
    assert _record(phone, {"x-csrf-token": other_csrf}).status_code == 403  # another page's
    seal = phone.post("/api/seals", json={"name": "Ransom", "seal": "1A"})
    assert seal.status_code == 403
    assert not (tmp_path / "journal.sqlite3").exists()
    assert not (tmp_path / "config.toml").exists()
    assert _record(phone, {"x-csrf-token": csrf}).status_code == 200


def test_a_post_from_another_site_is_refused_even_with_the_token(tmp_path):
    phone = client()
    csrf = page_csrf(phone)
    headers = {"x-csrf-token": csrf, "origin": "http://evil.example"}
    assert _record(phone, headers).status_code == 403
    form = phone.post(
        "/api/record",
        content=b"won=1&removed=1",
        headers={"x-csrf-token": csrf, "content-type": "application/x-www-form-urlencoded"},
    )
    assert form.status_code == 400 and "JSON" in form.json()["error"]
    assert not (tmp_path / "journal.sqlite3").exists()


@pytest.mark.parametrize(
    "path",
    [
        "/static/../app.py",
        "/static/%2e%2e/app.py",
        "/static/..%2fapp.py",
        "/static/%2e%2e/%2e%2e/web/security.py",
        "/static/",
        "/static",
        "/static/nothing.js",
    ],
)
def test_static_files_come_only_from_the_packages_folder(path):
    response = client().get(path)
    assert response.status_code == 404
    assert "def " not in response.text and "import" not in response.text


def test_every_answer_carries_the_security_headers():
    for path in ("/", "/static/app.js", "/api/deal?players=2", "/api/deal?players=9"):
        response = client().get(path)
        csp = response.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"


def test_the_page_loads_nothing_from_elsewhere():
    page = client().get("/").text
    for attribute in ("src=", "href="):
        for part in page.split(attribute)[1:]:
            target = part[1:].split(part[0])[0]
            assert not target.startswith(("http:", "https:", "//")), target


def test_a_simulation_is_bounded_by_the_clis_limits():
    response = client().get("/api/odds/stream", params={"contract": SOLO, "games": 10**9})
    assert response.status_code == 400 and "--games must be 1 to 1,000,000" in response.text


def test_the_token_is_never_written_to_the_log(tmp_path):
    with serve(tmp_path, "--host", "0.0.0.0") as server:
        token = server.url.split("token=")[1]
        base = server.url.split("?")[0]
        assert httpx.get(base).status_code == 403
        phone = httpx.Client(base_url=base, follow_redirects=True)
        assert phone.get("/", params={"token": token}).status_code == 200  # redirected
        assert phone.get("/api/deal", params={"players": 3}).status_code == 200
        assert phone.get("/api/deal", params={"players": 9, "token": token}).status_code == 400
        phone.close()
        code = server.stop()
        log = server.log()
        rest = server.process.stdout.read()
    assert code == 130
    assert token not in log and token not in rest  # only the first line, the address
    assert "Ctrl-C" in log


def test_a_websocket_is_refused():
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect), client().websocket_connect("/api/deal"):
        pass
