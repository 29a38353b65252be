"""What ``koudiandian analyze`` says about a hand: shanten, winning tiles, discards, value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import KoudiandianError
from .hand import is_win, ready_discards, score_win, shanten, winning_tiles
from .meld import Meld, MeldKind
from .rules import Rules
from .score import WinScore
from .simulate import describe_rules
from .tile import TILES, Tile, TileStyle

__all__ = ["analyze_text"]


def analyze_text(
    tiles: Sequence[Tile],
    *,
    melds: Sequence[Meld] = (),
    wildcards: Sequence[Tile] = (),
    rules: Rules | None = None,
    win: Tile | None = None,
    self_draw: bool | None = None,
    style: TileStyle = "mpsz",
) -> str:
    """The report on a concealed hand of 3n+1 or 3n+2 ``tiles`` beside ``melds``, as text in
    one tile ``style``. ``win`` names the winning tile (in a complete hand, or the one that
    completes a waiting hand); ``self_draw`` says how it was won (``None``: both ways).

    Raises :class:`KoudiandianError` before producing any text when the input is wrong."""
    rules = Rules() if rules is None else rules
    # A wildcard turned from the wall (混) may be given or not: the hand is analysed either way.
    allowed = (0, 1) if rules.wildcard_from_indicator else (rules.wildcard_kinds,)
    if len(set(wildcards)) not in allowed or len(set(wildcards)) != len(wildcards):
        need = " or ".join(map(str, allowed))
        raise KoudiandianError(
            f"the rules {rules.describe()} need {need} distinct wildcard "
            f"kind(s) (--wildcards), got {len(wildcards)}"
        )
    kw: dict[str, Any] = {"melds": list(melds), "wildcards": list(wildcards), "rules": rules}
    concealed = 14 - 3 * len(melds)
    if len(tiles) not in (concealed, concealed - 1):
        raise KoudiandianError(
            f"{len(tiles)} tiles with {len(melds)} meld(s); expected {concealed} or {concealed - 1}"
        )
    waiting = len(tiles) == concealed - 1
    if self_draw is not None and win is None and waiting:
        raise KoudiandianError("--self-draw describes a win: give a complete hand or --win")
    if win is not None:
        hand = [*tiles, win] if waiting else list(tiles)
        if not waiting and win not in tiles:
            raise KoudiandianError(f"the winning tile {win} is not in the hand")
        if not is_win(hand, **kw):
            raise KoudiandianError(f"the hand is not complete with {win}")
    s = shanten(tiles, **kw)
    out = [f"hand:      {_tiles(tiles, style)}"]
    if melds:
        out.append(f"melds:     {', '.join(_meld(m, style) for m in melds)}")
    if wildcards:
        out.append(f"wildcards: {_tiles(wildcards, style)}")
    out.append(f"rules:     {describe_rules(rules)}")
    state = "complete" if s < 0 else "ready, 听牌" if s == 0 else f"{s} from ready"
    out.append(f"shanten:   {s} ({state})")
    if win is not None or s < 0:
        win_tile = tiles[-1] if win is None else win
        hand = [*tiles, win_tile] if waiting else list(tiles)
        if win is None:
            out.append(
                f"the last tile, {win_tile.format(style)}, is the winning tile (--win names another)"
            )
        ways = (True, False) if self_draw is None else (self_draw,)
        for way in ways:
            out += _win(hand, win_tile, way, melds, kw, style)
    elif waiting:
        out += _waits(tiles, kw, style) if s == 0 else _improvements(tiles, kw, style)
    elif s == 0:
        out += _ready_discards(tiles, kw, style)
    else:
        out += _best_discards(tiles, kw, style)
    return "\n".join(out)


def _tiles(tiles: Sequence[Tile], style: TileStyle) -> str:
    return " ".join(t.format(style) for t in tiles) or "none"


def _meld(m: Meld, style: TileStyle) -> str:
    return f"{m.kind.name.lower()} {Tile(m.tile).format(style)}"


def _ways(self_draw: bool, discard: bool) -> str:
    if discard:
        return "self-draw or discard"
    return "self-draw only" if self_draw else "too few points to win"


def _win(
    hand: list[Tile],
    tile: Tile,
    self_draw: bool,
    melds: Sequence[Meld],
    kw: dict[str, Any],
    style: TileStyle,
) -> list[str]:
    """The value of winning with ``tile``, and who pays what under the active options."""
    sc = score_win(hand, tile, self_draw=self_draw, **kw)
    how = "by self-draw" if self_draw else "on a discard"
    pats = " ".join(p.chinese for p in sc.patterns)
    verdict = "allowed" if sc.allowed else f"not allowed ({_why_not(sc, tile, kw)})"
    value = ", ".join(x for x in (f"p={sc.points}", pats, f"factor ×{sc.factor}") if x)
    lines = [f"win with {tile.format(style)} {how}: {value}: {verdict}"]
    fan = [i for i in sc.score_items if i.combine == "add"]
    if sc.score_items and sc.score_items[0].name == "base":  # a factor table, e.g. hebei
        items = " × ".join(f"{i.chinese} {i.value}" for i in sc.score_items)
        lines.append(f"  factors: {items} = {sc.payment} (one payment; see docs/rules.md)")
    elif fan:  # an additive (fan) profile, e.g. queyimen: the fan total is each payment
        items = " + ".join(f"{i.chinese} {i.value}" for i in sc.score_items)
        lines.append(f"  fan: {items} = {sc.payment}")
        if sc.allowed:
            payer = "each other seat pays" if self_draw else "the discarder pays"
            lines.append(f"  {payer} {sc.payment}")
    elif sc.allowed and kw["rules"].declares_ready:
        lines += _payments(sc, melds, kw["rules"])
    return lines


def _why_not(sc: WinScore, tile: Tile, kw: dict[str, Any]) -> str:
    if not sc.self_draw and tile in kw["wildcards"]:
        return "a discarded wildcard cannot be won on"
    if not sc.self_draw:
        return "a win on a discard needs 6 points or more"
    least = 5 if kw["rules"].to_dict().get("draw5_win6") else 3
    return f"a self-draw needs {least} points or more"


def _payments(sc: WinScore, melds: Sequence[Meld], rules: Rules) -> list[str]:
    """Who pays the win (docs/rules.md §5, Taiyuan): each share is ``sc.payment``."""
    options = rules.to_dict()
    share = sc.payment
    kongs = sum(
        Tile(m.tile).points * (2 if m.kind is MeldKind.CONCEALED_KONG else 1)
        for m in melds
        if m.kind.is_kong
    )
    if sc.self_draw:
        lines = [f"  each other seat pays its share: {share}"]
    else:
        lines = [
            f"  a discarder who had not declared pays all three shares (点炮包胡): {3 * share}",
            f"  a discarder who had declared: each other seat pays its share (三家均摊): {share}",
        ]
    if kongs:
        lines.append(f"  each other seat also pays {kongs} for the winner's kongs")
        if not sc.self_draw and options.get("feeder_pays_all"):
            lines.append(
                "  a discarder who had not declared pays the other two seats' shares of them "
                f"too (点炮包杠): {3 * kongs} in all"
            )
    if options.get("dealer_bonus"):
        bonus = 10 if sc.self_draw and options.get("dealer_selfdraw_double") else 5
        lines.append(
            f"  dealer bonus: +{bonus} on the dealer's share, on every share if the winner deals"
        )
    return lines


def _waits(tiles: Sequence[Tile], kw: dict[str, Any], style: TileStyle) -> list[str]:
    """A ready 13-tile position: each winning tile with its points, a drawn wildcard, 报听
    (in profiles that declare)."""
    if not kw["rules"].declares_ready:
        return _values(tiles, kw, style)
    lines = ["winning tiles:"]
    best = 0
    for t in winning_tiles(tiles, **kw):
        by_draw = score_win(tiles, t, self_draw=True, **kw)
        on_discard = score_win(tiles, t, self_draw=False, **kw)
        best = max(best, by_draw.points)
        lines.append(
            f"  {t.format(style)}: p={by_draw.points}, {_ways(by_draw.allowed, on_discard.allowed)}"
        )
    if len(lines) == 1:
        lines[0] = "winning tiles: none"
    for w in kw["wildcards"]:
        if is_win([*tiles, w], **kw):
            sc = score_win(tiles, w, self_draw=True, **kw)
            best = max(best, sc.points)
            lines.append(
                f"a drawn wildcard ({w.format(style)}) completes it: p={sc.points} by self-draw, "
                + ("allowed" if sc.allowed else "too few points to win")
            )
    lines.append(
        "报听: possible (a winning tile worth 6 points or more)"
        if best >= 6
        else "报听: not possible (no winning tile worth 6 points or more)"
    )
    return lines


def _values(tiles: Sequence[Tile], kw: dict[str, Any], style: TileStyle) -> list[str]:
    """A ready 13-tile position in a profile without 报听: each winning tile with the value of
    one payment by self-draw and on a discard."""
    lines = ["winning tiles (one payment by self-draw / on a discard):"]
    for t in winning_tiles(tiles, **kw):
        by_draw = score_win(tiles, t, self_draw=True, **kw)
        on_discard = score_win(tiles, t, self_draw=False, **kw)
        lines.append(f"  {t.format(style)}: {by_draw.payment} / {on_discard.payment}")
    return lines if len(lines) > 1 else ["winning tiles: none"]


def _ready_discards(tiles: Sequence[Tile], kw: dict[str, Any], style: TileStyle) -> list[str]:
    if not kw["rules"].declares_ready:
        lines = ["discards that leave it ready:"]
        for r in ready_discards(tiles, **kw):
            waits = _tiles(r.winning_tiles, style)
            lines.append(f"  discard {r.discard.format(style)}: waits {waits}")
        return lines
    lines = ["discards that leave it ready, with the winning tiles' points:"]
    for r in ready_discards(tiles, **kw):
        waits = ", ".join(f"{t.format(style)} ({t.points})" for t in r.winning_tiles) or "none"
        wild = (
            f"; a drawn wildcard scores {r.wildcard_points}"
            if r.wildcard_points is not None
            else ""
        )
        declare = "报听 possible" if r.declarable else "报听 not possible (nothing worth 6+)"
        lines.append(f"  discard {r.discard.format(style)}: waits {waits}{wild}; {declare}")
    return lines


def _improvements(tiles: Sequence[Tile], kw: dict[str, Any], style: TileStyle) -> list[str]:
    kinds, live = _improving(tiles, kw)
    return [f"tiles that bring it nearer: {_tiles(kinds, style)} ({live} tiles)"]


def _best_discards(tiles: Sequence[Tile], kw: dict[str, Any], style: TileStyle) -> list[str]:
    """For a 14-tile hand that is not ready: the discards that leave the lowest shanten, with
    the draws that then bring it nearer to ready (most live tiles first)."""
    options = []
    for d in sorted(set(tiles)):
        rest = list(tiles)
        rest.remove(d)
        options.append((shanten(rest, **kw), d, rest))
    low = min(s for s, _, _ in options)
    best = []
    for s, d, rest in options:
        if s == low:
            kinds, live = _improving(rest, kw)
            best.append((-live, d, kinds, live))
    best.sort()
    lines = [f"best discards (each leaves it {low} from ready):"]
    for _, d, kinds, live in best[:_SHOWN]:
        lines.append(
            f"  discard {d.format(style)}: then {_tiles(kinds, style)} bring it nearer ({live} tiles)"
        )
    if len(best) > _SHOWN:
        lines.append(f"  and {len(best) - _SHOWN} more discards that leave it {low} from ready")
    return lines


_SHOWN = 5  # best discards listed


def _improving(tiles: Sequence[Tile], kw: dict[str, Any]) -> tuple[list[Tile], int]:
    """The kinds whose draw lowers the shanten of a 3n+1 hand, and how many copies of them
    are not in the hand or its melds."""
    held = [0] * 34
    for t in tiles:
        held[t] += 1
    for m in kw["melds"]:
        held[m.tile] += 4 if m.kind.is_kong else 3
    now = shanten(tiles, **kw)
    kinds_in_play = kw["rules"].tile_count // 4
    kinds = [
        TILES[k]
        for k in range(kinds_in_play)
        if held[k] < 4 and shanten([*tiles, TILES[k]], **kw) < now
    ]
    return kinds, sum(4 - held[k] for k in kinds)
