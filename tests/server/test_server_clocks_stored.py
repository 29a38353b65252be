"""Turn clocks, 托管 marks and dismiss votes stored (docs/server.md, *Clocks and 托管*,
*Dismissing*), on an injected clock, on SQLite and PostgreSQL: all of them survive a restart
(the downtime charged to no one); stored clocks that do not read, or hold an infinite number,
give fresh ones, and a bad vote step is set aside."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("starlette")

from koudiandian.server.dismissal import VOTE_WAIT
from koudiandian.server.lobby import Lobby
from koudiandian.server.store import Store

from tests.support.clocked_tables import BANK, TURN, lobby_of, new_table, run, spec
from tests.support.virtualclock import VirtualClock


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
