"""A stored table read back: its spec, its token digests, its actions in order, its room
and its clocks (:class:`StoredTable`), and the queries that list and read tables, which
:class:`~.store.Store` takes on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from ..action import Action, action_from_code
from ..errors import KoudiandianError, TableNotFoundError, TableUnavailableError
from .auth import SeatTokens
from .dismissal import VoteAct, vote_from_code
from .spec import TableSpec
from .statements import Statements
from .verdictact import VerdictAct, verdict_from_code

__all__ = ["StoredTable", "TableRows"]


@dataclass(frozen=True, slots=True)
class StoredTable:
    """One table as the database holds it."""

    id: str
    spec: TableSpec
    digests: tuple[bytes | None, bytes | None, bytes | None, bytes | None]
    actions: list[tuple[int, Action | VoteAct | VerdictAct]]  # votes and verdicts among them
    watch: bytes | None = None  # a private table's watch-token digest (stored as seat 4)
    room: str | None = None  # the room it is played in (its tokens' scope), if any
    waiting: bool = False  # a room's table whose players are not all ready yet
    clock: str | None = None  # its clocks as last stored (JSON text, :mod:`.clocks`)


class TableRows(Statements):
    """The queries that read tables back, which :class:`~.store.Store` takes on (its
    backends give ``_execute``)."""

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
        actions: list[tuple[int, Action | VoteAct | VerdictAct]] = []
        for n, seat, code in self._execute(
            "SELECT n, seat, action FROM actions WHERE table_id = ? ORDER BY n", (table_id,)
        ):
            try:
                actions.append((seat, _stored(code)))
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


def _stored(code: int) -> Action | VoteAct | VerdictAct:
    """The action stored as ``code``: a dismiss vote's step or a Botzone bot's verdict
    (negative codes), else an action; raises :class:`KeyError` or :class:`TypeError` for
    a code that is none."""
    if code <= -10:
        return verdict_from_code(code)
    return vote_from_code(code) if code < 0 else action_from_code(code)
