"""Rooms across processes and over real sockets: a room another process serves is redirected
there, two joins racing for the last seat through two processes seat one, a waiting room
survives its process, and four people join a real server by number, ready, play a hand and
play again (docs/server.md, "Rooms")."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")
websockets_sync = pytest.importorskip("websockets.sync.client")

from koudiandian.server import create_app  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import (  # noqa: E402, F401
    act_message,
    choose,
    deadline,
    free_port,
    recv,
    server_process,
    stored_matches,
)


def _app(db: str, name: str) -> Any:
    return create_app(
        db, bot_delay=0, claim_wait=0, allow_seeds=True, url=f"http://{name}.test", lease=30
    )


def _room(client: TestClient, seats: list[str]) -> dict[str, Any]:
    r = client.post("/rooms", json={"seats": seats, "seed": 3, "name": "host"})
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_a_room_another_process_serves_is_redirected_there(db: str) -> None:
    with TestClient(_app(db, "a")) as a, TestClient(_app(db, "b")) as b:
        made = _room(a, ["human", "human", "greedy", "greedy"])
        number = made["room"]
        assert made["url"] == "http://a.test"
        for method, path, body in [
            ("GET", f"/rooms/{number}", None),
            ("POST", f"/rooms/{number}/join", {"name": "Bea"}),
            ("POST", f"/rooms/{number}/ready", {}),
        ]:
            host = {"authorization": f"Bearer {made['token']}"}
            r = b.request(method, path, json=body, headers=host, follow_redirects=False)
            assert r.status_code == 307, (path, r.text)
            assert r.headers["location"] == f"http://a.test{path}"
            assert r.json()["owner"] == "http://a.test"
        # a page's fetch cannot follow a 307 to another origin: it asks to be told (421)
        manual = {"x-koudiandian-redirect": "manual"}
        r = b.post(f"/rooms/{number}/join", json={"name": "Bea"}, headers=manual)
        assert r.status_code == 421 and "location" not in r.headers
        assert r.json()["error"] == "TableElsewhereError" and r.json()["owner"] == "http://a.test"
        # nothing changed at b's asking; at a the join takes
        assert [s["name"] for s in a.get(f"/rooms/{number}").json()["seats"]][:2] == ["host", None]
        assert a.post(f"/rooms/{number}/join", json={"name": "Bea"}).status_code == 200


def _join(
    client: TestClient,
    owner: TestClient,
    number: str,
    name: str,
    barrier: threading.Barrier,
    statuses: list[int],
) -> None:
    """Join room ``number`` through ``client``, sent on to ``owner`` if redirected."""
    barrier.wait()
    r = client.post(f"/rooms/{number}/join", json={"name": name}, follow_redirects=False)
    if r.status_code == 307:  # sent on to the process that serves the room
        r = owner.post(f"/rooms/{number}/join", json={"name": name})
    statuses.append(r.status_code)


def test_two_joins_racing_through_two_processes_seat_one(db: str) -> None:
    with TestClient(_app(db, "a")) as a, TestClient(_app(db, "b")) as b:
        for attempt in range(3):
            made = _room(a, ["human", "human", "greedy", "greedy"])
            number = made["room"]
            statuses: list[int] = []
            barrier = threading.Barrier(2)

            threads = [
                threading.Thread(target=_join, args=(c, a, number, f"p{i}", barrier, statuses))
                for i, c in enumerate((a, b))
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(statuses) == [200, 409], (attempt, statuses)
            names = [s["name"] for s in a.get(f"/rooms/{number}").json()["seats"]]
            assert names[0] == "host" and names[1] in ("p0", "p1")


def test_a_waiting_room_moves_with_its_process(db: str) -> None:
    b = TestClient(_app(db, "b"))
    with b:
        with TestClient(_app(db, "a")) as a:
            made = _room(a, ["human", "human", "human", "greedy"])
            number = made["room"]
            bea = a.post(f"/rooms/{number}/join", json={"name": "Bea"}).json()
            a.post(f"/rooms/{number}/ready", headers={"authorization": f"Bearer {bea['token']}"})
        # a stopped (its leases given up): b serves the room, as it was
        room = b.get(f"/rooms/{number}").json()
        assert [s["name"] for s in room["seats"]] == ["host", "Bea", None, None]
        assert [s["ready"] for s in room["seats"]] == [False, True, False, True]
        cy = b.post(f"/rooms/{number}/join", json={"name": "Cy"}).json()
        for token in (made["token"], cy["token"]):
            r = b.post(f"/rooms/{number}/ready", headers={"authorization": f"Bearer {token}"})
            assert r.status_code == 200
        assert b.get(f"/rooms/{number}").json()["status"] == "playing"


def _http(port: int, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, headers=headers, method=method
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def _play(port: int, table: str, token: str, out: dict[str, Any], key: str) -> None:
    """A person at a real socket: says ready on it, plays to the match's end, and keeps the
    room messages it was sent."""
    url = f"ws://127.0.0.1:{port}/tables/{table}/ws?token={token}"
    rooms: list[dict[str, Any]] = []
    with websockets_sync.connect(url, max_size=None) as ws:
        assert recv(ws)["type"] == "hello"
        ws.send(json.dumps({"type": "ready"}))
        while True:
            m = recv(ws)
            if m["type"] == "room":
                rooms.append(m["room"])
            elif m["type"] == "view" and m["view"]["legal_actions"]:
                view = m["view"]
                action = choose(view["legal_actions"], view["drawn"])
                ws.send(json.dumps(act_message(view, action)))
            elif m["type"] == "match_end":
                out[key] = (m, rooms)
                return


def test_four_people_join_by_number_play_and_play_again(db: str) -> None:
    port = free_port()
    with server_process(db, port, "--bot-delay", "0", "--claim-wait", "0", "--allow-seeds"):
        made = _http(port, "POST", "/rooms", {"seats": ["human"] * 4, "seed": 21, "name": "东家"})
        number = made["room"]
        people = [made] + [
            _http(port, "POST", f"/rooms/{number}/join", {"name": n}) for n in ("南", "西", "北")
        ]
        assert [p["seat"] for p in people] == [0, 1, 2, 3]
        with pytest.raises(urllib.error.HTTPError) as full:
            _http(port, "POST", f"/rooms/{number}/join", {"name": "五"})
        assert full.value.code == 409
        full.value.close()
        for match in range(2):
            table = _http(port, "GET", f"/rooms/{number}")["table"]
            out: dict[str, Any] = {}
            threads = [
                threading.Thread(target=_play, args=(port, table, p["token"], out, str(p["seat"])))
                for p in people
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            assert sorted(out) == ["0", "1", "2", "3"]
            ends = [out[k][0] for k in sorted(out)]
            assert all(e == ends[0] for e in ends)
            record = _http(port, "GET", f"/rooms/{number}/record")
            assert len(record["matches"]) == match + 1
            row = record["matches"][-1]["hands"][0]
            assert row["totals"] == ends[0]["scores"] and row["dealer"] == 0
            # the rematch: the first to say ready again makes the room's next table
            if match == 0:
                again = _http(
                    port,
                    "POST",
                    f"/rooms/{number}/ready",
                    {"ready": False},
                    token=people[1]["token"],
                )
                assert again["status"] == "over"  # nothing to take back: no rematch made
                again = _http(port, "POST", f"/rooms/{number}/ready", {}, token=people[1]["token"])
                assert again["status"] == "waiting" and again["table"] != table
                assert [s["ready"] for s in again["seats"]] == [False, True, False, False]
        # every match's log replays to what the sockets were told
        matches = stored_matches(db)
        tables = _http(port, "GET", f"/rooms/{number}")["tables"]
        assert len(tables) == 2
        for tid in tables:
            assert matches[tid].is_over


def test_a_room_tables_socket_at_another_process_is_sent_there(db: str) -> None:
    """A room's tokens are the room's: at a process that does not play its table, a seat's
    socket (and GET with its token) is told where the table is, not that it is missing."""
    with TestClient(_app(db, "a")) as a, TestClient(_app(db, "b")) as b:
        made = _room(a, ["human", "human", "greedy", "greedy"])
        table, token = made["table"], made["token"]
        with b.websocket_connect(f"/tables/{table}/ws?token={token}") as ws:
            assert recv(ws) == {"type": "redirect", "table": table, "url": "http://a.test"}
        r = b.get(f"/tables/{table}", params={"token": token}, follow_redirects=False)
        assert r.status_code == 307 and r.json()["owner"] == "http://a.test"
        # without the token, a room's table does not exist
        assert b.get(f"/tables/{table}", follow_redirects=False).status_code == 404


def test_parallel_guesses_with_slow_bodies_are_limited_too(db: str) -> None:
    """Guesses sent at once, their bodies trickling in, are each counted when the body is
    in: of 30 unknown numbers from one address, at most 10 are answered 404, the rest 429."""
    import socket

    port = free_port()
    with server_process(db, port, "--max-unknown-rooms-per-minute", "10"):
        socks = []
        for k in range(30):
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
            s.sendall(
                f"POST /rooms/{k:06d}/leave HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{".encode()
            )
            socks.append(s)
        for s in socks:  # every request is in, none answered: now the bodies end
            s.sendall(b"}")
        statuses = []
        for s in socks:
            head = s.recv(4096).decode("latin-1")
            statuses.append(int(head.split()[1]))
            s.close()
        assert sorted(set(statuses)) == [404, 429], statuses
        assert statuses.count(404) == 10, statuses
