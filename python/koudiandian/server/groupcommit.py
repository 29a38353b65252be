"""Group commit: the actions every table accepted in one turn of the event loop, committed
together in one transaction, each table's events sent only once it stands.

A table that takes actions (a person's, its bots' answers, a timeout's) steps its match at
once and keeps their rows as :class:`Uncommitted`; it sends nothing they caused. At the end
of the loop's turn the :class:`GroupCommit` takes every such table's rows and commits them
in one transaction (fenced table by table: a table whose lease another process took commits
nothing, the others do). Then each table sends what its actions caused. The guarantee of
one commit per action stands: an accepted action is durable before anything it caused is
sent, and a crash loses only actions nobody was shown.

One group is committed at a time; what tables accept meanwhile waits for the next, so the
busier the server, the larger the groups. SQLite commits on the event loop (a commit without
fsync costs a few tens of microseconds, less than a hand-off to a thread); PostgreSQL
commits from a writer thread with a connection of its own, so that the loop serves while
the round trip and the database's fsync are waited for.

A group the database refuses (a full disk, PostgreSQL gone) refuses every action in it:
each table of the group forgets what it had not committed (it is rebuilt from the store)
and tells whoever acted (:class:`~koudiandian.errors.StorageError`); the same actions
succeed once the store is back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..action import Action
from ..errors import KoudiandianError, LeaseLostError, StorageError
from .dismissal import VoteAct
from .store import ActionRow, GroupRows, Store
from .verdictact import VerdictAct

__all__ = ["GroupCommit", "Uncommitted"]

_log = logging.getLogger("koudiandian.server")


@dataclass(slots=True)
class Uncommitted:
    """What a table has taken and not committed yet: its actions (numbered, by seat), what
    to go back to if they are refused (``undo``: the vote's times and the clocks' pause
    before them), who to tell of a refusal (``refused``), and what to do once they stand
    (``then``, in order)."""

    undo: tuple[dict[str, Any] | None, float | None]
    rows: list[tuple[int, int, Action | VoteAct | VerdictAct]] = field(default_factory=list)
    refused: list[Callable[[KoudiandianError], None]] = field(default_factory=list)
    then: list[Callable[[], None]] = field(default_factory=list)


class Committer(Protocol):
    """What a table gives its group (:class:`~.tablecommit.TableCommit`): its id and its
    lease's epoch, its rows, and what it does once they stand or are refused."""

    id: str
    epoch: int | None

    def _take_rows(self) -> list[ActionRow]: ...

    def _group_committed(self) -> None: ...

    def _group_refused(self, error: BaseException) -> None: ...


class GroupCommit:
    """The commits of the tables on one store (``store``), a group per turn of the event
    loop. Without a running event loop (a script, a test driving a table by hand) a table
    commits at once, alone."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._tables: dict[Committer, None] = {}  # tables with rows for the next group, in order
        self._busy = False  # a group is being committed
        self._scheduled = False
        self._writer: ThreadPoolExecutor | None = None
        if store.commits_off_loop:
            self._writer = ThreadPoolExecutor(
                1, thread_name_prefix="koudiandian-writer", initializer=store.on_writer_thread
            )
        self._idle: list[asyncio.Future[None]] = []
        #: Groups committed (or refused), and the tables' shares in them.
        self.groups = 0
        self.shares = 0

    @staticmethod
    def grouping() -> bool:
        """Whether commits are grouped now (an event loop runs in this thread)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    def add(self, table: Committer) -> None:
        """``table`` has rows to commit (:meth:`~.tablecommit.TableCommit._take_rows` gives them): in the next
        group."""
        self._tables[table] = None
        self._schedule()

    def _schedule(self) -> None:
        if self._busy or self._scheduled or not self._tables:
            return
        self._scheduled = True
        asyncio.get_running_loop().call_soon(self._start)

    def _start(self) -> None:
        self._scheduled = False
        tables = list(self._tables)
        self._tables.clear()
        group: GroupRows = [(t.id, t.epoch, t._take_rows()) for t in tables]
        self._busy = True
        if self._writer is None:
            try:
                lost = self._store.commit_group(group)
            except Exception as e:
                self._done(tables, set(), e)
            else:
                self._done(tables, lost, None)
            return
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._writer, self._store.commit_group, group)
        future.add_done_callback(lambda f: self._finished(tables, f))

    def _finished(self, tables: list[Committer], future: asyncio.Future[set[str]]) -> None:
        if future.cancelled():  # (the loop is closing)
            self._done(tables, set(), StorageError("the commit was cancelled"))
            return
        error = future.exception()
        self._done(tables, set() if error is not None else future.result(), error)

    def _done(self, tables: list[Committer], lost: set[str], error: BaseException | None) -> None:
        """Tell each table of the group how its share went, then start the next group."""
        self._busy = False
        self.groups += 1
        self.shares += len(tables)
        for table in tables:
            try:
                if error is not None:
                    table._group_refused(error)
                elif table.id in lost:
                    table._group_refused(LeaseLostError(f"table {table.id!r}: its lease was lost"))
                else:
                    table._group_committed()
            except Exception:  # one table's trouble is not the group's
                _log.exception("table %s: after its group's commit", table.id)
        self._schedule()
        if not self._busy and not self._tables:
            for waiter in self._idle:
                if not waiter.done():
                    waiter.set_result(None)
            self._idle.clear()

    async def write(self, write: Callable[..., Any], *args: Any) -> Any:
        """Run the store's ``write(*args)`` (a periodic write: the clocks) where the
        commits run: on the writer thread, after the groups before it, or here."""
        if self._writer is None:
            return write(*args)
        return await asyncio.get_running_loop().run_in_executor(self._writer, write, *args)

    async def drain(self) -> None:
        """Wait until every table's rows are committed (or refused)."""
        while self._busy or self._tables:
            waiter = asyncio.get_running_loop().create_future()
            self._idle.append(waiter)
            self._schedule()
            await waiter

    def close(self) -> None:
        """Stop the writer thread (after :meth:`drain`)."""
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None
