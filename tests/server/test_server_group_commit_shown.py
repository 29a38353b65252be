"""Group commit (:mod:`koudiandian.server.groupcommit`), on SQLite and PostgreSQL: while a
table's actions are not committed, nothing of them is shown: not to ``GET /tables/{id}``, not
to a socket opened meanwhile, not to the socket that acted; a socket opened while a hand's
end is uncommitted is not told of the next hand.

A commit is held on the writer thread by a patched ``_commit_group`` that waits on a
``threading.Event``; SQLite commits on the event loop, so there its store is given a writer
thread (and a connection of its own for it), as PostgreSQL's has (``Held``).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Action, Match  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from koudiandian.server.tables import Table  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.group_commit import (  # noqa: E402
    Person,
    app_over,
    nothing_within,
    on_loop,
    person_spec,
    recv_within,
    snapshot,
    stored_actions,
)
from tests.support.server_util import (  # noqa: E402, F401 (deadline: an autouse fixture)
    act_message,
    deadline,
    stored_matches,
)


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


def _but_spectators(state: dict[str, Any]) -> dict[str, Any]:
    """A table's public state without its count of watchers (not the game's)."""
    return {k: v for k, v in state.items() if k != "spectators"}


@contextlib.contextmanager
def _held_server(db: str) -> Iterator[tuple[Held, TestClient]]:
    """A server over a :class:`Held` store; a commit still held when the test ends (it
    failed) is let go before the server stops."""
    held = Held(db)
    try:
        with TestClient(app_over(held.store)) as client:
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
        made = client.post("/tables", json=person_spec(21)).json()
        tid, token = made["id"], made["tokens"][0]
        table = lobby.get(tid)
        with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
            person = Person(ws)
            for _ in range(3):
                person.until_to_act()
                person.act()
            person.until_to_act()
            shown = client.get(f"/tables/{tid}").json()
            stored = stored_actions(db, tid)
            _, taken = snapshot(client, table)
            hand, count = person.counted()

            # The person acts; its group's commit is held on the writer thread.
            assert not on_loop(client, _ends_the_hand, table, person.action())
            held.hold.clear()
            person.act()
            assert held.entered.wait(10)
            assert on_loop(client, lambda: table.uncommitted)
            assert snapshot(client, table)[1] > taken  # taken in memory
            reader, answer = _get_later(client, f"/tables/{tid}")
            with client.websocket_connect(f"/tables/{tid}/ws") as watcher:
                greeted = _greeted_while_held(watcher, hand)
                person.nothing_within(0.1)
                reader.join(0.2)
                assert reader.is_alive() and not answer  # GET waits for the commit
                assert stored_actions(db, tid) == stored

                held.hold.set()  # released: committed, then shown
                reader.join(10)
                assert not reader.is_alive()
                # (the watcher, let in by the same commit, may or may not be counted yet)
                now_shown = client.get(f"/tables/{tid}").json()
                assert _but_spectators(answer[0]) == _but_spectators(now_shown) != shown
                assert answer[0]["actions"] > shown["actions"]
                m = person.next()
                assert m["type"] == "event" and (m["hand"], m["n"]) == (hand, count), m
                view = person.until_to_act()
                watched = _watched_until_view(watcher, greeted)
                public = on_loop(client, table.log, hand, None)
                assert watched == public and len(watched) > 0
            match_json, now = snapshot(client, table)
            assert len(stored_actions(db, tid)) == now
            assert stored_matches(db)[tid].to_json() == match_json

            # Held again, then refused: a socket opened meanwhile never sees it.
            shown = client.get(f"/tables/{tid}").json()
            stored = stored_actions(db, tid)
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
                assert stored_actions(db, tid) == stored
                assert snapshot(client, table) == (match_json, now)
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
            made = client.post("/tables", json=person_spec(seed)).json()
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
