"""A Botzone bot registered by the operator (``create_app(bots=...)``, ``--bot
NAME=botzone:COMMAND``) at a game server's table: the hand is played to its end, a verdict
ends it as the judge ends it (stored, so the table replays it), and a table under other
rules that seats it is refused."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Game, InvalidArgumentError  # noqa: E402
from koudiandian.botzone import botzone_check, botzone_log  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.botregistry import bots_of_options  # noqa: E402
from koudiandian.server.tablerows import _stored  # noqa: E402
from koudiandian.server.verdictact import VERDICTS, VerdictAct  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import recv  # noqa: E402

BOTS = Path(__file__).parent / "bots"
DRAWN = f"botzone-simple:sh {BOTS / 'table_drawn.sh'}"
WRONG = f"botzone:{sys.executable} {BOTS / 'table_wrong.py'} 2 HU"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        str(tmp_path / "k.sqlite"),
        bot_delay=0,
        claim_wait=0,
        allow_seeds=True,
        bots={"drawn": DRAWN, "wrong": WRONG},
    )
    with TestClient(app) as c:
        yield c
    gc.collect()


def played(client: TestClient, seats: list[str]) -> Game:
    """A table of ``seats`` (bots alone) under the botzone rules, watched to its end; its
    stored hand."""
    body = {"rules": "botzone", "seats": seats, "seed": 5, "private": False}
    r = client.post("/tables", json=body)
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    with client.websocket_connect(f"/tables/{tid}/ws") as ws:  # a spectator
        while recv(ws)["type"] != "match_end":
            pass
    state = client.get(f"/tables/{tid}").json()
    assert state["over"] and state["finished_hands"] == 1 and sum(state["scores"]) == 0
    game = Game.replay(client.get(f"/tables/{tid}/hands/0").json()["events"])
    assert game.result is not None and list(game.result.deltas) == state["scores"]
    return game


def test_a_registered_botzone_bot_plays_a_table_to_its_end(client: TestClient) -> None:
    game = played(client, ["greedy", "drawn", "greedy", "drawn"])
    assert game.result is not None and game.result.end != "verdict"
    log = botzone_log(game)
    assert botzone_check({"initdata": log.initdata, "log": list(log.entries)}) == []


def test_a_verdict_ends_the_table_s_hand_as_the_judge_ends_it(client: TestClient) -> None:
    game = played(client, ["greedy", "wrong", "greedy", "greedy"])
    assert game.result is not None and game.result.end == "verdict"
    assert game.result.deltas == (10, -30, 10, 10)
    assert game.events[-2] == {"type": "verdict", "seat": 1, "verdict": "WH"}


def test_a_verdict_is_stored_with_a_code_of_its_own() -> None:
    for verdict in VERDICTS:
        act = VerdictAct(verdict)
        assert act.code <= -10 and _stored(act.code) == act


def test_a_botzone_bot_at_a_table_of_other_rules_is_refused(client: TestClient) -> None:
    body = {"rules": "guobiao", "seats": ["greedy", "drawn", "greedy", "greedy"], "private": False}
    r = client.post("/tables", json=body)
    assert r.status_code == 400 and r.json()["error"] == "InvalidRulesError"
    assert "'drawn'" in r.json()["message"] and "botzone rule set" in r.json()["message"]
    assert client.get("/tables").json()["tables"] == []


def test_serve_registers_a_botzone_bot_by_its_options() -> None:
    bots = bots_of_options([f"mine={DRAWN}"])
    assert bots["mine"].name == "mine"
    with pytest.raises(InvalidArgumentError, match="platform"):
        bots_of_options([f"mine={DRAWN}"], timeouts=["mine=2"])


def test_a_stored_verdict_ends_the_hand_again_when_the_table_is_read_back(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "again.sqlite")
    options = {"bot_delay": 0, "claim_wait": 0, "allow_seeds": True}
    with TestClient(create_app(db, bots={"wrong": WRONG}, **options)) as c:  # type: ignore[arg-type]
        game = played(c, ["greedy", "wrong", "greedy", "greedy"])
        tid = c.get("/tables").json()["tables"][0]["id"]
    gc.collect()
    with TestClient(create_app(db, bots={"wrong": WRONG}, **options)) as c:  # type: ignore[arg-type]
        state = c.get(f"/tables/{tid}").json()
        assert state["over"] and state["scores"] == [10, -30, 10, 10]
        assert Game.replay(c.get(f"/tables/{tid}/hands/0").json()["events"]) == game
    gc.collect()
