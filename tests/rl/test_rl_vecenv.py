"""VecEnv: shapes, zero-copy buffers, automatic reset, rewards, seeds, threads and bad
actions refused with nothing changed."""

from __future__ import annotations

import numpy as np
import pytest
from koudiandian import ArrayError, IllegalActionError, InvalidArgumentError
from koudiandian.rl import OBS_SHAPES, VecEnv


def _random_actions(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    return np.argmax(rng.random(mask.shape) * mask, axis=1)


def _run(env: VecEnv, steps: int, seed: int = 0) -> list[tuple[np.ndarray, ...]]:
    rng = np.random.default_rng(seed)
    obs, mask, seat = env.reset()
    log = []
    for _ in range(steps):
        out = env.step(_random_actions(rng, mask))
        obs, reward, term, trunc, mask, seat = out
        log.append(tuple(np.copy(x) for x in out))
    return log


def test_shapes_dtypes_and_zero_copy_buffers() -> None:
    env = VecEnv(16, "taiyuan", seed=1)
    obs, mask, seat = env.reset()
    # the default version and space (test_rl_defaults.py)
    assert obs.shape == (16, *OBS_SHAPES[env.version]) and obs.dtype == np.uint8
    assert mask.shape == (16, env.n_actions) and mask.dtype == np.bool_
    assert seat.shape == (16,) and seat.dtype == np.int64
    assert mask.any(axis=1).all()
    out = env.step(np.argmax(mask, axis=1))
    o2, reward, term, trunc, m2, s2 = out
    assert o2 is obs and m2 is mask and s2 is seat  # the same buffers, written in place
    assert reward.shape == (16, 4) and reward.dtype == np.float32
    assert term.dtype == np.bool_ and trunc.dtype == np.bool_ and not trunc.any()


def test_self_play_rewards_sum_to_zero_and_hands_reset_themselves() -> None:
    env = VecEnv(32, "hebei", seed=2)
    log = _run(env, 400)
    ended = sum(int(t.sum()) for _, _, t, _, _, _ in log)
    assert ended > 32
    for _, reward, term, _, _, _ in log:
        assert np.all(reward.sum(axis=1) == 0)
        assert np.all(reward[~term] == 0)
    assert any(reward[term].any() for _, reward, term, _, _, _ in log)


@pytest.mark.parametrize("opponents", ["greedy", "expert", "random"])
def test_opponents_inside_rust_give_the_learner_its_reward(opponents: str) -> None:
    env = VecEnv(16, "changsha", seed=3, opponents=opponents)
    log = _run(env, 300)
    _, reward, _, _, _, seat = log[0]
    assert reward.shape == (16,)
    assert sum(int(t.sum()) for _, _, t, _, _, _ in log) > 16
    assert any(r[t].any() for _, r, t, _, _, _ in log)
    assert len({int(s) for *_, seat in log for s in seat}) == 4  # the learner's seat varies


def test_seeds_repeat_and_threads_change_nothing() -> None:
    a = _run(VecEnv(24, "queyimen", seed=7), 150)
    b = _run(VecEnv(24, "queyimen", seed=7, threads=2), 150)
    c = _run(VecEnv(24, "queyimen", seed=8), 150)
    assert all(all(np.array_equal(x, y) for x, y in zip(p, q)) for p, q in zip(a, b))
    assert not all(np.array_equal(p[0], q[0]) for p, q in zip(a, c))


def test_bad_actions_are_refused_and_change_nothing() -> None:
    env = VecEnv(8, seed=4)
    obs, mask, seat = env.reset()
    before = (obs.copy(), mask.copy(), seat.copy())
    good = np.argmax(mask, axis=1)
    bad = good.copy()
    bad[5] = int(np.flatnonzero(~mask[5])[0])
    with pytest.raises(IllegalActionError, match=r"env 5: action \d+ .*masked out"):
        env.step(bad)
    bad = good.copy()
    bad[2] = env.n_actions
    with pytest.raises(InvalidArgumentError, match=f"env 2: action {env.n_actions} is outside"):
        env.step(bad)
    with pytest.raises(ArrayError, match="shape"):
        env.step(good[:3])
    with pytest.raises(ArrayError, match="integers"):
        env.step(good.astype(np.float64))
    assert all(np.array_equal(x, y) for x, y in zip(before, (obs, mask, seat)))
    env.step(good.astype(np.int32))  # any integer dtype


def test_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="num_envs"):
        VecEnv(0)
    with pytest.raises(InvalidArgumentError, match="threads"):
        VecEnv(4, threads=0)
    with pytest.raises(InvalidArgumentError, match="opponents"):
        VecEnv(4, opponents="smart")
