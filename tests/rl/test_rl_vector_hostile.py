"""A careless or hostile caller of the vector envs: seeds, options, penalties and actions
of the wrong type are refused with the error that names them (nothing changes then), and
an opponents' policy that raises or answers badly fails clearly: the env then refuses to
step until it is reset, instead of playing the learner's next action at an opponent's
seat."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from koudiandian.errors import (
    ArgumentTypeError,
    ArrayError,
    IllegalActionError,
    InvalidArgumentError,
    KoudiandianError,
)
from koudiandian.rl import VecEnv
from koudiandian.rl.gym_env import KoudiandianEnv
from koudiandian.rl.vector import KoudiandianVectorEnv

pytest.importorskip("gymnasium")


def first_legal(mask: np.ndarray) -> np.ndarray:
    return np.argmax(mask, axis=1).astype(np.int64)


class Opponents:
    """A batch policy that plays the first legal action, or misbehaves as ``mode`` says."""

    def __init__(self) -> None:
        self.mode = "ok"

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> Any:
        if self.mode == "raise":
            raise RuntimeError("the policy's own error")
        if self.mode == "short":
            return first_legal(mask)[1:]
        if self.mode == "illegal":
            return np.argmin(mask, axis=1)
        if self.mode == "outside":
            return np.full(len(mask), 10**6)
        return first_legal(mask)


@pytest.mark.parametrize(
    ("mode", "error", "match"),
    [
        ("raise", RuntimeError, "the policy's own error"),
        ("short", ArrayError, "must return an integer array of shape"),
        (
            "illegal",
            IllegalActionError,
            r"env \d+: the opponents' policy chose \d+, which is masked",
        ),
        ("outside", ArrayError, r"env \d+: the opponents' policy chose 1000000, outside"),
    ],
)
def test_a_failing_opponents_policy_breaks_the_env_until_reset(
    mode: str, error: type[Exception], match: str
) -> None:
    policy = Opponents()
    env = KoudiandianVectorEnv(4, opponents=policy, seed=7, version="v3", action_space=2)
    _, info = env.reset()
    policy.mode = mode
    with pytest.raises(error, match=match):
        env.step(first_legal(info["action_mask"]))
    policy.mode = "ok"
    # the learners' actions were played and some tables wait at an opponent: stepping on
    # would play the learner's action at an opponent's seat
    with pytest.raises(InvalidArgumentError, match=r"call reset\(\)"):
        env.step(first_legal(info["action_mask"]))
    obs, info = env.reset()
    assert (env.raw.rows()[2] == env.raw.learners).all()
    for _ in range(20):
        obs, _, _, _, info = env.step(first_legal(info["action_mask"]))
        assert (env.raw.rows()[2] == env.raw.learners).all()


@pytest.mark.parametrize(
    ("seed", "error", "match"),
    [
        ("12", ArgumentTypeError, "seed must be an int or a sequence"),
        (1.5, ArgumentTypeError, "seed must be an int or a sequence"),
        ([1.5, 2], ArgumentTypeError, "a seed must be an int, got 1.5"),
        (["a", "b"], ArgumentTypeError, "a seed must be an int, got 'a'"),
        ([True, False], ArgumentTypeError, "a seed must be an int, got True"),
        ([1, 2, 3], InvalidArgumentError, "expected 2 seeds"),
        (-3, InvalidArgumentError, "seed must be in 0"),
        (2**64 - 1, InvalidArgumentError, "seed must be in 0"),
    ],
)
def test_the_vector_env_refuses_bad_seeds_naming_them(
    seed: object, error: type[Exception], match: str
) -> None:
    env = KoudiandianVectorEnv(2, seed=1)
    with pytest.raises(error, match=match):
        env.reset(seed=seed)  # type: ignore[arg-type]


def test_numpy_seeds_are_the_same_seeds() -> None:
    a = KoudiandianVectorEnv(3).reset(seed=[5, 9, 11])[0]
    b = KoudiandianVectorEnv(3).reset(seed=np.array([5, 9, 11], np.uint64))[0]
    assert np.array_equal(a, b)
    raw = VecEnv(3, seeds=np.array([5, 9, 11])).reset()[0].copy()
    assert np.array_equal(raw, VecEnv(3, seeds=[5, 9, 11]).reset()[0])
    with pytest.raises(ArgumentTypeError, match="seeds must be a sequence of ints, got 5"):
        VecEnv(3, seeds=5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seeds must be a sequence"):
        VecEnv(2, seeds="ab")  # type: ignore[arg-type]


def test_the_vector_env_refuses_bad_options_and_penalties() -> None:
    env = KoudiandianVectorEnv(2, seed=1)
    with pytest.raises(InvalidArgumentError, match=r"reset\(\) them all first"):
        env.reset(options={"reset_mask": np.array([True, False])})
    with pytest.raises(ArgumentTypeError, match="options must be a dict"):
        env.reset(options=[1])  # type: ignore[arg-type]
    for penalty, error in (("x", ArgumentTypeError), (True, ArgumentTypeError),
                           (float("nan"), InvalidArgumentError),
                           (float("inf"), InvalidArgumentError)):  # fmt: skip
        with pytest.raises(error, match="illegal_penalty"):
            KoudiandianVectorEnv(2, illegal_penalty=penalty)  # type: ignore[arg-type]
        with pytest.raises(error, match="illegal_penalty"):
            KoudiandianEnv(illegal_penalty=penalty)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, InvalidArgumentError), (2**64, InvalidArgumentError), (1.5, ArgumentTypeError),
     (True, ArgumentTypeError), ("3", ArgumentTypeError)],
)  # fmt: skip
def test_the_single_env_refuses_bad_seeds_and_keeps_its_hand(
    seed: object, error: type[Exception]
) -> None:
    env = KoudiandianEnv(seat=1, version="v3", action_space=2)
    obs, _ = env.reset(seed=3)
    with pytest.raises(error, match="seed must be"):
        env.reset(seed=seed)  # type: ignore[arg-type]
    assert np.array_equal(env._obs(), obs)  # the hand in play is untouched


def test_a_learner_seat_in_self_play_is_refused_not_ignored() -> None:
    with pytest.raises(InvalidArgumentError, match="self-play"):
        VecEnv(2, seed=1, learner=1)
    assert (VecEnv(2, seed=1, opponents="greedy", learner=1).learners == 1).all()


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"version": 3}, "version must be a str"), ({"opponents": 5}, "opponents must be a str or None"),
     ({"log": "yes"}, "log must be a bool")],
)  # fmt: skip
def test_the_raw_env_names_an_argument_of_the_wrong_type(kwargs: dict, match: str) -> None:
    with pytest.raises(ArgumentTypeError, match=match):
        VecEnv(2, seed=1, **kwargs)


def test_a_numpy_seed_is_a_seed() -> None:
    a = KoudiandianVectorEnv(2, seed=np.int64(4)).reset()[0]  # type: ignore[arg-type]
    assert np.array_equal(a, KoudiandianVectorEnv(2, seed=4).reset()[0])


_VECTOR = KoudiandianVectorEnv(3, seed=2, version="v3", action_space=2)
_VECTOR.reset()


@settings(max_examples=60, deadline=None)
@given(
    dtype=st.sampled_from(["int8", "int64", "uint64", "float64", "bool", "object"]),
    shape=st.sampled_from([(3,), (2,), (3, 1), (), (4,)]),
    values=st.lists(st.integers(-300, 300), min_size=4, max_size=4),
)
def test_a_refused_step_changes_nothing(dtype: str, shape: tuple, values: list[int]) -> None:
    env = _VECTOR
    before = [a.copy() for a in env.raw.rows()]
    size = int(np.prod(shape)) if shape else 1
    with np.errstate(all="ignore"):
        actions = np.array(values[:size]).astype(dtype).reshape(shape)
    try:
        _, _, _, _, info = env.step(actions)
    except KoudiandianError:
        after = env.raw.rows()
        assert all(np.array_equal(x, y) for x, y in zip(before, after, strict=True))
    else:
        assert actions.shape == (3,) and actions.dtype.kind in "iu"
        assert info["action_mask"].any(axis=1).all()
