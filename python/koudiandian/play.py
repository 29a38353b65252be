"""Playing in a terminal: a person against three bots (``koudiandian play``)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .action import Action, ActionKind
from .bots import Bot
from .errors import InvalidArgumentError
from .game import Game
from .match import Match
from .result import HandResult
from .rules import Rules
from .simulate import BOTS, _LazyView
from .tile import Tile, TileStyle
from .view import SeatView

__all__ = ["play_terminal"]

_SEP = " "
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
}


def _tiles(tiles: Sequence[Tile | None], style: TileStyle) -> str:
    if style == "mpsz":
        return _SEP.join("??" if t is None else str(t) for t in tiles)
    return _SEP.join("扣" if t is None else t.format(style) for t in tiles)


def _describe_action(a: Action, style: TileStyle) -> str:
    name = _ACTION_NAMES[a.kind]
    return f"{name} {a.tile.format(style)}" if a.tile is not None else name


def render(view: SeatView, style: TileStyle) -> str:
    """The table as ``view.seat`` sees it, as text."""
    lines = []
    wild = _tiles(view.wildcards, style) or "none"
    lines.append(
        f"── dealer: seat {view.dealer}   wall: {view.wall_remaining} left   wildcards: {wild}"
    )
    for s in range(4):
        who = "you" if s == view.seat else f"seat {s}"
        mark = " [报听]" if view.declared[s] else ""
        melds = "  ".join(
            f"{m.kind}:{'??' if m.tile is None else m.tile.format(style)}" for m in view.melds[s]
        )
        lines.append(f"{who:>7}{mark}: discards {_tiles(view.discards[s], style) or '-'}")
        if melds:
            lines.append(f"{'':>7}  melds {melds}")
    hand = list(view.hand)
    if view.drawn is not None and view.drawn in hand:
        hand.remove(view.drawn)
        lines.append(f"your hand: {_tiles(hand, style)}   drew: {view.drawn.format(style)}")
    else:
        lines.append(f"your hand: {_tiles(hand, style)}")
    if view.winning_tiles:
        waits = ", ".join(f"{t.format(style)} ({t.points} pts)" for t in view.winning_tiles)
        lines.append(f"winning tiles: {waits}")
    if view.claim_tile is not None and view.turn != view.seat:
        lines.append(f"seat {view.turn} offers {view.claim_tile.format(style)}")
    return "\n".join(lines)


def render_result(result: HandResult, style: TileStyle) -> str:
    """The settlement of a hand, as text."""
    if result.winner is None:
        return "drawn hand (荒庄): nothing is paid"
    assert result.win_tile is not None and result.win_kind is not None
    how = {
        "self_draw": "by self-draw",
        "discard": f"on seat {result.discarder}'s discard",
        "robbed_kong": f"robbing seat {result.discarder}'s kong",
    }[result.win_kind.value]
    pats = " ".join(p.chinese for p in result.patterns)
    lines = [
        f"seat {result.winner} wins {how} with {result.win_tile.format(style)}: "
        f"p={result.points}, {pats}, factor ×{result.factor}"
    ]
    for t in result.transfers:
        share = f" (seat {t.share_of}'s share)" if t.share_of is not None else ""
        lines.append(f"  seat {t.payer} pays seat {t.payee} {t.amount} for {t.reason}{share}")
    lines.append(f"deltas: {list(result.deltas)}")
    return "\n".join(lines)


def _ask(
    view: SeatView, legal: Sequence[Action], style: TileStyle, out: TextIO, read: Callable[[], str]
) -> Action | None:
    print(render(view, style), file=out)
    for i, a in enumerate(legal, start=1):
        print(f"  {i:>2}. {_describe_action(a, style)}", file=out)
    while True:
        out.write("your choice (number, q to quit): ")
        out.flush()
        text = read()
        if text == "":
            return None  # end of input
        text = text.strip()
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        print(f"please type a number from 1 to {len(legal)}", file=out)


def _bots(names: Sequence[str], seat: int, seed: int) -> list[Bot | None]:
    if len(names) != 3:
        raise InvalidArgumentError(f"--bots needs three bots for the other seats, got {len(names)}")
    out: list[Bot | None] = []
    others = iter(names)
    for s in range(4):
        if s == seat:
            out.append(None)
            continue
        name = next(others).strip()
        if name not in BOTS:
            raise InvalidArgumentError(f"unknown bot {name!r}; known: {', '.join(BOTS)}")
        out.append(BOTS[name](seed + s))
    return out


def play_terminal(
    *,
    rules: Rules,
    seed: int | None,
    seat: int,
    bots: Sequence[str],
    style: TileStyle,
    match: bool,
    out: TextIO | None = None,
    read: Callable[[], str] | None = None,
) -> int:
    """Play in the terminal; returns an exit status."""
    out = sys.stdout if out is None else out
    read = sys.stdin.readline if read is None else read
    if not 0 <= seat < 4:
        raise InvalidArgumentError(f"--seat must be 0–3, got {seat}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    players = _bots(bots, seat, seed)
    table: Any = Match(rules, seed=seed, length="one_round") if match else Game(rules, seed=seed)
    print(f"koudiandian: you are seat {seat}; seed {seed}", file=out)
    hands_seen = 0
    current: Game | None = None
    shown = 0  # how many of the current hand's events_for(seat) have been reported
    while not table.is_over:
        game: Game = table.game if match else table
        if game is not current:
            current, shown = game, 0
        s = table.to_act[0]
        legal = table.legal_actions(s)
        bot = players[s]
        if bot is None:
            action = _ask(game.view(s), legal, style, out, read)
            if action is None:
                print("\nbye", file=out)
                return 0
        else:
            action = bot.act(_LazyView(game, s), legal)  # type: ignore[arg-type,unused-ignore]
        table.step(s, action)
        events = game.events_for(seat)
        for e in events[shown:]:
            if e.get("seat") not in (None, seat) and e["type"] not in ("draw",):
                print(f"  · {_event_text(e, style)}", file=out)
        shown = len(events)
        if match and len(table.results) > hands_seen:
            hands_seen = len(table.results)
            print(render_result(table.results[-1], style), file=out)
            print(f"scores: {table.scores}", file=out)
    if not match:
        assert table.result is not None
        print(render_result(table.result, style), file=out)
    else:
        print(f"match over. ranking: {table.ranking}, scores {table.scores}", file=out)
    return 0


def _event_text(e: dict[str, Any], style: TileStyle) -> str:
    t = e.get("tile")
    tile = "face down" if t is None else Tile(t).format(style)
    kind = e["type"]
    if kind == "discard":
        return f"seat {e['seat']} {'declares ready (报听), discarding' if e['declare'] else 'discards'} {tile}"
    if kind in ("pong", "kong"):
        return f"seat {e['seat']} {kind}s {tile}"
    if kind in ("added_kong", "concealed_kong"):
        return f"seat {e['seat']} makes a {kind.replace('_', ' ')} {'' if t is None else tile}".rstrip()
    if kind == "win":
        return f"seat {e['seat']} wins with {tile}!"
    return str(kind)
