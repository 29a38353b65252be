"""The server's SQLite database: tables, seat-token digests and every accepted action.

A table is its spec plus the decisions taken at it, in order; the server rebuilds it by
replaying those decisions through a fresh :class:`~koudiandian.Match` (the engine deals the
same hands from the spec's seed and logs the same events). The database runs in WAL mode;
each action is its own transaction, committed before the server broadcasts its events, so a
crash (even ``kill -9``) loses no action that any client has seen. ``synchronous=NORMAL``
keeps a committed transaction through a crash of the process; ``durable=True`` (FULL)
also through a crash of the machine, at the price of an fsync per action.
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
from ..errors import TableNotFoundError
from .spec import TableSpec

__all__ = ["Store", "StoredTable"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    created REAL NOT NULL
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
        self._db.executescript(_SCHEMA)
        self._rows: list[tuple[str, int, int, int]] | None = None  # inside a transaction

    @property
    def journal_mode(self) -> str:
        """SQLite's journal mode in force: ``"wal"``, or ``"memory"`` for ``":memory:"``."""
        return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    def add_table(self, table_id: str, spec: TableSpec, digests: dict[int, bytes]) -> None:
        """Store a new table and its seats' token digests, in one transaction."""
        with self._db:  # one transaction (sqlite3 commits it, or rolls it back)
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO tables (id, spec, created) VALUES (?, ?, ?)",
                (table_id, json.dumps(spec.to_dict(), sort_keys=True), time.time()),
            )
            self._db.executemany(
                "INSERT INTO tokens (table_id, seat, digest) VALUES (?, ?, ?)",
                [(table_id, seat, d) for seat, d in sorted(digests.items())],
            )

    def add_action(self, table_id: str, n: int, seat: int, action: Action) -> None:
        """Store action number ``n`` of the table (numbered from 0 across the match):
        committed at once, or with the enclosing :meth:`transaction`."""
        row = (table_id, n, seat, action.code)
        if self._rows is not None:
            self._rows.append(row)
        else:
            self._db.execute(_INSERT_ACTION, row)

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table, oldest first, with its actions in order."""
        rows = self._db.execute("SELECT id, spec FROM tables ORDER BY created, id").fetchall()
        for table_id, spec_text in rows:
            yield self._load(table_id, spec_text)

    def table(self, table_id: str) -> StoredTable:
        """One stored table (it must exist)."""
        row = self._db.execute("SELECT spec FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise TableNotFoundError(f"no table {table_id!r} in {self.path}")
        return self._load(table_id, row[0])

    def _load(self, table_id: str, spec_text: str) -> StoredTable:
        digests: list[bytes | None] = [None, None, None, None, None]  # seats 0-3, watch
        for seat, digest in self._db.execute(
            "SELECT seat, digest FROM tokens WHERE table_id = ?", (table_id,)
        ):
            digests[seat] = bytes(digest)
        actions = [
            (seat, action_from_code(code))
            for seat, code in self._db.execute(
                "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY n", (table_id,)
            )
        ]
        return StoredTable(
            table_id,
            TableSpec.from_dict(json.loads(spec_text)),
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
        the block ends; nothing is written if it raises (or if the commit fails)."""
        if self._rows is not None:
            raise RuntimeError("transactions do not nest")
        self._rows = []
        try:
            yield
            rows = self._rows
        finally:
            self._rows = None
        self._db.execute("BEGIN")
        try:
            self._db.executemany(_INSERT_ACTION, rows)
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
