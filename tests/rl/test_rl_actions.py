"""koudiandian.rl's action numbering and masks: a fixed bijection onto the engine's
actions, and masks (of the default space, v2) that equal the legal actions at every step
of random play."""

from __future__ import annotations

import random

import numpy as np
import pytest
from koudiandian import (
    Action,
    ActionKind,
    ArgumentTypeError,
    Game,
    IllegalActionError,
    InvalidArgumentError,
    Rules,
)
from koudiandian.rl import (
    ACTION_CODES,
    ACTION_CODES_V2,
    N_ACTIONS,
    N_ACTIONS_V1,
    action_mask,
    action_of,
    action_to_code,
    code_to_action,
    number_of,
)

PRESETS = ["taiyuan", "queyimen", "hebei", "changsha"]


def test_the_numbering_is_documented_and_fixed() -> None:
    assert N_ACTIONS_V1 == 215
    assert action_of(0) == Action("discard", "1m")
    assert action_of(33) == Action("discard", "7z")
    assert action_of(34) == Action("declare", "1m")
    assert action_of(68) == Action(ActionKind.SELF_DRAW_WIN)
    assert action_of(69) == Action(ActionKind.WIN)
    assert action_of(70) == Action(ActionKind.PONG)
    assert action_of(71) == Action(ActionKind.KONG)
    assert action_of(72) == Action("added_kong", "1m")
    assert action_of(106) == Action("concealed_kong", "1m")
    assert action_of(140) == Action(ActionKind.PASS)
    assert action_of(141) == Action("chow", "1m")
    assert action_of(175) == Action(ActionKind.PAO, 0)
    assert action_of(178) == Action(ActionKind.PAO, 3)
    assert action_of(179) == Action("dice_kong", "1m")
    assert action_of(213) == Action(ActionKind.OPENING_WIN)
    assert action_of(214) == Action(ActionKind.HAIDI)


@pytest.mark.parametrize("space", [1, 2])
def test_numbers_and_codes_are_a_bijection(space: int) -> None:
    codes = ACTION_CODES if space == 1 else ACTION_CODES_V2
    assert len(set(codes)) == len(codes)
    for a, code in enumerate(codes):
        assert action_to_code(a, space) == code
        assert code_to_action(code, space) == a
        assert number_of(action_of(a, space), space) == a
        assert action_of(a, space).code == code
    assert codes == ACTION_CODES_V2[: len(codes)], "a v1 number is the same action in v2"


@pytest.mark.parametrize(("bad", "space"), [(-1, 2), (N_ACTIONS, 2), (N_ACTIONS_V1, 1), (10**6, 2)])
def test_an_action_number_outside_the_space_is_refused(bad: int, space: int) -> None:
    with pytest.raises(InvalidArgumentError, match=f"action {bad} is outside the action space"):
        action_to_code(bad, space)
    if space == 2:
        with pytest.raises(InvalidArgumentError, match=f"action {bad} is outside the action space"):
            action_to_code(bad)


def test_codes_that_name_no_action_and_non_ints_are_refused() -> None:
    with pytest.raises(IllegalActionError, match="names no action"):
        code_to_action(8 * 34 + 5)  # pass with a tile
    with pytest.raises(ArgumentTypeError):
        action_to_code(1.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        action_to_code(True)
    with pytest.raises(ArgumentTypeError):
        number_of(3)  # type: ignore[arg-type]


def test_action_mask_checks_its_arguments() -> None:
    g = Game(seed=1)
    with pytest.raises(InvalidArgumentError, match="seat"):
        action_mask(g, 4)
    with pytest.raises(ArgumentTypeError, match="Game"):
        action_mask("game", 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", PRESETS)
def test_mask_equals_legal_actions_at_every_step_of_2000_random_hands(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    number = np.full(max(ACTION_CODES_V2) + 1, -1, np.int64)
    number[list(ACTION_CODES_V2)] = np.arange(N_ACTIONS)
    steps = 0
    for seed in range(2000):
        g = Game(rules, seed=seed)
        core = g._core
        while not core.is_over():
            seat = core.to_act()[0]
            legal = core.legal_actions(seat)
            mask = action_mask(g, seat)
            want = np.sort(number[legal])
            assert want[0] >= 0, f"a legal code without a number: {legal}"
            assert np.array_equal(np.flatnonzero(mask), want), (seed, seat, legal)
            if steps % 16 == 0:
                assert mask.dtype == np.bool_ and mask.shape == (N_ACTIONS,)
                other = (seat + 1 + rng.randrange(3)) % 4
                if other not in core.to_act():
                    assert not action_mask(g, other).any()
            core.step(seat, legal[rng.randrange(len(legal))])
            steps += 1
    assert steps > 2000 * 20
