"""Declared melds (docs/rules.md §3): pongs, the three kinds of kong, and chows (profiles
with 吃)."""

from __future__ import annotations

import enum
from typing import NamedTuple

from .errors import ArgumentTypeError, MeldError
from .tile import TILES, Tile

__all__ = ["Meld", "MeldKind"]


class MeldKind(enum.IntEnum):
    """How a meld was made."""

    PONG = 0  # 碰
    KONG = 1  # 点杠 / 吃杠: direct kong on a discard
    ADDED_KONG = 2  # 明杠 / 补杠: fourth tile added to one's own pong
    CONCEALED_KONG = 3  # 暗杠
    CHOW = 4  # 吃: a run from the 上家's discard; the meld's tile is the run's lowest

    @property
    def is_kong(self) -> bool:
        """Whether this is one of the three kinds of kong."""
        return self in (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)

    @property
    def size(self) -> int:
        """Tiles the meld holds: 3 for a pong or chow, 4 for a kong (still one meld)."""
        return 4 if self.is_kong else 3


class Meld(NamedTuple):
    """A meld: a tuple ``(kind, tile)``, so ``(0, 4)`` is a pong of 5m and ``(4, 3)`` the
    chow 4m5m6m (a chow's tile is the lowest of its run)."""

    kind: MeldKind
    tile: Tile

    @classmethod
    def of(cls, kind: MeldKind | int | str, tile: Tile | int | str) -> Meld:
        """Build a validated meld; ``kind`` may be a name (``"pong"``, ``"concealed_kong"``)
        and ``tile`` text (``"5m"``). A value of the wrong type raises
        :class:`ArgumentTypeError`, a bad value :class:`MeldError` (or
        :class:`InvalidTileError` for bad tile text)."""
        if isinstance(kind, bool) or not isinstance(kind, (int, str)):
            raise ArgumentTypeError(
                f"a meld kind is a MeldKind, its number or its name, got {kind!r}"
            )
        try:
            mk = MeldKind[kind.strip().upper()] if isinstance(kind, str) else MeldKind(kind)
        except (KeyError, ValueError):
            names = ", ".join(k.name.lower() for k in MeldKind)
            raise MeldError(f"unknown meld kind {kind!r}; expected one of {names}") from None
        if isinstance(tile, str):
            t = Tile.parse(tile)
        elif isinstance(tile, bool) or not isinstance(tile, int):
            raise ArgumentTypeError(
                f"invalid meld tile {tile!r}; expected a tile index 0–33 or tile text"
            )
        elif 0 <= tile < 34:
            t = TILES[tile]
        else:
            raise MeldError(f"invalid meld tile {tile!r}; expected a tile index 0–33 or text")
        return cls(mk, t)

    @classmethod
    def pong(cls, tile: Tile | int | str) -> Meld:
        """The pong (碰) of ``tile``, validated as :meth:`of` validates it."""
        return cls.of(MeldKind.PONG, tile)

    @classmethod
    def kong(cls, tile: Tile | int | str) -> Meld:
        """The direct kong (点杠) of ``tile``, validated as :meth:`of` validates it."""
        return cls.of(MeldKind.KONG, tile)

    @classmethod
    def added_kong(cls, tile: Tile | int | str) -> Meld:
        """The added kong (明杠 / 补杠) of ``tile``, validated as :meth:`of` validates it."""
        return cls.of(MeldKind.ADDED_KONG, tile)

    @classmethod
    def concealed_kong(cls, tile: Tile | int | str) -> Meld:
        """The concealed kong (暗杠) of ``tile``, validated as :meth:`of` validates it."""
        return cls.of(MeldKind.CONCEALED_KONG, tile)

    @classmethod
    def chow(cls, tile: Tile | int | str) -> Meld:
        """The chow whose lowest tile is ``tile``: ``Meld.chow("4m")`` is 4m5m6m."""
        return cls.of(MeldKind.CHOW, tile)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the meld: three for a pong or chow, four for a kong."""
        if self.kind is MeldKind.CHOW:
            return tuple(TILES[self.tile + i] for i in range(3))
        return (TILES[self.tile],) * self.kind.size

    def __str__(self) -> str:
        return f"{self.kind.name.lower()} {Tile(self.tile)}"
