"""An uploaded Botzone log in the replay viewer: the game koudiandian's judge plays from it,
as frames like any hand's; a malformed one is a 400 naming where it is wrong."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Game  # noqa: E402
from koudiandian.botzone import botzone_log, engine_events  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.botzone.test_convert import played  # noqa: E402


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0)) as c:
        yield c


def test_a_botzone_log_replays_as_frames(client: TestClient) -> None:
    game = played(21)
    log = botzone_log(game.events)
    for body in (log.to_json(), log.to_json(indent=2)):  # one line, or pretty-printed
        r = client.post("/replay", content=body)
        assert r.status_code == 200, r.text
        frames = r.json()["frames"]
        events = [e for f in frames for e in f["events"]]
        assert events == engine_events(log)
        assert Game.replay(events).result == game.result
        assert frames[-1]["views"][0]["result"] == game.result.to_dict()  # type: ignore[union-attr]


def test_a_malformed_botzone_log_is_a_400_naming_where(client: TestClient) -> None:
    document = json.loads(botzone_log(played(21).events).to_json())
    document["log"][3]["2"] = {"response": "PASS"}
    r = client.post("/replay", content=json.dumps(document))
    assert r.status_code == 400 and r.json()["error"] == "BotzoneInputError"
    assert "log[3] (turn 2): seat 2's answer has no 'verdict'" in r.json()["message"]


def test_a_game_a_verdict_ended_has_a_last_frame_for_it(client: TestClient) -> None:
    document = json.loads(botzone_log(played(21).events).to_json())
    # seat 1 answers nonsense to the deal: WA, the game ends there
    document["log"] = document["log"][:4]
    document["log"][3]["1"] = {"verdict": "OK", "response": "NONSENSE"}
    r = client.post("/replay", content=json.dumps(document))
    assert r.status_code == 200, r.text
    frames = r.json()["frames"]
    assert [e for f in frames for e in f["events"]] == engine_events(json.dumps(document))
    last = frames[-1]
    assert last["action"] == "verdict WA" and last["seat"] == 1
    assert last["views"][0]["result"]["end"] == "verdict"
    assert last["views"][0]["result"]["deltas"] == [10, -30, 10, 10]
