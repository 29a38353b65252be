"""Secrecy: what one seat's (and a spectator's) socket receives over whole hands.

The check is structural and exact: every event a seat is sent is the engine's
``events_for(seat)``, in order, once; every view it is sent is one the engine gave that seat
at that point of the hand; and, before the settlement reveals the hands, no message holds a
wall, another seat's dealt hand, drawn tile, face-down discard, concealed-kong kind or
answer. A spectator gets the engine's public log and view (``Game.events_for(None)``,
``Game.table_view(None)``), which are any seat's with that seat's own secrets masked: the
masking written here, independently of the engine's, checks them."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Game, Rules  # noqa: E402
from koudiandian.bots import GreedyBot, RandomBot  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.visibility import public_view, seat_view  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import act_message, choose, deadline, seat_views_by_count  # noqa: E402, F401


def _masked_log(events: list[Any], seat: int) -> list[dict[str, Any]]:
    """Seat ``seat``'s log (``Game.events_for(seat)``) with what only that seat may see
    masked as the engine masks it for the others."""
    out: list[dict[str, Any]] = []
    for e in events:
        kind = e["type"]
        if kind == "start_hand":
            e = {**e, "hand": []}
        elif kind == "exchange" and seat in (e["seat"], e["to"]):
            e = {**e, "tiles": None}  # the tiles it gave or received
        elif e.get("seat") != seat or kind not in _OWN:
            pass
        elif kind == "answer":
            continue
        elif kind == "discard":
            e = {k: v for k, v in e.items() if k != "auto"}
            if e["declare"]:
                e["tile"] = None
        elif kind in ("draw", "concealed_kong") or (kind == "dice_kong" and e["concealed"]):
            e = {**e, "tile": None}
        out.append(e)
    return out


_OWN = {"answer", "discard", "draw", "concealed_kong", "dice_kong"}


def _masked_view(view: dict[str, Any], seat: int, face_down: list[bool]) -> dict[str, Any]:
    """Seat ``seat``'s view dict without what only that seat may see; ``face_down[i]`` says
    whether the seat's ``i``-th discard lies face down."""
    view = dict(view)
    view.update(
        seat=None, hand=[], drawn=None, winning_tiles=None, legal_actions=[], passed_win=False
    )
    view.update(waits=None, ready_discards=[])  # the seat's 听口
    view["picked"] = []  # its picks for the exchange before play
    if view["phase"] == "void":  # its void suit, chosen but not yet revealed
        view["voids"] = [None] * 4
    if view["phase"] in ("claim", "rob"):
        view["phase"] = "wait"
        view["claim_tile"] = None
    if view["result"] is not None:
        return view  # the settlement reveals every discard and meld
    discards = [list(d) for d in view["discards"]]
    discards[seat] = [None if down else t for t, down in zip(discards[seat], face_down)]
    view["discards"] = discards
    melds = [list(m) for m in view["melds"]]
    melds[seat] = [{**m, "tile": None} if m["kind"] == "concealed_kong" else m for m in melds[seat]]
    view["melds"] = melds
    return view


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
    ("rules", "seed", "clock"),
    [
        ("taiyuan", 3, None),
        ("taiyuan,wildcards=random", 8, {}),
        ("hebei", 5, None),
        ("changsha", 2, {}),
        ("tiny", 4, {}),
    ],
)
def test_a_seat_and_a_spectator_see_nothing_of_the_others(
    rules: str, seed: int, clock: dict[str, Any] | None, db: str
) -> None:
    """(With clocks, too: a view's clock is its own seat's, and the public clock is only
    ever that of the seat whose action comes next.)"""
    with TestClient(create_app(db, bot_delay=0, claim_wait=0.01, allow_seeds=True)) as client:
        r = client.post(
            "/tables",
            json={
                "rules": rules,
                "private": False,
                "seats": ["human", "greedy", "random", "greedy"],
                "seed": seed,
                "clock": clock,
            },
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
                        ws.send_json(act_message(m["view"], a))
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
        expected = game.events_for(seat)
        assert events == expected
        if seat is None:
            assert events == _masked_log(game.events_for(0), 0)
        assert [m["n"] for m in messages if m["type"] == "event"] == list(range(len(events)))
        end = next(
            i for i, m in enumerate(messages) if m.get("event", {}).get("type") == "end_hand"
        )
        for m in messages[:end]:
            assert _secrets_of_others(m, seat) == [], m
        for i, m in enumerate(messages):
            if m["type"] == "clock":  # the seat on turn's: the next event is its own
                assert clock is not None
                after = next(n["event"] for n in messages[i:] if n["type"] == "event")
                assert after.get("seat") == m["seat"] or after["type"] == "end_hand", (m, after)
    # Every view seat 0 got is one the engine gave seat 0 when its log was that long.
    views = seat_views_by_count(full, 0)
    count = 0
    seat_messages = [m for t in seat_traffic for m in json.loads(t)]
    for m in seat_messages:
        if m["type"] == "event":
            count = m["n"] + 1
        elif m["type"] == "view":
            view = dict(m["view"])
            decision = view.pop("decision")
            if clock is not None:  # its own clock, while it is asked
                left, auto = view.pop("remaining_ms"), view.pop("auto")
                view.pop("deadline"), view.pop("bank_ms")
                assert (left is None) == (decision is None) and auto is False
                assert left is None or 0 < left <= 80_000
            assert view in views[count]
            assert (decision is None) == (not view["legal_actions"])
    assert any(m["view"]["legal_actions"] for m in seat_messages if m["type"] == "view")


@pytest.mark.parametrize(
    "rules", ["taiyuan", "taiyuan,wildcards=double", "hebei", "changsha", "queyimen", "tiny"]
)
def test_the_public_log_and_view_are_any_seats_with_its_secrets_masked(rules: str) -> None:
    """The engine's public log and view are what masking any seat's own secrets (as the
    engine masks them for the others) gives, at every step of random hands."""
    for seed in range(4):
        game = Game(Rules.parse(rules), seed=seed)
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)]
        steps = 0
        while True:
            public = game.events_for(None)
            assert all(_masked_log(game.events_for(s), s) == public for s in range(4))
            view = public_view(game)
            for s in range(4):
                face_down = [down for _, down in game._discards[s]]
                assert _masked_view(seat_view(game, s), s, face_down) == view
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
    public = game.events_for(None)
    assert public == _masked_log(game.events_for(seat), seat)
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
