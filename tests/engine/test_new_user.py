"""What a new user trips over (issue 14): the package's surfaces around the engine. Here the
values and arguments: importing runs nothing, melds and actions read back from what they print
and take kind names, wrong types and values name what was wrong, results and views print short.
The terminal game is in ``test_new_user_terminal.py``, logs and matches in
``test_new_user_logs.py``."""

from __future__ import annotations

import subprocess
import sys
import typing
from collections.abc import Callable
from typing import Any

import pytest
from koudiandian import (
    Action,
    ActionKind,
    ArgumentTypeError,
    Game,
    HandResult,
    IllegalActionError,
    KoudiandianError,
    Match,
    Meld,
    MeldError,
    MeldView,
    Phase,
    Rules,
    Tile,
    format_tiles,
    is_win,
    shanten,
    simulate,
    winning_tiles,
)
from koudiandian.bots import GreedyBot

from tests.support.greedy_game import first_option_game


def test_importing_the_main_module_runs_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import koudiandian.__main__"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_match_scores_cannot_be_changed_from_outside() -> None:
    m = Match(Rules(), seed=5, length=2)
    while not m.is_over:
        seat = m.to_act[0]
        m.step(seat, m.legal_actions(seat)[0])
    scores = m.scores
    assert isinstance(scores, tuple) and len(scores) == 4 and sum(scores) == 0
    with pytest.raises(TypeError):
        m.scores[0] = 999  # type: ignore[index]
    assert m.scores == scores
    assert m.scores == tuple(sum(r.deltas[s] for r in m.results) for s in range(4))


@pytest.mark.parametrize("tile", [99, 34, -1])
def test_an_action_with_a_tile_out_of_range_names_it(tile: int) -> None:
    with pytest.raises(IllegalActionError, match=f"^invalid tile {tile}; expected 0–33$"):
        Action(ActionKind.DISCARD, tile)
    with pytest.raises(IllegalActionError, match="DISCARD needs a tile, got None"):
        Action(ActionKind.DISCARD)


# -- item 13: the Python API -------------------------------------------------------------


def _game_with_melds() -> Game:
    """A hand played by greedy bots until some seat has declared a meld."""
    for seed in range(200):
        game = Game(Rules(), seed=seed)
        bots = [GreedyBot() for _ in range(4)]
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
            if any(game.view(s).melds[s] for s in range(4)) and not game.is_over:
                return game
    raise AssertionError("no hand with a meld")


def test_view_melds_are_melds_for_the_hand_functions() -> None:
    game = _game_with_melds()
    seat = next(s for s in range(4) if game.view(s).melds[s])
    view = game.view(seat)
    tiles = list(view.hand) + ([] if view.drawn is None else [view.drawn])
    as_melds = [Meld.of(m.kind, m.tile) for m in view.melds[seat] if m.tile is not None]
    expected = shanten(tiles, melds=as_melds)
    assert shanten(tiles, melds=view.melds[seat]) == expected
    assert shanten(tiles, melds=[(m.kind, m.tile) for m in view.melds[seat]]) == expected


def test_meld_pairs_take_kind_names() -> None:
    hand = "2m 345p"
    melds = [Meld.pong("7z"), Meld.kong("1s"), Meld.pong("9p")]
    expected = winning_tiles(hand, melds=melds)
    named = [("pong", "7z"), ("KONG", 18), ("pong", Tile.P9)]
    assert winning_tiles(hand, melds=named) == expected == [Tile.M2]
    with pytest.raises(MeldError, match="unknown meld kind 'pung'"):
        winning_tiles(hand, melds=[("pung", "7z")])


def test_another_seats_concealed_kong_is_no_meld_argument() -> None:
    hidden = MeldView("concealed_kong", None, None)
    with pytest.raises(MeldError, match="meld 0 has no tile"):
        is_win("11m", melds=[hidden] * 4)


@pytest.mark.parametrize(
    "action",
    [
        Action(ActionKind.DISCARD, Tile.RED),
        Action(ActionKind.PASS),
        Action(ActionKind.CONCEALED_KONG, 4),
        Action(ActionKind.DECLARE, "1z"),
        Action(ActionKind.PAO, 2),
    ],
)
def test_an_action_reads_back_from_what_str_prints(action: Action) -> None:
    assert Action.parse(str(action)) == action
    if action.kind is not ActionKind.PAO:  # a bid is an int, not text
        assert Action(*str(action).split()) == action


def test_an_action_takes_kind_names() -> None:
    assert Action("discard", "7z") == Action(ActionKind.DISCARD, Tile.RED)
    assert Action("Self_Draw_Win") == Action(ActionKind.SELF_DRAW_WIN)
    assert Action.parse("  discard   中 ") == Action(ActionKind.DISCARD, Tile.RED)
    with pytest.raises(IllegalActionError, match="unknown action kind 'jump'; expected one of"):
        Action("jump")
    with pytest.raises(IllegalActionError, match="empty action text"):
        Action.parse(" ")


@pytest.mark.parametrize(
    ("make", "value"),
    [
        (lambda: Action(ActionKind.DISCARD, 3.5), "3.5"),
        (lambda: Action([1]), "[1]"),  # type: ignore[arg-type]
        (lambda: Action.parse(5), "5"),  # type: ignore[arg-type]
        (lambda: Meld.of([0], "1m"), "[0]"),  # type: ignore[arg-type]
        (lambda: Meld.of("pong", 1.0), "1.0"),  # type: ignore[arg-type]
        (lambda: is_win(3.5), "float"),  # type: ignore[arg-type]
        (lambda: is_win(["1m", 2.5]), "2.5"),
        (lambda: is_win("11m", melds=5), "5"),  # type: ignore[arg-type]
        (lambda: is_win("11m", melds=[5]), "5"),
        (lambda: is_win("11m", melds=[(1.5, "1m")]), "1.5"),
    ],
)
def test_wrong_types_raise_type_error_naming_the_value(make: Callable[[], Any], value: str) -> None:
    with pytest.raises(TypeError) as info:
        make()
    assert isinstance(info.value, ArgumentTypeError) and isinstance(info.value, KoudiandianError)
    assert not isinstance(info.value, ValueError)
    assert value in str(info.value)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Action(ActionKind.DISCARD, 34),
        lambda: Action(99),
        lambda: Meld.of("pong", 34),
        lambda: Meld.of(7, "1m"),
        lambda: is_win([0, 1, 99]),
        lambda: is_win("11m", melds=[(9, "1m")]),
    ],
)
def test_wrong_values_stay_value_errors(make: Callable[[], Any]) -> None:
    with pytest.raises(ValueError) as info:
        make()
    assert isinstance(info.value, KoudiandianError) and not isinstance(info.value, TypeError)


def test_a_bot_factory_that_returns_no_bot_is_named() -> None:
    with pytest.raises(ArgumentTypeError, match="'not_a_bot' of seat 2 returned 42"):

        def not_a_bot(seed: int) -> Any:
            return 42

        simulate(1, bots=["greedy", "greedy", not_a_bot, "random"])


def test_simulate_without_a_seed_draws_one_and_says_which() -> None:
    a = simulate(2, seed=None)
    b = simulate(2, seed=None)
    assert a.seed != b.seed
    again = simulate(2, seed=a.seed)
    assert (again.wins, again.score_mean) == (a.wins, a.score_mean)


def test_hand_result_has_the_final_hands() -> None:
    game = first_option_game(7, 0)
    result = game.result
    assert result is not None
    end = game.events[-1]
    assert end["type"] == "end_hand"
    assert [[int(t) for t in seat] for seat in result.hands] == end["hands"]
    assert [[[int(m.kind), int(m.tile)] for m in seat] for seat in result.melds] == [
        [m[:2] for m in seat] for seat in end["melds"]
    ]
    assert HandResult.from_dict(result.to_dict()) == result  # hands do not take part


def test_seat_view_repr_is_one_short_line() -> None:
    game = Game(Rules(), seed=1)
    text = repr(game.view(0))
    assert "\n" not in text and len(text) < 200
    assert text.startswith("<SeatView seat=0 phase=turn")
    assert format_tiles(game.view(0).hand) in text


def test_game_phase_is_a_literal() -> None:
    assert typing.get_args(Phase) == (
        "bid", "exchange", "void", "turn", "claim", "rob", "haidi", "over",
    )  # fmt: skip
    assert typing.get_type_hints(Game.phase.fget)["return"] == Phase  # type: ignore[attr-defined]
    assert Game(Rules(), seed=1).phase in typing.get_args(Phase)
    assert Game("tiny", seed=1).phase == "exchange"
