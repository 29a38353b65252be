"""What the server sends the browser table beyond the engine's log: the names it shows (one
``GET /names``, from the core's tables), a seat's 听口 in its own views only (each ready
discard's winning tiles and points, and its waits once ready), and which discards were
taken, in every view."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Game, Match, Rules, ready_discards  # noqa: E402
from koudiandian.bots import GreedyBot  # noqa: E402
from koudiandian.eventtexts import EVENT_TEXTS, WIN_KINDS  # noqa: E402
from koudiandian.result import REASONS  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.visibility import public_view, seat_view  # noqa: E402
from koudiandian.tile import Tile  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import act_message, deadline, recv, taken_by_the_log  # noqa: E402, F401

# A seeded table whose dealer (seat 0, a person) may declare (报听) on its first turn.
DECLARING = {"rules": "taiyuan,wildcards=random", "seed": 1, "bot_delay": 0, "private": False}


def test_the_names_a_table_shows_come_from_the_core(db: str) -> None:
    with TestClient(create_app(db, allow_seeds=True)) as client:
        names = client.get("/names").json()
    assert names["reasons"] == {r: {"chinese": c, "english": e} for r, (c, e) in REASONS.items()}
    assert names["reasons"]["dealer_bonus"] == {"chinese": "庄家", "english": "dealer bonus"}
    assert names["patterns"]["plain"] == "平胡"
    assert names["patterns"]["seven_pairs"] == "七小对"
    wildcards = {p: v["wildcard"] for p, v in names["profiles"].items()}
    assert wildcards == {
        "taiyuan": "耗子",
        "hebei": "混",
        "queyimen": None,
        "changsha": None,
        "guobiao": None,
        "sichuan": None,
    }
    assert Rules.preset("hebei").wildcard_name == "混"
    assert names["events"] == {"types": EVENT_TEXTS, "win_kinds": WIN_KINDS}


def _first_view(ws: Any) -> dict[str, Any]:
    while True:
        m = recv(ws)
        if m["type"] == "view":
            return dict(m["view"])


def test_a_seat_alone_is_sent_its_ready_discards_and_winning_tiles(db: str) -> None:
    rules = Rules.parse(DECLARING["rules"])  # type: ignore[arg-type]
    game = Match(rules, seed=1, length=1).game
    mine = game.view(0)
    expected = [
        {
            "discard": int(r.discard),
            "winning_tiles": [
                {"tile": int(t), "points": rules.tile_points(t)} for t in r.winning_tiles
            ],
            "wildcard_points": r.wildcard_points,
            "declarable": r.declarable,
        }
        for r in ready_discards(mine.hand, wildcards=mine.wildcards, rules=rules)
    ]
    assert expected and any(r["declarable"] for r in expected)
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        r = client.post(
            "/tables", json={**DECLARING, "seats": ["human", "human", "greedy", "greedy"]}
        )
        tid, tokens = r.json()["id"], r.json()["tokens"]
        with (
            client.websocket_connect(f"/tables/{tid}/ws?views=all") as spectator,
            client.websocket_connect(f"/tables/{tid}/ws?views=all&token={tokens[1]}") as other,
            client.websocket_connect(f"/tables/{tid}/ws?views=all&token={tokens[0]}") as ws,
        ):
            view = _first_view(ws)
            assert view["ready_discards"] == expected
            declares = {a["tile"] for a in view["legal_actions"] if a["kind"] == "declare"}
            assert declares == {r["discard"] for r in expected if r["declarable"]}
            assert view["waits"] is None  # 14 tiles: not waiting yet
            for who in (spectator, other):  # nobody else learns them
                seen = _first_view(who)
                assert seen["ready_discards"] == [] and seen["waits"] is None
            choice = next(r for r in expected if r["declarable"])
            ws.send_json(act_message(view, {"kind": "declare", "tile": choice["discard"]}))
            view = _first_view(ws)
            assert view["declared"][0] and view["waits"] == choice["winning_tiles"]
            assert view["winning_tiles"] == [w["tile"] for w in choice["winning_tiles"]]
            assert all(w["points"] == Tile(w["tile"]).points for w in view["waits"])
            ws.send_json({"type": "ping"})


@pytest.mark.parametrize("rules", ["taiyuan", "hebei", "changsha", "queyimen"])
def test_every_view_marks_the_discards_taken(rules: str) -> None:
    claims = 0
    for seed in range(6):
        game = Game(Rules.parse(rules), seed=seed)
        bots = [GreedyBot() for _ in range(4)]
        while True:
            taken = taken_by_the_log(game.events)
            assert public_view(game)["claimed"] == taken
            assert all(seat_view(game, s)["claimed"] == taken for s in range(4))
            if game.is_over:
                break
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        claims += sum(map(len, taken))
        assert json.loads(json.dumps(public_view(game)))["claimed"] == taken
    assert claims > 3
