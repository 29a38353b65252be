"""Group commit (:mod:`koudiandian.server.groupcommit`): the actions every table accepted in one
turn of the event loop are committed in one transaction, and each table's events are sent
only once its share stands (on SQLite and PostgreSQL).

A refused group refuses every action in it: every table of the group is as it was (in
memory, in the database, to ``GET /tables/{id}``), everyone who acted is told
(``StorageError``), and the same actions are accepted once the store works. A group with a
table whose lease another process took commits the others' shares and lets that table go.
That nothing uncommitted is shown is ``test_server_group_commit_shown.py``'s.

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
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Action  # noqa: E402
from koudiandian.server.lobby import Lobby  # noqa: E402
from koudiandian.server.seatsocket import _refusal_to  # noqa: E402
from koudiandian.server.spec import TableSpec  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from koudiandian.server.tables import Table  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.group_commit import (  # noqa: E402
    Person,
    app_over,
    on_loop,
    patched,
    person_spec,
    refusing,
    snapshot,
    stored_actions,
)
from tests.support.server_util import (  # noqa: E402, F401 (deadline: an autouse fixture)
    act_message,
    choose,
    deadline,
    stored_matches,
)
from tests.support.sql import sql  # noqa: E402


def test_a_refused_group_refuses_every_action_in_it(db: str) -> None:
    with TestClient(app_over(db)) as client, contextlib.ExitStack() as stack:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        made = [client.post("/tables", json=person_spec(40 + i)).json() for i in range(4)]
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
        before = [snapshot(client, t) for t in tables]
        shown = [client.get(f"/tables/{i}").json() for i in ids]
        stored = [stored_actions(db, i) for i in ids]
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
        with patched(store, refusing(store)):
            assert on_loop(client, act_all) == [True] * 4  # taken, not committed yet
            for p, view in zip(people, views):
                m = p.next()  # the refusal, and nothing of the action before it
                assert m["type"] == "error" and m["error"] == "StorageError", m
                assert "injected" in m["message"]
                assert m["legal_actions"] == view["legal_actions"]  # what it may still do
            # One group, every table's share in it, refused as one.
            assert (lobby.commits.groups, lobby.commits.shares) == (groups + 1, shares + 4)
            for i, table in enumerate(tables):
                assert snapshot(client, table) == before[i]
                assert client.get(f"/tables/{ids[i]}").json() == shown[i]
                assert stored_actions(db, ids[i]) == stored[i]
            for p, position in zip(people, counted):
                p.nothing_within(0.2)
                assert p.counted() == position
            # An action sent over the socket while the store refuses is refused alike.
            people[0].ws.send_json(act_message(views[0], actions[0].to_dict()))
            m = people[0].next()
            assert m["type"] == "error" and m["error"] == "StorageError", m
            assert snapshot(client, tables[0]) == before[0]
            assert stored_actions(db, ids[0]) == stored[0]

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
            match_json, taken = snapshot(client, table)
            assert taken > before[i][1]
            assert len(stored_actions(db, ids[i])) == taken
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
        tables = [a.create(TableSpec.parse(person_spec(seed)))[0] for seed in (11, 12, 13)]
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
        stored = {t.id: stored_actions(db, t.id) for t in tables}
        groups, shares = a.commits.groups, a.commits.shares
        for t in tables:  # one turn of the loop: one group
            _person_acts(t, lambda e: None)
        assert all(t.uncommitted for t in tables)
        await asyncio.wait_for(a.commits.drain(), 10)
        assert (a.commits.groups, a.commits.shares) == (groups + 1, shares + 3)
        # The lost table: nothing written, let go, its socket sent to b (and nothing else).
        assert stored_actions(db, lost.id) == stored[lost.id]
        assert lost.id not in a.tables and a.lost == 1
        frames = _frames(conns[1].queue)
        assert frames[-1] is None
        sent = [m for f in frames[:-1] if f is not None for m in json.loads(f)]
        assert sent == [{"type": "redirect", "table": lost.id, "url": "http://b"}], sent
        # The others: committed, and their events sent.
        matches = stored_matches(db)
        for t, conn in ((tables[0], conns[0]), (tables[2], conns[2])):
            assert len(stored_actions(db, t.id)) == t.actions > len(stored[t.id])
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
        assert len(stored_actions(db, lost.id)) == theirs.actions > len(stored[lost.id])
        assert stored_matches(db)[lost.id].to_json() == theirs.match.to_json()
        # a's other tables play on.
        _person_acts(tables[0])
        await asyncio.wait_for(a.commits.drain(), 10)
        assert len(stored_actions(db, tables[0].id)) == tables[0].actions

    asyncio.run(main())
