"""Settling a won hand (RULES §5): win shares, dealer bonus, kong payments.

The reference game's own copy of what ``python/koudiandian/settlement.py`` did before
settlement moved into the Rust core: the spec of the engine's transfers, one share at a time
(docs/rules.md §5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from koudiandian.meld import MeldKind
from koudiandian.result import Transfer
from koudiandian.rules import Rules

__all__ = ["KongRecord", "deltas_of", "settle_win"]

_REASONS = {
    MeldKind.CONCEALED_KONG: "concealed_kong",
    MeldKind.ADDED_KONG: "added_kong",
    MeldKind.KONG: "kong",
}


def _points(tile: int) -> int:
    """Point value of a tile kind (RULES §1): its rank, 10 for an honor."""
    return 10 if tile >= 27 else tile % 9 + 1


@dataclass(frozen=True, slots=True)
class KongRecord:
    """A kong made in the hand. ``feeder`` is the discarder of a direct kong's tile and
    ``feeder_declared`` whether it had declared ready when it discarded it."""

    seat: int
    kind: MeldKind
    tile: int
    feeder: int | None = None
    feeder_declared: bool = False


def settle_win(
    rules: Rules,
    *,
    dealer: int,
    winner: int,
    self_draw: bool,
    discarder: int | None,
    discarder_declared: bool,
    points: int,
    factor: int,
    kongs: Sequence[KongRecord],
) -> list[Transfer]:
    """Every transfer of a hand won by ``winner`` (RULES §5.1–§5.3).

    Preconditions: ``discarder`` is ``None`` exactly when ``self_draw``; ``points`` is ``p``
    after the max-point rule and ``factor`` the pattern factor in force."""
    out: list[Transfer] = []
    others = [s for s in range(4) if s != winner]
    # 点炮包胡: an undeclared discarder pays every share alone.
    pays_all = None if self_draw or discarder_declared else discarder
    base = points * factor * (2 if self_draw else 1)
    bonus = 10 if self_draw and rules.dealer_selfdraw_double else 5
    for owner in others:
        payer = owner if pays_all is None else pays_all
        share_of = None if payer == owner else owner
        out.append(Transfer(payer, winner, base, "win", share_of))
        if rules.dealer_bonus and dealer in (owner, winner):
            out.append(Transfer(payer, winner, bonus, "dealer_bonus", share_of))
    for kong in kongs:
        value = _points(kong.tile)
        amount = 2 * value if kong.kind is MeldKind.CONCEALED_KONG else value
        for owner in (s for s in range(4) if s != kong.seat):
            payer = owner
            # 点杠包杠: an undeclared feeder pays the direct kong alone.
            if (
                rules.feeder_pays_kong
                and kong.kind is MeldKind.KONG
                and kong.feeder is not None
                and not kong.feeder_declared
            ):
                payer = kong.feeder
            # 点炮包杠: an undeclared discarder also pays the others' shares of the winner's kongs.
            elif rules.feeder_pays_all and pays_all is not None and kong.seat == winner:
                payer = pays_all
            out.append(
                Transfer(
                    payer, kong.seat, amount, _REASONS[kong.kind], None if payer == owner else owner
                )
            )
    return out


def deltas_of(transfers: Sequence[Transfer]) -> tuple[int, int, int, int]:
    """Each seat's score change: received minus paid."""
    d = [0, 0, 0, 0]
    for t in transfers:
        d[t.payer] -= t.amount
        d[t.payee] += t.amount
    return (d[0], d[1], d[2], d[3])
