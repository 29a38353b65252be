"""Bounded memory: a finished table leaves memory (it is served from the store), a restart
does not replay finished tables, an operator prunes old ones, and a connection's queue of
unsent frames is capped in bytes."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian.cli import main  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import recv  # noqa: E402
from tests.support.sql import sql  # noqa: E402


def _until_over(client: TestClient, tid: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = client.get(f"/tables/{tid}").json()
        if state["over"]:
            return state  # type: ignore[no-any-return]
        time.sleep(0.02)
    raise AssertionError(f"table {tid} did not finish")


def test_a_finished_table_leaves_memory_and_is_served_from_the_store(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        tid = client.post("/tables", json={"seats": ["greedy"] * 4, "seed": 2, "match": 2}).json()[
            "id"
        ]
        live = client.post(
            "/tables", json={"seats": ["human", "greedy", "greedy", "greedy"], "private": False}
        )
        live_id = live.json()["id"]
        state = _until_over(client, tid)
        assert tid not in lobby.tables and live_id in lobby.tables
        hand = client.get(f"/tables/{tid}/hands/1")
        assert hand.status_code == 200 and hand.json()["events"][0]["type"] == "start_hand"
        assert client.get(f"/tables/{tid}/hands/0/replay").status_code == 200
        listed = {t["id"]: t["over"] for t in client.get("/tables").json()["tables"]}
        assert listed == {tid: True, live_id: False}
        # A spectator still watches it whole, and it leaves memory again with the socket.
        with client.websocket_connect(f"/tables/{tid}/ws?hand=0") as ws:
            kinds = []
            while not kinds or kinds[-1] != "match_end":
                kinds.append(recv(ws)["type"])
            assert kinds[0] == "hello" and "event" in kinds
        assert tid not in lobby.tables
    store = Store(db)
    assert dict(store.index()) == {tid: True, live_id: False}
    store.close()
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        assert set(lobby.tables) == {live_id}  # the finished table is not replayed at start
        assert client.get(f"/tables/{tid}").json() == state


def test_an_operator_prunes_finished_tables_older_than_n_days(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        old = client.post("/tables", json={"seats": ["greedy"] * 4, "seed": 1}).json()["id"]
        new = client.post("/tables", json={"seats": ["greedy"] * 4, "seed": 2}).json()["id"]
        live = client.post("/tables", json={"seats": ["human"] * 4}).json()["id"]
        _until_over(client, old)
        _until_over(client, new)
    sql(db, "UPDATE tables SET finished = finished - 3 * 86400 WHERE id = ?", (old,))
    assert main(["prune", "--db", str(db), "--days", "2"]) == 0
    assert "pruned 1 finished table" in capsys.readouterr().out
    store = Store(db)
    assert dict(store.index()) == {new: True, live: False}
    assert sql(db, "SELECT count(*) FROM actions WHERE table_id = ?", (old,)) == [(0,)]
    store.close()
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        assert client.get(f"/tables/{old}").status_code == 404
        assert client.get(f"/tables/{new}").status_code == 200
    assert main(["prune", "--db", str(db), "--days", "-1"]) == 2
    assert "days" in capsys.readouterr().err


def test_a_connection_over_its_byte_cap_is_closed_as_too_slow() -> None:
    from koudiandian.server.seatsocket import CLOSE_TOO_SLOW, _write
    from koudiandian.server.tables import MAX_QUEUED_BYTES, Connection

    assert 1 << 20 <= MAX_QUEUED_BYTES <= 64 << 20

    class Socket:
        """A socket that records what it is sent, and how it is closed."""

        def __init__(self) -> None:
            self.sent: list[str] = []
            self.closed: int | None = None

        async def send_text(self, text: str) -> None:
            self.sent.append(text)

        async def close(self, code: int) -> None:
            self.closed = code

    async def run() -> None:
        conn = Connection(None, max_queued_bytes=10_000)
        big = {"type": "event", "pad": "x" * 3000}
        for _ in range(3):
            conn.send(big)  # about 9,000 bytes queued: under the cap
        assert not conn.overflowed and 9000 < conn.queued_bytes < 10_000
        socket = Socket()
        writer = asyncio.create_task(_write(socket, conn))  # type: ignore[arg-type]
        await asyncio.sleep(0)
        assert conn.queued_bytes == 0 and len(socket.sent) == 3  # a reader that keeps up
        for _ in range(4):
            conn.send(big)  # a reader that does not: the fourth frame is over the cap
        assert conn.overflowed
        await asyncio.wait_for(writer, 5)
        assert socket.closed == CLOSE_TOO_SLOW and len(socket.sent) == 6

    asyncio.run(run())


def test_a_running_server_forgets_a_table_pruned_under_it(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        tid = client.post("/tables", json={"seats": ["greedy"] * 4}).json()["id"]
        deadline = time.monotonic() + 60
        while not all(t["over"] for t in client.get("/tables").json()["tables"]):
            assert time.monotonic() < deadline
            time.sleep(0.02)
        store = Store(db)
        assert store.prune(0, now=time.time() + 1) == [tid]
        store.close()
        r = client.get(f"/tables/{tid}")
        assert r.status_code == 404 and r.json()["error"] == "TableNotFoundError"
        assert client.get("/tables").json()["tables"] == []
