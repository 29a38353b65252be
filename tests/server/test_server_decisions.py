"""Decision numbers (docs/server.md, koudiandian/decisions.py): an action names the decision it
answers, so a message sent twice, two sockets of one seat racing, or a resend after a
reconnect applies once; a stale or future number is refused and changes nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian import Match, Rules  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.lobby import Lobby  # noqa: E402
from koudiandian.server.protocol import PROTOCOL  # noqa: E402
from koudiandian.server.spec import TableSpec  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import act_message, choose, deadline, recv  # noqa: E402, F401


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as c:
        yield c


def _table(client: TestClient, seed: int = 5) -> tuple[str, str]:
    r = client.post(
        "/tables",
        json={"seats": ["human", "greedy", "greedy", "greedy"], "seed": seed, "private": False},
    )
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"][0]


def _to_act(ws: Any) -> dict[str, Any]:
    while True:
        m = recv(ws)
        if m["type"] == "view" and m["view"]["legal_actions"]:
            return m["view"]  # type: ignore[no-any-return]


def _error(ws: Any) -> dict[str, Any]:
    while True:
        m = recv(ws)
        if m["type"] == "error":
            return m


def test_hello_names_the_protocol_and_a_view_its_decision(client: TestClient) -> None:
    tid, token = _table(client)
    with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["protocol"] == PROTOCOL == 2
        first = _to_act(ws)
        assert first["decision"] == 1
        ws.send_json(act_message(first, choose(first["legal_actions"], first["drawn"])))
        second = _to_act(ws)
        assert second["decision"] == 2
    with client.websocket_connect(f"/tables/{tid}/ws") as spectator:
        recv(spectator)
        view = next(m for m in iter(lambda: recv(spectator), None) if m["type"] == "view")
        assert "decision" not in view["view"]  # a spectator is asked nothing


def test_an_action_of_protocol_1_is_refused_saying_why(client: TestClient) -> None:
    tid, token = _table(client)
    with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
        view = _to_act(ws)
        before = client.get(f"/tables/{tid}").json()
        ws.send_json({"type": "action", "action": view["legal_actions"][0]})
        reply = _error(ws)
        assert reply["error"] == "ProtocolError"
        assert "decision" in reply["message"] and f"protocol {PROTOCOL}" in reply["message"]
        for bad in (True, -1, 1.0, "1", [1]):
            ws.send_json({"type": "action", "decision": bad, "action": "pass"})
            assert _error(ws)["error"] == "ProtocolError"
        assert client.get(f"/tables/{tid}").json() == before


def test_the_same_action_sent_twice_is_applied_once(client: TestClient) -> None:
    tid, token = _table(client)
    with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
        view = _to_act(ws)
        message = act_message(view, choose(view["legal_actions"], view["drawn"]))
        ws.send_json(message)
        nxt = _to_act(ws)  # the bots answered (bot_delay 0): seat 0 is asked again
        before = client.get(f"/tables/{tid}").json()
        ws.send_json(message)  # the same discard again: it would be legal now
        reply = _error(ws)
        assert reply["error"] == "StaleDecisionError"
        assert f"decision {view['decision']} " in reply["message"]
        assert f"decision {nxt['decision']} now" in reply["message"]
        assert reply["legal_actions"] == nxt["legal_actions"]
        assert client.get(f"/tables/{tid}").json() == before  # nothing changed
        ws.send_json({"type": "action", "decision": nxt["decision"] + 1, "action": "pass"})
        reply = _error(ws)
        assert reply["error"] == "StaleDecisionError" and "not been offered" in reply["message"]
        assert client.get(f"/tables/{tid}").json() == before


def test_two_sockets_of_one_seat_racing_apply_exactly_one_action(client: TestClient) -> None:
    for seed in range(5):
        tid, token = _table(client, seed=100 + seed)
        with (
            client.websocket_connect(f"/tables/{tid}/ws?token={token}") as a,
            client.websocket_connect(f"/tables/{tid}/ws?token={token}") as b,
        ):
            va, vb = _to_act(a), _to_act(b)
            assert va == vb
            discards = [x for x in va["legal_actions"] if x["kind"] == "discard"]
            before = client.get(f"/tables/{tid}").json()["actions"]
            a.send_json(act_message(va, discards[0]))
            b.send_json(act_message(vb, discards[-1]))
            errors = [_error(b)["error"]]
            full = client.get(f"/tables/{tid}").json()
            assert errors == ["StaleDecisionError"]
            # seat 0 acted once; what followed are the bots' answers and turns
            assert full["actions"] > before
            with client.websocket_connect(f"/tables/{tid}/ws") as spectator:
                msgs = []
                while True:
                    m = recv(spectator)
                    msgs.append(m)
                    if m["type"] == "view":
                        break
            seat0 = [
                m["event"]
                for m in msgs
                if m["type"] == "event"
                and m["event"]["type"] == "discard"
                and m["event"]["seat"] == 0
            ]
            assert len(seat0) == 1 and seat0[0]["tile"] == discards[0]["tile"]


def test_a_resend_after_a_reconnect_does_not_play_the_next_turn(client: TestClient) -> None:
    tid, token = _table(client, seed=9)
    with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
        view = _to_act(ws)
        message = act_message(view, choose(view["legal_actions"], view["drawn"]))
        ws.send_json(message)
        _to_act(ws)
    before = client.get(f"/tables/{tid}").json()
    with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
        again = _to_act(ws)
        assert again["decision"] == view["decision"] + 1
        ws.send_json(message)  # the client did not see its action applied: it resends
        assert _error(ws)["error"] == "StaleDecisionError"
    assert client.get(f"/tables/{tid}").json() == before


def test_a_rebuilt_table_numbers_its_decisions_as_before(db: str) -> None:
    store = Store(db)
    spec = TableSpec.parse({"seats": ["human", "human", "greedy", "human"], "seed": 4})
    table, _, _, _ = Lobby(store, claim_wait=0).create(spec)
    rng = random.Random(1)
    for _ in range(60):
        seat = table.match.to_act[0]
        if table.spec.seats[seat] != "human":
            table._run_bots(1)
            continue
        number = table.match.decision(seat)
        assert number is not None
        table.act(seat, rng.choice(table.match.legal_actions(seat)), number)
    numbers = [table.match.decision(s) for s in range(4)]
    store.close()
    store = Store(db)
    lobby = Lobby(store, claim_wait=0)
    lobby.load()
    rebuilt = lobby.get(table.id)
    assert [rebuilt.match.decision(s) for s in range(4)] == numbers
    store.close()


def _record(match: Match, shown: list[list[Any]]) -> None:
    """Note each seat's new decision; check its number counts the decisions it was shown."""
    for s in range(4):
        n = match.decision(s)
        if n is not None and n > len(shown[s]):
            shown[s].append((len(match.games), match.legal_actions(s)))
        assert n is None or n == len(shown[s])


@pytest.mark.parametrize("rules", ["taiyuan", "hebei,pao", "changsha", "queyimen", "tiny"])
def test_a_number_counts_only_what_its_seat_was_asked(rules: str) -> None:
    """Random play of whole matches: a seat asked across another seat's answer is asked
    the same thing (so it keeps its number), and each seat's number is the count of the
    distinct decisions it was shown, whatever the other seats were offered."""
    rng = random.Random(rules)
    for seed in range(3):
        match = Match(Rules.parse(rules), seed=seed, length=2)
        shown: list[list[Any]] = [[], [], [], []]  # what each seat was asked, in order

        _record(match, shown)
        while not match.is_over:
            seat = rng.choice(match.to_act)
            before = {s: (match.decision(s), match.legal_actions(s)) for s in match.to_act}
            hand = len(match.games)
            match.step(seat, rng.choice(match.legal_actions(seat)), decision=match.decision(seat))
            for s, (number, legal) in before.items():
                if s != seat and s in match.to_act and len(match.games) == hand:
                    assert match.decision(s) == number
                    assert match.legal_actions(s) == legal  # the same decision
            _record(match, shown)
