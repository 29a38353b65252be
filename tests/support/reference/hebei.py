"""Profile ``hebei`` (中原河北麻将) for the reference game, written from the contract
(RULES-hebei.md) and docs/rules.md §10, not from the Rust code: the 混 of an indicator, the
bid of 跑, the scoring seam (a pluggable scorer, by default the brute force of
``hebei_score.py``) and the settlement (``settlement="factor"``): each winner's factor from
the scorer, who pays whom and why (win, kongs, 跑), and the next dealer.

Hand evaluation is the brute force of ``hands.py`` (a 混 counts as a wildcard standing for
any kind); nothing here calls the package's evaluators.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from koudiandian.action import Action, ActionKind, action_of
from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, ScoreItem, Transfer, WinKind, WinSummary, WinValue
from koudiandian.tile import TILES, Tile

from tests.support.reference.common import deltas_of, tiles_of
from tests.support.reference.hands import cached_is_win
from tests.support.reference.hebei_score import HebeiHand, best_scores

if TYPE_CHECKING:
    from tests.support.reference.game import ReferenceGame

__all__ = [
    "Scorer",
    "WinContext",
    "brute_force_scorer",
    "hun_of",
    "next_dealer",
    "pao_action",
    "score_options",
    "settle_drawn",
    "settle_win",
    "unit_scorer",
    "win_value",
    "wins",
]


def pao_action(count: int) -> Action:
    """The bid of ``count`` (0–3) 跑: ``ActionKind.PAO`` with the count as its tile number."""
    return action_of(ActionKind.PAO, count)


def hun_of(indicator: int) -> int:
    """The 混 kind of an indicator: its successor, 1→2 … 9→1 within a suit, 东→南→西→北→东,
    中→发→白→中 (33→32→31→33)."""
    if indicator < 27:
        base, rank = divmod(indicator, 9)
        return base * 9 + (rank + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return {33: 32, 32: 31, 31: 33}[indicator]


def wins(counts: Sequence[int], melds: int, hun: int | None) -> bool:
    """Whether a complete hand (34 counts, ``14 - 3 * melds`` tiles) wins: four melds and a
    pair, seven pairs (a quad is two pairs) or thirteen orphans, each 混 standing for any
    kind (``hands.py``'s brute force)."""
    naturals = list(counts)
    wild = 0
    if hun is not None:
        wild, naturals[hun] = naturals[hun], 0
    return cached_is_win(tuple(naturals), wild, melds, False, False)


# -- scoring seam ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WinContext:
    """What a win's score depends on besides the hand: ``self_draw``; ``replacement`` (the
    tile came from the back after a kong: 杠上开花); ``last_tile`` (the self-drawn tile emptied
    the wall: 海底捞月); ``flowers`` the winner set aside; ``dealer`` (the winner deals);
    ``hun`` the 混 kind (``None`` without the option); ``hun_on`` the option."""

    self_draw: bool
    replacement: bool
    last_tile: bool
    flowers: int
    dealer: bool
    hun: int | None
    hun_on: bool


#: ``scorer(counts, melds, tile, context) -> (factor, items)``: the factor of a win (庄 and
#: flowers included) and its score items. ``counts``: the complete concealed hand, winning
#: tile included; ``melds``: ``(MeldKind, tile)`` pairs (a chow's tile is its lowest).
Scorer = Callable[
    [Sequence[int], Sequence[tuple[int, int]], int, WinContext], tuple[int, tuple[ScoreItem, ...]]
]


def unit_scorer(
    counts: Sequence[int], melds: Sequence[tuple[int, int]], tile: int, context: WinContext
) -> tuple[int, tuple[ScoreItem, ...]]:
    """A quick stand-in for the brute force: of the contract's factors only the base 1 and
    庄 ×2 (the winner deals). Who pays whom, and every kong and 跑 amount, are exact with
    it."""
    items = [ScoreItem("base", "底", 1, "base")]
    if context.dealer:
        items.append(ScoreItem("dealer", "庄", 2, "multiply"))
    return 2 if context.dealer else 1, tuple(items)


def brute_force_scorer(
    counts: Sequence[int], melds: Sequence[tuple[int, int]], tile: int, context: WinContext
) -> tuple[int, tuple[ScoreItem, ...]]:
    """The brute-force scorer of ``hebei_score.py`` (the contract's factor table on the best
    reading). Where several item lists reach the best factor, the least in sort order is
    returned; :func:`score_options` gives them all."""
    factor, options = score_options(counts, melds, tile, context)
    return factor, min(options, key=lambda items: [(i.name, i.value) for i in items])


def score_options(
    counts: Sequence[int], melds: Sequence[tuple[int, int]], tile: int, context: WinContext
) -> tuple[int, set[tuple[ScoreItem, ...]]]:
    """The best factor of a win and every item list that reaches it."""
    hand = HebeiHand(
        tiles=tuple(tiles_of(counts)),
        melds=tuple((MeldKind(k).name.lower(), t) for k, t in melds),
        hun=context.hun,
        win_tile=tile,
        self_draw=context.self_draw,
        replacement=context.replacement,
        last_tile=context.last_tile,
        flowers=context.flowers,
        dealer=context.dealer,
        hun_on=context.hun_on,
    )
    factor, found = best_scores(hand)
    if not factor:
        raise AssertionError(f"not a winning hand: {hand}")
    return factor, {items for _shape, items in found}


# -- settlement -----------------------------------------------------------------------------


def _pay(
    game: ReferenceGame,
    out: list[Transfer],
    payer: int,
    payee: int,
    amount: int,
    reason: str,
    event: int | None,
) -> None:
    """One transfer, then its 跑: 2 × (both seats' bids) from the same payer; both belong
    to the win's or kong's ``event``."""
    out.append(Transfer(payer, payee, amount, reason, event=event))
    pao = 2 * (game.bids[payer] + game.bids[payee])
    if pao:
        out.append(Transfer(payer, payee, pao, "pao", event=event))


def _kong_transfers(game: ReferenceGame, out: list[Transfer]) -> None:
    """暗杠: each other seat pays 2; 直杠: the discarder pays 3; 补杠: each other seat 1."""
    for k in game.kongs:
        if k.kind is MeldKind.KONG:
            assert k.feeder is not None
            _pay(game, out, k.feeder, k.seat, 3, "kong", k.event)
        else:
            amount, reason = (
                (2, "concealed_kong") if k.kind is MeldKind.CONCEALED_KONG else (1, "added_kong")
            )
            for p in range(4):
                if p != k.seat:
                    _pay(game, out, p, k.seat, amount, reason, k.event)


def _flowers(game: ReferenceGame) -> tuple[tuple[Tile, ...], ...]:
    return tuple(tuple(Tile(t) for t in st.flowers) for st in game.seats)


def settle_win(
    game: ReferenceGame, winners: list[int], tile: int, kind: WinKind, source: int | None
) -> HandResult:
    """Each winner's factor from the game's scorer; the discarder pays it (every other seat
    too, 2 and 1 times, under ``all_three_pay``), each seat on a self-draw, the dealer
    double; then the kongs."""
    self_draw = kind is WinKind.SELF_DRAW
    transfers: list[Transfer] = []
    summaries: list[WinSummary] = []
    for w in winners:
        st = game.seats[w]
        context = WinContext(
            self_draw=self_draw,
            replacement=self_draw and game.after_kong is not None,
            last_tile=self_draw and game.wall.remaining == 0,
            flowers=len(st.flowers),
            dealer=w == game.dealer,
            hun=game.hun,
            hun_on=game.sw.indicator,
        )
        game.win_contexts[w] = context
        factor, items = game.scorer(st.hand, st.meld_pairs(), tile, context)
        summaries.append(WinSummary(w, kind, TILES[tile], 1, factor, tuple(items)))
        if self_draw:
            payers = [(p, 1) for p in range(4) if p != w]
        elif game.sw.all_three_pay:
            payers = [(p, 2 if p == source else 1) for p in range(4) if p != w]
        else:
            assert source is not None
            payers = [(source, 1)]
        for p, times in payers:
            amount = factor * times * (2 if p == game.dealer else 1)
            _pay(game, transfers, p, w, amount, "win", game.win_event(w))
    _kong_transfers(game, transfers)
    return HandResult(
        dealer=game.dealer,
        winner=winners[0],
        win_kind=kind,
        discarder=source,
        win_tile=TILES[tile],
        points=1,
        factor=summaries[0].factor,
        patterns=(),
        transfers=tuple(transfers),
        deltas=deltas_of(transfers),
        kongs_made=bool(game.kongs),
        winners=tuple(winners),
        score_items=summaries[0].score_items,
        wins=tuple(summaries),
        flowers=_flowers(game),
    )


def settle_drawn(game: ReferenceGame) -> HandResult:
    """黄庄: the kongs are still paid, unless ``draw_voids_kongs``."""
    transfers: list[Transfer] = []
    if not game.sw.draw_voids_kongs:
        _kong_transfers(game, transfers)
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
        flowers=_flowers(game),
    )


def next_dealer(game: ReferenceGame, result: HandResult) -> int:
    """The dealer keeps the deal when it wins (with several winners, when the first from the
    discarder's 下家 on is the dealer) or the hand is drawn; otherwise its 下家 deals."""
    if not result.winners or result.winners[0] == game.dealer:
        return game.dealer
    return (game.dealer + 1) % 4


def win_value(win: WinSummary) -> tuple[WinValue, ...]:
    """A win's value: its 倍 (the factor)."""
    return (WinValue("factor", "倍", win.factor),)
