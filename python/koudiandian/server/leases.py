"""Which server process plays each table: the leases (an owner, an epoch, an end), the
processes' heartbeats and URLs, and the takeover of a table whose lease ended
(docs/server.md, "Several processes"); queries :class:`~.store.Store` takes on."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import LeaseLostError
from .statements import Statements

__all__ = ["Owner", "LeaseRows"]


@dataclass(frozen=True, slots=True)
class Owner:
    """The server process a table's lease names: its id, its public URL, and whether it is
    live (its lease on the table has not expired)."""

    server: str
    url: str
    live: bool


class LeaseRows(Statements):
    """The leases' statements, which :class:`~.store.Store` takes on (its backends give
    ``_execute``, ``_atomic``, ``_writing`` and ``_NOW``, the database's clock)."""

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
