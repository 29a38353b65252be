"""Profile ``changsha`` (长沙麻将) for the reference game: the settlement
(``settlement="big_wins"``) of RULES-changsha.md "Scoring (points)" and "Dealer", with the
engine's decisions of docs/rules.md §11 ("The 大胡 named", "Settlement", "Dealer"): the 大胡
of the moment, the bird, the win and opening-win payments, what became of the 海底, and the
next dealer. Hand evaluation is ``changsha_hands.py``.

Where the contract and docs/rules.md are silent, the reference decides (and the tests
record whether the engine agrees):

- a "winning tile" (readiness for 杠 with dice) is a kind that would win and of which the
  seat does not hold all four, in hand and melds;
- a kong (补张, dice, or on a discard) needs a tile left in the wall to replace it;
- the "first turn" (opening wins) lasts until the seat's first discard, 补张s included;
- 漏胡 ends with any draw of the seat (ordinary, replacement or the 海底);
- the bird, when it is the next front tile, is turned off the wall;
- ``start_hand`` carries ``dice`` only when the hand has dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koudiandian.result import (
    Bird,
    Haidi,
    HandResult,
    ScoreItem,
    Transfer,
    WinKind,
    WinSummary,
    WinValue,
)
from koudiandian.tile import TILES

from tests.support.reference.changsha_hands import BIG_WINS, big_wins_of_shape
from tests.support.reference.common import deltas_of

if TYPE_CHECKING:
    from tests.support.reference.game import ReferenceGame

__all__ = ["next_dealer", "settle_drawn", "settle_win", "win_value"]

_CHINESE = dict(BIG_WINS)


def _big_wins(game: ReferenceGame, seat: int, kind: WinKind, source: int | None) -> list[str]:
    """The 大胡 of a win, in the order of :data:`BIG_WINS`."""
    st = game.seats[seat]
    names = big_wins_of_shape(st.hand, st.meld_pairs())
    self_draw = kind is WinKind.SELF_DRAW
    if self_draw and game.drawn_from == "haidi":
        names.add("last_tile")
    if kind is WinKind.DISCARD and game.claim_kind == "haidi":
        names.add("last_discard")
    if self_draw and game.after_kong == "dice":
        names.add("kong_bloom")
    if kind is WinKind.DISCARD and game.claim_kong_discard:
        names.add("kong_discard")
    if kind is WinKind.ROBBED_KONG:
        names.add("robbed_kong")
    if self_draw and seat == game.dealer and game.discard_count == 0 and not st.melds:
        names.add("heavenly")
    if (
        kind is WinKind.DISCARD
        and source == game.dealer
        and game.discard_count == 1
        and not any(s.melds for s in game.seats)
    ):
        names.add("earthly")
    return [n for n, _ in BIG_WINS if n in names]


def _items(names: list[str]) -> tuple[ScoreItem, ...]:
    """``small_win`` alone, or each 大胡 (the first the base, the others added), value 1."""
    if not names:
        return (ScoreItem("small_win", "小胡", 1, "base"),)
    return tuple(
        ScoreItem(n, _CHINESE[n], 1, "base" if i == 0 else "add") for i, n in enumerate(names)
    )


def _self_draw_shares(
    game: ReferenceGame, seat: int, n: int, bird: Bird | None, reason: str, event: int | None
) -> list[Transfer]:
    """A self-draw by ``seat`` with ``n`` 大胡 (0: a 小胡): each other seat's share, the bird
    doubling every payer (on the winner) or one payer (on it)."""
    out = []
    for p in range(4):
        if p == seat:
            continue
        dealer = game.dealer in (seat, p)
        if n == 0:
            amount = 20 if dealer else 10
        else:
            amount = 40 * n if dealer else 30 * n
        if bird is not None and bird.seat in (seat, p):
            amount *= 2
        out.append(Transfer(p, seat, amount, reason, event=event))
    return out


def _win_transfers(
    game: ReferenceGame, seat: int, n: int, self_draw: bool, source: int | None, bird: Bird | None
) -> list[Transfer]:
    if self_draw:
        return _self_draw_shares(game, seat, n, bird, "win", game.win_event(seat))
    assert source is not None
    amount = 10 if n == 0 else 60 * n
    if game.dealer in (seat, source):
        amount += 10
    if bird is not None and bird.seat in (seat, source):
        amount *= 2
    return [Transfer(source, seat, amount, "win", event=game.win_event(seat))]


def _opening_transfers(game: ReferenceGame, bird: Bird | None) -> list[Transfer]:
    """Each declared opening win: a 小胡 self-draw by its seat (the bird, if any)."""
    out = []
    for s, st in enumerate(game.seats):
        for _ in st.declared_openings:
            out.extend(_self_draw_shares(game, s, 0, bird, "opening_win", None))
    return out


def _haidi(game: ReferenceGame) -> Haidi | None:
    if game.haidi_replacement is not None:
        return Haidi(game.haidi_replacement, "replacement")
    if game.haidi_taker is not None:
        return Haidi(game.haidi_taker, "taken")
    if game.haidi_first is not None and game.haidi_refusals == 4:
        return Haidi(game.haidi_first, "refused")
    return None


def _turn_the_bird(game: ReferenceGame, tile: int, kind: WinKind) -> Bird | None:
    """The bird: the 海底 itself after a 海底 win, else the next front tile (turned off the
    wall); none when the wall is empty. Logged ``bird``."""
    if (kind is WinKind.SELF_DRAW and game.drawn_from == "haidi") or (
        kind is not WinKind.SELF_DRAW and game.claim_kind == "haidi"
    ):
        bird_tile: int | None = tile
    else:
        pos = game.wall.front()
        bird_tile = None if pos is None else game.wall.take(pos)
    if bird_tile is None:
        return None
    bird = Bird(TILES[bird_tile], (game.dealer + bird_tile % 9) % 4)
    game.log({"type": "bird", "tile": bird_tile, "seat": bird.seat})
    return bird


def settle_win(
    game: ReferenceGame, winners: list[int], tile: int, kind: WinKind, source: int | None
) -> HandResult:
    """The wins (every winner on a discard: 通炮), the bird, the opening wins."""
    self_draw = kind is WinKind.SELF_DRAW
    bigs = {s: _big_wins(game, s, kind, source) for s in winners}
    bird = _turn_the_bird(game, tile, kind)
    transfers: list[Transfer] = []
    summaries = []
    for s in winners:
        n = len(bigs[s])
        transfers.extend(_win_transfers(game, s, n, self_draw, source, bird))
        summaries.append(WinSummary(s, kind, TILES[tile], n, 1, _items(bigs[s])))
    transfers.extend(_opening_transfers(game, bird))
    first = summaries[0]
    return HandResult(
        dealer=game.dealer,
        winner=winners[0],
        win_kind=kind,
        discarder=source,
        win_tile=TILES[tile],
        points=first.points,
        factor=1,
        patterns=(),
        transfers=tuple(transfers),
        deltas=deltas_of(transfers),
        kongs_made=bool(game.kongs),
        winners=tuple(winners),
        score_items=first.score_items,
        wins=tuple(summaries),
        opening_wins=tuple(tuple(st.declared_openings) for st in game.seats),
        bird=bird,
        haidi=_haidi(game),
    )


def settle_drawn(game: ReferenceGame) -> HandResult:
    """A drawn hand: the declared opening wins are still paid (no bird)."""
    transfers = _opening_transfers(game, None)
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
        opening_wins=tuple(tuple(st.declared_openings) for st in game.seats),
        haidi=_haidi(game),
    )


def next_dealer(game: ReferenceGame, result: HandResult) -> int:
    """≥ 2 seats with opening wins and a bird → the bird's seat; several winners on one
    discard → the discarder; one winner → the winner; nobody: the 海底's taker, else the
    first seat asked (all refused), else the seat that drew it as a replacement, else the
    dealer."""
    openers = sum(1 for st in game.seats if st.declared_openings)
    if openers >= 2 and result.bird is not None:
        return result.bird.seat
    if len(result.winners) >= 2:
        assert result.discarder is not None
        return result.discarder
    if result.winners:
        return result.winners[0]
    if game.haidi_taker is not None:
        return game.haidi_taker
    if game.haidi_first is not None and game.haidi_refusals == 4:
        return game.haidi_first
    if game.haidi_replacement is not None:
        return game.haidi_replacement
    return game.dealer


def win_value(win: WinSummary) -> tuple[WinValue, ...]:
    """A win's value: a 小胡, or its number of 大胡."""
    if win.points == 0:
        return (WinValue("small_win", "小胡", 1),)
    return (WinValue("big_wins", "大胡", win.points),)
