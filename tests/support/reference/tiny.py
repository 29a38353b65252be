"""Payments and settlement of the test profile ``tiny`` (DESIGN of issue 37, "tiny";
docs/rules.md "The test profile ``tiny``"), written from its rules.

Every kong and every win is paid when it is made: a concealed kong 2 from each other seat
still in, an added kong 1 from each, a direct kong 1 from its discarder; a win 1 from the
discarder, or 1 from each other seat still in on a self-draw. Each win is worth one point
(胡). When the hand ends at a win nothing more is paid. At the wall's end, among the seats
still in: each seat holding a concealed tile of its void suit pays 1 to each that holds
none (``void_held``), then each returns every kong payment it received that nothing undid
yet (``refund``). The next dealer is the first winner, else the dealer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, Transfer, WinKind, WinSummary, WinValue
from koudiandian.score import ScoreItem
from koudiandian.tile import TILES

from tests.support.reference.common import KongRecord, deltas_of

if TYPE_CHECKING:
    from tests.support.reference.game import ReferenceGame
    from tests.support.reference.going_on import WinRecord

__all__ = ["next_dealer", "pay_kong", "pay_wins", "settle_drawn", "settle_win"]

#: What a kong made by one seat costs each payer, and the reason.
_KONG_PAY = {
    MeldKind.CONCEALED_KONG: (2, "concealed_kong"),
    MeldKind.ADDED_KONG: (1, "added_kong"),
    MeldKind.KONG: (1, "kong"),
}

#: A win's one score item and its value in the profile's words.
_ITEMS = (ScoreItem("win", "胡", 1, "base"),)
_VALUE = (WinValue("win", "胡", 1),)


def _others_in(in_hand: Sequence[bool], seat: int) -> list[int]:
    return [s for s in range(4) if s != seat and in_hand[s]]


def pay_kong(game: ReferenceGame, kong: KongRecord, in_hand: Sequence[bool]) -> list[Transfer]:
    """What ``kong`` costs, the seats ``in_hand`` still in: a direct kong from its feeder,
    else from each other seat still in."""
    amount, reason = _KONG_PAY[kong.kind]
    payers = [kong.feeder] if kong.feeder is not None else _others_in(in_hand, kong.seat)
    return [Transfer(p, kong.seat, amount, reason) for p in payers if p is not None]


def pay_wins(
    game: ReferenceGame, wins: Sequence[WinRecord], in_hand: Sequence[bool]
) -> list[Transfer]:
    """What the wins of one moment cost, each belonging to its own ``win`` event: 1 from
    the discarder, or from each other seat still in (before the win) on a self-draw."""
    out = []
    for w in wins:
        if w.kind is WinKind.SELF_DRAW or w.discarder is None:
            payers = _others_in(in_hand, w.seat)
        else:
            payers = [w.discarder]
        out += [Transfer(p, w.seat, 1, "win", event=w.event) for p in payers]
    return out


def _holds_void(game: ReferenceGame, seat: int) -> bool:
    suit = game.voids[seat]
    return suit is not None and any(game.seats[seat].hand[9 * suit : 9 * suit + 9])


def _wall_end(game: ReferenceGame, event: int) -> list[Transfer]:
    """The wall's end among the seats still in: ``void_held``, then the kong refunds."""
    in_hand = game.seats_in()
    holders = [s for s in range(4) if in_hand[s] and _holds_void(game, s)]
    out = [
        Transfer(s, o, 1, "void_held", event=event)
        for s in holders
        for o in _others_in(in_hand, s)
        if o not in holders
    ]
    ledger = game.ledger
    undone = {t.undoes for t in ledger}
    for i, t in enumerate(ledger):
        if t.reason in ("concealed_kong", "added_kong", "kong") and in_hand[t.payee]:
            if i not in undone:
                out.append(Transfer(t.payee, t.payer, t.amount, "refund", event=event, undoes=i))
    return out


def _result(game: ReferenceGame, end: str) -> HandResult:
    """The hand's result: the ledger, then (at the wall's end) the end's transfers."""
    event = game.next_event  # the end_hand's
    transfers = (*game.ledger, *(_wall_end(game, event) if end == "exhausted" else ()))
    wins = tuple(
        WinSummary(w.seat, w.kind, TILES[w.tile], 1, 1, _ITEMS, w.discarder, w.event, _VALUE)
        for w in game.wins
    )
    first = game.wins[0] if game.wins else None
    return HandResult(
        dealer=game.dealer,
        winner=None if first is None else first.seat,
        win_kind=None if first is None else first.kind,
        discarder=None if first is None else first.discarder,
        win_tile=None if first is None else TILES[first.tile],
        points=0 if first is None else 1,
        factor=1,
        patterns=(),
        transfers=transfers,
        deltas=deltas_of(transfers),
        kongs_made=bool(game.kongs),
        winners=tuple(w.seat for w in game.wins),
        score_items=_ITEMS if first else (),
        wins=wins,
        end=end,
        left=tuple(st.left for st in game.seats),
    )


def settle_win(
    game: ReferenceGame, winners: list[int], tile: int, kind: WinKind, source: int | None
) -> HandResult:
    """The hand ends at a win: every payment was made when due."""
    return _result(game, "win")


def settle_drawn(game: ReferenceGame) -> HandResult:
    """The wall ran out (wins may have happened before)."""
    return _result(game, "exhausted")


def next_dealer(game: ReferenceGame, result: HandResult) -> int:
    """The first winner, else the dealer."""
    return game.dealer if result.winner is None else result.winner
