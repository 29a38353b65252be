"""The logs ``koudiandian replay`` and ``koudiandian dataset`` read, whatever wrote them:
each JSON document is recognised by its shape, named, and cut into the hands it holds.

It takes one JSON document per line (JSON Lines, read as it streams) or one document over
several lines (pretty-printed), each of these shapes (:data:`SHAPES`):

- a logged hand, ``{"hand": i, "events": [...]}``: a line of ``simulate --log``
  (``{"match": i, "hand": h, ...}`` in matches), or a finished hand of the server's
  (``GET /tables/{id}/hands/{hand}``);
- a game, ``{"format": "koudiandian-game", ...}`` (``Game.to_json``);
- a match, ``{"format": "koudiandian-match", ...}`` (``Match.to_json``): its hands, then
  the match as a whole (``Match.from_json``: each hand dealt from its seed, the scores
  carried over);
- a list of events (``Game.events``);
- a Botzone log (:mod:`koudiandian.botzone.logs`: the judge's input ``{"initdata", "log"}``
  or a match's log, docs/botzone.md): the game koudiandian's judge plays from its answers,
  each of the log's judge outputs checked against the judge's.

A match's scoreboard (``GET /tables/{id}/record``, and a room's, ``GET /rooms/{number}/
record``) holds no events: it is refused with a message saying where its hands' logs are.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .botzone.logs import is_botzone_log, read_botzone_log
from .errors import KoudiandianError
from .gamelog import STATE_FORMAT, STATE_VERSION
from .match import MATCH_FORMAT, MATCH_VERSION

__all__ = ["SHAPES", "LoggedHand", "logged_hands"]

_HAND = "logged hands (simulate --log, GET /tables/{id}/hands/{hand})"
_GAME = "a game (Game.to_json)"
_MATCH = "a match (Match.to_json)"
_EVENTS = "a list of events (Game.events)"
_BOTZONE = "a Botzone log (its judge's input or a match's log)"

#: The shapes ``koudiandian replay`` takes, as its messages name them.
SHAPES = (_HAND, _GAME, _MATCH, _EVENTS, _BOTZONE)

_TAKES = "a log is JSON Lines or one JSON document, each of: " + "; ".join(SHAPES)


@dataclass(frozen=True, slots=True)
class LoggedHand:
    """One hand to replay: ``where`` it is in the input ("line 3", "line 1, hand 2"),
    the ``label`` its report line starts with ("hand 7"), the ``shape`` of the document
    that held it (one of :data:`SHAPES`) and its full log. ``check`` verifies what the
    document says beyond its hands (a match as a whole), once its last hand is replayed.
    ``bots``: the name of the bot at each seat, where the document records them (a logged
    hand's ``"bots"``: ``simulate --log`` in duplicate play)."""

    where: str
    label: str
    shape: str
    events: list[Any]
    check: Callable[[], None] | None = None
    bots: tuple[str, ...] | None = None


def logged_hands(lines: Iterable[str]) -> Iterator[LoggedHand]:
    """The hands of the log whose text is ``lines`` (a file's lines, ends kept), in order.

    Raises :class:`KoudiandianError` naming the line of a document that is no JSON, cut off,
    or of no shape :data:`SHAPES` lists (a scoreboard: where its hands are)."""
    numbered = enumerate(lines, start=1)
    first = True
    for n, line in numbered:
        if not line.strip():
            continue
        try:
            document = json.loads(line)
        except (ValueError, RecursionError) as e:  # (nested too deep: RecursionError)
            rest = "".join(text for _, text in numbered) if first else ""
            if not rest.strip():  # a line of JSON Lines: cut off, or no JSON
                if not line.endswith("\n"):
                    raise KoudiandianError(
                        f"line {n}: the log ends early: the line is cut off"
                    ) from None
                raise KoudiandianError(f"line {n}: not JSON: {e}; {_TAKES}") from None
            try:
                document = json.loads(line + rest)  # one document over several lines
            except (ValueError, RecursionError):
                raise KoudiandianError(f"line {n}: not JSON: {e}; {_TAKES}") from None
            yield from _hands(f"the document from line {n}", document, line + rest)
            return
        first = False
        yield from _hands(f"line {n}", document, line)


def _hands(where: str, document: Any, text: str) -> Iterator[LoggedHand]:
    """The hands of one JSON ``document`` (whose text is ``text``), found ``where``."""
    if is_botzone_log(document):
        yield LoggedHand(where, "the Botzone game", _BOTZONE, _botzone_events(where, document))
        return
    if isinstance(document, list):
        yield LoggedHand(where, "the hand", _EVENTS, _events(where, document))
        return
    if not isinstance(document, dict):
        raise KoudiandianError(f"{where}: a JSON {type(document).__name__}; {_TAKES}")
    kind = document.get("format")
    if kind == STATE_FORMAT:
        _version(where, document, _GAME, STATE_VERSION)
        yield LoggedHand(where, "the hand", _GAME, _events(where, document.get("events")))
    elif kind == MATCH_FORMAT:
        _version(where, document, _MATCH, MATCH_VERSION)
        games = document.get("games")
        if not isinstance(games, list) or not games:
            raise KoudiandianError(f"{where}: {_MATCH} with no hands ('games')")
        for i, events in enumerate(games):
            here = f"{where}, hand {i}"
            last = i == len(games) - 1
            check = (lambda: _check_match(where, text)) if last else None
            yield LoggedHand(here, f"hand {i}", _MATCH, _events(here, events), check)
    elif "events" in document:
        label = f"hand {document['hand']}" if "hand" in document else "the hand"
        if "match" in document:
            label = f"match {document['match']}, {label}"
        bots = document.get("bots")
        named = (
            tuple(bots)
            if isinstance(bots, list) and len(bots) == 4 and all(isinstance(b, str) for b in bots)
            else None
        )
        yield LoggedHand(where, label, _HAND, _events(where, document["events"]), bots=named)
    elif {"table", "hands", "totals"} <= document.keys():
        raise KoudiandianError(
            f"{where}: a match's scoreboard (GET /tables/{{id}}/record): it holds no events "
            "to replay; each hand's log is at GET /tables/{id}/hands/{hand}, and "
            "koudiandian replay takes those"
        )
    elif {"room", "matches"} <= document.keys():
        raise KoudiandianError(
            f"{where}: a room's scoreboard (GET /rooms/{{number}}/record): it holds no "
            "events to replay; each hand's log is at GET /tables/{id}/hands/{hand}, and "
            "koudiandian replay takes those"
        )
    else:
        keys = ", ".join(sorted(document)[:6]) or "none"
        raise KoudiandianError(f"{where}: a JSON object of no known shape (keys {keys}); {_TAKES}")


def _events(where: str, events: object) -> list[Any]:
    """``events`` if it is a non-empty list, else an error naming ``where``."""
    if not isinstance(events, list) or not events:
        raise KoudiandianError(f"{where}: not a logged hand: no list of events")
    return events


def _botzone_events(where: str, document: Any) -> list[Any]:
    """The engine's log of the game koudiandian's judge plays from a Botzone log."""
    from .botzone.convert import engine_events

    try:
        return engine_events(read_botzone_log(document))
    except KoudiandianError as e:
        raise KoudiandianError(f"{where}: {_BOTZONE}: {e}") from None


def _version(where: str, document: dict[str, Any], shape: str, version: int) -> None:
    """An error naming ``where`` unless ``document`` is of the ``version`` this replay reads."""
    if document.get("version") != version:
        raise KoudiandianError(
            f"{where}: {shape} of version {document.get('version')!r}; this replay reads {version}"
        )


def _check_match(where: str, text: str) -> None:
    """Replay the match of ``text`` as a whole (:meth:`Match.from_json`)."""
    from .match import Match

    try:
        Match.from_json(text)
    except KoudiandianError as e:
        raise KoudiandianError(f"{where}: the match as a whole: {e}") from None
