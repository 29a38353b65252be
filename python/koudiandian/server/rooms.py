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
from .auth import new_token, seat_of, token_digest
from .lobby import Lobby
from .record import match_record
from .roomstore import Player, StoredRoom, match_seed
from .spec import HUMAN, TableSpec, display_name
from .tables import Table

__all__ = ["Rooms", "NUMBER_DIGITS", "room_link"]

_log = logging.getLogger("koudiandian.server")

#: Digits in a room number.
NUMBER_DIGITS = 6
_NUMBER = re.compile(f"[0-9]{{{NUMBER_DIGITS}}}")
# Tries at a free number before giving up (a million numbers, few taken: one almost always).
_NUMBER_TRIES = 20


def room_link(number: str) -> str:
    """The share link of room ``number`` (the browser page opens the room from it)."""
    return f"/#room={number}"


def _status(room: StoredRoom) -> str:
    if room.ended is not None:
        return "closed"
    table = room.table
    if table.waiting and not table.finished:
        return "waiting"
    return "over" if table.finished else "playing"


class Rooms:
    """The rooms of the database ``lobby.store``, served by this process's ``lobby``."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.store = lobby.store
        lobby.on_room_table = self._table_event

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
        digests: list[bytes | None] = [None, None, None, None]
        for p in room.players:
            digests[p.seat] = p.digest
        try:
            return seat_of(room.id, token, digests)
        except InvalidTokenError:
            raise InvalidTokenError(f"the token is not a player's in room {room.number}") from None

    def _open(self, room: StoredRoom) -> None:
        if room.ended is not None:
            raise RoomStateError(f"room {room.number} is closed")

    # -- what a room shows ----------------------------------------------------------------

    def state(self, room: StoredRoom) -> dict[str, Any]:
        """What anyone holding the number may know of the room (``GET /rooms/{number}``):
        its seats (names, ready, how many sockets), rules, match length, status and tables."""
        connected = [0, 0, 0, 0]
        table = self.lobby.held(room.table.id)
        if table is not None:
            for conn in table.connections:
                if conn.seat is not None:
                    connected[conn.seat] += 1
        seats = []
        for s, kind in enumerate(room.spec.seats):
            player = room.player(s)
            seats.append(
                {
                    "seat": s,
                    "kind": kind,
                    "name": None if player is None else player.name,
                    "ready": kind != HUMAN or (player is not None and player.ready),
                    "connected": connected[s],
                }
            )
        return {
            "room": room.number,
            "status": _status(room),
            "host": room.host,
            "seats": seats,
            "rules": room.spec.rules.to_dict(),
            "match": room.spec.length,
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
            matches.append(table_record(self.lobby.get(t.id)))
        return {"room": room.number, "matches": matches}

    def _tell(self, room: StoredRoom) -> None:
        """Send the room's state to the sockets of its tables played or kept here."""
        message = {"type": "room", "room": self.state(room)}
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
        return self.store.room(room_id), 0, token

    def _waiting_table(self, room: StoredRoom) -> tuple[StoredRoom, Table]:
        """The room's table waiting for its players: the current one, or, once its match is
        over, the next (made now: the rematch). Raises :class:`RoomStateError` while a
        match is played, :class:`TableElsewhereError` if another process serves the room."""
        self._open(room)
        table = self.serving(room)
        if table is not None:
            if not table.waiting:
                raise RoomStateError(f"room {room.number}: its match is being played")
            return room, table
        spec = replace(room.spec, seed=match_seed(room.spec.seed, len(room.tables)))
        table_id = secrets.token_hex(5)
        made = self.store.next_room_table(
            room.id, table_id, spec, owner=self.lobby.server, lease=self.lobby.lease
        )
        room = self.store.room(room.id)
        if made:
            digests = {p.seat: p.digest for p in room.players}
            self.lobby.adopt_new(table_id, spec, digests, room=room.id)
        table = self.serving(room)  # (another process's rematch: it serves the room)
        if table is None or not table.waiting:
            raise RoomStateError(f"room {room.number}: its match is being played")
        return room, table

    def join(self, number: Any, name: Any, seat: Any = None) -> tuple[StoredRoom, int, str]:
        """Seat a person named ``name`` in room ``number`` (in ``seat``, or the first free
        person's seat); returns the room, the seat and its token. Raises
        :class:`RoomFullError`, :class:`NameTakenError`, :class:`InvalidArgumentError` (a
        bad name or seat), :class:`RoomStateError` (closed, or its match is played)."""
        room = self.find(number)
        name = display_name(name)
        if seat is not None and (type(seat) is not int or not 0 <= seat < 4):
            raise InvalidArgumentError(f"seat must be a seat 0–3, got {seat!r}")
        room, table = self._waiting_table(room)
        self._check_free(room, name, seat)
        token = new_token()
        digest = token_digest(room.id, token)
        free = [seat] if seat is not None else self._free_seats(room)
        for s in free:
            if self.store.join_room(room.id, table.id, Player(s, name, digest, False)):
                table.tokens.set(s, digest)
                room = self.store.room(room.id)
                self._tell(room)
                return room, s, token
        room = self.store.room(room.id)  # another took it meanwhile: say why
        self._check_free(room, name, seat)
        raise RoomFullError(f"room {room.number} has no free seat")

    def _free_seats(self, room: StoredRoom) -> list[int]:
        taken = {p.seat for p in room.players}
        return [s for s, k in enumerate(room.spec.seats) if k == HUMAN and s not in taken]

    def _check_free(self, room: StoredRoom, name: str, seat: int | None) -> None:
        if any(p.name.casefold() == name.casefold() for p in room.players):
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
        makes the next (the rematch). Raises :class:`RoomStateError` while the match is
        played."""
        if not isinstance(ready, bool):
            raise InvalidArgumentError(f"ready must be true or false, got {ready!r}")
        room = self.find(number)
        seat = self._seat_of(room, token)
        room, table = self._waiting_table(room)
        if not self.store.set_ready(room.id, table.id, seat, ready):
            raise RoomStateError(f"room {room.number}: its match is being played")
        return self._maybe_start(self.store.room(room.id), table)

    def ready_at(self, table: Table, seat: int, ready: bool) -> None:
        """A socket's ``ready`` message: seat ``seat`` of the room's table ``table``."""
        if table.room is None:
            raise RoomStateError(f"table {table.id} is not a room's")
        room = self.store.room(table.room)
        if room.table.id != table.id:
            # a socket of the match before: its seat says ready for the next one
            room, table = self._waiting_table(room)
        elif not table.waiting:
            raise RoomStateError(f"room {room.number}: its match is being played")
        if not self.store.set_ready(room.id, table.id, seat, ready):
            raise RoomStateError(f"room {room.number}: its match is being played")
        self._maybe_start(self.store.room(room.id), table)

    def _maybe_start(self, room: StoredRoom, table: Table) -> StoredRoom:
        people = len(room.spec.humans)
        if (
            len(room.players) == people
            and all(p.ready for p in room.players)
            and self.store.start_room_table(room.id, table.id, people)
        ):
            room = self.store.room(room.id)
            self._tell(room)
            table.begin()
        else:
            self._tell(room)
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
        """The host (``token``) removes the player in ``seat`` while the room waits."""
        room = self.find(number)
        if self._seat_of(room, token) != room.host:
            raise NotHostError(f"only the host of room {room.number} may remove a player")
        if type(seat) is not int or not 0 <= seat < 4:
            raise InvalidArgumentError(f"seat must be a seat 0–3, got {seat!r}")
        if seat == room.host:
            raise RoomStateError(f"room {room.number}: the host cannot leave; close the room")
        if room.player(seat) is None:
            raise InvalidArgumentError(f"seat {seat} of room {room.number} has no player")
        return self._unseat(room, seat)

    def _unseat(self, room: StoredRoom, seat: int) -> StoredRoom:
        room, table = self._waiting_table(room)
        if not self.store.leave_room(room.id, table.id, seat):
            raise RoomStateError(f"room {room.number}: its match is being played")
        table.tokens.set(seat, None)
        room = self.store.room(room.id)
        message = {"type": "room", "room": self.state(room)}
        table.fanout.unseat(seat, message)
        self._tell(room)
        return room

    def close(self, number: Any, token: str | None) -> StoredRoom:
        """The host (``token``) closes the room for everyone (not while its match is
        played)."""
        room = self.find(number)
        if self._seat_of(room, token) != room.host:
            raise NotHostError(f"only the host of room {room.number} may close it")
        self._open(room)
        table = self.serving(room)
        if table is not None and not table.waiting:
            raise RoomStateError(f"room {room.number}: its match is being played")
        if not self.store.close_room(room.id):
            raise RoomStateError(f"room {room.number}: its match is being played")
        room = self.store.room(room.id)
        self._tell(room)
        if table is not None:
            self.lobby.close_waiting(table)
        return room


def table_record(table: Table) -> dict[str, Any]:
    """The scoreboard of ``table``'s match (``GET /tables/{id}/record``)."""
    state = table.public_state()
    return match_record(table.id, table.match, state["finished_hands"], state["over"])
