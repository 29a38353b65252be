"""The group-commit tests' shared parts (``tests/server/test_server_group_commit*.py``): a
person's table (seat 0 a person, three greedy bots, a 2-hand match), the app over a store, the
stored actions, seat 0's socket (``Person``: every event checked to come once, in order),
waiting for a frame or for none, calling on the server's event loop (one turn of it, as the
socket reader does), a table's snapshot there, and a ``_commit_group`` patched to be refused."""

from __future__ import annotations

import contextlib
import json
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

import anyio  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from koudiandian.server.tables import Table  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import act_message, choose, recv  # noqa: E402
from tests.support.sql import sql  # noqa: E402

PERSON = ["human", "greedy", "greedy", "greedy"]
T = TypeVar("T")


def person_spec(seed: int) -> dict[str, Any]:
    """One person (seat 0) and three greedy bots that act at once, a 2-hand match."""
    return {"seats": PERSON, "seed": seed, "match": 2, "bot_delay": 0, "private": False}


def app_over(db: str | Store) -> Any:
    """The server's app over ``db`` (a URL or a store): no bot delay, no claim wait, seeds
    allowed."""
    return create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)


def stored_actions(db: str, table_id: str) -> list[tuple[Any, ...]]:
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


def snapshot(client: TestClient, table: Table) -> tuple[str, int]:
    """The table's match and its count of actions, read on the server's loop."""
    return on_loop(client, lambda: (table.match.to_json(), table.actions))


def refusing(store: Store) -> Callable[..., set[str]]:
    """A ``_commit_group`` that the database refuses (an error of the backend's driver,
    which the store turns into ``StorageError``)."""

    def refuse(*args: Any) -> set[str]:
        raise store._errors[0]("disk I/O error (injected)")

    return refuse


@contextlib.contextmanager
def patched(store: Store, commit: Callable[..., set[str]]) -> Iterator[None]:
    real = store._commit_group
    store._commit_group = commit  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        store._commit_group = real  # type: ignore[method-assign]
