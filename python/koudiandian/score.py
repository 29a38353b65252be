"""The value of a win (docs/rules.md §5.1, §6): patterns, factor, points, its named items."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from . import _core
from .reading import Shape

__all__ = ["Pattern", "ScoreItem", "WinScore"]


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
class ScoreItem:
    """One named part of a win's score: ``combine`` is ``"base"`` for the starting value,
    then ``"multiply"`` or ``"add"`` for each item applied to it, in order. For Taiyuan the
    product of the items is one payer's share before the dealer bonus."""

    name: str  # e.g. "points", "self_draw", "all_one_suit"
    chinese: str  # e.g. 点数, 自摸, 清一色
    value: int
    combine: str  # "base", "multiply" or "add"

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict; :meth:`from_dict` reads it back."""
        return {
            "name": self.name,
            "chinese": self.chinese,
            "value": self.value,
            "combine": self.combine,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ScoreItem:
        """The item of a :meth:`to_dict` dict."""
        return cls(d["name"], d["chinese"], d["value"], d["combine"])


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
