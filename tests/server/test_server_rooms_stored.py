"""Rooms in the database (docs/server.md, "Rooms"): a half-filled room survives a restart, the
database settles races (two joins for the last seat, a close against a rematch), a schema-2
database gains rooms and keeps its tables, pruning keeps an open room's tables and takes an
ended one after a day; on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.auth import token_digest  # noqa: E402
from koudiandian.server.store import SCHEMA_VERSION, Store  # noqa: E402
from koudiandian.server.storedroom import Player  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.rooms import auth, join, new_room, play_a_match, state  # noqa: E402
from tests.support.server_util import deadline  # noqa: E402, F401 (deadline: autouse)


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


def test_the_database_ends_a_race_of_close_and_rematch_with_no_live_table(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        made = new_room(client, seats=["human", "greedy", "greedy", "greedy"])
        play_a_match(client, made)
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
        play_a_match(client, made)
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
