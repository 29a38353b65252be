"""A table's commit: the actions it takes are kept in a block and committed together, alone
or with the server's next group (:mod:`.groupcommit`); until they stand nothing they caused
is shown, and a refused commit is forgotten (the table rebuilt from the store)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator
from typing import Any

from ..action import Action
from ..errors import KoudiandianError, LeaseLostError, StorageError
from .dismissal import VoteAct
from .groupcommit import GroupCommit, Uncommitted
from .store import ActionRow
from .tablebase import TableBase
from .verdictact import VerdictAct

__all__ = ["TableCommit"]

_log = logging.getLogger("koudiandian.server")


class TableCommit(TableBase):
    """The commit of a :class:`~.tables.Table`'s actions (a mixin of it)."""

    def _begin_commits(self, commits: GroupCommit | None) -> None:
        """Nothing kept yet; ``commits``: the server's group commit (``None``: each commit
        alone)."""
        self._commits = commits
        self._pending: Uncommitted | None = None  # taken, for the next group
        self._sending: Uncommitted | None = None  # in the group being committed
        self._flush_owed = False  # a flush waits for what is not committed
        self._open: list[tuple[int, int, Action | VoteAct | VerdictAct]] | None = (
            None  # kept in a block
        )
        self._settled: list[asyncio.Future[None]] = []  # waiting for everything committed

    def _keep(self, seat: int, action: Action | VoteAct | VerdictAct) -> None:
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

    def _then(self, after: Callable[[], None]) -> None:
        """Call ``after`` once what the table has taken is committed (at once if it is)."""
        if self._pending is not None and self._pending.rows:
            self._pending.then.append(after)
        elif self._sending is not None:
            self._sending.then.append(after)
        else:
            after()

    def _tell_refusal(self, refused: Callable[[KoudiandianError], None] | None) -> None:
        """In a group commit's block: tell ``refused`` if the group is refused."""
        if refused is not None and self._open is not None and self._pending is not None:
            self._pending.refused.append(refused)

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
