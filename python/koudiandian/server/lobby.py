"""The lobby: every table one server process plays, and its place among the processes that
share the database.

A process plays the tables whose lease it holds (:mod:`.store`, "Leases"): it takes them at
start (its own from before a restart, and any whose process is gone), renews them every
``lease / 3`` seconds (:meth:`Lobby.tick`; :mod:`.lobbyleases`), takes over those of a process that stopped
renewing, and plays new tables the database assigns it. A table another live process plays
is not served here: :meth:`Lobby.get` raises :class:`TableElsewhereError` naming that
process's URL, and the routes turn it into a redirect. A table whose match is over is served
by any process from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from ..errors import (
    StorageError,
    TableElsewhereError,
    TableNotFoundError,
    TableUnavailableError,
)
from .auth import WATCH, new_token, token_digest
from .botregistry import BotRegistry
from .clocks import SAVE_EVERY
from .groupcommit import GroupCommit
from .limits import BotGate
from .lobbyleases import LobbyLeases
from .spec import HUMAN, TableSpec
from .store import DEFAULT_LEASE, Store
from .tables import FINISHED_CACHED, Table, no_table
from .windows import DEFAULT_CLAIM_WAIT

__all__ = ["Lobby", "DEFAULT_LEASE"]

_log = logging.getLogger("koudiandian.server")


class Lobby(LobbyLeases):
    """Every table of this server process, with the store that keeps them; ``claim_wait``,
    ``clock``, ``sleep`` and ``bots`` (the operator's registered bots, which a table's seats
    may name) are given to each :class:`Table`, ``bot_gate`` to each table of bots.

    ``server`` is the process's id in the database (a restarted process with the same id
    takes its tables back at once) and ``url`` its public URL, where clients of its tables
    are sent; ``lease`` the seconds a lease lasts (renewed every third of it).

    ``tables`` holds the tables being played here; a table whose match is over (as far as it
    has shown) leaves it once no socket watches it, and is rebuilt from the store when asked
    for (:meth:`get`; the last :data:`FINISHED_CACHED` are kept). A stored table that does not
    load is set aside in ``unavailable`` (its rows untouched) and the others serve.
    """

    def __init__(
        self,
        store: Store,
        *,
        default_bot_delay: float = 0.5,
        claim_wait: float = DEFAULT_CLAIM_WAIT,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        bot_gate: BotGate | None = None,
        server: str = "local",
        url: str = "",
        lease: float = DEFAULT_LEASE,
        bots: BotRegistry | None = None,
        group_commit: bool = False,
    ) -> None:
        self.store = store
        #: The tables' group commit (:mod:`.groupcommit`; ``None``: each commits alone).
        self.commits = GroupCommit(store) if group_commit else None
        self.default_bot_delay = default_bot_delay
        #: The bots the operator registered (a table's seats may name them).
        self.bots = bots if bots is not None else BotRegistry()
        self._table_options: dict[str, Any] = {
            "claim_wait": claim_wait,
            "clock": clock,
            "sleep": sleep,
            "bots": self.bots,
            "commits": self.commits,
        }
        self.bot_gate = bot_gate
        self.server = server
        self.url = url
        self.lease = lease
        #: Tables taken over from a process that stopped renewing; tables lost to another.
        self.takeovers = 0
        self.lost = 0
        self.tables: dict[str, Table] = {}
        #: Stored tables that do not load: id → why.
        self.unavailable: dict[str, str] = {}
        #: The public URLs of the live processes (this one's included), from the last tick.
        self.peers: set[str] = {url} if url else set()
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._specs: dict[str, tuple[tuple[str, ...], bool]] = {}  # id → (seats, private)
        self._marked: set[str] = set()  # tables this process recorded as finished
        self._ticker: asyncio.Task[None] | None = None
        self._saver: asyncio.Task[None] | None = None
        self._started = False
        #: Called when a room's table (one with a ``room``) gains or loses a socket or its
        #: match ends (the rooms' hook: the room is told).
        self.on_room_table: Callable[[Table], None] | None = None

    # -- tables taken, lost and rebuilt ------------------------------------------------------

    def _rebuilt(self, table_id: str, epoch: int | None = None) -> Table:
        """The stored table ``table_id`` replayed (held with ``epoch``); raises
        :class:`TableUnavailableError` (and sets it aside) if it does not load."""
        try:
            stored = self.store.table(table_id)
            table = Table(
                stored.id,
                stored.spec,
                stored.digests,
                self.store,
                stored.watch,
                room=stored.room,
                waiting=stored.waiting,
                **self._table_options,
            )
            self._hook_room(table)
            table.epoch = epoch
            table.replay(stored.actions)
            table.restore_clocks(stored.clock)
        except TableNotFoundError:  # pruned meanwhile (koudiandian prune)
            raise
        except Exception as e:  # one bad table: set aside, the others serve
            why = (
                str(e)
                if isinstance(e, TableUnavailableError)
                else (f"table {table_id!r} does not replay: {type(e).__name__}: {e}")
            )
            self.unavailable[table_id] = why
            self.tables.pop(table_id, None)
            _log.error("table %s is set aside (its rows are kept): %s", table_id, why)
            raise TableUnavailableError(why) from None
        return table

    def _take(self, table_id: str, epoch: int) -> Table | None:
        """Play the stored table ``table_id``, whose lease this process holds with ``epoch``:
        replayed from the database (every action any process committed), adopted, its bots
        started. ``None`` if it does not load (set aside) or its match is over."""
        if table_id in self.unavailable:
            return None
        try:
            table = self._rebuilt(table_id, epoch)
        except (TableUnavailableError, TableNotFoundError):
            return None
        if table.match.is_over:
            self.finish(table)
            return None
        self._adopt(table)
        return table

    def save_clocks(self, *, all_timed: bool = False) -> int:
        """Store the running clocks (and open votes' times) of the tables played here, in
        one transaction (``all_timed``: every table with clocks or a vote); returns how
        many tables. Raises :class:`StorageError` if the database refuses it."""
        rows = self._clock_rows(all_timed)
        if rows:
            self.store.save_clocks(rows)
        return len(rows)

    def _clock_rows(self, all_timed: bool) -> list[tuple[str, str, int | None]]:
        return [
            t.clock_row()
            for t in self.tables.values()
            if t.clocks.running or t.votes.open or (all_timed and t.clocks.on)
        ]

    async def _save_clocks_forever(self) -> None:
        """Store the running clocks every :data:`SAVE_EVERY` seconds, where the commits are
        written (PostgreSQL: on the writer thread, the loop serving meanwhile)."""
        while True:
            await asyncio.sleep(SAVE_EVERY)
            try:
                rows = self._clock_rows(False)
                if rows and self.commits is not None:
                    await self.commits.write(self.store.save_clocks, rows)
                elif rows:
                    self.store.save_clocks(rows)
            except StorageError as e:  # kept in memory; saved at the next try
                _log.warning("the clocks were not stored: %s", e)
            except Exception:
                _log.exception("storing the clocks failed")

    def _hook_room(self, table: Table) -> None:
        """Give a room's table the rooms' hooks."""
        if table.room is not None:
            table.fanout.on_sockets = self._room_table_event

    def _room_table_event(self, table: Table) -> None:
        if self.on_room_table is not None:
            self.on_room_table(table)

    def _adopt(self, table: Table) -> None:
        table.on_over = self.finish
        table.on_lost = self._lost
        table.bot_gate = self.bot_gate
        self.tables[table.id] = table
        if self._started:
            table.start()

    def finish(self, table: Table) -> None:
        """``table``'s match is over: record it (unless recorded: the rooms ask again before
        a rematch, if it failed), and evict it once no socket watches it."""
        if table.id not in self._marked:
            try:
                self.store.mark_finished(table.id)
                self._marked.add(table.id)
            except StorageError as e:  # marked at the next start instead
                _log.warning("table %s: its end is not recorded: %s", table.id, e)
            else:
                if table.room is not None:  # the room is over: told to its sockets
                    self._room_table_event(table)
        if not table.connections and self.tables.get(table.id) is table:
            del self.tables[table.id]
            self._marked.discard(table.id)  # (marking it again changes nothing)
            table.abandon()

    def start(self) -> None:
        """Start every table's bot driver and the lease's tick (on the running event loop)."""
        self._started = True
        for table in list(self.tables.values()):
            table.start()
        loop = asyncio.get_running_loop()
        self._ticker = loop.create_task(self._tick_forever())
        self._saver = loop.create_task(self._save_clocks_forever())

    async def stop(self) -> None:
        """Stop every table (:meth:`Table.stop`) and give up the leases: another process may
        take the tables at once."""
        for task in (self._ticker, self._saver):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._ticker = self._saver = None
        if self.commits is not None:
            await self.commits.drain()
        with contextlib.suppress(StorageError):
            self.save_clocks(all_timed=True)  # where each clock stands as the process stops
        for table in [*self.tables.values(), *self._cache.values()]:
            await table.stop()
        if self.commits is not None:
            await self.commits.drain()  # (what the tables' stops committed)
            self.commits.close()
        with contextlib.suppress(StorageError):
            self.store.leave(self.server)
        self._started = False

    # -- tables created, listed, found -----------------------------------------------------

    def create(self, spec: TableSpec) -> tuple[Table, list[str | None], str | None, str]:
        """A new table for ``spec``, stored and given to the least loaded live process (this
        one if none other is live); returns it, each seat's token (``None`` for a bot's
        seat), for a private table its watch token (a spectator's), and the public URL of the
        process that plays it. Raises :class:`StorageError` (creating nothing) if the
        database refuses it."""
        table_id = secrets.token_hex(5)
        tokens: list[str | None] = [new_token() if k == HUMAN else None for k in spec.seats]
        digests = {s: token_digest(table_id, t) for s, t in enumerate(tokens) if t is not None}
        watch = new_token() if spec.private else None
        if watch is not None:
            digests[WATCH] = token_digest(table_id, watch)
        server, url = self.server, self.url
        live = self.store.servers(self.lease)  # least loaded first
        mine = next((n for s, _, n in live if s == self.server), 0)
        if live and live[0][0] != self.server and live[0][2] < mine:
            server, url = live[0][0], live[0][1]
        self.store.add_table(table_id, spec, digests, owner=server, lease=self.lease)
        table = self._new_table(table_id, spec, digests, mine=server == self.server)
        return table, tokens, watch, url

    def _new_table(
        self,
        table_id: str,
        spec: TableSpec,
        digests: dict[int, bytes],
        *,
        mine: bool,
        room: str | None = None,
    ) -> Table:
        """The table ``table_id`` just stored (its lease's epoch 1), its seats' token
        digests (and :data:`WATCH`'s) ``digests``; played here if ``mine``. A room's
        (``room``) waits for its players (:mod:`.rooms`)."""
        d = [digests.get(s) for s in range(4)]
        table = Table(
            table_id,
            spec,
            (d[0], d[1], d[2], d[3]),
            self.store,
            digests.get(WATCH),
            room=room,
            waiting=room is not None,
            **self._table_options,
        )
        self._hook_room(table)
        if mine:
            table.epoch = 1
            self._adopt(table)
        return table

    def adopt_new(
        self, table_id: str, spec: TableSpec, digests: dict[int, bytes], *, room: str
    ) -> Table:
        """Play here the room ``room``'s new table ``table_id``, just stored with its lease
        this process's (epoch 1): it waits for the room's players (:mod:`.rooms`)."""
        return self._new_table(table_id, spec, digests, mine=True, room=room)

    def close_waiting(self, table: Table) -> None:
        """A room closed while ``table`` waited for its players: its sockets are closed, and
        it is played no more (the store has it finished)."""
        table.fanout.unseat(None, None)
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        table.abandon()

    def held(self, table_id: str) -> Table | None:
        """The table ``table_id`` if this process has it in memory (played here, or a
        finished one kept), else ``None``; asks nothing of the database."""
        return self.tables.get(table_id) or self._cache.get(table_id)

    def _seats_of(self, table_id: str, spec_text: str) -> tuple[tuple[str, ...], bool]:
        """A table's seats and whether it is private, read once from its stored spec (tables
        stored before private tables existed are public)."""
        known = self._specs.get(table_id)
        if known is None:
            known = ((), True)
            with contextlib.suppress(Exception):
                spec = json.loads(spec_text)
                known = (tuple(spec["seats"]), bool(spec.get("private", False)))
            self._specs[table_id] = known
        return known

    def listing(self) -> list[dict[str, Any]]:
        """Every public table that loads, of every process, as ``GET /tables`` lists it: id,
        seats, whether it is over (for a table played here, as far as it has shown: a claim
        window may hold its end; a private table is never listed)."""
        out = []
        for table_id, spec_text, finished in self.store.listing():
            if table_id in self.unavailable:
                continue
            seats, private = self._seats_of(table_id, spec_text)
            if private:
                continue
            here = self.tables.get(table_id)
            over = finished if here is None else here.over
            out.append({"id": table_id, "seats": list(seats), "over": over})
        return out

    def get(self, table_id: str) -> Table:
        """The table ``table_id``: played here, or over (rebuilt from the store), or free (a
        table whose process is gone: taken over now). Raises :class:`TableElsewhereError` if
        another live process plays it, :class:`TableNotFoundError` if there is none,
        :class:`TableUnavailableError` if it is stored but does not load."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        table = self._cache.get(table_id)
        if table is not None:
            self._cache.move_to_end(table_id)
            return table
        if table_id in self.unavailable:
            raise TableUnavailableError(self.unavailable[table_id])
        if "\x00" in table_id:  # no id holds one, and PostgreSQL refuses it in a query
            raise no_table(table_id)
        owner = self.store.owner(table_id)
        if owner is not None and owner.live and owner.server != self.server:
            raise TableElsewhereError(f"table {table_id!r} is played at {owner.url}", owner.url)
        if owner is not None:  # this process's, not yet loaded; or its process is gone
            epoch = self.store.claim(table_id, self.server, self.lease)
            if epoch is not None:
                taken = self._take(table_id, epoch)
                if taken is not None:
                    if owner.server != self.server:
                        self.takeovers += 1
                    return taken
                if table_id in self.unavailable:
                    raise TableUnavailableError(self.unavailable[table_id])
        try:
            table = self._rebuilt(table_id)
        except TableNotFoundError:
            raise no_table(table_id) from None
        # A waiting table is kept only once its room closed; else another process took it.
        if not table.match.is_over and not (table.waiting and self.store.finished(table_id)):
            again = self.store.owner(table_id)
            if again is not None and again.server != self.server:
                raise TableElsewhereError(f"table {table_id!r} is played at {again.url}", again.url)
            raise TableUnavailableError(f"table {table_id!r} is moving; ask again")
        self._cache[table_id] = table
        while len(self._cache) > FINISHED_CACHED:
            self._cache.popitem(last=False)
        return table

    def live_count(self) -> int:
        """How many tables being played (or waiting for a room's players) this process
        holds (one whose end is not committed yet is still played)."""
        return sum(not t.match.is_over or t.uncommitted for t in self.tables.values())
