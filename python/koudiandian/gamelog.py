"""A hand's event log kept and read back: the JSON text of a game's state
(:meth:`Game.to_json <koudiandian.Game.to_json>` and ``from_json``), and a log's decisions
taken again (:func:`replay_decisions`, for a match's hands and the game server's replays).
The events themselves are read and checked by the core (``rust/game/replay.rs``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from . import _core
from .action import Action, action_from_code
from .errors import InvalidEventLogError, KoudiandianError
from .events import Event

__all__ = ["replay_decisions"]

#: The ``format`` and ``version`` of a game's JSON state.
STATE_FORMAT = "koudiandian-game"
STATE_VERSION = 1


def event_list(events: object) -> list[Any]:
    """``events`` as a list, once checked to be a sequence (not text); the core checks each
    event. Raises :class:`InvalidEventLogError`."""
    if not isinstance(events, Sequence) or isinstance(events, str | bytes):
        raise InvalidEventLogError("an event log is a non-empty list of event dicts")
    return list(events)


def state_json(log: list[Event]) -> str:
    """A game's state as JSON: its full event log ``log`` (deterministic text)."""
    return json.dumps(
        {"format": STATE_FORMAT, "version": STATE_VERSION, "events": log},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )


def read_document(text: str | bytes, form: str, version: int, what: str) -> dict[str, Any]:
    """The JSON object of a saved document (a game's state, a match) whose ``format`` is
    ``form`` and ``version`` is ``version``; ``what`` names it in the
    :class:`InvalidEventLogError` raised for anything else."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as e:
        raise InvalidEventLogError(f"not JSON: {e}") from None
    if not isinstance(data, dict) or data.get("format") != form:
        raise InvalidEventLogError(f"not a koudiandian {what} (format {form!r} expected)")
    if data.get("version") != version:
        raise InvalidEventLogError(f"unsupported version {data.get('version')!r}")
    return data


def events_of_state(text: str | bytes) -> list[Any]:
    """The event log of a game's state as :func:`state_json` writes it (not yet replayed).
    Raises :class:`InvalidEventLogError` for text that is not such a state."""
    events = read_document(text, STATE_FORMAT, STATE_VERSION, "game state").get("events")
    if not isinstance(events, list):
        raise InvalidEventLogError("'events' must be a list")
    return events


def replay_decisions(
    events: Sequence[Any], step: Callable[[int, Action], None], where: str = ""
) -> None:
    """Take, through ``step``, every decision that ``events[1:]`` record (the engine's own
    events are skipped; the events are read by the core, ``rust/game/replay.rs``).
    ``where`` prefixes the messages (``"hand 2, "``).

    Raises :class:`InvalidEventLogError` naming the event that cannot be replayed."""
    try:
        decisions = _core.log_decisions(event_list(events))
    except InvalidEventLogError as err:
        raise InvalidEventLogError(f"{where}{err}") from None
    for n, seat, code in decisions:
        try:
            step(seat, action_from_code(code))
        except (KoudiandianError, TypeError) as err:
            raise InvalidEventLogError(
                f"{where}event {n} ({events[n].get('type')}) cannot be replayed: {err}"
            ) from None
