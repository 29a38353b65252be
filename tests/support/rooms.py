"""The room tests' shared parts (``tests/server/test_server_rooms*.py``; docs/server.md,
"Rooms"): a test client of the app, a room made and joined over HTTP, a player's
authorization header, a room's state, waiting for a condition, and a room's match played to
its end over its socket."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian.server import create_app  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import play_out, recv  # noqa: E402


def app_client(db: str) -> TestClient:
    """A test client of the app over ``db`` (no bot delay, no claim wait, seeds allowed), to
    be entered."""
    return TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True))


def new_room(client: TestClient, **spec: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "rules": "taiyuan",
        "seats": ["human", "human", "greedy", "greedy"],
        "seed": 7,
        "name": "阿明",
    }
    body.update(spec)
    r = client.post("/rooms", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(client: TestClient, number: str, name: str, **extra: Any) -> Any:
    return client.post(f"/rooms/{number}/join", json={"name": name, **extra})


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def state(client: TestClient, number: str) -> dict[str, Any]:
    r = client.get(f"/rooms/{number}")
    assert r.status_code == 200, r.text
    return dict(r.json())


def until(ws: Any, kind: str) -> list[dict[str, Any]]:
    got = []
    while True:
        m = recv(ws)
        got.append(m)
        if m["type"] == kind:
            return got


#: Play the seat to the end of the match (every message received).
play_to_end = play_out


def play_a_match(client: TestClient, made: dict[str, Any]) -> None:
    """The host (alone with bots) says ready and plays the room's match to its end."""
    table = state(client, made["room"])["table"]
    with client.websocket_connect(f"/tables/{table}/ws?token={made['token']}") as ws:
        assert recv(ws)["type"] == "hello"
        ws.send_json({"type": "ready"})
        play_to_end(ws)
        while state(client, made["room"])["status"] != "over":
            until(ws, "room")
