"""Tables: one match each, its seats, and the acting and commit that step it.

A :class:`Table` holds its match's state and steps it; its other jobs are its parts, each
holding the table: its bots and their driver (:mod:`.driver`), what its connections are
sent (:mod:`.fanout`, each :mod:`.connection`'s queue), and what anyone may know of it
(:mod:`.publicstate`).

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
import contextlib
import json
import logging
import time
import weakref
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from ..action import Action
from ..errors import (
    AutoPlayError,
    DismissVoteError,
    KoudiandianError,
    LeaseLostError,
    NotYourTurnError,
    RoomStateError,
    StaleDecisionError,
    StorageError,
    TableNotFoundError,
    TableUnavailableError,
)
from ..game import Game
from ..match import Match
from .auth import SeatTokens
from .botregistry import BotRegistry
from .clocks import ACTION, AWAY, RESUME, TIMEOUT, Clocks
from .connection import MAX_QUEUED_BYTES, Connection
from .dismissal import ACCEPT, PROPOSE, REFUSE, DismissVote, VoteAct
from .driver import BOT_BURST, BotDriver
from .fanout import CLOSE_MOVED, FanOut
from .groupcommit import GroupCommit, Uncommitted
from .limits import BotGate
from .publicstate import PublicState
from .seatbots import SeatBots
from .spec import HUMAN, TableSpec
from .store import ActionRow, Store
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


class Table:
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
        #: The server's group commit (:mod:`.groupcommit`; ``None``: each commit alone).
        self._commits = commits
        self._pending: Uncommitted | None = None  # taken, for the next group
        self._sending: Uncommitted | None = None  # in the group being committed
        self._flush_owed = False  # a flush waits for what is not committed
        self._open: list[tuple[int, int, Action | VoteAct]] | None = None  # kept in a block
        self._settled: list[asyncio.Future[None]] = []  # waiting for everything committed
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

    def replay(self, actions: list[tuple[int, Action | VoteAct]]) -> None:
        """Take the stored ``actions`` again (rebuilding the table after a restart), a
        dismiss vote's steps among them."""
        self._answers = 0
        for seat, action in actions:
            if isinstance(action, VoteAct):
                self._vote_step(seat, action)
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

    def _keep(self, seat: int, action: Action | VoteAct) -> None:
        """Keep the table's next action to be stored (committed when the enclosing
        :meth:`_committing` block ends, or with its group; outside one, it is committed
        at once)."""
        if self._open is None:
            with self._committing():
                self._keep(seat, action)
            return
        self._open.append((self.actions, seat, action))
        self.actions += 1

    @contextlib.contextmanager
    def _committing(self) -> Iterator[None]:
        """The actions taken inside are committed together: when the block ends (alone),
        or with the server's next group (:mod:`.groupcommit`, while an event loop runs).
        Alone, if they cannot be committed, the table forgets them by rebuilding itself
        from what the store holds (and its vote's and clocks' times from before the block),
        and the block raises; in a group, the same happens when the group is refused
        (:meth:`_group_refused`), and nothing the actions caused is sent before they stand
        (:meth:`flush` waits)."""
        if self._commits is not None and self._commits.grouping():
            if self._pending is None:
                self._pending = Uncommitted(self._undo_point())
            rows = self._open = self._pending.rows
            try:
                yield
            finally:  # (what was kept before an error is a step taken: it is committed)
                self._open = None
                if rows:
                    self._commits.add(self)
                elif self._sending is None:
                    self._pending = None
            return
        undo = self._undo_point()
        kept = self._open = []
        try:
            try:
                yield
            finally:
                self._open = None
            if kept:
                with self._store.transaction(self.id, self.epoch):
                    for n, seat, action in kept:
                        self._store.add_action(self.id, n, seat, action)
            self.clocks.stepped()  # the decisions that ended, charged once they stand
        except LeaseLostError:
            self._let_go()
            raise
        except BaseException as e:
            self._rebuild(*undo)
            if isinstance(e, StorageError):
                _log.warning("table %s: actions refused, the table is as it was: %s", self.id, e)
            raise

    def _undo_point(self) -> tuple[dict[str, Any] | None, float | None]:
        """What a refused commit takes back besides the match: a vote's times and the
        clocks' pause as they stand (kept only while it matters)."""
        before = self.votes.snapshot(self._clock()) if self.votes.timed else None
        return before, self.clocks.paused_at

    def _let_go(self) -> None:
        """Another process plays the table now: this one lets it go, unchanged on disk."""
        _log.warning("table %s: its lease was taken over; it is let go", self.id)
        if self.on_lost is not None:
            self.on_lost(self)

    def _then(self, after: Callable[[], None]) -> None:
        """Call ``after`` once what the table has taken is committed (at once if it is)."""
        if self._pending is not None and self._pending.rows:
            self._pending.then.append(after)
        elif self._sending is not None:
            self._sending.then.append(after)
        else:
            after()

    # -- its group's commit (:mod:`.groupcommit`) -------------------------------------------

    @property
    def uncommitted(self) -> bool:
        """Whether the table has taken actions not committed yet (nothing they caused is
        shown: readers wait, :meth:`settled`)."""
        return self._sending is not None or (self._pending is not None and bool(self._pending.rows))

    async def settled(self) -> None:
        """Wait until the actions the table has taken are committed, or refused (and
        forgotten); a reader then shows only what stands."""
        for _ in range(8):  # (new ones may come meanwhile: a few rounds, then read)
            if not self.uncommitted:
                return
            waiter = asyncio.get_running_loop().create_future()
            self._settled.append(waiter)
            await waiter

    def _take_rows(self) -> list[ActionRow]:
        """The rows for the group being committed (the group commit's)."""
        self._sending, self._pending = self._pending, None
        assert self._sending is not None
        return [(self.id, n, seat, action.code) for n, seat, action in self._sending.rows]

    def _group_committed(self) -> None:
        """The table's share of a group stands: charge the clocks, do what waited for it,
        and send what it caused (unless more waits for the next group)."""
        done, self._sending = self._sending, None
        self.clocks.stepped()
        if done is not None:
            for after in done.then:
                after()
        if not self.uncommitted:
            self._wake_settled()
            if self._flush_owed:
                self.flush()
                self._nudge_driver()

    def _group_refused(self, error: BaseException) -> None:
        """The table's share of a group was refused: forget everything not committed (the
        table rebuilt from the store), tell whoever acted, send what stands."""
        first = self._sending if self._sending is not None else self._pending
        refused = [
            *(self._sending.refused if self._sending is not None else []),
            *(self._pending.refused if self._pending is not None else []),
        ]
        self._sending = self._pending = None
        for conn in self.connections:
            conn.pending.clear()  # (news of what is forgotten)
        if isinstance(error, LeaseLostError):
            self._let_go()
            self._wake_settled()
            return
        assert first is not None
        self._rebuild(*first.undo)
        games = self.match.games
        for conn in self.connections:  # (one may have been placed past what stands)
            conn.hand = min(conn.hand, len(games) - 1)
            conn.sent = min(conn.sent, len(self.fanout.texts(conn.hand, conn.seat)))
        _log.warning("table %s: actions refused, the table is as it was: %s", self.id, error)
        storage = error if isinstance(error, StorageError) else StorageError(str(error))
        for tell in refused:
            tell(storage)
        self._wake_settled()
        self.flush()
        self._driver.wake()

    def _wake_settled(self) -> None:
        waiters, self._settled = self._settled, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

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

    # -- 托管 and the dismiss vote (a person's messages) ----------------------------------------

    def resume(self, seat: int) -> None:
        """``seat``'s player takes it back from 托管 (its next decision is timed again);
        raises :class:`AutoPlayError` if it is not on 托管."""
        if not self.clocks.auto[seat]:
            raise AutoPlayError(f"seat {seat} is not on 托管: there is nothing to take back")
        self.clocks.mark(seat, False, RESUME)
        self.flush()
        self._driver.wake()

    def _check_playing(self) -> None:
        """Refuse a vote's step unless the match is shown being played (while a claim
        window holds a discard's sequel, whether it ended the match is not public: wait)."""
        if self.waiting:
            raise DismissVoteError(f"table {self.id!r}: its match has not started")
        self._advance()
        if self._windows.held():
            raise DismissVoteError("a discard's claim window is open: ask once it closes")
        if self.match.is_over:
            raise DismissVoteError(f"table {self.id!r}: its match is over")

    def propose_dismiss(
        self, seat: int, refused: Callable[[KoudiandianError], None] | None = None
    ) -> None:
        """``seat``'s player proposes to dismiss the match (:mod:`.dismissal`); raises
        :class:`DismissVoteError` if it may not now. Seats on 托管 accept at once. A group
        commit's refusal is told to ``refused`` (:meth:`act`)."""
        self._check_playing()
        self.votes.check_propose(seat)
        self._voting(seat, PROPOSE, refused)

    def vote(
        self, seat: int, accept: bool, refused: Callable[[KoudiandianError], None] | None = None
    ) -> None:
        """``seat``'s player answers the open dismiss vote; raises
        :class:`DismissVoteError` if there is none, or it proposed it, or answered it. A
        group commit's refusal is told to ``refused`` (:meth:`act`)."""
        self._check_playing()
        self.votes.check_answer(seat)
        self._voting(seat, ACCEPT if accept else REFUSE, refused)

    def _voting(
        self, seat: int, kind: str, refused: Callable[[KoudiandianError], None] | None
    ) -> None:
        """Store and take a checked vote step by ``seat`` (and the accepts of the seats
        publicly on 托管, when a vote opens: one whose claim's timeout is not public yet
        answers as a silent seat does, at the vote's end), then tell every connection."""
        rows = [(seat, VoteAct(kind))]
        if kind == PROPOSE:
            rows += [(s, VoteAct(ACCEPT)) for s in self.votes.voters(seat) if self.clocks.told(s)]
        self._vote_rows(rows, refused)

    def _vote_rows(
        self,
        rows: list[tuple[int, VoteAct]],
        refused: Callable[[KoudiandianError], None] | None = None,
    ) -> None:
        """Store and take vote steps (until the vote closes), then, once they stand, tell
        every connection."""
        outcome = None
        with self._committing():
            self._tell_refusal(refused)
            for s, act in rows:
                self._keep(s, act)
                outcome = self._vote_step(s, act)
                if outcome is not None:
                    break
        self._then(lambda: self._told_vote(outcome))

    def _tell_refusal(self, refused: Callable[[KoudiandianError], None] | None) -> None:
        """In a group commit's block: tell ``refused`` if the group is refused."""
        if refused is not None and self._open is not None and self._pending is not None:
            self._pending.refused.append(refused)

    def _vote_step(self, seat: int, act: VoteAct) -> bool | None:
        """Take a vote step (live, or replayed: one that does not fit the vote raises
        :class:`TableUnavailableError`): the clocks stop while a vote is open, and a vote
        that dismissed the match ends it. Returns the vote's outcome if it closed."""
        if not self.votes.fits(seat, act) or self.match.is_over:
            raise TableUnavailableError(
                f"table {self.id!r}: a stored dismiss vote's step ({act.kind} by seat {seat}) "
                "does not fit the vote"
            )
        outcome = self.votes.apply(seat, act)
        if outcome is None:
            self.clocks.pause()
        else:
            self.clocks.unpause()
            if outcome:
                self.match.dismiss()
                self._asked()
        return outcome

    def _told_vote(self, outcome: bool | None) -> None:
        """Tell every connection the vote's news, then what follows it."""
        message = self.votes.message()
        for conn in self.connections:
            conn.add(message)
            if outcome is False and conn.seat in self._to_act:
                conn.view_due = True  # play goes on: its decision is shown to it again
        self.save_clocks()
        self.flush()
        self._driver.wake()

    # -- the clocks' deadlines (the driver's) --------------------------------------------------

    def time_up(self) -> bool:
        """Take what the clocks have made due: a vote whose time ran out (its silent seats
        accept), seats away past their grace (on 托管), decisions out of time (the engine's
        default action, the seat on 托管). Returns whether anything was taken."""
        now = self._clock()
        deadline = self.votes.deadline()
        if deadline is not None:
            if now < deadline:
                return False
            self._vote_rows([(s, VoteAct(ACCEPT)) for s in self.votes.silent()])
            return True
        if self.waiting or self.match.is_over:
            return False
        done = False
        for seat in self.clocks.away(now):
            self.clocks.mark(seat, True, AWAY)
            done = True
        while True:  # (each timeout may end another seat's decision)
            due = self.clocks.timed_out(now)
            if not due:
                break
            seat = due[0]
            claim = self._answering()
            action = self.match.default_action(seat)
            with self._committing():  # (refused: nothing changed, the mark not set)
                self._apply(seat, action)
            self.clocks.mark(seat, True, TIMEOUT, hidden=claim)
            done = True
        if done:
            self.flush()
        return done

    def next_alarm(self) -> float | None:
        """When the driver must look at the table again though nothing changes (the table's
        clock): a claim window's end, a clock's deadline, a vote's end, and no later than a
        new decision's deadline could come (:meth:`Clocks.soonest`: a person's action then
        need not arm the driver again, :meth:`act`); ``None``: never."""
        times = [self.clocks.next_at(), self.clocks.soonest(), self.votes.deadline()]
        if self._windows.held():
            times.append(self._windows.until)
        return min((t for t in times if t is not None), default=None)

    def save_clocks(self) -> None:
        """Store the clocks, marks and vote times now (a mark changed, a vote moved): a
        process that plays the table later resumes them (:meth:`restore_clocks`). A refusal
        is logged: the next periodic save (:meth:`clock_row`) stores them."""
        try:
            self._store.save_clocks([self.clock_row()])
        except StorageError as e:
            _log.warning("table %s: its clocks are not stored: %s", self.id, e)

    def clock_row(self) -> tuple[str, str, int | None]:
        """The table's stored clocks, its id and its lease's epoch (a save's row)."""
        state = {"clocks": self.clocks.snapshot(), "vote": self.votes.snapshot(self._clock())}
        return json.dumps(state, separators=(",", ":")), self.id, self.epoch

    def restore_clocks(self, text: str | None) -> None:
        """Take back the clocks a process stored (:meth:`clock_row`), the table just
        replayed; a seat without a socket is away from now. Stored clocks that cannot be
        read are logged and left: the table plays on with fresh ones (its banks full, no
        seat on 托管; a vote's steps are its actions, and stand)."""
        if text:
            try:
                state = json.loads(text)
                self.clocks.restore(state["clocks"])
                self.votes.restore(state["vote"])
            except (ValueError, TypeError, KeyError, AttributeError, ArithmeticError) as e:
                _log.warning("table %s: its stored clocks are not read: %r", self.id, e)
        if not self.waiting:
            self.clocks.begin()

    def dismissed(self) -> dict[str, int] | None:
        """``{"by": seat}`` if the match was dismissed, by whose proposal; else ``None``."""
        by = self.votes.dismissed_by
        return None if by is None else {"by": by}

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

    # -- what the table has shown ---------------------------------------------------------
    #
    # Each answer below reads the clock first (:meth:`_advance`), the getters too: what one
    # of them tells is then shown, and every later answer must agree with it.

    def _advance(self) -> None:
        """Read the clock: move the claim windows' frontier as far as it allows
        (:meth:`ClaimWindows.advance`). The frontier is state, not a function of the clock:
        a window ends ``claim_wait`` seconds after the reading at which its discard was
        first shown, whoever read it."""
        self._windows.advance(self._public_log, len(self.match.games))

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` (0–3) is to act in what the table has shown: it is to act, and
        unless a claim window is open, the window is about the discard the seats were shown
        and ``seat`` is asked about it; never while a room's table waits. Reads the clock
        (:meth:`_advance`)."""
        if seat not in self._to_act or self.waiting or self.votes.open:
            return False
        if self._windows.wait <= 0:  # nothing is ever held
            return True
        self._advance()
        return self._shown_to_act(seat)

    def _shown_to_act(self, seat: int) -> bool:
        """:meth:`may_act` at the last reading of the clock (the frontier does not move)."""
        if seat not in self._to_act or self.waiting or self.votes.open:
            return False
        if not self._windows.held():
            return True
        hand = len(self.match.games) - 1
        return self._answering() and self._windows.asked_about_shown(hand, self._public_log(hand))

    def legal_actions(self, seat: int) -> list[Action]:
        """``seat``'s legal actions as far as it has been shown (none while it may not act).
        Reads the clock (:meth:`may_act`)."""
        return list(self.match.legal_actions(seat)) if self.may_act(seat) else []

    @property
    def over(self) -> bool:
        """Whether the match is over, as far as the table has shown (a claim window may
        hold its end). Reads the clock (:meth:`_advance`)."""
        self._advance()
        return self.match.is_over and not self._windows.held()

    def _hands_shown(self) -> int:
        """How many hands the table has shown begun (a claim window may hold the next).
        Reads the clock (:meth:`_advance`)."""
        self._advance()
        return self._windows.hand + 1 if self._windows.held() else len(self.match.games)

    def _public_log(self, hand: int) -> list[dict[str, Any]]:
        return self.log(hand, None)

    def _ended(self) -> None:
        """Call :attr:`on_over` if the match is over and its end shown, at the frontier the
        connections were just flushed at (not :attr:`over`: the frontier must not move)."""
        if self.match.is_over and not self._windows.held() and self.on_over is not None:
            self.on_over(self)

    def finished_hand(self, hand: int) -> Game:
        """Hand ``hand`` once it is over and its end is shown (its full log may then be
        shown); raises :class:`TableNotFoundError`. Reads the clock (:meth:`_advance`)."""
        return self._public.finished_hand(hand)

    def public_state(self) -> dict[str, Any]:
        """What anyone may know of the table (``GET /tables/{id}``): no seed, no tiles
        (:mod:`.publicstate`). Reads the clock (:meth:`_advance`)."""
        return self._public.state()

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
