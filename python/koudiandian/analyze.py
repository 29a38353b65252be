"""What ``koudiandian analyze`` says about a hand: shanten, winning tiles, discards, value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import _core
from .errors import KoudiandianError
from .hand import VoidSuit, is_win, ready_discards, score_win, shanten, winning_tiles
from .meld import Meld
from .result import Transfer
from .rules import Rules
from .score import WinScore
from .settlement import score_formula
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
    void_suit: VoidSuit = None,
) -> str:
    """The report on a concealed hand of 3n+1 or 3n+2 ``tiles`` beside ``melds``, as text in
    one tile ``style``. ``win`` names the winning tile (in a complete hand, or the one that
    completes a waiting hand); ``self_draw`` says how it was won (``None``: both ways).
    ``void_suit`` (定缺: ``"m"``, ``"p"``, ``"s"`` or 0–2) binds the hand as
    :func:`~koudiandian.shanten` and its family say: its tiles must go first and never win.

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
    if void_suit is not None:
        kw["void_suit"] = void_suit
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
    if void_suit is not None:
        out.append(f"void:      {_VOID_NAMES[_suit_index(void_suit)]}")
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
            out += _win(hand, win_tile, way, kw, style)
    elif waiting:
        out += _waits(tiles, kw, style) if s == 0 else _improvements(tiles, kw, style)
    elif s == 0:
        out += _ready_discards(tiles, kw, style)
    else:
        out += _best_discards(tiles, kw, style)
    return "\n".join(out)


# The suits as a void suit names them (定缺).
_VOID_NAMES = ("m (万)", "p (筒)", "s (条)")


def _suit_index(void_suit: str | int) -> int:
    """A void suit already checked by the hand functions, as 0–2."""
    return "mps".index(void_suit) if isinstance(void_suit, str) else void_suit


def _scoring(kw: dict[str, Any]) -> dict[str, Any]:
    """The hand arguments as :func:`score_win` takes them (it reads no void suit: a hand
    that holds one never reaches it)."""
    return {k: v for k, v in kw.items() if k != "void_suit"}


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
    kw: dict[str, Any],
    style: TileStyle,
) -> list[str]:
    """The value of winning with ``tile``, and who pays what, as the profile scores and
    settles it."""
    sc = score_win(hand, tile, self_draw=self_draw, **_scoring(kw))
    how = "by self-draw" if self_draw else "on a discard"
    pats = " ".join(p.chinese for p in sc.patterns)
    if sc.allowed:
        verdict = "allowed"
    else:
        why = _core.win_refusal(hand, tile, self_draw, kw["melds"], kw["wildcards"], kw["rules"])
        verdict = "not allowed" if why is None else f"not allowed ({why})"
    value = ", ".join(x for x in (f"p={sc.points}", pats, f"factor ×{sc.factor}") if x)
    lines = [f"win with {tile.format(style)} {how}: {value}: {verdict}"]
    lines += _items(sc, kw["rules"].score_items_are_payment)
    if sc.allowed:
        lines += _payments(hand, tile, self_draw, kw)
    return lines


def _items(sc: WinScore, payment: bool) -> list[str]:
    """The score items in the order they apply, when there is more than one: added (fan),
    multiplied (factors), or both, as each item's ``combine`` says (``payment``: whether the
    profile's items add up to a payment, ``Rules.score_items_are_payment``; else they only
    name the win)."""
    if len(sc.score_items) < 2:
        return []
    ops = {i.combine for i in sc.score_items[1:]}
    label = "fan" if ops == {"add"} else "factors" if ops == {"multiply"} else "score"
    if not payment:
        label = "items"
    return [f"  {label}: {score_formula(sc.score_items, payment=payment)[0]}"]


# The seats of the hand that `_payments` settles: the winner, the discarder of the winning
# tile (on a discard), and the dealer, a third seat (the winner or the discarder dealing are
# said apart). The reasons of a kong's transfers.
_WINNER, _DISCARDER, _DEALER = 0, 1, 2
_KONGS = ("concealed_kong", "added_kong", "kong")
_SHARES = {1: "its share", 2: "both shares", 3: "all three shares"}
_OTHERS = {1: "the other seat's share", 2: "the other two seats' shares"}

# Who pays a kind of transfer, as (subject, what it pays): ("each other seat", "pays 6").
_Bill = tuple[str, str]


def _payments(hand: list[Tile], tile: Tile, self_draw: bool, kw: dict[str, Any]) -> list[str]:
    """Who pays the win, from the transfers of the profile's settlement of a hand that ends
    with it: the win's shares (apart for a discarder who had declared and one who had not,
    where they differ), what changes when the winner or the discarder deals, the winner's
    kongs, and every other transfer (a dealer bonus)."""

    def settle(dealer: int, declared: bool = True) -> list[Transfer]:
        raw = _core.settle_win(
            hand,
            tile,
            self_draw,
            kw["melds"],
            kw["wildcards"],
            kw["rules"],
            discarder=None if self_draw else _DISCARDER,
            discarder_declared=declared,
            dealer=dealer,
        )
        return [Transfer(*t) for t in raw]

    base = settle(_DEALER)
    undeclared = base if self_draw else settle(_DEALER, declared=False)
    lines = _either_discarder(_of(base, "win"), _of(undeclared, "win"), self_draw)
    dealers = [("the winner", _WINNER)] + ([] if self_draw else [("the discarder", _DISCARDER)])
    dealing = {who: settle(seat) for who, seat in dealers}
    for who, transfers in dealing.items():
        if _of(transfers, "win") != _of(base, "win"):
            subject, pays = _win_bill(_of(transfers, "win"), self_draw)
            lines.append(f"  if {who} deals: {subject} {pays}")
    lines += _kong_lines(_of(base, *_KONGS), _of(undeclared, *_KONGS), self_draw)
    winner_deals = dealing["the winner"]
    for reason in dict.fromkeys(t.reason for t in base + winner_deals):
        if reason != "win" and reason not in _KONGS:
            lines += _other_lines(reason, _of(base, reason), _of(winner_deals, reason))
    return lines


def _of(transfers: list[Transfer], *reasons: str) -> list[Transfer]:
    return [t for t in transfers if t.reason in reasons]


def _owed(transfers: list[Transfer]) -> dict[int, tuple[int, int]]:
    """Each share by the seat it is of: who pays it, and how much in all."""
    out: dict[int, tuple[int, int]] = {}
    for t in transfers:
        owner = t.payer if t.share_of is None else t.share_of
        out[owner] = (t.payer, out.get(owner, (t.payer, 0))[1] + t.amount)
    return out


def _each(transfers: list[Transfer]) -> int | None:
    """What each other seat pays of its own share, if all three pay the same; else ``None``."""
    owed = _owed(transfers)
    amounts = {amount for _, amount in owed.values()}
    own = all(payer == owner for owner, (payer, _) in owed.items())
    return amounts.pop() if own and len(owed) == 3 and len(amounts) == 1 else None


def _role(seat: int, self_draw: bool) -> str:
    if seat == _DISCARDER and not self_draw:
        return "the discarder"
    return "the dealer" if seat == _DEALER else "the other seat"


def _by_payer(transfers: list[Transfer], self_draw: bool) -> _Bill:
    """What each seat pays in all, the discarder and the dealer named first:
    ``("the dealer", "pays 2, each other seat 1")``."""
    paid: dict[int, int] = {}
    for t in transfers:
        paid[t.payer] = paid.get(t.payer, 0) + t.amount
    named = [s for s in sorted(paid) if _role(s, self_draw) != "the other seat"]
    parts = [(_role(s, self_draw), paid[s]) for s in named]
    rest = [s for s in sorted(paid) if s not in named]
    if len({paid[s] for s in rest}) == 1:
        parts.append(("each other seat" if len(rest) > 1 else "the other seat", paid[rest[0]]))
    else:
        parts += [(f"seat {s}", paid[s]) for s in rest]
    (subject, first), more = parts[0], parts[1:]
    return subject, ", ".join([f"pays {first}", *(f"{who} {amount}" for who, amount in more)])


def _win_bill(transfers: list[Transfer], self_draw: bool) -> _Bill:
    """Who pays the win: every other seat its own share (三家均摊 on a discard), one seat
    every share (包胡) or just what it owes, else each seat what it pays."""
    each = _each(transfers)
    if each is not None:
        return "each other seat", f"pays its share{'' if self_draw else ' (三家均摊)'}: {each}"
    owed = _owed(transfers)
    payers = {payer for payer, _ in owed.values()}
    if len(payers) > 1:
        return _by_payer(transfers, self_draw)
    payer, total = payers.pop(), sum(t.amount for t in transfers)
    if len(owed) > 1:
        shares = _SHARES.get(len(owed), f"{len(owed)} shares")
        return _role(payer, self_draw), f"pays {shares} (点炮包胡): {total}"
    return _role(payer, self_draw), f"pays {total}"


def _either_discarder(
    declared: list[Transfer], undeclared: list[Transfer], self_draw: bool
) -> list[str]:
    """Who pays the win; apart for a discarder who had not declared and one who had, when
    the settlement tells them apart."""
    if not declared:
        return []
    if declared == undeclared:
        subject, pays = _win_bill(declared, self_draw)
        return [f"  {subject} {pays}"]
    lines = []
    for had, transfers in (("had not declared", undeclared), ("had declared", declared)):
        subject, pays = _win_bill(transfers, self_draw)
        who = f"a discarder who {had}"
        lines.append(
            f"  {who} {pays}" if subject == "the discarder" else f"  {who}: {subject} {pays}"
        )
    return lines


def _kong_lines(declared: list[Transfer], undeclared: list[Transfer], self_draw: bool) -> list[str]:
    """What the winner's kongs are paid, and what a discarder who had not declared pays of
    them where that differs (包杠: the other seats' shares too)."""
    if not declared:
        return []
    each = _each(declared)
    if each is not None:
        lines = [f"  each other seat also pays {each} for the winner's kongs"]
    else:
        subject, pays = _by_payer(declared, self_draw)
        lines = [f"  for the winner's kongs: {subject} {pays}"]
    if undeclared != declared:
        owed = _owed(undeclared)
        total = sum(t.amount for t in undeclared)
        others = _OTHERS.get(len(owed) - 1)
        if {payer for payer, _ in owed.values()} == {_DISCARDER} and others:
            lines.append(
                f"  a discarder who had not declared pays {others} of them too (点炮包杠): "
                f"{total} in all"
            )
        else:
            subject, pays = _by_payer(undeclared, self_draw)
            lines.append(
                f"  a discarder who had not declared: for the winner's kongs, {subject} {pays}"
            )
    return lines


def _other_lines(reason: str, base: list[Transfer], winner_deals: list[Transfer]) -> list[str]:
    """A transfer other than the win's shares and the kongs (a dealer bonus): on whose
    share it is paid, and on every share if the winner deals."""
    owed = _owed(base)
    amounts = {amount for _, amount in owed.values()}
    on_dealer = set(owed) == {_DEALER} and len(amounts) == 1
    if on_dealer:
        parts = [f"+{min(amounts)} on the dealer's share"]
    else:
        parts = [f"+{amount} on seat {owner}'s share" for owner, (_, amount) in owed.items()]
    each = _each(winner_deals) if winner_deals != base else None
    if each is not None:
        again = on_dealer and amounts == {each}
        parts.append(f"{'' if again else f'+{each} '}on every share if the winner deals")
    return [f"  {reason.replace('_', ' ')}: {', '.join(parts)}"] if parts else []


def _waits(tiles: Sequence[Tile], kw: dict[str, Any], style: TileStyle) -> list[str]:
    """A ready 13-tile position: each winning tile with its points, a drawn wildcard, 报听
    (in profiles that declare)."""
    if not kw["rules"].declares_ready:
        return _values(tiles, kw, style)
    lines = ["winning tiles:"]
    for t in winning_tiles(tiles, **kw):
        by_draw = score_win(tiles, t, self_draw=True, **_scoring(kw))
        on_discard = score_win(tiles, t, self_draw=False, **_scoring(kw))
        lines.append(
            f"  {t.format(style)}: p={by_draw.points}, {_ways(by_draw.allowed, on_discard.allowed)}"
        )
    if len(lines) == 1:
        lines[0] = "winning tiles: none"
    for w in kw["wildcards"]:
        if is_win([*tiles, w], **kw):
            sc = score_win(tiles, w, self_draw=True, **_scoring(kw))
            lines.append(
                f"a drawn wildcard ({w.format(style)}) completes it: p={sc.points} by self-draw, "
                + ("allowed" if sc.allowed else "too few points to win")
            )
    lines.append(
        "报听: possible (a winning tile worth 6 points or more)"
        if _core.declarable(tiles, kw["melds"], kw["wildcards"], kw["rules"])
        else "报听: not possible (no winning tile worth 6 points or more)"
    )
    return lines


def _values(tiles: Sequence[Tile], kw: dict[str, Any], style: TileStyle) -> list[str]:
    """A ready 13-tile position in a profile without 报听: each winning tile with the value of
    one payment by self-draw and on a discard."""
    lines = ["winning tiles (one payment by self-draw / on a discard):"]
    for t in winning_tiles(tiles, **kw):
        by_draw = score_win(tiles, t, self_draw=True, **_scoring(kw))
        on_discard = score_win(tiles, t, self_draw=False, **_scoring(kw))
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
        waits = (
            ", ".join(f"{t.format(style)} ({kw['rules'].tile_points(t)})" for t in r.winning_tiles)
            or "none"
        )
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
