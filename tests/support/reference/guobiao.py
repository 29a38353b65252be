"""Profile ``guobiao`` (国标麻将) for the reference game, written from the contract
(``RULES-guobiao.md``), not from the Rust code: the fans of a win are the outside
calculator's (PyMahjongGB's ``MahjongFanCalculator``, the contract's reference), fed from
the reference game's own state (the melds with their offers, the concealed tiles, the
flowers, the winds and the five situation flags it works out from what every seat has
seen); the 8-fan minimum; the settlement (``settlement="guobiao"``: 8 + the fans from the
discarder and 8 from the others, or 8 + the fans from each on a self-draw; no kong
payments); and the next dealer (the deal passes every hand).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, ScoreItem, Transfer, WinKind, WinSummary, WinValue
from koudiandian.tile import TILES, Tile

from tests.support.reference.common import deltas_of

if TYPE_CHECKING:
    from tests.support.reference.game import ReferenceGame

__all__ = [
    "BASE",
    "MIN_FANS",
    "fans",
    "next_dealer",
    "settle_drawn",
    "settle_win",
    "visible",
    "win_value",
]

#: What every payment of a win adds to its fans (底分).
BASE = 8
#: The fans a win needs, 花牌 not counted.
MIN_FANS = 8
_FLOWER = "花牌"

# The calculator's tile names: 万 W, 筒 B, 条 T, winds F1–F4 (东南西北), dragons J1 中, J2 发,
# J3 白.
_NAMES = (
    [f"W{r}" for r in range(1, 10)]
    + [f"B{r}" for r in range(1, 10)]
    + [f"T{r}" for r in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)
_PACK = {
    MeldKind.PONG: "PENG",
    MeldKind.KONG: "GANG",
    MeldKind.ADDED_KONG: "GANG",
    MeldKind.CONCEALED_KONG: "GANG",
    MeldKind.CHOW: "CHI",
}


def _key(english: str) -> str:
    """A fan's English name in snake case (``"Full Flush"`` → ``"full_flush"``)."""
    return re.sub(r"[^a-z0-9]+", "_", english.lower()).strip("_")


def visible(game: ReferenceGame, kind: int) -> int:
    """Tiles of ``kind`` every seat can see: discards not taken and exposed melds (a
    concealed kong lies face down)."""
    n = 0
    for st in game.seats:
        n += sum(1 for i, (t, _) in enumerate(st.discards) if t == kind and i not in st.taken)
        for m in st.melds:
            mk, tile = MeldKind(m[0]), int(m[1])
            if mk is MeldKind.CONCEALED_KONG:
                continue
            if mk is MeldKind.CHOW:
                n += int(tile <= kind <= tile + 2)
            elif tile == kind:
                n += 3 if mk is MeldKind.PONG else 4
    return n


def fans(
    game: ReferenceGame,
    seat: int,
    counts: list[int],
    tile: int,
    *,
    self_drawn: bool,
    last_copy: bool,
    about_kong: bool,
    wall_last: bool,
) -> tuple[ScoreItem, ...]:
    """The fans of ``seat``'s win with ``tile`` (``counts``: its concealed tiles, the
    winning tile included), as the calculator scores them: ``(key, Chinese name, points)``
    items in its order. Raises ``TypeError`` (the calculator's) for a hand that does not
    win."""
    from MahjongGB import MahjongFanCalculator

    st = game.seats[seat]
    packs = []
    for m in st.melds:
        kind, low, source = MeldKind(m[0]), int(m[1]), m[2]
        if kind is MeldKind.CHOW:
            claimed = int(m[3])
            packs.append(("CHI", _NAMES[low + 1], claimed - low + 1))
        elif kind is MeldKind.CONCEALED_KONG:
            packs.append(("GANG", _NAMES[low], 0))
        else:
            packs.append((_PACK[kind], _NAMES[low], (seat - source) % 4))
    rest = list(counts)
    rest[tile] -= 1
    hand = tuple(_NAMES[k] for k in range(34) for _ in range(rest[k]))
    found = MahjongFanCalculator(
        tuple(packs),
        hand,
        _NAMES[tile],
        len(st.flowers),
        self_drawn,
        last_copy,
        about_kong,
        wall_last,
        (seat - game.dealer) % 4,
        game.prevalent_wind,
        verbose=True,
    )
    return tuple(ScoreItem(_key(en), name, point * cnt, "add") for point, cnt, name, en in found)


def enough(items: tuple[ScoreItem, ...]) -> bool:
    """Whether a win's fans reach the minimum, 花牌 not counted."""
    return sum(i.value for i in items if i.chinese != _FLOWER) >= MIN_FANS


def settle_win(
    game: ReferenceGame, winners: list[int], tile: int, kind: WinKind, source: int | None
) -> HandResult:
    """The one winner's fans (its hand already holds the winning tile); 8 + the total from
    the discarder (a robbed konger too) and 8 from each other seat, or 8 + the total from
    each on a self-draw."""
    [w] = winners
    st = game.seats[w]
    items = fans(game, w, list(st.hand), tile, **game.situation(w, tile, kind))
    total = sum(i.value for i in items)
    score_items = (ScoreItem("base", "底分", BASE, "base"), *items)
    event = game.win_event(w)
    transfers = [
        Transfer(
            p,
            w,
            BASE + total if kind is WinKind.SELF_DRAW or p == source else BASE,
            "win",
            event=event,
        )
        for p in range(4)
        if p != w
    ]
    summary = WinSummary(w, kind, TILES[tile], BASE, total, score_items)
    return HandResult(
        dealer=game.dealer,
        winner=w,
        win_kind=kind,
        discarder=source,
        win_tile=TILES[tile],
        points=BASE,
        factor=total,
        patterns=(),
        transfers=tuple(transfers),
        deltas=deltas_of(transfers),
        kongs_made=bool(game.kongs),
        winners=(w,),
        score_items=score_items,
        wins=(summary,),
        flowers=_flowers(game),
    )


def _flowers(game: ReferenceGame) -> tuple[tuple[Tile, ...], ...]:
    return tuple(tuple(Tile(t) for t in st.flowers) for st in game.seats)


def settle_drawn(game: ReferenceGame) -> HandResult:
    """荒庄: nobody pays (kongs are fans, not payments)."""
    return HandResult(
        dealer=game.dealer,
        winner=None,
        win_kind=None,
        discarder=None,
        win_tile=None,
        points=0,
        factor=1,
        patterns=(),
        transfers=(),
        deltas=(0, 0, 0, 0),
        kongs_made=bool(game.kongs),
        flowers=_flowers(game),
    )


def next_dealer(game: ReferenceGame, result: HandResult) -> int:
    """The deal passes to the dealer's 下家 after every hand, won or drawn."""
    return (game.dealer + 1) % 4


def win_value(win: WinSummary) -> tuple[WinValue, ...]:
    """A win's value: its 番 (the factor), then the 底分."""
    return (WinValue("fan", "番", win.factor), WinValue("base", "底分", win.points))
