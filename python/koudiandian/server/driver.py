"""A table's bot driver: its bots act on the server, paced, and a bot that fails is told.

Bots act on the server: with ``bot_delay == 0`` they act at once, in the same step as the
action that gave them their turn; otherwise a table's driver task waits ``bot_delay``
seconds before each bot action (at a table with a person, not before a bot's hidden answer
to a discard). At a table with a person every discard is shown alike, whether or not a seat
may claim it (:mod:`.windows`): what follows it is sent ``claim_wait`` seconds later, and
the driver flushes it then. The driver's waits go through the table's ``clock`` and
``sleep``, which a test may inject.

A seat on 托管 (:mod:`.clocks`) is played like a bot in process, by the engine's default
action, at once (never paced); at a table with clocks the driver also wakes at the next
deadline (:meth:`Table.next_alarm`) and takes what is due (:meth:`Table.time_up`).

A seat whose bot fails is played by :data:`~.seatbots.FALLBACK` from then on, and every
connection is told so; a failure while the seat answered a discard is told only once the
table has shown the seat play (or its hand end): telling it at once would show that the
seat was asked about the discard.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import BotError, BotzoneVerdict, StorageError
from ..liveview import LiveView
from .seatbots import FALLBACK, SeatBots
from .shownlater import ShownLater, ShownTable
from .spec import HUMAN

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from ..action import Action
    from .clocks import Clocks
    from .connection import Connection
    from .dismissal import DismissVote
    from .limits import BotGate
    from .spec import TableSpec
    from .store import Store

__all__ = ["BotDriver", "BOT_BURST"]


class DrivenTable(ShownTable, Protocol):
    """What the bot driver reads and asks of its table (a :class:`~.tables.Table`), besides
    what news held back reads (:class:`~.shownlater.ShownTable`)."""

    spec: TableSpec  # (a failed bot's seat falls back: the spec is replaced)

    @property
    def id(self) -> str: ...

    @property
    def epoch(self) -> int | None: ...

    @property
    def _to_act(self) -> tuple[int, ...]: ...

    @property
    def votes(self) -> DismissVote: ...

    @property
    def clocks(self) -> Clocks: ...

    @property
    def bot_gate(self) -> BotGate | None: ...

    @property
    def _store(self) -> Store: ...

    @property
    def connections(self) -> set[Connection]: ...

    def served(self, seat: int) -> bool: ...

    def may_act(self, seat: int) -> bool: ...

    def _answering(self) -> bool: ...

    def _apply(self, seat: int, action: Action) -> None: ...

    def judge(self, seat: int, verdict: str) -> None: ...

    def _committing(self) -> AbstractContextManager[None]: ...

    async def settled(self) -> None: ...

    def flush(self) -> None: ...

    def time_up(self) -> bool: ...

    def next_alarm(self) -> float | None: ...


_log = logging.getLogger("koudiandian.server")

#: Bot actions taken at once (bot_delay 0) before the table lets other tables run.
BOT_BURST = 400


class BotDriver:
    """The bots of ``table`` (its part that plays them): which bot is to act, the driver
    task that lets them act (``clock`` and ``sleep`` are its, as :class:`Table` takes
    them), and the fallback of a bot that failed, told. ``bots`` are the table's seats'
    bots (:mod:`.seatbots`). Precondition: ``table`` is the one whose part this is."""

    def __init__(
        self,
        table: DrivenTable,
        bots: SeatBots,
        clock: Callable[[], float],
        sleep: Callable[[float], Awaitable[None]],
    ) -> None:
        self.table = table
        self.bots = bots
        # Seats whose bot failed, FALLBACK playing them: told to the table (a seat whose
        # bot is not registered here is told from the start), and not yet told: failed while
        # answering a discard, told once the seat is seen to play or the hand ends (that it
        # was asked about the discard is not public).
        self.told: set[int] = set(bots.fallen)
        self.untold = ShownLater(table)
        self._wake = asyncio.Event()
        self._alarm: Any = None  # what wakes the driver at a clock's next deadline
        self._alarm_at = float("inf")
        self._task: asyncio.Task[None] | None = None
        self._person = HUMAN in table.spec.seats
        self._clock = clock
        self._sleep = sleep

    def wake(self) -> None:
        """The table has changed: the driver looks again at what is to do."""
        self._wake.set()

    def close_bots(self) -> None:
        """Close the bots' processes, without waiting (fresh ones start when asked)."""
        self.bots.close()

    # -- which bot acts ---------------------------------------------------------------

    def bot_to_act(self, apart: bool = True) -> int | None:
        """A bot's seat (or one on 托管) that is to act now: one played in process first,
        else (if ``apart``) one played by a registered bot's process (:meth:`_play_apart`)."""
        table = self.table
        found = None
        for s in table._to_act:
            if table.served(s) and table.may_act(s):
                if not self.bots.apart(s):
                    return s
                found = s if apart and found is None else found
        return found

    def run_bots(self, limit: int) -> int:
        """Let bots played in process act while one is to act, at most ``limit`` times;
        returns how many did. (A registered bot's seat is left to the driver.)
        Precondition: inside the table's commit (:meth:`Table._committing`)."""
        table = self.table
        done = 0
        while done < limit:
            seat = self.bot_to_act(apart=False)
            if seat is None:
                break
            game = table.match.game
            if table.spec.seats[seat] == HUMAN:  # on 托管: the engine's default action
                table._apply(seat, table.match.default_action(seat))
            else:
                bot = self.bots.in_process(seat, len(table.match.games) - 1)
                legal = game.legal_actions(seat)
                table._apply(seat, bot.act(LiveView(game, seat), legal))  # type: ignore[arg-type]
            done += 1
        return done

    async def _play_apart(self, seat: int) -> None:
        """Seat ``seat``'s registered bot decides (its process asked off the event loop,
        :mod:`.execseat`), and its action is committed, unless the table moved on
        meanwhile (it was rebuilt, or let go). A bot that fails leaves the seat to
        :data:`FALLBACK` (which then decides), and the table is told (:meth:`_tell`)."""
        table = self.table
        game = table.match.game
        hand = len(table.match.games) - 1
        decision = table.match.decision(seat)
        answering = table._answering()
        try:
            action = await self.bots.decide(seat, game, hand, game.legal_actions(seat))
        except BotzoneVerdict as judged:  # a Botzone bot's: the hand ends as its judge ends it
            if table.match.game is game and table.may_act(seat):
                with table._committing():
                    table.judge(judged.seat, judged.verdict)
                await table.settled()
            return
        except BotError as e:
            self.bots.fall_back(seat, e)
            if answering:
                self.untold.hold(seat)
            else:
                self._tell(seat)
            return
        if (
            action is None
            or table.match.game is not game
            or not table.may_act(seat)
            or table.match.decision(seat) != decision
        ):
            return
        with table._committing():
            table._apply(seat, action)
        await table.settled()

    # -- the driver task --------------------------------------------------------------

    async def drive(self, table: DrivenTable) -> None:
        """The table's bot driver: runs until cancelled, holding ``table`` (its parts hold
        it weakly, :class:`~.tables.Table`). A bot that fails (a bot's bug, or the store
        refusing a commit) is logged, and the driver tries again a second later."""
        while True:
            try:
                await self._drive_once()
            except asyncio.CancelledError:
                raise
            except StorageError:  # a full disk (logged): try again until it has room
                await asyncio.sleep(1)
            except Exception:
                _log.exception("table %s: a bot's action failed", table.id)
                await asyncio.sleep(1)

    async def _drive_once(self) -> None:
        table = self.table
        while True:
            table.flush()  # what a claim window held may be due
            if table.time_up():  # a deadline passed: what it took changed the table
                continue
            seat = self.bot_to_act()
            if seat is None and (table.clocks.on or table.votes.open):
                self.arm(table.next_alarm())
                self._wake.clear()
                await self._wake.wait()
                continue
            if seat is None:
                # A window open when last looked at (the sleep may end a little early, or
                # late): look again at its end.
                if table._windows.held():
                    await self._sleep(max(0.0, table._windows.until - self._clock()))
                    continue
                self._wake.clear()
                await self._wake.wait()
                continue
            # A bot's answer to a discard is hidden: at a table with a person, it is not
            # paced (the claim window is). A seat on 托管 is not paced either.
            answer = (self._person and table._answering()) or table.spec.seats[seat] == HUMAN
            if self.bots.apart(seat):  # a registered bot's process: awaited, not run here
                if table.spec.bot_delay > 0 and not answer:
                    await self._sleep(table.spec.bot_delay)
                if self.bot_to_act() == seat:
                    await self._play_apart(seat)
            elif table.spec.bot_delay > 0:
                if not answer:
                    await self._sleep(table.spec.bot_delay)
                with table._committing():
                    self.run_bots(1)
                await table.settled()
            elif table.bot_gate is not None and not table.spec.humans:
                async with table.bot_gate.turn() as until:
                    with table._committing():
                        while self.run_bots(1) and time.monotonic() < until:
                            pass
                await table.settled()
            else:
                with table._committing():
                    self.run_bots(BOT_BURST)
                await asyncio.sleep(0)
                await table.settled()

    def arm(self, until: float | None) -> None:
        """Wake the driver at ``until`` (the table's clock; ``None``: no need), unless it
        is to wake earlier already: a clock's deadline, a vote's end. A person's action
        arms it rather than waking it, so that nothing runs until something is due."""
        if until is None or until >= self._alarm_at:
            return
        self._disarm()
        self._alarm_at = until
        delay = max(0.0, until - self._clock())
        if self._sleep is asyncio.sleep:  # the loop's own timer: no task to make
            self._alarm = asyncio.get_running_loop().call_later(delay, self._ring)
        else:  # an injected sleep (a test's clock)
            self._alarm = asyncio.ensure_future(self._sleep_then_ring(delay))

    async def _sleep_then_ring(self, delay: float) -> None:
        await self._sleep(delay)
        self._ring()

    def _ring(self) -> None:
        """The alarm: take what is due now (the driver may be awaiting a bot, or a bot's
        pace: a person's deadline does not wait for it), then wake the driver."""
        self._alarm, self._alarm_at = None, float("inf")
        self._wake.set()
        try:
            self.table.time_up()
        except ReferenceError:  # the table was let go (nothing holds it): nothing is due
            return
        except Exception:  # (the driver, woken, tries again and logs what fails)
            _log.debug("table %s: what was due is left to the driver", self.table.id)

    def _disarm(self) -> None:
        if self._alarm is not None:
            self._alarm.cancel()
        self._alarm, self._alarm_at = None, float("inf")

    def start(self, table: DrivenTable) -> None:
        """Start the driver task (:meth:`drive`) on the running event loop, unless it runs;
        ``table`` is the driver's table itself (not the weak reference its parts hold):
        the task keeps it while it runs."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.drive(table))

    def abandon(self) -> None:
        """Cancel the driver task and close the bots' processes without waiting."""
        self._disarm()
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.bots.close()

    async def stop(self) -> None:
        """Cancel the driver task and wait for it to end; close the bots' processes and
        wait for them to end (a decision being made is cut short)."""
        self._disarm()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.bots.aclose()

    # -- a bot that failed, told ------------------------------------------------------

    def fallback_message(self, seat: int) -> dict[str, Any]:
        """The message that tells that ``seat``'s bot failed and :data:`FALLBACK` plays it."""
        return {
            "type": "bot_fallback",
            "seat": seat,
            "bot": self.table.spec.seats[seat],
            "plays": FALLBACK,
        }

    def told_messages(self) -> list[dict[str, Any]]:
        """The fallbacks told so far, seat by seat (what a new connection is sent)."""
        return [self.fallback_message(seat) for seat in sorted(self.told)]

    def _tell(self, seat: int) -> None:
        """Tell every connection that ``seat``'s bot failed and :data:`FALLBACK` plays it
        (sent with their next frame; what failed is in the server's log only), and store
        it with the table's spec: a process that plays the table later keeps the seat
        greedy (a failure not yet told is not stored: the bot would start again)."""
        table = self.table
        self.untold.drop(seat)
        self.told.add(seat)
        table.spec = table.spec.fall_back(seat)
        try:
            table._store.update_spec(table.id, table.spec, table.epoch)
        except StorageError as e:  # the table plays on; another process would start it again
            _log.warning("table %s: seat %d's fallback is not stored: %s", table.id, seat, e)
        message = self.fallback_message(seat)
        for conn in table.connections:
            conn.add(message)

    def tell_due(self) -> None:
        """Tell the failures that were held back, once the table has shown the seat play
        (a public event of the seat: its draw, a claim) or its hand end: they came while
        the seat answered a discard, and telling them at once would show that it was asked
        about it (that it could claim the tile). Precondition: the claim windows' frontier
        was just moved (:meth:`Table._advance`)."""
        for seat in self.untold.due():
            self._tell(seat)
