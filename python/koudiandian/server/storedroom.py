"""A room as the database holds it (:class:`StoredRoom`): its number and spec, its host, its
players (:class:`Player`) and its tables, one match each (:class:`RoomTable`); read and
written by :mod:`.roomstore`."""

from __future__ import annotations

from dataclasses import dataclass

from .auth import SeatTokens
from .spec import TableSpec, name_key

__all__ = ["StoredRoom", "Player", "RoomTable"]


@dataclass(frozen=True, slots=True)
class Player:
    """A person seated in a room: seat, display name, token digest, whether ready."""

    seat: int
    name: str
    digest: bytes
    ready: bool

    @property
    def key(self) -> str:
        """The name as the room compares names (:func:`~.spec.name_key`)."""
        return name_key(self.name)


@dataclass(frozen=True, slots=True)
class RoomTable:
    """One of a room's tables (one match each), as stored: whether it still waits for its
    players, and whether it is finished (its match over, or the room closed)."""

    id: str
    waiting: bool
    finished: bool


@dataclass(frozen=True, slots=True)
class StoredRoom:
    """A room as the database holds it; ``tables`` in the order they were made (the last is
    the current one)."""

    id: str
    number: str
    spec: TableSpec
    host: int
    created: float
    ended: float | None
    players: tuple[Player, ...]
    tables: tuple[RoomTable, ...]

    @property
    def table(self) -> RoomTable:
        """The room's current table: the last made."""
        return self.tables[-1]

    def player(self, seat: int) -> Player | None:
        """The person in ``seat``, if any."""
        return next((p for p in self.players if p.seat == seat), None)

    @property
    def status(self) -> str:
        """``"closed"`` (ended), ``"waiting"`` (its table waits for its players),
        ``"playing"`` or ``"over"`` (its last match's)."""
        if self.ended is not None:
            return "closed"
        if self.table.waiting and not self.table.finished:
            return "waiting"
        return "over" if self.table.finished else "playing"

    @property
    def tokens(self) -> SeatTokens:
        """Its players' token digests, bound to the room (a token serves every match)."""
        digests: list[bytes | None] = [None, None, None, None]
        for p in self.players:
            digests[p.seat] = p.digest
        return SeatTokens(self.id, digests)
