"""Watching a finished hand again: its log as frames, one per decision, for the replay viewer.

A frame holds the events logged since the previous frame and every seat's view at that
moment (the engine's own views, so the viewer shows a seat's view or all four hands open
without knowing any rule). Only a finished hand's full log is replayed: a live hand's log
holds the wall. An uploaded Botzone log (docs/botzone.md) is the game koudiandian's judge
plays from its answers (:func:`botzone_hand`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..action import Action
from ..botzone.logs import is_botzone_log
from ..errors import InvalidEventLogError, ProtocolError
from ..game import Game, replay_decisions
from .inputs import load_json
from .visibility import seat_view

__all__ = ["frames", "hands_of_jsonl", "botzone_hand", "MAX_FRAMES"]

#: A hand has far fewer decisions than this; a log with more is refused.
MAX_FRAMES = 2000


def frames(events: Sequence[Any]) -> list[dict[str, Any]]:
    """The frames of a finished hand's full log (as ``Game.events`` gives it); a hand a
    judge's verdict ended has a last frame for it (its action ``"verdict WA"``...).

    Raises :class:`InvalidEventLogError` if the log does not replay to itself or the hand
    is not over."""
    game = Game.replay(events)  # checks the whole log first
    if not game.is_over:
        raise InvalidEventLogError("the hand is not over: only a finished hand is replayed")
    start = events[0]
    game = Game(
        game.rules,
        dealer=start["dealer"],
        wall=start["wall"],
        wildcards=start["wildcards"],
        scores=start.get("scores", (0, 0, 0, 0)),
        dice=[tuple(d) for d in start["dice"]] if "dice" in start else None,
    )
    out: list[dict[str, Any]] = []
    shown = 0

    def snapshot(action: str | None, seat: int | None) -> None:
        nonlocal shown
        if len(out) >= MAX_FRAMES:
            raise InvalidEventLogError(f"more than {MAX_FRAMES} decisions in one hand")
        log = game.events
        out.append(
            {
                "action": action,
                "seat": seat,
                "events": log[shown:],
                "views": [seat_view(game, s) for s in range(4)],
            }
        )
        shown = len(log)

    def step(seat: int, action: Action) -> None:
        game.step(seat, action)
        snapshot(str(action), seat)

    snapshot(None, None)
    replay_decisions(events, step)
    verdict = next((e for e in events if e.get("type") == "verdict"), None)
    if verdict is not None and not game.is_over:  # a judge's verdict ended it: no decision
        game.end_by_verdict(verdict["seat"], verdict["verdict"])
        snapshot(f"verdict {verdict['verdict']}", verdict["seat"])
    return out


def hands_of_jsonl(text: str) -> list[list[dict[str, Any]]]:
    """The hands' full logs in a ``simulate --log`` file (one JSON object per line with an
    ``events`` list). Raises :class:`ProtocolError` naming the first bad line."""
    hands: list[list[dict[str, Any]]] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        entry = load_json(line, f"line {n}")
        events = entry.get("events") if isinstance(entry, dict) else None
        if not isinstance(events, list):
            raise ProtocolError(f"line {n} has no 'events' list")
        hands.append(events)
    return hands


def botzone_hand(text: str) -> list[dict[str, Any]] | None:
    """The engine's log of the game in an uploaded Botzone log (one JSON document, the
    judge's input or a match's log), or ``None`` if ``text`` is not one. Raises
    :class:`~koudiandian.errors.BotzoneInputError` for a Botzone log that is malformed or
    that koudiandian's judge does not play as logged."""
    from ..botzone.convert import engine_events

    try:
        document = load_json(text, "the request body")
    except ProtocolError:
        return None  # not one JSON document (JSON Lines, or no JSON): not a Botzone log
    if not is_botzone_log(document):
        return None
    return engine_events(document)
