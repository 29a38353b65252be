"""Settling a hand of Taiyuan (RULES §5): win shares, dealer bonus, kong payments, and the
hand's result, for the reference game's ``settlement="points"``.

The reference game's own copy of what ``python/koudiandian/settlement.py`` did before
settlement moved into the Rust core: the spec of the engine's transfers, one share at a time
(docs/rules.md §5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, Transfer, WinKind, WinSummary, WinValue
from koudiandian.tile import TILES

from tests.support.reference.common import POINTS, KongRecord, deltas_of
from tests.support.reference.score import score_win
from tests.support.reference.switches import Switches

if TYPE_CHECKING:
    from tests.support.reference.game import ReferenceGame

__all__ = ["settle_drawn", "settle_win", "transfers_of_win", "win_value"]

_REASONS = {
    MeldKind.CONCEALED_KONG: "concealed_kong",
    MeldKind.ADDED_KONG: "added_kong",
    MeldKind.KONG: "kong",
}


def transfers_of_win(
    sw: Switches,
    *,
    dealer: int,
    winner: int,
    self_draw: bool,
    discarder: int | None,
    discarder_declared: bool,
    points: int,
    factor: int,
    kongs: Sequence[KongRecord],
    win_event: int | None = None,
) -> list[Transfer]:
    """Every transfer of a hand won by ``winner`` (RULES §5.1–§5.3): the win's, belonging to
    its event ``win_event``, and each kong's, belonging to the kong's event.

    Preconditions: ``discarder`` is ``None`` exactly when ``self_draw``; ``points`` is ``p``
    after the max-point rule and ``factor`` the pattern factor in force."""
    out: list[Transfer] = []
    others = [s for s in range(4) if s != winner]
    # 点炮包胡: an undeclared discarder pays every share alone.
    pays_all = None if self_draw or discarder_declared else discarder
    base = points * factor * (2 if self_draw else 1)
    bonus = 10 if self_draw and sw.dealer_selfdraw_double else 5
    for owner in others:
        payer = owner if pays_all is None else pays_all
        share_of = None if payer == owner else owner
        out.append(Transfer(payer, winner, base, "win", share_of, win_event))
        if sw.dealer_bonus and dealer in (owner, winner):
            out.append(Transfer(payer, winner, bonus, "dealer_bonus", share_of, win_event))
    for kong in kongs:
        value = POINTS[kong.tile]
        amount = 2 * value if kong.kind is MeldKind.CONCEALED_KONG else value
        for owner in (s for s in range(4) if s != kong.seat):
            payer = owner
            # 点杠包杠: an undeclared feeder pays the direct kong alone.
            if (
                sw.feeder_pays_kong
                and kong.kind is MeldKind.KONG
                and kong.feeder is not None
                and not kong.feeder_declared
            ):
                payer = kong.feeder
            # 点炮包杠: an undeclared discarder also pays the others' shares of the winner's kongs.
            elif sw.feeder_pays_all and pays_all is not None and kong.seat == winner:
                payer = pays_all
            out.append(
                Transfer(
                    payer,
                    kong.seat,
                    amount,
                    _REASONS[kong.kind],
                    None if payer == owner else owner,
                    kong.event,
                )
            )
    return out


def settle_win(
    game: ReferenceGame, winners: list[int], tile: int, kind: WinKind, source: int | None
) -> HandResult:
    """The result of a win (one winner: a discard goes to the first seat that claims it
    from the discarder's 下家 on)."""
    (seat,) = winners
    st = game.seats[seat]
    self_draw = kind is WinKind.SELF_DRAW
    value = score_win(st.hand, st.meld_pairs(), tile, self_draw, game.wild_kinds, game.sw)
    transfers = transfers_of_win(
        game.sw,
        dealer=game.dealer,
        winner=seat,
        self_draw=self_draw,
        discarder=source,
        discarder_declared=False if source is None else game.claim_declared,
        points=value.points,
        factor=value.factor,
        kongs=game.kongs,
        win_event=game.win_event(seat),
    )
    return HandResult(
        dealer=game.dealer,
        winner=seat,
        win_kind=kind,
        discarder=source,
        win_tile=TILES[tile],
        points=value.points,
        factor=value.factor,
        patterns=value.patterns,
        transfers=tuple(transfers),
        deltas=deltas_of(transfers),
        kongs_made=bool(game.kongs),
        declared=game.declared(),
        winners=(seat,),
        score_items=value.items,
        wins=(WinSummary(seat, kind, TILES[tile], value.points, value.factor, value.items),),
    )


def settle_drawn(game: ReferenceGame) -> HandResult:
    """A drawn hand (荒庄): nobody pays anybody, the kongs included."""
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
        declared=game.declared(),
    )


def win_value(win: WinSummary) -> tuple[WinValue, ...]:
    """A win's value in Taiyuan's words: 分 (the points times the factor), then the 点数 and
    the 倍."""
    return (
        WinValue("value", "分", win.points * win.factor),
        WinValue("points", "点数", win.points),
        WinValue("factor", "倍", win.factor),
    )
