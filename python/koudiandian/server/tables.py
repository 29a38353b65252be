"""Tables: one match each, its seats, its bots, its connections, and the server's lobby.

Everything here runs on the server's one event loop, so a table changes only between two
``await`` points: an action is checked by the engine, committed to the store and then
broadcast, with nothing in between. An action the engine refuses raises (and changes
nothing); an action the store cannot commit is undone by rebuilding the table from the
store.

Bots act on the server: with ``bot_delay == 0`` they act at once, in the same step as the
action that gave them their turn; otherwise a table's driver task waits ``bot_delay``
seconds before each bot action (at a table with a person, not before a bot's hidden answer
to a discard). At a table with a person every discard is shown alike, whether or not a seat
may claim it (:mod:`.windows`): what follows it is sent ``claim_wait`` seconds later. The
driver's waits go through the table's ``clock`` and ``sleep``, which a test may inject.

Memory stays bounded: a table whose match is over is evicted from memory once no socket
watches it (it stays in the store, and is rebuilt from it, for a while, when asked for); a
live table caches only its current and last hand's logs (:mod:`.handlogs`); and a
connection's queue of frames not yet sent is capped in bytes (:data:`MAX_QUEUED_BYTES`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..action import Action
from ..errors import (
    BotError,
    LeaseLostError,
    NotYourTurnError,
    StorageError,
    TableNotFoundError,
)
from ..game import Game
from ..match import Match
from ..simulate import _LazyView
from .auth import holder_of, seat_of
from .botregistry import BotRegistry
from .decisions import Decisions
from .handlogs import HandLogs
from .limits import BotGate
from .protocol import PROTOCOL
from .seatbots import FALLBACK, SeatBots
from .spec import HUMAN, TableSpec
from .store import Store
from .visibility import public_view, seat_log, seat_view
from .windows import DEFAULT_CLAIM_WAIT, ClaimWindows

__all__ = [
    "Table",
    "CLOSE_MOVED",
    "Connection",
    "MAX_QUEUED_BYTES",
    "FINISHED_CACHED",
    "NOT_YOUR_TURN",
    "no_table",
]

_log = logging.getLogger("koudiandian.server")

try:  # a faster JSON encoder, if installed (the [server] extra brings it)
    import orjson

    def _frame(messages: list[dict[str, Any]]) -> str:
        return orjson.dumps(messages).decode()

except ImportError:  # pragma: no cover - orjson is in the [server] extra

    def _frame(messages: list[dict[str, Any]]) -> str:
        return json.dumps(messages, separators=(",", ":"), ensure_ascii=False)


#: Bytes of frames queued for one connection, not yet sent, before the server gives up on
#: it (a client that does not read): its socket is closed with the too-slow code. A frame
#: counts its length as text (JSON with ASCII escapes but for names: about its bytes).
MAX_QUEUED_BYTES = 4 * 1024 * 1024
#: The close code of a socket whose table is played by another process (after a
#: ``redirect`` message naming it).
CLOSE_MOVED = 4307
#: Finished tables kept in memory, rebuilt from the store, once asked for (the most recent).
FINISHED_CACHED = 16
# Bot actions taken at once (bot_delay 0) before the table lets other tables run.
_BOT_BURST = 400
#: What a seat that is not to act is told when it acts (it names no seat: who else has a
#: decision is not public).
NOT_YOUR_TURN = "it is not your turn: no decision is pending for this seat"
_ANSWERING = ("claim", "rob")


@dataclass(eq=False)
class Connection:
    """One WebSocket: a seat (``None`` for a spectator), what it has been sent, and the
    queue of frames its writer task sends in order. A frame is a JSON array of messages:
    what one change of the table brings a connection goes out as one frame."""

    seat: int | None
    hand: int = 0  # the hand whose events it is being sent
    sent: int = 0  # how many events of that hand it has been sent
    view_key: tuple[int, int, int | None] | None = None  # (hand, events, decision) last sent
    view_due: bool = False  # a view is owed (held back while a claim window is open)
    all_views: bool = False  # a view after every change, not only when the seat must act
    ended: bool = False  # whether it has been told that the match is over
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    queued_bytes: int = 0  # the size of the frames in ``queue``
    max_queued_bytes: int = MAX_QUEUED_BYTES
    overflowed: bool = False
    close_code: int = 1000  # the code its socket is closed with once the queue ends
    pending: list[dict[str, Any]] = field(default_factory=list)
    start: dict[str, Any] | None = None  # the start_hand event sent for ``hand``

    def add(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the next frame."""
        self.pending.append(message)

    def push(self) -> None:
        """Send the queued messages as one frame."""
        if not self.pending or self.overflowed:
            self.pending.clear()
            return
        text = _frame(self.pending)
        self.pending.clear()
        if self.queued_bytes + len(text) > self.max_queued_bytes:
            self.overflowed = True
            self.queue.put_nowait(None)  # the writer closes the socket
            return
        self.queued_bytes += len(text)
        self.queue.put_nowait(text)

    def sent_frame(self, text: str) -> None:
        """The writer has taken ``text`` from the queue to send it."""
        self.queued_bytes -= len(text)

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` now (after anything queued), in a frame of its own."""
        self.add(message)
        self.push()


def no_table(table_id: str) -> TableNotFoundError:
    """The error for a table that is not there (or is private, to a client without its
    tokens: the two look the same)."""
    return TableNotFoundError(f"no table {table_id!r}")


def _match_of(spec: TableSpec) -> Match:
    return Match(spec.rules, seed=spec.seed, length=1 if spec.length is None else spec.length)


class Table:
    """One table: a match played by people (with tokens) and server-side bots.

    ``claim_wait`` (seconds, ≥ 0) is how long what follows a discard is held at a table with
    a person (:mod:`.windows`); ``clock`` (monotonic seconds) and ``sleep`` (an awaitable
    wait of that many seconds) are the driver's, injectable for tests; ``bots`` the
    operator's registered bots, which the spec's seats may name (:mod:`.seatbots`)."""

    def __init__(
        self,
        table_id: str,
        spec: TableSpec,
        digests: tuple[bytes | None, bytes | None, bytes | None, bytes | None],
        store: Store,
        watch: bytes | None = None,
        *,
        claim_wait: float = DEFAULT_CLAIM_WAIT,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        bots: BotRegistry | None = None,
    ) -> None:
        self.id = table_id
        self.spec = spec
        self._digests = digests
        self._watch = watch  # the watch token's digest (a private table's)
        self._store = store
        self.match = _match_of(spec)
        self.decisions = Decisions()
        self._asked(None)
        self.actions = 0  # actions accepted (and stored) so far
        self._answers = 0  # of which answers to a discard or an added kong (not public)
        self.connections: set[Connection] = set()
        self._bots = SeatBots(table_id, spec, bots if bots is not None else BotRegistry())
        # Seats whose bot failed, FALLBACK playing them: told to the table (a seat whose
        # bot is not registered here is told from the start), and not yet told: failed while
        # answering a discard, told once the seat is seen to play or the hand ends (that it
        # was asked about the discard is not public) -> (the hand, its public log's length).
        self._told: set[int] = set(self._bots.fallen)
        self._untold: dict[int, tuple[int, int]] = {}
        self._logs: dict[int, HandLogs] = {}  # the current and the last hand's logs
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._person = HUMAN in spec.seats
        self._clock = clock
        self._sleep = sleep
        self._windows = ClaimWindows(claim_wait if self._person else 0.0, clock)
        self._shown: dict[str, Any] = {}  # the public state before the last opener's step
        #: Called after a change or a disconnect once the match is over (the lobby's hook).
        self.on_over: Callable[[Table], None] | None = None
        #: The share of the loop its bots may take, if no person sits here (the lobby's).
        self.bot_gate: BotGate | None = None
        #: The epoch of this process's lease on the table: every commit is fenced by it
        #: (``None``: not fenced, a table not held through a lease).
        self.epoch: int | None = None
        #: Called when a commit finds the lease taken by another process (the lobby's hook).
        self.on_lost: Callable[[Table], None] | None = None

    # -- seats --------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat ``token`` holds here; raises :class:`InvalidTokenError`."""
        return seat_of(self.id, token, self._digests)

    def holder_of(self, token: str | None) -> int | None:
        """The seat ``token`` holds here, or ``None`` for the watch token (a spectator's);
        raises :class:`InvalidTokenError`."""
        return holder_of(self.id, token, self._digests, self._watch)

    # -- acting -------------------------------------------------------------------------

    def replay(self, actions: list[tuple[int, Action]]) -> None:
        """Take the stored ``actions`` again (rebuilding the table after a restart)."""
        self._answers = 0
        for seat, action in actions:
            self._answers += self.match.game.phase in _ANSWERING
            self._step(seat, action)
        self.actions = len(actions)
        self._windows.show_all(self._public_log, len(self.match.games))

    def _step(self, seat: int, action: Action) -> None:
        """Step the match (the engine refuses a bad action, changing nothing) and number
        the decisions it asks next."""
        self.match.step(seat, action)
        self._asked(seat)

    def _asked(self, acted: int | None) -> None:
        self._to_act = self.match.to_act  # who is to act, until the next step
        self.decisions.update(len(self.match.games) - 1, self._to_act, acted)

    def _apply(self, seat: int, action: Action) -> None:
        """Step the match (:meth:`_step`) and store the action (committed when the
        enclosing :meth:`_committing` block ends)."""
        self._before_step()
        answer = self.match.game.phase in _ANSWERING
        self._step(seat, action)
        self._store.add_action(self.id, self.actions, seat, action)
        self.actions += 1
        self._answers += answer

    @contextlib.contextmanager
    def _committing(self) -> Iterator[None]:
        """One transaction for the actions taken inside; if it cannot be committed, the
        table forgets them by rebuilding itself from what the store holds."""
        try:
            with self._store.transaction(self.id, self.epoch):
                yield
        except LeaseLostError:
            # Another process plays the table now: this one lets it go, unchanged on disk.
            _log.warning("table %s: its lease was taken over; it is let go", self.id)
            if self.on_lost is not None:
                self.on_lost(self)
            raise
        except BaseException as e:
            self._rebuild()
            if isinstance(e, StorageError):
                _log.warning("table %s: actions refused, the table is as it was: %s", self.id, e)
            raise

    def _rebuild(self) -> None:
        self.match = _match_of(self.spec)
        self.decisions = Decisions()
        self._asked(None)
        self.replay(self._store.table(self.id).actions)
        self._logs.clear()
        self._bots.close()  # they saw what is undone: fresh ones (fresh processes) play on

    def act(self, seat: int, action: Action, decision: int) -> None:
        """A person's action for ``seat`` (0–3), answering its decision number ``decision``:
        :class:`NotYourTurnError` (naming no seat) if ``seat`` has no decision it has been
        shown; :class:`StaleDecisionError` if ``decision`` is not the one it is asked; then
        checked by the engine, then committed (with the bots' answers when they act at
        once), then broadcast. Raises, and changes nothing, if it is refused."""
        if not self.may_act(seat):
            raise NotYourTurnError(NOT_YOUR_TURN)
        self.decisions.check(seat, decision)
        self._before_step()
        answer = self.match.game.phase in _ANSWERING
        self._step(seat, action)  # a refused action raises here, before any change
        with self._committing():
            self._store.add_action(self.id, self.actions, seat, action)
            self.actions += 1
            self._answers += answer
            if self.spec.bot_delay == 0:
                self._run_bots(_BOT_BURST)
        self.flush()
        # The driver has work only if a bot is to act or a claim window holds events (a
        # pass with neither flushes nothing: every connection was just flushed).
        seats = self.spec.seats
        if self._windows.held() or any(seats[s] != HUMAN for s in self._to_act):
            self._wake.set()

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` (0–3) is to act in what the table has shown: it is to act, and
        unless a claim window is open, the window is about the discard the seats were shown
        and ``seat`` is asked about it."""
        if seat not in self._to_act:
            return False
        if self._windows.wait <= 0:  # nothing is ever held
            return True
        self._windows.advance(self._public_log, len(self.match.games))
        return self._shown_to_act(seat)

    def _shown_to_act(self, seat: int) -> bool:
        """:meth:`may_act` at the last reading of the clock (the frontier does not move)."""
        if seat not in self._to_act:
            return False
        if not self._windows.held():
            return True
        hand = len(self.match.games) - 1
        return self.match.game.phase in _ANSWERING and self._windows.asked_about_shown(
            hand, self._public_log(hand)
        )

    def legal_actions(self, seat: int) -> list[Action]:
        """``seat``'s legal actions as far as it has been shown (none while it may not act)."""
        return list(self.match.legal_actions(seat)) if self.may_act(seat) else []

    @property
    def over(self) -> bool:
        """Whether the match is over, as far as the table has shown (a claim window may
        hold its end)."""
        self._windows.advance(self._public_log, len(self.match.games))
        return self.match.is_over and not self._windows.held()

    def _hands_shown(self) -> int:
        """How many hands the table has shown begun (a claim window may hold the next)."""
        games = self.match.games
        self._windows.advance(self._public_log, len(games))
        return self._windows.hand + 1 if self._windows.held() else len(games)

    def _public_log(self, hand: int) -> list[dict[str, Any]]:
        return self.log(hand, None)

    def _before_step(self) -> None:
        """Keep the public state a step may hide for a while (it may discard)."""
        if self._windows.wait > 0 and not self._windows.held():
            self._shown = self._game_state()

    def _bot_to_act(self, apart: bool = True) -> int | None:
        """A bot's seat that is to act now: one played in process first, else (if
        ``apart``) one played by a registered bot's process (:meth:`_play_apart`)."""
        seats = self.spec.seats
        found = None
        for s in self._to_act:
            if seats[s] != HUMAN and self.may_act(s):
                if not self._bots.apart(s):
                    return s
                found = s if apart and found is None else found
        return found

    def _run_bots(self, limit: int) -> int:
        """Let bots played in process act while one is to act, at most ``limit`` times;
        returns how many did. (A registered bot's seat is left to the driver.)"""
        done = 0
        while done < limit:
            seat = self._bot_to_act(apart=False)
            if seat is None:
                break
            game = self.match.game
            bot = self._bots.in_process(seat, len(self.match.games) - 1)
            legal = game.legal_actions(seat)
            self._apply(seat, bot.act(_LazyView(game, seat), legal))  # type: ignore[arg-type]
            done += 1
        return done

    async def _play_apart(self, seat: int) -> None:
        """Seat ``seat``'s registered bot decides (its process asked off the event loop,
        :mod:`.execseat`), and its action is committed, unless the table moved on
        meanwhile (it was rebuilt, or let go). A bot that fails leaves the seat to
        :data:`FALLBACK` (which then decides), and the table is told (:meth:`_tell`)."""
        game = self.match.game
        hand = len(self.match.games) - 1
        decision = self.decisions.current(seat)
        answering = game.phase in _ANSWERING
        try:
            action = await self._bots.decide(seat, game, hand, game.legal_actions(seat))
        except BotError as e:
            self._bots.fall_back(seat, e)
            if answering:
                self._untold[seat] = (hand, len(self._public_log(hand)))
            else:
                self._tell(seat)
            return
        if (
            action is None
            or self.match.game is not game
            or not self.may_act(seat)
            or self.decisions.current(seat) != decision
        ):
            return
        with self._committing():
            self._apply(seat, action)

    async def drive(self) -> None:
        """The table's bot driver: runs until cancelled. A bot that fails (a bot's bug, or
        the store refusing a commit) is logged, and the driver tries again a second later."""
        while True:
            try:
                await self._drive_once()
            except asyncio.CancelledError:
                raise
            except StorageError:  # a full disk (logged): try again until it has room
                await asyncio.sleep(1)
            except Exception:
                _log.exception("table %s: a bot's action failed", self.id)
                await asyncio.sleep(1)

    async def _drive_once(self) -> None:
        while True:
            self.flush()  # what a claim window held may be due
            seat = self._bot_to_act()
            if seat is None:
                # A window open when last looked at (the sleep may end a little early, or
                # late): look again at its end.
                if self._windows.held():
                    await self._sleep(max(0.0, self._windows.until - self._clock()))
                    continue
                self._wake.clear()
                await self._wake.wait()
                continue
            # A bot's answer to a discard is hidden: at a table with a person, it is not
            # paced (the claim window is).
            answer = self._person and self.match.game.phase in _ANSWERING
            if self._bots.apart(seat):  # a registered bot's process: awaited, not run here
                if self.spec.bot_delay > 0 and not answer:
                    await self._sleep(self.spec.bot_delay)
                if self._bot_to_act() == seat:
                    await self._play_apart(seat)
            elif self.spec.bot_delay > 0:
                if not answer:
                    await self._sleep(self.spec.bot_delay)
                with self._committing():
                    self._run_bots(1)
            elif self.bot_gate is not None and not self.spec.humans:
                async with self.bot_gate.turn() as until:
                    with self._committing():
                        while self._run_bots(1) and time.monotonic() < until:
                            pass
            else:
                with self._committing():
                    self._run_bots(_BOT_BURST)
                await asyncio.sleep(0)

    def start(self) -> None:
        """Start the table's bot driver (:meth:`drive`) on the running event loop, unless it runs."""
        if self._driver is None:
            self._driver = asyncio.get_running_loop().create_task(self.drive())

    def abandon(self) -> None:
        """Cancel the bot driver and close the bots' processes without waiting (the table
        is being evicted, or another process plays it now)."""
        if self._driver is not None:
            self._driver.cancel()
            self._driver = None
        self._bots.close()

    async def stop(self) -> None:
        """Cancel the bot driver and wait for it to end; close the bots' processes and wait
        for them to end (a decision being made is cut short); then close every
        connection's queue."""
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
            self._driver = None
        await self._bots.aclose()
        for conn in list(self.connections):
            conn.queue.put_nowait(None)

    # -- a bot that failed, told --------------------------------------------------------

    def _fallback_message(self, seat: int) -> dict[str, Any]:
        return {
            "type": "bot_fallback",
            "seat": seat,
            "bot": self.spec.seats[seat],
            "plays": FALLBACK,
        }

    def _tell(self, seat: int) -> None:
        """Tell every connection that ``seat``'s bot failed and :data:`FALLBACK` plays it
        (sent with their next frame; what failed is in the server's log only), and store
        it with the table's spec: a process that plays the table later keeps the seat
        greedy (a failure not yet told is not stored: the bot would start again)."""
        self._untold.pop(seat, None)
        self._told.add(seat)
        self.spec = self.spec.fall_back(seat)
        try:
            self._store.update_spec(self.id, self.spec, self.epoch)
        except StorageError as e:  # the table plays on; another process would start it again
            _log.warning("table %s: seat %d's fallback is not stored: %s", self.id, seat, e)
        message = self._fallback_message(seat)
        for conn in self.connections:
            conn.add(message)

    def _tell_due(self) -> None:
        """Tell the failures that were held back, once the table has shown the seat play
        (a public event of the seat: its draw, a claim) or its hand end: they came while
        the seat answered a discard, and telling them at once would show that it was asked
        about it (that it could claim the tile)."""
        if self._windows.held():
            return
        last = len(self.match.games) - 1
        for seat, (hand, start) in list(self._untold.items()):
            log = self._public_log(last)
            if (
                hand != last
                or self.match.game.is_over
                or any(e.get("seat") == seat for e in log[start:])
            ):
                self._tell(seat)

    # -- what connections see -------------------------------------------------------------

    def log(self, hand: int, seat: int | None) -> list[dict[str, Any]]:
        """Hand ``hand``'s log as ``seat`` may see it (``None``: public); kept for the
        current and the last hand only, extended by each change (:mod:`.handlogs`; an
        earlier hand's is rendered again from the core's log). Read it, do not keep it
        across a change."""
        games = self.match.games
        game = games[hand]
        logs = self._logs.get(hand)
        if logs is None or logs.game is not game:
            last = len(games) - 1
            if hand < last - 1:  # an earlier hand than the last one
                return seat_log(game, seat)
            # the current hand's, and the last one's (connections still sending its end)
            for h in [h for h in self._logs if h < last - 1]:
                del self._logs[h]
            logs = self._logs[hand] = HandLogs(game)
        return logs.log(seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The current hand's view for ``seat`` (``None``: public); a seat's carries the
        number of the decision it is asked (``decision``, ``None`` when asked nothing)."""
        game = self.match.game
        if seat is None:
            return public_view(game)
        view = seat_view(game, seat)
        view["decision"] = self._decision(seat)
        return view

    def _decision(self, seat: int) -> int | None:
        """The number of the decision ``seat`` has been shown it is asked (``None`` while
        it may not act: a claim window holds what asks it)."""
        return self.decisions.current(seat) if self._shown_to_act(seat) else None

    def connect(
        self,
        seat: int | None,
        hand: int | None = None,
        since: int = 0,
        *,
        all_views: bool = False,
    ) -> Connection:
        """A new connection for ``seat``, sent at once the events it has not seen: those of
        hand ``hand`` from number ``since`` on (default: the current hand's, all), then its
        view. Later it is sent each new event, and its view whenever it must act and once the
        match is over (with ``all_views``, after every change)."""
        last = self._hands_shown() - 1
        if hand is None or not 0 <= hand <= last:
            hand, since = last, 0
        log = self.log(hand, seat)
        since = min(max(0, since), len(log))  # no event is skipped
        conn = Connection(seat, hand=hand, sent=since, all_views=all_views)
        if since and log:
            conn.start = log[0]  # what it had, as far as the server can tell
        conn.add(
            {
                "type": "hello",
                "protocol": PROTOCOL,
                "table": self.id,
                "seat": seat,
                "seats": list(self.spec.seats),
                "match": self.spec.length,
                "hand": last,
            }
        )
        for seat in sorted(self._told):
            conn.add(self._fallback_message(seat))
        self.connections.add(conn)
        self._flush_one(conn, force_view=True)
        return conn

    def move_connections(self, url: str | None) -> None:
        """The table has moved to another process (its lease was taken over): tell every
        connection where (``url``, ``None`` when not yet known: ask any process again) and
        close it with :data:`CLOSE_MOVED`; the client reconnects there with its token,
        ``hand`` and ``since``."""
        for conn in list(self.connections):
            conn.send({"type": "redirect", "table": self.id, "url": url})
            conn.close_code = CLOSE_MOVED
            conn.queue.put_nowait(None)
        self.connections.clear()

    def disconnect(self, conn: Connection) -> None:
        """Forget ``conn`` (its socket has closed): it is sent nothing more."""
        self.connections.discard(conn)
        # (not self.over: the frontier must not move after the connections were flushed)
        if self.match.is_over and not self._windows.held() and self.on_over is not None:
            self.on_over(self)

    def flush(self) -> None:
        """Send every connection what it has not been sent yet (and may be sent now)."""
        self._windows.advance(self._public_log, len(self.match.games))
        if self._untold:
            self._tell_due()
        for conn in self.connections:
            self._flush_one(conn)
        if self.match.is_over:
            self._bots.close()  # (each once: the last hand's end is sent to each process)
        # (not self.over: the frontier must not move after the connections were flushed)
        if self.match.is_over and not self._windows.held() and self.on_over is not None:
            self.on_over(self)

    def _flush_one(self, conn: Connection, force_view: bool = False) -> None:
        games = self.match.games
        acting = conn.seat is not None and self.may_act(conn.seat)
        while True:
            log = self.log(conn.hand, conn.seat)
            cap = len(log) if acting else self._windows.cap(conn.hand, log)
            if conn.sent and log and log[0] is not conn.start and log[0] != conn.start:
                # The deal, as a seat sees it, is filled in once the bids are in (profiles
                # with bids): the start_hand sent before is replaced.
                conn.add(
                    {"type": "event", "hand": conn.hand, "n": 0, "event": log[0], "replaces": True}
                )
            for n in range(conn.sent, cap):
                conn.add({"type": "event", "hand": conn.hand, "n": n, "event": log[n]})
            if log and cap:
                conn.start = log[0]
            conn.sent = max(conn.sent, cap)
            if cap < len(log) or conn.hand + 1 >= len(games):
                break
            conn.hand += 1
            conn.sent = 0
        key = (conn.hand, conn.sent, None if conn.seat is None else self._decision(conn.seat))
        # Everything is shown to it, and no claim window holds what may follow.
        caught_up = (
            conn.hand + 1 == len(games)
            and conn.sent == len(log)
            and (acting or not self._windows.held())
        )
        over = self.match.is_over and caught_up
        conn.view_due = conn.view_due or force_view
        if caught_up and (
            conn.view_due or (key != conn.view_key and (conn.all_views or over or acting))
        ):
            conn.view_due = False
            conn.view_key = key
            conn.add({"type": "view", "hand": conn.hand, "view": self.view(conn.seat)})
        if over and not conn.ended:
            conn.ended = True
            conn.add(
                {
                    "type": "match_end",
                    "scores": list(self.match.scores),
                    "ranking": self.match.ranking,
                    "hands": len(games),
                }
            )
        conn.push()

    # -- public state -------------------------------------------------------------------

    def finished_hand(self, hand: int) -> Game:
        """Hand ``hand`` once it is over and its end is shown (its full log may then be
        shown)."""
        games = self.match.games
        self._windows.advance(self._public_log, len(games))
        shown = hand < self._windows.hand or not self._windows.held()
        if not 0 <= hand < len(games) or not games[hand].is_over or not shown:
            raise TableNotFoundError(
                f"table {self.id!r} has no finished hand {hand!r} "
                f"({sum(g.is_over for g in games)} finished)"
            )
        return games[hand]

    def public_state(self) -> dict[str, Any]:
        """What anyone may know of the table (``GET /tables/{id}``): no seed, no tiles."""
        spec = self.spec
        self._windows.advance(self._public_log, len(self.match.games))
        state = self._game_state()
        if self._windows.held():  # what the discard's step changed is not shown yet
            state = {**state, **self._shown, "phase": "wait"}
        connected = [0, 0, 0, 0]
        spectators = 0
        for conn in self.connections:
            if conn.seat is None:
                spectators += 1
            else:
                connected[conn.seat] += 1
        return {
            "id": self.id,
            "rules": spec.rules.to_dict(),
            "seats": [
                {
                    "seat": s,
                    "kind": kind,
                    "connected": connected[s],
                    "fallback": FALLBACK if s in self._told else None,
                }
                for s, kind in enumerate(spec.seats)
            ],
            "spectators": spectators,
            "match": spec.length,
            "bot_delay": spec.bot_delay,
            "private": spec.private,
            **state,
            "results": [r.to_dict() for r in self.match.results[: state["finished_hands"]]],
        }

    def _game_state(self) -> dict[str, Any]:
        """The match's part of :meth:`public_state`, as it is now; while a claim window is
        open, :meth:`public_state` shows the one kept before the discard, in phase
        ``"wait"``."""
        view = public_view(self.match.game)
        return {
            "hand": len(self.match.games) - 1,
            "finished_hands": sum(g.is_over for g in self.match.games),
            "over": self.match.is_over,
            "scores": list(self.match.scores),
            "ranking": self.match.ranking if self.match.is_over else None,
            "dealer": view["dealer"],
            "phase": view["phase"],
            "turn": view["turn"],
            "wall_remaining": view["wall_remaining"],
            # Answers to a discard are not public: how many seats answered one would say
            # how many were asked.
            "actions": self.actions - self._answers,
        }
