"""The PostgreSQL backend of :class:`~.store.Store`: one database that several server
processes share (docs/server.md, "Several processes").

It needs psycopg 3 (in the ``[server]`` extra). The connection runs in autocommit mode; a
commit of actions is one statement that inserts them only while the table's lease still has
the process's epoch (the fence: it locks the table's row ``FOR SHARE``, so a takeover, which
updates that row, waits for a commit in flight and the commit after it finds the new epoch).
The schema's version is kept in the table ``schema_version``; the schema is created, or
upgraded, at start, under an advisory lock, so that processes starting together do it once.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import InvalidArgumentError, StorageError
from .roomstore import room_schema
from .store import CLOCK_SCHEMA, SCHEMA_VERSION, ActionRow, GroupRows, Store, is_postgres_url

__all__ = ["PostgresStore"]

if TYPE_CHECKING:
    import psycopg
else:
    psycopg = None  # imported by the first store opened (not by every server import)

_SCHEMA = [
    """CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        spec TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        finished DOUBLE PRECISION,
        owner TEXT,
        epoch BIGINT NOT NULL DEFAULT 0,
        expires DOUBLE PRECISION NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX tables_owner ON tables (owner) WHERE finished IS NULL",
    """CREATE TABLE tokens (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        digest BYTEA NOT NULL,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action INTEGER NOT NULL,
        PRIMARY KEY (table_id, n)
    )""",
    """CREATE TABLE servers (
        id TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        heartbeat DOUBLE PRECISION NOT NULL
    )""",
]
# What brings a database of version v - 1 to version v (PostgreSQL stores began at 2).
_MIGRATIONS: dict[int, list[str]] = {
    3: room_schema("DOUBLE PRECISION", "BYTEA"),
    4: CLOCK_SCHEMA,
}
# One key for the schema's advisory lock (any fixed number: 'kdd' 's' 'c' 'h').
_SCHEMA_LOCK = 0x6B64647363
# A group commit in one statement: each table's rows are inserted only if its lease has the
# epoch given for it (NULL: any); the tables whose rows went in are returned.
_COMMIT_GROUP = """
WITH fence AS (
    SELECT t.id FROM tables t
    JOIN unnest(%s::text[], %s::bigint[]) AS f(id, epoch) ON t.id = f.id
    WHERE f.epoch IS NULL OR t.epoch = f.epoch
    ORDER BY t.id
    FOR SHARE OF t
)
INSERT INTO actions (table_id, n, seat, action)
SELECT v.t, v.n, v.seat, v.action
FROM unnest(%s::text[], %s::int[], %s::int[], %s::int[]) AS v(t, n, seat, action)
WHERE v.t IN (SELECT id FROM fence)
RETURNING table_id
"""


# How often a group commit the database aborted to break a deadlock is tried again (the
# rows are locked in one order, by table id, as every multi-row write of the server locks
# them: only a writer outside the server, or another order, can still make one).
_DEADLOCK_RETRIES = 3


def _sql(statement: str) -> str:
    """A statement written with ``?`` parameters, in psycopg's ``%s``."""
    return statement.replace("?", "%s")


class PostgresStore(Store):
    """The PostgreSQL database at ``url`` (``postgresql://USER@HOST:PORT/DB``, any libpq
    connection URL: a Unix socket as ``?host=/path``, a schema as ``?options=-csearch_path%3DS``).
    The database must exist; the schema is created in it, or upgraded, when opened."""

    @classmethod
    def _opens(cls, db: object) -> bool:
        return is_postgres_url(db)

    _NOW = "extract(epoch from clock_timestamp())::double precision"
    commits_off_loop = True

    def __init__(self, url: str, *, durable: bool = False) -> None:
        global psycopg
        if psycopg is None:
            try:
                import psycopg
            except ImportError:  # pragma: no cover - psycopg is in the [server] extra
                raise InvalidArgumentError(
                    'a PostgreSQL database needs psycopg 3: pip install "koudiandian[server]"'
                ) from None
        self.path = re.sub(r"//[^@/]*@", "//", url)  # no password in any message
        self._url = url
        self._errors = (psycopg.Error,)
        self._rows: list[ActionRow] | None = None
        self._local = threading.local()  # the writer thread's mark, each thread's block
        self._writer: psycopg.Connection[tuple[Any, ...]] | None = None
        self._db = self._connect()
        try:
            self._migrate()
        except BaseException:  # a schema refused (newer), or not created: no connection kept
            self._db.close()
            raise

    def _connect(self) -> psycopg.Connection[tuple[Any, ...]]:
        try:
            return psycopg.connect(self._url, autocommit=True, connect_timeout=10)
        except psycopg.Error as e:
            raise StorageError(f"cannot open the database {self.path}: {e}") from None

    def on_writer_thread(self) -> None:
        """This thread is the writer thread: it uses a connection of its own."""
        self._local.writer = True

    def _live(self) -> psycopg.Connection[tuple[Any, ...]]:
        """The connection (the writer thread's own on it, :meth:`on_writer_thread`), opened
        again if the last one broke (the database restarted): what was in flight then was
        refused (:class:`StorageError`), what follows is not."""
        if getattr(self._local, "writer", False):
            return self._writer_connection()
        if self._db.broken or self._db.closed:
            old, self._db = self._db, self._connect()
            old.close()  # a broken connection still holds its socket until closed
        return self._db

    def _migrate(self) -> None:
        """Create the schema, or bring an older one up to :data:`SCHEMA_VERSION`, holding
        an advisory lock (processes starting together wait for the first)."""
        with self._writing(), self._atomic():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            exists = self._db.execute("SELECT to_regclass('schema_version')").fetchone()
            if exists is None or exists[0] is None:
                # schema 2's tables, then what each later version added
                for statement in [*_SCHEMA, *_MIGRATIONS[3], *_MIGRATIONS[4]]:
                    self._db.execute(statement)
                self._db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                self._db.execute("INSERT INTO schema_version VALUES (%s)", (SCHEMA_VERSION,))
                return
            version = self.schema_version
            self._refuse_newer(version)
            for v in range(version + 1, SCHEMA_VERSION + 1):
                for statement in _MIGRATIONS[v]:
                    self._db.execute(statement)
            if version < SCHEMA_VERSION:
                self._upgraded(version)
            self._db.execute("UPDATE schema_version SET version = %s", (SCHEMA_VERSION,))

    @property
    def schema_version(self) -> int:
        """The database's schema version (the table ``schema_version``)."""
        row = self._db.execute("SELECT version FROM schema_version").fetchone()
        return 0 if row is None else int(row[0])

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        cur = self._live().execute(_sql(sql), params)
        return cur.fetchall() if cur.description is not None else []

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            with self._live().cursor() as cur:
                cur.executemany(_sql(sql), rows)

    @contextlib.contextmanager
    def _atomic(self) -> Iterator[None]:
        """One transaction around the block (rolled back if it raises)."""
        if getattr(self._local, "in_block", False):
            raise RuntimeError("transactions do not nest")
        self._local.in_block = True
        try:
            with self._live().transaction():
                yield
        finally:
            self._local.in_block = False

    def _commit_group(self, group: GroupRows) -> set[str]:
        rows = [r for _, _, table_rows in group for r in table_rows]
        params = (
            [t for t, _, _ in group],
            [epoch for _, epoch, _ in group],
            [r[0] for r in rows],
            [r[1] for r in rows],
            [r[2] for r in rows],
            [r[3] for r in rows],
        )
        for attempt in range(_DEADLOCK_RETRIES):
            try:
                written = {r[0] for r in self._live().execute(_COMMIT_GROUP, params).fetchall()}
                break
            except psycopg.errors.DeadlockDetected:  # another writer's rows, in its order
                if attempt + 1 == _DEADLOCK_RETRIES:
                    raise
        return {t for t, _, table_rows in group if table_rows and t not in written}

    def _writer_connection(self) -> psycopg.Connection[tuple[Any, ...]]:
        """The writer thread's connection, opened on first use and again if the last one
        broke."""
        db = self._writer
        if db is None or db.broken or db.closed:
            if db is not None:
                db.close()
            db = self._writer = self._connect()
        return db

    def close(self) -> None:
        """Close the connections; the store is not to be used after."""
        if self._writer is not None:
            self._writer.close()
        self._db.close()
