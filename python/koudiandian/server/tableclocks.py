"""A table's clocks (:mod:`.clocks`): 托管 taken back, what their deadlines make due taken
(the driver asks), when to look again, and their times stored and resumed."""

from __future__ import annotations

import json
import logging

from ..errors import AutoPlayError, StorageError
from .clocks import AWAY, RESUME, TIMEOUT
from .dismissal import ACCEPT, VoteAct
from .tablebase import TableBase

__all__ = ["TableClocks"]

_log = logging.getLogger("koudiandian.server")


class TableClocks(TableBase):
    """The clocks of a :class:`~.tables.Table` and their deadlines (a mixin of it)."""

    def resume(self, seat: int) -> None:
        """``seat``'s player takes it back from 托管 (its next decision is timed again);
        raises :class:`AutoPlayError` if it is not on 托管."""
        if not self.clocks.auto[seat]:
            raise AutoPlayError(f"seat {seat} is not on 托管: there is nothing to take back")
        self.clocks.mark(seat, False, RESUME)
        self.flush()
        self._driver.wake()

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
