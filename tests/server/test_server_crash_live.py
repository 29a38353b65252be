"""``kill -9`` of a real server while 50 tables of instant clients play (group commit,
:mod:`koudiandian.server.groupcommit`), then a restart on the same database and port: every
client reconnects with its token and ``hand``/``since`` and plays on to the match's end (on
SQLite and on PostgreSQL).

What is checked, table by table: the client's events of every hand are the engine's
``events_for(0)`` of the stored log, each event number once, in order, across the crash;
everything a client was sent before the crash is in the database as the crash left it (no
action anyone was shown is lost), the client's own actions whose events it saw among them;
and every action is stored once (the client's actions in the database are exactly those the
server took before the crash and those it sent after: none applied twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import time
import urllib.request
from typing import Any

import pytest

pytest.importorskip("starlette")
websockets = pytest.importorskip("websockets")

from koudiandian import Action, Game  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402

from tests.support.server_util import (  # noqa: E402, F401
    choose,
    deadline,
    free_port,
    server_process,
    stored_matches,
)

TABLES = 50
# Raised limits: the test is one address with many sockets and tables (as the load bench).
_FLAGS = (
    "--bot-delay",
    "0",
    "--claim-wait",
    "0",
    "--allow-seeds",
    "--max-sockets-per-address",
    "5000",
    "--max-tables-per-minute",
    "5000",
    "--max-messages-per-second",
    "100000",
    "--max-tables",
    "5000",
)


def _http(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base + path, data=data, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


class Seat:
    """Seat 0's client of one table: acts at once on every view that asks it (win if it
    may, else pass, else discard its draw); reconnects, with ``hand``/``since``, whenever
    its socket drops. ``generation[0]`` is the server's incarnation, read when a socket
    opens (0: the process that is killed)."""

    def __init__(self, base: str, table: str, token: str, generation: list[int]) -> None:
        self.url = f"ws{base.removeprefix('http')}/tables/{table}/ws?token={token}"
        self.table = table
        self.generation = generation
        self.events: dict[int, list[dict[str, Any]]] = {}
        #: Each action sent: the server's incarnation, (hand, events held) when sent, the action.
        self.sent: list[tuple[int, tuple[int, int], dict[str, Any]]] = []
        self.faults: list[str] = []  # an event number skipped or repeated, an error message
        self.end: dict[str, Any] | None = None
        self.connects = 0
        #: What it held when its last socket to the first server closed: (hand, events).
        self.at_crash: tuple[int, int] = (0, 0)
        self.ready = asyncio.Event()

    def position(self) -> tuple[int, int]:
        hand = max(self.events, default=0)
        return hand, len(self.events.get(hand, []))

    async def play(self, go: asyncio.Event, give_up: float) -> None:
        while self.end is None:
            generation = self.generation[0]
            hand, since = self.position()
            query = f"&hand={hand}&since={since}" if self.events else ""
            try:
                async with websockets.connect(
                    self.url + query, max_queue=None, open_timeout=5
                ) as ws:
                    self.connects += 1
                    self.ready.set()
                    await go.wait()
                    await self._serve(ws, generation)
            except (OSError, TimeoutError, websockets.WebSocketException):
                pass
            finally:
                if generation == 0:
                    self.at_crash = self.position()
            if self.end is None:
                assert time.monotonic() < give_up, f"table {self.table}: no server took it back"
                await asyncio.sleep(0.05)

    async def _serve(self, ws: Any, generation: int) -> None:
        acted: int | None = None  # the decision this socket answered last
        async for frame in ws:
            view = None
            for m in json.loads(frame):
                kind = m["type"]
                if kind == "event":
                    log = self.events.setdefault(m["hand"], [])
                    if m["n"] != len(log):
                        self.faults.append(f"event {m['hand']}/{m['n']} after {len(log)}")
                    log.append(m["event"])
                elif kind == "view":
                    view = m["view"]
                elif kind == "match_end":
                    self.end = m
                elif kind == "error":
                    self.faults.append(f"error {m}")
            if self.end is not None:
                return
            if view is not None and view["legal_actions"] and view["decision"] != acted:
                acted = view["decision"]
                action = choose(view["legal_actions"], view["drawn"])
                self.sent.append((generation, self.position(), action))
                await ws.send(json.dumps({"type": "action", "decision": acted, "action": action}))


def _seat0_actions(db: str) -> dict[str, list[str]]:
    """Every stored table's seat-0 actions, in order (as text)."""
    store = Store(db)
    try:
        return {t.id: [str(a) for s, a in t.actions if s == 0] for t in store.tables()}
    finally:
        store.close()


def _text(action: dict[str, Any]) -> str:
    return str(Action.from_dict(action))


def test_kill_9_while_50_tables_play_loses_and_repeats_nothing(db: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(35)
    kill_after = rng.randrange(300, 900)  # actions sent by the clients, of about 1,700
    started = time.monotonic()
    generation = [0]
    crashed: dict[str, Any] = {}
    with contextlib.ExitStack() as stack:
        first = stack.enter_context(server_process(db, port, *_FLAGS))
        made = [
            _http(
                base,
                "/tables",
                {
                    "seats": ["human", "greedy", "greedy", "greedy"],
                    "seed": 500 + i,
                    "match": 2,
                    "bot_delay": 0,
                    "private": False,
                },
            )
            for i in range(TABLES)
        ]
        seats = [Seat(base, t["id"], t["tokens"][0], generation) for t in made]

        async def main() -> None:
            go = asyncio.Event()
            give_up = time.monotonic() + 45
            tasks = [asyncio.create_task(s.play(go, give_up)) for s in seats]
            await asyncio.wait_for(asyncio.gather(*(s.ready.wait() for s in seats)), 20)
            go.set()
            while sum(len(s.sent) for s in seats) < kill_after:
                assert time.monotonic() < give_up, "the clients did not play"
                for t in tasks:
                    if t.done():
                        t.result()  # (a client that failed fails the test now)
                await asyncio.sleep(0.002)
            first.send_signal(signal.SIGKILL)
            generation[0] = 1
            crashed["sent"] = sum(len(s.sent) for s in seats)
            await asyncio.to_thread(first.wait, 10)
            # The database as the crash left it (before anything replays it).
            crashed["matches"] = await asyncio.to_thread(stored_matches, db)
            crashed["seat0"] = await asyncio.to_thread(_seat0_actions, db)
            await asyncio.to_thread(stack.enter_context, server_process(db, port, *_FLAGS))
            await asyncio.wait_for(asyncio.gather(*tasks), max(1.0, give_up - time.monotonic()))

        asyncio.run(main())
        played = time.monotonic() - started
        full = {
            (s.table, h): _http(base, f"/tables/{s.table}/hands/{h}")["events"]
            for s in seats
            for h in range(2)
        }
    finals = stored_matches(db)
    seat0 = _seat0_actions(db)
    at_crash = crashed["matches"]
    # The kill came mid-play, with actions in flight.
    assert sum(m.is_over for m in at_crash.values()) < TABLES // 2
    unechoed = 0  # clients whose last action's events had not come when the server died
    lost = 0  # actions sent to the first server and not committed by it
    for s in seats:
        assert s.faults == [], (s.table, s.faults[:5])
        assert s.end is not None
        assert s.connects >= 2 or at_crash[s.table].is_over, (s.table, s.connects)
        match = finals[s.table]
        assert match.is_over and len(match.games) == 2
        assert s.end["scores"] == list(match.scores)
        for h, game in enumerate(match.games):
            # The log the server serves is the stored one, and the client's is its seat's.
            assert full[(s.table, h)] == game.events, (s.table, h)
            assert s.events[h] == Game.replay(full[(s.table, h)]).events_for(0), (s.table, h)
        # What the client was sent before the crash was in the database at the crash.
        crash_hand, crash_count = s.at_crash
        then = at_crash[s.table]
        for h in range(crash_hand + 1):
            assert h < len(then.games), (s.table, "a hand it was shown is not stored", h)
            held = crash_count if h == crash_hand else len(s.events[h])
            assert s.events[h][:held] == then.games[h].events_for(0)[:held], (s.table, h)
            assert len(then.games[h].events_for(0)) >= held, (s.table, h)
        # Its actions whose events it saw are stored; those stored are its own, once each.
        before = [(pos, _text(a)) for g, pos, a in s.sent if g == 0]
        after = [_text(a) for g, _, a in s.sent if g == 1]
        echoed = [text for pos, text in before if pos < s.at_crash]
        stored_then = crashed["seat0"][s.table]
        assert stored_then[: len(echoed)] == echoed, s.table
        assert stored_then == [text for _, text in before[: len(stored_then)]], s.table
        assert len(before) - len(stored_then) in (0, 1), s.table
        assert seat0[s.table] == stored_then + after, s.table
        unechoed += len(echoed) < len(before)
        lost += len(before) - len(stored_then)
    print(
        f"killed after {crashed['sent']} client actions; {unechoed} clients had an action "
        f"in flight, {lost} actions lost uncommitted and sent again; "
        f"{time.monotonic() - started:.1f} s (played in {played:.1f} s)"
    )
    assert unechoed > 0
    assert time.monotonic() - started < 60
