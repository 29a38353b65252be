"""The server's database: tables, seat-token digests, every accepted action, and which server
process plays each table.

A table is its spec plus the decisions taken at it, in order; the server rebuilds it by
replaying those decisions through a fresh :class:`~koudiandian.Match` (the engine deals the
same hands from the spec's seed and logs the same events). Each commit of actions is its own
transaction, committed before the server broadcasts its events, so a crash (even ``kill
-9``) loses no action that any client has seen.

Two databases hold the same schema: SQLite (``Store("koudiandian.sqlite")``, the embedded
default: one file, no set-up; :mod:`.sqlite`) and PostgreSQL (``Store("postgresql://…")``,
for several server processes sharing one database; :mod:`.postgres`). ``Store(db)`` opens
the one its argument names. This module holds what both share: the statements, the rows read
back, the leases.

**Leases.** Every table being played is owned by one server process at a time: its row
names the owner (``owner``), the lease's number (``epoch``, raised by every takeover) and
when the lease ends (``expires``, seconds of the database's clock) unless the owner renews
it. A process commits a table's actions only while the row still carries the epoch it took
(the fence: a process that lost the table can commit nothing, :class:`LeaseLostError`). The
``servers`` table lists the processes, their public URLs and heartbeats, so that a client
that reaches the wrong one is told where its table is, and new tables go to the least loaded.

A write the database refuses (a full disk, an I/O error, a lost connection) raises
:class:`StorageError` and leaves the database as it was. The schema's version: 0 is the
schema of the first server (924b10f), 1 adds each table's ``finished`` time, 2 the lease
columns and the ``servers`` table, 3 the rooms (:mod:`.roomstore`: ``rooms``, ``players``,
and each table's ``room`` and ``waiting``), 4 each table's ``clock`` (its clocks, 托管
marks and vote times, :mod:`.clocks`); an older database is brought up to date when opened, a
newer one refused.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from ..action import Action, action_from_code
from ..errors import (
    InvalidArgumentError,
    KoudiandianError,
    LeaseLostError,
    StorageError,
    TableNotFoundError,
    TableUnavailableError,
)
from .auth import SeatTokens
from .dismissal import VoteAct, vote_from_code
from .roomstore import NUMBER_REST, RoomRows
from .spec import TableSpec

__all__ = [
    "Store",
    "StoredTable",
    "Owner",
    "SCHEMA_VERSION",
    "DEFAULT_LEASE",
    "is_postgres_url",
    "CLOCK_SCHEMA",
    "ActionRow",
    "GroupRows",
]

_log = logging.getLogger("koudiandian.server")

#: The version of the schema this code writes.
SCHEMA_VERSION = 4

#: What brings a schema of version 3 to 4 (in either dialect): each table's stored clocks.
CLOCK_SCHEMA = ["ALTER TABLE tables ADD COLUMN clock TEXT"]

#: Seconds a table's lease lasts unless renewed (renewed every third of it): a table whose
#: process dies moves to another within about this long.
DEFAULT_LEASE = 3.0

#: One row of the ``actions`` table: (table id, number, seat, ``Action.code``).
ActionRow = tuple[str, int, int, int]
#: A group commit's rows: for each table, its id, its lease's epoch (``None``: not fenced)
#: and its rows.
GroupRows = list[tuple[str, int | None, list[ActionRow]]]


def is_postgres_url(db: object) -> bool:
    """Whether ``db`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


@dataclass(frozen=True, slots=True)
class StoredTable:
    """One table as the database holds it."""

    id: str
    spec: TableSpec
    digests: tuple[bytes | None, bytes | None, bytes | None, bytes | None]
    actions: list[tuple[int, Action | VoteAct]]  # a dismiss vote's steps among them
    watch: bytes | None = None  # a private table's watch-token digest (stored as seat 4)
    room: str | None = None  # the room it is played in (its tokens' scope), if any
    waiting: bool = False  # a room's table whose players are not all ready yet
    clock: str | None = None  # its clocks as last stored (JSON text, :mod:`.clocks`)


@dataclass(frozen=True, slots=True)
class Owner:
    """The server process a table's lease names: its id, its public URL, and whether it is
    live (its lease on the table has not expired)."""

    server: str
    url: str
    live: bool


class Store(RoomRows):
    """The database ``db``: a SQLite file (created if missing; ``":memory:"`` for none on
    disk) or a PostgreSQL URL (``postgresql://USER@HOST:PORT/DB``; the database must exist,
    the schema is created in it). ``durable`` makes SQLite fsync every commit
    (PostgreSQL's own settings decide there).

    ``Store(db)`` returns the backend's subclass; what follows is the interface both give.
    Statements are written with ``?`` parameters; a backend translates them."""

    path: str
    #: The SQL expression of the database's clock, in seconds since the epoch.
    _NOW = "0"
    #: The errors of the database's driver that mean a write was refused.
    _errors: tuple[type[BaseException], ...] = ()
    #: Whether group commits and other periodic writes run on a writer thread
    #: (:mod:`.groupcommit`), with a connection of their own, rather than on the event loop.
    commits_off_loop = False
    #: Told of each commit of actions: how many, and the seconds it took (the server's
    #: :class:`~.metrics.Metrics`; called from the writer thread too).
    on_commit: Callable[[int, float], None] | None = None

    def __new__(cls, db: str | Path = ":memory:", *, durable: bool = False) -> Store:
        if cls is Store:
            if is_postgres_url(db):
                from .postgres import PostgresStore

                cls = PostgresStore
            else:
                from .sqlite import SQLiteStore

                cls = SQLiteStore
        return super().__new__(cls)

    # -- what a backend gives ---------------------------------------------------------------

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement (autocommit, or in the open :meth:`_atomic` block); its rows."""
        raise NotImplementedError

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError

    @contextlib.contextmanager
    def _atomic(self) -> Iterator[None]:
        """One transaction around the block (a write lock taken at once)."""
        raise NotImplementedError
        yield  # pragma: no cover

    def _commit_group(self, group: GroupRows) -> set[str]:
        """Insert the rows of every table of ``group`` in one transaction, each table's
        only if its lease still has its epoch (any, if ``None``); returns the ids of the
        tables whose lease had another (nothing of theirs written)."""
        raise NotImplementedError

    def on_writer_thread(self) -> None:
        """The calling thread is the writer thread (:attr:`commits_off_loop`): from now on
        it writes through a connection of its own."""

    def _commit_actions(self, table_id: str, epoch: int | None, rows: list[ActionRow]) -> None:
        """Insert ``rows`` in one transaction, if the table's lease still has ``epoch``
        (any, if ``None``); raises :class:`LeaseLostError` otherwise."""
        if self._commit_group([(table_id, epoch, rows)]):
            assert epoch is not None  # (an unfenced commit is never refused for its lease)
            raise self._fence_refused(table_id, epoch)

    @property
    def schema_version(self) -> int:
        """The database's schema version (0 for 924b10f's)."""
        raise NotImplementedError

    def close(self) -> None:
        """Close the database; the store is not to be used after."""
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the database at the end of a ``with`` block."""
        self.close()

    # -- errors -----------------------------------------------------------------------------

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Turn a refused write into :class:`StorageError` (the backend has rolled back
        what was open)."""
        try:
            yield
        except self._errors as e:
            raise StorageError(f"the database {self.path} refused a write: {e}") from e

    def _upgraded(self, version: int) -> None:
        """Say that the schema was brought from ``version`` to :data:`SCHEMA_VERSION`."""
        _log.warning(
            "the database %s was upgraded from schema version %d to %d",
            self.path,
            version,
            SCHEMA_VERSION,
        )

    def _refuse_newer(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{self.path} has schema version {version}; this server reads up to "
                f"{SCHEMA_VERSION} (a newer koudiandian wrote it)"
            )

    # -- tables -----------------------------------------------------------------------------

    def add_table(
        self,
        table_id: str,
        spec: TableSpec,
        digests: dict[int, bytes],
        *,
        owner: str | None = None,
        lease: float = 0.0,
    ) -> None:
        """Store a new table and its seats' token digests, in one transaction, its lease
        given to the server ``owner`` (epoch 1) for ``lease`` seconds; raises
        :class:`StorageError` (storing nothing) if the database refuses it."""
        with self._writing(), self._atomic():
            if not self._insert_table(table_id, spec, owner, lease):
                raise StorageError(f"the database {self.path} has a table {table_id!r} already")
            self._executemany(
                "INSERT INTO tokens (table_id, seat, digest) VALUES (?, ?, ?)",
                [(table_id, seat, d) for seat, d in sorted(digests.items())],
            )

    def add_action(self, table_id: str, n: int, seat: int, action: Action | VoteAct) -> None:
        """Store action number ``n`` of the table (numbered from 0 across the match; a
        dismiss vote's steps are numbered among them):
        committed at once, or with the enclosing :meth:`transaction`; raises
        :class:`StorageError` if the database refuses it."""
        row = (table_id, n, seat, action.code)
        pending: list[ActionRow] | None = getattr(self, "_rows", None)
        if pending is not None:
            pending.append(row)
        else:
            with self._writing():
                self._commit_actions(table_id, None, [row])

    @contextlib.contextmanager
    def transaction(self, table_id: str | None = None, epoch: int | None = None) -> Iterator[None]:
        """One transaction: the actions added inside are written and committed together when
        the block ends; nothing is written if it raises, or if the database refuses the
        commit (:class:`StorageError`). With ``epoch``, the commit is fenced: it is refused
        (:class:`LeaseLostError`, nothing written) unless table ``table_id``'s lease still
        has that epoch."""
        if getattr(self, "_rows", None) is not None:
            raise RuntimeError("transactions do not nest")
        self._rows: list[ActionRow] | None = []
        try:
            yield
            rows = self._rows
        finally:
            self._rows = None
        if rows:
            start = time.perf_counter()
            with self._writing():
                self._commit_actions(rows[0][0] if table_id is None else table_id, epoch, rows)
            self._count_commit(len(rows), time.perf_counter() - start)

    def commit_group(self, group: GroupRows) -> set[str]:
        """Commit the rows of several tables in one transaction (:mod:`.groupcommit`),
        each table's fenced by its lease's epoch; returns the ids of the tables whose lease
        another process holds now (nothing of theirs written). Raises
        :class:`StorageError` (nothing written) if the database refuses the commit."""
        start = time.perf_counter()
        with self._writing():
            lost = self._commit_group(group)
        self._count_commit(sum(len(rows) for _, _, rows in group), time.perf_counter() - start)
        return lost

    def _count_commit(self, actions: int, seconds: float) -> None:
        """Tell :attr:`on_commit` of a commit of ``actions`` that took ``seconds``."""
        if self.on_commit is not None:
            self.on_commit(actions, seconds)

    def update_spec(self, table_id: str, spec: TableSpec, epoch: int | None = None) -> None:
        """Store the table's ``spec`` anew (its seats whose bot fell back to greedy, the one
        setting that changes during play); with ``epoch``, only while its lease has that
        epoch (a process that lost the table changes nothing). Raises
        :class:`StorageError` if the database refuses it."""
        text = json.dumps(spec.to_dict(), sort_keys=True)
        fence, params = (
            ("", (text, table_id)) if epoch is None else (" AND epoch = ?", (text, table_id, epoch))
        )
        with self._writing():
            self._execute("UPDATE tables SET spec = ? WHERE id = ?" + fence, params)

    def save_clocks(self, rows: Sequence[tuple[str, str, int | None]]) -> None:
        """Store tables' clocks: rows of (JSON text, table id, lease epoch), each written
        only while its lease has that epoch (``None``: any), in one transaction. Raises
        :class:`StorageError` if the database refuses it."""
        rows = sorted(rows, key=lambda r: r[1])  # (rows locked in one order: by table id)
        fenced = [r for r in rows if r[2] is not None]
        free = [(r[0], r[1]) for r in rows if r[2] is None]
        with self._writing(), self._atomic():
            if fenced:
                self._executemany("UPDATE tables SET clock = ? WHERE id = ? AND epoch = ?", fenced)
            if free:
                self._executemany("UPDATE tables SET clock = ? WHERE id = ?", free)

    def mark_finished(self, table_id: str, when: float | None = None) -> None:
        """Record that the table's match is over (at ``when``, default now), unless it is
        recorded already; its lease ends with it. Raises :class:`StorageError` if the
        database refuses it."""
        with self._writing():
            self._execute(
                "UPDATE tables SET finished = ?, owner = NULL WHERE id = ? AND finished IS NULL",
                (time.time() if when is None else when, table_id),
            )

    def prune(self, days: float, now: float | None = None) -> list[str]:
        """Delete every table whose match ended more than ``days`` days ago (and its tokens
        and actions), in one transaction; returns their ids. Tables still played, and
        tables a server has not yet seen end, are kept; so are a room's, until the room has
        ended and its number rested (:data:`~.roomstore.NUMBER_REST`), and then the room
        goes with them. ``days`` must be 0 or more."""
        if isinstance(days, bool) or not isinstance(days, (int, float)) or not days >= 0:
            raise InvalidArgumentError(f"days must be a number 0 or more, got {days!r}")
        now = time.time() if now is None else now
        cutoff = now - days * 86_400
        # A room's tables go only once the room has ended, and its number has rested
        # (NUMBER_REST): its record is reachable as long as its number finds it.
        rooms_cutoff = min(cutoff, now - NUMBER_REST)
        with self._writing(), self._atomic():
            ids = [
                row[0]
                for row in self._execute(
                    "SELECT id FROM tables WHERE finished IS NOT NULL AND finished < ? "
                    "AND (room IS NULL OR room IN (SELECT id FROM rooms "
                    "WHERE ended IS NOT NULL AND ended < ?))",
                    (cutoff, rooms_cutoff),
                )
            ]
            for statement in (
                "DELETE FROM actions WHERE table_id = ?",
                "DELETE FROM tokens WHERE table_id = ?",
                "DELETE FROM tables WHERE id = ?",
            ):
                self._executemany(statement, [(i,) for i in ids])
            # A room goes with its tables once it has ended and none of them is kept.
            gone = "ended < ? AND NOT EXISTS (SELECT 1 FROM tables WHERE room = rooms.id)"
            self._execute(
                f"DELETE FROM players WHERE room_id IN (SELECT id FROM rooms WHERE {gone})",
                (rooms_cutoff,),
            )
            self._execute(f"DELETE FROM rooms WHERE {gone}", (rooms_cutoff,))
        return ids

    def index(self) -> list[tuple[str, bool]]:
        """Every stored table's id, oldest first, and whether its match is recorded as over
        (:meth:`mark_finished`)."""
        return [
            (r[0], r[1] is not None)
            for r in self._execute("SELECT id, finished FROM tables ORDER BY created, id")
        ]

    def listing(self) -> list[tuple[str, str, bool]]:
        """Every stored table's id, spec (JSON text) and whether its match is recorded as
        over, oldest first (what ``GET /tables`` lists of tables other processes play)."""
        return [
            (str(r[0]), str(r[1]), r[2] is not None)
            for r in self._execute("SELECT id, spec, finished FROM tables ORDER BY created, id")
        ]

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table, oldest first, with its actions in order."""
        rows = self._execute(
            "SELECT id, spec, room, waiting, clock FROM tables ORDER BY created, id"
        )
        for table_id, spec_text, room, waiting, clock in rows:
            yield self._load(table_id, spec_text, room, waiting, clock)

    def spec_text(self, table_id: str) -> str:
        """The stored table's spec, as stored (JSON text); it must exist."""
        return self._table_row(table_id)[0]

    def table(self, table_id: str) -> StoredTable:
        """One stored table (it must exist)."""
        return self._load(table_id, *self._table_row(table_id))

    def credentials(self, table_id: str) -> tuple[bool, SeatTokens]:
        """Whether the stored table ``table_id`` is private, and its seats' and watch
        token's digests, bound to its room if it has one, without its actions (it must
        exist). A spec that cannot be read counts as private."""
        spec_text, room, _, _ = self._table_row(table_id)
        try:
            private = bool(json.loads(spec_text).get("private", False))
        except (ValueError, AttributeError):
            private = True
        d = self._digests(table_id)
        return private, SeatTokens(table_id if room is None else room, d[:4], d[4])

    def finished(self, table_id: str) -> bool:
        """Whether the stored table ``table_id`` is recorded finished (its match over, or
        its room closed); ``False`` for an unknown one."""
        rows = self._execute("SELECT finished FROM tables WHERE id = ?", (table_id,))
        return bool(rows) and rows[0][0] is not None

    def _digests(self, table_id: str) -> list[bytes | None]:
        """The table's token digests: seats 0–3, then the watch token (``None`` if none)."""
        digests: list[bytes | None] = [None, None, None, None, None]
        for seat, digest in self._execute(
            "SELECT seat, digest FROM tokens WHERE table_id = ?", (table_id,)
        ):
            digests[seat] = bytes(digest)
        return digests

    def _table_row(self, table_id: str) -> tuple[str, str | None, bool, str | None]:
        """The table's spec (JSON text), its room's id (``None``: no room's), whether it
        waits for the room's players, and its stored clocks; raises
        :class:`TableNotFoundError`."""
        rows = self._execute(
            "SELECT spec, room, waiting, clock FROM tables WHERE id = ?", (table_id,)
        )
        if not rows:
            raise TableNotFoundError(f"no table {table_id!r} in {self.path}")
        spec_text, room, waiting, clock = rows[0]
        return (
            str(spec_text),
            None if room is None else str(room),
            bool(waiting),
            None if clock is None else str(clock),
        )

    def _load(
        self,
        table_id: str,
        spec_text: str,
        room: str | None,
        waiting: bool,
        clock: str | None = None,
    ) -> StoredTable:
        """The table's rows read back (its spec's text, its room, whether it waits and its
        clocks given);
        raises :class:`TableUnavailableError` if its spec or an action code cannot be read
        (a row edited or corrupted)."""
        digests = self._digests(table_id)
        try:
            spec = TableSpec.from_dict(json.loads(spec_text))
        except (KoudiandianError, ValueError, TypeError, KeyError, AttributeError) as e:
            raise TableUnavailableError(f"table {table_id!r}: its stored spec is bad: {e}") from e
        actions: list[tuple[int, Action | VoteAct]] = []
        for n, seat, code in self._execute(
            "SELECT n, seat, action FROM actions WHERE table_id = ? ORDER BY n", (table_id,)
        ):
            try:
                actions.append((seat, vote_from_code(code) if code < 0 else action_from_code(code)))
            except (KeyError, TypeError):
                raise TableUnavailableError(
                    f"table {table_id!r}: stored action {n} has no action code {code!r}"
                ) from None
        return StoredTable(
            table_id,
            spec,
            (digests[0], digests[1], digests[2], digests[3]),
            actions,
            digests[4],
            None if room is None else str(room),
            bool(waiting),
            clock,
        )

    # -- server processes and leases ---------------------------------------------------------

    def now(self) -> float:
        """The database's clock (seconds since the epoch): the one every lease is kept by,
        whichever machine its process runs on."""
        return float(self._execute(f"SELECT {self._NOW}")[0][0])

    def register(self, server: str, url: str) -> None:
        """Name the server process ``server`` and its public URL ``url`` (a heartbeat)."""
        with self._writing():
            self._execute(
                "INSERT INTO servers (id, url, heartbeat) "
                f"VALUES (?, ?, {self._NOW}) "
                f"ON CONFLICT (id) DO UPDATE SET url = excluded.url, heartbeat = {self._NOW}",
                (server, url),
            )

    def leave(self, server: str) -> None:
        """The process ``server`` stops: its leases end now (another process may take its
        tables at once) and it is no longer live."""
        with self._writing(), self._atomic():
            self._execute(
                f"UPDATE tables SET expires = {self._NOW} - 1 WHERE owner = ? AND finished IS NULL",
                (server,),
            )
            self._execute("UPDATE servers SET heartbeat = 0 WHERE id = ?", (server,))

    def renew(self, server: str, lease: float) -> dict[str, int]:
        """The process ``server`` is alive: its heartbeat, and every lease it still holds
        (its unfinished tables) extended ``lease`` seconds; returns them, id → epoch. A
        table missing from the answer is no longer the process's."""
        with self._writing(), self._atomic():
            self._execute(f"UPDATE servers SET heartbeat = {self._NOW} WHERE id = ?", (server,))
            rows = self._execute(
                f"UPDATE tables SET expires = {self._NOW} + ? "
                "WHERE owner = ? AND finished IS NULL RETURNING id, epoch",
                (lease, server),
            )
        return {str(r[0]): int(r[1]) for r in rows}

    def claim(self, table_id: str, server: str, lease: float) -> int | None:
        """Take table ``table_id``'s lease for ``server`` for ``lease`` seconds, if it is
        being played and its lease has ended, or names ``server`` (a restarted process takes
        its own tables back), or names no one; returns the new epoch (one more than the
        last: the previous holder's commits are refused from now on), or ``None``."""
        with self._writing():
            rows = self._execute(
                f"UPDATE tables SET owner = ?, epoch = epoch + 1, expires = {self._NOW} + ? "
                "WHERE id = ? AND finished IS NULL "
                f"AND (owner IS NULL OR owner = ? OR expires < {self._NOW}) RETURNING epoch",
                (server, lease, table_id, server),
            )
        return int(rows[0][0]) if rows else None

    def owned(self, server: str) -> list[str]:
        """The unfinished tables whose lease names ``server``, oldest first."""
        return [
            str(r[0])
            for r in self._execute(
                "SELECT id FROM tables WHERE owner = ? AND finished IS NULL ORDER BY created, id",
                (server,),
            )
        ]

    def orphans(self) -> list[str]:
        """The unfinished tables whose lease has ended (their process died or left), oldest
        first."""
        return [
            str(r[0])
            for r in self._execute(
                "SELECT id FROM tables WHERE finished IS NULL "
                f"AND (owner IS NULL OR expires < {self._NOW}) ORDER BY created, id"
            )
        ]

    def owner(self, table_id: str) -> Owner | None:
        """Who plays table ``table_id``: ``None`` if no process holds it (it is finished, or
        unknown, or its lease names no process)."""
        rows = self._execute(
            f"SELECT t.owner, s.url, t.expires >= {self._NOW} FROM tables t "
            "JOIN servers s ON s.id = t.owner WHERE t.id = ? AND t.finished IS NULL",
            (table_id,),
        )
        if not rows:
            return None
        return Owner(str(rows[0][0]), str(rows[0][1]), bool(rows[0][2]))

    def servers(self, lease: float) -> list[tuple[str, str, int]]:
        """The live server processes (a heartbeat within ``lease`` seconds): id, public
        URL, and how many unfinished tables each holds; least loaded first."""
        return [
            (str(r[0]), str(r[1]), int(r[2]))
            for r in self._execute(
                "SELECT s.id, s.url, COUNT(t.id) FROM servers s "
                "LEFT JOIN tables t ON t.owner = s.id AND t.finished IS NULL "
                f"WHERE s.heartbeat >= {self._NOW} - ? GROUP BY s.id, s.url "
                "ORDER BY COUNT(t.id), s.id",
                (lease,),
            )
        ]

    def _fence_refused(self, table_id: str, epoch: int) -> LeaseLostError:
        return LeaseLostError(
            f"table {table_id!r}: this process no longer holds its lease (epoch {epoch}); "
            "another process took it over"
        )
