"""Declared melds (RULES §3): pongs and the three kinds of kong."""

from __future__ import annotations

import enum
from typing import NamedTuple

from .errors import MeldError
from .tile import TILES, Tile

__all__ = ["Meld", "MeldKind"]


class MeldKind(enum.IntEnum):
    """How a meld was made."""

    PONG = 0  # 碰
    KONG = 1  # 点杠 / 吃杠: direct kong on a discard
    ADDED_KONG = 2  # 明杠 / 补杠: fourth tile added to one's own pong
    CONCEALED_KONG = 3  # 暗杠

    @property
    def is_kong(self) -> bool:
        return self is not MeldKind.PONG

    @property
    def size(self) -> int:
        """Tiles the meld holds: 3 for a pong, 4 for a kong (it still counts as one meld)."""
        return 3 if self is MeldKind.PONG else 4


class Meld(NamedTuple):
    """A meld of one kind of tile. A tuple ``(kind, tile)``, so ``(0, 4)`` is a pong of 5m."""

    kind: MeldKind
    tile: Tile

    @classmethod
    def of(cls, kind: MeldKind | int | str, tile: Tile | int | str) -> Meld:
        """Build a validated meld; ``kind`` may be a name (``"pong"``, ``"concealed_kong"``)
        and ``tile`` text (``"5m"``)."""
        try:
            mk = MeldKind[kind.upper()] if isinstance(kind, str) else MeldKind(kind)
        except (KeyError, ValueError):
            names = ", ".join(k.name.lower() for k in MeldKind)
            raise MeldError(f"unknown meld kind {kind!r}; expected one of {names}") from None
        if isinstance(tile, str):
            t = Tile.parse(tile)
        elif isinstance(tile, int) and 0 <= tile < 34:
            t = TILES[tile]
        else:
            raise MeldError(f"invalid meld tile {tile!r}; expected a tile index 0–33 or text")
        return cls(mk, t)

    @classmethod
    def pong(cls, tile: Tile | int | str) -> Meld:
        return cls.of(MeldKind.PONG, tile)

    @classmethod
    def kong(cls, tile: Tile | int | str) -> Meld:
        return cls.of(MeldKind.KONG, tile)

    @classmethod
    def added_kong(cls, tile: Tile | int | str) -> Meld:
        return cls.of(MeldKind.ADDED_KONG, tile)

    @classmethod
    def concealed_kong(cls, tile: Tile | int | str) -> Meld:
        return cls.of(MeldKind.CONCEALED_KONG, tile)

    def __str__(self) -> str:
        return f"{self.kind.name.lower()} {Tile(self.tile)}"
