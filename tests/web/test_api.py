"""The web API returns the CLI's --json documents, refuses bad input as the CLI does, and
records games with the CLI's locks."""

from __future__ import annotations

import json
import threading

import httpx
import pytest
from helpers.web import client, page_csrf, serve

SOLO = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]


def cli_json(run, *args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def cli_error(run, *args: str) -> str:
    result = run(*args)
    assert result.exit_code == 2
    return result.stderr.strip().removeprefix("error: ")


def test_deal_is_the_cli_document(run):
    api = client().get("/api/deal", params={"players": 3, "seed": 7})
    assert api.status_code == 200
    assert api.json() == cli_json(run, "deal", "--players", "3", "--seed", "7")


def test_deal_by_difficulty_with_keep_and_avoid_is_the_cli_document(run):
    params = [
        ("players", "2"),
        ("seed", "11"),
        ("difficulty", "hard"),
        ("keep", "Explorer"),
        ("avoid", "Fighter"),
    ]
    api = client().get("/api/deal", params=params)
    assert api.status_code == 200, api.text
    doc = cli_json(
        run, "deal", "--players", "2", "--seed", "11", "--difficulty", "hard",
        "--keep", "Explorer", "--avoid", "Fighter",
    )  # fmt: skip
    assert api.json() == doc
    names = [c["name"] for c in doc["contracts"]]
    assert "Explorer" in names and "Fighter" not in names


def test_timepile_and_contracts_are_the_cli_documents(run):
    code = client().get("/api/deal", params={"players": 4, "seed": 3}).json()["code"]
    api = client().get("/api/timepile", params={"code": code})
    assert api.json() == cli_json(run, "timepile", "--code", code)
    by_name = client().get("/api/timepile", params=[("contract", n) for n in SOLO])
    assert by_name.json() == cli_json(run, "timepile", *SOLO)
    for players in (None, 2):
        params = {} if players is None else {"players": players}
        extra = [] if players is None else ["--players", str(players)]
        assert client().get("/api/contracts", params=params).json() == cli_json(
            run, "contracts", *extra
        )


def test_odds_is_the_cli_document(run):
    params = [*(("contract", n) for n in SOLO), ("games", "400"), ("seed", "5")]
    api = client().get("/api/odds", params=params)
    assert api.status_code == 200, api.text
    doc = cli_json(run, "odds", *SOLO, "--games", "400", "--seed", "5", "--workers", "1")
    assert api.json() == doc


@pytest.mark.parametrize(
    ("path", "params", "cli"),
    [
        ("/api/deal", {"players": 7}, ["deal", "--players", "7"]),
        ("/api/deal", {"players": 2, "difficulty": "x"}, ["deal", "-p", "2", "--difficulty", "x"]),
        ("/api/timepile", {"code": "PR1-XXXX"}, ["timepile", "--code", "PR1-XXXX"]),
        ("/api/timepile", {"contract": "Lady Kiler"}, ["timepile", "Lady Kiler"]),
        (
            "/api/odds",
            {"contract": SOLO, "games": 2_000_000},
            ["odds", *SOLO, "--games", "2000000"],
        ),
        ("/api/odds", {"contract": SOLO, "target": "0"}, ["odds", *SOLO, "--target", "0"]),
        ("/api/contracts", {"players": 0}, ["contracts", "--players", "0"]),
        ("/api/history", {"since": "yesterday"}, ["history", "--since", "yesterday"]),
    ],
)
def test_bad_input_is_400_with_the_cli_line(run, path, params, cli):
    response = client().get(path, params=params)
    assert response.status_code == 400
    assert response.json() == {"error": cli_error(run, *cli)}


def test_a_word_for_a_number_is_400():
    response = client().get("/api/deal", params={"players": "three"})
    assert response.status_code == 400
    assert "players must be a whole number" in response.json()["error"]


def test_the_stream_gives_the_atlas_first_then_batches_then_the_odds_document():
    code = client().get("/api/deal", params={"players": 2, "seed": 4}).json()["code"]
    params = {"code": code, "games": "800", "seed": "9"}
    session = client()
    events = []
    with session.stream("GET", "/api/odds/stream", params=params) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        name = None
        for line in stream.iter_lines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                events.append((name, json.loads(line[6:])))
    names = [n for n, _ in events]
    assert names[0] == "atlas" and names[-1] == "done"
    assert set(names[1:-1]) == {"batch"} and len(names) == 4  # 800 games: two batches of 400
    atlas = events[0][1]
    assert atlas["levels"][0]["removed"] == 0 and 0 < atlas["levels"][0]["win"] < 1
    assert [b["games"] for n, b in events if n == "batch"] == [400, 800]
    assert events[-1][1] == session.get("/api/odds", params=params).json()


def test_a_second_stream_stops_the_first_and_a_page_that_leaves_stops_its_run(tmp_path):
    """One simulation at a time: the first page's endless run gives way to the second's;
    the second page leaves, and the slot is free again at once for a short run."""
    with serve(tmp_path) as server:
        params = {"contract": SOLO, "games": "100000"}
        url = server.url + "api/odds/stream"
        with httpx.stream("GET", url, params=params, timeout=60) as first:
            lines = first.iter_lines()
            assert next(lines) == "event: atlas"
            with httpx.stream("GET", url, params=params, timeout=60) as second:
                seen = [line for line in lines if line.startswith("event: ")]
                assert seen[-1] == "event: stopped"  # the first gave way
                second_lines = second.iter_lines()
                assert next(second_lines) == "event: atlas"
                for line in second_lines:
                    if line.startswith("event: batch"):
                        break  # the second is simulating; now its page goes away
        short = {"contract": SOLO, "games": "400"}
        response = httpx.get(server.url + "api/odds", params=short, timeout=60)
        assert response.status_code == 200 and response.json()["games"] == 400


def _record(session, csrf: str, **fields) -> httpx.Response:
    return session.post("/api/record", json=fields, headers={"x-csrf-token": csrf})


def test_record_then_history_are_the_cli_documents(run):
    session = client()
    csrf = page_csrf(session)
    code = session.get("/api/timepile", params=[("contract", n) for n in SOLO]).json()["code"]
    response = _record(
        session, csrf, code=code, won=True, removed=2, moves=1, date="2026-11-30", note="fun"
    )
    assert response.status_code == 200, response.text
    doc = response.json()
    assert doc["schema"] == 1 and doc["game"]["code"] == code and doc["game"]["points"] == 3
    assert doc["game"]["note"] == "fun" and doc["warnings"] == []
    history = session.get("/api/history").json()
    assert history == cli_json(run, "history")
    assert [g["code"] for g in history["games"]] == [code]
    again = _record(
        session, csrf, code=code, won=True, removed=2, moves=1, date="2026-11-30", note="fun"
    ).json()
    assert again["game"]["id"] == 2  # kept, as `record` keeps it away from a terminal
    assert again["warnings"][0].startswith("the journal holds a game of the same day")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"removed": 2}, "say how the game ended"),
        ({"won": True}, "say how many cards were moved"),
        ({"won": True, "removed": 40}, "is more than the Time Pile"),
        ({"won": True, "removed": "2"}, "removed must be a whole number"),
        ({"won": True, "removed": 1, "date": "2999-01-01"}, "--date"),
        ({"won": True, "removed": 1, "code": "PR1-XXXX"}, "share code"),
    ],
)
def test_a_bad_record_is_400_and_writes_nothing(tmp_path, fields, message):
    session = client()
    csrf = page_csrf(session)
    fields = {"contracts": SOLO, **fields}
    if "code" in fields:
        del fields["contracts"]
    response = _record(session, csrf, **fields)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert not (tmp_path / "journal.sqlite3").exists()


def test_a_recorded_seal_is_remembered_like_seals_set(run):
    session = client()
    csrf = page_csrf(session)
    names = [("contract", n) for n in ("Ransom", "Explorer", "Fighter")]
    before = session.get("/api/timepile", params=names).json()
    assert before["time_pile"] is None and before["missing_seals"] == ["Ransom"]
    response = session.post(
        "/api/seals", json={"name": "Ransom", "seal": "1B"}, headers={"x-csrf-token": csrf}
    )
    assert response.status_code == 200, response.text
    assert response.json()["seal"] == {"number": 1, "letter": "B"}
    after = session.get("/api/timepile", params=names).json()
    assert after == cli_json(run, "timepile", "Ransom", "Explorer", "Fighter")
    assert after["time_pile"] == 13 + 1 + 1 + 0 + 3
    listed = cli_json(run, "seals", "list")
    assert {"name": "Ransom", "key": "ransom", "seal": {"number": 1, "letter": "B"}} in listed[
        "seals"
    ]
    refused = session.post(
        "/api/seals", json={"name": "Explorer", "seal": "1B"}, headers={"x-csrf-token": csrf}
    )
    assert refused.status_code == 400 and "seal is known" in refused.json()["error"]


def test_twenty_phones_recording_at_once_lose_nothing(tmp_path):
    with serve(tmp_path) as server:
        phones = []
        for _ in range(20):
            phone = httpx.Client(base_url=server.url, timeout=120)
            page = phone.get("/")
            csrf = page.text.split('name="csrf-token" content="')[1].split('"')[0]
            phones.append((phone, csrf))
        answers: list[int] = []

        def record(phone: httpx.Client, csrf: str, index: int) -> None:
            body = {
                "contracts": SOLO,
                "won": index % 2 == 0,
                "removed": 1,
                "note": f"phone {index}",
            }
            response = phone.post("/api/record", json=body, headers={"x-csrf-token": csrf})
            answers.append(response.status_code)

        threads = [
            threading.Thread(target=record, args=(phone, csrf, i))
            for i, (phone, csrf) in enumerate(phones)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert answers == [200] * 20
        games = phones[0][0].get("/api/history").json()["games"]
        assert sorted(g["note"] for g in games) == sorted(f"phone {i}" for i in range(20))
        assert len({g["id"] for g in games}) == 20
        for phone, _ in phones:
            phone.close()
