"""The raw ``VecEnv``'s speed as issue 26 measured it, shared by ``test_bench_rl.py`` and
``examples/rl_figures.py``: table decisions a second timed inside ``step()``."""

from __future__ import annotations

import time

import numpy as np
from koudiandian.rl import VecEnv


def first_legal_rate(tables: int, threads: int, steps: int) -> float:
    """Table decisions a second inside ``step()`` of ``tables`` Taiyuan self-play tables on
    ``threads`` threads over ``steps`` timed steps (after 20 to warm up), every table taking
    its first legal action (no random draws between steps): the observation and the mask
    are written every step, in the package's default encoding and action space."""
    vec = VecEnv(tables, "taiyuan", seed=1, threads=threads)
    _, mask, _ = vec.reset()
    for _ in range(20):  # warm: the tables, the caches
        mask = vec.step(np.argmax(mask, axis=1))[4]
    in_step = 0.0
    for _ in range(steps):
        actions = np.argmax(mask, axis=1)
        t = time.perf_counter()
        mask = vec.step(actions)[4]
        in_step += time.perf_counter() - t
    return steps * tables / in_step
