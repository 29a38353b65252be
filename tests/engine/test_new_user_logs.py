"""What a new user trips over (issue 14) in event logs and matches: a seat's log is not a
replayable log, a bad start hand or decision names its field without Python internals, a match
round-trips through JSON (explicit walls too) and its corrupt log is an event-log error, a
match's view is the current hand's."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from koudiandian import Action, ActionKind, Game, InvalidEventLogError, Match, Rules
from koudiandian.bots import GreedyBot


def test_a_replayed_discard_out_of_range_names_the_tile() -> None:
    game = Game(Rules(), seed=2)
    game.step(0, Action(ActionKind.DISCARD, game.view(0).hand[0]))
    events = game.events
    discard = next(e for e in events if e["type"] == "discard")
    discard["tile"] = 99
    with pytest.raises(InvalidEventLogError, match="invalid tile 99; expected 0–33"):
        Game.replay(events)


def _full_log(seed: int = 3) -> list[dict[str, Any]]:
    game = Game(Rules(), seed=seed)
    while not game.is_over:
        seat = game.to_act[0]
        game.step(seat, game.legal_actions(seat)[0])
    return game.events


def test_replaying_a_seats_log_says_it_cannot_be_replayed() -> None:
    game = Game(Rules(), seed=4)
    game.step(0, game.legal_actions(0)[0])
    with pytest.raises(InvalidEventLogError, match="one seat's log .* cannot be replayed"):
        Game.replay(game.events_for(0))


@pytest.mark.parametrize("field", ["rules", "dealer", "wall", "wildcards"])
def test_a_start_hand_without_a_field_names_it(field: str) -> None:
    events = _full_log()
    del events[0][field]
    with pytest.raises(InvalidEventLogError, match=f"has no '{field}' field") as info:
        Game.replay(events)
    assert "KeyError" not in str(info.value)


@pytest.mark.parametrize(
    ("field", "value"),
    [("wall", "1m2m"), ("wildcards", [1.5]), ("scores", None), ("dealer", "0"), ("rules", [])],
)
def test_a_start_hand_field_of_the_wrong_type_names_it(field: str, value: Any) -> None:
    events = _full_log()
    events[0][field] = value
    with pytest.raises(InvalidEventLogError, match=f"'{field}' must be") as info:
        Game.replay(events)
    assert "TypeError" not in str(info.value)


@pytest.mark.parametrize(
    ("kind", "field", "value", "expected"),
    [
        ("discard", "auto", None, "has no 'auto' field"),
        ("discard", "tile", None, "has no 'tile' field"),
        ("discard", "tile", "x", "x"),
        ("answer", "action", None, "has no 'action' field"),
        ("answer", "action", "jump", "unknown action 'jump'; expected one of discard"),
        ("answer", "action", 3, "unknown action 3"),
    ],
)
def test_a_malformed_decision_names_the_field_without_python_internals(
    kind: str, field: str, value: Any, expected: str
) -> None:
    events = _full_log()
    event = next(e for e in events if e["type"] == kind and not e.get("auto"))
    if value is None:
        del event[field]
    else:
        event[field] = value
    with pytest.raises(InvalidEventLogError) as info:
        Game.replay(events)
    message = str(info.value)
    assert expected in message
    assert not re.search(r"(KeyError|TypeError|AttributeError)\(", message), message


def _played_match(hands: int = 2, *, finish: bool = True) -> Match:
    m = Match(Rules(), seed=11, length=hands)
    bots = [GreedyBot() for _ in range(4)]
    steps = 0
    while not m.is_over and (finish or steps < 150):
        seat = m.to_act[0]
        m.step(seat, bots[seat].act(m.view(seat), m.legal_actions(seat)))
        steps += 1
    return m


def test_match_view_is_the_current_hands_view() -> None:
    m = Match(Rules(), seed=3, length=2)
    assert m.view(0) == m.game.view(0)
    assert m.view(1).seat == 1


@pytest.mark.parametrize("finish", [True, False])
def test_match_round_trips_through_json(finish: bool) -> None:
    m = _played_match(3, finish=finish)
    text = m.to_json()
    back = Match.from_json(text)
    assert back.to_json() == text
    assert (back.scores, back.is_over, len(back.games)) == (m.scores, m.is_over, len(m.games))
    assert [g.events for g in back.games] == [g.events for g in m.games]
    if not back.is_over:
        seat = back.to_act[0]
        assert back.legal_actions(seat) == m.legal_actions(seat)


def test_a_match_with_explicit_walls_round_trips_through_json() -> None:
    walls = [(list(Game(Rules(), seed=s)._wall), []) for s in (1, 2)]
    m = Match(Rules(), hands=walls, length=2, seed=0)
    assert Match.from_json(m.to_json()).to_json() == m.to_json()


def test_a_corrupt_match_log_is_an_event_log_error() -> None:
    m = _played_match(2)
    with pytest.raises(InvalidEventLogError, match="not a koudiandian match"):
        Match.from_json(m.games[0].to_json())
    data = json.loads(m.to_json())
    data["games"].pop()
    with pytest.raises(InvalidEventLogError, match="the log ends early"):
        Match.from_json(json.dumps(data))
    data = json.loads(m.to_json())
    data["seed"] += 1
    with pytest.raises(InvalidEventLogError):
        Match.from_json(json.dumps(data))
