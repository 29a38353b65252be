"""Playing in a terminal: a person against three bots (``koudiandian play``).

The table is drawn by :mod:`koudiandian.tabletext`, the player's options listed and read by
:mod:`koudiandian.prompt`, the events said by :mod:`koudiandian.eventlines`; this module
runs the hand or the match."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from .bots import Bot, is_policy
from .botzone.seatbot import BotzoneSeatBot
from .botzone.spec import BotzoneBot, is_botzone
from .botzone.table import check_botzone_rules
from .errors import BotzoneVerdict, InvalidArgumentError
from .eventlines import event_line
from .execbot import ExecBot, is_exec
from .game import Game
from .liveview import LiveView
from .match import Match
from .prompt import ask
from .rules import Rules
from .selfplay import named_factory
from .settlement import seat_name
from .tabletext import (
    departures,
    discard_marks,
    render,
    render_game_result,
    render_result,
    render_reveal,
)
from .tile import TileStyle

__all__ = ["play_terminal", "render", "render_result", "render_game_result", "render_reveal"]

_PLACES = ("1st", "2nd", "3rd", "4th")
#: The exchange directions a hand draws (``start_hand``'s ``exchange_direction``), as the
#: seats the tiles move on.
_EXCHANGE_SHIFTS = {"next": 1, "opposite": 2, "previous": 3}
_EXCHANGE_NAMES = {
    "next": "next (下家)",
    "opposite": "opposite (对家)",
    "previous": "previous (上家)",
}


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
        if is_botzone(name):
            out.append(BotzoneSeatBot(BotzoneBot.from_spec(name).check_program()))
            continue
        out.append(named_factory(name if is_policy(name) else name.lower())(seed + s))
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
    check_botzone_rules(rules, bots)
    players = _bots(bots, seat, seed)
    try:
        return _play_table(rules, seed, seat, players, style, match, out, read)
    finally:
        for bot in players:
            if isinstance(bot, (ExecBot, BotzoneSeatBot)):
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
    table: Any = Match(rules, seed=seed) if match else Game(rules, seed=seed)
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
            direction = game.events_for(seat)[0].get("exchange_direction")
            if isinstance(direction, str):
                to = (seat + _EXCHANGE_SHIFTS[direction]) % 4
                passes = f"every seat passes to its {_EXCHANGE_NAMES[direction]} seat"
                print(f"换三张 this hand: {passes}; you pass to {seat_name(to, seat)}", file=out)
        s = table.to_act[0]
        legal = table.legal_actions(s)
        bot = players[s]
        if bot is None:
            number = len(table.games) if match else None
            log = game.events_for(s)
            _, claimed = discard_marks(log)
            action = ask(game.view(s), legal, style, out, read, number, claimed, departures(log))
            if action is None:
                print("\nbye", file=out)
                return 0
        else:
            try:
                action = bot.act(LiveView(game, s), legal)
            except BotzoneVerdict as judged:  # a Botzone bot's: the hand ends with it
                action = None
                table.end_by_verdict(judged.seat, judged.verdict)
        if action is not None:
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
    """The line of an event worth reporting to seat ``me``, or ``None``: every seat's moves,
    ``me``'s own too (its discards and claims echoed, its automatic moves after 报听 or under
    must_win said so), with its draws once ``declared``, the indicator and the payments
    made as the hand goes (kongs and wins paid at once). Not the deal, the answers (a claim
    says what was claimed), the bird and the end (the settlement says them, with what the
    bird changed)."""
    kind = e["type"]
    if kind in ("indicator", "pay"):
        return event_line(e, me, style)
    if e.get("seat") is None or kind in ("answer", "bird"):
        return None
    if kind == "draw" and not (e["seat"] == me and declared):
        return None
    return event_line(e, me, style)
