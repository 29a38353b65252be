"""A game under the ``botzone`` rule set and a Botzone log, one from the other
(docs/botzone.md, "Conversions").

Both ways go through koudiandian's judge (``BotzoneJudge``), which owns the protocol's turns
and every rule: a Botzone log becomes the engine's log of the game the judge plays from its
answers (:func:`engine_events`), and an engine log becomes the answers that make the judge
play the same game, with the judge's outputs between them (:func:`botzone_log`). This module
only reads one format and writes the other.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..action import Action, ActionKind
from ..errors import BotzoneInputError
from ..game import Game
from .judge import BotzoneJudge
from .logs import BotzoneLog, read_botzone_log

__all__ = [
    "engine_events",
    "engine_game",
    "botzone_log",
    "tile_name",
    "tile_of",
    "walltiles",
    "answer_text",
]

_SUITS = "WBT"
# Botzone's J1 J2 J3 are 中 发 白; koudiandian's kinds 31 32 33 are 白 发 中.
_DRAGONS = {31: "J3", 32: "J2", 33: "J1"}
# The flowers H1–H8 are koudiandian's 34–41 in order, as koudiandian's judge names them.
_FLOWERS = {34 + i: f"H{i + 1}" for i in range(8)}
#: Engine events that are a seat's decision, one per Botzone answer that is not PASS.
_DECISIONS = frozenset(
    ("discard", "concealed_kong", "added_kong", "pong", "kong", "chow", "win", "verdict")
)
#: A decision of the game: its position among the events (answers aside), and the event.
_Decision = tuple[int, dict[str, Any]]
#: Verdicts the platform gives a failing bot (the judge's own are WA and WH).
_PLATFORM_VERDICTS = frozenset(("TLE", "MLE", "OLE", "NJ", "RE"))


def tile_name(kind: int) -> str:
    """Botzone's name of koudiandian's tile ``kind`` (0–33, flowers 34–41): ``W1``–``W9``,
    ``B1``–``B9``, ``T1``–``T9``, ``F1``–``F4``, ``J1``–``J3``, ``H1``–``H8``."""
    if isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind <= 41:
        raise BotzoneInputError(f"tile {kind!r} is no tile kind 0–41")
    if kind < 27:
        return f"{_SUITS[kind // 9]}{kind % 9 + 1}"
    if kind < 31:
        return f"F{kind - 26}"
    return _DRAGONS.get(kind) or _FLOWERS[kind]


_KINDS = {tile_name(k): k for k in range(42)}


def walltiles(wall: Sequence[int]) -> str:
    """A wall of tile kinds (an engine log's ``start_hand`` ``wall``, in the engine's
    order) as Botzone's ``walltiles``: the tiles' names (:func:`tile_name`) separated by
    single spaces."""
    return " ".join(tile_name(k) for k in wall)


def tile_of(name: str) -> int | None:
    """koudiandian's tile kind (0–41) that Botzone's ``name`` names exactly (``"W1"``,
    ``"J1"``, ``"H8"``), or ``None`` for any other text."""
    return _KINDS.get(name)


#: The answer words of the actions a Botzone game has, but for those naming a tile.
_WORDS = {
    ActionKind.SELF_DRAW_WIN: "HU",
    ActionKind.WIN: "HU",
    ActionKind.KONG: "GANG",
    ActionKind.PASS: "PASS",
}


def answer_text(action: Action, discard: int | None = None) -> str:
    """A seat's Botzone answer for koudiandian's ``action`` under the ``botzone`` rules:
    ``PLAY t``, ``HU``, ``GANG``, ``GANG t`` (a concealed kong), ``BUGANG t``, ``PASS``,
    and for a pong or a chow, which Botzone answers together with the discard that
    follows, ``PENG t`` or ``CHI m t`` with ``discard`` (a tile kind) as ``t`` and the
    chow's middle tile as ``m``. Raises :class:`BotzoneInputError` for an action no Botzone
    game has, or a pong or chow without ``discard``."""
    kind = action.kind
    if kind in _WORDS:
        return _WORDS[kind]
    tile = None if action.tile is None else int(action.tile)
    if kind == ActionKind.DISCARD and tile is not None:
        return f"PLAY {tile_name(tile)}"
    if kind == ActionKind.CONCEALED_KONG and tile is not None:
        return f"GANG {tile_name(tile)}"
    if kind == ActionKind.ADDED_KONG and tile is not None:
        return f"BUGANG {tile_name(tile)}"
    if kind in (ActionKind.PONG, ActionKind.CHOW):
        if discard is None:
            raise BotzoneInputError(f"{action}: a pong or chow is answered with its discard")
        if kind == ActionKind.PONG:
            return f"PENG {tile_name(discard)}"
        if tile is not None:
            return f"CHI {tile_name(tile + 1)} {tile_name(discard)}"
    raise BotzoneInputError(f"{action} is no answer in a Botzone game")


def _judge_events(judge: BotzoneJudge) -> list[dict[str, Any]]:
    """The engine's log of the game the judge plays."""
    events: list[dict[str, Any]] = json.loads(judge.log_json())
    return events


def engine_events(log: BotzoneLog | str, *, check: bool = True) -> list[dict[str, Any]]:
    """The engine's log (as ``Game.events``) of the game koudiandian's judge plays from the
    Botzone ``log``'s answers, turn by turn (a log that stops early gives an unfinished hand).
    With ``check``, each of the log's judge outputs must be what the judge asks at that turn
    (``command`` and ``content``). Raises :class:`BotzoneInputError` naming the turn: a
    malformed log, answers after the game ended, or an output the judge does not give."""
    if not isinstance(log, BotzoneLog):
        log = read_botzone_log(log)
    judge = BotzoneJudge(log.initdata)
    outputs = log.outputs
    for turn, answers in enumerate(log.answers):
        if check:
            _same_output(turn, outputs[turn], judge.output())
        if judge.finished:
            raise BotzoneInputError(f"turn {turn + 1}: answers after the judge finished the game")
        judge.answer(answers)
    if check and len(outputs) > len(log.answers):
        _same_output(len(log.answers), outputs[-1], judge.output())
    return _judge_events(judge)


def engine_game(log: BotzoneLog | str, *, check: bool = True) -> Game:
    """The engine's game (a finished or unfinished hand, :meth:`Game.replay`) that
    koudiandian's judge plays from the Botzone ``log``: :func:`engine_events`, replayed."""
    return Game.replay(engine_events(log, check=check))


def _same_output(turn: int, logged: dict[str, Any], ours: dict[str, Any]) -> None:
    """Raise unless the judge's output at ``turn`` (from 0) is the logged one."""
    for field in ("command", "content"):
        if logged.get(field) != ours.get(field):
            raise BotzoneInputError(
                f"turn {turn + 1}: the log's judge gave {field} {logged.get(field)!r}; "
                f"koudiandian's judge gives {ours.get(field)!r}"
            )


def botzone_log(game: Game | Sequence[dict[str, Any]]) -> BotzoneLog:
    """The Botzone log of a game played under the ``botzone`` rule set, a :class:`Game` or
    its engine log (``Game.events``): every seat's answer to every turn (the drawer's
    ``PLAY``, ``GANG``, ``BUGANG`` or ``HU``, a claim's ``PENG t``, ``CHI m t``, ``GANG`` or
    ``HU``, ``PASS`` elsewhere; a verdict as the answer that earns it) and the outputs of
    koudiandian's judge.
    The judge's game must be the given one: raises :class:`BotzoneInputError` if the log is
    not a hand under the ``botzone`` rules, or names the turn and event where they part."""
    logged: Sequence[Any] = game.events if isinstance(game, Game) else game
    events: list[dict[str, Any]] = list(logged)
    if not events or not isinstance(events[0], dict) or events[0].get("type") != "start_hand":
        raise BotzoneInputError("not an engine log: it does not begin with a 'start_hand' event")
    start = events[0]
    if not isinstance(start.get("rules"), dict) or start["rules"].get("botzone") is not True:
        raise BotzoneInputError(
            f"the hand is played under rules {start.get('rules')!r}, not the botzone rule set: "
            "only such a game is a Botzone game"
        )
    if "wall" not in start:
        raise BotzoneInputError("the log is a seat's log (no wall): give the full log")
    initdata = {
        "walltiles": walltiles(start["wall"]),
        "quan": int(start.get("prevalent_wind", 0)),
        "srand": 0,
    }
    # Each decision, with how many events (answers aside) come before it.
    plain = [e for e in events if e.get("type") != "answer"]
    decisions = [(i, e) for i, e in enumerate(plain) if e.get("type") in _DECISIONS]
    ended = events[-1].get("type") == "end_hand"
    judge = BotzoneJudge(initdata)
    entries: list[dict[str, Any]] = [{"output": judge.output()}]
    cursor = 0
    while not judge.finished:
        if cursor == len(decisions) and not ended and _played(judge) >= len(plain):
            break  # an unfinished hand: its log stops before this turn is answered
        content = entries[-1]["output"]["content"]
        turn = len(entries) // 2 + 1
        answers, cursor = _turn_answers(turn, content, decisions, cursor, judge)
        entries.append(answers)
        entries.append({"output": judge.answer(answers)})
    _same_game(events, _judge_events(judge))
    return BotzoneLog(initdata, tuple(entries))


def _turn_answers(
    turn: int,
    content: dict[str, str],
    decisions: list[_Decision],
    cursor: int,
    judge: BotzoneJudge,
) -> tuple[dict[str, dict[str, str]], int]:
    """Every seat's answer to the requests ``content`` of ``turn``, read from the game's
    decisions from ``cursor`` on; and the cursor past those it used."""
    requests = {int(seat): text.split() for seat, text in content.items()}
    said = {seat: "PASS" for seat in requests}
    verdicts: dict[int, str] = {}
    drawer = next((s for s, r in requests.items() if r and r[0] == "2"), None)
    if drawer is not None:
        said[drawer] = f"PLAY {requests[drawer][1]}"  # stands unless the game says otherwise
    at, e = decisions[cursor] if cursor < len(decisions) else (None, None)

    def fail(why: str) -> BotzoneInputError:
        return BotzoneInputError(f"turn {turn}: {why}")

    if e is not None and e["type"] == "verdict" and _verdict_due(at, judge):
        verdict = e["verdict"]
        if verdict in _PLATFORM_VERDICTS:
            verdicts[e["seat"]] = verdict
        else:  # the judge's own: WH for a HU that does not win, WA for any other wrong answer
            said[e["seat"]] = "HU" if verdict == "WH" else "WA"
        cursor += 1
    elif drawer is not None:
        if e is None or e.get("seat") != drawer:
            raise fail(
                f"seat {drawer} drew, but the game's next decision is {e!r} (its event {at}, answers aside)"
            )
        if e["type"] == "discard":
            said[drawer] = f"PLAY {tile_name(e['tile'])}"
        elif e["type"] == "concealed_kong":
            said[drawer] = f"GANG {tile_name(e['tile'])}"
        elif e["type"] == "added_kong":
            said[drawer] = f"BUGANG {tile_name(e['tile'])}"
        elif e["type"] == "win" and e["kind"] == "self_draw":
            said[drawer] = "HU"
        else:
            raise fail(
                f"seat {drawer} drew, but the game's next decision is {e!r} (its event {at}, answers aside)"
            )
        cursor += 1
    elif e is not None:
        words = next(iter(requests.values()))
        kind = words[2] if len(words) > 2 else ""
        if kind in ("PLAY", "PENG", "CHI") and e.get("from") == int(words[1]):
            cursor = _claim(said, e, decisions, cursor, fail)
        elif kind == "BUGANG" and e["type"] == "win" and e["kind"] == "robbed_kong":
            said[e["seat"]] = "HU"
            cursor += 1
    answers = {
        str(s): {"verdict": verdicts[s]} if s in verdicts else {"verdict": "OK", "response": text}
        for s, text in said.items()
    }
    return answers, cursor


def _played(judge: BotzoneJudge) -> int:
    """How many events (answers aside) the judge's game has logged."""
    return sum(1 for e in _judge_events(judge) if e.get("type") != "answer")


def _verdict_due(at: int | None, judge: BotzoneJudge) -> bool:
    """Whether a verdict that follows ``at`` events (answers aside) is answered at this
    turn: at the first turn where the ``judge``'s game has played them all. The engine's
    log does not always tell the turn: when no seat may claim a discard, the judge's game
    draws the next tile before that claim turn is answered, so a verdict at the claim turn
    and one at the draw's turn read alike; it is written at the first (the game and the
    scores are the same). A hand the judge's game drew by its own move (the next part
    empty) is still answered: a verdict there replaces that end (``Game.end_by_verdict``)."""
    played = [e for e in _judge_events(judge) if e.get("type") != "answer"]
    if len(played) == at:
        return True
    last = played[-1] if played else {}
    drawn = last.get("type") == "end_hand" and last.get("result", {}).get("end") == "exhausted"
    return drawn and len(played) == (at or 0) + 1


def _claim(
    said: dict[int, str],
    e: dict[str, Any],
    decisions: list[_Decision],
    cursor: int,
    fail: Any,
) -> int:
    """Write the claim ``e`` (on the discard just announced) as its seat's answer; returns
    the cursor past it (and past the discard a pong or chow makes)."""
    seat = e["seat"]
    if e["type"] == "kong":
        said[seat] = "GANG"
        return cursor + 1
    if e["type"] == "win":
        said[seat] = "HU"
        return cursor + 1
    if e["type"] not in ("pong", "chow"):
        return cursor  # not a claim: every seat passes
    if cursor + 1 >= len(decisions) or decisions[cursor + 1][1].get("type") != "discard":
        raise fail(f"seat {seat}'s {e['type']} is not followed by its discard")
    discard = tile_name(decisions[cursor + 1][1]["tile"])
    if e["type"] == "pong":
        said[seat] = f"PENG {discard}"
    else:
        said[seat] = f"CHI {tile_name(e['tile'] + 1)} {discard}"
    return cursor + 2


def _same_game(given: list[dict[str, Any]], judged: list[dict[str, Any]]) -> None:
    """Raise unless the judge played the given game (answers aside: a claim that lost is
    written as PASS)."""
    ours = [e for e in judged if e.get("type") != "answer"]
    theirs = [e for e in given if e.get("type") != "answer"]
    for i, (a, b) in enumerate(zip(theirs, ours)):
        if a != b:
            raise BotzoneInputError(
                f"the judge's game parts from the given one at its event {i}: given {a!r}, "
                f"judged {b!r}"
            )
    if len(theirs) != len(ours):
        raise BotzoneInputError(
            f"the judge's game has {len(ours)} events (answers aside), the given one {len(theirs)}"
        )
