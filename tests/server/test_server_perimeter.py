"""The server's perimeter in process: the seed flag, limits, the Origin check, security
headers, private tables."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian.errors import InvalidArgumentError  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.limits import CLOSE_LIMIT, BotGate, Limits, RateBucket  # noqa: E402
from koudiandian.server.origin import CLOSE_FORBIDDEN_ORIGIN  # noqa: E402
from koudiandian.server.spec import TableSpec  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tests.support.server_util import deadline, recv  # noqa: E402, F401
from tests.support.sql import sql  # noqa: E402

ONE_PERSON = {"seats": ["human", "greedy", "greedy", "greedy"]}
PUBLIC = {**ONE_PERSON, "private": False}


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0)) as c:
        yield c


def test_a_seed_is_refused_unless_the_server_allows_seeds(
    client: TestClient, new_db: Callable[[], str]
) -> None:
    r = client.post("/tables", json={**ONE_PERSON, "seed": 12345})
    assert r.status_code == 400
    assert r.json()["error"] == "InvalidArgumentError"
    assert "seed" in r.json()["message"] and "--allow-seeds" in r.json()["message"]
    assert client.get("/tables").json()["tables"] == []
    assert client.post("/tables", json=ONE_PERSON).status_code == 201  # no seed: fine
    with TestClient(create_app(new_db(), bot_delay=0, allow_seeds=True)) as seeded:
        r = seeded.post("/tables", json={**ONE_PERSON, "seed": 12345})
        assert r.status_code == 201, r.text


def _limited(db: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db, bot_delay=0, limits=Limits(**limits)))


def test_tables_beyond_the_limits_are_refused_by_name(db: str) -> None:
    with _limited(db, tables=2) as client:
        for _ in range(2):
            assert client.post("/tables", json=PUBLIC).status_code == 201
        r = client.post("/tables", json=PUBLIC)
        assert r.status_code == 503 and r.json()["error"] == "LimitError"
        assert "tables=2" in r.json()["message"]
        assert len(client.get("/tables").json()["tables"]) == 2
    with _limited(db, tables_per_minute=3) as client:
        for _ in range(3):
            assert client.post("/tables", json=PUBLIC).status_code == 201
        r = client.post("/tables", json=PUBLIC)
        assert r.status_code == 429 and r.json()["error"] == "LimitError"
        assert "tables_per_minute=3" in r.json()["message"]


def _refused(client: TestClient, path: str, limit: str) -> None:
    with client.websocket_connect(path) as ws:
        m = recv(ws)
        assert m["type"] == "error" and m["error"] == "LimitError" and limit in m["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == CLOSE_LIMIT


def test_sockets_beyond_the_limits_are_refused_by_name(db: str) -> None:
    with _limited(db, sockets_per_table=2, sockets_per_address=3) as client:
        a = client.post("/tables", json=PUBLIC).json()["id"]
        b = client.post("/tables", json=PUBLIC).json()["id"]
        with client.websocket_connect(f"/tables/{a}/ws") as w1:
            assert recv(w1)["type"] == "hello"
            with client.websocket_connect(f"/tables/{a}/ws") as w2:
                assert recv(w2)["type"] == "hello"
                _refused(client, f"/tables/{a}/ws", "sockets_per_table=2")
                with client.websocket_connect(f"/tables/{b}/ws") as w3:
                    assert recv(w3)["type"] == "hello"
                    _refused(client, f"/tables/{b}/ws", "sockets_per_address=3")
        # the sockets closed, their places are free again
        with client.websocket_connect(f"/tables/{a}/ws") as w4:
            assert recv(w4)["type"] == "hello"


def test_a_socket_over_the_message_rate_is_slowed_to_it(db: str) -> None:
    with _limited(db, messages_per_second=100, message_burst=10) as client:
        tid = client.post("/tables", json=PUBLIC).json()["id"]
        with client.websocket_connect(f"/tables/{tid}/ws") as ws:
            while recv(ws)["type"] != "view":
                pass
            start = time.monotonic()
            for _ in range(70):
                ws.send_text(json.dumps({"type": "ping"}))
            assert [recv(ws)["type"] for _ in range(70)] == ["pong"] * 70  # none lost
            assert time.monotonic() - start >= (70 - 10) / 100  # 60 over the burst, at 100/s


def test_a_rate_bucket_keeps_its_rate_after_its_burst() -> None:
    now = [0.0]
    bucket = RateBucket(10, 3, clock=lambda: now[0])
    assert [bucket.delay() for _ in range(3)] == [0, 0, 0]
    assert bucket.delay() == pytest.approx(0.1) and bucket.delay() == pytest.approx(0.2)
    now[0] = 10.0  # a long pause refills the burst, no more
    assert [bucket.delay() for _ in range(3)] == [0, 0, 0] and bucket.delay() > 0


def test_bots_without_a_person_keep_to_their_share_of_the_loop() -> None:
    async def run() -> float:
        gate = BotGate(0.25, 0.002)
        busy = 0.0

        async def bots() -> None:
            nonlocal busy
            while True:
                async with gate.turn() as until:
                    start = time.monotonic()
                    while time.monotonic() < until:
                        pass
                    busy += time.monotonic() - start

        tasks = [asyncio.create_task(bots()) for _ in range(5)]
        start = time.monotonic()
        await asyncio.sleep(0.5)
        elapsed = time.monotonic() - start
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return busy / elapsed

    assert asyncio.run(run()) <= 0.25 + 0.05


@pytest.mark.parametrize(
    ("field", "value"), [("tables", 0), ("bot_share", 1.5), ("messages_per_second", float("nan"))]
)
def test_bad_limits_are_refused_by_name(field: str, value: Any) -> None:
    with pytest.raises(InvalidArgumentError, match=field):
        Limits(**{field: value})


FOREIGN = "http://evil.example"


def test_state_changing_requests_from_a_foreign_origin_are_refused(client: TestClient) -> None:
    for headers in ({"Origin": FOREIGN}, {"Origin": FOREIGN, "Content-Type": "text/plain"}):
        r = client.post("/tables", content=json.dumps(ONE_PERSON), headers=headers)
        assert r.status_code == 403 and r.json()["error"] == "OriginError"
        assert FOREIGN in r.json()["message"]
    r = client.post("/replay", content=b"", headers={"Origin": "null"})
    assert r.status_code == 403 and r.json()["error"] == "OriginError"
    assert client.get("/tables").json()["tables"] == []
    # The server's own origin, and no Origin at all (a client that is not a browser), pass;
    # so does reading from anywhere.
    assert (
        client.post("/tables", json=ONE_PERSON, headers={"Origin": "http://testserver"}).status_code
        == 201
    )
    assert client.post("/tables", json=ONE_PERSON).status_code == 201
    assert client.get("/tables", headers={"Origin": FOREIGN}).status_code == 200


def test_a_socket_from_a_foreign_origin_is_refused(db: str) -> None:
    other = "https://b.koudiandian.example"
    with TestClient(create_app(db, bot_delay=0, allowed_origins=[other])) as client:
        t = client.post("/tables", json=ONE_PERSON).json()
        path = f"/tables/{t['id']}/ws?token={t['tokens'][0]}"
        with client.websocket_connect(path, headers={"Origin": FOREIGN}) as ws:
            m = recv(ws)
            assert m["type"] == "error" and m["error"] == "OriginError"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == CLOSE_FORBIDDEN_ORIGIN
        for origin in ("http://testserver", other, None):
            headers = {} if origin is None else {"Origin": origin}
            with client.websocket_connect(path, headers=headers) as ws:
                assert recv(ws)["seat"] == 0
        r = client.post("/tables", json=ONE_PERSON, headers={"Origin": other})
        assert r.status_code == 201


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    tid = client.post("/tables", json=ONE_PERSON).json()["id"]
    for method, path in [
        ("GET", "/"),
        ("GET", "/static/table.js"),
        ("GET", "/tables"),
        ("GET", f"/tables/{tid}"),
        ("GET", "/tables/nope"),
        ("GET", "/no/such/page"),
        ("POST", "/tables"),
    ]:
        r = client.request(method, path, headers={"Origin": FOREIGN})
        assert r.headers["x-content-type-options"] == "nosniff", path
        assert r.headers["x-frame-options"] == "DENY", path
        assert r.headers["referrer-policy"] == "no-referrer", path
        csp = r.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, path


def test_a_bad_allowed_origin_is_refused_by_name(db: str) -> None:
    with pytest.raises(InvalidArgumentError, match="evil.example/page"):
        create_app(db, allowed_origins=["https://evil.example/page"])


def test_a_table_with_a_person_is_private_by_default(client: TestClient) -> None:
    t = client.post("/tables", json=ONE_PERSON).json()
    tid, tokens, watch = t["id"], t["tokens"], t["watch_token"]
    assert t["state"]["private"] and isinstance(watch, str) and watch not in tokens
    bots = client.post("/tables", json={"seats": ["greedy"] * 4}).json()
    assert not bots["state"]["private"] and bots["watch_token"] is None
    assert [x["id"] for x in client.get("/tables").json()["tables"]] == [bots["id"]]
    # Without a token it is not there at all; a seat's or the watch token shows it.
    r = client.get(f"/tables/{tid}")
    assert r.status_code == 404 and r.json() == client.get("/tables/nope").json() | {
        "message": f"no table {tid!r}"
    }
    assert client.get(f"/tables/{tid}/hands/0/replay").status_code == 404
    assert client.get(f"/tables/{tid}", params={"token": watch}).json()["id"] == tid
    bearer = {"Authorization": f"Bearer {tokens[0]}"}
    assert client.get(f"/tables/{tid}", headers=bearer).json()["id"] == tid
    with client.websocket_connect(f"/tables/{tid}/ws") as ws:
        m = recv(ws)
        assert m["error"] == "TableNotFoundError"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4404
    with client.websocket_connect(f"/tables/{tid}/ws?token={watch}") as ws:
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["seat"] is None  # a spectator
        m = recv(ws)
        while m["type"] != "view":
            m = recv(ws)
        assert m["view"]["seat"] is None and not m["view"]["legal_actions"]
        ws.send_text(json.dumps({"type": "action", "decision": 1, "action": "pass"}))
        assert recv(ws)["error"] == "InvalidTokenError"  # a spectator cannot act
    with client.websocket_connect(
        f"/tables/{tid}/ws", subprotocols=["koudiandian", f"token.{watch}"]
    ) as ws:
        assert recv(ws)["seat"] is None


def test_privacy_is_the_creators_choice(client: TestClient) -> None:
    public = client.post("/tables", json={**ONE_PERSON, "private": False}).json()
    assert public["watch_token"] is None and not public["state"]["private"]
    assert client.get(f"/tables/{public['id']}").status_code == 200
    with client.websocket_connect(f"/tables/{public['id']}/ws") as ws:
        assert recv(ws)["seat"] is None
    private = client.post("/tables", json={"seats": ["greedy"] * 4, "private": True}).json()
    assert private["watch_token"] and private["state"]["private"]
    assert [x["id"] for x in client.get("/tables").json()["tables"]] == [public["id"]]
    r = client.post("/tables", json={"private": "yes"})
    assert r.status_code == 400 and "private" in r.json()["message"]


def test_a_table_stored_before_private_tables_stays_public(db: str) -> None:
    spec = TableSpec.parse(ONE_PERSON).to_dict()
    del spec["private"]  # what 924b10f wrote
    Store(db).close()
    sql(
        db,
        "INSERT INTO tables (id, spec, created) VALUES (?, ?, ?)",
        ("old", json.dumps(spec), 0.0),
    )
    with TestClient(create_app(db)) as client:
        assert [x["id"] for x in client.get("/tables").json()["tables"]] == ["old"]
        assert not client.get("/tables/old").json()["private"]


def test_serve_refuses_bad_limits_and_origins_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    from koudiandian.cli import main

    assert main(["serve", "--bot-share", "2"]) == 2
    assert "bot_share" in capsys.readouterr().err
    assert main(["serve", "--max-sockets-per-table", "0"]) == 2
    assert "sockets_per_table" in capsys.readouterr().err
    assert main(["serve", "--allow-origin", "ftp://x"]) == 2
    assert "ftp://x" in capsys.readouterr().err


def test_a_private_table_stays_private_after_a_restart(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        t = client.post("/tables", json=ONE_PERSON).json()
    with TestClient(create_app(db, bot_delay=0)) as client:
        assert client.get("/tables").json()["tables"] == []
        assert client.get(f"/tables/{t['id']}").status_code == 404
        state = client.get(f"/tables/{t['id']}", params={"token": t["watch_token"]}).json()
        assert state["private"] and state["id"] == t["id"]
