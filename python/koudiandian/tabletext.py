"""The table as text, for the terminal: what one seat sees (:func:`render`), every tile once
the hand is over (:func:`render_reveal`) and the settlement (:func:`render_result`)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from .action import SUITS
from .eventlines import run_text
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
    "waits_text",
]

_SEP = " "
_WILD = "*"  # marks a wildcard tile in the seat's own hand
_CLAIMED = "↑"  # marks a discard another seat claimed, in its discarder's row
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


def render(
    view: SeatView,
    style: TileStyle,
    *,
    hand_number: int | None = None,
    claimed: Sequence[Collection[int]] = (),
) -> str:
    """The table as ``view.seat`` sees it, as text; wildcards in the seat's hand are marked,
    and so are the discards at the places ``claimed[s]`` lists for seat ``s`` (those another
    seat claimed: :func:`discard_marks`). A seat's void suit (定缺) is shown once the view
    has it, and a seat that won and left the hand is said so."""
    number = f"hand {hand_number} · " if hand_number is not None else ""
    wild = _tiles(view.wildcards, style) or "none"
    mark = f" (marked {_WILD})" if view.wildcards else ""
    lines = [
        f"── {number}dealer: {seat_name(view.dealer, view.seat)}   wall: {view.wall_remaining} left"
        f"   wildcards: {wild}{mark}"
        + (f" (indicator {view.indicator.format(style)})" if view.indicator is not None else "")
    ]
    for s in range(4):
        who = seat_name(s, view.seat)
        declared = " [报听]" if view.declared[s] else ""
        void = view.voids[s] if s < len(view.voids) else None
        if void is not None:
            declared += f" [缺 {SUITS[void]}]"
        if s < len(view.left) and view.left[s] is not None:
            declared += " [won, left]"
        melds = "  ".join(_meld(m.kind, m.tile, style) for m in view.melds[s])
        taken = claimed[s] if s < len(claimed) else ()
        discards = _tiles(view.discards[s], style, claimed=taken)
        lines.append(f"{who:>7}{declared}: discards {discards or '-'}")
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
    if view.winning_tiles:
        waits = waits_text(view.winning_tiles, view.rules, style, " pts")
        lines.append(f"winning tiles: {waits}")
    if view.phase == "haidi" and view.turn == view.seat:
        lines.append("▶ the last tile (海底) is offered to you")
    elif view.phase == "bid":
        lines.append("▶ bid your 跑 (0–3): every payment with you grows by 2 × both bids")
    elif view.phase == "exchange" and view.legal_actions:
        lines.append("▶ pick a tile to pass on (换三张), one at a time")
    elif view.phase == "void" and view.legal_actions:
        lines.append("▶ declare a suit void (定缺): m, p or s")
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
