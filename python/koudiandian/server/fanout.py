"""What a table's connections are sent: the events of the logs they may see, their views,
the match's end.

A connection is sent, from the hand and event it asked for on connecting, each new event of
its seat's log (the public one for a spectator), as far as the claim windows have shown
them (:mod:`.windows`): at a table with a person every discard is shown alike, and what
follows it is sent ``claim_wait`` seconds later. A seat is sent its view whenever it must
act and once the match is over (with ``all_views``, after every change); what one change of
the table brings a connection goes out as one frame (:class:`~.connection.Connection`). At a
table with clocks (:mod:`.clocks`) a seat's view carries its decision's deadline, and every
connection is sent the clock of the seat on turn when it starts.

Memory stays bounded: a table caches only its current and last hand's logs
(:mod:`.handlogs`), an earlier hand's is rendered again from the core's log when asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .connection import Connection, dumps, raw
from .handlogs import HandLogs
from .protocol import PROTOCOL
from .visibility import public_view, seat_log, seat_view

if TYPE_CHECKING:
    from ..match import Match
    from .clocks import Clocks
    from .spec import TableSpec
    from .windows import ClaimWindows

__all__ = ["FanOut", "CLOSE_MOVED", "CLOSE_UNSEATED"]


class _Wakes(Protocol):
    def wake(self) -> None: ...


class SentTable(Protocol):
    """What the fan-out reads of its table (a :class:`~.tables.Table`)."""

    @property
    def id(self) -> str: ...

    @property
    def spec(self) -> TableSpec: ...

    @property
    def match(self) -> Match: ...

    @property
    def waiting(self) -> bool: ...

    @property
    def clocks(self) -> Clocks: ...

    @property
    def _driver(self) -> _Wakes: ...

    @property
    def _windows(self) -> ClaimWindows: ...

    @property
    def uncommitted(self) -> bool: ...

    def _hands_shown(self) -> int: ...

    def _shown_to_act(self, seat: int) -> bool: ...

    def may_act(self, seat: int) -> bool: ...

    def flush(self) -> None: ...

    def dismissed(self) -> dict[str, int] | None: ...


#: The close code of a socket whose table is played by another process (after a
#: ``redirect`` message naming it).
CLOSE_MOVED = 4307
#: The close code of a room's socket whose seat left (or was removed), or whose room closed.
CLOSE_UNSEATED = 4410


class FanOut:
    """``table``'s connections and what they are sent (its part that sends): the table
    calls :meth:`flush` after each change. Precondition: ``table`` is the one whose part
    this is."""

    def __init__(self, table: SentTable) -> None:
        self.table = table
        self.connections: set[Connection] = set()
        self._logs: dict[int, HandLogs] = {}  # the current and the last hand's logs
        #: Called when a socket connects or leaves (a room's table: the room is told).
        self.on_sockets: Callable[[Any], None] | None = None  # (given the Table)

    def log(self, hand: int, seat: int | None) -> list[dict[str, Any]]:
        """Hand ``hand``'s log as ``seat`` may see it (``None``: public); kept for the
        current and the last hand only, extended by each change (:mod:`.handlogs`; an
        earlier hand's is rendered again from the core's log). Read it, do not keep it
        across a change."""
        logs = self._hand_logs(hand)
        if logs is None:
            return seat_log(self.table.match.games[hand], seat)
        return logs.log(seat)

    def texts(self, hand: int, seat: int | None) -> list[str]:
        """:meth:`log` with each event as the JSON text the connections are sent."""
        logs = self._hand_logs(hand)
        if logs is None:
            return self.table.match.games[hand].engine.events_for_json(seat, 0)
        return logs.texts(seat)

    def _hand_logs(self, hand: int) -> HandLogs | None:
        """Hand ``hand``'s kept logs: the current hand's, and the last one's (connections
        still sending its end); ``None`` for an earlier hand."""
        games = self.table.match.games
        game = games[hand]
        logs = self._logs.get(hand)
        if logs is None or logs.game is not game:
            last = len(games) - 1
            if hand < last - 1:  # an earlier hand than the last one
                return None
            for h in [h for h in self._logs if h < last - 1]:
                del self._logs[h]
            logs = self._logs[hand] = HandLogs(game)
        return logs

    def forget_logs(self) -> None:
        """Drop the cached logs (the table was rebuilt: they are rendered afresh)."""
        self._logs.clear()

    def view(self, seat: int | None) -> dict[str, Any]:
        """The current hand's view for ``seat`` (``None``: public); a seat's carries the
        number of the decision it is asked (``decision``, ``None`` when asked nothing) and,
        at a table with clocks, its clock and 托管 mark (:meth:`Clocks.view_fields`)."""
        game = self.table.match.game
        if seat is None:
            return public_view(game)
        view = seat_view(game, seat)
        view["decision"] = self._decision(seat)
        clocks = self.table.clocks
        if clocks.on:
            view.update(clocks.view_fields(seat))
        return view

    def _view_text(self, seat: int | None) -> raw:
        """:meth:`view` as the engine writes it, with the server's fields added."""
        table = self.table
        core = table.match.game.engine
        if seat is None:
            return raw(core.table_view_json(None))
        fields: dict[str, Any] = {"decision": self._decision(seat)}
        clocks = table.clocks
        if clocks.on:
            fields.update(clocks.view_fields(seat))
        text = core.table_view_json(seat)
        return raw(text[:-1] + "," + dumps(fields)[1:] if text != "{}" else dumps(fields))

    def _decision(self, seat: int) -> int | None:
        """The number of the decision ``seat`` has been shown it is asked (``None`` while
        it may not act: a claim window holds what asks it)."""
        table = self.table
        return table.match.decision(seat) if table._shown_to_act(seat) else None

    def connect(
        self,
        seat: int | None,
        hand: int | None,
        since: int,
        all_views: bool,
        notices: list[dict[str, Any]],
    ) -> Connection:
        """:meth:`Table.connect`; ``notices`` are the messages sent after the ``hello``
        (the bots' fallbacks told so far); then :attr:`on_sockets` is called. Later it is sent each
        new event, and its view whenever it must act and once the match is over (with
        ``all_views``, after every change)."""
        table = self.table
        last = table._hands_shown() - 1
        if hand is None or not 0 <= hand <= last:
            hand, since = last, 0
        texts = self.texts(hand, seat)
        since = min(max(0, since), len(texts))  # no event is skipped
        conn = Connection(seat, hand=hand, sent=since, all_views=all_views)
        if since and texts:
            conn.start = texts[0]  # what it had, as far as the server can tell
        conn.add(
            {
                "type": "hello",
                "protocol": PROTOCOL,
                "table": table.id,
                "seat": seat,
                "seats": list(table.spec.seats),
                "match": table.spec.length,
                "hand": last,
                "clock": None if table.spec.clock is None else table.spec.clock.to_dict(),
            }
        )
        for message in notices:
            conn.add(message)
        self.connections.add(conn)
        clocks = table.clocks
        if table.uncommitted:  # what stands is sent with the flush that waits for it
            conn.view_due = True
            conn.push()
            table.flush()
        else:
            public = _PublicClock(clocks) if clocks.on else None
            self._flush_one(conn, force_view=True, public=public)
        self._sockets_changed()
        return conn

    def disconnect(self, conn: Connection) -> None:
        """Forget ``conn`` (its socket has closed)."""
        if conn in self.connections:
            self.connections.discard(conn)
            self._sockets_changed()

    def _sockets_changed(self) -> None:
        """A socket connected or left: the clocks note an absent seat, the room is told."""
        table = self.table
        if table.clocks.on:
            table.clocks.sockets_changed()
            table._driver.wake()
        if self.on_sockets is not None:
            self.on_sockets(table)

    def move(self, url: str | None) -> None:
        """:meth:`Table.move_connections`: tell every connection where the table is played
        now, and close it with :data:`CLOSE_MOVED`; the client reconnects there with its
        token, ``hand`` and ``since``."""
        for conn in list(self.connections):
            conn.send({"type": "redirect", "table": self.table.id, "url": url})
            conn.close_code = CLOSE_MOVED
            conn.queue.put_nowait(None)
        self.connections.clear()

    def sockets(self) -> tuple[list[int], int]:
        """How many connections each seat has open, and how many spectators."""
        seats = [0, 0, 0, 0]
        spectators = 0
        for conn in self.connections:
            if conn.seat is None:
                spectators += 1
            else:
                seats[conn.seat] += 1
        return seats, spectators

    def tell(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every connection now, in a frame of its own."""
        for conn in self.connections:
            conn.send(message)

    def unseat(self, seat: int | None, message: dict[str, Any] | None) -> None:
        """Send the connections of ``seat`` (``None``: every connection) ``message`` (if
        any) and close them with :data:`CLOSE_UNSEATED`; they are sent nothing more."""
        for conn in [c for c in self.connections if seat is None or c.seat == seat]:
            if message is not None:
                conn.send(message)
            conn.close_code = CLOSE_UNSEATED
            conn.queue.put_nowait(None)
            self.connections.discard(conn)

    def close(self) -> None:
        """Close every connection's queue (its writer then closes its socket)."""
        for conn in list(self.connections):
            conn.queue.put_nowait(None)

    def flush(self) -> None:
        """Send every connection what it has not been sent yet (and may be sent now).
        Precondition: the claim windows' frontier was just moved (:meth:`Table._advance`)."""
        clocks = self.table.clocks
        public = _PublicClock(clocks) if clocks.on else None
        for conn in self.connections:
            self._flush_one(conn, public=public)

    def _flush_one(
        self, conn: Connection, force_view: bool = False, public: _PublicClock | None = None
    ) -> None:
        """Send ``conn``, in one frame, what it has not been sent yet (and may be sent
        now): events, its view, the public clock (``public``), the match's end."""
        table = self.table
        if table.waiting:  # a room's table shows nothing of its match until it begins
            conn.view_due = conn.view_due or force_view
            conn.push()
            return
        games = table.match.games
        acting = conn.seat is not None and table.may_act(conn.seat)
        windows = table._windows
        while True:
            hand = conn.hand
            texts = self.texts(hand, conn.seat)
            count = len(texts)
            if acting or not windows.caps(hand):
                cap = count
            else:
                cap = windows.cap(hand, self.log(hand, conn.seat))
            if conn.sent and texts and texts[0] != conn.start:
                # The deal, as a seat sees it, is filled in once the bids are in (profiles
                # with bids): the start_hand sent before is replaced.
                conn.add(
                    raw(
                        f'{{"type":"event","hand":{hand},"n":0,"event":{texts[0]},"replaces":true}}'
                    )
                )
            for n in range(conn.sent, cap):
                conn.add(raw(f'{{"type":"event","hand":{hand},"n":{n},"event":{texts[n]}}}'))
            if texts and cap:
                conn.start = texts[0]
            conn.sent = max(conn.sent, cap)
            if cap < count or hand + 1 >= len(games):
                break
            conn.hand += 1
            conn.sent = 0
        key = (conn.hand, conn.sent, None if conn.seat is None else self._decision(conn.seat))
        # Everything is shown to it, and no claim window holds what may follow.
        caught_up = (
            conn.hand + 1 == len(games) and conn.sent == count and (acting or not windows.held())
        )
        over = table.match.is_over and caught_up
        conn.view_due = conn.view_due or force_view
        if caught_up and (
            conn.view_due or (key != conn.view_key and (conn.all_views or over or acting))
        ):
            conn.view_due = False
            conn.view_key = key
            conn.add({"type": "view", "hand": conn.hand, "view": self._view_text(conn.seat)})
        if caught_up and public is not None and public.key != conn.clock_key:
            conn.clock_key = public.key
            if public.key is not None and public.key[0] != conn.seat:  # (its view has it)
                conn.add(public.message())
        if over and not conn.ended:
            conn.ended = True
            conn.add(
                {
                    "type": "match_end",
                    "scores": list(table.match.scores),
                    "ranking": table.match.ranking,
                    "hands": len(games),
                    "dismissed": table.dismissed(),
                }
            )
        conn.push()


class _PublicClock:
    """The public clock at one flush (:meth:`Clocks.public`): its key, read once, and its
    ``clock`` message, made once if a connection is to be sent it."""

    __slots__ = ("_clocks", "key", "_message")

    def __init__(self, clocks: Clocks) -> None:
        self._clocks = clocks
        self.key = clocks.public()
        self._message: dict[str, Any] | None = None

    def message(self) -> dict[str, Any]:
        """The ``clock`` message (the key is not ``None``)."""
        if self._message is None:
            assert self.key is not None
            self._message = self._clocks.public_message(self.key)
        return self._message
