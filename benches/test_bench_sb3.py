"""Speed of the Stable-Baselines3 adapter (``koudiandian.rl.sb3``) against the vector
environment it wraps and the raw ``VecEnv`` under both.

Run: ``python -m pytest benches/test_bench_sb3.py -p no:cacheprovider -s -k report``
(needs the ``[rl-train]`` extra).

The same loop for each, ``B`` tables of taiyuan against greedy opponents, one thread: a
uniformly random legal action per table drawn in NumPy from the mask the last step gave,
then one ``step``. Table steps (learner decisions) per second of the whole loop, best of
seven. What the adapter adds to a step: the masks as ``bool``, SB3's ``dones`` and one info
dict per table (with the ended hands' terminal observations).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
import pytest

pytest.importorskip("stable_baselines3")

from koudiandian.rl import VecEnv  # noqa: E402
from koudiandian.rl.sb3 import KoudiandianSB3Env  # noqa: E402
from koudiandian.rl.vector import KoudiandianVectorEnv  # noqa: E402

STEPS = 300
REPEATS = 7


def _pick(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    return (rng.random(mask.shape) * mask).argmax(1)


def _best(loop: Callable[[], float], tables: int) -> float:
    return max(STEPS * tables / loop() for _ in range(REPEATS))


def rates(tables: int) -> dict[str, float]:
    """Table steps per second of the raw core, the vector env and the SB3 adapter."""
    rng = np.random.default_rng(0)
    raw = VecEnv(tables, "taiyuan", seed=1, opponents="greedy")
    vector = KoudiandianVectorEnv(tables, "taiyuan", "greedy", seed=1)
    sb3 = KoudiandianSB3Env(tables, "taiyuan", "greedy", seed=1)

    def raw_loop() -> float:
        _, mask, _ = raw.reset()
        t = time.perf_counter()
        for _ in range(STEPS):
            mask = raw.step(_pick(rng, mask))[4]
        return time.perf_counter() - t

    def vector_loop() -> float:
        _, infos = vector.reset(seed=1)
        t = time.perf_counter()
        for _ in range(STEPS):
            infos = vector.step(_pick(rng, infos["action_mask"]))[4]
        return time.perf_counter() - t

    def sb3_loop() -> float:
        sb3.reset()
        t = time.perf_counter()
        for _ in range(STEPS):
            sb3.step(_pick(rng, sb3.action_masks()))
        return time.perf_counter() - t

    return {
        "raw VecEnv": _best(raw_loop, tables),
        "KoudiandianVectorEnv": _best(vector_loop, tables),
        "KoudiandianSB3Env": _best(sb3_loop, tables),
    }


@pytest.mark.parametrize("tables", [16, 256])
def test_report(tables: int) -> None:
    found = rates(tables)
    vector = found["KoudiandianVectorEnv"]
    print(f"\n{tables} tables, taiyuan vs greedy, one thread, table steps/s:")
    for name, rate in found.items():
        print(f"  {name:22s} {rate:10,.0f}  ({rate / vector:.2f}x the vector env)")
    assert found["KoudiandianSB3Env"] > 0
