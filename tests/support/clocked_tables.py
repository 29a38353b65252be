"""Tables with turn clocks on an injected clock (``tests.support.virtualclock``: no sleeping)
for the server's clock tests (``tests/server/test_server_clock*.py``,
``test_server_dismiss_vote.py``): a table's spec with the clock's times (``TURN``, ``CLAIM``,
``BANK`` seconds), a lobby over a database on that clock, a connection's frames drained, plain
moves to a claim, and a store made to refuse every commit (a full disk)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

import pytest

pytest.importorskip("starlette")

from koudiandian import Action
from koudiandian.errors import StorageError
from koudiandian.server.lobby import Lobby
from koudiandian.server.spec import TableSpec
from koudiandian.server.store import Store
from koudiandian.server.tables import Connection, Table

from tests.support.virtualclock import VirtualClock

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


def to_a_claim(table: Table, asked: int) -> bool:
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


def to_a_claim_any(table: Table) -> int | None:
    """Play every seat plainly until one seat alone is asked about another's tile."""
    while not table.match.is_over:
        if table._answering() and len(table._to_act) == 1:
            return table._to_act[0]
        seat = next((s for s in range(4) if table.may_act(s)), None)
        if seat is None:
            return None
        table.act(seat, discard_drawn(table, seat), table.view(seat)["decision"])
    return None


def refusing(store: Store) -> Callable[[], None]:
    """Make ``store`` refuse every commit of actions (a full disk); returns the undo."""
    commit = store._commit_actions

    def refuse(*args: Any) -> None:
        raise StorageError("disk full")

    store._commit_actions = refuse  # type: ignore[method-assign]

    def undo() -> None:
        store._commit_actions = commit  # type: ignore[method-assign]

    return undo
