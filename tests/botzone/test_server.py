"""The game server under Botzone's rule set (docs/botzone.md), on SQLite: a table with
rules ``botzone`` played to its end through the HTTP and WebSocket API with bots in three
seats, one hand a game; its stored hand replays under the same rules; and the browser
lobby offers the rule set."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Game, Rules  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import act_message, choose, deadline, play_out, recv  # noqa: E402, F401

STATIC = Path(__file__).resolve().parents[2] / "python" / "koudiandian" / "server" / "static"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(
        create_app(str(tmp_path / "k.sqlite"), bot_delay=0, claim_wait=0, allow_seeds=True)
    ) as c:
        yield c
    gc.collect()


@pytest.mark.parametrize(
    ("rules", "seats"),
    [
        ("botzone", ["human", "greedy", "expert", "random"]),
        ("botzone,flowers,quan=west", ["greedy", "expert", "human", "greedy"]),
        (
            {"preset": "botzone", "options": {"quan": "south"}},
            ["greedy", "human", "greedy", "random"],
        ),
    ],
)
def test_a_botzone_table_is_played_to_its_end(
    client: TestClient, rules: str | dict[str, Any], seats: list[str]
) -> None:
    r = client.post("/tables", json={"rules": rules, "seats": seats, "seed": 5, "private": False})
    assert r.status_code == 201, r.text
    tid, tokens = r.json()["id"], r.json()["tokens"]
    human = seats.index("human")
    with client.websocket_connect(f"/tables/{tid}/ws?token={tokens[human]}") as ws:
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["seat"] == human
        got = play_out(ws)
    views = [m["view"] for m in got if m["type"] == "view"]
    assert all("wall" not in v for v in views)
    # Each part's tiles left, beside the whole wall's.
    assert all(sum(v["part_remaining"]) == v["wall_remaining"] for v in views)
    state = client.get(f"/tables/{tid}").json()
    assert state["over"] and state["finished_hands"] == 1 and len(state["results"]) == 1
    assert sum(state["part_remaining"]) == state["wall_remaining"]
    assert got[-1]["hands"] == 1 and got[-1]["scores"] == state["scores"]
    assert sum(state["scores"]) == 0
    full = client.get(f"/tables/{tid}/hands/0").json()["events"]
    game = Game.replay(full)
    expected = (
        Rules.parse(rules)
        if isinstance(rules, str)
        else Rules.preset(rules["preset"]).replace(**rules["options"])
    )
    assert game.is_over and game.rules == expected and game.dealer == 0
    assert game.prevalent_wind == ["east", "south", "west", "north"].index(game.rules.quan)
    assert state["results"][0] == game.result.to_dict()  # type: ignore[union-attr]
    assert list(game.result.deltas) == state["scores"]  # type: ignore[union-attr]


def test_a_botzone_table_of_bots_alone_is_played_to_its_end(client: TestClient) -> None:
    r = client.post(
        "/tables",
        json={"rules": {"preset": "botzone"}, "seats": ["greedy"] * 4, "seed": 9, "private": False},
    )
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    with client.websocket_connect(f"/tables/{tid}/ws") as ws:  # a spectator
        while recv(ws)["type"] != "match_end":
            pass
    state = client.get(f"/tables/{tid}").json()
    assert state["over"] and state["finished_hands"] == 1
    assert Game.replay(client.get(f"/tables/{tid}/hands/0").json()["events"]).dealer == 0


def test_the_lobby_offers_the_botzone_rule_set() -> None:
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    for text in ("botzone", "botzone,flowers"):
        assert f'<option value="{text}">' in page
        Rules.parse(text)


def test_a_one_round_botzone_table_is_refused_by_name(client: TestClient) -> None:
    body = {"rules": "botzone", "seats": ["greedy"] * 4, "match": "one_round", "private": False}
    r = client.post("/tables", json=body)
    assert r.status_code == 400 and r.json()["error"] == "InvalidArgumentError"
    assert "seat 0 deals every hand" in r.json()["message"]
    assert client.get("/tables").json()["tables"] == []


def test_a_botzone_room_plays_its_one_hand_and_refuses_one_round(tmp_path: Path) -> None:
    from tests.support.rooms import app_client, new_room, play_a_match, state

    with app_client(str(tmp_path / "rooms.sqlite")) as c:
        made = new_room(c, rules="botzone", seats=["human", "greedy", "expert", "greedy"])
        room = state(c, made["room"])
        assert room["rules"]["botzone"] is True and room["match"] is None
        play_a_match(c, made)
        table = c.get(f"/tables/{made['table']}", params={"token": made["token"]}).json()
        assert table["over"] and table["finished_hands"] == 1 and sum(table["scores"]) == 0
        body = {"rules": "botzone", "seats": ["human"] * 4, "name": "a", "match": "one_round"}
        r = c.post("/rooms", json=body)
        assert r.status_code == 400 and "seat 0 deals every hand" in r.json()["message"]
    gc.collect()
