"""Playing in a terminal: a person against three bots (``koudiandian play``)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from .action import Action, ActionKind
from .bots import Bot
from .errors import InvalidArgumentError, InvalidTileError
from .game import Game
from .hand import ready_discards
from .match import Match
from .meld import Meld
from .result import HandResult, WinKind
from .rules import Rules
from .simulate import BOTS
from .tile import Tile, TileStyle
from .view import SeatView

__all__ = ["play_terminal", "render", "render_result"]

_SEP = " "
_WILD = "*"  # marks a wildcard tile in the seat's own hand
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
}
_PLACES = ("1st", "2nd", "3rd", "4th")


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def _whose(seat: int, me: int | None) -> str:
    return "your" if seat == me else f"seat {seat}'s"


def _tile(t: Tile, style: TileStyle, wildcards: Sequence[Tile] = ()) -> str:
    return t.format(style) + (_WILD if t in wildcards else "")


def _tiles(tiles: Sequence[Tile | None], style: TileStyle, wildcards: Sequence[Tile] = ()) -> str:
    hidden = "??" if style == "mpsz" else "扣"
    return _SEP.join(hidden if t is None else _tile(t, style, wildcards) for t in tiles)


def _own_melds(view: SeatView) -> list[Meld]:
    return [Meld.of(m.kind, m.tile) for m in view.melds[view.seat] if m.tile is not None]


def _describe_action(a: Action, style: TileStyle, waits: dict[Tile, tuple[Tile, ...]]) -> str:
    name = _ACTION_NAMES[a.kind]
    if a.tile is None:
        return name
    if a.kind is ActionKind.PAO:
        return f"{name} {a.tile}"
    if a.kind is ActionKind.CHOW:
        return f"{name} {_run(a.tile, style)}"
    tile = Tile(a.tile)
    text = f"{name} {tile.format(style)}"
    if a.kind is ActionKind.DECLARE:
        wait = ", ".join(f"{t.format(style)} ({t.points})" for t in waits.get(tile, ()))
        text += f"; then waits {wait or 'on a drawn wildcard'}"
    return text


def _run(low: int, style: TileStyle) -> str:
    """The three tiles of the run starting at ``low``."""
    return "".join(Tile(low + i).format(style) for i in range(3))


def _meld(kind: str, tile: Tile | None, style: TileStyle) -> str:
    if tile is None:
        return f"{kind}:??"
    return f"{kind}:{_run(tile, style) if kind == 'chow' else tile.format(style)}"


def render(view: SeatView, style: TileStyle, *, hand_number: int | None = None) -> str:
    """The table as ``view.seat`` sees it, as text; wildcards in the seat's hand are marked."""
    number = f"hand {hand_number} · " if hand_number is not None else ""
    wild = _tiles(view.wildcards, style) or "none"
    mark = f" (marked {_WILD})" if view.wildcards else ""
    lines = [
        f"── {number}dealer: {_who(view.dealer, view.seat)}   wall: {view.wall_remaining} left"
        f"   wildcards: {wild}{mark}"
        + (f" (indicator {view.indicator.format(style)})" if view.indicator is not None else "")
    ]
    for s in range(4):
        who = _who(s, view.seat)
        declared = " [报听]" if view.declared[s] else ""
        melds = "  ".join(_meld(m.kind, m.tile, style) for m in view.melds[s])
        lines.append(f"{who:>7}{declared}: discards {_tiles(view.discards[s], style) or '-'}")
        if melds:
            lines.append(f"{'':>7}  melds {melds}")
        if view.flowers[s]:
            lines.append(f"{'':>7}  flowers {_tiles(view.flowers[s], style)}")
    hand = list(view.hand)
    wc = view.wildcards
    if view.drawn is not None and view.drawn in hand:
        hand.remove(view.drawn)
        lines.append(f"your hand: {_tiles(hand, style, wc)}   drew: {_tile(view.drawn, style, wc)}")
    else:
        lines.append(f"your hand: {_tiles(hand, style, wc)}")
    if view.winning_tiles:
        waits = ", ".join(f"{t.format(style)} ({t.points} pts)" for t in view.winning_tiles)
        lines.append(f"winning tiles: {waits}")
    if view.phase == "haidi" and view.turn == view.seat:
        lines.append("▶ the last tile (海底) is offered to you")
    elif view.phase == "bid":
        lines.append("▶ bid your 跑 (0–3): every payment with you grows by 2 × both bids")
    elif view.phase == "turn" and view.turn == view.seat:
        lines.append("▶ your turn")
    elif view.claim_tile is not None and view.turn != view.seat:
        verb = "adds a kong of" if view.phase == "rob" else "discards"
        lines.append(f"▶ seat {view.turn} {verb} {view.claim_tile.format(style)}: your answer")
    return "\n".join(lines)


def render_result(result: HandResult, style: TileStyle, *, me: int | None = None) -> str:
    """The settlement of a hand, as text (``me``: the seat to call "you")."""
    if result.winner is None:
        return "drawn hand (荒庄): nothing is paid"
    assert result.win_tile is not None and result.win_kind is not None
    if result.discarder is None:
        how = "by self-draw"
    elif result.win_kind is WinKind.ROBBED_KONG:
        how = f"robbing {_whose(result.discarder, me)} kong"
    else:
        how = f"on {_whose(result.discarder, me)} discard"
    lines = []
    for win in result.wins:
        winner = _who(win.seat, me)
        items = " ".join(
            f"{i.chinese}{'' if i.combine == 'base' else ('×' if i.combine == 'multiply' else '+')}"
            f"{i.value}"
            for i in win.score_items
        )
        lines.append(
            f"{winner} {'win' if winner == 'you' else 'wins'} {how} with "
            f"{win.tile.format(style)}: {items}"
            + (f" = {win.points * win.factor}" if win.points * win.factor > 1 else "")
        )
    for t in result.transfers:
        share = f" ({_whose(t.share_of, me)} share)" if t.share_of is not None else ""
        payer = _who(t.payer, me)
        pays = "pay" if payer == "you" else "pays"
        lines.append(f"  {payer} {pays} {t.amount} to {_who(t.payee, me)} for {t.reason}{share}")
    lines.append(f"deltas: {list(result.deltas)}")
    return "\n".join(lines)


def render_reveal(game: Game, me: int, style: TileStyle) -> str:
    """Every seat's tiles once the hand is over; face-down discards in brackets."""
    view = game.view(me)
    down: list[set[int]] = [set(), set(), set(), set()]
    count = [0, 0, 0, 0]
    for e in game.events_for(me):
        if e["type"] == "discard":
            if e["declare"]:
                down[e["seat"]].add(count[e["seat"]])
            count[e["seat"]] += 1
    lines = ["── the hand is over; every tile shown (face-down discards in [brackets])"]
    for s in range(4):
        who = f"you (seat {s})" if s == me else f"seat {s}"
        melds = "  ".join(_meld(m.kind, m.tile, style) for m in view.melds[s])
        discards = _SEP.join(
            "??" if t is None else f"[{t.format(style)}]" if i in down[s] else t.format(style)
            for i, t in enumerate(view.discards[s])
        )
        lines.append(f"{who}: hand {_tiles(game.hand(s), style, view.wildcards)}")
        if melds:
            lines.append(f"  melds {melds}")
        lines.append(f"  discards {discards or '-'}")
    return "\n".join(lines)


def _ranking(match: Match, me: int) -> str:
    scores = match.scores
    return ", ".join(
        f"{_PLACES[i]} {_who(s, me)} ({scores[s]:+d})" for i, s in enumerate(match.ranking)
    )


def _scores(scores: Sequence[int], me: int) -> str:
    return ", ".join(f"{_who(s, me)} {scores[s]:+d}" for s in range(4))


def _choose(text: str, legal: Sequence[Action]) -> Action | str:
    """The action a reply names (a number, or a tile to discard), or what is wrong with it."""
    if text.isdigit():
        if 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        return f"please type a number from 1 to {len(legal)}"
    try:
        tile = Tile.parse(text)
    except InvalidTileError:
        return f"please type a number from 1 to {len(legal)}, or a tile to discard"
    for a in legal:
        if a.kind is ActionKind.DISCARD and a.tile == tile:
            return a
    return f"you cannot discard {tile} now"


def _ask(
    view: SeatView,
    legal: Sequence[Action],
    style: TileStyle,
    out: TextIO,
    read: Callable[[], str],
    hand_number: int | None,
) -> Action | None:
    waits: dict[Tile, tuple[Tile, ...]] = {}
    if any(a.kind is ActionKind.DECLARE for a in legal):
        waits = {
            r.discard: r.winning_tiles
            for r in ready_discards(
                view.hand, melds=_own_melds(view), wildcards=view.wildcards, rules=view.rules
            )
        }
    print(render(view, style, hand_number=hand_number), file=out)
    for i, a in enumerate(legal, start=1):
        print(f"  {i:>2}. {_describe_action(a, style, waits)}", file=out)
    discard = any(a.kind is ActionKind.DISCARD for a in legal)
    prompt = "number, a tile to discard, q to quit" if discard else "number, q to quit"
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


def _bots(names: Sequence[str], seat: int, seed: int) -> list[Bot | None]:
    if len(names) != 3:
        raise InvalidArgumentError(f"--bots needs three bots for the other seats, got {len(names)}")
    out: list[Bot | None] = []
    others = iter(names)
    for s in range(4):
        if s == seat:
            out.append(None)
            continue
        name = next(others).strip().lower()
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
    print(f"koudiandian: you are seat {seat}; seed {seed} (--seed {seed} deals it again)", file=out)
    current: Game | None = None
    shown = 0  # how many of the current hand's events_for(seat) have been reported
    while not table.is_over:
        game: Game = table.game if match else table
        if game is not current:
            current, shown = game, 0
            if match:
                print(
                    f"\n══ hand {len(table.games)} of the match · dealer {_who(game.dealer, seat)}",
                    file=out,
                )
        s = table.to_act[0]
        legal = table.legal_actions(s)
        bot = players[s]
        if bot is None:
            number = len(table.games) if match else None
            action = _ask(game.view(s), legal, style, out, read, number)
            if action is None:
                print("\nbye", file=out)
                return 0
        else:
            action = bot.act(game.view(s), legal)
        table.step(s, action)
        events = game.events_for(seat)
        declared = game.view(seat).declared[seat]
        for e in events[shown:]:
            text = _event_text(e, seat, declared, style)
            if text:
                print(f"  · {text}", file=out)
        shown = len(events)
        if game.is_over:
            assert game.result is not None
            print(render_reveal(game, seat, style), file=out)
            print(render_result(game.result, style, me=seat), file=out)
            if match and not table.is_over:
                print(f"scores: {_scores(table.scores, seat)}", file=out)
                out.write("press Enter for the next hand (q to quit): ")
                out.flush()
                reply = read()
                if reply == "" or reply.strip().lower() in ("q", "quit", "exit"):
                    print("\nbye", file=out)
                    return 0
    if match:
        print(f"match over. final ranking: {_ranking(table, seat)}", file=out)
    return 0


def _event_text(e: Mapping[str, Any], me: int, declared: bool, style: TileStyle) -> str | None:
    """An event worth reporting to seat ``me``: the other seats' moves, and ``me``'s own
    moves that it did not choose (automatic after 报听, or under must_win), with its draws
    once ``declared``."""
    kind = e["type"]
    seat = e.get("seat")
    if kind == "indicator":
        hun = Tile(e["hun"]).format(style)
        return f"the indicator is {Tile(e['tile']).format(style)}: the 混 (wildcard) is {hun}"
    if kind == "bird":
        return f"the bird is {Tile(e['tile']).format(style)}: it hits {_who(e['seat'], me)}"
    if seat is None or kind == "answer":
        return None
    t = e.get("tile")
    tile = "face down" if t is None else Tile(t).format(style)
    if kind == "flower":
        return f"{_who(seat, me)} {'set' if seat == me else 'sets'} aside the flower {tile}"
    if kind == "bid":
        return f"{_who(seat, me)} {'bid' if seat == me else 'bids'} 跑 {e['pao']}"
    if kind == "dice":
        return f"{_who(seat, me)} {'roll' if seat == me else 'rolls'} {e['dice'][0]} and {e['dice'][1]}"
    if kind == "opening_win":
        return f"{_who(seat, me)} {'declare' if seat == me else 'declares'} {', '.join(e['wins'])}"
    if kind == "haidi":
        took = "take" if seat == me else "takes"
        refused = "refuse" if seat == me else "refuses"
        return f"{_who(seat, me)} {took if e['take'] else refused} the last tile (海底)"
    if seat == me:
        if kind == "draw" and declared:
            return f"you draw {tile}"
        if not e.get("auto"):
            return None
    who = _who(seat, me)
    if kind == "draw":
        return None
    if kind == "discard":
        if e["declare"]:
            return f"{who} declares ready (报听), discarding {tile}"
        return f"{who} {'discard' if seat == me else 'discards'} {tile}" + (
            " (automatic: the hand is locked after 报听)" if e.get("auto") else ""
        )
    if kind in ("pong", "kong"):
        return f"{who} {kind}s {tile}"
    if kind == "dice_kong":
        return f"{who} {'make' if seat == me else 'makes'} a kong with dice (杠) of {tile}"
    if kind == "chow":
        claimed = Tile(e["claimed"]).format(style)
        return f"{who} {'chow' if seat == me else 'chows'} {_run(e['tile'], style)} with {claimed}"
    if kind in ("added_kong", "concealed_kong"):
        return f"{who} makes a {kind.replace('_', ' ')} {'' if t is None else tile}".rstrip()
    if kind == "win":
        auto = " (automatic: 有胡必胡)" if e.get("auto") else ""
        return f"{who} {'win' if seat == me else 'wins'} with {tile}!{auto}"
    return str(kind)
