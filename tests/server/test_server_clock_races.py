"""Turn clocks against the moment and the database (docs/server.md, *Clocks and 托管*), on an
injected clock, on SQLite and PostgreSQL: an action and its deadline at one moment apply once,
a timeout the database refuses changes nothing and the late action stays late, nothing wakes
the driver once the match is over."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from koudiandian.errors import NotYourTurnError, StorageError
from koudiandian.server.lobby import Lobby

from tests.support.clocked_tables import (
    BANK,
    TURN,
    discard_drawn,
    drain,
    new_table,
    refusing,
    run,
    spec,
)
from tests.support.virtualclock import VirtualClock


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


def test_a_refused_timeout_changes_nothing_and_the_late_action_stays_late(db: str) -> None:
    async def body(lobby: Lobby, clock: VirtualClock) -> None:
        table = new_table(lobby, spec(["human", "greedy", "greedy", "greedy"], turn=5, bank=0))
        conn = table.connect(0)
        await clock.settle()
        decision, action, count = table.view(0)["decision"], discard_drawn(table, 0), table.actions
        expected = table.match.default_action(0)
        drain(conn)
        undo = refusing(lobby.store)
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
