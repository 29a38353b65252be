"""What the store's groups of statements (:class:`~.roomstore.RoomRows`,
:class:`~.tablerows.TableRows`, :class:`~.leases.LeaseRows`) ask of the store they become
part of: the database's path or URL, its clock in SQL (``_NOW``), and its backend's way to
run statements, declared once for the type checker (:class:`~.store.Store` and its backends
define them)."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

__all__ = ["Statements"]


class Statements:
    """The base of each group of the store's statements: declarations only."""

    _NOW: str
    path: str

    if TYPE_CHECKING:

        def _execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

        def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

        def _atomic(self) -> contextlib.AbstractContextManager[None]: ...

        def _writing(self) -> contextlib.AbstractContextManager[None]: ...
