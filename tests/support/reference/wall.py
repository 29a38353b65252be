"""A hand's wall as the reference game takes tiles from it (RULES §2; RULES-changsha §2 for
stacks and dice)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Wall"]


class Wall:
    """The tiles of a wall in RULES §2 order, and which of them are gone.

    Ordinary draws take the first tile still there (the front). Replacements take the last
    tile still there; with ``stacks`` (positions ``2i`` on top of ``2i + 1``) the top of the
    last stack still holding a tile, else its bottom. The dice pick a stack counted from the
    back (:meth:`by_dice`)."""

    def __init__(self, tiles: Sequence[int], *, stacks: bool) -> None:
        self.tiles = list(tiles)
        self._taken = [False] * len(self.tiles)
        self._stacks = stacks
        self._front = 0  # no position before it is still there
        self._back = len(self.tiles) - 1  # nor any after it
        self.remaining = len(self.tiles)

    def take(self, pos: int) -> int:
        """Take the tile at ``pos`` off the wall; returns it."""
        assert not self._taken[pos], pos
        self._taken[pos] = True
        self.remaining -= 1
        return self.tiles[pos]

    def front(self) -> int | None:
        """The position of the next ordinary draw (``None`` once the wall is empty)."""
        while self._front < len(self.tiles) and self._taken[self._front]:
            self._front += 1
        return self._front if self._front < len(self.tiles) else None

    def back(self) -> int:
        """The position of the next replacement. Precondition: a tile is left."""
        if self._stacks:
            return self._stack_tile(self._stacks_from_back()[0])
        while self._taken[self._back]:
            self._back -= 1
        return self._back

    def by_dice(self, total: int) -> int:
        """The position the dice pick: the ``total``-th stack still holding a tile, counted
        from the back (the front-most such stack if fewer), its top, else its bottom.
        Precondition: a tile is left."""
        stacks = self._stacks_from_back()
        return self._stack_tile(stacks[min(total, len(stacks)) - 1])

    def _stacks_from_back(self) -> list[int]:
        """The stacks (stack ``i``: positions ``2i``, ``2i + 1``) still holding a tile, last
        first."""
        taken = self._taken
        return [
            i for i in range(len(taken) // 2 - 1, -1, -1) if not (taken[2 * i] and taken[2 * i + 1])
        ]

    def _stack_tile(self, i: int) -> int:
        """A stack's top tile, or its bottom when the top is gone."""
        return 2 * i if not self._taken[2 * i] else 2 * i + 1
