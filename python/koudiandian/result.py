"""The outcome of a hand (RULES §5): who won, how, and every transfer."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from .score import Pattern
from .tile import TILES, Tile

__all__ = ["WinKind", "Transfer", "ScoreItem", "HandResult"]


class WinKind(str, enum.Enum):
    SELF_DRAW = "self_draw"  # 自摸
    DISCARD = "discard"  # 点炮
    ROBBED_KONG = "robbed_kong"  # 抢杠 (paid as a win on the konger's discard)


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` points. ``reason`` is ``"win"``,
    ``"dealer_bonus"``, ``"concealed_kong"``, ``"added_kong"`` or ``"kong"`` (direct);
    ``share_of`` is the seat whose share it is, when another seat pays it (包胡, 包杠)."""

    payer: int
    payee: int
    amount: int
    reason: str
    share_of: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "share_of": self.share_of,
        }


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One factor of a win's value: ``combine`` is ``"base"`` for the point value ``p`` of the
    winning tile (after the max-point rule), ``"multiply"`` for a factor (self-draw ×2, a
    pattern's factor under ``bonus_patterns``). ``name`` is the English key, ``chinese`` the
    name players use. The product of a result's items is one payer's share before the dealer
    bonus."""

    name: str
    chinese: str
    value: int
    combine: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "chinese": self.chinese,
            "value": self.value,
            "combine": self.combine,
        }


@dataclass(frozen=True, slots=True)
class HandResult:
    """The settled hand. ``winner`` is ``None`` for a drawn hand (荒庄), where nothing is paid.
    ``deltas`` are the four seats' score changes; they sum to zero. ``winners`` is
    ``(winner,)`` for a won hand and ``()`` for a drawn one; ``score_items`` lists what the
    win's share is made of (``()`` for a drawn hand)."""

    dealer: int
    winner: int | None
    win_kind: WinKind | None
    discarder: int | None
    win_tile: Tile | None
    points: int
    factor: int
    patterns: tuple[Pattern, ...]
    transfers: tuple[Transfer, ...]
    deltas: tuple[int, int, int, int]
    kongs_made: bool = False
    declared: tuple[bool, bool, bool, bool] = field(default=(False, False, False, False))
    winners: tuple[int, ...] = ()
    score_items: tuple[ScoreItem, ...] = ()

    @property
    def drawn(self) -> bool:
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "winner": self.winner,
            "win_kind": None if self.win_kind is None else self.win_kind.value,
            "discarder": self.discarder,
            "win_tile": None if self.win_tile is None else int(self.win_tile),
            "points": self.points,
            "factor": self.factor,
            "patterns": [p.name.lower() for p in self.patterns],
            "transfers": [t.to_dict() for t in self.transfers],
            "deltas": list(self.deltas),
            "kongs_made": self.kongs_made,
            "declared": list(self.declared),
            "winners": list(self.winners),
            "score_items": [item.to_dict() for item in self.score_items],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandResult:
        return cls(
            dealer=d["dealer"],
            winner=d["winner"],
            win_kind=None if d["win_kind"] is None else WinKind(d["win_kind"]),
            discarder=d["discarder"],
            win_tile=None if d["win_tile"] is None else TILES[d["win_tile"]],
            points=d["points"],
            factor=d["factor"],
            patterns=tuple(Pattern[p.upper()] for p in d["patterns"]),
            transfers=tuple(Transfer(**t) for t in d["transfers"]),
            deltas=tuple(d["deltas"]),
            kongs_made=d["kongs_made"],
            declared=tuple(d["declared"]),
            winners=tuple(d.get("winners", ())),
            score_items=tuple(ScoreItem(**item) for item in d.get("score_items", ())),
        )
