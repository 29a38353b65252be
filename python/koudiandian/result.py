"""The outcome of a hand (docs/rules.md §5): who won, how, and every transfer."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import _core
from .meld import Meld, MeldKind
from .score import Pattern, ScoreItem
from .tile import TILES, Tile

__all__ = [
    "REASONS",
    "WinKind",
    "Transfer",
    "WinValue",
    "WinSummary",
    "Bird",
    "Haidi",
    "HandResult",
]


class WinKind(str, enum.Enum):
    """How a hand was won."""

    SELF_DRAW = "self_draw"  # 自摸
    DISCARD = "discard"  # 点炮
    ROBBED_KONG = "robbed_kong"  # 抢杠 (paid as a win on the konger's discard)


#: Every transfer reason's Chinese and English names, by reason (the core's table).
REASONS: Mapping[str, tuple[str, str]] = {
    name: (chinese, english) for name, chinese, english in _core.transfer_reasons()
}


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` points. ``reason`` is one of :data:`REASONS`:
    ``"win"``, ``"dealer_bonus"``, ``"concealed_kong"``, ``"added_kong"``, ``"kong"``
    (direct), ``"pao"`` (跑 added to the payment before it), ``"opening_win"`` (起手胡),
    ``"refund"`` (退税), ``"passed_on"`` (呼叫转移), ``"void_held"`` (花猪, 查花猪),
    ``"not_ready"`` (查大叫: a seat not ready at the wall's end pays a ready one) or
    ``"verdict"`` (判罚: a judge's verdict against the payer, :meth:`Game.end_by_verdict`); ``share_of``
    is the seat whose share it is, when another seat pays it (包胡, 包杠). One entry of a
    hand's ledger (:attr:`HandResult.transfers`): ``event`` is the index in the hand's log of
    the event it belongs to (the win, the kong, else the ``end_hand``), ``undoes`` the index
    in the ledger of the transfer it moves or refunds (``None`` in a result read from a log
    written before the ledger, koudiandian db14eab and earlier). Two transfers are equal when
    they move the same amount between the same seats for the same reason and share: where
    in the hand each belongs is compared through the log (:meth:`to_dict`, replay)."""

    payer: int
    payee: int
    amount: int
    reason: str
    share_of: int | None = None
    event: int | None = field(default=None, compare=False)
    undoes: int | None = field(default=None, compare=False)

    @property
    def chinese(self) -> str:
        """The reason's Chinese name, as a table shows it (胡, 暗杠, 跑, ...)."""
        return REASONS[self.reason][0]

    @property
    def english(self) -> str:
        """The reason's English name (``"win"``, ``"concealed kong"``, ...)."""
        return REASONS[self.reason][1]

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict (``Transfer(**d)`` reads it back)."""
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "share_of": self.share_of,
            "event": self.event,
            "undoes": self.undoes,
        }


@dataclass(frozen=True, slots=True)
class WinValue:
    """One named number of a win's value, as its profile names it: ``WinValue("fan", "番",
    24)``, ``WinValue("points", "点数", 8)``."""

    name: str
    chinese: str
    value: int

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict (``WinValue(**d)`` reads it back)."""
        return {"name": self.name, "chinese": self.chinese, "value": self.value}


@dataclass(frozen=True, slots=True)
class WinSummary:
    """One winner's win: its seat, how and on what tile it won, its score, the seat it won
    from (``discarder``), the index in the hand's log of its ``win`` event, and its value in
    the profile's words (``value``, the headline first). Several winners share one discard
    where the profile allows it (一炮多响), and where play goes on after a win, wins come at
    different moments. ``event`` is ``None`` and ``value`` empty in a result read from a log
    written before the ledger (koudiandian db14eab and earlier)."""

    seat: int
    kind: WinKind
    tile: Tile
    points: int
    factor: int
    score_items: tuple[ScoreItem, ...]
    discarder: int | None = None
    event: int | None = None
    value: tuple[WinValue, ...] = ()

    @property
    def headline(self) -> WinValue | None:
        """The win's headline value (the first of ``value``), or ``None`` for an old log's."""
        return self.value[0] if self.value else None

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict (``kind`` by value, ``tile`` by index);
        :meth:`from_dict` reads it back."""
        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "tile": int(self.tile),
            "points": self.points,
            "factor": self.factor,
            "score_items": [i.to_dict() for i in self.score_items],
            "discarder": self.discarder,
            "event": self.event,
            "value": [v.to_dict() for v in self.value],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> WinSummary:
        """The win of a :meth:`to_dict` dict."""
        return cls(
            seat=d["seat"],
            kind=WinKind(d["kind"]),
            tile=TILES[d["tile"]],
            points=d["points"],
            factor=d["factor"],
            score_items=tuple(ScoreItem.from_dict(i) for i in d["score_items"]),
            discarder=d.get("discarder"),
            event=d.get("event"),
            value=tuple(WinValue(**v) for v in d.get("value", ())),
        )


@dataclass(frozen=True, slots=True)
class Bird:
    """The bird (扎鸟) turned after a win: its tile, and the seat its rank counts to from the
    dealer (1, 5, 9 the dealer; 2, 6 the dealer's 下家; …)."""

    tile: Tile
    seat: int


@dataclass(frozen=True, slots=True)
class Haidi:
    """What became of the 海底 (the wall's last tile): ``how`` is ``"taken"`` (by ``seat``),
    ``"refused"`` (by all; ``seat`` the first asked) or ``"replacement"`` (drawn by
    ``seat`` for a kong)."""

    seat: int
    how: str


@dataclass(frozen=True, slots=True)
class HandResult:
    """The settled hand. ``winners`` lists every winner (empty for a drawn hand, 荒庄, where
    nothing is paid); ``winner`` is the first (the one that counts for the deal), or
    ``None``. ``score_items`` is the first winner's score as named items; ``wins`` has every
    winner's. ``flowers`` lists each seat's flowers set aside. ``opening_wins`` each seat's
    declared opening small wins, ``bird`` the bird and ``haidi`` what became of the 海底
    (changsha) once the hand reached it, won or drawn. ``deltas`` are the four seats' score
    changes; they sum to zero, and are the sum of ``transfers``, the hand's ledger in the
    order the payments were made. ``end`` is ``"win"`` (the hand ended at a win),
    ``"exhausted"`` (the wall ran out, after wins or none) or ``"verdict"`` (a judge's
    verdict ended it, :meth:`Game.end_by_verdict`: ``verdict`` is then ``(seat, "WA")``, the
    seat it was against and the verdict, else ``None``); ``left`` gives per seat the index
    in the log of the ``win`` event at which it left the hand (profiles where play goes on
    after a win), or ``None``.

    ``hands`` and ``melds`` are every seat's concealed tiles (sorted) and declared melds at
    the end, as the ``end_hand`` event reveals them, when the result comes from a game
    (``Game.result``); they are not part of :meth:`to_dict` (the event's ``result``) nor of
    equality."""

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
    wins: tuple[WinSummary, ...] = ()
    flowers: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    opening_wins: tuple[tuple[str, ...], ...] = ((), (), (), ())
    bird: Bird | None = None
    haidi: Haidi | None = None
    end: str = "win"
    left: tuple[int | None, ...] = (None, None, None, None)
    verdict: tuple[int, str] | None = None
    hands: tuple[tuple[Tile, ...], ...] = field(default=(), compare=False)
    melds: tuple[tuple[Meld, ...], ...] = field(default=(), compare=False)

    @property
    def drawn(self) -> bool:
        """Whether nobody won (a drawn hand, 荒庄), and no verdict ended the hand."""
        return self.winner is None and self.verdict is None

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict: the ``result`` of the ``end_hand`` event
        (without ``hands`` and ``melds``). :meth:`from_dict` reads it back."""
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
            "score_items": [i.to_dict() for i in self.score_items],
            "wins": [w.to_dict() for w in self.wins],
            "flowers": [[int(t) for t in seat] for seat in self.flowers],
            "opening_wins": [list(w) for w in self.opening_wins],
            "bird": None
            if self.bird is None
            else {"tile": int(self.bird.tile), "seat": self.bird.seat},
            "haidi": None
            if self.haidi is None
            else {"seat": self.haidi.seat, "how": self.haidi.how},
            "end": self.end,
            "left": list(self.left),
            **({} if self.verdict is None else {"verdict": list(self.verdict)}),
        }

    @classmethod
    def from_dict(
        cls, d: dict[str, Any], *, end_hand: Mapping[str, Any] | None = None
    ) -> HandResult:
        """The result of :meth:`to_dict`'s shape; with the ``end_hand`` event it came in, also
        the final ``hands`` and ``melds``."""
        hands: tuple[tuple[Tile, ...], ...] = ()
        melds: tuple[tuple[Meld, ...], ...] = ()
        if end_hand is not None:
            hands = tuple(tuple(TILES[t] for t in seat) for seat in end_hand["hands"])
            melds = tuple(
                tuple(Meld(MeldKind(m[0]), TILES[m[1]]) for m in seat) for seat in end_hand["melds"]
            )
        return cls(
            hands=hands,
            melds=melds,
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
            score_items=tuple(ScoreItem.from_dict(i) for i in d.get("score_items", ())),
            wins=tuple(WinSummary.from_dict(w) for w in d.get("wins", ())),
            flowers=tuple(tuple(Tile(t) for t in seat) for seat in d.get("flowers", [[]] * 4)),
            opening_wins=tuple(tuple(w) for w in d.get("opening_wins", [[]] * 4)),
            bird=None
            if d.get("bird") is None
            else Bird(TILES[d["bird"]["tile"]], d["bird"]["seat"]),
            haidi=None if d.get("haidi") is None else Haidi(d["haidi"]["seat"], d["haidi"]["how"]),
            end=d.get("end", "win" if d.get("winner") is not None else "exhausted"),
            left=tuple(d.get("left", (None, None, None, None))),
            verdict=None if d.get("verdict") is None else (d["verdict"][0], d["verdict"][1]),
        )
