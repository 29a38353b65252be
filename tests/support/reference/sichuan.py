"""Payments and settlement of profile ``sichuan`` (RULES-sichuan "Winning and fans",
"Payments"; DESIGN of issue 38 "Scoring", "Payments"), written from the contract.

Every kong and every win is paid when made, by the seats still in (刮风下雨: a direct kong 2
from its discarder, an added kong 1 and a concealed kong 2 from each other seat still in).
A win is worth 2^min(fans, cap): the discarder pays it (a robbed kong is a win on the
konger's discard), or on a self-draw each other seat still in pays it (+1 under
``add_base``; one more fan, 自摸, under ``add_fan``); on 点杠花 under ``provider`` the seat
whose discard was konged pays it alone. On 杠上炮 (``call_transfer``) the discarder passes
every kong payment it received for the kongs of that turn to the first winner after it
(呼叫转移). At the wall's end, among the seats still in: 查花猪, 查大叫, then 退税
(``tax_refund``). The next dealer is the first seat to win, or that first win's discarder
when several won on it, or the dealer's 下家 when nobody won.

The moment of a win (杠上花, 杠上炮, 天胡, 地胡 ...) is read from the hand's log as it
stands when the win is paid: what happened earlier in the discarder's turn, the draw the
winner won on, whether any pong, kong or win came before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, Transfer, WinKind, WinSummary, WinValue
from koudiandian.tile import TILES

from tests.support.reference.common import KongRecord, deltas_of
from tests.support.reference.sichuan_fans import ready_fans, win_items

if TYPE_CHECKING:
    from tests.support.reference.game import ReferenceGame
    from tests.support.reference.going_on import WinRecord

__all__ = ["next_dealer", "pay_kong", "pay_wins", "settle_drawn", "settle_win", "win_value"]

#: What a kong costs each payer, and the reason (刮风下雨).
_KONG_PAY = {
    MeldKind.CONCEALED_KONG: (2, "concealed_kong"),
    MeldKind.ADDED_KONG: (1, "added_kong"),
    MeldKind.KONG: (2, "kong"),
}
_KONG_REASONS = {reason for _, reason in _KONG_PAY.values()}
_KONG_EVENTS = ("kong", "added_kong", "concealed_kong")


def _others_in(in_hand: Sequence[bool], seat: int) -> list[int]:
    return [s for s in range(4) if s != seat and in_hand[s]]


def _value(fans: int, cap: int) -> int:
    return 2 ** min(fans, cap)


def pay_kong(game: ReferenceGame, kong: KongRecord, in_hand: Sequence[bool]) -> list[Transfer]:
    """刮风下雨: a direct kong from its discarder, else from each other seat still in."""
    amount, reason = _KONG_PAY[kong.kind]
    payers = [kong.feeder] if kong.kind is MeldKind.KONG else _others_in(in_hand, kong.seat)
    return [Transfer(p, kong.seat, amount, reason) for p in payers if p is not None]


# -- the moment of a win, from the log -------------------------------------------------------


def _turn(events: list[dict[str, Any]], end: int) -> list[tuple[int, dict[str, Any]]]:
    """The events (with their indices) of the turn that ``events[end]`` ends, back to the
    one that began it: a draw that is not a replacement, a pong, a direct kong, or (the
    dealer's first turn) the last decision before play."""
    out = []
    for i in range(end - 1, -1, -1):
        e = events[i]
        out.append((i, e))
        if e["type"] == "draw" and not e["replacement"]:
            break
        if e["type"] in ("pong", "kong", "void", "exchange", "start_hand"):
            break
    return out


def _kong_bloom_provider(events: list[dict[str, Any]]) -> int | None:
    """点杠花: the discarder of the direct kong whose replacement the last draw was."""
    kong = next(e for e in reversed(events) if e["type"] in _KONG_EVENTS)
    return kong["from"] if kong["type"] == "kong" else None


def _first_turn_win(game: ReferenceGame, seat: int, before: int) -> str | None:
    """天胡 (the dealer on its 14 dealt tiles) or 地胡 (a non-dealer on its first draw, before
    any pong, kong or win in the hand), for a self-draw whose ``win`` event is ``before``."""
    events = game._events[:before]
    if any(e["type"] in ("pong", "win", *_KONG_EVENTS) for e in events):
        return None
    draws = [e for e in events if e["type"] == "draw"]
    if seat == game.dealer:
        return "heaven" if not draws else None
    mine = [e for e in draws if e["seat"] == seat]
    return "earth" if len(mine) == 1 and draws[-1] is mine[0] else None


def _score(
    game: ReferenceGame, w: WinRecord, in_hand: Sequence[bool]
) -> tuple[WinSummary, list[int], int]:
    """The win ``w`` scored at its moment (``in_hand``: the seats still in before it), who
    pays it and how much each pays."""
    sw, st = game.sw, game.seats[w.seat]
    events = game._events
    flags: list[str] = []
    heaven = None
    bonus = 0
    if w.kind is WinKind.SELF_DRAW:
        bloom = game.drawn_from == "back"
        provider = _kong_bloom_provider(events) if bloom else None
        by_provider = provider is not None and sw.kong_bloom_pay == "provider"
        flags += ["kong_bloom"] * bloom + ["last_tile"] * (game.wall.remaining == 0)
        if sw.self_draw == "add_fan" and not by_provider:
            flags.append("self_draw")
        if sw.heaven_earth:
            heaven = _first_turn_win(game, w.seat, w.event)
        if provider is not None and by_provider:
            payers = [provider]
        else:
            payers = _others_in(in_hand, w.seat)
            bonus = int(sw.self_draw == "add_base")
    else:
        assert w.discarder is not None
        if w.kind is WinKind.ROBBED_KONG:
            flags.append("robbed_kong")
        elif any(
            e["type"] == "draw" and e["replacement"] for _, e in _turn(events, game.claim_event)
        ):
            flags.append("kong_discard")
        if game.claim_kind == "haidi":
            flags.append("last_discard")
        payers = [w.discarder]
    fans, items = win_items(st.hand, st.meld_pairs(), flags, cap=sw.fan_cap, heaven=heaven)
    value = _value(fans, sw.fan_cap)
    summary = WinSummary(
        w.seat,
        w.kind,
        TILES[w.tile],
        fans,
        1,
        items,
        w.discarder,
        w.event,
        (WinValue("fan", "番", fans), WinValue("points", "分", value)),
    )
    return summary, payers, value + bonus


def pay_wins(
    game: ReferenceGame, wins: Sequence[WinRecord], in_hand: Sequence[bool]
) -> list[Transfer]:
    """What the wins of one moment cost (each belonging to its own ``win`` event), then on
    杠上炮 the discarder's kong money of that turn passed on to the first winner."""
    out = []
    for w in wins:
        summary, payers, amount = _score(game, w, in_hand)
        game.win_scores[w.event] = summary
        out += [Transfer(p, w.seat, amount, "win", event=w.event) for p in payers]
    first = wins[0]
    names = {i.name for i in game.win_scores[first.event].score_items}
    if game.sw.call_transfer and "kong_discard" in names:
        out += _passed_on(game, first)
    return out


def _passed_on(game: ReferenceGame, first: WinRecord) -> list[Transfer]:
    """呼叫转移: each kong payment the discarder received for the kongs of its turn, from it
    to the first winner after it."""
    discarder = first.discarder
    assert discarder is not None
    kongs = {
        i
        for i, e in _turn(game._events, game.claim_event)
        if e["type"] in _KONG_EVENTS and e["seat"] == discarder
    }
    return [
        Transfer(discarder, first.seat, t.amount, "passed_on", event=first.event, undoes=i)
        for i, t in enumerate(game.ledger)
        if t.payee == discarder and t.reason in _KONG_REASONS and t.event in kongs
    ]


# -- the end ----------------------------------------------------------------------------------


def _wall_end(game: ReferenceGame, event: int) -> list[Transfer]:
    """At the wall's end, among the seats still in: 查花猪, 查大叫, 退税."""
    sw, in_hand = game.sw, game.seats_in()
    cap_value = 2**sw.fan_cap
    pigs = [s for s in range(4) if in_hand[s] and game._holds_void(s)]
    out = [
        Transfer(p, o, cap_value, "void_held", event=event)
        for p in pigs
        for o in range(4)
        if o != p and o not in pigs
    ]
    fans = {
        s: ready_fans(game.seats[s].hand, game.seats[s].meld_pairs(), game.voids[s])
        for s in range(4)
        if in_hand[s] and s not in pigs
    }
    ready = [s for s, f in fans.items() if f is not None]
    out += [
        Transfer(p, r, _value(fans[r], sw.fan_cap), "not_ready", event=event)  # type: ignore[arg-type]
        for p in sorted(fans)
        if fans[p] is None
        for r in ready
    ]
    if sw.tax_refund:  # in the ledger's order
        undone = {t.undoes for t in game.ledger}
        out += [
            Transfer(t.payee, t.payer, t.amount, "refund", event=event, undoes=i)
            for i, t in enumerate(game.ledger)
            if in_hand[t.payee]
            and t.payee not in ready
            and t.reason in _KONG_REASONS
            and i not in undone
        ]
    return out


def _result(game: ReferenceGame, end: str) -> HandResult:
    """The hand's result: the ledger, then (at the wall's end) the end's transfers."""
    event = game.next_event  # the end_hand's
    transfers = (*game.ledger, *(_wall_end(game, event) if end == "exhausted" else ()))
    wins = tuple(game.win_scores[w.event] for w in game.wins)
    first = wins[0] if wins else None
    return HandResult(
        dealer=game.dealer,
        winner=None if first is None else first.seat,
        win_kind=None if first is None else first.kind,
        discarder=None if first is None else first.discarder,
        win_tile=None if first is None else first.tile,
        points=0 if first is None else first.points,
        factor=1,
        patterns=(),
        transfers=transfers,
        deltas=deltas_of(transfers),
        kongs_made=bool(game.kongs),
        winners=tuple(w.seat for w in wins),
        score_items=() if first is None else first.score_items,
        wins=wins,
        end=end,
        left=tuple(st.left for st in game.seats),
    )


def settle_win(
    game: ReferenceGame, winners: list[int], tile: int, kind: WinKind, source: int | None
) -> HandResult:
    """The hand ends at a win (the third winner): every payment was made when due."""
    return _result(game, "win")


def settle_drawn(game: ReferenceGame) -> HandResult:
    """The wall ran out (wins may have happened before)."""
    return _result(game, "exhausted")


def win_value(win: WinSummary) -> tuple[WinValue, ...]:
    """A win's value: its fans, then what it is worth (given with every summary)."""
    return win.value


def next_dealer(game: ReferenceGame, result: HandResult) -> int:
    """The first seat to win; the first win's discarder (the konger of a robbed kong) when
    several won on it; the dealer's 下家 when nobody won."""
    wins = result.wins
    if not wins:
        return (game.dealer + 1) % 4
    if len(wins) > 1 and wins[1].event == wins[0].event + 1:  # type: ignore[operator]
        assert wins[0].discarder is not None
        return wins[0].discarder
    return wins[0].seat
