"""Secrecy: what one seat's (and a spectator's) socket receives over whole hands.

The check is structural and exact: every event a seat is sent is the engine's
``events_for(seat)``, in order, once; every view it is sent is one the engine gave that seat
at that point of the hand; and, before the settlement reveals the hands, no message holds a
wall, another seat's dealt hand, drawn tile, face-down discard, concealed-kong kind or
answer. A spectator gets the public log and view, the same whichever seat's log they are
derived from."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Game, Rules  # noqa: E402
from koudiandian.bots import GreedyBot, RandomBot  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.visibility import mask_log, mask_view, seat_view  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import choose, deadline, seat_views_by_count  # noqa: E402, F401


def _secrets_of_others(message: dict[str, Any], seat: int) -> list[str]:
    """What in one message (sent before the settlement) would reveal another seat's
    concealed tiles."""
    found = []
    text = json.dumps(message)
    if '"wall"' in text:
        found.append("a wall")
    if message["type"] == "event":
        e = message["event"]
        other = e.get("seat") is not None and e.get("seat") != seat
        if e["type"] == "start_hand" and "hand" in e and e["hand"] and seat is None:
            found.append("a dealt hand to a spectator")
        if other and e["type"] in ("draw", "concealed_kong") and e["tile"] is not None:
            found.append(f"seat {e['seat']}'s {e['type']} tile")
        if other and e["type"] == "discard" and e["declare"] and e["tile"] is not None:
            found.append(f"seat {e['seat']}'s face-down discard")
        if other and e["type"] == "dice_kong" and e["concealed"] and e["tile"] is not None:
            found.append(f"seat {e['seat']}'s concealed dice kong")
        if other and e["type"] == "answer":
            found.append(f"seat {e['seat']}'s answer")
    if message["type"] == "view":
        v = message["view"]
        if v["seat"] != seat:
            found.append(f"the view of seat {v['seat']}")
        for s in range(4):
            if s == seat:
                continue
            for m in v["melds"][s]:
                if m["kind"] == "concealed_kong" and m["tile"] is not None:
                    found.append(f"seat {s}'s concealed kong")
        if seat is None and (v["hand"] or v["drawn"] is not None):
            found.append("tiles in a spectator's view")
    return found


@pytest.mark.parametrize(
    ("rules", "seed"),
    [("taiyuan", 3), ("taiyuan,wildcards=random", 8), ("hebei", 5), ("changsha", 2)],
)
def test_a_seat_and_a_spectator_see_nothing_of_the_others(rules: str, seed: int) -> None:
    with TestClient(create_app(":memory:", bot_delay=0)) as client:
        r = client.post(
            "/tables",
            json={"rules": rules, "seats": ["human", "greedy", "random", "greedy"], "seed": seed},
        )
        tid, token = r.json()["id"], r.json()["tokens"][0]
        seat_traffic: list[str] = []
        spectator_traffic: list[str] = []
        with (
            client.websocket_connect(f"/tables/{tid}/ws") as spectator,
            client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws,
        ):
            while True:  # every frame, as sent
                text = ws.receive_text()
                seat_traffic.append(text)
                frame = json.loads(text)
                if frame[-1]["type"] == "match_end":
                    break
                for m in frame:
                    if m["type"] == "view" and m["view"]["legal_actions"]:
                        a = choose(m["view"]["legal_actions"], m["view"]["drawn"])
                        ws.send_json({"type": "action", "action": a})
            while True:
                text = spectator.receive_text()
                spectator_traffic.append(text)
                if json.loads(text)[-1]["type"] == "match_end":
                    break
        full = client.get(f"/tables/{tid}/hands/0").json()["events"]
    game = Game.replay(full)
    for seat, traffic in ((0, seat_traffic), (None, spectator_traffic)):
        messages = [m for t in traffic for m in json.loads(t)]
        events = [m["event"] for m in messages if m["type"] == "event"]
        expected = game.events_for(0) if seat == 0 else mask_log(game.events_for(0), 0)
        assert events == expected
        assert [m["n"] for m in messages if m["type"] == "event"] == list(range(len(events)))
        end = next(
            i for i, m in enumerate(messages) if m.get("event", {}).get("type") == "end_hand"
        )
        for m in messages[:end]:
            assert _secrets_of_others(m, seat) == [], m
    # Every view seat 0 got is one the engine gave seat 0 when its log was that long.
    views = seat_views_by_count(full, 0)
    count = 0
    seat_messages = [m for t in seat_traffic for m in json.loads(t)]
    for m in seat_messages:
        if m["type"] == "event":
            count = m["n"] + 1
        elif m["type"] == "view":
            assert m["view"] in views[count]
    assert any(m["view"]["legal_actions"] for m in seat_messages if m["type"] == "view")


@pytest.mark.parametrize(
    "rules", ["taiyuan", "taiyuan,wildcards=double", "hebei", "changsha", "queyimen"]
)
def test_the_public_log_and_view_do_not_depend_on_the_seat_they_come_from(rules: str) -> None:
    """Masking a seat's own secrets gives what the engine shows the other seats: the public
    log (and view) built from any seat's is the same, at every step of random hands."""
    for seed in range(4):
        game = Game(Rules.parse(rules), seed=seed)
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)]
        steps = 0
        while True:
            logs = [mask_log(game.events_for(s), s) for s in range(4)]
            assert logs[1] == logs[0] and logs[2] == logs[0] and logs[3] == logs[0]
            views = []
            for s in range(4):
                face_down = [down for _, down in game._core.discards(s)]
                views.append(mask_view(seat_view(game, s), s, face_down))
            for v in views[1:]:
                assert v == views[0]
            if game.is_over:
                break
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
            steps += 1
        assert steps > 10


def test_a_declared_seats_face_down_discard_is_masked_for_the_others() -> None:
    # Find a hand where a seat declares (报听), so that face-down discards are exercised.
    for seed in range(200):
        game = Game(Rules.preset("taiyuan"), seed=seed)
        bots = [GreedyBot() for _ in range(4)]
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        declares = [e for e in game.events if e["type"] == "discard" and e["declare"]]
        if declares:
            break
    else:
        pytest.fail("no hand with a declaration")
    seat = declares[0]["seat"]
    public = mask_log(game.events_for(seat), seat)
    masked = [e for e in public if e["type"] == "discard" and e["declare"]]
    assert masked and all(e["tile"] is None for e in masked if e["seat"] == seat)
    own = [e for e in game.events_for(seat) if e["type"] == "discard" and e["declare"]]
    assert own[0]["tile"] == declares[0]["tile"]


def test_a_seat_not_asked_does_not_learn_that_another_seat_may_claim() -> None:
    found = 0
    for seed in range(40):
        game = Game(Rules.preset("taiyuan"), seed=seed)
        bots = [GreedyBot() for _ in range(4)]
        while not game.is_over:
            if game.phase == "claim":
                for s in range(4):
                    if s not in game.to_act:
                        assert game.view(s).phase == "claim"  # the engine's view says so
                        view = seat_view(game, s)
                        assert view["phase"] == "wait" and view["claim_tile"] is None
                        found += 1
                    else:
                        assert seat_view(game, s)["phase"] == "claim"
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
    assert found > 10
