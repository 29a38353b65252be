"""Turn clocks, 托管 and dismiss votes (docs/server.md, *Clocks and 托管*, *Dismissing*), on
an injected clock (no sleeping), on SQLite and PostgreSQL: a decision runs out after its own
time and the bank, the engine's default action is taken and the seat goes on 托管; a claim
decision's clock and timeout are the asked seat's secret; a vote stops play and every clock,
and ends the match (or not) as the seats say; all of it survives a restart."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

import pytest

pytest.importorskip("starlette")

from koudiandian import Action  # noqa: E402
from koudiandian.errors import (  # noqa: E402
    AutoPlayError,
    DismissVoteError,
    NotYourTurnError,
    ProtocolError,
    StorageError,
)
from koudiandian.server.dismissal import COOLDOWN, VOTE_WAIT  # noqa: E402
from koudiandian.server.lobby import Lobby  # noqa: E402
from koudiandian.server.protocol import parse_message  # noqa: E402
from koudiandian.server.spec import ClockSpec, TableSpec  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from koudiandian.server.tables import Connection, Table  # noqa: E402

from tests.support.virtualclock import VirtualClock  # noqa: E402

TURN, CLAIM, BANK = 5.0, 3.0, 4.0


def spec(seats: list[str], seed: int = 11, **clock: float) -> TableSpec:
    times = {"turn": TURN, "claim": CLAIM, "bank": BANK, **clock}
    return TableSpec.parse({"seats": seats, "seed": seed, "bot_delay": 0, "clock": times})


def drain(conn: Connection) -> list[dict[str, Any]]:
    out = []
    while not conn.queue.empty():
        frame = conn.queue.get_nowait()
        if frame is not None:
            out.extend(json.loads(frame))
    return out


@contextlib.asynccontextmanager
async def lobby_of(
    db: str, clock: VirtualClock, server: str = "local", *, claim_wait: float = 0
) -> AsyncIterator[Lobby]:
    """A lobby over ``db`` on ``clock``, as process ``server``, its stored tables loaded and
    started; stopped (and its store closed) at the end."""
    store = Store(db)
    lobby = Lobby(store, claim_wait=claim_wait, clock=clock.clock, sleep=clock.sleep, server=server)
    lobby.load()
    lobby.start()
    try:
        yield lobby
    finally:
        await lobby.stop()
        store.close()


def run(db: str, body: Callable[[Lobby, VirtualClock], Coroutine[Any, Any, None]]) -> None:
    clock = VirtualClock()

    async def main() -> None:
        async with lobby_of(db, clock) as lobby:
            await body(lobby, clock)

    asyncio.run(main())


def new_table(lobby: Lobby, s: TableSpec) -> Table:
    table, _, _, _ = lobby.create(s)
    return table


def discard_drawn(table: Table, seat: int) -> Action:
    """A plain choice: win if it may, pass a claim, else discard what it drew (else the
    first legal action)."""
    legal = table.legal_actions(seat)
    for kind in ("self_draw_win", "win", "pass"):
        for a in legal:
            if a.to_dict()["kind"] == kind:
                return a
    drawn = table.match.game.view(seat).drawn
    for a in legal:
        if a.to_dict()["kind"] == "discard" and a.tile is not None and int(a.tile) == drawn:
            return a
    return legal[0]


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


def _to_a_claim(table: Table, asked: int) -> bool:
    """Play both people's seats plainly until ``asked`` is asked about another's tile;
    whether it was before the match ended."""
    while not table.match.is_over:
        if asked in table._to_act and table._answering():
            return True
        for seat in (0, 1):
            if table.may_act(seat):
                table.act(seat, discard_drawn(table, seat), table.view(seat)["decision"])
                break
        else:
            return False
    return False


def test_a_claim_decisions_clock_and_timeout_are_the_asked_seats_own(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        for seed in range(1, 60):
            table = new_table(lobby, spec(["human", "human", "greedy", "greedy"], seed=seed))
            conns = {0: table.connect(0), 1: table.connect(1), None: table.connect(None)}
            await clock.settle()
            if _to_a_claim(table, 1):
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


# -- the dismiss vote --------------------------------------------------------------------------


def test_a_dismiss_vote_stops_play_and_ends_the_match_when_all_accept(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        s = TableSpec.parse(
            {
                "seats": ["human", "human", "human", "greedy"],
                "seed": 3,
                "bot_delay": 0,
                "match": 4,
                "clock": {"turn": 20, "bank": 0},
            }
        )
        table = new_table(lobby, s)
        conns = [table.connect(seat) for seat in range(3)]
        await clock.settle()
        with pytest.raises(DismissVoteError, match="no dismiss vote"):
            table.vote(1, True)
        to_act = table.match.to_act[0]
        clock_before = table.view(to_act)["remaining_ms"]
        await clock.advance_to(2.0)
        table.propose_dismiss(1)
        opened = [m for m in drain(conns[0]) if m["type"] == "dismiss"]
        assert opened[-1]["open"] and opened[-1]["by"] == 1
        assert opened[-1]["votes"] == [None, True, None, None]
        assert table.view(to_act)["decision"] is None  # play stops
        with pytest.raises(DismissVoteError, match="open"):
            table.propose_dismiss(0)
        with pytest.raises(DismissVoteError, match="proposed"):
            table.vote(1, True)
        with pytest.raises(DismissVoteError):
            table.act(to_act, table.match.legal_actions(to_act)[0], 1)
        await clock.advance_to(30.0)  # the clocks stand still meanwhile
        assert not any(table.clocks.auto)
        table.vote(0, True)
        with pytest.raises(DismissVoteError, match="answered"):
            table.vote(0, False)
        scores = table.match.scores
        table.vote(2, True)
        assert table.match.is_over and table.match.dismissed
        assert table.match.scores == scores  # the hand in progress is not scored
        last = drain(conns[2])
        closed = [m for m in last if m["type"] == "dismiss"][-1]
        assert closed["dismissed"] is True and not closed["open"] and closed["by"] == 1
        end = [m for m in last if m["type"] == "match_end"][-1]
        assert end["dismissed"] == {"by": 1}
        with pytest.raises(DismissVoteError, match="over"):
            table.propose_dismiss(0)
        state = table.public_state()
        assert state["over"] and state["dismissed"] == {"by": 1}
        del clock_before

    run(db, body)


def test_a_refusal_resumes_play_with_the_clocks_as_they_were_and_a_cooldown(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "human", "greedy", "greedy"], turn=120, bank=600))
        conn1 = table.connect(1)
        table.connect(0)
        await clock.settle()
        await clock.advance_to(5.0)
        before = table.view(0)["remaining_ms"]
        table.propose_dismiss(0)
        await clock.advance_to(40.0)
        table.vote(1, False)
        messages = drain(conn1)
        closed = [m for m in messages if m["type"] == "dismiss"][-1]
        assert closed["dismissed"] is False and closed["votes"][1] is False
        assert table.view(0)["remaining_ms"] == before  # 35 s of vote charged to no one
        assert table.may_act(0)
        with pytest.raises(DismissVoteError, match="propose again"):
            table.propose_dismiss(0)
        table.propose_dismiss(1)  # another seat may
        table.vote(0, False)
        await clock.advance_to(40.0 + COOLDOWN)
        table.propose_dismiss(0)
        assert table.votes.open

    run(db, body)


def test_silence_and_auto_play_count_as_accept(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        s = TableSpec.parse(
            {
                "seats": ["human", "human", "human", "greedy"],
                "seed": 5,
                "bot_delay": 0,
                "clock": {"turn": 20, "bank": 0, "grace": 5},
            }
        )
        table = new_table(lobby, s)
        conns = [table.connect(seat) for seat in range(3)]
        await clock.settle()
        table.disconnect(conns[2])
        await clock.advance_to(5.0)
        assert table.clocks.auto[2]
        table.propose_dismiss(0)
        assert table.votes.answers == {0: True, 2: True}  # the seat on 托管 accepts at once
        await clock.advance_to(5.0 + VOTE_WAIT)
        assert table.match.dismissed and table.votes.dismissed_by == 0
        votes = [a for _, a in lobby.store.table(table.id).actions if not isinstance(a, Action)]
        assert [v.kind for v in votes] == ["propose", "accept", "accept"]

    run(db, body)


# -- stored ----------------------------------------------------------------------------------


def test_clocks_marks_and_votes_survive_a_restart_downtime_charged_to_no_one(db: str) -> None:
    """A process stops without a word (no stop, no save but the periodic one); another
    takes its tables: each clock resumes with the time it had at the last save, the marks
    stand, an open vote is rebuilt from the stored actions with its time left."""
    first = VirtualClock()
    table_id = ""

    async def before() -> None:
        nonlocal table_id
        store = Store(db)
        lobby = Lobby(store, claim_wait=0, clock=first.clock, sleep=first.sleep, server="a")
        lobby.start()
        s = spec(["human", "human", "human", "greedy"], turn=20, bank=30, grace=5)
        table = new_table(lobby, s)
        table_id = table.id
        table.connect(0)
        table.connect(1)
        await first.advance_to(6.0)  # seat 2 never came: away, on 托管
        assert table.clocks.auto[2]
        on_turn = table.match.to_act[0]
        assert on_turn != 2
        lobby.save_clocks()
        # Killed: nothing more is stored; its lease is let go to make the test quick.
        lobby.store.leave("a")
        lobby._ticker.cancel()  # type: ignore[union-attr]
        lobby._saver.cancel()  # type: ignore[union-attr]
        for t in list(lobby.tables.values()):
            t.abandon()
        store.close()

    asyncio.run(before())
    second = VirtualClock()
    second.now = 1000.0

    async def after() -> None:
        async with lobby_of(db, second, "b") as lobby:
            table = lobby.get(table_id)
            on_turn = table.match.to_act[0]
            assert table.clocks.auto == [False, False, True, False]
            assert table.view(on_turn)["remaining_ms"] == int((20 + 30 - 6) * 1000)
            table.connect(0)
            table.connect(1)
            table.propose_dismiss(0)
            await second.advance_to(1010.0)
            lobby.save_clocks()

    asyncio.run(after())
    third = VirtualClock()
    third.now = 5.0

    async def again() -> None:
        async with lobby_of(db, third, "c") as lobby:
            table = lobby.get(table_id)
            assert table.votes.open and table.votes.by == 0
            left = table.votes.deadline()
            assert left is not None
            assert left - third.now == pytest.approx(VOTE_WAIT - 10, abs=0.01)
            table.vote(1, True)  # seat 2 is on 托管: it accepted when the vote opened
            assert table.match.dismissed

    asyncio.run(again())


# -- races and bad input ------------------------------------------------------------------------


def test_an_action_and_its_deadline_at_one_moment_apply_once(db: str) -> None:
    """Whichever the table takes first stands: an action a moment before the deadline
    (the deadline then does nothing), the deadline when the action comes at it or later
    (the action is refused as stale, whether or not the driver has looked yet)."""

    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        for at, driver_first in ((-0.001, False), (0.0, False), (0.0, True), (0.5, False)):
            table = new_table(lobby, spec(["human", "greedy", "greedy", "greedy"]))
            table.connect(0)
            await clock.settle()
            start = clock.now
            decision = table.view(0)["decision"]
            action = discard_drawn(table, 0)
            expected = table.match.default_action(0)
            count = table.actions
            clock.now = start + TURN + BANK + at  # the driver has not looked yet
            if driver_first:
                table._driver.wake()
                await clock.settle()
            if at < 0:
                table.act(0, action, decision)
                await clock.settle()
                assert not table.clocks.auto[0]  # taken in time: nothing timed out
                assert lobby.store.table(table.id).actions[count] == (0, action)
            else:
                with pytest.raises(NotYourTurnError):  # stale (or, if played, not its turn)
                    table.act(0, action, decision)
                await clock.settle()
                assert table.clocks.auto[0]
                assert lobby.store.table(table.id).actions[count] == (0, expected)

    run(db, body)


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


def test_a_socket_that_reconnects_during_a_vote_is_told_it(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "human", "greedy", "greedy"], turn=60))
        first = table.connect(1)
        table.connect(0)
        await clock.settle()
        table.propose_dismiss(0)
        table.disconnect(first)
        await clock.advance_to(10.0)
        again = table.connect(1)
        told = [m for m in drain(again) if m["type"] == "dismiss"]
        assert told and told[0]["open"] and told[0]["by"] == 0
        assert told[0]["remaining_ms"] == int((VOTE_WAIT - 10) * 1000)
        assert table.public_state()["dismiss"]["by"] == 0
        table.vote(1, True)
        assert table.match.dismissed

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


def test_nothing_wakes_the_driver_once_the_match_is_over(db: str) -> None:
    """An absent seat's grace, or a decision, is no alarm once the match is over (else the
    driver would wake at once, for ever)."""

    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "greedy", "greedy", "greedy"], grace=3))
        await clock.settle()
        assert table.next_alarm() == pytest.approx(3.0)  # its holder never came: away at 3 s
        await clock.advance_to(3.0)
        assert table.clocks.auto[0]
        await clock.settle()
        assert table.match.is_over  # on 托管, it played the hand out at once
        table.resume(0)
        assert table.next_alarm() is None and not table.time_up()

    run(db, body)


# -- what a review found: each a test --------------------------------------------------------


def test_a_hidden_claim_timeout_stays_hidden_through_votes_resume_and_absence(db: str) -> None:
    """A seat whose claim ran out of time (not public yet) is not shown by a vote (it does
    not accept at once: it answers, silent, at the vote's end), nor by taking it back (the
    others never heard it was on 托管), and it goes away publicly like any seat."""

    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        for seed in range(1, 80):
            table = new_table(lobby, spec(["human"] * 4, seed=seed, grace=30))
            conns = {s: table.connect(s) for s in range(4)}
            watcher = table.connect(None)
            await clock.settle()
            asked = _to_a_claim_any(table)
            if asked is None:
                continue
            await clock.advance_to(clock.now + CLAIM)
            if asked in table.clocks._untold:
                break
        else:
            pytest.fail("no seed left a claim's timeout hidden")
        drain(watcher)
        proposer = next(s for s in range(4) if s != asked)
        table.propose_dismiss(proposer)
        opened = [m for m in drain(watcher) if m["type"] == "dismiss"][-1]
        assert opened["votes"][asked] is None
        assert table.public_state()["dismiss"]["votes"][asked] is None
        table.vote(next(s for s in range(4) if s not in (asked, proposer)), False)
        table.resume(asked)
        assert [m for m in drain(watcher) if m["type"] == "auto"] == []
        assert {"type": "auto", "seat": asked, "auto": False, "why": "resume"} in drain(
            conns[asked]
        )
        # Hidden again, then gone: public once the grace is over (if not before, by its
        # playing), like any seat that left.
        table.clocks.mark(asked, True, "timeout", hidden=True)
        table.disconnect(conns[asked])
        await clock.advance_to(clock.now + 30)
        assert table.match.is_over or table.public_state()["seats"][asked]["auto"] is True
        assert table.clocks.away(clock.now) == []

    run(db, body)


def _to_a_claim_any(table: Table) -> int | None:
    """Play every seat plainly until one seat alone is asked about another's tile."""
    while not table.match.is_over:
        if table._answering() and len(table._to_act) == 1:
            return table._to_act[0]
        seat = next((s for s in range(4) if table.may_act(s)), None)
        if seat is None:
            return None
        table.act(seat, discard_drawn(table, seat), table.view(seat)["decision"])
    return None


def test_a_vote_runs_out_at_a_table_without_clocks_too(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        s = TableSpec.parse({"seats": ["human", "human", "greedy", "greedy"], "bot_delay": 0})
        table = new_table(lobby, s)
        table.connect(0)
        await clock.settle()
        table.propose_dismiss(0)
        await clock.advance_to(VOTE_WAIT)
        assert table.match.dismissed

    run(db, body)


def test_a_proposal_the_database_refuses_leaves_play_and_the_clocks_going(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "human", "greedy", "greedy"], turn=5, bank=0))
        table.connect(0)
        table.connect(1)
        await clock.settle()
        store = lobby.store
        commit = store._commit_actions

        def refuse(*args: Any) -> None:
            raise StorageError("disk full")

        store._commit_actions = refuse  # type: ignore[method-assign]
        with pytest.raises(StorageError):
            table.propose_dismiss(0)
        store._commit_actions = commit  # type: ignore[method-assign]
        assert not table.votes.open
        on_turn = table._to_act[0]
        await clock.advance_to(5.0)
        assert table.clocks.auto[on_turn]  # its clock ran: it timed out

    run(db, body)


def test_after_a_refusal_the_asked_seat_is_sent_its_view_again(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "human", "greedy", "greedy"], turn=20, bank=0))
        conns = [table.connect(0), table.connect(1)]
        await clock.settle()
        on_turn = table._to_act[0]
        table.propose_dismiss(1 - on_turn)
        drain(conns[on_turn])
        table.vote(on_turn, False)
        views = [m for m in drain(conns[on_turn]) if m["type"] == "view"]
        assert views and views[-1]["view"]["decision"] == table.match.decision(on_turn)
        assert views[-1]["view"]["remaining_ms"] == 20_000

    run(db, body)


def test_a_proposal_while_a_discards_window_is_open_is_refused_alike(db: str) -> None:
    """Whether the held discard ended the match is not public: no proposal is taken while
    a claim window holds what follows a discard, with one message whatever it holds."""
    clock = VirtualClock()

    async def main() -> None:
        async with lobby_of(db, clock, claim_wait=5) as lobby:
            table = new_table(lobby, spec(["human", "human", "greedy", "greedy"], turn=60))
            table.connect(0)
            await clock.settle()
            on_turn = table._to_act[0]
            table.act(on_turn, discard_drawn(table, on_turn), table.view(on_turn)["decision"])
            with pytest.raises(DismissVoteError, match="claim window is open"):
                table.propose_dismiss(1 - on_turn)
            await clock.advance_to(clock.now + 5)
            table.propose_dismiss(1 - on_turn)
            assert table.votes.open

    asyncio.run(main())


def test_stored_clocks_that_do_not_read_give_fresh_ones_and_a_bad_vote_step_sets_aside(
    db: str,
) -> None:
    first = VirtualClock()
    ids: list[str] = []

    async def make(lobby: Lobby, clock: VirtualClock) -> None:
        for _ in range(2):
            table = new_table(lobby, spec(["human", "human", "greedy", "greedy"]))
            ids.append(table.id)
        await clock.settle()
        store = lobby.store
        store.save_clocks([('{"clocks": {"bank_ms": [1000]}, "vote": []}', ids[0], None)])
        bad = ids[1]
        n = len(store.table(bad).actions)
        from koudiandian.server.dismissal import VoteAct

        store.add_action(bad, n, 1, VoteAct("accept"))  # an answer with no vote open

    run(db, make)
    del first

    async def load(lobby: Lobby, clock: VirtualClock) -> None:  # (loaded as it starts)
        assert ids[1] in lobby.unavailable and "does not fit" in lobby.unavailable[ids[1]]
        table = lobby.get(ids[0])
        assert table.clocks.bank == [BANK] * 4 and table.clocks.auto == [False] * 4
        assert table.view(table._to_act[0])["remaining_ms"] == int((TURN + BANK) * 1000)

    run(db, load)


# -- what a second review found: each a test ------------------------------------------------


def _refusing(store: Store) -> Callable[[], None]:
    """Make ``store`` refuse every commit of actions (a full disk); returns the undo."""
    commit = store._commit_actions

    def refuse(*args: Any) -> None:
        raise StorageError("disk full")

    store._commit_actions = refuse  # type: ignore[method-assign]

    def undo() -> None:
        store._commit_actions = commit  # type: ignore[method-assign]

    return undo


def test_a_refused_answer_during_a_vote_keeps_its_times(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        s = spec(["human", "human", "human", "greedy"], turn=20, bank=0, grace=600)
        table = new_table(lobby, s)
        for seat in range(3):
            table.connect(seat)
        await clock.settle()
        on_turn = table._to_act[0]
        voters = [seat for seat in range(3) if seat != on_turn]
        await clock.advance_to(5.0)
        table.propose_dismiss(voters[0])
        await clock.advance_to(50.0)
        undo = _refusing(lobby.store)
        with pytest.raises(StorageError):
            table.vote(on_turn, True)
        undo()
        assert table.votes.deadline() == pytest.approx(5.0 + VOTE_WAIT)
        await clock.advance_to(52.0)
        table.vote(voters[1], False)
        assert not table.clocks.auto[on_turn]
        assert table.view(on_turn)["remaining_ms"] == 15_000  # the vote charged to no one

    run(db, body)


def test_a_refused_timeout_changes_nothing_and_the_late_action_stays_late(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "greedy", "greedy", "greedy"], turn=5, bank=0))
        conn = table.connect(0)
        await clock.settle()
        decision, action, count = table.view(0)["decision"], discard_drawn(table, 0), table.actions
        expected = table.match.default_action(0)
        drain(conn)
        undo = _refusing(lobby.store)
        clock.now = 5.0
        with pytest.raises(StorageError):  # the late action takes the timeout, refused
            table.act(0, action, decision)
        assert not table.clocks.auto[0] and not [m for m in drain(conn) if m["type"] == "auto"]
        undo()
        with pytest.raises(NotYourTurnError):  # still late: refused, and the timeout taken
            table.act(0, action, decision)
        assert table.clocks.auto[0]
        assert lobby.store.table(table.id).actions[count] == (0, expected)  # taken once

    run(db, body)


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


def test_stored_clocks_with_an_infinite_number_give_fresh_ones(db: str) -> None:
    ids: list[str] = []

    async def make(lobby: Lobby, clock: VirtualClock) -> None:
        ids.append(new_table(lobby, spec(["human", "greedy", "greedy", "greedy"])).id)
        await clock.settle()

    run(db, make)
    with Store(db) as store:
        text = '{"clocks": {"bank_ms": [1e999, 0, 0, 0], "auto": [false, false, false, false],'
        text += ' "why": ["", "", "", ""], "untold": {}, "used": {}}, "vote": {"open_ms": null,'
        text += ' "cooldown_ms": {}}}'
        store.save_clocks([(text, ids[0], None)])

    async def load(lobby: Lobby, clock: VirtualClock) -> None:
        assert not lobby.unavailable
        assert lobby.get(ids[0]).clocks.bank == [BANK] * 4

    run(db, load)
