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

from typing import Any, cast

from ..game import Game

__all__ = ["HandLogs"]


class HandLogs:
    """One hand's logs by viewer (a seat 0–3, or ``None`` for the public log), each
    extended with the events logged since it was last asked for. The lists returned are
    the cache itself: callers read them and do not keep them across a change."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._core = game.engine  # Game.events_for without its checks of the arguments
        # viewer -> [events of the full log rendered, the log, whether the deal was shown]
        self._logs: dict[int | None, tuple[int, list[dict[str, Any]], bool]] = {}

    def log(self, viewer: int | None) -> list[dict[str, Any]]:
        """``viewer``'s log of the hand as it is now (``Game.events_for(viewer)``)."""
        core = self._core
        count = core.event_count()
        kept = self._logs.get(viewer)
        if kept is not None:
            done, log, final = kept
            if done == count:
                return log
            if final:
                log += cast(list[dict[str, Any]], core.events_for(viewer, done))
                self._logs[viewer] = (count, log, True)
                return log
        shown = core.deal_shown()
        log = cast(list[dict[str, Any]], core.events_for(viewer, 0))
        self._logs[viewer] = (count, log, shown)
        return log
