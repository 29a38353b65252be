"""KoudiandianVectorEnv: the same game as Gymnasium's SyncVectorEnv over the single env (same
seed, same-step autoreset), step by step; batch-policy opponents; make_vec."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode  # noqa: E402
from koudiandian import (  # noqa: E402
    ArgumentTypeError,
    ArrayError,
    IllegalActionError,
    InvalidArgumentError,
    Rules,
)
from koudiandian.rl import ACTION_SPACES, GYM_ID, OBS_SHAPES, VecEnv, code_to_action  # noqa: E402
from koudiandian.rl.policy import Policy  # noqa: E402
from koudiandian.rl.vector import KoudiandianVectorEnv  # noqa: E402


def _sync(n: int, **kwargs: Any) -> Any:
    return gym.vector.SyncVectorEnv(
        [lambda: gym.make(GYM_ID, **kwargs) for _ in range(n)],
        autoreset_mode=AutoresetMode.SAME_STEP,
    )


def _same(a: Any, b: Any, where: str) -> None:
    """Equal infos: the same keys, arrays of the same dtype and values, recursively."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and set(a) == set(b), f"{where}: {set(a) ^ set(b)}"
        for k in a:
            _same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, np.ndarray) and a.dtype == object:
        assert isinstance(b, np.ndarray) and b.dtype == object and a.shape == b.shape, where
        for i, (x, y) in enumerate(zip(a, b)):
            assert (x is None) == (y is None), f"{where}[{i}]"
            if x is not None:
                assert np.array_equal(x, y) and x.dtype == y.dtype, f"{where}[{i}]"
    else:
        a, b = np.asarray(a), np.asarray(b)
        assert a.dtype == b.dtype, f"{where}: {a.dtype} != {b.dtype}"
        assert np.array_equal(a, b), f"{where}: {a} != {b}"


def _compare(n: int, steps: int, seed: int, **kwargs: Any) -> int:
    """Step both envs with the same random actions (now and then an illegal one);
    returns the hands ended."""
    vec = KoudiandianVectorEnv(n, **kwargs)
    sync = _sync(n, **kwargs)
    obs_v, info_v = vec.reset(seed=seed)
    obs_s, info_s = sync.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ended = 0
    for step in range(steps):
        assert obs_v.dtype == obs_s.dtype and np.array_equal(obs_v, obs_s), f"step {step}"
        _same(info_v, info_s, f"step {step} info")
        mask = info_v["action_mask"].astype(bool)
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        if step % 17 == 0:  # an illegal action: penalised, the table held
            actions[step % n] = int(np.flatnonzero(~mask[step % n])[0])
        obs_v, r_v, t_v, tr_v, info_v = vec.step(actions)
        obs_s, r_s, t_s, tr_s, info_s = sync.step(actions)
        for x, y, what in ((r_v, r_s, "reward"), (t_v, t_s, "terminated"), (tr_v, tr_s, "trunc")):
            assert x.dtype == y.dtype and np.array_equal(x, y), f"step {step} {what}"
        ended += int(t_v.sum())
    # A reset without a seed deals every table its next hand, in both; so does a reset of
    # some tables.
    obs_v, info_v = vec.reset()
    obs_s, info_s = sync.reset()
    assert np.array_equal(obs_v, obs_s)
    _same(info_v, info_s, "reset info")
    some = np.arange(n) % 3 == 1
    obs_v, info_v = vec.reset(options={"reset_mask": some})
    obs_s, info_s = sync.reset(options={"reset_mask": some})
    assert np.array_equal(obs_v, obs_s)
    _same(info_v, info_s, "masked reset info")
    return ended


@pytest.mark.parametrize(
    ("rules", "opponents", "space"),
    [
        ("taiyuan", "greedy", 1),
        ("taiyuan", "random", 1),
        ("changsha", "expert", 1),
        ("sichuan", "greedy", 2),
        ("sichuan", "random", 2),
        ("sichuan", "expert", 2),
    ],
)
def test_the_vector_env_equals_sync_vector_env_over_the_single_env(
    rules: str, opponents: str, space: int
) -> None:
    ended = _compare(
        6, 1000, seed=11, rules=rules, opponents=opponents, action_space=space, version="v3"
    )
    assert ended > 20


def test_a_fixed_seat_and_the_v1_encoding_equal_too() -> None:
    assert _compare(4, 300, seed=3, rules="hebei", opponents="greedy", seat=2, version="v1") > 4


def test_threads_and_copies_change_nothing() -> None:
    a = KoudiandianVectorEnv(9, "queyimen", "random", seed=4)
    b = KoudiandianVectorEnv(9, "queyimen", "random", seed=4, threads=2, copy=False)
    obs_a, info_a = a.reset()
    obs_b, info_b = b.reset()
    for step in range(200):
        assert np.array_equal(obs_a, obs_b), f"step {step}"
        actions = np.argmax(info_a["action_mask"], axis=1)
        obs_a, r_a, t_a, _, info_a = a.step(actions)
        kept = obs_a
        obs_b, r_b, t_b, _, info_b = b.step(actions)
        assert np.array_equal(r_a, r_b) and np.array_equal(t_a, t_b)
    assert kept is not a.step(actions)[0]  # copies by default
    assert b.step(actions)[0] is obs_b  # the buffer itself with copy=False


_PRESETS = [*(name for name, _, _ in Rules.presets()), "tiny"]


@pytest.mark.parametrize("preset", _PRESETS)
def test_every_profile_keeps_the_vector_env_contract(preset: str) -> None:
    space = 2 if preset in ("sichuan", "tiny") else 1
    env = KoudiandianVectorEnv(4, preset, "random", seed=3, action_space=space, version="v3")
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert env.observation_space.shape == (4, *env.single_observation_space.shape)
    assert env.action_space.shape == (4,) and env.single_action_space.n == ACTION_SPACES[space]
    obs, info = env.reset()
    ended = 0
    for _ in range(150):
        assert obs in env.observation_space and obs.dtype == np.uint8
        assert info["action_mask"].dtype == np.int8 and info["action_mask"].any(axis=1).all()
        actions = np.argmax(info["action_mask"], axis=1)
        assert actions in env.action_space
        obs, reward, term, trunc, info = env.step(actions)
        assert reward.dtype == np.float64 and term.dtype == trunc.dtype == np.bool_
        assert not trunc.any() and not reward[~term].any()
        ended += int(term.sum())
        for i in np.flatnonzero(term):
            assert info["final_obs"][i] in env.single_observation_space
    assert ended > 0


def test_spaces_metadata_and_make_vec() -> None:
    env = gym.make_vec(GYM_ID, num_envs=8, vectorization_mode="vector_entry_point")
    assert isinstance(env.unwrapped, KoudiandianVectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    assert env.single_action_space.n == info["action_mask"].shape[1]
    assert obs.shape == (8, *env.single_observation_space.shape)
    env.close()


def _first_legal(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return np.argmax(mask, axis=1)


def test_a_batch_policy_plays_the_opponents_one_call_a_round() -> None:
    calls: list[int] = []

    def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        assert obs.dtype == np.uint8 and mask.dtype == np.bool_ and len(obs) == len(mask)
        calls.append(len(obs))
        return _first_legal(obs, mask)

    env = KoudiandianVectorEnv(8, "taiyuan", policy, seed=5, version="v3")
    obs, info = env.reset()
    ended = 0
    for _ in range(300):
        assert np.array_equal(info["seat"], env.raw.learners)
        before = len(calls)
        obs, reward, term, _, info = env.step(np.argmax(info["action_mask"], axis=1))
        assert len(calls) > before  # at least one round per step
        ended += int(term.sum())
        assert all(info["final_obs"][i] is not None for i in np.flatnonzero(term))
    assert ended > 8 and max(calls) <= 8


def test_the_first_legal_policy_outside_equals_the_same_policy_on_the_raw_core() -> None:
    # The vector env's opponents loop against a hand-made loop on the raw "external" core.
    env = KoudiandianVectorEnv(5, "hebei", _first_legal, seed=7, version="v1")
    raw = VecEnv(5, "hebei", seeds=[7, 8, 9, 10, 11], opponents="external", version="v1")
    obs, info = env.reset()
    r_obs, r_mask, r_seat = raw.reset()

    def opponents() -> tuple[np.ndarray, np.ndarray]:
        reward, term = np.zeros(5), np.zeros(5, bool)
        while (asked := r_seat != raw.learners).any():
            _, r, t, _, _, _ = raw.step(np.argmax(r_mask, axis=1), active=asked)
            reward += r
            term |= t
        return reward, term

    opponents()
    for _ in range(400):
        assert np.array_equal(obs, r_obs) and np.array_equal(info["seat"], r_seat)
        actions = np.argmax(info["action_mask"], axis=1)
        obs, reward, term, _, info = env.step(actions)
        _, r, t, _, _, _ = raw.step(actions)
        r, t = r.astype(np.float64), t.copy()
        r2, t2 = opponents()
        assert np.array_equal(reward, r + r2) and np.array_equal(term, t | t2)


def test_the_greedy_policy_from_outside_equals_greedy_opponents() -> None:
    def greedy(env: KoudiandianVectorEnv) -> Any:
        def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
            raw = env.raw
            _, _, seat = raw.rows()
            asked = np.flatnonzero(seat != raw.learners)
            codes = [raw.game(i).engine.greedy_action(int(seat[i])) for i in asked]
            return np.array([code_to_action(c) for c in codes], np.int64)

        return policy

    inside = KoudiandianVectorEnv(4, "changsha", "greedy", seed=2)
    outside = KoudiandianVectorEnv(4, "changsha", lambda o, m: policy(o, m), seed=2)
    policy = greedy(outside)
    a, ia = inside.reset()
    b, ib = outside.reset()
    for step in range(300):
        assert np.array_equal(a, b), f"step {step}"
        _same(ia, ib, f"step {step}")
        actions = np.argmax(ia["action_mask"], axis=1)
        a, ra, ta, _, ia = inside.step(actions)
        b, rb, tb, _, ib = outside.step(actions)
        assert np.array_equal(ra, rb) and np.array_equal(ta, tb)


def test_bad_arguments_and_policies() -> None:
    with pytest.raises(InvalidArgumentError, match="opponents"):
        KoudiandianVectorEnv(2, opponents="smart")
    with pytest.raises(ArgumentTypeError, match="opponents"):
        KoudiandianVectorEnv(2, opponents=3)  # type: ignore[arg-type]
    env = KoudiandianVectorEnv(2, seed=1)
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step(np.zeros(2, np.int64))
    env.reset()
    with pytest.raises(InvalidArgumentError, match="outside the action space"):
        env.step(np.array([0, 10**6]))
    with pytest.raises(ArrayError, match="shape"):
        env.step(np.zeros(3, np.int64))
    with pytest.raises(ArrayError, match="integers"):
        env.step(np.zeros(2, np.float64))
    with pytest.raises(ArgumentTypeError, match="seed"):
        env.reset(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="expected 2 seeds"):
        env.reset(seed=[1, 2, 3])
    with pytest.raises(ArgumentTypeError, match="illegal_penalty"):
        KoudiandianVectorEnv(2, illegal_penalty="1")  # type: ignore[arg-type]
    bad = KoudiandianVectorEnv(2, "taiyuan", lambda o, m: np.argmin(m, axis=1), seed=1)
    with pytest.raises(IllegalActionError):
        bad.reset()


def test_a_trained_policy_named_by_its_file_plays_the_opponents(tmp_path: Path) -> None:
    """``opponents="policy:PATH"`` loads the policy and plays it as the same ``Policy``
    given as an object would; a policy of another encoding or action space is refused
    before anything starts."""
    rng = np.random.default_rng(3)
    shape = OBS_SHAPES["v3"]
    inputs = shape[0] * shape[1]
    layers = [
        (rng.standard_normal((inputs, 16)).astype(np.float32), np.zeros(16, np.float32)),
        (rng.standard_normal((16, 252)).astype(np.float32), np.zeros(252, np.float32)),
    ]
    path = tmp_path / "p.npz"
    Policy(layers, version="v3", action_space=2).save(path)
    by_name = KoudiandianVectorEnv(4, "taiyuan", f"policy:{path}", seed=5)
    by_object = KoudiandianVectorEnv(4, "taiyuan", Policy.load(path), seed=5)
    obs_a, info_a = by_name.reset(seed=5)
    obs_b, info_b = by_object.reset(seed=5)
    for _ in range(200):
        np.testing.assert_array_equal(obs_a, obs_b)
        mask = info_a["action_mask"].astype(bool)
        actions = mask.argmax(axis=1)
        obs_a, r_a, t_a, _, info_a = by_name.step(actions)
        obs_b, r_b, t_b, _, info_b = by_object.step(actions)
        np.testing.assert_array_equal(r_a, r_b)
        np.testing.assert_array_equal(t_a, t_b)
    with pytest.raises(InvalidArgumentError, match="v3 observations"):
        KoudiandianVectorEnv(2, "taiyuan", f"policy:{path}", version="v1")
    with pytest.raises(InvalidArgumentError, match="action space 2"):
        KoudiandianVectorEnv(2, "taiyuan", f"policy:{path}", action_space=1)
    with pytest.raises(InvalidArgumentError):
        KoudiandianVectorEnv(2, "taiyuan", f"policy:{tmp_path / 'missing.npz'}")
