"""Rooms (docs/server.md, "Rooms"): created with a number, a seat and a link, their body
checked, filled by number and readied (the room deals once all are ready), left, removed and
closed, unknown numbers limited per address; every refusal a clear error that changes nothing;
on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.limits import Limits  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.rooms import app_client, auth, join, new_room, state, until  # noqa: E402
from tests.support.server_util import deadline, recv  # noqa: E402, F401 (deadline: autouse)


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with app_client(db) as c:
        yield c


def test_a_room_is_created_with_a_number_a_seat_and_a_link(client: TestClient) -> None:
    made = new_room(client)
    number = made["room"]
    assert len(number) == 6 and number.isdigit()
    assert made["seat"] == 0 and made["link"] == f"/#room={number}" and made["token"]
    room = state(client, number)
    assert room["status"] == "waiting" and room["host"] == 0
    assert [s["name"] for s in room["seats"]] == ["阿明", None, None, None]
    # the bots' seats are filled at once, and ready
    assert [s["ready"] for s in room["seats"]] == [False, False, True, True]
    assert [s["kind"] for s in room["seats"]] == ["human", "human", "greedy", "greedy"]
    assert room["rules"]["profile"] == "taiyuan" and room["match"] is None
    # a room is private: not listed, and its table is not shown without a token
    assert client.get("/tables").json()["tables"] == []
    assert client.get(f"/tables/{made['table']}").status_code == 404
    ok = client.get(f"/tables/{made['table']}", params={"token": made["token"]})
    assert ok.status_code == 200 and ok.json()["waiting"] is True


def test_the_room_body_is_checked(client: TestClient) -> None:
    cases = [
        ({"name": ""}, 400, "name is empty"),
        ({"seats": ["greedy", "human", "greedy", "greedy"]}, 400, "seats[0]"),
        ({"private": False}, 400, "private"),
        ({"name": "x" * 17}, 400, "at most 16"),
        ({"match": 0}, 400, "match"),
    ]
    for extra, status, words in cases:
        body = {"rules": "taiyuan", "seats": ["human", "human", "greedy", "greedy"], "name": "a"}
        body.update(extra)
        r = client.post("/rooms", json=body)
        assert r.status_code == status and words in r.json()["message"], (extra, r.text)
    r = client.post("/rooms", json={"rules": "taiyuan"})
    assert r.status_code == 400 and "name" in r.json()["message"]


def test_players_join_by_number_and_the_room_deals_once_all_are_ready(
    client: TestClient,
) -> None:
    made = new_room(client, seats=["human", "human", "human", "greedy"])
    number = made["room"]
    r = join(client, number, "Bea", seat=2)
    assert r.status_code == 200, r.text
    bea = r.json()
    assert bea["seat"] == 2 and bea["table"] == made["table"]
    cy = join(client, number, "Cy").json()
    assert cy["seat"] == 1  # the first free seat
    # ready, one by one: the match deals only when every person is ready
    for token in (made["token"], bea["token"]):
        r = client.post(f"/rooms/{number}/ready", headers=auth(token))
        assert r.status_code == 200 and r.json()["status"] == "waiting"
    with client.websocket_connect(f"/tables/{made['table']}/ws?token={cy['token']}") as ws:
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["seat"] == 1
        first = recv(ws)
        assert first["type"] == "room" and first["room"]["status"] == "waiting"
        ws.send_json({"type": "ready"})
        got = until(ws, "event")
        rooms = [m["room"] for m in got if m["type"] == "room"]
        assert rooms and rooms[-1]["status"] == "playing"
        assert got[-1]["event"]["type"] == "start_hand"
    # the first in the room (the host, seat 0) deals the first hand
    table = client.get(f"/tables/{made['table']}", params={"token": made["token"]}).json()
    assert table["dealer"] == 0 and table["waiting"] is False
    # ready after the match started: refused, nothing changed
    r = client.post(f"/rooms/{number}/ready", headers=auth(bea["token"]))
    assert r.status_code == 409 and r.json()["error"] == "RoomStateError"
    r = join(client, number, "Dee")  # (a room being played has every seat taken)
    assert r.status_code == 409 and r.json()["error"] == "RoomFullError"
    assert state(client, number)["status"] == "playing"


def test_refusals_name_their_field_and_change_nothing(client: TestClient) -> None:
    made = new_room(client)
    number = made["room"]
    other = new_room(client)
    before = state(client, number)
    bad_names = [
        ("", 400, "InvalidArgumentError"),
        ("   ", 400, "InvalidArgumentError"),
        ("x" * 17, 400, "InvalidArgumentError"),
        ("a\x07b", 400, "InvalidArgumentError"),
        ("evil\u202etxt", 400, "InvalidArgumentError"),
        ("zero\u200dwidth", 400, "InvalidArgumentError"),
        (42, 400, "InvalidArgumentError"),
        ("阿明", 409, "NameTakenError"),
        ("阿明 ", 409, "NameTakenError"),
    ]
    for name, status, error in bad_names:
        r = join(client, number, name)
        assert r.status_code == status and r.json()["error"] == error, (name, r.text)
        assert "name" in r.json()["message"]
    for extra, error in [({"seat": 2}, "RoomFullError"), ({"seat": 0}, "RoomFullError")]:
        r = join(client, number, "Bea", **extra)
        assert r.status_code == 409 and r.json()["error"] == error, r.text
    r = join(client, number, "Bea", seat=9)
    assert r.status_code == 400 and "seat" in r.json()["message"]
    r = client.post(f"/rooms/{number}/join", json={"name": "Bea", "colour": "red"})
    assert r.status_code == 400 and r.json()["error"] == "ProtocolError"
    assert state(client, number) == before
    # a full room
    assert join(client, number, "Bea").status_code == 200
    r = join(client, number, "Cy")
    assert r.status_code == 409 and r.json()["error"] == "RoomFullError"
    # tokens: missing, wrong, another room's
    for headers in ({}, auth("nope"), auth(other["token"])):
        r = client.post(f"/rooms/{number}/ready", headers=headers)
        assert r.status_code == 401 and r.json()["error"] == "InvalidTokenError", r.text
        r = client.post(f"/rooms/{number}/leave", headers=headers)
        assert r.status_code == 401
        r = client.post(f"/rooms/{number}/remove", headers=headers, json={"seat": 1})
        assert r.status_code == 401
    r = client.post(f"/rooms/{number}/ready", headers=auth(made["token"]), json={"ready": "yes"})
    assert r.status_code == 400 and "ready" in r.json()["message"]
    assert [s["ready"] for s in state(client, number)["seats"]] == [False, False, True, True]


def test_leave_remove_and_close(client: TestClient) -> None:
    made = new_room(client, seats=["human", "human", "human", "random"])
    number, host = made["room"], made["token"]
    bea = join(client, number, "Bea").json()
    cy = join(client, number, "Cy").json()
    # a player leaves: the seat frees, the token no longer serves
    r = client.post(f"/rooms/{number}/leave", headers=auth(bea["token"]))
    assert r.status_code == 200 and r.json()["seats"][bea["seat"]]["name"] is None
    r = client.post(f"/rooms/{number}/ready", headers=auth(bea["token"]))
    assert r.status_code == 401
    # the host cannot leave
    r = client.post(f"/rooms/{number}/leave", headers=auth(host))
    assert r.status_code == 409 and r.json()["error"] == "RoomStateError"
    # a non-host cannot remove; the host can
    r = client.post(f"/rooms/{number}/remove", headers=auth(cy["token"]), json={"seat": 0})
    assert r.status_code == 403 and r.json()["error"] == "NotHostError"
    r = client.post(f"/rooms/{number}/remove", headers=auth(host), json={"seat": 1})
    assert r.status_code == 400 and "seat 1" in r.json()["message"]
    with client.websocket_connect(f"/tables/{made['table']}/ws?token={cy['token']}") as ws:
        assert recv(ws)["type"] == "hello"
        r = client.post(f"/rooms/{number}/remove", headers=auth(host), json={"seat": cy["seat"]})
        assert r.status_code == 200
        last = until(ws, "room")[-1]
        while last["room"]["seats"][cy["seat"]]["name"] is not None:
            last = until(ws, "room")[-1]
    assert client.post(f"/rooms/{number}/ready", headers=auth(cy["token"])).status_code == 401
    # a non-host cannot close; the host can, for everyone
    dee = join(client, number, "Dee").json()
    r = client.delete(f"/rooms/{number}", headers=auth(dee["token"]))
    assert r.status_code == 403
    r = client.delete(f"/rooms/{number}", headers=auth(host))
    assert r.status_code == 200 and r.json()["status"] == "closed"
    assert state(client, number)["status"] == "closed"
    r = join(client, number, "Eve")
    assert r.status_code == 409 and r.json()["error"] == "RoomStateError"
    r = client.post(f"/rooms/{number}/ready", headers=auth(dee["token"]))
    assert r.status_code == 409


def test_unknown_numbers_are_limited_per_address(db: str) -> None:
    app = create_app(db, bot_delay=0, claim_wait=0, limits=Limits(unknown_rooms_per_minute=10))
    with TestClient(app) as client:
        r = client.post(
            "/rooms", json={"seats": ["human", "human", "greedy", "greedy"], "name": "h"}
        )
        number = r.json()["room"]
        assert state(client, number)["status"] == "waiting"
        guesses = [f"{(int(number) + k) % 10**6:06d}" for k in range(1, 12)]
        statuses = [client.get(f"/rooms/{g}").status_code for g in guesses]
        assert statuses == [404] * 10 + [429], statuses
        # once limited, even the right number is refused (a hit says nothing more)
        r = client.get(f"/rooms/{number}")
        assert r.status_code == 429 and r.json()["error"] == "LimitError"
        for bad in ("12345", "abcdef", "1234567"):
            assert client.get(f"/rooms/{bad}").status_code == 429
