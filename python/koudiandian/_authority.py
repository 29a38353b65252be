"""The hand's whole state as the authority holds it, which no seat may see: every seat's
concealed tiles, melds, discards and 报听 marks, the wall and its two ends, as plain lists.
For tests and tools that compare the engine with a reference (``tests/support/reference/``),
never for what a seat or a spectator is shown (:meth:`Game.view <koudiandian.Game.view>`)."""

from __future__ import annotations

from typing import cast

from . import _core
from .events import Event, StartHandEvent

__all__ = ["AuthorityState"]


class AuthorityState:
    """The authority's state of a :class:`~koudiandian.Game` (its base class), read from the
    core: private attributes, in the reference engine's shapes (``_hands[seat]`` a list of
    34 counts, ``_melds[seat]`` ``[kind, tile, source]`` triples, ``_wall`` the dealt wall,
    ``_front`` and ``_back`` the wall's ends)."""

    __slots__ = ()

    _core: _core.GameCore

    def _log(self) -> list[Event]:
        """The event log (the subclass keeps it)."""
        raise NotImplementedError

    @property
    def _hands(self) -> list[list[int]]:
        return [list(self._core.hand(s)) for s in range(4)]

    @property
    def _melds(self) -> list[list[list[int | None]]]:
        return [[[k, t, src] for k, t, src in self._core.melds(s)] for s in range(4)]

    @property
    def _discards(self) -> list[list[tuple[int, bool]]]:
        return [list(self._core.discards(s)) for s in range(4)]

    @property
    def _declared(self) -> list[bool]:
        return list(self._core.declared())

    @property
    def _wall(self) -> list[int]:
        return list(cast(StartHandEvent, self._log()[0])["wall"])

    @property
    def _front(self) -> int:
        return int(self._core.wall_position()[0])

    @property
    def _back(self) -> int:
        return int(self._core.wall_position()[1])
