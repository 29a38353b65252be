"""Readings of a complete hand: how its tiles split into melds and a pair (docs/rules.md §4)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .tile import Tile

__all__ = ["Shape", "GroupKind", "Group", "Reading"]


class Shape(enum.IntEnum):
    """The winning shapes of docs/rules.md §4, and guobiao's knitted ones."""

    STANDARD = 0  # four melds and a pair
    SEVEN_PAIRS = 1  # 七小对
    THIRTEEN_ORPHANS = 2  # 十三幺
    HONORS_AND_KNITTED = 3  # 全不靠 (七星不靠 among them), guobiao
    KNITTED_STRAIGHT = 4  # 组合龙 with one meld and a pair, guobiao


class GroupKind(enum.IntEnum):
    """One part of a reading."""

    SEQUENCE = 0  # 123 in one suit, or a 风嘴子 run of three winds / 中发白 under wind_runs
    TRIPLET = 1
    KONG = 2  # a declared kong
    PAIR = 3
    ORPHANS = 4  # the fourteen tiles of thirteen orphans
    KNITTED = 5  # a knitted straight's nine tiles (组合龙), or all fourteen of 全不靠


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a reading. ``tiles`` are what each tile counts as; ``wild[i]`` is True
    where tile ``i`` is a wildcard standing for ``tiles[i]``. ``declared`` marks a meld laid
    down before the win (pong or kong)."""

    kind: GroupKind
    tiles: tuple[Tile, ...]
    wild: tuple[bool, ...]
    declared: bool = False

    def __str__(self) -> str:
        body = "".join(f"{t}{'*' if w else ''}" for t, w in zip(self.tiles, self.wild))
        return f"[{body}]" if self.declared else body


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand. For :attr:`Shape.STANDARD` the groups are the four
    melds (declared ones included) then the pair; for seven pairs, seven pairs (a quad gives
    two) and ``quads`` counts the quads; for thirteen orphans, one group of fourteen; for
    全不靠, one :attr:`GroupKind.KNITTED` group of fourteen; for 组合龙, the knitted group of
    nine, then the other meld (declared or not) and the pair."""

    shape: Shape
    groups: tuple[Group, ...]
    quads: int = 0

    @property
    def wildcards(self) -> dict[int, Tile]:
        """What each wildcard stands for, by its position counted across ``groups``."""
        out: dict[int, Tile] = {}
        i = 0
        for g in self.groups:
            for t, w in zip(g.tiles, g.wild):
                if w:
                    out[i] = t
                i += 1
        return out

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)
