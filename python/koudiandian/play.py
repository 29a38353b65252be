"""Playing in a terminal: a person against three bots (``koudiandian play``)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, TextIO

from .action import Action, ActionKind
from .bots import Bot, builtin_factory
from .errors import InvalidArgumentError, InvalidTileError
from .execbot import ExecBot, is_exec
from .game import Game
from .hand import ready_discards
from .match import Match
from .meld import Meld
from .result import HandResult
from .rules import Rules
from .settlement import seat_name, settlement_lines
from .simulate import _LazyView
from .tile import Tile, TileStyle
from .view import SeatView

__all__ = ["play_terminal", "render", "render_result", "render_game_result"]

_SEP = " "
_WILD = "*"  # marks a wildcard tile in the seat's own hand
_CLAIMED = "↑"  # marks a discard another seat claimed, in its discarder's row
#: The events that take another seat's discard (a win only when it is on a discard).
_CLAIMS = ("pong", "kong", "chow", "dice_kong", "win")
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


def _own_melds(view: SeatView) -> list[Meld]:
    return [Meld.of(m.kind, m.tile) for m in view.melds[view.seat] if m.tile is not None]


def _waits(tiles: Iterable[Tile], rules: Rules, style: TileStyle, unit: str = "") -> str:
    """The winning tiles ``tiles``, each with what it is worth under ``rules`` where the
    profile values a win by its tile (:meth:`Rules.tile_points`)."""

    def one(t: Tile) -> str:
        points = rules.tile_points(t)
        return t.format(style) if points is None else f"{t.format(style)} ({points}{unit})"

    return ", ".join(one(t) for t in tiles)


def _describe_action(a: Action, style: TileStyle) -> str:
    name = _ACTION_NAMES[a.kind]
    if a.tile is None:
        return name
    if a.kind is ActionKind.PAO:
        return f"{name} {a.tile}"
    if a.kind is ActionKind.CHOW:
        return f"{name} {_run(a.tile, style)}"
    return f"{name} {Tile(a.tile).format(style)}"


def _run(low: int, style: TileStyle) -> str:
    """The three tiles of the run starting at ``low``."""
    return "".join(Tile(low + i).format(style) for i in range(3))


def _meld(kind: str, tile: Tile | None, style: TileStyle) -> str:
    if tile is None:
        return f"{kind}:??"
    return f"{kind}:{_run(tile, style) if kind == 'chow' else tile.format(style)}"


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
    seat claimed: :func:`discard_marks`)."""
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
        waits = _waits(view.winning_tiles, view.rules, style, " pts")
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


def _ranking(match: Match, me: int) -> str:
    """The places by score, in the match's ranking order; seats on the same score share a
    place, marked ``=`` (the ranking itself orders them by seat number)."""
    scores = match.scores
    groups: list[list[int]] = []
    for s in match.ranking:
        if groups and scores[groups[-1][0]] == scores[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    places, place = [], 0
    for group in groups:
        score = f"{scores[group[0]]:+d}"
        if len(group) == 1:
            places.append(f"{_PLACES[place]} {seat_name(group[0], me)} ({score})")
        else:
            names = [seat_name(s, me) for s in group]
            tied = ", ".join(names[:-1]) + " and " + names[-1]
            places.append(f"{_PLACES[place]}= {tied} ({score} each)")
        place += len(group)
    tie = "; = marks a tie" if len(groups) < 4 else ""
    return ", ".join(places) + tie


def _scores(scores: Sequence[int], me: int) -> str:
    return ", ".join(f"{seat_name(s, me)} {scores[s]:+d}" for s in range(4))


def _spellings(a: Action) -> set[str]:
    """The ways a reply may name option ``a``, in lower case: its text as the options list
    prints it in every tile style, its name without the Chinese term (``"pass"``, ``"pong
    7m"``), and the Chinese term with the tile (``"碰 七万"``)."""
    name = _ACTION_NAMES[a.kind]
    short = name.split(" (")[0]
    term = name.partition("(")[2].partition(")")[0]
    out = {name, short}
    if term:
        out.add(term)
    if a.tile is not None:
        out = set()
        for style in ("mpsz", "chinese", "unicode"):
            text = _describe_action(a, style)
            tile = text.rsplit(" ", 1)[1]
            out |= {text, f"{short} {tile}"} | ({f"{term} {tile}"} if term else set())
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


def _ask(
    view: SeatView,
    legal: Sequence[Action],
    style: TileStyle,
    out: TextIO,
    read: Callable[[], str],
    hand_number: int | None,
    claimed: Sequence[Collection[int]] = (),
) -> Action | None:
    waits: dict[Tile, tuple[Tile, ...]] = {}
    if any(a.kind is ActionKind.DECLARE for a in legal):
        waits = {
            r.discard: r.winning_tiles
            for r in ready_discards(
                view.hand, melds=_own_melds(view), wildcards=view.wildcards, rules=view.rules
            )
        }
    print(render(view, style, hand_number=hand_number, claimed=claimed), file=out)
    for i, a in enumerate(legal, start=1):
        text = _describe_action(a, style)
        if a.kind is ActionKind.DECLARE and a.tile is not None:
            wait = _waits(waits.get(Tile(a.tile), ()), view.rules, style)
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
        if is_exec(name):
            out.append(ExecBot(name))
            continue
        out.append(builtin_factory(name.lower())(seed + s))
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
    try:
        return _play_table(rules, seed, seat, players, style, match, out, read)
    finally:
        for bot in players:
            if isinstance(bot, ExecBot):
                bot.close()


def _play_table(
    rules: Rules,
    seed: int,
    seat: int,
    players: Sequence[Bot | None],
    style: TileStyle,
    match: bool,
    out: TextIO,
    read: Callable[[], str],
) -> int:
    """The hand or match of :func:`play_terminal`, with its players."""
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
                    f"\n══ hand {len(table.games)} of the match · dealer {seat_name(game.dealer, seat)}",
                    file=out,
                )
        s = table.to_act[0]
        legal = table.legal_actions(s)
        bot = players[s]
        if bot is None:
            number = len(table.games) if match else None
            _, claimed = discard_marks(game.events_for(s))
            action = _ask(game.view(s), legal, style, out, read, number, claimed)
            if action is None:
                print("\nbye", file=out)
                return 0
        else:
            action = bot.act(_LazyView(game, s), legal)
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
            print(render_game_result(game, style, me=seat), file=out)
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
    """An event worth reporting to seat ``me``: every seat's moves, ``me``'s own too (its
    discards and claims echoed, its automatic moves after 报听 or under must_win said so),
    with its draws once ``declared``. The bird is said in the settlement, with what it
    changed."""
    kind = e["type"]
    seat = e.get("seat")
    if kind == "indicator":
        hun = Tile(e["hun"]).format(style)
        return f"the indicator is {Tile(e['tile']).format(style)}: the 混 (wildcard) is {hun}"
    if seat is None or kind in ("answer", "bird"):
        return None
    t = e.get("tile")
    tile = "face down" if t is None else Tile(t).format(style)
    who = seat_name(seat, me)

    def does(verb: str) -> str:
        return f"{who} {verb if seat == me else verb + 's'}"

    source = f" from {seat_name(e['from'], me)}" if e.get("from") is not None else ""
    if kind == "flower":
        return f"{does('set')} aside the flower {tile}"
    if kind == "bid":
        return f"{does('bid')} 跑 {e['pao']}"
    if kind == "dice":
        return f"{does('roll')} {e['dice'][0]} and {e['dice'][1]}"
    if kind == "opening_win":
        return f"{does('declare')} {', '.join(e['wins'])}"
    if kind == "haidi":
        return f"{does('take' if e['take'] else 'refuse')} the last tile (海底)"
    if kind == "draw":
        return f"you draw {tile}" if seat == me and declared else None
    if kind == "discard":
        if e["declare"]:
            return f"{does('declare')} ready (报听), discarding {tile}"
        return f"{does('discard')} {tile}" + (
            " (automatic: the hand is locked after 报听)" if e.get("auto") else ""
        )
    if kind in ("pong", "kong"):
        return f"{does(kind)} {tile}{source}"
    if kind == "dice_kong":
        return f"{does('make')} a kong with dice (杠) of {tile}{source}"
    if kind == "chow":
        claimed = Tile(e["claimed"]).format(style)
        return f"{does('chow')} {_run(e['tile'], style)} with {claimed}{source}"
    if kind in ("added_kong", "concealed_kong"):
        article = "an" if kind == "added_kong" else "a"
        made = f"{does('make')} {article} {kind.replace('_', ' ')}"
        return made if t is None else f"{made} of {tile}"
    if kind == "win":
        auto = " (automatic: 有胡必胡)" if e.get("auto") else ""
        return f"{does('win')} with {tile}{source}!{auto}"
    return str(kind)
