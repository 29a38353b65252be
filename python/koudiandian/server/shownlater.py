"""News of a seat held back until the table shows the seat play: what happened to a seat
while it answered a discard (its bot failed, its claim decision ran out of time) would, told
at once, say that the seat was asked about the discard, which is not public
(:mod:`.windows`).

Such news is told once the table has shown the seat play where everyone sees it (a public
event of the seat: its claim, its draw) or the hand end, whichever comes first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..match import Match
    from .windows import ClaimWindows

__all__ = ["ShownLater"]


class ShownTable(Protocol):
    """What news held back reads of its table (a :class:`~.tables.Table`): its match, its
    claim windows, a hand's public log."""

    @property
    def match(self) -> Match: ...

    @property
    def _windows(self) -> ClaimWindows: ...

    def _public_log(self, hand: int) -> list[dict[str, Any]]: ...


class ShownLater:
    """The seats of ``table`` whose news is held back, each with where the public log
    stood when it was (the hand, its length). Precondition: ``table`` is the one whose part
    holds this."""

    def __init__(self, table: ShownTable) -> None:
        self.table = table
        self._held: dict[int, tuple[int, int]] = {}

    def __contains__(self, seat: object) -> bool:
        return seat in self._held

    def __bool__(self) -> bool:
        return bool(self._held)

    def hold(self, seat: int) -> None:
        """Hold ``seat``'s news from now until the table shows the seat play."""
        match = self.table.match
        hand = len(match.games) - 1
        self._held[seat] = (hand, len(self.table._public_log(hand)))

    def drop(self, seat: int) -> bool:
        """Stop holding ``seat``'s news (told, or no longer true); whether it was held."""
        return self._held.pop(seat, None) is not None

    def due(self) -> list[int]:
        """The seats whose news may be told now (no longer held): the table has shown each
        play since, or its hand end, or a later hand. Precondition: the claim windows'
        frontier was just moved (:meth:`Table._advance`)."""
        if not self._held:
            return []
        table = self.table
        if table._windows.held():
            return []
        match = table.match
        last = len(match.games) - 1
        ended = match.game.is_over or match.is_over
        out = []
        for seat, (hand, start) in list(self._held.items()):
            if (
                hand != last
                or ended
                or any(e.get("seat") == seat for e in table._public_log(last)[start:])
            ):
                del self._held[seat]
                out.append(seat)
        return out

    def snapshot(self) -> dict[str, list[int]]:
        """JSON-ready: seat -> [hand, public log's length]."""
        return {str(s): [h, n] for s, (h, n) in self._held.items()}

    def restore(self, saved: dict[str, list[int]]) -> None:
        """Take back :meth:`snapshot`; raises ``ValueError`` for anything else."""
        held = {}
        for s, v in saved.items():
            seat, hand, start = int(s), int(v[0]), int(v[1])
            if not 0 <= seat < 4 or hand < 0 or start < 0:
                raise ValueError(f"held news {s!r}: {v!r}")
            held[seat] = (hand, start)
        self._held = held
