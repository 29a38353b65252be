"""The outcome of a hand (RULES §5): who won, how, and every transfer."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from .score import Pattern
from .tile import TILES, Tile

__all__ = ["WinKind", "Transfer", "HandResult"]


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
class HandResult:
    """The settled hand. ``winner`` is ``None`` for a drawn hand (荒庄), where nothing is paid.
    ``deltas`` are the four seats' score changes; they sum to zero."""

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
        )
