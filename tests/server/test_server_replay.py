"""Watching a hand again: a finished hand's frames, from the server's log or an uploaded
``simulate --log`` file, are the engine's own views after each decision."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Game, Rules, simulate  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.replay import frames  # noqa: E402
from koudiandian.server.visibility import seat_view  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as c:
        yield c


@pytest.mark.parametrize("rules", ["taiyuan", "hebei,pao", "changsha", "queyimen"])
def test_frames_are_the_engines_views_after_each_decision(tmp_path: Path, rules: str) -> None:
    log = tmp_path / "hands.jsonl"
    simulate(2, rules=Rules.parse(rules), seed=9, log=log)
    events = json.loads(log.read_text().splitlines()[1])["events"]
    out = frames(events)
    game = Game.replay(events)
    # one frame for the deal and one per decision; together they hold the whole log once
    assert out[0]["action"] is None
    assert [e for f in out for e in f["events"]] == events
    assert all(f["action"] is not None for f in out[1:])  # (bids log nothing till the last)
    assert out[-1]["views"] == [seat_view(game, s) for s in range(4)]
    assert out[-1]["views"][0]["result"] == game.result.to_dict()  # type: ignore[union-attr]


def test_a_live_or_broken_log_is_refused(client: TestClient) -> None:
    game = Game(Rules.preset("taiyuan"), seed=1)
    r = client.post("/replay", content=game.to_json())
    assert r.status_code == 400 and r.json()["error"] == "InvalidEventLogError"
    assert "not over" in r.json()["message"]
    r = client.post("/replay", content=b"{not json\n")
    assert r.status_code == 400 and r.json()["error"] == "ProtocolError"
    assert "line 1" in r.json()["message"]
    r = client.post("/replay?hand=x", content=b"")
    assert r.status_code == 400 and r.json()["error"] == "ProtocolError"


def test_replay_an_uploaded_log_and_a_served_hand(client: TestClient, tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    simulate(3, seed=4, log=log)
    lines = log.read_text().splitlines()
    r = client.post("/replay?hand=2", content=log.read_bytes())
    assert r.status_code == 200
    body = r.json()
    assert body["hands"] == 3 and body["hand"] == 2
    assert [e for f in body["frames"] for e in f["events"]] == json.loads(lines[2])["events"]
    assert client.post("/replay?hand=3", content=log.read_bytes()).status_code == 400
    # a Game.to_json() text works too
    finished = Game.replay(json.loads(lines[0])["events"])
    r = client.post("/replay", content=finished.to_json())
    assert r.status_code == 200 and r.json()["hands"] == 1
    # and a hand played on the server, once it is over
    r = client.post("/tables", json={"seats": ["greedy"] * 4, "seed": 3, "bot_delay": 0})
    tid = r.json()["id"]
    with client.websocket_connect(f"/tables/{tid}/ws") as ws:
        while ws.receive_json()[-1]["type"] != "match_end":
            pass
    served = client.get(f"/tables/{tid}/hands/0/replay").json()
    full = client.get(f"/tables/{tid}/hands/0").json()["events"]
    assert [e for f in served["frames"] for e in f["events"]] == full
