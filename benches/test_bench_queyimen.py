"""The rule profiles beside Taiyuan on the same benches: ``queyimen`` against Taiyuan with
``no_honors`` on per-call hand functions over the same 2000 hands, and every profile's
self-play hands per second (a Python loop with random legal actions, ``simulate`` with
random and with greedy bots). The queyimen issue's target: no more than 20% slower.

Run: ``python -m pytest benches/test_bench_queyimen.py -p no:cacheprovider -s``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import koudiandian as kd
from koudiandian import Game, Rules, simulate

HANDS = 300
CALLS = 2000
RULES = {"taiyuan": Rules(no_honors=True), "queyimen": Rules.preset("queyimen")}


PROFILES = {name: Rules.preset(name) for name in ("taiyuan", "queyimen", "hebei", "changsha")}


def _best(
    fn: Callable[[Rules], object], rounds: int, profiles: dict[str, Rules] = RULES
) -> dict[str, float]:
    """The fastest of ``rounds`` runs under each profile's rules, the profiles taking turns
    (so that a busy moment of the machine hits all alike)."""
    best = dict.fromkeys(profiles, float("inf"))
    for _ in range(rounds):
        for name, rules in profiles.items():
            t = time.perf_counter()
            fn(rules)
            best[name] = min(best[name], time.perf_counter() - t)
    return best


def _hands(n: int, size: int) -> list[list[int]]:
    """Seeded 108-tile hands: ``size`` tiles drawn from a shuffled wall."""
    rng = random.Random(4)
    out = []
    for _ in range(n):
        wall = [k for k in range(27) for _ in range(4)]
        rng.shuffle(wall)
        out.append(sorted(wall[:size]))
    return out


def _loop(rules: Rules, n: int) -> None:
    rng = random.Random(0)
    for seed in range(n):
        game = Game(rules, seed=seed)
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, rng.choice(game.legal_actions(seat)))


def test_report_queyimen_beside_taiyuan() -> None:
    waiting, complete = _hands(CALLS, 13), _hands(CALLS, 14)
    kd.shanten(complete[0])  # build the shanten tables first
    rows = []
    calls: dict[str, Callable[[Rules], object]] = {
        "is_win (µs/call)": lambda r: [kd.is_win(h, rules=r) for h in complete],
        "winning_tiles (µs/call)": lambda r: [kd.winning_tiles(h, rules=r) for h in waiting],
        "shanten (µs/call)": lambda r: [kd.shanten(h, rules=r) for h in complete],
    }
    for name, fn in calls.items():
        t = {p: v / CALLS * 1e6 for p, v in _best(fn, 9).items()}
        rows.append((name, t["taiyuan"], t["queyimen"], t["queyimen"] / t["taiyuan"]))
    for name, fn in _PLAYS.items():
        t = {p: HANDS / v for p, v in _best(fn, 5).items()}
        rows.append((name, t["taiyuan"], t["queyimen"], t["taiyuan"] / t["queyimen"]))
    print("\nbench | taiyuan (no_honors) | queyimen | queyimen time / taiyuan time")
    for name, a, b, ratio in rows:
        print(f"{name} | {a:,.2f} | {b:,.2f} | {ratio:.2f}")


_PLAYS: dict[str, Callable[[Rules], object]] = {
    "Python loop, random (hands/s)": lambda r: _loop(r, HANDS),
    "simulate, 4 RandomBots (hands/s)": lambda r: simulate(
        HANDS, rules=r, bots="random,random,random,random"
    ),
    "simulate, 4 GreedyBots (hands/s)": lambda r: simulate(
        HANDS, rules=r, bots="greedy,greedy,greedy,greedy"
    ),
}


def test_report_every_profile_self_play() -> None:
    rows = {name: _best(fn, 3, PROFILES) for name, fn in _PLAYS.items()}
    print("\nbench | " + " | ".join(PROFILES))
    for name, best in rows.items():
        print(f"{name} | " + " | ".join(f"{HANDS / best[p]:,.0f}" for p in PROFILES))
