"""Profile ``queyimen`` for the reference game (RULES §9, docs/rules.md §9), written for
clarity: 缺一门, the fan of a win and the settlement (``settlement="fan"``), each straight
from the rule text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, ScoreItem, Transfer, WinKind, WinSummary, WinValue
from koudiandian.score import Pattern
from koudiandian.tile import TILES

from tests.support.reference.common import KongRecord, deltas_of
from tests.support.reference.hands import _standard as standard_shape

if TYPE_CHECKING:
    from tests.support.reference.game import ReferenceGame

__all__ = ["fan_of", "lacks_a_suit", "settle", "settle_drawn", "settle_win", "win_value"]


def suits_held(counts: Sequence[int], melds: Sequence[tuple[int, int]]) -> set[int]:
    """The suits (0 万, 1 筒, 2 条) of the concealed tiles and the melds."""
    kinds = [k for k in range(27) if counts[k]] + [t for _, t in melds if t < 27]
    return {k // 9 for k in kinds}


def lacks_a_suit(counts: Sequence[int], melds: Sequence[tuple[int, int]]) -> bool:
    """缺一门: at least one of the three suits is missing, melds included."""
    return len(suits_held(counts, melds)) < 3


def _all_pongs(counts: Sequence[int]) -> bool:
    """The concealed tiles are triplets and one pair."""
    for pair in range(34):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            if all(c in (0, 3) for c in rest):
                return True
    return False


def fan_of(
    counts: Sequence[int],
    melds: Sequence[tuple[int, int]],
    kind: WinKind,
    *,
    standard: bool,
    replacement: bool,
    last_tile: bool,
) -> tuple[int, tuple[Pattern, ...], tuple[ScoreItem, ...]]:
    """The fan of a complete, winning hand (``counts`` with the winning tile), its patterns
    and its items. ``standard``: the hand has a standard reading. The best reading counts."""
    seven_pairs = not melds and all(c % 2 == 0 for c in counts) and sum(counts) == 14
    shape: list[tuple[int, str, str]] = []
    if standard and _all_pongs(counts):
        shape = [(2, "all_pongs", "碰碰胡")]
    if seven_pairs:
        quad = any(c == 4 for c in counts)
        sp = (4, "luxury_seven_pairs", "豪华七对") if quad else (2, "seven_pairs", "七对")
        if not shape or sp[0] > shape[0][0]:
            shape = [sp]
    one_suit = len(suits_held(counts, melds)) == 1
    self_draw = kind is WinKind.SELF_DRAW
    items = [ScoreItem("plain", "平胡", 1, "base")]
    wanted = [
        (kind is not WinKind.DISCARD, (1, "self_draw", "自摸")),
        *((True, s) for s in shape),
        (one_suit, (3, "all_one_suit", "清一色")),
        (self_draw and replacement, (2, "kong_bloom", "杠上开花")),
        (kind is WinKind.ROBBED_KONG, (2, "robbed_kong", "抢杠胡")),
        (self_draw and last_tile, (1, "last_tile", "海底捞月")),
    ]
    items += [ScoreItem(name, chinese, value, "add") for on, (value, name, chinese) in wanted if on]
    names = {i.name for i in items}
    patterns = [
        Pattern[n.upper()]
        for n in ("all_one_suit", "seven_pairs", "luxury_seven_pairs")
        if n in names
    ]
    if not [p for p in patterns if p is not Pattern.ALL_ONE_SUIT] and not one_suit:
        patterns.insert(0, Pattern.PLAIN)
    return sum(i.value for i in items), tuple(sorted(patterns)), tuple(items)


_KONG_PAY = {
    MeldKind.CONCEALED_KONG: (2, "concealed_kong"),
    MeldKind.ADDED_KONG: (1, "added_kong"),
    MeldKind.KONG: (1, "kong"),
}


def settle(
    winner: int | None,
    kind: WinKind | None,
    discarder: int | None,
    fan: int,
    kongs: Sequence[KongRecord],
    win_event: int | None = None,
) -> list[Transfer]:
    """The fan from the discarder, or from each other seat on a self-draw or a robbed
    kong; then each kong (明杠 1, 暗杠 2) from each other seat, won or drawn."""
    out = []
    if winner is not None:
        payers = [discarder] if kind is WinKind.DISCARD else [s for s in range(4) if s != winner]
        out += [Transfer(p, winner, fan, "win", event=win_event) for p in payers if p is not None]
    for k in kongs:
        amount, reason = _KONG_PAY[k.kind]
        out += [Transfer(p, k.seat, amount, reason, event=k.event) for p in range(4) if p != k.seat]
    return out


def settle_win(
    game: ReferenceGame, winners: list[int], tile: int, kind: WinKind, source: int | None
) -> HandResult:
    """The result of a win (one winner)."""
    (seat,) = winners
    st = game.seats[seat]
    hand = tuple(st.hand)
    fan, patterns, items = fan_of(
        hand,
        st.meld_pairs(),
        kind,
        standard=standard_shape(hand, 0, True, False),
        replacement=game.after_kong is not None,
        last_tile=game.wall.remaining == 0,
    )
    transfers = settle(seat, kind, source, fan, game.kongs, game.win_event(seat))
    return HandResult(
        dealer=game.dealer,
        winner=seat,
        win_kind=kind,
        discarder=source,
        win_tile=TILES[tile],
        points=fan,
        factor=1,
        patterns=patterns,
        transfers=tuple(transfers),
        deltas=deltas_of(transfers),
        kongs_made=bool(game.kongs),
        winners=(seat,),
        score_items=items,
        wins=(WinSummary(seat, kind, TILES[tile], fan, 1, items),),
    )


def settle_drawn(game: ReferenceGame) -> HandResult:
    """A drawn hand: the kongs stand and are paid."""
    transfers = settle(None, None, None, 0, game.kongs)
    return HandResult(
        dealer=game.dealer,
        winner=None,
        win_kind=None,
        discarder=None,
        win_tile=None,
        points=0,
        factor=1,
        patterns=(),
        transfers=tuple(transfers),
        deltas=deltas_of(transfers),
        kongs_made=bool(game.kongs),
    )


def win_value(win: WinSummary) -> tuple[WinValue, ...]:
    """A win's value: its 番."""
    return (WinValue("fan", "番", win.points),)
