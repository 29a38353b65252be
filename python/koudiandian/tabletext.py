"""The table as text, for the terminal: what one seat sees (:func:`render`), every tile once
the hand is over (:func:`render_reveal`) and the settlement (:func:`render_result`); what a
hand's log says of the table that a view does not (:func:`discard_marks`, :func:`departures`)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .action import SUITS
from .eventlines import run_text
from .eventtexts import WIN_KINDS
from .game import Game
from .result import HandResult
from .rules import Rules
from .settlement import seat_name, settlement_lines
from .tile import Tile, TileStyle
from .view import SeatView

__all__ = [
    "render",
    "render_result",
    "render_game_result",
    "render_reveal",
    "discard_marks",
    "departures",
    "Departure",
    "waits_text",
]

_SEP = " "
_WILD = "*"  # marks a wildcard tile in the seat's own hand
_CLAIMED = "↑"  # marks a discard another seat claimed, in its discarder's row
_SUIT_CHINESE = ("万", "筒", "条")  # a void suit (定缺), by number, in Chinese
#: The events that take another seat's discard (a win only when it is on a discard).
_CLAIMS = ("pong", "kong", "chow", "dice_kong", "win")


def _tile(t: Tile, style: TileStyle, wildcards: Sequence[Tile] = ()) -> str:
    return t.format(style) + (_WILD if t in wildcards else "")


def _tiles(
    tiles: Sequence[Tile | None],
    style: TileStyle,
    wildcards: Sequence[Tile] = (),
    claimed: Collection[int] = (),
) -> str:
    """The tiles, a hidden one as ``??`` (``扣`` in Chinese), those at the places in
    ``claimed`` marked claimed."""
    hidden = "??" if style == "mpsz" else "扣"
    return _SEP.join(
        (hidden if t is None else _tile(t, style, wildcards)) + (_CLAIMED if i in claimed else "")
        for i, t in enumerate(tiles)
    )


def waits_text(tiles: Iterable[Tile], rules: Rules, style: TileStyle, unit: str = "") -> str:
    """The winning tiles ``tiles``, each with what it is worth under ``rules`` where the
    profile values a win by its tile (:meth:`Rules.tile_points`)."""

    def one(t: Tile) -> str:
        points = rules.tile_points(t)
        return t.format(style) if points is None else f"{t.format(style)} ({points}{unit})"

    return ", ".join(one(t) for t in tiles)


def _meld(kind: str, tile: Tile | None, style: TileStyle) -> str:
    if tile is None:
        return f"{kind}:??"
    return f"{kind}:{run_text(tile, style) if kind == 'chow' else tile.format(style)}"


def discard_marks(events: Sequence[Mapping[str, Any]]) -> tuple[list[set[int]], list[set[int]]]:
    """From a hand's log (a seat's, as ``Game.events_for`` gives it): for each seat, the
    places in its discards of the face-down ones (报听) and of those another seat claimed
    (a pong, a kong, a chow or a win on it)."""
    down: list[set[int]] = [set(), set(), set(), set()]
    claimed: list[set[int]] = [set(), set(), set(), set()]
    count = [0, 0, 0, 0]
    for e in events:
        kind = e["type"]
        if kind == "discard":
            if e["declare"]:
                down[e["seat"]].add(count[e["seat"]])
            count[e["seat"]] += 1
        elif kind in _CLAIMS and e.get("from") is not None:
            if kind != "win" or e["kind"] == "discard":
                claimed[e["from"]].add(count[e["from"]] - 1)
    return down, claimed


@dataclass(frozen=True, slots=True)
class Departure:
    """A seat that won and left the hand while play went on (血战到底, the ``leave`` event):
    its win (``kind`` as the ``win`` event names it, the winning ``tile``, the discarder
    ``source``, ``None`` on a self-draw), the concealed tiles it showed as it left (the
    winning tile among them) and ``paid``, what the payments made at that win gave it, net
    (0 in a profile that pays wins at the end)."""

    kind: str
    tile: Tile
    source: int | None
    hand: tuple[Tile, ...]
    paid: int = 0


def departures(events: Sequence[Mapping[str, Any]]) -> dict[int, Departure]:
    """From a hand's log (any viewer's: ``leave`` and ``pay`` events are public), the seats
    that left the hand so far, by seat."""
    wins: dict[int, Mapping[str, Any]] = {}
    out: dict[int, Departure] = {}
    unpaid: list[int] = []  # the seats that left at the win the next ``pay`` event pays
    for e in events:
        kind = e["type"]
        if kind == "win":
            wins[e["seat"]] = e
        elif kind == "leave":
            seat = e["seat"]
            win = wins[seat]
            hand = tuple(Tile(t) for t in e["hand"])
            out[seat] = Departure(win["kind"], Tile(win["tile"]), win.get("from"), hand)
            unpaid.append(seat)
        elif kind == "pay" and unpaid:
            for seat in unpaid:
                net = sum(
                    t["amount"] * ((t["payee"] == seat) - (t["payer"] == seat))
                    for t in e["transfers"]
                )
                d = out[seat]
                out[seat] = Departure(d.kind, d.tile, d.source, d.hand, net)
            unpaid = []
        elif kind not in ("win", "leave"):
            unpaid = []
    return out


def void_text(suit: int, style: TileStyle) -> str:
    """A void suit (定缺) as a seat's mark: ``缺m`` (``缺万`` outside the MPSZ style)."""
    return "缺" + (SUITS[suit] if style == "mpsz" else _SUIT_CHINESE[suit])


def _departure_text(d: Departure, me: int | None, style: TileStyle) -> str:
    how = WIN_KINDS.get(d.kind, {}).get("english", d.kind)
    source = "" if d.source is None else f" from {seat_name(d.source, me)}"
    paid = f", {d.paid:+d}" if d.paid else ""
    return f"won ({how}) with {d.tile.format(style)}{source}{paid}; showed {_tiles(d.hand, style)}"


def _running_shown(view: SeatView) -> bool:
    """Whether the table shows each seat's score now: in a hand with decisions before play,
    and wherever a score is not 0."""
    known = any(v is not None for v in view.voids) or view.phase in ("exchange", "void")
    return known or any(view.running)


def _decision_line(view: SeatView, style: TileStyle) -> str:
    """What the seat is asked before play, with the form of a reply: the tiles it passes on
    (换三张) and how many more it picks; or its void suit (定缺)."""
    if view.phase == "exchange":
        total = view.rules.exchange_tiles
        example = view.legal_actions[0] if view.legal_actions else None
        form = f": {example}" if example is not None else ""
        # Where the picks so far bind the rest to their suit (sichuan's three of one suit).
        suits = {int(a.tile or 0) // 9 for a in view.legal_actions} | {
            int(t) // 9 for t in view.picked
        }
        bound = f", all in {SUITS[suits.pop()]}" if view.picked and len(suits) == 1 else ""
        return (
            f"▶ pick {total} tiles to pass on (换三张), one at a time "
            f"({total - len(view.picked)} left{bound}){form}"
        )
    return "▶ declare a suit void (定缺): void m, void p or void s"


def render(
    view: SeatView,
    style: TileStyle,
    *,
    hand_number: int | None = None,
    claimed: Sequence[Collection[int]] = (),
    left: Mapping[int, Departure] | None = None,
) -> str:
    """The table as ``view.seat`` sees it, as text; wildcards in the seat's hand are marked,
    and so are the discards at the places ``claimed[s]`` lists for seat ``s`` (those another
    seat claimed: :func:`discard_marks`). Each seat's void suit is marked once known, and
    each seat that won and left the hand (``left``: :func:`departures`) says its win and
    the tiles it showed; where the scores move during the hand, each seat's score now."""
    number = f"hand {hand_number} · " if hand_number is not None else ""
    wild = _tiles(view.wildcards, style) or "none"
    mark = f" (marked {_WILD})" if view.wildcards else ""
    lines = [
        f"── {number}dealer: {seat_name(view.dealer, view.seat)}   wall: {view.wall_remaining} left"
        + _parts_text(view)
        + f"   wildcards: {wild}{mark}"
        + (f" (indicator {view.indicator.format(style)})" if view.indicator is not None else "")
    ]
    if _running_shown(view):
        scores = ", ".join(f"{seat_name(s, view.seat)} {view.running[s]:+d}" for s in range(4))
        lines.append(f"scores now: {scores}")
    gone = left or {}
    for s in range(4):
        who = seat_name(s, view.seat)
        declared = " [报听]" if view.declared[s] else ""
        void = view.voids[s]
        marks = declared + ("" if void is None else f" [{void_text(void, style)}]")
        if view.left[s] is not None:
            marks += " [胡 left]"
        melds = "  ".join(_meld(m.kind, m.tile, style) for m in view.melds[s])
        taken = claimed[s] if s < len(claimed) else ()
        discards = _tiles(view.discards[s], style, claimed=taken)
        lines.append(f"{who:>7}{marks}: discards {discards or '-'}")
        if s in gone:
            lines.append(f"{'':>7}  {_departure_text(gone[s], view.seat, style)}")
        if melds:
            lines.append(f"{'':>7}  melds {melds}")
        if view.flowers[s]:
            lines.append(f"{'':>7}  flowers {_tiles(view.flowers[s], style)}")
    if any(claimed):
        lines.append(f"{'':>7}  {_CLAIMED}: a discard another seat claimed")
    hand = list(view.hand)
    wc = view.wildcards
    if view.drawn is not None and view.drawn in hand:
        hand.remove(view.drawn)
        lines.append(f"your hand: {_tiles(hand, style, wc)}   drew: {_tile(view.drawn, style, wc)}")
    else:
        lines.append(f"your hand: {_tiles(hand, style, wc)}")
    if view.picked:
        lines.append(f"picked to pass on: {_tiles(view.picked, style)}")
    if view.winning_tiles:
        waits = waits_text(view.winning_tiles, view.rules, style, " pts")
        lines.append(f"winning tiles: {waits}")
    if view.phase == "haidi" and view.turn == view.seat:
        lines.append("▶ the last tile (海底) is offered to you")
    elif view.phase == "bid":
        lines.append("▶ bid your 跑 (0–3): every payment with you grows by 2 × both bids")
    elif view.phase in ("exchange", "void") and view.legal_actions:
        lines.append(_decision_line(view, style))
    elif view.phase == "turn" and view.turn == view.seat:
        lines.append("▶ your turn")
    elif view.claim_tile is not None and view.turn != view.seat:
        verb = "adds a kong of" if view.phase == "rob" else "discards"
        lines.append(f"▶ seat {view.turn} {verb} {view.claim_tile.format(style)}: your answer")
    return "\n".join(lines)


def render_result(
    result: HandResult,
    style: TileStyle,
    *,
    me: int | None = None,
    payment: bool = True,
    bird_changes: Sequence[tuple[int, int]] = (),
) -> str:
    """The settlement of a hand, as text (``me``: the seat to call "you"; ``payment`` and
    ``bird_changes`` as :func:`koudiandian.settlement.settlement_lines` takes them)."""
    return "\n".join(
        settlement_lines(result, style, payment=payment, me=me, bird_changes=bird_changes)
    )


def render_game_result(game: Game, style: TileStyle, *, me: int | None = None) -> str:
    """The settlement of a finished ``game``, as text: :func:`render_result` told the
    rules' :attr:`~Rules.score_items_are_payment` and what the bird changed."""
    assert game.result is not None, "the hand is over"
    return render_result(
        game.result,
        style,
        me=me,
        payment=game.rules.score_items_are_payment,
        bird_changes=game.bird_changes,
    )


def render_reveal(game: Game, me: int, style: TileStyle) -> str:
    """Every seat's tiles once the hand is over; face-down discards in brackets."""
    view = game.view(me)
    down, claimed = discard_marks(game.events_for(me))
    lines = [
        "── the hand is over; every tile shown (face-down discards in [brackets], "
        f"claimed ones marked {_CLAIMED})"
    ]
    for s in range(4):
        who = f"you (seat {s})" if s == me else f"seat {s}"
        melds = "  ".join(_meld(m.kind, m.tile, style) for m in view.melds[s])
        discards = _SEP.join(
            ("??" if t is None else f"[{t.format(style)}]" if i in down[s] else t.format(style))
            + (_CLAIMED if i in claimed[s] else "")
            for i, t in enumerate(view.discards[s])
        )
        lines.append(f"{who}: hand {_tiles(game.hand(s), style, view.wildcards)}")
        if melds:
            lines.append(f"  melds {melds}")
        lines.append(f"  discards {discards or '-'}")
    return "\n".join(lines)


def _parts_text(view: SeatView) -> str:
    """Each seat's part's tiles left where the wall is cut in four parts (``botzone``: each
    seat draws from its own part), as `` (parts: you 20, seat 1 19, ...)``; else nothing."""
    if view.part_remaining is None:
        return ""
    parts = ", ".join(f"{seat_name(s, view.seat)} {n}" for s, n in enumerate(view.part_remaining))
    return f" (parts: {parts})"
