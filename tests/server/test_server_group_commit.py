"""Group commit (:mod:`koudiandian.server.groupcommit`): the actions every table accepted in one
turn of the event loop are committed in one transaction, and each table's events are sent
only once its share stands (on SQLite and PostgreSQL).

A refused group refuses every action in it: every table of the group is as it was (in
memory, in the database, to ``GET /tables/{id}``), everyone who acted is told
(``StorageError``), and the same actions are accepted once the store works. A group with a
table whose lease another process took commits the others' shares and lets that table go.
While a table's actions are not committed, nothing of them is shown: not to ``GET
/tables/{id}``, not to a socket opened meanwhile, not to the socket that acted.

To put several people's actions into one group deterministically, the tests act on the
tables from one synchronous function run on the server's event loop (one turn of it), as
the socket reader does (``app._refusal_to`` tells the person of a refusal). A commit is held
on the writer thread by a patched ``_commit_group`` that waits on a ``threading.Event``;
SQLite commits on the event loop, so there its store is given a writer thread (and a
connection of its own for it) for those tests, as PostgreSQL's has.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

import anyio  # noqa: E402
from koudiandian import Action, Match  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.lobby import Lobby  # noqa: E402
from koudiandian.server.seatsocket import _refusal_to  # noqa: E402
from koudiandian.server.spec import TableSpec  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from koudiandian.server.tables import Table  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import (  # noqa: E402, F401
    act_message,
    choose,
    deadline,
    recv,
    stored_matches,
)
from tests.support.sql import sql  # noqa: E402

_PERSON = ["human", "greedy", "greedy", "greedy"]
T = TypeVar("T")


def _spec(seed: int) -> dict[str, Any]:
    """One person (seat 0) and three greedy bots that act at once, a 2-hand match."""
    return {"seats": _PERSON, "seed": seed, "match": 2, "bot_delay": 0, "private": False}


def _app(db: str | Store) -> Any:
    return create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)


def _stored(db: str, table_id: str) -> list[tuple[Any, ...]]:
    """The table's stored actions, as rows (n, seat, code)."""
    return sql(db, "SELECT n, seat, action FROM actions WHERE table_id = ? ORDER BY n", (table_id,))


class Person:
    """Seat 0's socket: every event it was sent, checked to come once each, in order."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.events: dict[int, list[dict[str, Any]]] = {}
        self.view: dict[str, Any] | None = None

    def next(self) -> dict[str, Any]:
        m = recv(self.ws)
        if m["type"] == "event":
            log = self.events.setdefault(m["hand"], [])
            assert m["n"] == len(log), ("an event skipped or sent twice", m["n"], len(log))
            log.append(m["event"])
        elif m["type"] == "view":
            self.view = m["view"]
        return m

    def until_to_act(self) -> dict[str, Any]:
        """Read until a view asks the seat to act (everything before it is committed)."""
        for _ in range(5000):
            m = self.next()
            assert m["type"] not in ("match_end", "error"), m
            if m["type"] == "view" and m["view"]["legal_actions"]:
                return dict(m["view"])
        raise AssertionError("the seat was never asked to act")

    def action(self) -> dict[str, Any]:
        assert self.view is not None
        return choose(self.view["legal_actions"], self.view["drawn"])

    def act(self) -> None:
        assert self.view is not None
        self.ws.send_json(act_message(self.view, self.action()))

    def counted(self) -> tuple[int, int]:
        """(the hand it is at, how many of its events it holds)."""
        hand = max(self.events, default=0)
        return hand, len(self.events.get(hand, []))

    def nothing_within(self, seconds: float) -> None:
        """Nothing more is sent to the socket within ``seconds``."""
        nothing_within(self.ws, seconds)


def recv_within(ws: Any, seconds: float) -> dict[str, Any] | None:
    """The next message from the test session's socket (as :func:`recv`), or ``None`` if
    no frame comes within ``seconds``."""
    buf: deque[dict[str, Any]] = ws.__dict__.setdefault("_kdd_messages", deque())
    if not buf:

        async def poll() -> Any:
            with anyio.move_on_after(seconds):
                return await ws._send_rx.receive()
            return None

        message = ws.portal.call(poll)
        if message is None:
            return None
        assert message["type"] == "websocket.send", message  # (not closed)
        buf.extend(json.loads(message["text"]))
    return buf.popleft()


def nothing_within(ws: Any, seconds: float) -> None:
    """The test session's socket gets no frame within ``seconds`` (and holds none unread)."""
    got = recv_within(ws, seconds)
    assert got is None, got


def on_loop(client: TestClient, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` called on the server's event loop (in one turn of it)."""
    assert client.portal is not None
    return client.portal.call(fn, *args)


def _snapshot(client: TestClient, table: Table) -> tuple[str, int]:
    """The table's match and its count of actions, read on the server's loop."""
    return on_loop(client, lambda: (table.match.to_json(), table.actions))


def _refusing(store: Store) -> Callable[..., set[str]]:
    """A ``_commit_group`` that the database refuses (an error of the backend's driver,
    which the store turns into ``StorageError``)."""

    def refuse(*args: Any) -> set[str]:
        raise store._errors[0]("disk I/O error (injected)")

    return refuse


@contextlib.contextmanager
def _patched(store: Store, commit: Callable[..., set[str]]) -> Iterator[None]:
    real = store._commit_group
    store._commit_group = commit  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        store._commit_group = real  # type: ignore[method-assign]


def test_a_refused_group_refuses_every_action_in_it(db: str) -> None:
    with TestClient(_app(db)) as client, contextlib.ExitStack() as stack:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        made = [client.post("/tables", json=_spec(40 + i)).json() for i in range(4)]
        ids = [m["id"] for m in made]
        people = [
            Person(stack.enter_context(client.websocket_connect(f"/tables/{i}/ws?token={t}")))
            for i, t in zip(ids, (m["tokens"][0] for m in made))
        ]
        for p in people:  # a few actions stored first: a refusal rebuilds from them
            for _ in range(3):
                p.until_to_act()
                p.act()
        views = [p.until_to_act() for p in people]
        tables: list[Table] = [lobby.get(i) for i in ids]
        before = [_snapshot(client, t) for t in tables]
        shown = [client.get(f"/tables/{i}").json() for i in ids]
        stored = [_stored(db, i) for i in ids]
        assert all(len(s) == b[1] > 3 for s, b in zip(stored, before))
        actions = [Action.from_dict(p.action()) for p in people]
        counted = [p.counted() for p in people]

        def act_all() -> list[bool]:
            """Every person acts, in one turn of the loop: one group."""
            for table, view, action in zip(tables, views, actions):
                conn = next(c for c in table.connections if c.seat == 0)
                table.act(0, action, view["decision"], _refusal_to(conn, table))
            return [t.uncommitted for t in tables]

        store = lobby.store
        groups, shares = lobby.commits.groups, lobby.commits.shares
        with _patched(store, _refusing(store)):
            assert on_loop(client, act_all) == [True] * 4  # taken, not committed yet
            for p, view in zip(people, views):
                m = p.next()  # the refusal, and nothing of the action before it
                assert m["type"] == "error" and m["error"] == "StorageError", m
                assert "injected" in m["message"]
                assert m["legal_actions"] == view["legal_actions"]  # what it may still do
            # One group, every table's share in it, refused as one.
            assert (lobby.commits.groups, lobby.commits.shares) == (groups + 1, shares + 4)
            for i, table in enumerate(tables):
                assert _snapshot(client, table) == before[i]
                assert client.get(f"/tables/{ids[i]}").json() == shown[i]
                assert _stored(db, ids[i]) == stored[i]
            for p, position in zip(people, counted):
                p.nothing_within(0.2)
                assert p.counted() == position
            # An action sent over the socket while the store refuses is refused alike.
            people[0].ws.send_json(act_message(views[0], actions[0].to_dict()))
            m = people[0].next()
            assert m["type"] == "error" and m["error"] == "StorageError", m
            assert _snapshot(client, tables[0]) == before[0]
            assert _stored(db, ids[0]) == stored[0]

        # The store works again: the same actions, sent again, are all accepted.
        for p, view, action in zip(people, views, actions):
            p.ws.send_json(act_message(view, action.to_dict()))
        for p, (hand, count) in zip(people, counted):
            m = p.next()  # the very next event: none was sent of the refused actions
            assert m["type"] == "event" and (m["hand"], m["n"]) == (hand, count), m
            p.until_to_act()
        assert lobby.commits.groups > groups + 1
        matches = stored_matches(db)
        for i, table in enumerate(tables):
            match_json, taken = _snapshot(client, table)
            assert taken > before[i][1]
            assert len(_stored(db, ids[i])) == taken
            assert matches[ids[i]].to_json() == match_json
            assert client.get(f"/tables/{ids[i]}").json()["actions"] > shown[i]["actions"]


# -- a table whose lease is lost --------------------------------------------------------------


def _person_acts(table: Table, refused: Callable[[Any], None] | None = None) -> None:
    """Seat 0 takes its simple action on ``table`` (``refused``: told of a refusal)."""
    view = table.view(0)
    assert view["legal_actions"], "seat 0 is not to act"
    action = Action.from_dict(choose(view["legal_actions"], view["drawn"]))
    table.act(0, action, view["decision"], refused)


def _frames(queue: asyncio.Queue[str | None]) -> list[str | None]:
    out = []
    while not queue.empty():
        out.append(queue.get_nowait())
    return out


def test_a_group_commits_the_others_shares_and_lets_a_lost_table_go(db: str) -> None:
    """Two processes on one database: one of a's tables was taken over by b (a stalled past
    its lease). a's next group holds actions of three tables: the lost one's share is
    refused by the fence (nothing of it written, the table let go, its socket sent to b);
    the others' shares are committed."""

    async def main() -> None:
        a = Lobby(Store(db), claim_wait=0, server="a", url="http://a", lease=30, group_commit=True)
        b = Lobby(Store(db), claim_wait=0, server="b", url="http://b", lease=30, group_commit=True)
        try:
            await play(a, b)
        finally:
            for lobby in (a, b):
                await asyncio.wait_for(lobby.stop(), 10)
                lobby.store.close()

    async def play(a: Lobby, b: Lobby) -> None:
        a.load()
        tables = [a.create(TableSpec.parse(_spec(seed)))[0] for seed in (11, 12, 13)]
        assert a.commits is not None
        for _ in range(2):
            for t in tables:
                _person_acts(t)
            await asyncio.wait_for(a.commits.drain(), 10)
        conns = [t.connect(0) for t in tables]
        for c in conns:
            _frames(c.queue)
        lost = tables[1]
        # a stalls: the lost table's lease runs out, and b takes it over (epoch 2).
        sql(db, "UPDATE tables SET expires = 0 WHERE id = ?", (lost.id,))
        b.load()
        assert set(b.tables) == {lost.id} and b.tables[lost.id].epoch == 2
        stored = {t.id: _stored(db, t.id) for t in tables}
        groups, shares = a.commits.groups, a.commits.shares
        for t in tables:  # one turn of the loop: one group
            _person_acts(t, lambda e: None)
        assert all(t.uncommitted for t in tables)
        await asyncio.wait_for(a.commits.drain(), 10)
        assert (a.commits.groups, a.commits.shares) == (groups + 1, shares + 3)
        # The lost table: nothing written, let go, its socket sent to b (and nothing else).
        assert _stored(db, lost.id) == stored[lost.id]
        assert lost.id not in a.tables and a.lost == 1
        frames = _frames(conns[1].queue)
        assert frames[-1] is None
        sent = [m for f in frames[:-1] if f is not None for m in json.loads(f)]
        assert sent == [{"type": "redirect", "table": lost.id, "url": "http://b"}], sent
        # The others: committed, and their events sent.
        matches = stored_matches(db)
        for t, conn in ((tables[0], conns[0]), (tables[2], conns[2])):
            assert len(_stored(db, t.id)) == t.actions > len(stored[t.id])
            assert matches[t.id].to_json() == t.match.to_json()
            events = [
                m for f in _frames(conn.queue) if f for m in json.loads(f) if m["type"] == "event"
            ]
            assert events
        assert matches[lost.id].to_json() != lost.match.to_json()  # a's step is not on disk
        # b plays the lost table on from what is stored.
        theirs = b.tables[lost.id]
        assert len(stored[lost.id]) == theirs.actions
        assert b.commits is not None
        _person_acts(theirs)
        await asyncio.wait_for(b.commits.drain(), 10)
        assert len(_stored(db, lost.id)) == theirs.actions > len(stored[lost.id])
        assert stored_matches(db)[lost.id].to_json() == theirs.match.to_json()
        # a's other tables play on.
        _person_acts(tables[0])
        await asyncio.wait_for(a.commits.drain(), 10)
        assert len(_stored(db, tables[0].id)) == tables[0].actions

    asyncio.run(main())


# -- nothing uncommitted is shown -------------------------------------------------------------


class Held:
    """The app's store with its group commits made on a writer thread (SQLite's by a
    connection of its own, as PostgreSQL's are), each of which, while ``hold`` is clear,
    waits for it (``entered`` is set meanwhile); with ``refuse`` set, the database refuses
    it."""

    def __init__(self, db: str) -> None:
        self.store = Store(db)
        self.writer: Store | None = None
        if not self.store.commits_off_loop:  # SQLite: a writer thread, and its connection
            self.store.commits_off_loop = True
            self.writer = Store(db)
        self._real = (self.writer or self.store)._commit_group
        self.hold = threading.Event()
        self.hold.set()
        self.entered = threading.Event()
        self.refuse = threading.Event()
        self.store._commit_group = self._commit  # type: ignore[method-assign]

    def _commit(self, *args: Any) -> set[str]:
        if not self.hold.is_set():
            self.entered.set()
            assert self.hold.wait(20), "never released"
        if self.refuse.is_set():
            raise self.store._errors[0]("disk I/O error (injected)")
        return self._real(*args)

    def close(self) -> None:
        self.store.close()
        if self.writer is not None:
            self.writer.close()


@contextlib.contextmanager
def _held_server(db: str) -> Iterator[tuple[Held, TestClient]]:
    """A server over a :class:`Held` store; a commit still held when the test ends (it
    failed) is let go before the server stops."""
    held = Held(db)
    try:
        with TestClient(_app(held.store)) as client:
            try:
                yield held, client
            finally:
                held.hold.set()
    finally:
        held.close()


def _get_later(client: TestClient, path: str) -> tuple[threading.Thread, list[Any]]:
    """``GET path`` on a thread of its own (it waits for the table's commit); its answer."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(client.get(path).json()), daemon=True)
    thread.start()
    return thread, out


def _greeted_while_held(watcher: Any, hand: int) -> bool:
    """While a commit is held, a socket just opened is sent its ``hello``, telling the hand
    that stands, and nothing else (or nothing yet: it may be greeted once the commit is
    done); returns whether it was greeted."""
    hello = recv_within(watcher, 0.3)
    if hello is not None:
        assert hello["type"] == "hello" and hello["hand"] == hand, hello
        nothing_within(watcher, 0.2)  # no event, no view: nothing stands yet
    return hello is not None


def _watched_until_view(watcher: Any, greeted: bool) -> list[dict[str, Any]]:
    """The events a spectator's socket is sent up to its view (its ``hello`` first, unless
    ``greeted`` already), each numbered in order."""
    if not greeted:
        hello = recv_within(watcher, 10)
        assert hello is not None and hello["type"] == "hello", hello
    watched: list[dict[str, Any]] = []
    while (m := recv_within(watcher, 10)) is None or m["type"] != "view":
        assert m is not None, "the socket was sent no view"
        assert m["type"] == "event" and m["n"] == len(watched), m
        watched.append(m["event"])
    return watched


def test_nothing_uncommitted_is_shown(db: str) -> None:
    with _held_server(db) as (held, client):
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        made = client.post("/tables", json=_spec(21)).json()
        tid, token = made["id"], made["tokens"][0]
        table = lobby.get(tid)
        with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
            person = Person(ws)
            for _ in range(3):
                person.until_to_act()
                person.act()
            person.until_to_act()
            shown = client.get(f"/tables/{tid}").json()
            stored = _stored(db, tid)
            _, taken = _snapshot(client, table)
            hand, count = person.counted()

            # The person acts; its group's commit is held on the writer thread.
            assert not on_loop(client, _ends_the_hand, table, person.action())
            held.hold.clear()
            person.act()
            assert held.entered.wait(10)
            assert on_loop(client, lambda: table.uncommitted)
            assert _snapshot(client, table)[1] > taken  # taken in memory
            reader, answer = _get_later(client, f"/tables/{tid}")
            with client.websocket_connect(f"/tables/{tid}/ws") as watcher:
                greeted = _greeted_while_held(watcher, hand)
                person.nothing_within(0.1)
                reader.join(0.2)
                assert reader.is_alive() and not answer  # GET waits for the commit
                assert _stored(db, tid) == stored

                held.hold.set()  # released: committed, then shown
                reader.join(10)
                assert not reader.is_alive()
                assert answer[0] == client.get(f"/tables/{tid}").json() != shown
                assert answer[0]["actions"] > shown["actions"]
                m = person.next()
                assert m["type"] == "event" and (m["hand"], m["n"]) == (hand, count), m
                view = person.until_to_act()
                watched = _watched_until_view(watcher, greeted)
                public = on_loop(client, table.log, hand, None)
                assert watched == public and len(watched) > 0
            match_json, now = _snapshot(client, table)
            assert len(_stored(db, tid)) == now
            assert stored_matches(db)[tid].to_json() == match_json

            # Held again, then refused: a socket opened meanwhile never sees it.
            shown = client.get(f"/tables/{tid}").json()
            stored = _stored(db, tid)
            hand, count = person.counted()
            assert not on_loop(client, _ends_the_hand, table, person.action())
            held.entered.clear()
            held.hold.clear()
            held.refuse.set()
            person.act()
            assert held.entered.wait(10)
            reader, answer = _get_later(client, f"/tables/{tid}")
            with client.websocket_connect(f"/tables/{tid}/ws") as watcher:
                greeted = _greeted_while_held(watcher, hand)
                held.hold.set()
                m = person.next()
                assert m["type"] == "error" and m["error"] == "StorageError", m
                reader.join(10)
                # What stands: as before the action (one more socket watches).
                assert [{**answer[0], "spectators": 0}] == [shown] and shown["spectators"] == 0
                watched = _watched_until_view(watcher, greeted)
                assert watched == on_loop(client, table.log, hand, None)
                assert _stored(db, tid) == stored
                assert _snapshot(client, table) == (match_json, now)
                nothing_within(watcher, 0.1)
                person.nothing_within(0.1)
            held.refuse.clear()
            person.ws.send_json(act_message(view, person.action()))
            m = person.next()
            assert m["type"] == "event" and (m["hand"], m["n"]) == (hand, count), m


def _ends_the_hand(table: Table, action: dict[str, Any]) -> bool:
    """Whether seat 0's ``action`` ends the current hand (the next one is dealt)."""
    shadow = Match.from_json(table.match.to_json())
    hands = len(shadow.games)
    shadow.step(0, Action.from_dict(action))
    return len(shadow.games) > hands


class HandShownEarly(AssertionError):
    """A socket was told of a hand that is not committed."""


def test_a_socket_opened_while_a_hands_end_is_uncommitted(
    db: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The person's action ends hand 0 (the match deals hand 1); its commit is held, a
    socket opens, then the commit is refused: the socket is told of hand 0 only, is sent
    hand 0 as it stands, and once the action is taken again, hand 0's end and hand 1."""
    caplog.set_level(logging.ERROR, "koudiandian.server")
    with _held_server(db) as (held, client):
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        for seed in range(30, 60):  # a table where the person's action ends hand 0
            made = client.post("/tables", json=_spec(seed)).json()
            tid, token = made["id"], made["tokens"][0]
            table = lobby.get(tid)
            with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
                person = Person(ws)
                while True:
                    view = person.until_to_act()
                    action = person.action()
                    ends = on_loop(client, _ends_the_hand, table, action)
                    if ends or len(person.events) > 1:
                        break
                    person.act()
                if not ends or len(person.events) > 1:
                    continue
                held.hold.clear()
                held.refuse.set()
                person.act()
                assert held.entered.wait(10)
                with client.websocket_connect(f"/tables/{tid}/ws") as watcher:
                    hello = recv_within(watcher, 0.5)  # (or sent once the group is done)
                    held.hold.set()
                    hello = hello or recv_within(watcher, 10)
                    assert hello is not None and hello["type"] == "hello", hello
                    if hello["hand"] != 0:
                        raise HandShownEarly(hello)
                    told = person.next()
                    assert told["type"] == "error" and told["error"] == "StorageError", told
                    watched: list[dict[str, Any]] = []
                    while (w := recv_within(watcher, 10)) is None or w["type"] != "view":
                        assert w is not None, "the socket was sent nothing after the refusal"
                        assert (w["type"], w["hand"], w["n"]) == ("event", 0, len(watched)), w
                        watched.append(w["event"])
                    held.refuse.clear()
                    person.ws.send_json(act_message(view, action))
                    while (w := recv_within(watcher, 10)) is None or w.get("hand") != 1:
                        assert w is not None, "the socket was sent nothing after the action"
                        assert (w["type"], w["hand"], w["n"]) == ("event", 0, len(watched)), w
                        watched.append(w["event"])
                    assert (w["type"], w["n"]) == ("event", 0), w
                assert not caplog.records, caplog.text
                return
        raise AssertionError("no seed of 30–59 has the person end hand 0")
