"""Dismiss votes (docs/server.md, *Dismissing*), on an injected clock, on SQLite and
PostgreSQL: a vote stops play and every clock, and ends the match (or not) as the seats say;
silence and 托管 count as accept; a refusal resumes play with the clocks as they were and a
cooldown; a reconnecting socket is told of the vote; a hidden claim timeout stays hidden; a
proposal the database refuses, or made while a discard's window is open, leaves play going."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("starlette")

from koudiandian import Action
from koudiandian.errors import DismissVoteError, StorageError
from koudiandian.server.dismissal import COOLDOWN, VOTE_WAIT
from koudiandian.server.lobby import Lobby
from koudiandian.server.spec import TableSpec

from tests.support.clocked_tables import (
    CLAIM,
    discard_drawn,
    drain,
    lobby_of,
    new_table,
    refusing,
    run,
    spec,
    to_a_claim_any,
)
from tests.support.virtualclock import VirtualClock

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


# -- hidden claim timeouts, refused proposals, tables without clocks ----------------------


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
            asked = to_a_claim_any(table)
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
        undo = refusing(lobby.store)
        with pytest.raises(StorageError):
            table.vote(on_turn, True)
        undo()
        assert table.votes.deadline() == pytest.approx(5.0 + VOTE_WAIT)
        await clock.advance_to(52.0)
        table.vote(voters[1], False)
        assert not table.clocks.auto[on_turn]
        assert table.view(on_turn)["remaining_ms"] == 15_000  # the vote charged to no one

    run(db, body)
