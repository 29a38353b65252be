"""The SQLite backend of :class:`~.store.Store`: the embedded default (one file, no set-up).

The database runs in WAL mode; ``synchronous=NORMAL`` keeps a committed transaction through
a crash of the process, ``durable=True`` (FULL) also through a crash of the machine, at the
price of an fsync per commit. The schema's version is SQLite's ``user_version``. Several
processes may share one file on one machine (SQLite locks it); the leases work as on
PostgreSQL.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .roomstore import room_schema
from .store import CLOCK_SCHEMA, SCHEMA_VERSION, ActionRow, GroupRows, Store, is_postgres_url

__all__ = ["SQLiteStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL,  -- when its match ended (schema 1), NULL while it is played
    owner TEXT,  -- the server process holding its lease (schema 2)
    epoch INTEGER NOT NULL DEFAULT 0,  -- raised by every takeover: the fence
    expires REAL NOT NULL DEFAULT 0  -- when the lease ends unless renewed
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
CREATE TABLE IF NOT EXISTS servers (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    heartbeat REAL NOT NULL
);
"""
# What brings a database of version v - 1 to version v.
_MIGRATIONS = {
    1: ["ALTER TABLE tables ADD COLUMN finished REAL"],
    2: [
        "ALTER TABLE tables ADD COLUMN owner TEXT",
        "ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE tables ADD COLUMN expires REAL NOT NULL DEFAULT 0",
        "CREATE TABLE servers (id TEXT PRIMARY KEY, url TEXT NOT NULL, heartbeat REAL NOT NULL)",
    ],
    3: room_schema("REAL", "BLOB"),
    4: CLOCK_SCHEMA,
}
_INSERT_ACTION = "INSERT INTO actions (table_id, n, seat, action) VALUES (?, ?, ?, ?)"


class SQLiteStore(Store):
    """The SQLite database at ``path`` (created if missing; ``":memory:"`` for none on disk)."""

    @classmethod
    def _opens(cls, db: object) -> bool:
        return not is_postgres_url(db)

    _NOW = "((julianday('now') - 2440587.5) * 86400.0)"
    _errors = (sqlite3.Error,)

    def __init__(self, path: str | Path = ":memory:", *, durable: bool = False) -> None:
        self.path = str(path)
        self._rows: list[ActionRow] | None = None  # a transaction's, inside one
        # Autocommit: every statement outside an explicit transaction commits at once.
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")  # another process's write, on one file
        try:
            self._migrate()
        except BaseException:  # a schema refused (newer), or not created: nothing kept open
            self._db.close()
            raise

    def _migrate(self) -> None:
        """Create the schema, or bring an older one up to :data:`SCHEMA_VERSION`."""
        version = self.schema_version
        self._refuse_newer(version)
        if version == SCHEMA_VERSION:
            return
        fresh = (
            self._db.execute("SELECT 1 FROM sqlite_master WHERE name = 'tables'").fetchone() is None
        )
        with self._writing(), self._atomic():
            if fresh:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                for statement in [*_MIGRATIONS[3], *_MIGRATIONS[4]]:  # added to schema 2's
                    self._db.execute(statement)
            else:
                for v in range(version + 1, SCHEMA_VERSION + 1):
                    for statement in _MIGRATIONS[v]:
                        self._db.execute(statement)
                self._upgraded(version)
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    @property
    def schema_version(self) -> int:
        """The database's schema version (``PRAGMA user_version``; 0 for 924b10f's)."""
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    @property
    def journal_mode(self) -> str:
        """SQLite's journal mode in force: ``"wal"``, or ``"memory"`` for ``":memory:"``."""
        return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self._db.execute(sql, params).fetchall()

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._db.executemany(sql, rows)

    @contextlib.contextmanager
    def _atomic(self) -> Iterator[None]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; rolled back if the block raises (SQLite has
        already rolled back a transaction that a full disk ended)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise

    def _commit_group(self, group: GroupRows) -> set[str]:
        lost: set[str] = set()
        with self._atomic():
            fenced = {table_id: epoch for table_id, epoch, _ in group if epoch is not None}
            if fenced:
                marks = ",".join("?" * len(fenced))
                held = dict(
                    self._db.execute(
                        f"SELECT id, epoch FROM tables WHERE id IN ({marks})", list(fenced)
                    ).fetchall()
                )
                lost = {t for t, epoch in fenced.items() if held.get(t) != epoch}
            self._db.executemany(
                _INSERT_ACTION, [r for t, _, rows in group if t not in lost for r in rows]
            )
        return lost

    def close(self) -> None:
        """Close the database; the store is not to be used after."""
        self._db.close()
