"""The game server in process (Starlette's TestClient): tables, play over the WebSocket,
matches, authority, and bad input that changes nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Game  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.protocol import MAX_MESSAGE  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tests.support.server_util import act_message, choose, deadline, play_out, recv  # noqa: E402, F401


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as c:
        yield c


def new_table(client: TestClient, **spec: Any) -> tuple[str, list[str | None]]:
    body = {
        "rules": "taiyuan",
        "private": False,
        "seats": ["human", "greedy", "greedy", "greedy"],
        "seed": 7,
    }
    body.update(spec)
    r = client.post("/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def until(ws: Any, kind: str) -> list[dict[str, Any]]:
    """Messages up to and including the next one of type ``kind``."""
    got = []
    while True:
        m = recv(ws)
        got.append(m)
        if m["type"] == kind:
            return got


def until_to_act(ws: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Messages up to the next view that asks this seat to act; and that view."""
    got = []
    while True:
        m = recv(ws)
        got.append(m)
        if m["type"] == "view" and m["view"]["legal_actions"]:
            return got, m["view"]


def events_of(messages: list[dict[str, Any]], hand: int = 0) -> list[dict[str, Any]]:
    return [m["event"] for m in messages if m["type"] == "event" and m["hand"] == hand]


def test_create_table_returns_tokens_for_human_seats_only(client: TestClient) -> None:
    tid, tokens = new_table(client, seats=["greedy", "human", "random", "human"])
    assert tokens[0] is None and tokens[2] is None
    assert isinstance(tokens[1], str) and isinstance(tokens[3], str) and tokens[1] != tokens[3]
    assert len(tokens[1]) >= 40  # 32 random bytes
    state = client.get(f"/tables/{tid}").json()
    assert [s["kind"] for s in state["seats"]] == ["greedy", "human", "random", "human"]
    assert "seed" not in json.dumps(state) and "wall" not in state  # the seed deals the walls
    assert client.get("/tables").json()["tables"][0]["id"] == tid


@pytest.mark.parametrize(
    ("body", "error", "names"),
    [
        ({"seats": ["human", "greedy", "greedy"]}, "InvalidArgumentError", "seats"),
        ({"seats": ["human", "alphago", "greedy", "greedy"]}, "InvalidArgumentError", "alphago"),
        ({"rules": "taiyuan,no_such_option"}, "InvalidRulesError", "no_such_option"),
        ({"match": 0}, "InvalidArgumentError", "match"),
        ({"bot_delay": -1}, "InvalidArgumentError", "bot_delay"),
        ({"seed": "x"}, "InvalidArgumentError", "seed"),
        ({"colour": "red"}, "ProtocolError", "colour"),
        ([1, 2], "ProtocolError", "list"),
    ],
)
def test_bad_table_specs_are_refused_by_name(
    client: TestClient, body: Any, error: str, names: str
) -> None:
    r = client.post("/tables", json=body)
    assert r.status_code == 400 and r.json()["error"] == error and names in r.json()["message"]
    r = client.post("/tables", content=b"{not json")
    assert r.status_code == 400 and r.json()["error"] == "ProtocolError"
    assert client.get("/tables").json()["tables"] == []


def test_a_hand_played_over_the_websocket(client: TestClient) -> None:
    tid, tokens = new_table(client)
    with client.websocket_connect(f"/tables/{tid}/ws?token={tokens[0]}") as ws:
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["seat"] == 0 and hello["table"] == tid
        got = play_out(ws)
    full = client.get(f"/tables/{tid}/hands/0").json()["events"]
    game = Game.replay(full)
    assert game.is_over
    assert events_of(got) == game.events_for(0)  # every event once, in order
    ns = [m["n"] for m in got if m["type"] == "event"]
    assert ns == list(range(len(ns)))
    views = [m["view"] for m in got if m["type"] == "view"]
    assert views[-1]["result"] == game.result.to_dict()  # type: ignore[union-attr]
    assert got[-1]["scores"] == list(game.result.deltas)  # type: ignore[union-attr]
    state = client.get(f"/tables/{tid}").json()
    assert state["over"] and state["results"][0] == game.result.to_dict()  # type: ignore[union-attr]


def test_a_match_runs_hand_after_hand(client: TestClient) -> None:
    tid, tokens = new_table(client, match=3, rules="queyimen", seed=11)
    with client.websocket_connect(f"/tables/{tid}/ws?token={tokens[0]}") as ws:
        got = play_out(ws)
    state = client.get(f"/tables/{tid}").json()
    assert state["over"] and state["finished_hands"] == 3 and len(state["results"]) == 3
    assert got[-1]["hands"] == 3 and got[-1]["scores"] == state["scores"]
    for hand in range(3):
        full = client.get(f"/tables/{tid}/hands/{hand}").json()["events"]
        assert events_of(got, hand) == Game.replay(full).events_for(0)
    assert sum(state["scores"]) == 0
    assert client.get(f"/tables/{tid}/hands/3").status_code == 404


def test_a_live_hand_log_is_not_served(client: TestClient) -> None:
    tid, tokens = new_table(client)
    r = client.get(f"/tables/{tid}/hands/0")
    assert r.status_code == 404 and r.json()["error"] == "TableNotFoundError"
    assert client.get(f"/tables/{tid}/hands/x").status_code == 400
    assert client.get("/tables/nope").status_code == 404


def test_rejected_actions_name_the_error_and_change_nothing(client: TestClient) -> None:
    tid, tokens = new_table(client, seats=["human", "human", "greedy", "greedy"])
    with (
        client.websocket_connect(f"/tables/{tid}/ws?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/tables/{tid}/ws?token={tokens[1]}") as ws1,
    ):
        _, view = until_to_act(ws0)  # seat 0 deals
        until(ws1, "view")
        before = client.get(f"/tables/{tid}").json()
        legal_tiles = {a["tile"] for a in view["legal_actions"] if a["kind"] == "discard"}
        absent = next(t for t in range(34) if t not in legal_tiles and t not in view["hand"])
        bad: list[tuple[Any, Any, str]] = [
            (ws0, "{not json", "ProtocolError"),
            (ws0, "[1, 2]", "ProtocolError"),
            (ws0, json.dumps({"type": "dance"}), "ProtocolError"),
            (ws0, json.dumps(act_message(view, {"kind": "fly"})), "IllegalActionError"),
            (ws0, json.dumps(act_message(view, "pong")), "IllegalActionError"),
            (
                ws0,
                json.dumps(act_message(view, {"kind": "discard", "tile": absent})),
                "IllegalActionError",
            ),
            (
                ws0,
                json.dumps(act_message(view, {"kind": "discard", "tile": 99})),
                "IllegalActionError",
            ),
            (ws0, json.dumps(act_message(view, 7)), "IllegalActionError"),
            # protocol 1: no decision number
            (ws0, json.dumps({"type": "action", "action": "pass"}), "ProtocolError"),
            (
                ws1,
                json.dumps({"type": "action", "decision": 1, "action": "pass"}),
                "NotYourTurnError",  # seat 1 is not to act: the reply names no seat
            ),
            (
                ws1,
                json.dumps(
                    {"type": "action", "decision": 1, "action": f"discard {view['hand'][0]}"}
                ),
                "IllegalActionError",  # a tile index is no tile text
            ),
            (ws0, "x" * (MAX_MESSAGE + 1), "ProtocolError"),
        ]
        for ws, text, error in bad:
            ws.send_text(text)
            reply = recv(ws)
            assert reply["type"] == "error" and reply["error"] == error, (text[:80], reply)
            assert reply["message"]
            if ws is ws0:  # the seat to act is told what it may do
                assert reply["legal_actions"] == view["legal_actions"]
        ws0.send_bytes(b"\xff\xfe")
        assert recv(ws0)["error"] == "ProtocolError"
        assert client.get(f"/tables/{tid}").json() == before  # nothing changed
        ws0.send_json({"type": "ping"})
        assert recv(ws0) == {"type": "pong"}
        # ... and the seat can still play its hand
        ws0.send_json(act_message(view, view["legal_actions"][0]))
        assert recv(ws0)["type"] == "event"
    assert client.get(f"/tables/{tid}").json()["actions"] > 0


def test_tokens_spectators_and_other_tables(client: TestClient) -> None:
    a, tokens_a = new_table(client)
    b, tokens_b = new_table(client)
    for url, error in [
        (f"/tables/{b}/ws?token={tokens_a[0]}", "InvalidTokenError"),  # another table's
        (f"/tables/{a}/ws?token=" + "A" * 43, "InvalidTokenError"),
        (f"/tables/{a}/ws?token=" + "A" * 5000, "InvalidTokenError"),
        (f"/tables/nope/ws?token={tokens_a[0]}", "TableNotFoundError"),
        (f"/tables/{a}/ws?views=some", "ProtocolError"),
        (f"/tables/{a}/ws?since=-1", "ProtocolError"),
    ]:
        with client.websocket_connect(url) as ws:
            assert recv(ws)["error"] == error
            with pytest.raises(WebSocketDisconnect) as closed:
                recv(ws)
            assert closed.value.code in (4401, 4404, 1008)
    with client.websocket_connect(f"/tables/{a}/ws") as spectator:
        hello = recv(spectator)
        assert hello["seat"] is None
        msgs = until(spectator, "view")
        assert msgs[-1]["view"]["hand"] == [] and msgs[-1]["view"]["legal_actions"] == []
        spectator.send_json({"type": "action", "decision": 1, "action": "pass"})
        reply = recv(spectator)
        assert reply["error"] == "InvalidTokenError" and "spectator" in reply["message"]
    assert client.get(f"/tables/{a}").json()["actions"] == 0


def test_a_socket_closed_mid_hand_resumes_and_other_tables_keep_playing(
    client: TestClient,
) -> None:
    a, tokens_a = new_table(client, seed=21)
    b, tokens_b = new_table(client, seed=22)
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/tables/{a}/ws?token={tokens_a[0]}") as ws:
        for _ in range(3):
            got, view = until_to_act(ws)
            seen += got
            ws.send_json(act_message(view, choose(view["legal_actions"], view["drawn"])))
        # closed here, mid-hand, with an action just sent
    with client.websocket_connect(f"/tables/{b}/ws?token={tokens_b[0]}") as other:
        play_out(other)
    assert client.get(f"/tables/{b}").json()["over"]
    assert not client.get(f"/tables/{a}").json()["over"]
    n = len(events_of(seen))
    with client.websocket_connect(f"/tables/{a}/ws?token={tokens_a[0]}&hand=0&since={n}") as ws:
        rest = play_out(ws)
    assert rest[0]["type"] == "hello"
    with client.websocket_connect(f"/tables/{a}/ws?hand=0&since=999999") as late:
        got = until(late, "view")  # a "since" past the end: nothing old, nothing skipped
        assert [m["type"] for m in got] == ["hello", "view"]
    assert [m["n"] for m in rest if m["type"] == "event"][0] == n  # only what was missed
    full = client.get(f"/tables/{a}/hands/0").json()["events"]
    assert events_of(seen) + events_of(rest) == Game.replay(full).events_for(0)


def test_bots_wait_their_delay(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0.2, allow_seeds=True)) as client:
        tid, _ = new_table(client, seats=["greedy"] * 4, bot_delay=0.05)
        with client.websocket_connect(f"/tables/{tid}/ws?views=all") as ws:
            until(ws, "view")
            start = time.monotonic()
            for _ in range(4):  # a view after each bot action
                until(ws, "view")
            assert time.monotonic() - start >= 0.05 * 3
        state = client.get(f"/tables/{tid}").json()
        # 70-odd actions at 20 a second; the public count leaves out answers (a pong's too)
        assert state["actions"] >= 3 and not state["over"]


def test_serve_refuses_a_bad_port_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    from koudiandian.cli import main

    assert main(["serve", "--port", "70000"]) == 2
    assert "port must be 0–65535, got 70000" in capsys.readouterr().err
    assert main(["serve", "--bot-delay", "-1"]) == 2
    assert "bot_delay" in capsys.readouterr().err


def test_with_bids_the_deal_is_sent_again_once_the_bids_are_in(client: TestClient) -> None:
    tid, tokens = new_table(client, rules="hebei,pao", seed=5)
    with client.websocket_connect(f"/tables/{tid}/ws?token={tokens[0]}") as ws:
        got = play_out(ws)
    full = client.get(f"/tables/{tid}/hands/0").json()["events"]
    expected = Game.replay(full).events_for(0)
    again = [m for m in got if m["type"] == "event" and m.get("replaces")]
    assert len(again) == 1 and again[0]["n"] == 0 and again[0]["event"] == expected[0]
    first = next(m for m in got if m["type"] == "event")
    assert first["event"]["type"] == "start_hand" and first["event"]["hand"] == []
    log: dict[int, dict[str, Any]] = {}
    for m in got:
        if m["type"] == "event":
            log[m["n"]] = m["event"]  # each event kept by its number
    assert [log[n] for n in range(len(log))] == expected
