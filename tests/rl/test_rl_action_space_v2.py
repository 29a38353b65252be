"""The RL action space v2: v1's 215 numbers, then the decisions before play (换三张 picks
215–248, void suits 249–251). Version 2, the default since issue 41, numbers every
profile's decisions, and its masks equal the legal actions through whole hands; version 1
refuses, by name, a profile whose decisions it cannot number (the test profile ``tiny``)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from koudiandian import Action, Game, IllegalActionError, InvalidArgumentError
from koudiandian.bots import GreedyBot
from koudiandian.rl import (
    ACTION_CODES,
    ACTION_CODES_V2,
    ACTION_SPACES,
    DEFAULT_ACTION_SPACE,
    N_ACTIONS,
    N_ACTIONS_V1,
    N_ACTIONS_V2,
    VecEnv,
    action_mask,
    action_of,
    action_to_code,
    code_to_action,
    number_of,
)

REFUSAL = "action space 1 cannot express the exchange and void decisions of profile tiny"


def test_v2_numbers_the_decisions_before_play_after_v1() -> None:
    assert (N_ACTIONS_V1, N_ACTIONS_V2) == (215, 252) and ACTION_SPACES == {1: 215, 2: 252}
    assert (DEFAULT_ACTION_SPACE, N_ACTIONS) == (2, N_ACTIONS_V2), "v2 is the default"
    assert ACTION_CODES_V2[:N_ACTIONS_V1] == ACTION_CODES, "a v1 number is the same action in v2"
    assert action_of(249) == Action.void("m") and number_of(Action.void("p")) == 250
    assert action_of(215, 2) == Action.exchange("1m")
    assert action_of(248, 2) == Action.exchange("7z")
    assert [action_of(a, 2) for a in (249, 250, 251)] == [Action.void(s) for s in "mps"]
    for a in range(N_ACTIONS_V2):
        assert code_to_action(action_to_code(a, 2), 2) == a
        assert number_of(action_of(a, 2), 2) == a
    with pytest.raises(InvalidArgumentError, match="outside the action space 0..214"):
        action_of(249, 1)
    with pytest.raises(InvalidArgumentError, match="outside the action space 0..251"):
        action_of(252)
    with pytest.raises(IllegalActionError, match="names no action of action space 1"):
        number_of(Action.void("p"), 1)
    with pytest.raises(InvalidArgumentError, match="unknown action space 3"):
        action_to_code(0, 3)


def _play_tiny(seed: int, choose: str) -> tuple[int, int]:
    """A whole seeded ``tiny`` hand, random or greedy, with every seat's v2 mask checked
    against its legal actions at every decision; the decisions before play and all."""
    game = Game("tiny", seed=seed, dealer=seed % 4)
    rng, bots = random.Random(seed), [GreedyBot() for _ in range(4)]
    before = steps = 0
    while not game.is_over:
        for s in range(4):
            mask = action_mask(game, s, 2)
            assert mask.shape == (N_ACTIONS_V2,)
            legal = game.legal_actions(s)
            assert sorted(np.flatnonzero(mask)) == sorted(number_of(a, 2) for a in legal)
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if choose == "random":
            action = rng.choice(legal)
        else:
            action = bots[seat].act(game.view(seat), legal)
        before += number_of(action, 2) >= N_ACTIONS_V1
        game.step(seat, action)
        steps += 1
    assert not any(action_mask(game, s, 2).any() for s in range(4))
    return before, steps


@pytest.mark.parametrize("choose", ["random", "greedy"])
def test_v2_masks_equal_legal_actions_through_whole_tiny_hands(choose: str) -> None:
    for seed in range(6):
        before, steps = _play_tiny(seed, choose)
        assert before == 4 * 2 + 4, (seed, before)  # two picks and a void suit each
        assert steps > before


def test_v1_refuses_tiny_by_name_everywhere() -> None:
    game = Game("tiny", seed=1)
    with pytest.raises(InvalidArgumentError, match=REFUSAL) as info:
        action_mask(game, 0, 1)
    assert "action_space=2" in str(info.value)
    assert action_mask(game, 0).shape == (N_ACTIONS_V2,), "the default numbers tiny"
    with pytest.raises(InvalidArgumentError, match=REFUSAL):
        VecEnv(2, "tiny", seed=1, action_space=1)
    with pytest.raises(InvalidArgumentError, match=REFUSAL):
        VecEnv(2, "tiny", seed=1, opponents="greedy", action_space=1)


def test_v1_and_v2_masks_agree_on_the_listed_profiles() -> None:
    for preset in ("taiyuan", "hebei", "changsha", "guobiao"):
        game = Game(preset, seed=3)
        rng = random.Random(3)
        while not game.is_over:
            seat = game.to_act[0]
            v1, v2 = action_mask(game, seat, 1), action_mask(game, seat, 2)
            assert v1.shape == (N_ACTIONS_V1,) and not v2[N_ACTIONS_V1:].any()
            assert (v2[:N_ACTIONS_V1] == v1).all()
            game.step(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("opponents", [None, "expert"])
def test_a_v2_vecenv_plays_tiny(opponents: str | None) -> None:
    vec = VecEnv(3, "tiny", seed=2, opponents=opponents, action_space=2)
    assert (vec.action_space_version, vec.n_actions) == (2, N_ACTIONS_V2)
    _obs, mask, _seat = vec.reset()
    assert mask.shape == (3, N_ACTIONS_V2)
    rng = np.random.default_rng(2)
    seen = np.zeros(N_ACTIONS_V2, bool)
    ended = 0
    for _ in range(400):
        assert mask.any(axis=1).all()
        seen |= mask.any(axis=0)
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask], np.int64)
        _obs, _reward, term, _trunc, mask, _seat = vec.step(actions)
        ended += int(term.sum())
    assert ended >= 3
    assert seen[215:249].any() and seen[249:].all(), "picks and void suits were offered"


def test_the_environments_take_the_action_space() -> None:
    pytest.importorskip("pettingzoo")
    from koudiandian.rl import env
    from koudiandian.rl.gym_env import KoudiandianEnv

    with pytest.raises(InvalidArgumentError, match=REFUSAL):
        KoudiandianEnv("tiny", action_space=1)
    with pytest.raises(InvalidArgumentError, match=REFUSAL):
        env(rules="tiny", action_space=1)
    gym = KoudiandianEnv("tiny", "expert", action_space=2, seat=0)
    assert gym.action_space.n == N_ACTIONS_V2 and gym.action_space_version == 2
    _obs, info = gym.reset(seed=1)
    assert info["action_mask"].shape == (N_ACTIONS_V2,)
    assert info["action_mask"][215:249].any(), "the learner first picks a tile to pass on"
    aec = env(rules="tiny", seed=1, action_space=2)
    aec.reset()
    assert aec.action_space("seat_0").n == N_ACTIONS_V2
    rng = np.random.default_rng(1)
    for _ in range(12):  # the four seats' picks and void suits
        mask = aec.observe(aec.agent_selection)["action_mask"]
        assert mask.shape == (N_ACTIONS_V2,) and not mask[:N_ACTIONS_V1].any()
        aec.step(int(rng.choice(np.flatnonzero(mask))))
    assert aec.game.phase not in ("exchange", "void")
    assert env(rules="tiny").action_space("seat_0").n == N_ACTIONS, "the default serves tiny"
