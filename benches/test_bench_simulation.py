"""Simulation speed, side by side with riichienv in the same run (pytest-benchmark).

Run: ``python -m pytest benches/test_bench_simulation.py --benchmark-only -p no:cacheprovider``
(riichienv is Riichi mahjong, a different game; it is the peer named by the project for
"a hand of mahjong played by random agents in a Rust engine driven from Python").
"""

from __future__ import annotations

import random
import time

import pytest
from koudiandian import Game, Rules, simulate

HANDS = 300

riichienv = pytest.importorskip("riichienv")


def _riichienv_hands(n: int) -> None:
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    agents = [RandomAgent(seed=i) for i in range(4)]
    env = RiichiEnv(skip_mjai_logging=True)  # one hand (一局) per reset
    for _ in range(n):
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: agents[pid].act(o) for pid, o in obs.items()})


def _koudiandian_loop(n: int) -> None:
    rng = random.Random(0)
    rules = Rules()
    for seed in range(n):
        game = Game(rules, seed=seed)
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, rng.choice(game.legal_actions(seat)))


def test_riichienv_random_agents(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.pedantic(_riichienv_hands, args=(HANDS,), rounds=3, iterations=1)


def test_koudiandian_python_loop(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.pedantic(_koudiandian_loop, args=(HANDS,), rounds=3, iterations=1)


def test_koudiandian_simulate_random(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.pedantic(
        lambda: simulate(HANDS, bots="random,random,random,random"), rounds=3, iterations=1
    )


def test_koudiandian_simulate_greedy(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.pedantic(
        lambda: simulate(HANDS, bots="greedy,greedy,greedy,greedy"), rounds=3, iterations=1
    )


def _rate(fn, n: int) -> float:  # type: ignore[no-untyped-def]
    best = 0.0
    for _ in range(3):
        t = time.perf_counter()
        fn(n)
        best = max(best, n / (time.perf_counter() - t))
    return best


def test_report_ratios() -> None:
    """Hands per second of each, and the ratios the project targets (printed with -s)."""
    peer = _rate(_riichienv_hands, HANDS)
    loop = _rate(_koudiandian_loop, HANDS)
    rand = _rate(lambda n: simulate(n, bots="random,random,random,random"), HANDS)
    greedy = _rate(lambda n: simulate(n, bots="greedy,greedy,greedy,greedy"), HANDS)
    greedy1 = _rate(lambda n: simulate(n, bots="greedy,greedy,greedy,greedy"), 10 * HANDS)
    greedy2 = _rate(
        lambda n: simulate(n, bots="greedy,greedy,greedy,greedy", workers=2), 10 * HANDS
    )
    print(
        f"\nriichienv RandomAgent loop: {peer:,.0f} hands/s"
        f"\nkoudiandian Python loop:    {loop:,.0f} hands/s ({loop / peer:.2f}x, target 1.5x)"
        f"\nsimulate, 4 RandomBots:     {rand:,.0f} hands/s ({rand / peer:.2f}x, target 2x)"
        f"\nsimulate, 4 GreedyBots:     {greedy:,.0f} hands/s (target 1000)"
        f"\n  workers=2:                {greedy2:,.0f} hands/s ({greedy2 / greedy1:.2f}x of one worker on the same {10 * HANDS} hands, target 1.7x)"
    )
