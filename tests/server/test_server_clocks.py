"""Turn clocks and 托管 (docs/server.md, *Clocks and 托管*), on an injected clock (no sleeping),
on SQLite and PostgreSQL: the clock options are checked and named (over HTTP too), a decision
runs out after its own time and the bank, the engine's default action is taken and the seat
goes on 托管 (an absent seat after its grace); a claim decision's clock and timeout are the
asked seat's secret, timed from when it is asked; an action from a seat on 托管 takes it
back."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from koudiandian.errors import AutoPlayError, NotYourTurnError, ProtocolError
from koudiandian.server.lobby import Lobby
from koudiandian.server.protocol import parse_message
from koudiandian.server.spec import ClockSpec, TableSpec

from tests.support.clocked_tables import (
    BANK,
    CLAIM,
    TURN,
    discard_drawn,
    drain,
    new_table,
    run,
    spec,
    to_a_claim,
)
from tests.support.virtualclock import VirtualClock

# -- options ------------------------------------------------------------------------------


def test_clock_options_are_checked_and_named() -> None:
    assert ClockSpec.parse({}) == ClockSpec()
    assert ClockSpec.parse({"turn": 3, "bank": 0}).to_dict() == {
        "turn": 3.0,
        "claim": 8.0,
        "bank": 0.0,
        "grace": 3.0,
    }
    assert ClockSpec.parse(None) is None
    for bad, field in (
        ({"turn": 2}, "clock.turn"),
        ({"turn": 121}, "clock.turn"),
        ({"claim": "8"}, "clock.claim"),
        ({"bank": True}, "clock.bank"),
        ({"bank": 601}, "clock.bank"),
        ({"grace": float("nan")}, "clock.grace"),
    ):
        with pytest.raises(Exception, match=field):
            ClockSpec.parse(bad)
    with pytest.raises(ProtocolError, match="unknown clock field"):
        ClockSpec.parse({"turns": 3})
    # A room has the default clocks; a table none unless asked.
    room, _ = TableSpec.parse_room({"name": "a"})
    assert room.clock == ClockSpec()
    assert TableSpec.parse({}).clock is None
    assert TableSpec.from_dict(spec(["human"] * 4).to_dict()).clock == ClockSpec(
        TURN, CLAIM, BANK, TURN
    )


def test_the_new_messages_are_read_strictly() -> None:
    assert parse_message('{"type": "resume"}').type == "resume"
    assert parse_message('{"type": "dismiss"}').type == "dismiss"
    assert parse_message('{"type": "vote", "accept": false}').accept is False
    for bad in (
        '{"type": "vote"}',
        '{"type": "vote", "accept": 1}',
        '{"type": "resume", "seat": 2}',
        '{"type": "dismiss", "now": true}',
    ):
        with pytest.raises(ProtocolError):
            parse_message(bad)


# -- a turn's clock -------------------------------------------------------------------------


def test_a_decision_out_of_time_is_the_engines_default_and_the_seat_goes_on_auto(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "greedy", "greedy", "greedy"]))
        seat0, watcher = table.connect(0), table.connect(None)
        await clock.settle()
        hello = drain(seat0)
        assert hello[0]["clock"] == {"turn": TURN, "claim": CLAIM, "bank": BANK, "grace": TURN}
        view = next(m["view"] for m in hello if m["type"] == "view")
        assert view["remaining_ms"] == int((TURN + BANK) * 1000) and view["auto"] is False
        public = [m for m in drain(watcher) if m["type"] == "clock"]
        assert [(m["seat"], m["remaining_ms"]) for m in public] == [(0, 9000)]
        assert table.public_state()["turn_clock"]["seat"] == 0
        decision = view["decision"]
        expected = table.match.default_action(0)
        actions_before = table.actions

        await clock.advance_to(TURN + BANK - 0.01)
        assert table.may_act(0) and not table.clocks.auto[0]
        await clock.advance_to(TURN + BANK)
        assert table.clocks.auto[0]
        stored = lobby.store.table(table.id).actions
        assert stored[actions_before] == (0, expected)  # the engine's choice, taken once
        told = [m for m in drain(watcher) if m["type"] == "auto"]
        assert told == [{"type": "auto", "seat": 0, "auto": True, "why": "timeout"}]
        # Every later decision of the seat is taken at once: the hand plays to its end.
        await clock.settle()
        assert table.match.is_over
        # The stale decision is refused; nothing more is stored.
        count = table.actions
        with pytest.raises(NotYourTurnError):
            table.act(0, expected, decision)
        assert table.actions == count
        assert table.public_state()["seats"][0]["auto"] is True
        # resume from a seat not on 托管 (seat 0 is; after resume it is not)
        table.resume(0)
        with pytest.raises(AutoPlayError, match="not on 托管"):
            table.resume(0)

    run(db, body)


def test_time_over_the_turn_comes_out_of_the_bank(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "greedy", "greedy", "greedy"]))
        table.connect(0)
        await clock.settle()
        await clock.advance_to(TURN + 1.5)  # 1.5 s over the turn's own time
        table.act(0, discard_drawn(table, 0), table.view(0)["decision"])
        await clock.settle()
        while not table.may_act(0):  # the bots play on to seat 0's next decision
            assert await clock.advance()
        view = table.view(0)
        assert view["bank_ms"] == int((BANK - 1.5) * 1000)
        # (a claim's time is its own: the bank is a turn's, kept out of what others see)
        left = CLAIM if table._answering() else TURN + BANK - 1.5
        assert view["remaining_ms"] == int(left * 1000)
        assert not table.clocks.auto[0]

    run(db, body)


def test_a_seat_away_longer_than_the_grace_goes_on_auto(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "human", "greedy", "greedy"], turn=60, grace=10))
        conn0, conn1 = table.connect(0), table.connect(1)
        await clock.settle()
        table.disconnect(conn1)
        await clock.advance_to(9.9)
        assert not table.clocks.auto[1]
        await clock.advance_to(10.0)
        assert table.clocks.auto[1]
        assert {"type": "auto", "seat": 1, "auto": True, "why": "away"} in drain(conn0)
        # It comes back and takes its seat back; a new socket is told who is on 托管.
        again = table.connect(1)
        assert {"type": "auto", "seat": 1, "auto": True, "why": "away"} in drain(again)
        table.resume(1)
        assert not table.clocks.auto[1]
        assert {"type": "auto", "seat": 1, "auto": False, "why": "resume"} in drain(conn0)

    run(db, body)


def test_a_claim_decisions_clock_and_timeout_are_the_asked_seats_own(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        for seed in range(1, 60):
            table = new_table(lobby, spec(["human", "human", "greedy", "greedy"], seed=seed))
            conns = {0: table.connect(0), 1: table.connect(1), None: table.connect(None)}
            await clock.settle()
            if to_a_claim(table, 1):
                break
        else:
            pytest.fail("no seed gave seat 1 a claim")
        await clock.settle()
        for c in conns.values():
            drain(c)
        view = table.view(1)
        assert view["remaining_ms"] == int(CLAIM * 1000)  # no bank: a claim's time is its own
        assert table.view(0).get("remaining_ms") is None  # not seat 0's business
        assert table.public_state()["turn_clock"] is None
        start = clock.now
        await clock.advance_to(start + CLAIM)
        assert table.clocks.auto[1] and table.clocks.bank[1] == BANK
        seen = {who: drain(c) for who, c in conns.items()}
        mark = {"type": "auto", "seat": 1, "auto": True, "why": "timeout"}
        assert mark in seen[1]  # the seat knows at once
        for who in (0, None):  # the others learn nothing of the claim: no clock, and the
            # mark only once the table shows seat 1 play (its claim, its draw) or the hand end
            assert not [m for m in seen[who] if m["type"] == "clock" and m["seat"] == 1]
            events = [m for m in seen[who] if m["type"] in ("event", "auto")]
            if mark in events:
                before = events[: events.index(mark)]
                assert any(
                    m["type"] == "event"
                    and (m["event"].get("seat") == 1 or m["event"]["type"] == "end_hand")
                    for m in before
                ), before
        played = any(
            m["type"] == "event" and m["event"].get("seat") == 1 for m in seen[None]
        ) or any(m["type"] == "match_end" for m in seen[None])
        assert table.public_state()["seats"][1]["auto"] is played
        # Otherwise the mark is told once the table shows seat 1 play (or the hand end).
        while not table.match.is_over and not table.public_state()["seats"][1]["auto"]:
            if table.may_act(0):
                table.act(0, discard_drawn(table, 0), table.view(0)["decision"])
            else:
                assert await clock.advance()
        assert table.public_state()["seats"][1]["auto"] is True


def test_an_action_from_a_seat_on_auto_takes_it_back(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "greedy", "greedy", "greedy"]))
        conn = table.connect(0)
        await clock.settle()
        table.clocks.mark(0, True, "away")  # the driver has not played it yet
        table.act(0, discard_drawn(table, 0), table.view(0)["decision"])
        assert not table.clocks.auto[0]
        assert {"type": "auto", "seat": 0, "auto": False, "why": "action"} in drain(conn)

    run(db, body)


def test_a_rooms_clock_options_over_http_and_a_foreign_token_at_its_socket(db: str) -> None:
    pytest.importorskip("httpx2")
    from koudiandian.server import create_app
    from starlette.testclient import TestClient

    with TestClient(create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True)) as client:
        for clock, field in (({"turn": 1}, "clock.turn"), ({"bank": "60"}, "clock.bank")):
            r = client.post("/rooms", json={"name": "a", "clock": clock})
            assert r.status_code == 400 and field in r.json()["message"], r.text
            r = client.post("/tables", json={"clock": clock})
            assert r.status_code == 400 and field in r.json()["message"], r.text
        made = client.post("/rooms", json={"name": "a", "seats": ["human"] * 2 + ["greedy"] * 2})
        other = client.post("/rooms", json={"name": "b", "clock": None}).json()
        assert other["state"]["clock"] is None
        room = made.json()
        assert room["state"]["clock"] == {"turn": 20.0, "claim": 8.0, "bank": 60.0, "grace": 20.0}
        table = room["table"]
        # Another room's token opens no socket here: it can neither resume nor vote.
        with client.websocket_connect(f"/tables/{table}/ws?token={other['token']}") as ws:
            m = ws.receive_json()[0]
            assert m["error"] == "InvalidTokenError"
        joined = client.post(f"/rooms/{room['room']}/join", json={"name": "c"}).json()
        for token in (room["token"], joined["token"]):
            client.post(
                f"/rooms/{room['room']}/ready", headers={"authorization": f"Bearer {token}"}
            )
        with client.websocket_connect(f"/tables/{table}/ws?token={room['token']}") as ws:
            assert ws.receive_json()[0]["type"] == "hello"
            for message, error in (
                ({"type": "resume"}, "AutoPlayError"),
                ({"type": "vote", "accept": True}, "DismissVoteError"),
                ({"type": "vote", "accept": "yes"}, "ProtocolError"),
            ):
                ws.send_json(message)
                while (m := ws.receive_json())[-1]["type"] != "error":
                    pass
                assert m[-1]["error"] == error, m


def test_an_action_from_a_seat_on_auto_is_its_own_and_so_is_the_next(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "greedy", "greedy", "greedy"], turn=60))
        table.connect(0)
        await clock.settle()
        table.clocks.mark(0, True, "away")  # the driver has not played it yet
        count = table.actions
        table.act(0, discard_drawn(table, 0), table.view(0)["decision"])
        await clock.settle()
        mine = [a for s, a in lobby.store.table(table.id).actions[count:] if s == 0]
        assert len(mine) == 1 or table.match.is_over  # its next decision waits for it
        assert table.may_act(0) or table.match.is_over

    run(db, body)


def test_an_absent_seats_claim_is_timed_from_when_it_is_asked(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        for seed in range(1, 200):
            s = TableSpec.parse(
                {
                    "rules": "guobiao",
                    "seats": ["human"] * 4,
                    "seed": seed,
                    "bot_delay": 0,
                    "clock": {"turn": 60, "claim": 3, "bank": 0, "grace": 600},
                }
            )
            table = new_table(lobby, s)  # no socket: every seat away, within its grace
            await clock.settle()
            while not table.match.is_over:
                if table._answering() and len(table._to_act) > 1:
                    break
                seat = next((s for s in range(4) if table.may_act(s)), None)
                if seat is None:
                    break
                table.act(seat, discard_drawn(table, seat), table.match.decision(seat))
            if table._answering() and len(table._to_act) > 1:
                break
        else:
            pytest.fail("no seed asked two seats at once")
        asked = table._to_act
        await clock.advance_to(clock.now + 3.0)
        assert any(table.clocks.auto[s] for s in asked)

    run(db, body)
