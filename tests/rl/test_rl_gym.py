"""The Gymnasium single-agent environment: Gymnasium's env checker, registration, rewards
and the documented penalty for illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from koudiandian import ArgumentTypeError, InvalidArgumentError  # noqa: E402
from koudiandian.rl import GYM_ID, N_ACTIONS, OBS_SHAPE  # noqa: E402
from koudiandian.rl.gym_env import ILLEGAL_PENALTY, KoudiandianEnv  # noqa: E402


@pytest.mark.parametrize(
    ("preset", "opponents"),
    [("taiyuan", "greedy"), ("queyimen", "random"), ("hebei", "expert"), ("changsha", "random")],
)
def test_gymnasium_check_env(preset: str, opponents: str) -> None:
    check_env(KoudiandianEnv(preset, opponents), skip_render_check=True)


def test_registered_id_makes_the_env() -> None:
    e = gym.make(GYM_ID, opponents="greedy")
    obs, info = e.reset(seed=1)
    assert obs.shape == OBS_SHAPE and obs.dtype == np.uint8
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (N_ACTIONS,)
    e.close()


def test_an_illegal_action_changes_nothing_and_costs_the_penalty() -> None:
    e = KoudiandianEnv(opponents="greedy")
    obs, info = e.reset(seed=2)
    events = len(e._game.events) if e._game else 0
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for action in (bad, np.int64(bad)):
        obs2, reward, term, trunc, info2 = e.step(action)
        assert reward == -ILLEGAL_PENALTY and not term and not trunc
        assert info2["illegal_action"] is True
        assert np.array_equal(obs, obs2)
        assert np.array_equal(info["action_mask"], info2["action_mask"])
    assert e._game is not None and len(e._game.events) == events
    good = int(np.flatnonzero(info["action_mask"])[0])
    *_, info3 = e.step(good)
    assert info3["illegal_action"] is False


@pytest.mark.parametrize(
    "action", [N_ACTIONS, -1, 10**6, np.int64(N_ACTIONS), np.array(-1), np.uint64(2**64 - 1)]
)
def test_an_action_outside_the_space_raises_and_changes_nothing(action: object) -> None:
    # Gymnasium's convention (its envs assert action_space.contains(action)): an action
    # outside Discrete(N_ACTIONS) is an error, not a move to penalise.
    e = KoudiandianEnv(opponents="greedy")
    obs, info = e.reset(seed=2)
    assert not e.action_space.contains(action)
    events = e._game.event_count if e._game else 0
    with pytest.raises(InvalidArgumentError, match="outside the action space") as raised:
        e.step(action)
    assert isinstance(raised.value, ValueError)
    assert e._game is not None and e._game.event_count == events
    good = int(np.flatnonzero(info["action_mask"])[0])
    obs2, reward, *_ = e.step(np.array(good))  # a 0-d integer array is in the space
    assert reward != -ILLEGAL_PENALTY


@pytest.mark.parametrize("action", [1.0, True, np.bool_(False), "3", None, np.array([3])])
def test_an_action_that_is_no_integer_is_a_type_error(action: object) -> None:
    e = KoudiandianEnv(opponents="random")
    e.reset(seed=4)
    with pytest.raises(ArgumentTypeError, match="an action number must be an int"):
        e.step(action)


def test_an_episode_ends_with_the_learners_delta() -> None:
    rng = np.random.default_rng(0)
    for seed in range(20):
        e = KoudiandianEnv("taiyuan", "random", seat=seed % 4)
        _, info = e.reset(seed=seed)
        total, term = 0.0, False
        while not term:
            a = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, term, _, info = e.step(a)
            total += float(reward)
        assert e._game is not None and e._game.result is not None
        assert total == e._game.result.deltas[seed % 4]
        with pytest.raises(InvalidArgumentError, match="reset"):
            e.step(0)


def test_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="opponents"):
        KoudiandianEnv(opponents="smart")
    with pytest.raises(InvalidArgumentError, match="seat"):
        KoudiandianEnv(seat=4)


def test_the_oracle_sees_the_ended_hand_and_seeds_repeat_episodes() -> None:
    from koudiandian import _core

    e = KoudiandianEnv("changsha", "greedy", oracle=True, version="v1")
    twin = KoudiandianEnv("changsha", "greedy", oracle=True, version="v1")
    for seed in range(3):
        obs, info = e.reset(seed=seed)
        obs2, _ = twin.reset(seed=seed)
        term = False
        while not term:
            assert np.array_equal(obs, obs2)
            game, seat = e.game, info["seat"]
            assert np.array_equal(obs, _core.rl_encode_game(game.engine, seat, True, "v1"))
            a = int(np.flatnonzero(info["action_mask"])[0])
            obs, _, term, _, info = e.step(a)
            obs2, *_ = twin.step(a)
        ended = e.game
        assert ended.is_over and ended.result is not None
        assert np.array_equal(obs, _core.rl_encode_game(ended.engine, seat, True, "v1"))
