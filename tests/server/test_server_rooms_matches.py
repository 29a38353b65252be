"""A room's matches (docs/server.md, "Rooms"): played, scored and played again, first dealers
drawn from the seed standing; between matches a refusal makes no rematch and a player who left
cannot say ready on an old socket; on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Match, Rules  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.rooms import (  # noqa: E402
    app_client,
    auth,
    join,
    new_room,
    play_a_match,
    play_to_end,
    state,
    until,
)
from tests.support.server_util import deadline, recv  # noqa: E402, F401 (deadline: autouse)


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with app_client(db) as c:
        yield c


def test_a_match_is_played_scored_and_played_again(client: TestClient) -> None:
    made = new_room(client, seats=["human", "human", "greedy", "greedy"], match=1)
    number, host = made["room"], made["token"]
    bea = join(client, number, "Bea").json()
    first = made["table"]
    h = client.websocket_connect(f"/tables/{first}/ws?token={host}")
    b = client.websocket_connect(f"/tables/{first}/ws?token={bea['token']}")
    with h as hws, b as bws:
        for ws in (hws, bws):
            assert recv(ws)["type"] == "hello"
            ws.send_json({"type": "ready"})
        # each seat plays in a thread of its own (a socket's receive blocks)
        got: dict[int, list[dict[str, Any]]] = {}
        threads = [
            threading.Thread(target=lambda i=i, ws=ws: got.__setitem__(i, play_to_end(ws)))
            for i, ws in enumerate((hws, bws))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        ends = [got[i][-1] for i in (0, 1)]
        assert ends[0] == ends[1] and ends[0]["type"] == "match_end"
        over = until(hws, "room")[-1]["room"]
        while over["status"] != "over":
            over = until(hws, "room")[-1]["room"]
    record = client.get(f"/rooms/{number}/record").json()
    assert record["room"] == number and len(record["matches"]) == 1
    played = record["matches"][0]
    assert played["table"] == first and played["over"] and len(played["hands"]) == 1
    row = played["hands"][0]
    assert row["hand"] == 0 and row["dealer"] == 0 and row["totals"] == ends[0]["scores"]
    assert sum(row["deltas"]) == 0 and row["replay"] == f"/tables/{first}/hands/0/replay"
    assert row["how"] in ("self_draw", "discard", "robbed_kong", "drawn")
    for win in row["wins"]:
        assert win["items"] and all(i["chinese"] for i in win["items"])
    assert client.get(f"/tables/{first}/record", params={"token": host}).json() == played
    assert client.get(f"/tables/{first}/record").status_code == 404  # private without a token
    replay = client.get(f"/tables/{first}/hands/0/replay", params={"token": bea["token"]})
    assert replay.status_code == 200
    # 再来一局: the same room, seats and tokens; a new table once all are ready again
    r = client.post(f"/rooms/{number}/ready", headers=auth(bea["token"]))
    assert r.status_code == 200
    again = r.json()
    assert again["status"] == "waiting" and again["table"] != first
    assert again["tables"] == [first, again["table"]]
    assert [s["ready"] for s in again["seats"]] == [False, True, True, True]
    r = client.post(f"/rooms/{number}/ready", headers=auth(host))
    assert r.json()["status"] == "playing"
    second = again["table"]
    table = client.get(f"/tables/{second}", params={"token": host}).json()
    assert table["dealer"] == 0
    # the previous match's record stays, and the new one is listed as it is played
    record = client.get(f"/rooms/{number}/record").json()
    assert [m["table"] for m in record["matches"]] == [first, second]
    assert record["matches"][0] == played


def test_seed_drawn_first_dealers_stand(client: TestClient) -> None:
    for profile in ("queyimen", "changsha"):
        assert Rules.preset(profile).random_first_dealer
        made = new_room(client, rules=profile, seats=["human", "greedy", "greedy", "greedy"])
        number = made["room"]
        client.post(f"/rooms/{number}/ready", headers=auth(made["token"]))
        table = client.get(f"/tables/{made['table']}", params={"token": made["token"]}).json()
        expected = Match(Rules.preset(profile), seed=7, length=1).first_dealer
        assert table["dealer"] == expected
    for profile in ("hebei", "guobiao"):
        made = new_room(client, rules=profile, seats=["human", "greedy", "greedy", "greedy"])
        client.post(f"/rooms/{made['room']}/ready", headers=auth(made["token"]))
        table = client.get(f"/tables/{made['table']}", params={"token": made["token"]}).json()
        assert table["dealer"] == 0


def test_between_matches_a_refusal_makes_no_rematch(client: TestClient) -> None:
    made = new_room(client, seats=["human", "human", "greedy", "greedy"])
    number = made["room"]
    bea = join(client, number, "Bea").json()
    client.post(f"/rooms/{number}/ready", headers=auth(bea["token"]))
    table = state(client, number)["table"]
    with client.websocket_connect(f"/tables/{table}/ws?token={bea['token']}") as bws:
        assert recv(bws)["type"] == "hello"
        _play_two = threading.Thread(target=play_to_end, args=(bws,))
        _play_two.start()
        play_a_match(client, made)
        _play_two.join(60)
    over = state(client, number)
    assert over["status"] == "over"
    # the marks of the match before mean nothing now
    assert [s["ready"] for s in over["seats"]] == [False, False, True, True]
    refusals = [
        (lambda: join(client, number, "bea"), 409, "NameTakenError"),  # Bea's, in any case
        (lambda: join(client, number, "Cy"), 409, "RoomFullError"),
        (lambda: join(client, number, "ㅤ"), 400, "InvalidArgumentError"),  # a filler
        (lambda: client.post(f"/rooms/{number}/leave", headers=auth(made["token"])), 409, None),
        (
            lambda: client.post(
                f"/rooms/{number}/ready", headers=auth(bea["token"]), json={"ready": False}
            ),
            200,
            None,
        ),
    ]
    for call, status, error in refusals:
        r = call()
        assert r.status_code == status, r.text
        if error is not None:
            assert r.json()["error"] == error
        assert state(client, number) == over  # no rematch made, nothing changed
    # a player leaves between matches: the next match will not seat it
    r = client.post(f"/rooms/{number}/leave", headers=auth(bea["token"]))
    assert r.status_code == 200 and r.json()["status"] == "over"
    assert r.json()["seats"][1]["name"] is None and r.json()["tables"] == over["tables"]
    again = client.post(f"/rooms/{number}/ready", headers=auth(made["token"])).json()
    assert again["status"] == "waiting" and len(again["tables"]) == 2
    assert [s["name"] for s in again["seats"]] == ["阿明", None, None, None]
    cy = join(client, number, "Cy").json()
    assert cy["seat"] == 1 and cy["table"] == again["table"]


def test_a_player_who_left_cannot_say_ready_on_an_old_socket(client: TestClient) -> None:
    made = new_room(client, seats=["human", "human", "greedy", "greedy"])
    number = made["room"]
    bea = join(client, number, "Bea").json()
    table = made["table"]
    with client.websocket_connect(f"/tables/{table}/ws?token={bea['token']}") as ws:
        assert recv(ws)["type"] == "hello"
        r = client.post(f"/rooms/{number}/leave", headers=auth(bea["token"]))
        assert r.status_code == 200
        # its socket is sent the room (without it) and closed
        last = until(ws, "room")[-1]
        while last["room"]["seats"][1]["name"] is not None:
            last = until(ws, "room")[-1]
    cy = join(client, number, "Cy").json()
    assert cy["seat"] == 1
    with client.websocket_connect(f"/tables/{table}/ws?token={bea['token']}") as ws:
        error = recv(ws)
        assert error["type"] == "error" and error["error"] == "InvalidTokenError"
    assert [s["ready"] for s in state(client, number)["seats"]] == [False, False, True, True]
