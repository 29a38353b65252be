"""Tables: one match each, its seats, and the acting and commit that step it.

A :class:`Table` holds its match's state and steps it; its other jobs are its parts, each
holding the table: its bots and their driver (:mod:`.driver`), what its connections are
sent (:mod:`.fanout`, each :mod:`.connection`'s queue), and what anyone may know of it
(:mod:`.publicstate`); and the mixins it is built from, each one job of its own: the commit
of its actions (:mod:`.tablecommit`), what it has shown (:mod:`.tableshown`), the dismiss
vote (:mod:`.tablevote`) and its clocks' deadlines (:mod:`.tableclocks`).

Everything here runs on the server's one event loop, so a table changes only between two
``await`` points: an action is checked by the engine, committed to the store and then
broadcast, with nothing in between. An action the engine refuses raises (and changes
nothing); an action the store cannot commit is undone by rebuilding the table from the
store.

Memory stays bounded: a table whose match is over is evicted from memory once no socket
watches it (it stays in the store, and is rebuilt from it, for a while, when asked for:
:data:`FINISHED_CACHED`); a live table caches only its current and last hand's logs
(:mod:`.fanout`); and a connection's queue of frames not yet sent is capped in bytes
(:data:`MAX_QUEUED_BYTES`).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ..action import Action
from ..errors import (
    DismissVoteError,
    KoudiandianError,
    NotYourTurnError,
    RoomStateError,
    StaleDecisionError,
    TableNotFoundError,
)
from ..match import Match
from .auth import SeatTokens
from .botregistry import BotRegistry
from .clocks import ACTION, Clocks
from .connection import MAX_QUEUED_BYTES, Connection
from .dismissal import DismissVote, VoteAct
from .driver import BOT_BURST, BotDriver
from .fanout import CLOSE_MOVED, FanOut
from .groupcommit import GroupCommit
from .limits import BotGate
from .publicstate import PublicState
from .seatbots import SeatBots
from .spec import HUMAN, TableSpec
from .store import Store
from .tableclocks import TableClocks
from .tablecommit import TableCommit
from .tableshown import TableShown
from .tablevote import TableVote
from .verdictact import VerdictAct
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

#: Finished tables kept in memory, rebuilt from the store, once asked for (the most recent).
FINISHED_CACHED = 16
#: What a seat that is not to act is told when it acts (it names no seat: who else has a
#: decision is not public).
NOT_YOUR_TURN = "it is not your turn: no decision is pending for this seat"


def no_table(table_id: str) -> TableNotFoundError:
    """The error for a table that is not there (or is private, to a client without its
    tokens: the two look the same)."""
    return TableNotFoundError(f"no table {table_id!r}")


def _match_of(spec: TableSpec) -> Match:
    length = 1 if spec.length is None else spec.length
    return Match(spec.rules, seed=spec.seed, length=length, first_dealer=spec.first_dealer)


class Table(TableShown, TableCommit, TableVote, TableClocks):
    """One table: a match played by people (with tokens) and server-side bots.

    ``claim_wait`` (seconds, ≥ 0) is how long what follows a discard is held at a table with
    a person (:mod:`.windows`); ``clock`` (monotonic seconds) and ``sleep`` (an awaitable
    wait of that many seconds) are the driver's, injectable for tests; ``bots`` the
    operator's registered bots, which the spec's seats may name (:mod:`.seatbots`).

    A room's table (``room``: the room's id, which its tokens are bound to) may be
    ``waiting``: its match is dealt but nothing of it is shown, and nobody acts, until the
    room's players are all ready (:meth:`begin`, :mod:`.rooms`).

    A table whose spec has clocks times its people's decisions and plays a seat whose time
    ran out on 托管 (:mod:`.clocks`); any table's people may vote to dismiss its match
    (:mod:`.dismissal`)."""

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
        room: str | None = None,
        waiting: bool = False,
        commits: GroupCommit | None = None,
    ) -> None:
        self.id = table_id
        self.spec = spec
        #: The id of the room this table's match is played in (``None``: a table of its own).
        self.room = room
        #: Whether the room's players are not all ready yet (nothing shown, nobody acts).
        self.waiting = waiting
        #: Its seats' tokens (and a private table's watch token), bound to the room if any.
        self.tokens = SeatTokens(table_id if room is None else room, digests, watch)
        self._store = store
        self._begin_commits(commits)  # (the server's group commit, :mod:`.tablecommit`)
        self.match = _match_of(spec)
        self._asked()
        self.actions = 0  # actions accepted (and stored) so far
        self._answers = 0  # of which answers to a discard or an added kong (not public)
        #: What its connections are sent (:mod:`.fanout`; a room's news too, :mod:`.rooms`).
        # Its parts hold it weakly: a table let go is freed at once (no cycle for the
        # collector's full passes to find, :data:`~.app.FULL_PASS_SECONDS`).
        me = weakref.proxy(self)
        self.fanout = FanOut(me)
        seat_bots = SeatBots(table_id, spec, bots if bots is not None else BotRegistry())
        self._driver = BotDriver(me, seat_bots, clock, sleep)
        person = HUMAN in spec.seats
        self._windows = ClaimWindows(claim_wait if person else 0.0, clock)
        self._public = PublicState(me)
        self._clock = clock
        #: Its people's clocks and 托管 marks (:mod:`.clocks`).
        self.clocks = Clocks(me, spec.clock, clock)
        self.votes = DismissVote(spec.humans, clock)
        #: Called after a change or a disconnect once the match is over (the lobby's hook).
        self.on_over: Callable[[Table], None] | None = None
        #: The share of the loop its bots may take, if no person sits here (the lobby's).
        self.bot_gate: BotGate | None = None
        #: The epoch of this process's lease on the table: every commit is fenced by it
        #: (``None``: not fenced, a table not held through a lease).
        self.epoch: int | None = None
        #: Called when a commit finds the lease taken by another process (the lobby's hook).
        self.on_lost: Callable[[Table], None] | None = None
        if not waiting:
            self.clocks.begin()  # (a seat with no socket yet is away from now)

    # -- seats --------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat ``token`` holds here; raises :class:`InvalidTokenError`."""
        return self.tokens.seat_of(token)

    def holder_of(self, token: str | None) -> int | None:
        """The seat ``token`` holds here, or ``None`` for the watch token (a spectator's);
        raises :class:`InvalidTokenError`."""
        return self.tokens.holder_of(token)

    # -- a room's table ---------------------------------------------------------------------

    def begin(self) -> None:
        """The room's players are all ready: the match is shown and played from now on."""
        self.waiting = False
        self.clocks.begin()
        self.flush()
        self._driver.wake()

    # -- acting -------------------------------------------------------------------------

    def replay(self, actions: list[tuple[int, Action | VoteAct | VerdictAct]]) -> None:
        """Take the stored ``actions`` again (rebuilding the table after a restart), a
        dismiss vote's steps and Botzone bots' verdicts among them."""
        self._answers = 0
        for seat, action in actions:
            if isinstance(action, VoteAct):
                self._vote_step(seat, action)
                continue
            if isinstance(action, VerdictAct):
                self._end_by_verdict(seat, action)
                continue
            self._answers += self._answering()
            self._step(seat, action)
        self.actions = len(actions)
        self._windows.show_all(self._public_log, len(self.match.games))

    def _step(self, seat: int, action: Action) -> None:
        """Step the match (the engine refuses a bad action, changing nothing; the match
        numbers the decisions it asks next, :meth:`Match.decision`)."""
        self.match.step(seat, action)
        self._asked()

    def _end_by_verdict(self, seat: int, act: VerdictAct) -> None:
        """End the hand by a Botzone bot's verdict against ``seat`` (:meth:`Match.end_by_verdict`)."""
        self.match.end_by_verdict(seat, act.verdict)
        self._asked()

    def judge(self, seat: int, verdict: str) -> None:
        """End the hand by a Botzone bot's ``verdict`` against ``seat``, and store it among
        the actions (committed when the enclosing :meth:`_committing` block ends)."""
        act = VerdictAct(verdict)
        self._public.keep()
        self._end_by_verdict(seat, act)
        self._keep(seat, act)

    def _asked(self) -> None:
        self._to_act = self.match.to_act  # who is to act, until the next step

    def served(self, seat: int) -> bool:
        """Whether the server decides for ``seat``: a bot's seat, or one on 托管."""
        return self.spec.seats[seat] != HUMAN or self.clocks.auto[seat]

    def _answering(self) -> bool:
        """Whether the seats to act answer a discard or an added kong (whether they claim
        it, or rob it): not public."""
        return self.match.game.engine.awaiting_answers()

    def _apply(self, seat: int, action: Action) -> None:
        """Step the match (:meth:`_step`) and store the action (committed when the
        enclosing :meth:`_committing` block ends)."""
        self._public.keep()
        answer = self._answering()
        self._step(seat, action)
        self._keep(seat, action)
        self._answers += answer

    def _let_go(self) -> None:
        """Another process plays the table now: this one lets it go, unchanged on disk."""
        _log.warning("table %s: its lease was taken over; it is let go", self.id)
        if self.on_lost is not None:
            self.on_lost(self)

    def _rebuild(self, votes: dict[str, Any] | None, paused: float | None) -> None:
        """Replay the table from the store; its vote's times ``votes`` (a snapshot) and the
        clocks' pause ``paused`` are those from before what is undone."""
        self.match = _match_of(self.spec)
        self.votes = DismissVote(self.spec.humans, self._clock)
        self.clocks.forget_pause()  # (a vote stored pauses them again)
        self._asked()
        self.replay(self._store.table(self.id).actions)
        if votes is not None:
            self.votes.restore(votes)
        self.clocks.paused_since(paused)
        self.fanout.forget_logs()
        self._driver.close_bots()  # they saw what is undone: fresh ones (processes) play on

    def act(
        self,
        seat: int,
        action: Action,
        decision: int,
        refused: Callable[[KoudiandianError], None] | None = None,
    ) -> None:
        """A person's action for ``seat`` (0–3), answering its decision number ``decision``:
        :class:`NotYourTurnError` (naming no seat) if ``seat`` has no decision it has been
        shown; :class:`StaleDecisionError` if ``decision`` is not the one it is asked; then
        checked by the engine, then committed (with the bots' answers when they act at
        once), then broadcast. Raises, and changes nothing, if it is refused. An action
        accepted from a seat on 托管 takes it back. In a group commit (:meth:`_committing`)
        the commit's refusal comes later: it is told to ``refused``."""
        if self.waiting:
            raise RoomStateError(
                f"table {self.id!r}: its match has not started (every player says ready first)"
            )
        if self.votes.open:
            raise DismissVoteError("a dismiss vote is open: play waits for its outcome")
        if not self.may_act(seat):
            raise NotYourTurnError(NOT_YOUR_TURN)
        self.match.check_decision(seat, decision)
        if self.clocks.on and self.clocks.expired(seat, decision):  # late: the timeout is taken
            self.time_up()
            raise StaleDecisionError(
                f"decision {decision} of seat {seat} ran out of time: the server played it"
            )
        self._public.keep()
        answer = self._answering()
        self._step(seat, action)  # a refused action raises here, before any change
        if self.clocks.auto[seat]:  # its player is back: not played for from here on
            self.clocks.mark(seat, False, ACTION)
        with self._committing():
            self._keep(seat, action)
            self._answers += answer
            self._tell_refusal(refused)
            if self.spec.bot_delay == 0:
                self._driver.run_bots(BOT_BURST)
        self.flush()
        if not self.uncommitted:  # (else once its group stands: :meth:`_group_committed`)
            self._nudge_driver()

    def _nudge_driver(self) -> None:
        """After a person's action, flushed: the driver has work only if a bot is to act or
        a claim window holds events (a pass with neither flushes nothing: every connection
        was just flushed); a clock only needs it to look again no later than the soonest a
        new deadline can come (it then arms itself for the exact one)."""
        if self._windows.held() or any(self.served(s) for s in self._to_act):
            self._driver.wake()
        elif self.clocks.on:
            self._driver.arm(self.clocks.soonest())

    def notices(self, seat: int | None) -> list[dict[str, Any]]:
        """What a new connection of ``seat`` is sent after its ``hello``: the bots' fallbacks
        told, the 托管 marks it may know, the open dismiss vote."""
        out = self._driver.told_messages() + self.clocks.notices(seat)
        if self.votes.open:
            out.append(self.votes.message())
        return out

    def _run_bots(self, limit: int) -> int:
        """Let bots played in process act, at most ``limit`` times (:meth:`BotDriver.run_bots`);
        returns how many did."""
        return self._driver.run_bots(limit)

    # -- its connections (:mod:`.fanout`) ---------------------------------------------------

    @property
    def connections(self) -> set[Connection]:
        """The table's open connections."""
        return self.fanout.connections

    def log(self, hand: int, seat: int | None) -> list[dict[str, Any]]:
        """Hand ``hand``'s log as ``seat`` may see it (``None``: public): :meth:`FanOut.log`.
        Read it, do not keep it across a change."""
        return self.fanout.log(hand, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The current hand's view for ``seat`` (``None``: public); a seat's carries the
        number of the decision it is asked (``decision``, ``None`` when asked nothing)."""
        return self.fanout.view(seat)

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
        view (:meth:`FanOut.connect`)."""
        return self.fanout.connect(seat, hand, since, all_views, self.notices(seat))

    def move_connections(self, url: str | None) -> None:
        """The table has moved to another process (its lease was taken over): tell every
        connection where (``url``, ``None``: not known yet) and close it (:meth:`FanOut.move`)."""
        self.fanout.move(url)

    def disconnect(self, conn: Connection) -> None:
        """Forget ``conn`` (its socket has closed): it is sent nothing more."""
        self.fanout.disconnect(conn)
        self._ended()

    def _ended(self) -> None:
        """Call :attr:`on_over` if the match is over and its end shown, at the frontier the
        connections were just flushed at (not :attr:`over`: the frontier must not move)."""
        if self.match.is_over and not self._windows.held() and self.on_over is not None:
            self.on_over(self)

    def flush(self) -> None:
        """Send every connection what it has not been sent yet (and may be sent now): read
        the clock (:meth:`_advance`), tell the bots' failures now due, send, and once the
        match's end is shown, call :attr:`on_over`. While actions the table took are not
        committed, nothing is sent: the flush waits for their group (:meth:`_committing`)."""
        if self.uncommitted:
            self._flush_owed = True
            return
        self._flush_owed = False
        self._advance()
        self._driver.tell_due()
        self.clocks.tell_due()
        self.clocks.shown()
        self.fanout.flush()
        if self.match.is_over:
            self._driver.close_bots()  # (each once: the last hand's end is sent to each process)
        self._ended()

    # -- its bots' driver (:mod:`.driver`) ----------------------------------------------------

    def start(self) -> None:
        """Start the table's bot driver (:meth:`BotDriver.drive`) on the running event loop,
        unless it runs."""
        self._driver.start(self)

    def abandon(self) -> None:
        """Cancel the bot driver and close the bots' processes without waiting (the table
        is being evicted, or another process plays it now)."""
        self._driver.abandon()

    async def stop(self) -> None:
        """Cancel the bot driver and wait for it to end; close the bots' processes and wait
        for them to end (a decision being made is cut short); then close every
        connection's queue."""
        await self._driver.stop()
        self.fanout.close()


if TYPE_CHECKING:  # a table is what each of its parts reads of it (the type checker checks)
    from .clocks import TimedTable
    from .driver import DrivenTable
    from .fanout import SentTable
    from .publicstate import KnownTable

    def _read_by_its_parts(t: Table) -> tuple[KnownTable, SentTable, DrivenTable, TimedTable]:
        return t, t, t, t
