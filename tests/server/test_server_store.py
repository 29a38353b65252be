"""Persistence: the SQLite store in WAL mode, each action committed before it is broadcast,
tables rebuilt by replay after a restart, and after ``kill -9`` of a real server (each on
SQLite and on PostgreSQL)."""

from __future__ import annotations

import json
import signal
import sqlite3
import urllib.request
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")
websockets_sync = pytest.importorskip("websockets.sync.client")

from koudiandian import Game  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
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


# SQLite only: WAL is SQLite's journal mode (PostgreSQL has its own WAL, always on).
def test_the_store_is_in_wal_mode(sqlite_db: str) -> None:
    store = Store(sqlite_db)
    assert store.journal_mode == "wal"
    store.close()
    db = sqlite3.connect(sqlite_db)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def _act(ws: Any, view: dict[str, Any]) -> None:
    ws.send_json(act_message(view, choose(view["legal_actions"], view["drawn"])))


def test_every_action_is_committed_before_its_events_are_sent(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        r = client.post(
            "/tables",
            json={"private": False, "seats": ["human", "greedy", "greedy", "random"], "seed": 4},
        )
        tid, token = r.json()["id"], r.json()["tokens"][0]
        received: list[dict[str, Any]] = []
        checks = 0
        with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
            while True:
                m = recv(ws)
                if m["type"] == "match_end":
                    break
                if m["type"] == "event":
                    received.append(m["event"])
                if m["type"] == "view":
                    # What a second reader of the database sees now already holds it all.
                    stored = stored_matches(db)[tid]
                    assert stored.games[0].events_for(0) == received
                    checks += 1
                    if m["view"]["legal_actions"]:
                        _act(ws, m["view"])
        assert checks > 5


def test_a_restarted_server_rebuilds_every_table_exactly(db: str) -> None:
    states: dict[str, str] = {}
    tokens: dict[str, str] = {}
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        for n, (spec, moves) in enumerate(
            [
                ({"seats": ["human", "greedy", "greedy", "greedy"]}, 4),  # mid-hand
                ({"seats": ["human", "random", "greedy", "greedy"], "match": 2}, 40),  # mid-match
                ({"seats": ["human", "greedy", "greedy", "greedy"], "rules": "hebei"}, 1000),
                ({"seats": ["greedy"] * 3 + ["human"], "rules": "changsha"}, 0),
            ]
        ):
            r = client.post("/tables", json={**spec, "seed": 100 + n, "private": False})
            tid = r.json()["id"]
            tokens[tid] = next(t for t in r.json()["tokens"] if t)
            with client.websocket_connect(f"/tables/{tid}/ws?token={tokens[tid]}") as ws:
                done = 0
                while done < moves:
                    m = recv(ws)
                    if m["type"] == "match_end":
                        break
                    if m["type"] == "view" and m["view"]["legal_actions"]:
                        _act(ws, m["view"])
                        done += 1
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        # A finished table is evicted from memory: it is rebuilt from the store when asked for.
        for tid in tokens:
            states[tid] = lobby.get(tid).match.to_json()
        public = {tid: client.get(f"/tables/{tid}").json() for tid in states}
    assert len(states) == 4 and sum(json.loads(s)["games"] != [] for s in states.values()) == 4
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        assert {tid: lobby.get(tid).match.to_json() for tid in states} == states
        for tid in states:
            again = client.get(f"/tables/{tid}").json()
            assert {**again, "seats": None} == {**public[tid], "seats": None}
        # and the tokens still hold their seats
        tid = next(iter(states))
        with client.websocket_connect(f"/tables/{tid}/ws?token={tokens[tid]}") as ws:
            assert recv(ws)["seat"] == 0


def _post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def _get(port: int, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


class Client:
    """One seat's socket, keeping every event it was sent."""

    def __init__(self, port: int, tid: str, token: str, since: int | None = None) -> None:
        query = f"token={token}" + ("" if since is None else f"&hand=0&since={since}")
        url = f"ws://127.0.0.1:{port}/tables/{tid}/ws?{query}"
        self.ws = websockets_sync.connect(url).__enter__()  # closed by ws.close()
        self.events: list[dict[str, Any]] = []
        self.first_n: int | None = None
        self.view: dict[str, Any] | None = None

    def next(self) -> dict[str, Any]:
        m = recv(self.ws)
        if m["type"] == "event":
            if self.first_n is None:
                self.first_n = m["n"]
            self.events.append(m["event"])
        if m["type"] == "view":
            self.view = m["view"]
        return m

    def until_to_act(self) -> dict[str, Any] | None:
        while True:
            m = self.next()
            if m["type"] == "match_end":
                return None
            if m["type"] == "view" and m["view"]["legal_actions"]:
                return m["view"]

    def act(self) -> None:
        assert self.view is not None
        _act_raw(self.ws, self.view)


def _act_raw(ws: Any, view: dict[str, Any]) -> None:
    a = choose(view["legal_actions"], view["drawn"])
    ws.send(json.dumps(act_message(view, a)))


def test_kill_9_mid_hand_then_restart_resumes_every_table(db: str) -> None:
    port = free_port()
    with server_process(db, port, "--bot-delay", "0", "--claim-wait", "0", "--allow-seeds") as proc:
        t = _post(
            port,
            "/tables",
            {"private": False, "seats": ["human", "greedy", "greedy", "greedy"], "seed": 31},
        )
        other = _post(
            port,
            "/tables",
            {"private": False, "seats": ["human", "greedy", "greedy", "greedy"], "seed": 32},
        )
        tid, token = t["id"], t["tokens"][0]
        a = Client(port, tid, token)
        for _ in range(3):
            assert a.until_to_act() is not None
            a.act()
        assert a.until_to_act() is not None
        done = _get(port, f"/tables/{tid}")["actions"]
        a.act()
        # The server takes the action (and the bots' answers); the client leaves unread.
        while _get(port, f"/tables/{tid}")["actions"] == done:
            pass
        a.ws.close()
        seen = len(a.events)
        before = _get(port, f"/tables/{tid}")
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert before["actions"] > 4 and not before["over"]
    # The database at the crash, rebuilt here: it holds every event seat 0 was sent, and more.
    crashed = stored_matches(db)
    assert len(crashed) == 2 and other["id"] in crashed
    at_crash = crashed[tid].games[0]
    assert at_crash.events_for(0)[:seen] == a.events and len(at_crash.events_for(0)) > seen

    with server_process(db, port, "--bot-delay", "0", "--claim-wait", "0", "--allow-seeds"):
        after = _get(port, f"/tables/{tid}")
        assert {**after, "seats": None} == {**before, "seats": None}
        a2 = Client(port, tid, token, since=seen)
        assert a2.until_to_act() is not None
        assert a2.first_n == seen  # exactly the events it missed, and its full view
        assert a.events + a2.events == at_crash.events_for(0)
        assert a2.view is not None and a2.view["hand"] == [int(x) for x in at_crash.view(0).hand]
        while True:
            a2.act()
            if a2.until_to_act() is None:
                break
        full = _get(port, f"/tables/{tid}/hands/0")["events"]
        # The hand went on exactly where it stopped, and seat 0 was sent its whole log once.
        assert full[: len(at_crash.events)] == at_crash.events
        assert Game.replay(full).events_for(0) == a.events + a2.events
        # The other table was rebuilt too, and can be played.
        o = Client(port, other["id"], other["tokens"][0])
        assert o.until_to_act() is not None


def test_actions_the_store_cannot_commit_are_undone(db: str) -> None:
    from koudiandian.server.lobby import Lobby
    from koudiandian.server.spec import TableSpec

    with Store(db) as store:
        table, _, _, _ = Lobby(
            store, claim_wait=0
        ).create(  # the bots act within the human's action
            TableSpec.parse(
                {
                    "private": False,
                    "seats": ["human", "greedy", "greedy", "greedy"],
                    "seed": 3,
                    "bot_delay": 0,
                }
            )
        )
        before = table.match.to_json()
        action = table.match.legal_actions(0)[0]
        real = store.add_action
        calls = []

        def failing(*args: Any) -> None:
            calls.append(args)
            if len(calls) == 2:  # the first bot's answer, in the same transaction
                raise sqlite3.OperationalError("disk I/O error")
            real(*args)

        store.add_action = failing  # type: ignore[method-assign]
        with pytest.raises(sqlite3.OperationalError):
            table.act(0, action, 1)
        assert table.match.to_json() == before and table.actions == 0
        assert stored_matches(db)[table.id].to_json() == before  # rolled back, the human's too
        store.add_action = real  # type: ignore[method-assign]
        table.act(0, action, 1)
        assert table.actions > 1
        assert stored_matches(db)[table.id].to_json() == table.match.to_json()
