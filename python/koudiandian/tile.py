"""Tile kinds (docs/rules.md §1): 34 kinds indexed 0–33, the eight flowers 34–41 of profiles that
play with them, and their notations."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Literal

from . import _core
from .errors import InvalidArgumentError, InvalidTileError

__all__ = ["FLOWERS", "Suit", "Tile", "TileStyle", "TilesLike", "parse_tiles", "format_tiles"]

#: A notation to print tiles in: ``"mpsz"`` (``5m``), ``"chinese"`` (``五万``) or
#: ``"unicode"`` (the Mahjong Tiles glyphs).
TileStyle = Literal["mpsz", "chinese", "unicode"]


class Suit(enum.IntEnum):
    """The four families of tiles."""

    CHARACTERS = 0  # 万, m
    DOTS = 1  # 筒, p
    BAMBOO = 2  # 条, s
    HONORS = 3  # 字: winds and dragons, z
    FLOWERS = 4  # 花: 梅兰竹菊春夏秋冬, f (profiles with flowers)

    @property
    def letter(self) -> str:
        """The MPSZ suit letter: ``m``, ``p``, ``s``, ``z`` or ``f``."""
        return "mpszf"[self]


_NUMERALS = "一二三四五六七八九"
_HONOR_NAMES = ("东", "南", "西", "北", "白", "发", "中")
_SUIT_NAMES = ("万", "筒", "条")
# Mahjong Tiles block: winds U+1F000–3, red U+1F004, green U+1F005, white U+1F006,
# characters U+1F007–F, bamboo U+1F010–8, dots U+1F019–21.
_HONOR_GLYPHS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_SUIT_GLYPH_BASE = (0x1F007, 0x1F019, 0x1F010)
# Flowers U+1F022–5 (梅兰竹菊), seasons U+1F026–9 (春夏秋冬).
_FLOWER_NAMES = "梅兰竹菊春夏秋冬"
_FIRST_FLOWER = 34


class Tile(enum.IntEnum):
    """One of the 34 tile kinds, in docs/rules.md §1 order (``int(tile)`` is its index 0–33), or one
    of the eight flowers 34–41 (梅 兰 竹 菊 春 夏 秋 冬, written ``1f``–``8f``) that profiles
    with flowers put in the wall. :data:`TILES` holds the 34 kinds, :data:`FLOWERS` the
    flowers."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33
    PLUM = 34
    ORCHID = 35
    BAMBOO = 36
    CHRYSANTHEMUM = 37
    SPRING = 38
    SUMMER = 39
    AUTUMN = 40
    WINTER = 41

    @property
    def suit(self) -> Suit:
        """The tile's suit; winds and dragons are :attr:`Suit.HONORS`, flowers
        :attr:`Suit.FLOWERS`."""
        return Suit.FLOWERS if self >= _FIRST_FLOWER else Suit(min(self // 9, 3))

    @property
    def rank(self) -> int:
        """1–9 for suited tiles; 1–7 for honors (东南西北白发中, the ``1z``–``7z`` digits);
        1–8 for flowers."""
        if self >= _FIRST_FLOWER:
            return self - _FIRST_FLOWER + 1
        return self - 9 * self.suit + 1

    @property
    def is_honor(self) -> bool:
        """True for the seven winds and dragons."""
        return 27 <= self < _FIRST_FLOWER

    @property
    def is_flower(self) -> bool:
        """True for the eight flowers (never held: set aside when drawn)."""
        return self >= _FIRST_FLOWER

    @property
    def is_terminal_or_honor(self) -> bool:
        """True for 1s, 9s and honors: the kinds of thirteen orphans (十三幺)."""
        return self.is_honor or (self < 27 and self.rank in (1, 9))

    @property
    def points(self) -> int:
        """Point value (点数), docs/rules.md §1: the rank for suited tiles, 10 for honors, 0 for
        flowers."""
        if self >= _FIRST_FLOWER:
            return 0
        return 10 if self >= 27 else self.rank

    @property
    def chinese(self) -> str:
        """Chinese name: ``五万``, ``九条``, ``东``, ``中``, ``梅``."""
        if self >= _FIRST_FLOWER:
            return _FLOWER_NAMES[self - _FIRST_FLOWER]
        if self >= 27:
            return _HONOR_NAMES[self - 27]
        return _NUMERALS[self.rank - 1] + _SUIT_NAMES[self.suit]

    @property
    def glyph(self) -> str:
        """The Unicode mahjong glyph (U+1F000 block)."""
        if self >= _FIRST_FLOWER:
            return chr(0x1F022 + self - _FIRST_FLOWER)
        if self >= 27:
            return chr(_HONOR_GLYPHS[self - 27])
        return chr(_SUIT_GLYPH_BASE[self.suit] + self.rank - 1)

    def format(self, style: TileStyle = "mpsz") -> str:
        """This tile in one of the three notations."""
        if style == "mpsz":
            return f"{self.rank}{self.suit.letter}"
        if style == "chinese":
            return self.chinese
        if style == "unicode":
            return self.glyph
        raise InvalidArgumentError(
            f"unknown tile style {style!r}; expected 'mpsz', 'chinese' or 'unicode'"
        )

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.letter}"

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else format(str(self), spec)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Exactly one tile in any notation: ``"5m"``, ``"五万"``, ``"🀋"``, ``"中"``.

        Raises :class:`InvalidTileError` if ``text`` is not exactly one tile."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise InvalidTileError(f"expected exactly one tile, got {len(tiles)} in {text!r}")
        return tiles[0]


#: The 34 kinds, by index.
TILES: tuple[Tile, ...] = tuple(Tile)[:_FIRST_FLOWER]
#: The eight flowers 梅 兰 竹 菊 春 夏 秋 冬, in index order (34–41).
FLOWERS: tuple[Tile, ...] = tuple(Tile)[_FIRST_FLOWER:]

#: A tile list as the API accepts it: text in any notation, or an iterable of ints / Tiles.
TilesLike = str | Iterable[int]


def parse_tiles(text: str) -> list[Tile]:
    """Read tiles from text in MPSZ notation (``"123m 456p 11z"``), Chinese names
    (``"一万二万三万东东"``), Unicode glyphs, or a mix. White space (the full-width ``"　"``
    too), commas (``","`` and the full-width ``"，"``), ``"、"`` and ``"_"`` separate freely,
    but not the digits of one suit group (``"12，3m"`` is an error).

    Raises :class:`InvalidTileError` naming the bad tile or character and its position."""
    if not isinstance(text, str):
        raise InvalidTileError(f"expected tile text, got {type(text).__name__}")
    return [Tile(i) for i in _core.parse_tiles(text)]


def format_tiles(tiles: TilesLike, style: TileStyle = "mpsz") -> str:
    """Write tiles in one notation. ``"mpsz"`` groups runs of one suit (``"123m456p11z"``);
    ``"chinese"`` and ``"unicode"`` write one name or glyph per tile, in the given order."""
    kinds = _core.tile_list(tiles)
    if style == "mpsz":
        return _core.format_mpsz(kinds)
    if style == "chinese":
        return "".join(Tile(i).chinese for i in kinds)
    if style == "unicode":
        return "".join(Tile(i).glyph for i in kinds)
    raise InvalidArgumentError(
        f"unknown tile style {style!r}; expected 'mpsz', 'chinese' or 'unicode'"
    )
