"""Self-play speed (issue 11): the core's self-play called directly, ``simulate`` from
Python on top of it, two threads against one, the Python loop it replaces, and the Ray
backend on a local two-CPU cluster against one local core. Prints a table with ``-s``:

    python -m pytest benches/test_bench_selfplay.py -p no:cacheprovider -s

Measure on an idle machine: the two-thread and Ray figures need both cores.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import pytest
from koudiandian import Rules, _core, simulate
from koudiandian.bots import GreedyBot, RandomBot

HANDS = int(os.environ.get("SELFPLAY_HANDS", "4000"))
RAY_HANDS = int(os.environ.get("RAY_HANDS", "100000"))


def _best(fn: Callable[[], object], n: int, rounds: int = 3) -> float:
    """Best hands per second over ``rounds`` runs of ``fn`` playing ``n`` hands."""
    best = 0.0
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        best = max(best, n / (time.perf_counter() - t))
    return best


def _python_greedy(seed: int) -> GreedyBot:
    return GreedyBot(seed)


def _python_random(seed: int) -> RandomBot:
    return RandomBot(seed)


def _row(rules: Rules, bot: str, python_bot: Callable[[int], object]) -> tuple[float, ...]:
    """(core, simulate, two threads vs one, Python loop) hands per second for ``bot``."""
    core = _best(lambda: _core.self_play(rules, [bot] * 4, 1, 0, HANDS), HANDS)
    sim = _best(lambda: simulate(HANDS, rules=rules, bots=bot, seed=1), HANDS)
    two = _best(lambda: simulate(2 * HANDS, rules=rules, bots=bot, seed=1, threads=2), 2 * HANDS)
    one = _best(lambda: simulate(2 * HANDS, rules=rules, bots=bot, seed=1), 2 * HANDS)
    n = HANDS // 4
    loop = _best(lambda: simulate(n, rules=rules, bots=python_bot, seed=1), n, 1)  # type: ignore[arg-type]
    return core, sim, two / one, loop


@pytest.mark.parametrize("profile", ["default", "taiyuan", "queyimen", "hebei", "changsha"])
def test_selfplay_rates(profile: str) -> None:
    rules = Rules.parse(profile)
    print(f"\n{profile}: hands/s on one core (best of 3 runs of {HANDS} hands)")
    print(
        f"{'bots':<8}{'core':>10}{'simulate':>10}{'ratio':>8}{'2 threads':>11}{'Python loop':>13}"
    )
    for bot, python_bot in (("random", _python_random), ("greedy", _python_greedy)):
        core, sim, speedup, loop = _row(rules, bot, python_bot)
        print(
            f"{bot:<8}{core:>10,.0f}{sim:>10,.0f}{core / sim:>7.2f}×{speedup:>10.2f}×{loop:>13,.0f}"
        )


def test_ray_backend_against_one_core() -> None:
    ray = pytest.importorskip("ray")
    local = _best(lambda: simulate(RAY_HANDS, bots="greedy", seed=2), RAY_HANDS, 1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        simulate(100, bots="greedy", seed=2, backend="ray")  # workers started
        on_ray = _best(
            lambda: simulate(RAY_HANDS, bots="greedy", seed=2, backend="ray"), RAY_HANDS, 1
        )
    finally:
        ray.shutdown()
    print(
        f"\n{RAY_HANDS:,} greedy hands: one local core {local:,.0f} hands/s, Ray on a local "
        f"2-CPU cluster {on_ray:,.0f} hands/s ({on_ray / local:.2f}×, target 1.6×; "
        "start-up excluded)"
    )
