"""Cost of the Gymnasium ``VectorEnv`` (issue 41) over the raw ``VecEnv`` it wraps.

Run (needs the ``[rl]`` and ``[bench]`` extras)::

    python -m pytest benches/test_bench_vector.py -p no:cacheprovider --benchmark-only

Taiyuan, 256 tables, one thread, the first legal action of every table (from the mask:
no random draws between steps), v3 observations, action space 2:

(a) ``VecEnv(opponents="greedy").step``: the raw environment, its buffers written in place.
(b) ``KoudiandianVectorEnv(opponents="greedy").step``: the same tables through the wrapper
    (legal-action check, rewards as float64, Gymnasium's infos, a copy of the
    observations): its cost a step beside (a).
(c) ``KoudiandianVectorEnv(opponents=policy).step`` with a NumPy batch policy (the first
    legal action) for the opponents: the raw ``"external"`` core stepped round by round,
    one policy call a round, until every table is at its learner.
(d) ``VecEnv(opponents="external")`` stepped with the first legal action for every seat:
    the raw cost of the decisions (c) makes, without the loop.

A summary (microseconds per vector step and per table step) is printed at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pytest_benchmark")

from koudiandian.rl import VecEnv  # noqa: E402
from koudiandian.rl.vector import KoudiandianVectorEnv  # noqa: E402

N = 256
RULES = "taiyuan"
KW: dict[str, Any] = {"version": "v3", "action_space": 2}
TIMES: dict[str, float] = {}
ROUNDS: dict[str, float] = {}


def _first_legal(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return np.argmax(mask, axis=1)


def _time(benchmark: Any, name: str, step: Callable[[], Any]) -> None:
    for _ in range(20):  # warm up
        step()
    benchmark.pedantic(step, rounds=60, iterations=1, warmup_rounds=0)
    if benchmark.stats is not None:  # None with --benchmark-disable
        TIMES[name] = benchmark.stats.stats.median


def test_raw_vecenv_greedy(benchmark: Any) -> None:
    env = VecEnv(N, RULES, seed=1, opponents="greedy", **KW)
    _, mask, _ = env.reset()
    _time(benchmark, "raw VecEnv, greedy", lambda: env.step(np.argmax(mask, axis=1)))


def test_vector_env_greedy(benchmark: Any) -> None:
    env = KoudiandianVectorEnv(N, RULES, "greedy", seed=1, **KW)
    _, info = env.reset()
    state = {"info": info}

    def step() -> None:
        *_, state["info"] = env.step(np.argmax(state["info"]["action_mask"], axis=1))

    _time(benchmark, "KoudiandianVectorEnv, greedy", step)


def test_vector_env_policy_opponents(benchmark: Any) -> None:
    calls = [0, 0]  # policy calls, rows asked

    def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        calls[0] += 1
        calls[1] += len(obs)
        return _first_legal(obs, mask)

    env = KoudiandianVectorEnv(N, RULES, policy, seed=1, **KW)
    _, info = env.reset()
    state = {"info": info}
    steps = [0]

    def step() -> None:
        steps[0] += 1
        *_, state["info"] = env.step(np.argmax(state["info"]["action_mask"], axis=1))

    calls[:] = [0, 0]
    _time(benchmark, "KoudiandianVectorEnv, policy opponents", step)
    if not TIMES:
        return
    ROUNDS["rounds/step"] = calls[0] / steps[0]
    ROUNDS["opponent rows/step"] = calls[1] / steps[0]


def test_raw_external_every_seat(benchmark: Any) -> None:
    env = VecEnv(N, RULES, seed=1, opponents="external", **KW)
    _, mask, _ = env.reset()
    _time(
        benchmark, "raw VecEnv, external (one decision)", lambda: env.step(np.argmax(mask, axis=1))
    )


@pytest.fixture(scope="module", autouse=True)
def _summary() -> Iterator[None]:
    yield
    if not TIMES:
        return
    lines = [f"\nVector env cost, {RULES}, {N} tables, one thread (median of 60 steps):"]
    for name, t in TIMES.items():
        lines.append(f"  {name:42s} {t * 1e6:9.0f} us/step {t * 1e6 / N:7.2f} us/table-step")
    raw, wrapped = TIMES.get("raw VecEnv, greedy"), TIMES.get("KoudiandianVectorEnv, greedy")
    if raw and wrapped:
        lines.append(
            f"  wrapper's cost: {(wrapped - raw) * 1e6:.0f} us/step ({wrapped / raw:.2f}x)"
        )
    if ROUNDS:
        lines.append(
            f"  policy opponents: {ROUNDS['rounds/step']:.1f} policy calls a step, "
            f"{ROUNDS['opponent rows/step']:.0f} opponent decisions a step"
        )
    print("\n".join(lines))
