"""Speed of the RL environments (issue 12), with riichienv's env loop in the same run.

Run: ``python -m pytest benches/test_bench_rl.py -p no:cacheprovider -s -k report``
(needs the ``[rl]`` and ``[bench]`` extras).

(a) ``VecEnv`` self-play, B = 1024 tables, the observation (the default encoding: v3's
    25 × 34 ``uint8``) and the mask (the default action space: 252 ``bool``) of every
    table written each step, random legal actions chosen in
    NumPy between steps: steps (table decisions) per second of the ``step`` calls alone
    and of the whole loop, one thread. Target >= 1,000,000 steps/s.
(b) the same on two threads against one (target >= 1.8x); CPU/wall time of the process
    tells how far the two threads overlapped.
(c) the PettingZoo AEC loop (``agent_iter``, ``last``, a random legal action from the mask,
    ``step``) against riichienv's ``RiichiEnv`` loop with ``RandomAgent`` (one hand per
    reset, every agent asked in a step acting): steps per second; target >= 5x. A riichienv
    step may carry several agents' actions: its rate counts agent actions, which is never
    fewer than its steps.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from koudiandian.rl import VecEnv, env  # noqa: E402
from vec_rate import first_legal_rate  # noqa: E402  (benches/ is no package)

B = 1024
VEC_STEPS = 300
AEC_HANDS = 200
PEER_HANDS = 200


def _vec_rate(threads: int, rules: str = "taiyuan") -> dict[str, float]:
    """Steps/s of ``step`` alone and of the whole loop, and CPU/wall of the step calls."""
    vec = VecEnv(B, rules, seed=1, threads=threads)
    _, mask, _ = vec.reset()
    noise = np.random.default_rng(0).random((8, B, mask.shape[1])).astype(np.float32)
    for i in range(20):  # warm up: tables, caches, the shanten tables
        vec.step(np.argmax(noise[i % 8] * mask, axis=1))
    in_step = 0.0
    cpu_step = 0.0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for i in range(VEC_STEPS):
        actions = np.argmax(noise[i % 8] * mask, axis=1)
        t, c = time.perf_counter(), time.process_time()
        vec.step(actions)
        in_step += time.perf_counter() - t
        cpu_step += time.process_time() - c
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    n = VEC_STEPS * B
    return {
        "step": n / in_step,
        "loop": n / wall,
        "cpu_wall_step": cpu_step / in_step,
        "cpu_wall_loop": cpu / wall,
    }


def _aec_steps(hands: int) -> int:
    rng = random.Random(0)  # as riichienv's RandomAgent draws (Python's generator)
    e = env(seed=0)
    steps = 0
    for h in range(hands):
        e.reset(seed=h)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps


def _riichienv_steps(hands: int) -> int:
    from riichienv import RiichiEnv  # type: ignore[import-untyped]
    from riichienv.agents import RandomAgent  # type: ignore[import-untyped]

    agents = [RandomAgent(seed=i) for i in range(4)]
    e = RiichiEnv(skip_mjai_logging=True)  # one hand (一局) per reset
    actions = 0
    for _ in range(hands):
        obs = e.reset()
        while not e.done():
            actions += len(obs)
            obs = e.step({pid: agents[pid].act(o) for pid, o in obs.items()})
    return actions


def _rate(fn: Callable[[int], int], n: int, rounds: int = 3) -> tuple[float, float]:
    """Best steps/s over ``rounds`` and the CPU/wall of that round."""
    best, ratio = 0.0, 0.0
    for _ in range(rounds):
        t, c = time.perf_counter(), time.process_time()
        steps = fn(n)
        wall = time.perf_counter() - t
        if steps / wall > best:
            best, ratio = steps / wall, (time.process_time() - c) / wall
    return best, ratio


def test_vecenv_one_thread(benchmark: Any) -> None:
    benchmark.pedantic(_vec_rate, args=(1,), rounds=1, iterations=1)


def test_aec_loop(benchmark: Any) -> None:
    benchmark.pedantic(_aec_steps, args=(AEC_HANDS,), rounds=3, iterations=1)


def test_riichienv_loop(benchmark: Any) -> None:
    pytest.importorskip("riichienv")
    benchmark.pedantic(_riichienv_steps, args=(PEER_HANDS,), rounds=3, iterations=1)


def test_report_rl() -> None:
    """The figures and ratios the issue targets (printed with -s)."""
    one = max((_vec_rate(1) for _ in range(3)), key=lambda r: r["step"])
    two = max((_vec_rate(2) for _ in range(3)), key=lambda r: r["step"])
    greedy = VecEnv(B, "taiyuan", seed=1, opponents="greedy")
    _, mask, _ = greedy.reset()
    t = time.perf_counter()
    for _ in range(50):
        greedy.step(np.argmax(mask, axis=1))
    greedy_rate = 50 * B / (time.perf_counter() - t)
    first = {1: 0.0, 2: 0.0}
    for _ in range(5):  # taking turns, best of five each
        for threads in (1, 2):
            first[threads] = max(first[threads], first_legal_rate(B, threads, VEC_STEPS))
    aec, aec_cpu = _rate(_aec_steps, AEC_HANDS)
    lines = [
        f"\nVecEnv self-play, B={B}, 1 thread: {one['step']:,.0f} steps/s in step() "
        f"(CPU/wall {one['cpu_wall_step']:.2f}); whole loop {one['loop']:,.0f} steps/s "
        f"(target 1,000,000)",
        f"VecEnv, 2 threads: {two['step']:,.0f} steps/s in step() (CPU/wall "
        f"{two['cpu_wall_step']:.2f}); {two['step'] / one['step']:.2f}x one thread (target 1.8x)",
        f"VecEnv, first legal action, best of 5: 1 thread {first[1]:,.0f}, 2 threads "
        f"{first[2]:,.0f} steps/s in step(): {first[2] / first[1]:.2f}x (target 1.8x)",
        f"VecEnv, opponents='greedy' (learner decisions): {greedy_rate:,.0f} steps/s",
        f"PettingZoo AEC loop, random masked actions: {aec:,.0f} steps/s (CPU/wall {aec_cpu:.2f})",
    ]
    try:
        peer, peer_cpu = _rate(_riichienv_steps, PEER_HANDS)
        lines.append(
            f"riichienv RiichiEnv + RandomAgent loop: {peer:,.0f} agent actions/s "
            f"(CPU/wall {peer_cpu:.2f}); AEC / riichienv = {aec / peer:.2f}x (target 5x)"
        )
    except ImportError:
        lines.append("riichienv not installed: no peer figure")
    print("\n".join(lines))
