"""The server's SQLite database: tables, seat-token digests and every accepted action.

A table is its spec plus the decisions taken at it, in order; the server rebuilds it by
replaying those decisions through a fresh :class:`~koudiandian.Match` (the engine deals the
same hands from the spec's seed and logs the same events). The database runs in WAL mode;
each action is its own transaction, committed before the server broadcasts its events, so a
crash (even ``kill -9``) loses no action that any client has seen. ``synchronous=NORMAL``
keeps a committed transaction through a crash of the process; ``durable=True`` (FULL)
also through a crash of the machine, at the price of an fsync per action.

A write the database refuses (a full disk, an I/O error) raises :class:`StorageError` and
leaves the database as it was. The schema's version is SQLite's ``user_version``: 0 is the
schema of the first server (924b10f), 1 adds each table's ``finished`` time (set once its
match is over, for :meth:`Store.prune`); an older database is brought up to date when opened.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..action import Action, action_from_code
from ..errors import (
    InvalidArgumentError,
    KoudiandianError,
    StorageError,
    TableNotFoundError,
    TableUnavailableError,
)
from .spec import TableSpec

__all__ = ["Store", "StoredTable", "SCHEMA_VERSION"]

#: The version of the schema this code writes (``PRAGMA user_version``).
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL  -- when its match ended (schema 1), NULL while it is played
);
CREATE TABLE IF NOT EXISTS tokens (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    digest BLOB NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action INTEGER NOT NULL,  -- Action.code: kind * 34 + tile
    PRIMARY KEY (table_id, n)
);
"""
# What brings a database of version v - 1 to version v.
_MIGRATIONS = {1: "ALTER TABLE tables ADD COLUMN finished REAL"}


_INSERT_ACTION = "INSERT INTO actions (table_id, n, seat, action) VALUES (?, ?, ?, ?)"


@dataclass(frozen=True, slots=True)
class StoredTable:
    """One table as the database holds it."""

    id: str
    spec: TableSpec
    digests: tuple[bytes | None, bytes | None, bytes | None, bytes | None]
    actions: list[tuple[int, Action]]
    watch: bytes | None = None  # a private table's watch-token digest (stored as seat 4)


class Store:
    """The database at ``path`` (created if missing; ``":memory:"`` for none on disk)."""

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = str(path)
        # Autocommit: every statement outside an explicit transaction commits at once.
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()
        self._rows: list[tuple[str, int, int, int]] | None = None  # inside a transaction

    def _migrate(self) -> None:
        """Create the schema, or bring an older one up to :data:`SCHEMA_VERSION`."""
        version = self.schema_version
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{self.path} has schema version {version}; this server reads up to "
                f"{SCHEMA_VERSION} (a newer koudiandian wrote it)"
            )
        if version == SCHEMA_VERSION:
            return
        fresh = (
            self._db.execute("SELECT 1 FROM sqlite_master WHERE name = 'tables'").fetchone() is None
        )
        with self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            if fresh:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
            else:
                for v in range(version + 1, SCHEMA_VERSION + 1):
                    self._db.execute(_MIGRATIONS[v])
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            self._db.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        """The database's schema version (``PRAGMA user_version``; 0 for 924b10f's)."""
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Turn a refused write into :class:`StorageError`, rolling back what is open (SQLite
        has already rolled back a transaction that a full disk ended)."""
        try:
            yield
        except sqlite3.Error as e:
            if self._db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise StorageError(f"the database {self.path} refused a write: {e}") from e

    @property
    def journal_mode(self) -> str:
        """SQLite's journal mode in force: ``"wal"``, or ``"memory"`` for ``":memory:"``."""
        return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    def add_table(self, table_id: str, spec: TableSpec, digests: dict[int, bytes]) -> None:
        """Store a new table and its seats' token digests, in one transaction; raises
        :class:`StorageError` (storing nothing) if the database refuses it."""
        with self._writing():
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO tables (id, spec, created) VALUES (?, ?, ?)",
                (table_id, json.dumps(spec.to_dict(), sort_keys=True), time.time()),
            )
            self._db.executemany(
                "INSERT INTO tokens (table_id, seat, digest) VALUES (?, ?, ?)",
                [(table_id, seat, d) for seat, d in sorted(digests.items())],
            )
            self._db.execute("COMMIT")

    def add_action(self, table_id: str, n: int, seat: int, action: Action) -> None:
        """Store action number ``n`` of the table (numbered from 0 across the match):
        committed at once, or with the enclosing :meth:`transaction`; raises
        :class:`StorageError` if the database refuses it."""
        row = (table_id, n, seat, action.code)
        if self._rows is not None:
            self._rows.append(row)
        else:
            with self._writing():
                self._db.execute(_INSERT_ACTION, row)

    def mark_finished(self, table_id: str, when: float | None = None) -> None:
        """Record that the table's match is over (at ``when``, default now), unless it is
        recorded already; raises :class:`StorageError` if the database refuses it."""
        with self._writing():
            self._db.execute(
                "UPDATE tables SET finished = ? WHERE id = ? AND finished IS NULL",
                (time.time() if when is None else when, table_id),
            )

    def prune(self, days: float, now: float | None = None) -> list[str]:
        """Delete every table whose match ended more than ``days`` days ago (and its tokens
        and actions), in one transaction; returns their ids. Tables still played, and
        tables a server has not yet seen end, are kept. ``days`` must be 0 or more."""
        if isinstance(days, bool) or not isinstance(days, (int, float)) or not days >= 0:
            raise InvalidArgumentError(f"days must be a number 0 or more, got {days!r}")
        cutoff = (time.time() if now is None else now) - days * 86_400
        with self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            ids = [
                row[0]
                for row in self._db.execute(
                    "SELECT id FROM tables WHERE finished IS NOT NULL AND finished < ?",
                    (cutoff,),
                )
            ]
            for statement in (
                "DELETE FROM actions WHERE table_id = ?",
                "DELETE FROM tokens WHERE table_id = ?",
                "DELETE FROM tables WHERE id = ?",
            ):
                self._db.executemany(statement, [(i,) for i in ids])
            self._db.execute("COMMIT")
        return ids

    def index(self) -> list[tuple[str, bool]]:
        """Every stored table's id, oldest first, and whether its match is recorded as over
        (:meth:`mark_finished`)."""
        return [
            (r[0], r[1] is not None)
            for r in self._db.execute("SELECT id, finished FROM tables ORDER BY created, id")
        ]

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table, oldest first, with its actions in order."""
        rows = self._db.execute("SELECT id, spec FROM tables ORDER BY created, id").fetchall()
        for table_id, spec_text in rows:
            yield self._load(table_id, spec_text)

    def spec_text(self, table_id: str) -> str:
        """The stored table's spec, as stored (JSON text); it must exist."""
        row = self._db.execute("SELECT spec FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise TableNotFoundError(f"no table {table_id!r} in {self.path}")
        return str(row[0])

    def table(self, table_id: str) -> StoredTable:
        """One stored table (it must exist)."""
        row = self._db.execute("SELECT spec FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise TableNotFoundError(f"no table {table_id!r} in {self.path}")
        return self._load(table_id, row[0])

    def _load(self, table_id: str, spec_text: str) -> StoredTable:
        """The table's rows read back; raises :class:`TableUnavailableError` if its spec or
        an action code cannot be read (a row edited or corrupted)."""
        digests: list[bytes | None] = [None, None, None, None, None]  # seats 0-3, watch
        for seat, digest in self._db.execute(
            "SELECT seat, digest FROM tokens WHERE table_id = ?", (table_id,)
        ):
            digests[seat] = bytes(digest)
        try:
            spec = TableSpec.from_dict(json.loads(spec_text))
        except (KoudiandianError, ValueError, TypeError, KeyError, AttributeError) as e:
            raise TableUnavailableError(f"table {table_id!r}: its stored spec is bad: {e}") from e
        actions = []
        for n, seat, code in self._db.execute(
            "SELECT n, seat, action FROM actions WHERE table_id = ? ORDER BY n", (table_id,)
        ):
            try:
                actions.append((seat, action_from_code(code)))
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
        )

    def close(self) -> None:
        """Close the database; the store is not to be used after."""
        self._db.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction: the actions added inside are written and committed together when
        the block ends; nothing is written if it raises, or if the database refuses the
        commit (:class:`StorageError`)."""
        if self._rows is not None:
            raise RuntimeError("transactions do not nest")
        self._rows = []
        try:
            yield
            rows = self._rows
        finally:
            self._rows = None
        with self._writing():
            self._db.execute("BEGIN")
            self._db.executemany(_INSERT_ACTION, rows)
            self._db.execute("COMMIT")
