"""What a new user trips over in the Python API (issue 22, item 10): an action given as the
text ``str(Action)`` prints, arguments of the wrong type reported as such, and the
separators a Chinese keyboard types between tiles."""

from __future__ import annotations

from typing import Any

import pytest
from koudiandian import (
    ArgumentTypeError,
    Game,
    IllegalActionError,
    InvalidArgumentError,
    InvalidTileError,
    Match,
    NotYourTurnError,
    Rules,
    Tile,
    parse_tiles,
)


def _first_turn(preset: str = "taiyuan") -> tuple[Game, Game, int]:
    """Two games of the same seeded hand and the seat on turn."""
    a, b = Game(Rules.preset(preset), seed=5), Game(Rules.preset(preset), seed=5)
    return a, b, a.to_act[0]


@pytest.mark.parametrize("preset", ["taiyuan", "hebei", "changsha"])
def test_step_takes_the_text_str_action_prints(preset: str) -> None:
    by_text, by_action, _ = _first_turn(preset)
    for _ in range(40):
        if by_text.is_over:
            break
        seat = by_text.to_act[0]
        action = by_text.legal_actions(seat)[-1]
        by_text.step(seat, str(action))
        by_action.step(seat, action)
    assert by_text.events == by_action.events


def test_step_text_reads_like_the_server_does() -> None:
    game, twin, seat = _first_turn()
    discard = next(a for a in game.legal_actions(seat) if a.kind.name == "DISCARD")
    # The kind in any case, the tile in any notation: Action.parse, the server's parser.
    game.step(seat, f"  DISCARD {discard.tile.format('chinese')}  ")  # type: ignore[union-attr]
    twin.step(seat, discard)
    assert game.events == twin.events


def test_step_text_of_an_illegal_action_is_an_illegal_action() -> None:
    game, _, seat = _first_turn()
    held = {a.tile for a in game.legal_actions(seat) if a.kind.name == "DISCARD"}
    missing = next(t for t in Tile if t.value < 34 and t not in held)
    before = game.events
    with pytest.raises(IllegalActionError, match="legal"):
        game.step(seat, f"discard {missing}")
    with pytest.raises(IllegalActionError, match="unknown action kind 'throw'"):
        game.step(seat, "throw 7z")
    with pytest.raises(InvalidTileError, match="9z"):
        game.step(seat, "discard 9z")
    assert game.events == before


@pytest.mark.parametrize("value", [5, None, ("discard", "7z"), b"discard 7z", 1.5])
def test_step_with_no_action_is_a_type_error_naming_it(value: Any) -> None:
    game, _, seat = _first_turn()
    before = game.events
    with pytest.raises(ArgumentTypeError, match="an Action or its text") as info:
        game.step(seat, value)
    assert repr(value) in str(info.value)
    assert isinstance(info.value, TypeError) and not isinstance(info.value, ValueError)
    assert game.events == before


def test_step_reports_a_bad_or_waiting_seat_before_the_action() -> None:
    game, _, seat = _first_turn()
    with pytest.raises(InvalidArgumentError, match="seat"):
        game.step(7, 5)  # type: ignore[arg-type]
    with pytest.raises(NotYourTurnError):
        game.step((seat + 1) % 4, "pass")


def test_match_step_takes_text_too() -> None:
    m = Match(Rules(), seed=3, length=1)
    seat = m.to_act[0]
    m.step(seat, str(m.legal_actions(seat)[0]))
    assert m.game.event_count > 1
    with pytest.raises(ArgumentTypeError):
        m.step(m.to_act[0], 3)  # type: ignore[arg-type]


M12E = [Tile.M1, Tile.M2, Tile.EAST]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("1m，2m，1z", id="full-width-comma"),
        pytest.param("1m　2m　1z", id="full-width-space"),
        pytest.param("一万，二万、东", id="chinese-with-full-width-comma"),
        pytest.param("1m、2m、1z", id="enumeration-comma"),
        pytest.param("1m, 2m_1z", id="ascii"),
    ],
)
def test_tiles_are_separated_as_a_chinese_keyboard_types(text: str) -> None:
    assert parse_tiles(text) == M12E


def test_a_separator_inside_a_suit_group_names_the_digits() -> None:
    with pytest.raises(InvalidTileError, match="'12'"):
        parse_tiles("12，3m")
