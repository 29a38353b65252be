"""Rooms: a table that strangers fill by a number, say ready at, play a match at and play
again at (docs/server.md, "Rooms").

A room is stored (:mod:`.roomstore`) and held by no object of its own: every request reads
it from the database, changes it in one transaction, and tells the sockets of its tables
played here (a ``room`` message). Its current table (the last of its matches) waits until
every person's seat is taken and ready, then deals; once its match is over, the first to
say ready again (or to join) makes the next table, with the same seats, tokens and rules.

While a room's table is being played or waits, the process that holds its lease serves the
room: a request that reaches another process raises :class:`TableElsewhereError` (a
redirect, as for tables). Between matches no process holds it, and the database decides
(:mod:`.roomstore`).
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from ..errors import (
    InvalidArgumentError,
    InvalidTokenError,
    NameTakenError,
    NotHostError,
    RoomFullError,
    RoomNotFoundError,
    RoomStateError,
    StorageError,
)
from .auth import new_token, token_digest
from .lobby import Lobby
from .record import table_record
from .roomstore import match_seed
from .spec import HUMAN, TableSpec, display_name, name_key
from .storedroom import Player, RoomTable, StoredRoom
from .tables import Table

__all__ = ["Rooms", "NUMBER_DIGITS", "room_link"]

_log = logging.getLogger("koudiandian.server")

#: Digits in a room number.
NUMBER_DIGITS = 6
_NUMBER = re.compile(f"[0-9]{{{NUMBER_DIGITS}}}")
# Finished matches' records kept in memory (each is a replay of its table, otherwise).
_RECORDS_KEPT = 256
# Tries at a free number before giving up (a million numbers, few taken: one almost always).
_NUMBER_TRIES = 20


def room_link(number: str) -> str:
    """The share link of room ``number`` (the browser page opens the room from it)."""
    return f"/#room={number}"


class Rooms:
    """The rooms of the database ``lobby.store``, served by this process's ``lobby``."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.store = lobby.store
        lobby.on_room_table = self._table_event
        # Finished matches' records (they change no more), the most recently asked kept.
        self._records: OrderedDict[str, dict[str, Any]] = OrderedDict()

    # -- finding a room -------------------------------------------------------------------

    def find(self, number: Any) -> StoredRoom:
        """The room numbered ``number`` (open, or ended less than a day ago); raises
        :class:`RoomNotFoundError` (a malformed number looks like an unknown one)."""
        if not isinstance(number, str) or not _NUMBER.fullmatch(number):
            raise RoomNotFoundError(f"no room {str(number)[:20]!r}")
        room = self.store.room_by_number(number)
        if room is None:
            raise RoomNotFoundError(f"no room {number!r}")
        return room

    def serving(self, room: StoredRoom) -> Table | None:
        """The room's current table if a match of it waits or is played (and this process
        plays it: else :class:`TableElsewhereError`), ``None`` between matches."""
        current = room.table
        if current.finished:
            return None
        return self.lobby.get(current.id)

    def _seat_of(self, room: StoredRoom, token: str | None) -> int:
        """The seat of ``token`` in the room; raises :class:`InvalidTokenError`."""
        try:
            return room.tokens.seat_of(token)
        except InvalidTokenError:
            raise InvalidTokenError(f"the token is not a player's in room {room.number}") from None

    def _open(self, room: StoredRoom) -> None:
        if room.ended is not None:
            raise RoomStateError(f"room {room.number} is closed")

    # -- what a room shows ----------------------------------------------------------------

    def state(self, room: StoredRoom) -> dict[str, Any]:
        """What anyone holding the number may know of the room (``GET /rooms/{number}``):
        its seats (names, ready, how many sockets), rules, match length, status and tables."""
        table = self.lobby.held(room.table.id)
        connected = [0, 0, 0, 0] if table is None else table.fanout.sockets()[0]
        status = room.status
        seats = []
        for s, kind in enumerate(room.spec.seats):
            player = room.player(s)
            # (over: the marks of the match before mean nothing now; ready again to play)
            seats.append(
                {
                    "seat": s,
                    "kind": kind,
                    "name": None if player is None else player.name,
                    "ready": kind != HUMAN
                    or (player is not None and player.ready and status == "waiting"),
                    "connected": connected[s],
                    # (on 托管 in the match being played)
                    "auto": status == "playing" and table is not None and table.clocks.told(s),
                }
            )
        return {
            "room": room.number,
            "status": status,
            "host": room.host,
            "seats": seats,
            "rules": room.spec.rules.to_dict(),
            "match": room.spec.length,
            "clock": None if room.spec.clock is None else room.spec.clock.to_dict(),
            "table": room.table.id,
            "tables": [t.id for t in room.tables],
            "link": room_link(room.number),
        }

    def record(self, room: StoredRoom) -> dict[str, Any]:
        """The room's scoreboard: every match's (``GET /rooms/{number}/record``), oldest
        first, the one waiting for its players left out."""
        matches = []
        for t in room.tables:
            if t.waiting:  # not dealt (or the room closed before it was)
                continue
            record = self._records.get(t.id)
            if record is None:
                record = table_record(self.lobby.get(t.id))
                if t.finished and record["over"]:  # it changes no more: kept
                    self._records[t.id] = record
                    while len(self._records) > _RECORDS_KEPT:
                        self._records.popitem(last=False)
            else:
                self._records.move_to_end(t.id)
            matches.append(record)
        return {"room": room.number, "matches": matches}

    def _message(self, room: StoredRoom) -> dict[str, Any]:
        """The ``room`` message: the room's state (:meth:`state`)."""
        return {"type": "room", "room": self.state(room)}

    def _tell(self, room: StoredRoom, message: dict[str, Any] | None = None) -> None:
        """Send the room's state (``message``, if made already) to the sockets of its tables
        played or kept here."""
        message = self._message(room) if message is None else message
        for t in room.tables[-2:]:
            table = self.lobby.held(t.id)
            if table is not None:
                table.fanout.tell(message)

    def _table_event(self, table: Table) -> None:
        """A room's table connected or lost a socket (a new one is sent the room's state
        after its ``hello``, so), or its match ended: tell the room."""
        if table.room is None:
            return
        try:
            self._tell(self.store.room(table.room))
        except (StorageError, IndexError) as e:  # told at the next change
            _log.warning("room of table %s: not told: %s", table.id, e)

    # -- creating and joining ---------------------------------------------------------------

    def create(self, spec: TableSpec, name: str) -> tuple[StoredRoom, int, str]:
        """A new room for ``spec`` (:meth:`TableSpec.parse_room`), its host ``name`` in seat
        0; returns it, the host's seat and token. Raises :class:`StorageError` (creating
        nothing) if the database refuses it."""
        room_id = secrets.token_hex(5)
        token = new_token()
        host = Player(0, name, token_digest(room_id, token), False)
        table_id = secrets.token_hex(5)
        for _ in range(_NUMBER_TRIES):
            number = f"{secrets.randbelow(10**NUMBER_DIGITS):0{NUMBER_DIGITS}d}"
            if self.store.add_room(
                room_id,
                number,
                spec,
                host,
                table_id,
                owner=self.lobby.server,
                lease=self.lobby.lease,
            ):
                break
        else:
            raise StorageError(f"no free room number found in {_NUMBER_TRIES} tries")
        self.lobby.adopt_new(table_id, spec, {0: host.digest}, room=room_id)
        # (the answer is built from what was stored, not read back: a read that failed now
        # would leave a room made and its token never given)
        table = RoomTable(table_id, waiting=True, finished=False)
        room = StoredRoom(room_id, number, spec, 0, time.time(), None, (host,), (table,))
        return room, 0, token

    def _current(self, room: StoredRoom) -> Table | None:
        """The room's table played or waiting (:meth:`serving`), its match's end recorded
        first if it is over (if that failed when it ended): ``None`` between matches."""
        table = self.serving(room)
        if table is not None and table.over:
            self.lobby.finish(table)
            if self.store.finished(table.id):
                return None
        return table

    def _waiting_table(self, room: StoredRoom) -> tuple[StoredRoom, Table]:
        """The room's table waiting for its players: the current one, or, once its match is
        over, the next (made now: the rematch). Raises :class:`RoomStateError` while a
        match is played or once the room is closed, :class:`TableElsewhereError` if
        another process serves the room. Call it only for a change that is to be taken."""
        self._open(room)
        table = self._current(room)
        if table is not None:
            if not table.waiting:
                raise RoomStateError(f"room {room.number}: its match is being played")
            return room, table
        spec = replace(room.spec, seed=match_seed(room.spec.seed, len(room.tables)))
        table_id = secrets.token_hex(5)
        made = self.store.next_room_table(
            room.id, table_id, spec, owner=self.lobby.server, lease=self.lobby.lease
        )
        if made:
            digests = {p.seat: p.digest for p in room.players}
            self.lobby.adopt_new(table_id, spec, digests, room=room.id)
        room = self.store.room(room.id)
        self._open(room)
        table = self.serving(room)  # (another process's rematch: it serves the room)
        if table is None or not table.waiting:
            raise RoomStateError(f"room {room.number}: its match is being played")
        return room, table

    def join(self, number: Any, name: Any, seat: Any = None) -> tuple[StoredRoom, int, str]:
        """Seat a person named ``name`` in room ``number`` (in ``seat``, or the first free
        person's seat); returns the room, the seat and its token. Raises
        :class:`RoomFullError`, :class:`NameTakenError`, :class:`InvalidArgumentError` (a
        bad name or seat), :class:`RoomStateError` (closed, or its match is played). A
        refused join changes nothing (between matches too: it makes no rematch)."""
        room = self.find(number)
        name = display_name(name)
        seat = None if seat is None else _seat_arg(seat)
        self._open(room)
        self._check_free(room, name, seat)
        room, table = self._waiting_table(room)
        token = new_token()
        digest = token_digest(room.id, token)
        for s in [seat] if seat is not None else self._free_seats(room):
            player = Player(s, name, digest, False)
            if self.store.join_room(room.id, table.id, player):
                table.tokens.set(s, digest)
                room = replace(room, players=tuple(sorted([*room.players, player], key=_seat)))
                self._tell(room)
                return room, s, token
        room = self.store.room(room.id)  # another took it meanwhile: say why
        self._check_free(room, name, seat)
        raise RoomFullError(f"room {room.number} has no free seat")

    def _free_seats(self, room: StoredRoom) -> list[int]:
        taken = {p.seat for p in room.players}
        return [s for s, k in enumerate(room.spec.seats) if k == HUMAN and s not in taken]

    def _check_free(self, room: StoredRoom, name: str, seat: int | None) -> None:
        if any(p.key == name_key(name) for p in room.players):
            raise NameTakenError(f"name: {name!r} is taken in room {room.number}")
        if seat is not None:
            if room.spec.seats[seat] != HUMAN:
                raise RoomFullError(f"seat {seat} of room {room.number} is a bot's")
            if room.player(seat) is not None:
                raise RoomFullError(f"seat {seat} of room {room.number} is taken")
        elif not self._free_seats(room):
            raise RoomFullError(f"room {room.number} has no free seat")

    # -- ready, leave, remove, close -------------------------------------------------------

    def ready(self, number: Any, token: str | None, ready: Any = True) -> StoredRoom:
        """The player of ``token`` is ready (or, with ``ready`` false, no longer); the match
        deals once every person's seat is taken and ready. After a match, the first ready
        makes the next (the rematch; not ready then changes nothing). Raises
        :class:`RoomStateError` while the match is played or once the room is closed."""
        if not isinstance(ready, bool):
            raise InvalidArgumentError(f"ready must be true or false, got {ready!r}")
        return self._ready(self.find(number), token, ready)

    def ready_at(self, table: Table, token: str | None, ready: bool) -> None:
        """A socket's ``ready`` message, at the room's table ``table`` (the current one, or
        the match before's), with the socket's token: checked as :meth:`ready` checks it
        (a player who left is no one's seat any more)."""
        if table.room is None:
            raise RoomStateError(f"table {table.id} is not a room's: nothing to be ready for")
        self._ready(self.store.room(table.room), token, ready)

    def _ready(self, room: StoredRoom, token: str | None, ready: bool) -> StoredRoom:
        seat = self._seat_of(room, token)
        self._open(room)
        if not ready and self._current(room) is None:
            return room  # between matches: nobody is ready, nothing to take back
        room, table = self._waiting_table(room)
        player = room.player(seat)
        if player is not None and player.ready == ready:
            return room  # said already: nothing written, nothing told
        taken, started = self.store.ready_room(
            room.id, table.id, seat, ready, len(room.spec.humans)
        )
        if not taken:
            raise RoomStateError(f"room {room.number}: its match is being played")
        players = tuple(replace(p, ready=ready) if p.seat == seat else p for p in room.players)
        tables = room.tables[:-1] + (replace(room.table, waiting=not started),)
        room = replace(room, players=players, tables=tables)
        try:
            self._tell(room)  # ("playing" before the deal's events)
        finally:
            if started:
                table.begin()  # whatever else failed: the store has the table dealt
        return room

    def leave(self, number: Any, token: str | None) -> StoredRoom:
        """The player of ``token`` leaves the room (not the host: the host closes it); its
        seat frees and its token stops serving. Raises :class:`RoomStateError` while the
        match is played."""
        room = self.find(number)
        seat = self._seat_of(room, token)
        if seat == room.host:
            raise RoomStateError(f"room {room.number}: the host cannot leave; close the room")
        return self._unseat(room, seat)

    def remove(self, number: Any, token: str | None, seat: Any) -> StoredRoom:
        """The host (``token``) removes the player in ``seat`` while the room waits (or
        between matches)."""
        room = self.find(number)
        if self._seat_of(room, token) != room.host:
            raise NotHostError(f"only the host of room {room.number} may remove a player")
        seat = _seat_arg(seat)
        if seat == room.host:
            raise RoomStateError(f"room {room.number}: the host cannot leave; close the room")
        if room.player(seat) is None:
            raise InvalidArgumentError(f"seat {seat} of room {room.number} has no player")
        return self._unseat(room, seat)

    def _unseat(self, room: StoredRoom, seat: int) -> StoredRoom:
        """Free ``seat``: at the waiting table, or between matches (the next one will not
        seat it: no rematch is made for it)."""
        self._open(room)
        table = self._current(room)
        if table is not None and not table.waiting:
            raise RoomStateError(f"room {room.number}: its match is being played")
        if not self.store.leave_room(room.id, None if table is None else table.id, seat):
            raise RoomStateError(f"room {room.number}: its match is being played")
        room = replace(room, players=tuple(p for p in room.players if p.seat != seat))
        message = self._message(room)
        for t in room.tables[-2:]:  # its sockets, at this match and the one before
            held = self.lobby.held(t.id)
            if held is not None:
                if held is table:
                    held.tokens.set(seat, None)
                held.fanout.unseat(seat, message)
        self._tell(room, message)
        return room

    def close(self, number: Any, token: str | None) -> StoredRoom:
        """The host (``token``) closes the room for everyone (not while its match is
        played)."""
        room = self.find(number)
        if self._seat_of(room, token) != room.host:
            raise NotHostError(f"only the host of room {room.number} may close it")
        self._open(room)
        table = self._current(room)
        if (table is not None and not table.waiting) or not self.store.close_room(room.id):
            raise RoomStateError(f"room {room.number}: its match is being played")
        room = replace(room, ended=time.time())
        try:
            self._tell(room)
        finally:
            if table is not None:
                self.lobby.close_waiting(table)
        return room


def _seat(player: Player) -> int:
    return player.seat


def _seat_arg(seat: Any) -> int:
    """A seat a request names, checked: an int 0–3 (not a bool)."""
    if type(seat) is not int or not 0 <= seat < 4:
        raise InvalidArgumentError(f"seat must be a seat 0–3, got {seat!r}")
    return seat
