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
the one its argument names (each backend registers itself; the package imports both). This
module holds what both share: the writes, and the interface a backend gives; the tables read
back are :mod:`.tablerows`', the leases' statements :mod:`.leases`', the rooms'
:mod:`.roomstore`'s.

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
from pathlib import Path
from typing import Any, ClassVar, Self

from ..action import Action
from ..errors import (
    InvalidArgumentError,
    StorageError,
)
from .dismissal import VoteAct
from .leases import LeaseRows
from .roomstore import NUMBER_REST, RoomRows
from .spec import TableSpec
from .tablerows import TableRows
from .verdictact import VerdictAct

__all__ = [
    "Store",
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


class Store(RoomRows, TableRows, LeaseRows):
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

    #: The backends, each registered as its class is defined (:meth:`__init_subclass__`):
    #: the package imports both (``server/__init__.py``), so a ``Store(db)`` finds them.
    _backends: ClassVar[list[type[Store]]] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_opens" in cls.__dict__:  # a backend (not a subclass of one, as tests make)
            Store._backends.append(cls)

    @classmethod
    def _opens(cls, db: object) -> bool:
        """Whether this backend opens ``db`` (a path or a URL)."""
        return False

    def __new__(cls, db: str | Path = ":memory:", *, durable: bool = False) -> Store:
        if cls is Store:
            backend = next((b for b in Store._backends if b._opens(db)), None)
            if backend is None:  # pragma: no cover - the package registers both
                raise InvalidArgumentError(f"no database backend opens {db!r}")
            cls = backend
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

    def add_action(
        self, table_id: str, n: int, seat: int, action: Action | VoteAct | VerdictAct
    ) -> None:
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
