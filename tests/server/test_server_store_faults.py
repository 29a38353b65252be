"""The store under faults: a database of the first schema still loads, one of a newer schema
is refused, one bad stored table is set aside while the others serve (these two on SQLite
and PostgreSQL), and a full disk refuses an action (the socket kept, the table as it was)
until it has room again."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Match  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.spec import TableSpec  # noqa: E402
from koudiandian.server.store import SCHEMA_VERSION, Store, is_postgres_url  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import choose, recv  # noqa: E402
from tests.support.sql import sql  # noqa: E402

# The schema as 924b10f created it (schema version 0, no user_version set): data, not code,
# so that a change of the store's SQL cannot change what this test builds.
_SCHEMA_924B10F = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    digest BLOB NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action INTEGER NOT NULL,  -- Action.code: kind * 34 + tile
    PRIMARY KEY (table_id, n)
);
"""
# 924b10f's statements, as it wrote a table, a token digest and an action.
_INSERT_TABLE = "INSERT INTO tables (id, spec, created) VALUES (?, ?, ?)"
_INSERT_TOKEN = "INSERT INTO tokens (table_id, seat, digest) VALUES (?, ?, ?)"
_INSERT_ACTION = "INSERT INTO actions (table_id, n, seat, action) VALUES (?, ?, ?, ?)"


def _write_tables(
    execute: Callable[[str, Sequence[Any]], object],
    tables: dict[str, tuple[dict[str, Any], int]],
) -> dict[str, Match]:
    """Write, with 924b10f's statements, for each id a table of that spec after that many
    actions (each seat taking its first legal action); returns the matches as they stand."""
    matches = {}
    for created, (tid, (spec, moves)) in enumerate(tables.items()):
        execute(_INSERT_TABLE, (tid, json.dumps(spec, sort_keys=True), 1000.0 + created))
        for seat, kind in enumerate(spec["seats"]):
            if kind == "human":
                execute(_INSERT_TOKEN, (tid, seat, bytes(32)))
        rules = TableSpec.from_dict(spec).rules
        match = Match(rules, seed=spec["seed"], length=spec["match"] or 1)
        for n in range(moves):
            seat = match.to_act[0]
            action = match.legal_actions(seat)[0]
            match.step(seat, action)
            execute(_INSERT_ACTION, (tid, n, seat, action.code))
        matches[tid] = match
    return matches


def _old_database(db: str, tables: dict[str, tuple[dict[str, Any], int]]) -> dict[str, Match]:
    """A SQLite database as 924b10f wrote it, holding ``tables`` (:func:`_write_tables`)."""
    con = sqlite3.connect(db)
    con.executescript("PRAGMA journal_mode=WAL;" + _SCHEMA_924B10F)
    matches = _write_tables(con.execute, tables)
    con.commit()
    con.close()
    return matches


def _stored_database(db: str, tables: dict[str, tuple[dict[str, Any], int]]) -> dict[str, Match]:
    """A database of the store's schema, SQLite or PostgreSQL, holding ``tables`` written
    as 924b10f wrote them (the columns it did not know left to their defaults)."""
    Store(db).close()
    return _write_tables(lambda statement, params: sql(db, statement, params), tables)


# A table's spec as 924b10f stored it (TableSpec.to_dict, sorted keys), the seed left out.
_SPEC_924B10F = (
    '{"bot_delay": 0.0, "match": null, "rules": {"bonus_patterns": false, "dealer_bonus": '
    'true, "dealer_selfdraw_double": true, "delayed_kong": false, "draw5_win6": false, '
    '"feeder_pays_all": true, "feeder_pays_kong": true, "kong_keeps_waits": false, '
    '"must_win": false, "no_honors": false, "profile": "taiyuan", "wildcards": "none", '
    '"wind_runs": false}, "seats": ["human", "greedy", "greedy", "greedy"]}'
)


def _spec(seed: int, *, people: bool = False) -> dict[str, Any]:
    """The spec of a table of one person and three bots (``people``: four people)."""
    seats = {"seats": ["human"] * 4} if people else {}
    return {**json.loads(_SPEC_924B10F), "seed": seed, **seats}


def _rows(db: str) -> list[Any]:
    return [sql(db, f"SELECT * FROM {t} ORDER BY 1, 2") for t in ("tables", "tokens", "actions")]


# SQLite only: 924b10f's schema was SQLite's (PostgreSQL stores began at schema 2).
def test_a_database_written_by_924b10f_still_loads(
    sqlite_db: str, caplog: pytest.LogCaptureFixture
) -> None:
    db = sqlite_db
    moves = {"a0": 3, "b1": 0}
    # Four people: no bot acts once it is loaded, and the tables stand as stored.
    old = _old_database(db, {"a0": (_spec(5, people=True), 3), "b1": (_spec(6), 0)})
    with caplog.at_level(logging.WARNING, "koudiandian.server"):
        Store(db).close()  # the upgrade is said, not silent
    assert f"upgraded from schema version 0 to {SCHEMA_VERSION}" in caplog.text
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        for tid, match in old.items():
            state = client.get(f"/tables/{tid}").json()
            assert state["actions"] == moves[tid]
            lobby = client.app.state.lobby  # type: ignore[attr-defined]
            assert lobby.get(tid).match.to_json() == match.to_json()
        assert {t["id"] for t in client.get("/tables").json()["tables"]} == {"a0", "b1"}
    store = Store(db)
    assert store.schema_version == SCHEMA_VERSION == 4
    assert [i for i, _ in store.index()] == ["a0", "b1"]
    store.close()


def test_a_database_of_a_newer_schema_is_refused_by_name(db: str) -> None:
    from koudiandian.errors import StorageError

    if is_postgres_url(db):  # the version is a row of its own on PostgreSQL
        Store(db).close()
        sql(db, "UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    else:
        sql(db, f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(StorageError, match=f"schema version {SCHEMA_VERSION + 1}"):
        Store(db)


def test_one_bad_stored_table_is_set_aside_and_the_others_serve(
    db: str, caplog: pytest.LogCaptureFixture
) -> None:
    _stored_database(
        db,
        {"badcode": (_spec(1), 4), "illegal": (_spec(2), 4), "badspec": (_spec(3), 0)}
        | {"good": (_spec(4), 4)},
    )
    sql(db, "UPDATE actions SET action = 999999 WHERE table_id = 'badcode' AND n = 2")
    sql(db, "UPDATE actions SET seat = (seat + 1) % 4 WHERE table_id = 'illegal' AND n = 0")
    sql(db, "UPDATE tables SET spec = '{\"seats\": 7}' WHERE id = 'badspec'")
    rows = _rows(db)
    with caplog.at_level(logging.ERROR, "koudiandian.server"):
        with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
            assert client.get("/tables/good").status_code == 200
            # Answers to a discard are not in the public count: the table's own is whole.
            assert client.app.state.lobby.get("good").actions == 4  # type: ignore[attr-defined]
            for tid in ("badcode", "illegal", "badspec"):
                r = client.get(f"/tables/{tid}")
                assert r.status_code == 503, (tid, r.text)
                assert r.json()["error"] == "TableUnavailableError"
                assert tid in r.json()["message"]
                assert client.get(f"/tables/{tid}/hands/0").status_code == 503
                with client.websocket_connect(f"/tables/{tid}/ws") as ws:
                    assert recv(ws)["error"] == "TableUnavailableError"
            assert "999999" in client.get("/tables/badcode").json()["message"]
            listed = {t["id"] for t in client.get("/tables").json()["tables"]}
            assert listed == {"good"}
            # The good table is played on.
            r = client.post("/tables", json={"seats": ["greedy"] * 4, "seed": 1})
            assert r.status_code == 201
    logged = caplog.text
    assert all(tid in logged for tid in ("badcode", "illegal", "badspec"))
    # The bad tables' rows are kept untouched (never marked finished; their leases aside).
    bad = {"badcode", "illegal", "badspec"}
    for name, before_rows, after_rows in zip(("tables", "tokens", "actions"), rows, _rows(db)):
        old_bad = [r for r in before_rows if r[0] in bad]
        new_bad = [r for r in after_rows if r[0] in bad]
        if name == "tables":
            assert all(r[3] is None for r in old_bad + new_bad)
            old_bad = [r[:4] for r in old_bad]
            new_bad = [r[:4] for r in new_bad]
        assert new_bad == old_bad, name


# -- a full disk ------------------------------------------------------------------------------


def _fill(store: Store) -> None:
    """Make the database full: no page more than it has now (SQLITE_FULL on the next)."""
    db = store._db  # the store's own connection: max_page_count holds for it alone
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count={pages}")


def _make_room(store: Store) -> None:
    store._db.execute("PRAGMA max_page_count=1073741823")


# SQLite only: a full disk is made with SQLite's max_page_count; PostgreSQL has no such cap
# to set for one connection.
def test_a_full_disk_refuses_the_action_keeps_the_socket_and_the_table(
    sqlite_db: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "koudiandian.server")
    db = sqlite_db
    store = Store(db)
    with TestClient(create_app(store, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        r = client.post(
            "/tables",
            json={"seats": ["human", "greedy", "greedy", "greedy"], "seed": 8, "match": 4},
        )
        tid, token = r.json()["id"], r.json()["tokens"][0]
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        table = lobby.get(tid)
        _fill(store)
        refused = None
        with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
            view: dict[str, Any] | None = None
            for _ in range(5000):
                m = recv(ws)
                assert m["type"] != "match_end", "the database never filled up"
                if m["type"] == "view" and m["view"]["legal_actions"]:
                    view = m["view"]
                    before = (
                        table.match.to_json(),
                        table.actions,
                        client.get(f"/tables/{tid}").json(),
                    )
                    ws.send_json(
                        {
                            "type": "action",
                            "decision": view["decision"],
                            "action": choose(view["legal_actions"], view["drawn"]),
                        }
                    )
                if m["type"] == "error":
                    refused = m
                    break
            assert refused is not None and refused["error"] == "StorageError", refused
            assert "full" in refused["message"]
            assert refused["legal_actions"]  # what it may still do: the same as before
            # The table is as it was, in memory and in the database.
            assert (table.match.to_json(), table.actions) == before[:2]
            assert client.get(f"/tables/{tid}").json() == before[2]
            stored = Store(db)
            assert len(stored.table(tid).actions) == table.actions
            stored.close()
            # A new table is refused by name too (once the tables' own pages are full).
            for _ in range(500):
                r = client.post("/tables", json={"seats": ["human"] * 4})
                if r.status_code != 201:
                    break
            assert r.status_code == 503 and r.json()["error"] == "StorageError"
            # The socket is kept: it answers, and once there is room the same action is taken.
            ws.send_json({"type": "ping"})
            assert recv(ws)["type"] == "pong"
            _make_room(store)
            assert view is not None
            ws.send_json(
                {
                    "type": "action",
                    "decision": view["decision"],
                    "action": choose(view["legal_actions"], view["drawn"]),
                }
            )
            m = recv(ws)
            assert m["type"] == "event", m
            assert table.actions > before[1]
        assert client.post("/tables", json={"seats": ["greedy"] * 4}).status_code == 201
    # The log names the real error, not a failed rollback over it.
    assert "database or disk is full" in caplog.text
    assert "cannot rollback" not in caplog.text
