"""koudiandian.rl.sb3: the vector environment as Stable-Baselines3's VecEnv (its spaces,
seeds, ended hands and masks as SB3 and sb3-contrib read them), on every profile."""

from __future__ import annotations

import numpy as np
import pytest
from koudiandian import Rules
from koudiandian.errors import ArgumentTypeError, InvalidArgumentError

from tests.support.train_extra import require

require("stable_baselines3")
require("sb3_contrib")
gymnasium = require("gymnasium")

from koudiandian.rl.sb3 import KoudiandianSB3Env  # noqa: E402
from koudiandian.rl.vector import KoudiandianVectorEnv  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from stable_baselines3.common.vec_env import VecCheckNan, VecEnv, VecMonitor, VecNormalize  # noqa: E402


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per table."""
    return (rng.random(masks.shape) * masks).argmax(1)


def test_it_is_a_vec_env_whose_spaces_hold_its_observations() -> None:
    env = KoudiandianSB3Env(4, "taiyuan", seed=1)
    assert isinstance(env, VecEnv)
    obs = env.reset()
    assert obs.shape == (4, *env.observation_space.shape) and obs.dtype == np.uint8
    assert all(env.observation_space.contains(o) for o in obs)
    masks = env.action_masks()
    assert masks.shape == (4, env.action_space.n) and masks.dtype == np.bool_
    assert masks.any(axis=1).all()
    # sb3-contrib finds and reads the masks through the VecEnv interface.
    assert is_masking_supported(env)
    np.testing.assert_array_equal(get_action_masks(env), masks)


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_every_profile_steps_with_legal_actions(preset: str) -> None:
    env = KoudiandianSB3Env(3, preset, seed=2, action_space=2)
    rng = np.random.default_rng(2)
    env.reset()
    hands = 0
    for _ in range(200):
        masks = env.action_masks()
        assert masks.any(axis=1).all(), preset
        obs, rewards, dones, infos = env.step(random_legal(masks, rng))
        assert obs.shape[0] == 3 and rewards.dtype == np.float32 and dones.dtype == np.bool_
        assert len(infos) == 3 and all(isinstance(i, dict) for i in infos)
        assert not any(i.get("illegal_action") for i in infos), preset
        for i in np.flatnonzero(dones):
            assert infos[i]["TimeLimit.truncated"] is False
            assert env.observation_space.contains(infos[i]["terminal_observation"]), preset
        hands += int(dones.sum())
    assert hands > 0, preset


def test_a_profile_with_decisions_before_play_needs_action_space_2() -> None:
    with pytest.raises(InvalidArgumentError):
        KoudiandianSB3Env(2, "sichuan", action_space=1)


def test_seed_deals_table_i_from_seed_plus_i_as_the_vector_env() -> None:
    a = KoudiandianSB3Env(3, "taiyuan")
    b = KoudiandianSB3Env(3, "taiyuan")
    assert a.seed(7) == [7, 8, 9]
    b.seed(7)
    obs_a, obs_b = a.reset(), b.reset()
    np.testing.assert_array_equal(obs_a, obs_b)
    np.testing.assert_array_equal(a.action_masks(), b.action_masks())
    vec_obs, _ = a.vector_env.reset(seed=7)
    np.testing.assert_array_equal(vec_obs, obs_a)
    # The seed is used once: the next reset deals other hands.
    assert not np.array_equal(a.reset(), obs_a)


def test_reset_options_are_refused() -> None:
    env = KoudiandianSB3Env(2, "taiyuan", seed=1)
    env.set_options({"deal": "again"})
    with pytest.raises(InvalidArgumentError):
        env.reset()


def test_the_constructor_seed_repeats_the_first_reset() -> None:
    first = KoudiandianSB3Env(2, "taiyuan", seed=11).reset()
    np.testing.assert_array_equal(KoudiandianSB3Env(2, "taiyuan", seed=11).reset(), first)


def test_attributes_and_methods_answer_per_table() -> None:
    env = KoudiandianSB3Env(3, "taiyuan", seed=3)
    env.reset()
    assert env.get_attr("render_mode") == [None, None, None]
    assert env.has_attr("action_masks") and not env.has_attr("no_such_attribute")
    rows = env.env_method("action_masks", indices=[2, 0])
    np.testing.assert_array_equal(np.stack(rows), env.action_masks()[[2, 0]])
    assert env.env_is_wrapped(gymnasium.Wrapper) == [False] * 3
    assert env.env_is_wrapped(gymnasium.Wrapper, indices=1) == [False]
    with pytest.raises(InvalidArgumentError):
        env.get_attr("render_mode", indices=[3])
    with pytest.raises(InvalidArgumentError):
        env.set_attr("render_mode", None, indices=[0])
    with pytest.raises(InvalidArgumentError):
        env.env_method("close", indices=[1])
    with pytest.raises(ArgumentTypeError):
        env.get_attr("render_mode", indices=[True])


def test_step_wait_needs_step_async() -> None:
    env = KoudiandianSB3Env(2, "taiyuan", seed=4)
    env.reset()
    with pytest.raises(InvalidArgumentError):
        env.step_wait()


def test_sb3_wrappers_accept_it() -> None:
    # VecCheckNan checks every array a step returns, VecNormalize scales the observations
    # (rewards left alone), VecMonitor sums each episode's reward; the masks pass through.
    inner = VecCheckNan(KoudiandianSB3Env(4, "taiyuan", seed=5), raise_exception=True)
    env = VecMonitor(VecNormalize(inner, norm_reward=False))
    rng = np.random.default_rng(5)
    env.reset()
    episodes, totals = [], np.zeros(4)
    for _ in range(300):
        obs, rewards, dones, infos = env.step(random_legal(get_action_masks(env), rng))
        assert obs.dtype == np.float32
        totals += rewards
        for i in np.flatnonzero(dones):
            episodes.append(infos[i]["episode"]["r"])
            assert infos[i]["episode"]["r"] == pytest.approx(totals[i], abs=1e-4)
            totals[i] = 0
    assert episodes


def test_every_public_member_has_a_docstring() -> None:
    # The API reference leaves this module out (its build has no torch): docs/training.md
    # documents it, from these docstrings.
    import koudiandian.rl.sb3 as module

    assert module.__doc__ and KoudiandianSB3Env.__doc__
    bare = [
        name
        for name in vars(KoudiandianSB3Env)
        if not name.startswith("_") and not getattr(KoudiandianSB3Env, name).__doc__
    ]
    assert not bare


@pytest.mark.parametrize(("preset", "opponents"), [("taiyuan", "greedy"), ("sichuan", "expert")])
def test_it_equals_sb3s_dummy_vec_env_over_the_single_env(preset: str, opponents: str) -> None:
    # SB3's own VecEnv over the Gymnasium single environment is the reference: the same
    # observations, rewards, dones, ended hands' infos and masks, step by step.
    from koudiandian.rl import DEFAULT_VERSION, GYM_ID
    from stable_baselines3.common.vec_env import DummyVecEnv

    n, kwargs = 3, {"version": DEFAULT_VERSION, "action_space": 2}
    ours = KoudiandianSB3Env(n, preset, opponents, **kwargs)
    theirs = DummyVecEnv(
        [lambda: gymnasium.make(GYM_ID, rules=preset, opponents=opponents, **kwargs)] * n
    )
    ours.seed(21)
    theirs.seed(21)
    np.testing.assert_array_equal(ours.reset(), theirs.reset())
    masks = np.stack([info["action_mask"] for info in theirs.reset_infos]).astype(bool)
    rng = np.random.default_rng(21)
    ended = 0
    for step in range(400):
        np.testing.assert_array_equal(ours.action_masks(), masks, err_msg=f"step {step}")
        actions = random_legal(masks, rng)
        obs, rewards, dones, infos = ours.step(actions)
        t_obs, t_rewards, t_dones, t_infos = theirs.step(actions)
        np.testing.assert_array_equal(obs, t_obs, err_msg=f"step {step}")
        np.testing.assert_allclose(rewards, t_rewards, err_msg=f"step {step}")
        np.testing.assert_array_equal(dones, t_dones, err_msg=f"step {step}")
        for i in range(n):
            mine, ref = infos[i], t_infos[i]
            if dones[i]:
                ended += 1
                np.testing.assert_array_equal(
                    mine["terminal_observation"], ref["terminal_observation"]
                )
                assert mine["TimeLimit.truncated"] == ref["TimeLimit.truncated"] is False
                assert mine["seat"] == ref["seat"]
                assert ours.reset_infos[i]["seat"] == theirs.reset_infos[i]["seat"]
        masks = np.stack(
            [(theirs.reset_infos[i] if t_dones[i] else t_infos[i])["action_mask"] for i in range(n)]
        ).astype(bool)
    assert ended >= 3


def test_it_wraps_a_vector_env_that_copies() -> None:
    venv = KoudiandianVectorEnv(2, "taiyuan", seed=9)
    env = KoudiandianSB3Env.from_vector_env(venv)
    assert env.vector_env is venv
    np.testing.assert_array_equal(
        env.reset(), KoudiandianVectorEnv(2, "taiyuan", seed=9).reset()[0]
    )
    with pytest.raises(InvalidArgumentError):
        KoudiandianSB3Env.from_vector_env(KoudiandianVectorEnv(2, "taiyuan", copy=False))
    with pytest.raises(ArgumentTypeError):
        KoudiandianSB3Env.from_vector_env(env)  # type: ignore[arg-type]
