"""What a :class:`~.tables.Table` is made of, as the mixins it is built from see it: its
attributes and the steps each mixin asks of the others, declared for the type checker only
(each is defined once, by :class:`~.tables.Table` or one of its mixins: :mod:`.tablecommit`,
:mod:`.tablevote`, :mod:`.tableclocks`, :mod:`.tableshown`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..action import Action
    from ..match import Match
    from .clocks import Clocks
    from .connection import Connection
    from .dismissal import DismissVote, VoteAct
    from .driver import BotDriver
    from .fanout import FanOut
    from .publicstate import PublicState
    from .spec import TableSpec
    from .store import Store
    from .verdictact import VerdictAct
    from .windows import ClaimWindows

__all__ = ["TableBase"]


class TableBase:
    """The table's attributes and steps its mixins share (declarations: nothing here at run
    time)."""

    if TYPE_CHECKING:
        id: str
        spec: TableSpec
        match: Match
        waiting: bool
        actions: int
        epoch: int | None
        votes: DismissVote
        clocks: Clocks
        fanout: FanOut
        _store: Store
        _driver: BotDriver
        _windows: ClaimWindows
        _clock: Callable[[], float]
        _to_act: tuple[int, ...]
        _public: PublicState

        def log(self, hand: int, seat: int | None) -> list[dict[str, Any]]: ...

        @property
        def connections(self) -> set[Connection]: ...

        def flush(self) -> None: ...

        def _asked(self) -> None: ...

        def _answering(self) -> bool: ...

        def _advance(self) -> None: ...

        def _apply(self, seat: int, action: Action) -> None: ...

        def _nudge_driver(self) -> None: ...

        def _let_go(self) -> None: ...

        def _rebuild(self, votes: dict[str, Any] | None, paused: float | None) -> None: ...

        # (the mixins')
        def _committing(self) -> contextlib.AbstractContextManager[None]: ...

        def _keep(self, seat: int, action: Action | VoteAct | VerdictAct) -> None: ...

        def _then(self, after: Callable[[], None]) -> None: ...

        def _tell_refusal(self, refused: Callable[[Any], None] | None) -> None: ...

        def _vote_rows(
            self, rows: list[tuple[int, VoteAct]], refused: Callable[[Any], None] | None = None
        ) -> None: ...

        def save_clocks(self) -> None: ...
