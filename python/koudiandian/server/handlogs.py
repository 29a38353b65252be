"""The current hand's logs of a table, each viewer's kept in parts.

A table sends every seat its log (``Game.events_for(seat)``) and every spectator the public
one (``Game.events_for(None)``), event by event, as the hand grows. Rendering a whole log
on every change would make an action cost the hand's length; :class:`HandLogs` renders
only the events logged since it last looked (``Game.events_for(viewer, start)``), so an
action costs what its own events cost. What each viewer may see is the engine's to say:
nothing here masks or picks events.

One exception the engine names: while the seats bid (``Game.deal_shown`` false), a seat's
``start_hand`` event has no hand yet and is filled in once the bids are in. A log rendered
then is rendered again, whole, on the next change (it is a few events long).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from ..game import Game

__all__ = ["HandLogs"]

T = TypeVar("T")


class HandLogs:
    """One hand's logs by viewer (a seat 0–3, or ``None`` for the public log), each
    extended with the events logged since it was last asked for; kept as dicts
    (:meth:`log`) and as the JSON text the connections are sent (:meth:`texts`), each only
    once asked for. The lists returned are the cache itself: callers read them and do not
    keep them across a change."""

    def __init__(self, game: Game) -> None:
        self.game = game
        core: Any = game.engine  # Game.events_for without its checks of the arguments
        self._core = core
        self._logs: _Kept[dict[str, Any]] = _Kept(core, core.events_for)
        self._texts: _Kept[str] = _Kept(core, core.events_for_json)

    def log(self, viewer: int | None) -> list[dict[str, Any]]:
        """``viewer``'s log of the hand as it is now (``Game.events_for(viewer)``)."""
        return self._logs.get(viewer)

    def texts(self, viewer: int | None) -> list[str]:
        """:meth:`log` with each event as compact JSON text (``Game.events_for_json``):
        what the connections are sent, written by the engine without a Python dict."""
        return self._texts.get(viewer)


class _Kept(Generic[T]):
    """Each viewer's log as ``render(viewer, start)`` renders it, extended by the new
    events only (whole again while the deal is not shown)."""

    def __init__(self, core: Any, render: Callable[[int | None, int], list[T]]) -> None:
        self._core = core
        self._render = render
        # viewer -> [events of the full log rendered, the log, whether the deal was shown]
        self._kept: dict[int | None, tuple[int, list[T], bool]] = {}

    def get(self, viewer: int | None) -> list[T]:
        core = self._core
        count = core.event_count()
        kept = self._kept.get(viewer)
        if kept is not None:
            done, log, final = kept
            if done == count:
                return log
            if final:
                log += self._render(viewer, done)
                self._kept[viewer] = (count, log, True)
                return log
        shown = core.deal_shown()
        log = self._render(viewer, 0)
        self._kept[viewer] = (count, log, shown)
        return log
