"""The value of a win (docs/rules.md §5.1, §6): patterns, factor, points."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import _core
from .reading import Shape

if TYPE_CHECKING:
    from .result import ScoreItem

__all__ = ["Pattern", "WinScore"]


class Pattern(enum.IntEnum):
    """Hand patterns of docs/rules.md §5.1. ``factor`` applies only with ``bonus_patterns`` and no
    wildcards."""

    PLAIN = 0  # 平胡
    ALL_ONE_SUIT = 1  # 清一色
    STRAIGHT = 2  # 一条龙
    SEVEN_PAIRS = 3  # 七小对
    GOLDEN_SEVEN_PAIRS = 4  # 黄金七小对: one quad
    LUXURY_SEVEN_PAIRS = 5  # 豪华七小对: two quads
    LUXURY_GOLDEN_SEVEN_PAIRS = 6  # 豪华黄金七小对: three quads
    THIRTEEN_ORPHANS = 7  # 十三幺

    @property
    def factor(self) -> int:
        """What the pattern multiplies a win by where pattern factors apply, as the default
        rules' profile says (Taiyuan's table of docs/rules.md §5.1)."""
        return _FACTORS[self]

    @property
    def chinese(self) -> str:
        """The pattern's Chinese name: 平胡, 清一色, 一条龙, …."""
        return _CHINESE[self]

    @classmethod
    def from_bits(cls, bits: int) -> tuple[Pattern, ...]:
        """The patterns whose bits are set in ``bits`` (bit ``p`` for pattern ``p``, the form
        the core reports them in), in order."""
        return tuple(p for p in cls if bits >> p & 1)


# The core's pattern table, by bit: the Chinese names, the factors under the default rules.
_CHINESE = tuple(chinese for _, chinese in _core.patterns())
_FACTORS = tuple(_core.pattern_factor(bit) for bit in range(len(_CHINESE)))


@dataclass(frozen=True, slots=True)
class WinScore:
    """The value of one win.

    - ``points``: ``p``, the winning tile's point value after the max-point rule of §6;
    - ``allowed``: whether §4's thresholds let this win happen (self-draw or discard; a
      discarded wildcard is never won on);
    - ``patterns`` and ``factor``: the highest-scoring reading's patterns and their product
      (1 without ``bonus_patterns`` or with wildcards);
    - ``payment``: what one payer pays under 三家均摊: ``p × factor``, ×2 for a self-draw.
      Dealer bonuses and who pays are the game's business (§5.3);
    - ``score_items``: the same as named items (the tile's points, 自摸 ×2, each pattern
      factor in force), whose product is ``payment``.
    """

    points: int
    allowed: bool
    self_draw: bool
    shape: Shape
    patterns: tuple[Pattern, ...]
    factor: int
    payment: int
    score_items: tuple[ScoreItem, ...] = ()
