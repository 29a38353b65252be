"""Clocks in real time, over real sockets, against a real server process (docs/server.md,
*Clocks and 托管*, *Dismissing*): four people in a room whose turn is 3 s, one of whom never
answers and one of whom leaves and comes back, then a dismissed rematch; and a clock that
survives ``kill -9``, on one process and across two on PostgreSQL."""

from __future__ import annotations

import contextlib
import json
import signal
import threading
import time
import urllib.request
from typing import Any

import pytest

pytest.importorskip("starlette")
websockets_sync = pytest.importorskip("websockets.sync.client")

from tests.support.postgres import Cluster, fresh_url  # noqa: E402
from tests.support.server_util import (  # noqa: E402
    act_message,
    choose,
    free_port,
    recv,
    server_process,
    stored_matches,
)

_FLAGS = ("--bot-delay", "0", "--claim-wait", "0", "--allow-seeds")


def _http(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def _ws(base: str, table: str, token: str, query: str = "") -> Any:
    url = base.replace("http", "ws") + f"/tables/{table}/ws?token={token}{query}"
    return websockets_sync.connect(url, max_size=None, open_timeout=10)


class Person(threading.Thread):
    """A person at a real socket: plays plainly (or, ``silent``, never answers; or, with
    ``leave_after`` events, closes its socket once and comes back with ``since``), keeps
    every event and message it was sent, and stops at the match's end."""

    def __init__(
        self, base: str, table: str, token: str, *, silent: bool = False, leave_after: int = 0
    ) -> None:
        super().__init__(daemon=True)
        self.base, self.table, self.token = base, table, token
        self.silent, self.leave_after = silent, leave_after
        self.events: dict[int, list[dict[str, Any]]] = {}
        self.messages: list[dict[str, Any]] = []
        self.end: dict[str, Any] | None = None
        self.reconnected = False

    def run(self) -> None:
        query = ""
        while self.end is None:
            with _ws(self.base, self.table, self.token, query) as ws:
                if self._play(ws):
                    return
            hand = max(self.events, default=0)
            query = f"&hand={hand}&since={len(self.events.get(hand, []))}"
            self.reconnected = True

    def _play(self, ws: Any) -> bool:
        """Play until the match ends (``True``) or it is time to leave (``False``)."""
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            m = recv(ws)
            self.messages.append(m)
            if m["type"] == "event":
                log = self.events.setdefault(m["hand"], [])
                assert m["n"] == len(log), (m["n"], len(log))  # nothing skipped, nothing twice
                log.append(m["event"])
                if self.leave_after and not self.reconnected:
                    if sum(map(len, self.events.values())) >= self.leave_after:
                        return False
            elif m["type"] == "view" and m["view"]["legal_actions"] and not self.silent:
                view = m["view"]
                ws.send(json.dumps(act_message(view, choose(view["legal_actions"], view["drawn"]))))
            elif m["type"] == "match_end":
                self.end = m
                return True
        raise AssertionError("the match did not end in 90 s")


def test_four_people_one_silent_one_away_then_a_dismissed_rematch(db: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server_process(db, port, *_FLAGS):
        clock = {"turn": 3, "claim": 2, "bank": 0, "grace": 3}
        made = _http(
            base,
            "POST",
            "/rooms",
            {"seats": ["human"] * 4, "seed": 31, "name": "东", "clock": clock},
        )
        number = made["room"]
        people = [made] + [
            _http(base, "POST", f"/rooms/{number}/join", {"name": n}) for n in ("南", "西", "北")
        ]
        assert _http(base, "GET", f"/rooms/{number}")["clock"] == {
            k: float(v) for k, v in clock.items()
        }
        for p in people:
            _http(base, "POST", f"/rooms/{number}/ready", {}, token=p["token"])
        table = _http(base, "GET", f"/rooms/{number}")["table"]
        players = [
            Person(base, table, people[0]["token"]),
            Person(base, table, people[1]["token"], leave_after=12),
            Person(base, table, people[2]["token"]),
            Person(base, table, people[3]["token"], silent=True),
        ]
        started = time.monotonic()
        for p in players:
            p.start()
        marked = False  # the room shows the silent seat on 托管 while the match is played
        while any(p.is_alive() for p in players) and time.monotonic() - started < 120:
            marked = marked or _http(base, "GET", f"/rooms/{number}")["seats"][3]["auto"]
            time.sleep(0.1)
        for p in players:
            p.join(1)
        assert all(p.end is not None for p in players)
        assert time.monotonic() - started < 100
        silent = players[3]
        marks = [m for m in players[0].messages if m["type"] == "auto" and m["seat"] == 3]
        assert marks and marks[0]["auto"] is True and marks[0]["why"] == "timeout"
        assert players[1].reconnected
        # Every seat's log is the engine's for that seat (the one who came back too).
        match = stored_matches(db)[table]
        for seat, p in enumerate(players):
            assert p.events == {h: g.events_for(seat) for h, g in enumerate(match.games)}, seat
        assert silent.end == players[0].end
        assert marked

        # The rematch, dismissed by everyone's vote.
        for p in people:
            _http(base, "POST", f"/rooms/{number}/ready", {}, token=p["token"])
        rematch = _http(base, "GET", f"/rooms/{number}")["table"]
        assert rematch != table
        with contextlib.ExitStack() as stack:
            sockets = [stack.enter_context(_ws(base, rematch, p["token"])) for p in people]
            for ws in sockets:
                assert recv(ws)["type"] == "hello"
            sockets[2].send(json.dumps({"type": "dismiss"}))
            for seat in (0, 1, 3):
                ws = sockets[seat]
                while (m := recv(ws))["type"] != "dismiss":
                    pass
                assert m["open"] and m["by"] == 2
                ws.send(json.dumps({"type": "vote", "accept": True}))
            ends = []
            for ws in sockets:
                while (m := recv(ws))["type"] != "match_end":
                    pass
                ends.append(m)
            assert all(e["dismissed"] == {"by": 2} for e in ends)
        record = _http(base, "GET", f"/rooms/{number}/record")
        assert record["matches"][-1]["dismissed"] == {"by": 2}
        assert record["matches"][0]["dismissed"] is None


def _remaining(base: str, table: str, token: str) -> tuple[float, int]:
    """(when, the seat's remaining_ms) from the first view that asks it a decision."""
    with _ws(base, table, token) as ws:
        while True:
            m = recv(ws)
            if m["type"] == "view" and m["view"]["remaining_ms"] is not None:
                return time.monotonic(), int(m["view"]["remaining_ms"])


def _clocked_room(base: str) -> tuple[str, str]:
    """A room of one person and three bots, its turn 60 s, dealt; (its table, the token)."""
    made = _http(
        base,
        "POST",
        "/rooms",
        {
            "seats": ["human", "greedy", "greedy", "greedy"],
            "seed": 4,
            "name": "a",
            "clock": {"turn": 60, "bank": 30},
        },
    )
    _http(base, "POST", f"/rooms/{made['room']}/ready", {}, token=made["token"])
    return made["table"], made["token"]


def test_a_running_clock_survives_kill_9_and_a_restart(sqlite_db: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server_process(sqlite_db, port, *_FLAGS) as proc:
        table, token = _clocked_room(base)
        seen_at, seen = _remaining(base, table, token)
        time.sleep(2.5)
        proc.send_signal(signal.SIGKILL)
        died = time.monotonic()
        proc.wait()
    at_death = seen - (died - seen_at) * 1000
    time.sleep(2.0)  # downtime: charged to no one
    with server_process(sqlite_db, port, *_FLAGS):
        _, after = _remaining(base, table, token)
    assert abs(after - at_death) <= 1000, (at_death, after)


def test_a_running_clock_moves_with_its_table_to_another_process(postgres: Cluster) -> None:
    db = fresh_url(postgres)
    ports = [free_port(), free_port()]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    flags = [*_FLAGS, "--lease", "1.5"]
    with server_process(db, ports[0], *flags, "--public-url", bases[0]) as first:
        table, token = _clocked_room(bases[0])
        seen_at, seen = _remaining(bases[0], table, token)
        with server_process(db, ports[1], *flags, "--public-url", bases[1]):
            time.sleep(1.5)
            first.send_signal(signal.SIGKILL)
            died = time.monotonic()
            first.wait()
            at_death = seen - (died - seen_at) * 1000
            deadline = time.monotonic() + 20
            while True:  # the survivor takes the table once the lease has run out
                try:
                    _http(bases[1], "GET", f"/tables/{table}", token=token)
                    state = _http(bases[1], "GET", f"/tables/{table}", token=token)
                    if state["url"] == bases[1]:
                        break
                except Exception:
                    pass
                assert time.monotonic() < deadline
                time.sleep(0.2)
            _, after = _remaining(bases[1], table, token)
    assert abs(after - at_death) <= 1000, (at_death, after)
