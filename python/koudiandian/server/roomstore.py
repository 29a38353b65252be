"""The rooms' rows: rooms, their players, and the tables each room's matches are played at.

A room (:mod:`.rooms`) is a row of ``rooms`` (its number, its spec, its host's seat, when it
ended), a row of ``players`` per person seated (display name, token digest, ready), and the
tables of its matches, in order (``tables.room``). The database decides every race between
server processes:

- a room's number is unique among open rooms (a partial unique index), and a new room takes
  a number only if no room with it ended in the last :data:`NUMBER_REST` seconds;
- a seat is one row (primary key ``(room_id, seat)``) and a name one per room (a unique
  index on its :func:`~.spec.name_key`, so ``Bob`` and ``bob`` are one name): of two
  joins racing for the last seat, the database takes one;
- a room has at most one table not finished (a partial unique index on ``tables.room``): of
  two rematches asked at once, one makes the next table.

A room's table waits (``tables.waiting``) until every person's seat is taken and ready;
the seats' token digests are those of ``players``, copied to each of the room's tables
(``tokens``) as it is made and as people join and leave, under the room's id
(:func:`~.auth.token_digest` of the room, not of the table: a token serves every match of
its room).
"""

from __future__ import annotations

import hashlib
import json
import time

from ..errors import StorageError
from .spec import TableSpec
from .statements import Statements
from .storedroom import Player, RoomTable, StoredRoom

__all__ = ["RoomRows", "NUMBER_REST", "room_schema"]

#: Seconds a room's number rests after the room ended before another room may take it (a
#: day: a number given out yesterday still finds yesterday's room, and its record).
NUMBER_REST = 86_400.0


def room_schema(real: str, blob: str) -> list[str]:
    """The statements that add rooms to a schema of version 2 (schema 3), in a dialect whose
    floating-point type is ``real`` and byte string ``blob``."""
    return [
        "ALTER TABLE tables ADD COLUMN room TEXT",
        "ALTER TABLE tables ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0",
        "CREATE UNIQUE INDEX tables_room_open ON tables (room) WHERE finished IS NULL",
        f"""CREATE TABLE rooms (
            id TEXT PRIMARY KEY,
            number TEXT NOT NULL,
            spec TEXT NOT NULL,
            host INTEGER NOT NULL,
            created {real} NOT NULL,
            ended {real}
        )""",
        "CREATE UNIQUE INDEX rooms_open_number ON rooms (number) WHERE ended IS NULL",
        f"""CREATE TABLE players (
            room_id TEXT NOT NULL REFERENCES rooms(id),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            digest {blob} NOT NULL,
            ready INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (room_id, seat)
        )""",
        "CREATE UNIQUE INDEX players_name ON players (room_id, name_key)",
    ]


def match_seed(seed: int, match: int) -> int:
    """The seed of a room's ``match``-th table (0 for the first: the room's own seed)."""
    if match == 0:
        return seed
    digest = hashlib.sha256(f"{seed}/{match}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class RoomRows(Statements):
    """The rooms' statements, which :class:`~.store.Store` takes on (its backends give
    ``_execute``, ``_executemany``, ``_atomic``, ``_writing`` and ``_NOW``). Every write
    raises :class:`StorageError`, changing nothing, if the database refuses it."""

    def _insert_table(
        self,
        table_id: str,
        spec: TableSpec,
        owner: str | None,
        lease: float,
        room: str | None = None,
    ) -> bool:
        """Insert a table's row, a room's or not (in the open transaction), its lease given
        to ``owner``; for a room (``room``), waiting, and only if the room has no table not
        finished (``False``, inserting nothing, if it has, or if the id is taken)."""
        rows = self._execute(
            "INSERT INTO tables (id, spec, created, owner, epoch, expires, room, waiting) "
            f"VALUES (?, ?, ?, ?, 1, {self._NOW} + ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
            (
                table_id,
                json.dumps(spec.to_dict(), sort_keys=True),
                time.time(),
                owner,
                lease,
                room,
                int(room is not None),
            ),
        )
        return bool(rows)

    def add_room(
        self,
        room_id: str,
        number: str,
        spec: TableSpec,
        host: Player,
        table_id: str,
        *,
        owner: str | None,
        lease: float,
    ) -> bool:
        """Store a new room numbered ``number`` with its host seated and its first table
        (waiting, its lease given to ``owner``), in one transaction; ``False`` (storing
        nothing) if the number is taken (by an open room, or one ended less than
        :data:`NUMBER_REST` ago)."""
        now = time.time()
        with self._writing(), self._atomic():
            rows = self._execute(
                "INSERT INTO rooms (id, number, spec, host, created) SELECT ?, ?, ?, ?, ? "
                "WHERE NOT EXISTS (SELECT 1 FROM rooms WHERE number = ? "
                "AND (ended IS NULL OR ended > ?)) ON CONFLICT DO NOTHING RETURNING id",
                (
                    room_id,
                    number,
                    json.dumps(spec.to_dict(), sort_keys=True),
                    host.seat,
                    now,
                    number,
                    now - NUMBER_REST,
                ),
            )
            if not rows:
                return False
            if not self._insert_table(table_id, spec, owner, lease, room=room_id):
                raise StorageError(f"the database {self.path} has a table {table_id!r} already")
            self._execute(
                "INSERT INTO players (room_id, seat, name, name_key, digest, ready) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (room_id, host.seat, host.name, host.key, host.digest, int(host.ready)),
            )
            self._execute(
                "INSERT INTO tokens (table_id, seat, digest) VALUES (?, ?, ?)",
                (table_id, host.seat, host.digest),
            )
        return True

    def room_by_number(self, number: str) -> StoredRoom | None:
        """The room numbered ``number``: the open one, else the last to end less than
        :data:`NUMBER_REST` ago; ``None`` if there is none."""
        rows = self._execute(
            "SELECT id FROM rooms WHERE number = ? AND (ended IS NULL OR ended > ?) "
            "ORDER BY ended IS NULL DESC, ended DESC LIMIT 1",
            (number, time.time() - NUMBER_REST),
        )
        return self.room(str(rows[0][0])) if rows else None

    def room(self, room_id: str) -> StoredRoom:
        """The stored room ``room_id`` (it must exist), its players and tables."""
        (number, spec_text, host, created, ended) = self._execute(
            "SELECT number, spec, host, created, ended FROM rooms WHERE id = ?", (room_id,)
        )[0]
        players = tuple(
            Player(int(seat), str(name), bytes(digest), bool(ready))
            for seat, name, digest, ready in self._execute(
                "SELECT seat, name, digest, ready FROM players WHERE room_id = ? ORDER BY seat",
                (room_id,),
            )
        )
        tables = tuple(
            RoomTable(str(t), bool(waiting), finished is not None)
            for t, waiting, finished in self._execute(
                "SELECT id, waiting, finished FROM tables WHERE room = ? ORDER BY created, id",
                (room_id,),
            )
        )
        return StoredRoom(
            room_id,
            str(number),
            TableSpec.from_dict(json.loads(spec_text)),
            int(host),
            float(created),
            None if ended is None else float(ended),
            players,
            tables,
        )

    def join_room(self, room_id: str, table_id: str, player: Player) -> bool:
        """Seat ``player`` in the room while its table ``table_id`` waits, in one
        transaction; ``False`` (nothing changed) if the seat or the name is taken, or the
        table no longer waits."""
        with self._writing(), self._atomic():
            rows = self._execute(
                "INSERT INTO players (room_id, seat, name, name_key, digest, ready) "
                "SELECT ?, ?, ?, ?, ?, 0 WHERE EXISTS (SELECT 1 FROM tables WHERE id = ? "
                "AND room = ? AND waiting = 1 AND finished IS NULL) "
                "ON CONFLICT DO NOTHING RETURNING seat",
                (room_id, player.seat, player.name, player.key, player.digest, table_id, room_id),
            )
            if not rows:
                return False
            self._execute(
                "INSERT INTO tokens (table_id, seat, digest) VALUES (?, ?, ?)",
                (table_id, player.seat, player.digest),
            )
        return True

    def leave_room(self, room_id: str, table_id: str | None, seat: int) -> bool:
        """Free ``seat`` while the room's table ``table_id`` waits (its token stops serving
        there), or, with ``table_id`` ``None``, between two matches (the next table will not
        seat it); ``False`` (nothing changed) if that is no longer so."""
        with self._writing(), self._atomic():
            if table_id is None:
                rows = self._execute(
                    "SELECT 1 FROM rooms WHERE id = ? AND ended IS NULL AND NOT EXISTS "
                    "(SELECT 1 FROM tables WHERE room = ? AND finished IS NULL)",
                    (room_id, room_id),
                )
            else:
                rows = self._execute(
                    "SELECT 1 FROM tables WHERE id = ? AND room = ? AND waiting = 1 "
                    "AND finished IS NULL",
                    (table_id, room_id),
                )
            if not rows:
                return False
            self._execute("DELETE FROM players WHERE room_id = ? AND seat = ?", (room_id, seat))
            if table_id is not None:
                self._execute(
                    "DELETE FROM tokens WHERE table_id = ? AND seat = ?", (table_id, seat)
                )
        return True

    def ready_room(
        self, room_id: str, table_id: str, seat: int, ready: bool, people: int
    ) -> tuple[bool, bool]:
        """Mark ``seat`` ready (or not) while the room's table ``table_id`` waits, and if
        then ``people`` players are seated and every one is ready, the table stops waiting;
        in one transaction. Returns whether the mark was taken (``False``, nothing changed:
        the table no longer waits, or the seat is empty) and whether the table stopped
        waiting."""
        with self._writing(), self._atomic():
            rows = self._execute(
                "UPDATE players SET ready = ? WHERE room_id = ? AND seat = ? AND EXISTS "
                "(SELECT 1 FROM tables WHERE id = ? AND room = ? AND waiting = 1 "
                "AND finished IS NULL) RETURNING seat",
                (int(ready), room_id, seat, table_id, room_id),
            )
            if not rows:
                return False, False
            started = self._execute(
                "UPDATE tables SET waiting = 0 WHERE id = ? AND (SELECT COUNT(*) FROM players "
                "WHERE room_id = ? AND ready = 1) = ? RETURNING id",
                (table_id, room_id, people),
            )
        return True, bool(started)

    def next_room_table(
        self,
        room_id: str,
        table_id: str,
        spec: TableSpec,
        *,
        owner: str | None,
        lease: float,
    ) -> bool:
        """Make the room's next table (waiting, its lease given to ``owner``), its seats'
        tokens those of the players, every player not ready; in one transaction. ``False``
        (nothing changed) if the room has ended, or has a table not finished (another
        rematch made it)."""
        with self._writing(), self._atomic():
            if not self._lock_open(room_id):  # (a close waits for this, or this for it)
                return False
            if not self._insert_table(table_id, spec, owner, lease, room=room_id):
                return False
            self._execute(
                "INSERT INTO tokens (table_id, seat, digest) "
                "SELECT ?, seat, digest FROM players WHERE room_id = ?",
                (table_id, room_id),
            )
            self._execute("UPDATE players SET ready = 0 WHERE room_id = ?", (room_id,))
        return True

    def _lock_open(self, room_id: str) -> bool:
        """Lock the room's row for the open transaction, if the room is open; whether it
        is (a close and a rematch of one room are then one after the other)."""
        return bool(
            self._execute(
                "UPDATE rooms SET host = host WHERE id = ? AND ended IS NULL RETURNING id",
                (room_id,),
            )
        )

    def close_room(self, room_id: str) -> bool:
        """End the room now, unless its match is being played (a table neither waiting nor
        finished): its waiting table is finished with it. ``False`` (nothing changed) if a
        match is being played, or the room had ended."""
        now = time.time()
        try:
            with self._writing(), self._atomic():
                if not self._lock_open(room_id):
                    return False
                playing = self._execute(
                    "SELECT 1 FROM tables WHERE room = ? AND waiting = 0 AND finished IS NULL",
                    (room_id,),
                )
                if playing:
                    raise _Refused
                self._execute("UPDATE rooms SET ended = ? WHERE id = ?", (now, room_id))
                self._execute(
                    "UPDATE tables SET finished = ?, owner = NULL "
                    "WHERE room = ? AND finished IS NULL",
                    (now, room_id),
                )
        except _Refused:  # rolled back: the room stays open
            return False
        return True


class _Refused(Exception):
    """A room's change found not to be allowed inside its transaction (rolled back)."""
