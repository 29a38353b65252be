"""The terminal player's turn: the options listed, and a reply read until it names one
(``koudiandian play``)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TextIO

from .action import Action, ActionKind
from .errors import InvalidTileError
from .eventlines import run_text
from .hand import ready_discards
from .meld import Meld
from .tabletext import Departure, render, waits_text
from .tile import Tile, TileStyle
from .view import SeatView

__all__ = ["ask"]

_ACTION_NAMES = {
    ActionKind.DISCARD: "discard",
    ActionKind.DECLARE: "declare ready (报听), discarding face down",
    ActionKind.SELF_DRAW_WIN: "win by self-draw (自摸)",
    ActionKind.WIN: "win (胡)",
    ActionKind.PONG: "pong (碰)",
    ActionKind.KONG: "kong (杠)",
    ActionKind.ADDED_KONG: "added kong (补杠)",
    ActionKind.CONCEALED_KONG: "concealed kong (暗杠)",
    ActionKind.PASS: "pass (过)",
    ActionKind.CHOW: "chow (吃)",
    ActionKind.PAO: "bid 跑",
    ActionKind.DICE_KONG: "kong with dice (杠)",
    ActionKind.OPENING_WIN: "declare your opening small wins (起手小胡)",
    ActionKind.HAIDI: "take the last tile (要海底)",
    ActionKind.EXCHANGE: "exchange (换三张)",
    ActionKind.VOID: "void (定缺)",
}

#: A void suit's letter and its Chinese name, as the options list prints it.
_SUIT_NAMES = ("m 万", "p 筒", "s 条")


def _own_melds(view: SeatView) -> list[Meld]:
    return [Meld.of(m.kind, m.tile) for m in view.melds[view.seat] if m.tile is not None]


def _describe_action(a: Action, style: TileStyle) -> str:
    name = _ACTION_NAMES[a.kind]
    if a.tile is None:
        return name
    if a.kind is ActionKind.PAO:
        return f"{name} {a.tile}"
    if a.kind is ActionKind.VOID:
        return f"{name} {_SUIT_NAMES[a.tile]}"
    if a.kind is ActionKind.CHOW:
        return f"{name} {run_text(a.tile, style)}"
    return f"{name} {Tile(a.tile).format(style)}"


def _spellings(a: Action) -> set[str]:
    """The ways a reply may name option ``a``, in lower case: its text as the options list
    prints it in every tile style, its name without the Chinese term (``"pass"``, ``"pong
    7m"``), the Chinese term with the tile (``"碰 七万"``), and ``str(a)`` (``"exchange
    3m"``, ``"void p"``)."""
    name = _ACTION_NAMES[a.kind]
    short = name.split(" (")[0]
    term = name.partition("(")[2].partition(")")[0]
    out = {name, short}
    if term:
        out.add(term)
    if a.kind is ActionKind.VOID:
        letter, chinese = _SUIT_NAMES[a.tile or 0].split()
        out = {f"{n} {x}" for n in (short, term) for x in (letter, chinese)}
        out.add(_describe_action(a, "mpsz"))
    elif a.tile is not None:
        out = set()
        for style in ("mpsz", "chinese", "unicode"):
            text = _describe_action(a, style)
            tile = text.rsplit(" ", 1)[1]
            out |= {text, f"{short} {tile}"} | ({f"{term} {tile}"} if term else set())
    out.add(str(a))
    return {" ".join(x.lower().split()) for x in out}


def _choose(text: str, legal: Sequence[Action]) -> Action | str:
    """The action a reply names, or what is wrong with it: the option's number, the option
    as printed (``"discard 南"``, ``"pass"``, ``"pong 7m"``; a tile in any of its notations:
    Chinese, MPSZ, a glyph), or a tile alone to discard."""
    if text.isdigit():
        if 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        return f"please type a number from 1 to {len(legal)}"
    wanted = " ".join(text.lower().split())
    for a in legal:
        if wanted in _spellings(a):
            return a
    tile_text = wanted.removeprefix("discard ").strip()
    try:
        tile = Tile.parse(tile_text)
    except InvalidTileError:
        return (
            f"please type a number from 1 to {len(legal)}, an option as it is printed, "
            "or a tile to discard"
        )
    for a in legal:
        if a.kind is ActionKind.DISCARD and a.tile == tile:
            return a
    return f"you cannot discard {tile} now"


def ask(
    view: SeatView,
    legal: Sequence[Action],
    style: TileStyle,
    out: TextIO,
    read: Callable[[], str],
    hand_number: int | None,
    claimed: Sequence[Collection[int]] = (),
    left: Mapping[int, Departure] | None = None,
) -> Action | None:
    """Show seat ``view.seat`` the table and its options ``legal`` on ``out``, and read
    replies with ``read`` until one names an option; ``None`` when the player quits (q) or
    the input ends. ``claimed`` marks the discards other seats took, ``left`` says the
    seats that won and left (:func:`render`)."""
    waits: dict[Tile, tuple[Tile, ...]] = {}
    if any(a.kind is ActionKind.DECLARE for a in legal):
        waits = {
            r.discard: r.winning_tiles
            for r in ready_discards(
                view.hand, melds=_own_melds(view), wildcards=view.wildcards, rules=view.rules
            )
        }
    print(render(view, style, hand_number=hand_number, claimed=claimed, left=left), file=out)
    for i, a in enumerate(legal, start=1):
        text = _describe_action(a, style)
        if a.kind is ActionKind.DECLARE and a.tile is not None:
            wait = waits_text(waits.get(Tile(a.tile), ()), view.rules, style)
            text += f"; then waits {wait or 'on a drawn wildcard'}"
        print(f"  {i:>2}. {text}", file=out)
    discard = any(a.kind is ActionKind.DISCARD for a in legal)
    prompt = (
        "number or option, a tile to discard, q to quit"
        if discard
        else "number or option, q to quit"
    )
    while True:
        out.write(f"your choice ({prompt}): ")
        out.flush()
        text = read()
        if text == "":
            return None  # end of input
        text = text.strip()
        if text.lower() in ("q", "quit", "exit"):
            return None
        choice = _choose(text, legal)
        if isinstance(choice, Action):
            return choice
        print(choice, file=out)
