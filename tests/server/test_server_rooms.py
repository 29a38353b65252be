"""Rooms (docs/server.md, "Rooms"): created, filled by number, readied, played, scored and
played again; every refusal a clear error that changes nothing; on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Match, Rules  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.auth import token_digest  # noqa: E402
from koudiandian.server.limits import Limits  # noqa: E402
from koudiandian.server.store import SCHEMA_VERSION, Store  # noqa: E402
from koudiandian.server.storedroom import Player  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import act_message, choose, deadline, recv  # noqa: E402, F401


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as c:
        yield c


def new_room(client: TestClient, **spec: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "rules": "taiyuan",
        "seats": ["human", "human", "greedy", "greedy"],
        "seed": 7,
        "name": "阿明",
    }
    body.update(spec)
    r = client.post("/rooms", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(client: TestClient, number: str, name: str, **extra: Any) -> Any:
    return client.post(f"/rooms/{number}/join", json={"name": name, **extra})


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def state(client: TestClient, number: str) -> dict[str, Any]:
    r = client.get(f"/rooms/{number}")
    assert r.status_code == 200, r.text
    return dict(r.json())


def until(ws: Any, kind: str) -> list[dict[str, Any]]:
    got = []
    while True:
        m = recv(ws)
        got.append(m)
        if m["type"] == kind:
            return got


def play_to_end(ws: Any) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while True:
        m = recv(ws)
        got.append(m)
        if m["type"] == "match_end":
            return got
        if m["type"] == "view" and m["view"]["legal_actions"]:
            view = m["view"]
            ws.send_json(act_message(view, choose(view["legal_actions"], view["drawn"])))


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


def test_a_match_is_played_scored_and_played_again(client: TestClient) -> None:
    made = new_room(client, seats=["human", "human", "greedy", "greedy"], match=1)
    number, host = made["room"], made["token"]
    bea = join(client, number, "Bea").json()
    first = made["table"]
    h = client.websocket_connect(f"/tables/{first}/ws?token={host}")
    b = client.websocket_connect(f"/tables/{first}/ws?token={bea['token']}")
    with h as hws, b as bws:
        for ws in (hws, bws):
            assert recv(ws)["type"] == "hello"
            ws.send_json({"type": "ready"})
        # each seat plays in a thread of its own (a socket's receive blocks)
        got: dict[int, list[dict[str, Any]]] = {}
        threads = [
            threading.Thread(target=lambda i=i, ws=ws: got.__setitem__(i, play_to_end(ws)))
            for i, ws in enumerate((hws, bws))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        ends = [got[i][-1] for i in (0, 1)]
        assert ends[0] == ends[1] and ends[0]["type"] == "match_end"
        over = until(hws, "room")[-1]["room"]
        while over["status"] != "over":
            over = until(hws, "room")[-1]["room"]
    record = client.get(f"/rooms/{number}/record").json()
    assert record["room"] == number and len(record["matches"]) == 1
    played = record["matches"][0]
    assert played["table"] == first and played["over"] and len(played["hands"]) == 1
    row = played["hands"][0]
    assert row["hand"] == 0 and row["dealer"] == 0 and row["totals"] == ends[0]["scores"]
    assert sum(row["deltas"]) == 0 and row["replay"] == f"/tables/{first}/hands/0/replay"
    assert row["how"] in ("self_draw", "discard", "robbed_kong", "drawn")
    for win in row["wins"]:
        assert win["items"] and all(i["chinese"] for i in win["items"])
    assert client.get(f"/tables/{first}/record", params={"token": host}).json() == played
    assert client.get(f"/tables/{first}/record").status_code == 404  # private without a token
    replay = client.get(f"/tables/{first}/hands/0/replay", params={"token": bea["token"]})
    assert replay.status_code == 200
    # 再来一局: the same room, seats and tokens; a new table once all are ready again
    r = client.post(f"/rooms/{number}/ready", headers=auth(bea["token"]))
    assert r.status_code == 200
    again = r.json()
    assert again["status"] == "waiting" and again["table"] != first
    assert again["tables"] == [first, again["table"]]
    assert [s["ready"] for s in again["seats"]] == [False, True, True, True]
    r = client.post(f"/rooms/{number}/ready", headers=auth(host))
    assert r.json()["status"] == "playing"
    second = again["table"]
    table = client.get(f"/tables/{second}", params={"token": host}).json()
    assert table["dealer"] == 0
    # the previous match's record stays, and the new one is listed as it is played
    record = client.get(f"/rooms/{number}/record").json()
    assert [m["table"] for m in record["matches"]] == [first, second]
    assert record["matches"][0] == played


def test_seed_drawn_first_dealers_stand(client: TestClient) -> None:
    for profile in ("queyimen", "changsha"):
        assert Rules.preset(profile).random_first_dealer
        made = new_room(client, rules=profile, seats=["human", "greedy", "greedy", "greedy"])
        number = made["room"]
        client.post(f"/rooms/{number}/ready", headers=auth(made["token"]))
        table = client.get(f"/tables/{made['table']}", params={"token": made["token"]}).json()
        expected = Match(Rules.preset(profile), seed=7, length=1).first_dealer
        assert table["dealer"] == expected
    for profile in ("hebei", "guobiao"):
        made = new_room(client, rules=profile, seats=["human", "greedy", "greedy", "greedy"])
        client.post(f"/rooms/{made['room']}/ready", headers=auth(made["token"]))
        table = client.get(f"/tables/{made['table']}", params={"token": made["token"]}).json()
        assert table["dealer"] == 0


def test_a_half_filled_room_survives_a_restart(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        made = new_room(client, seats=["human", "human", "human", "greedy"])
        number = made["room"]
        bea = join(client, number, "Bea").json()
        assert client.post(f"/rooms/{number}/ready", headers=auth(bea["token"])).status_code == 200
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        room = state(client, number)
        assert room["status"] == "waiting" and room["table"] == made["table"]
        assert [s["name"] for s in room["seats"]] == ["阿明", "Bea", None, None]
        assert [s["ready"] for s in room["seats"]] == [False, True, False, True]
        cy = join(client, number, "Cy").json()
        for token in (made["token"], cy["token"]):
            client.post(f"/rooms/{number}/ready", headers=auth(token))
        assert state(client, number)["status"] == "playing"


def test_the_database_gives_the_last_seat_to_one_of_two_racing_joins(db: str) -> None:
    """Two processes' stores insert the same seat at once: exactly one is seated."""
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        made = new_room(client)
    room_id = None
    with Store(db) as store:
        room = store.room_by_number(made["room"])
        assert room is not None
        room_id = room.id
    for attempt in range(3):
        stores = [Store(db), Store(db)]
        results: list[bool] = []
        barrier = threading.Barrier(2)

        def racer(store: Store, name: str, barrier: threading.Barrier, results: list[bool]) -> None:
            barrier.wait()
            player = Player(1, name, token_digest(room_id, name), False)
            results.append(store.join_room(room_id, made["table"], player))

        threads = [
            threading.Thread(target=racer, args=(s, f"p{attempt}{i}", barrier, results))
            for i, s in enumerate(stores)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [False, True], results
        with stores[0] as s0:
            seated = s0.room(room_id).players
            assert [p.seat for p in seated] == [0, 1]
            s0.leave_room(room_id, made["table"], 1)
        stores[1].close()


def test_a_schema_2_database_gains_rooms_and_keeps_its_tables(db: str) -> None:
    """A database written before rooms (schema 2, either backend) is upgraded when opened:
    its tables load as before, and rooms can be made in it."""
    from koudiandian.server import postgres, sqlite
    from koudiandian.server.store import is_postgres_url

    from tests.support.sql import sql

    if is_postgres_url(db):
        for statement in postgres._SCHEMA:
            sql(db, statement)
        sql(db, "CREATE TABLE schema_version (version INTEGER NOT NULL)")
        sql(db, "INSERT INTO schema_version VALUES (2)")
    else:
        for statement in sqlite._SCHEMA.split(";"):
            if statement.strip():
                sql(db, statement)
        sql(db, "PRAGMA user_version=2")
    spec = '{"bot_delay": 0.0, "match": null, "private": false, "rules": "taiyuan", '
    spec += '"seats": ["human", "greedy", "greedy", "greedy"], "seed": 5}'
    sql(db, "INSERT INTO tables (id, spec, created) VALUES ('old', ?, 1.0)", (spec,))
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        assert client.get("/tables/old").json()["waiting"] is False
        made = new_room(client)
        assert state(client, made["room"])["status"] == "waiting"
    with Store(db) as store:
        assert store.schema_version == SCHEMA_VERSION


def _play_a_match(client: TestClient, made: dict[str, Any]) -> None:
    """The host (alone with bots) says ready and plays the room's match to its end."""
    table = state(client, made["room"])["table"]
    with client.websocket_connect(f"/tables/{table}/ws?token={made['token']}") as ws:
        assert recv(ws)["type"] == "hello"
        ws.send_json({"type": "ready"})
        play_to_end(ws)
        while state(client, made["room"])["status"] != "over":
            until(ws, "room")


def test_between_matches_a_refusal_makes_no_rematch(client: TestClient) -> None:
    made = new_room(client, seats=["human", "human", "greedy", "greedy"])
    number = made["room"]
    bea = join(client, number, "Bea").json()
    client.post(f"/rooms/{number}/ready", headers=auth(bea["token"]))
    table = state(client, number)["table"]
    with client.websocket_connect(f"/tables/{table}/ws?token={bea['token']}") as bws:
        assert recv(bws)["type"] == "hello"
        _play_two = threading.Thread(target=play_to_end, args=(bws,))
        _play_two.start()
        _play_a_match(client, made)
        _play_two.join(60)
    over = state(client, number)
    assert over["status"] == "over"
    # the marks of the match before mean nothing now
    assert [s["ready"] for s in over["seats"]] == [False, False, True, True]
    refusals = [
        (lambda: join(client, number, "bea"), 409, "NameTakenError"),  # Bea's, in any case
        (lambda: join(client, number, "Cy"), 409, "RoomFullError"),
        (lambda: join(client, number, "ㅤ"), 400, "InvalidArgumentError"),  # a filler
        (lambda: client.post(f"/rooms/{number}/leave", headers=auth(made["token"])), 409, None),
        (
            lambda: client.post(
                f"/rooms/{number}/ready", headers=auth(bea["token"]), json={"ready": False}
            ),
            200,
            None,
        ),
    ]
    for call, status, error in refusals:
        r = call()
        assert r.status_code == status, r.text
        if error is not None:
            assert r.json()["error"] == error
        assert state(client, number) == over  # no rematch made, nothing changed
    # a player leaves between matches: the next match will not seat it
    r = client.post(f"/rooms/{number}/leave", headers=auth(bea["token"]))
    assert r.status_code == 200 and r.json()["status"] == "over"
    assert r.json()["seats"][1]["name"] is None and r.json()["tables"] == over["tables"]
    again = client.post(f"/rooms/{number}/ready", headers=auth(made["token"])).json()
    assert again["status"] == "waiting" and len(again["tables"]) == 2
    assert [s["name"] for s in again["seats"]] == ["阿明", None, None, None]
    cy = join(client, number, "Cy").json()
    assert cy["seat"] == 1 and cy["table"] == again["table"]


def test_a_player_who_left_cannot_say_ready_on_an_old_socket(client: TestClient) -> None:
    made = new_room(client, seats=["human", "human", "greedy", "greedy"])
    number = made["room"]
    bea = join(client, number, "Bea").json()
    table = made["table"]
    with client.websocket_connect(f"/tables/{table}/ws?token={bea['token']}") as ws:
        assert recv(ws)["type"] == "hello"
        r = client.post(f"/rooms/{number}/leave", headers=auth(bea["token"]))
        assert r.status_code == 200
        # its socket is sent the room (without it) and closed
        last = until(ws, "room")[-1]
        while last["room"]["seats"][1]["name"] is not None:
            last = until(ws, "room")[-1]
    cy = join(client, number, "Cy").json()
    assert cy["seat"] == 1
    with client.websocket_connect(f"/tables/{table}/ws?token={bea['token']}") as ws:
        error = recv(ws)
        assert error["type"] == "error" and error["error"] == "InvalidTokenError"
    assert [s["ready"] for s in state(client, number)["seats"]] == [False, False, True, True]


def test_the_database_ends_a_race_of_close_and_rematch_with_no_live_table(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        made = new_room(client, seats=["human", "greedy", "greedy", "greedy"])
        _play_a_match(client, made)
    with Store(db) as store:
        room = store.room_by_number(made["room"])
        assert room is not None and room.table.finished
    spec = room.spec
    for attempt in range(3):
        stores = [Store(db), Store(db)]
        barrier = threading.Barrier(2)
        results: dict[str, bool] = {}

        def close(store: Store, barrier: threading.Barrier, results: dict[str, bool]) -> None:
            barrier.wait()
            results["close"] = store.close_room(room.id)

        def rematch(
            store: Store, barrier: threading.Barrier, results: dict[str, bool], table: str
        ) -> None:
            barrier.wait()
            results["rematch"] = store.next_room_table(room.id, table, spec, owner="x", lease=30)

        threads = [
            threading.Thread(target=close, args=(stores[0], barrier, results)),
            threading.Thread(target=rematch, args=(stores[1], barrier, results, f"t{attempt}")),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        with stores[0] as s0:
            after = s0.room(room.id)
            assert after.ended is not None, results
            assert all(t.finished for t in after.tables), (results, after.tables)
        stores[1].close()
        if attempt == 0:
            assert results["close"]
        else:
            assert not results["close"] and not results["rematch"]  # ended already


def test_prune_keeps_an_open_rooms_tables_and_takes_an_ended_one_after_a_day(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        made = new_room(client, seats=["human", "greedy", "greedy", "greedy"])
        _play_a_match(client, made)
        number = made["room"]
    with Store(db) as store:
        room = store.room_by_number(number)
        assert room is not None and room.table.finished
        assert store.prune(0, now=time.time() + 10 * 86_400) == []  # open: kept
        assert store.close_room(room.id)
        assert store.prune(0, now=time.time() + 3_600) == []  # its number rests a day
        later = time.time() + 2 * 86_400
        assert store.prune(0, now=later) == [made["table"]]
        assert store.room_by_number(number) is None
    from tests.support.sql import sql

    assert sql(db, "SELECT COUNT(*) FROM rooms")[0][0] == 0
    assert sql(db, "SELECT COUNT(*) FROM players")[0][0] == 0
