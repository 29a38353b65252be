"""The README's figures of speed (its *Speed* section), measured now and printed with the
date and the machine, each under a minute::

    python benches/speed_figures.py            # every part (about three minutes)
    python benches/speed_figures.py calls batch   # some parts: calls, batch, game, selfplay

- ``calls``: ``winning_tiles`` and ``is_win`` from Python, per hand, on the hands and against
  the peers of ``test_bench_python.py`` (riichienv's ``HandEvaluator(ids).get_waits()``,
  mahjong's ``Agari().is_agari``), the answers checked equal first; and each on 2,000
  hands, the abi3 side of the README's stable-ABI comparison.
- ``batch``: ``is_win_batch`` and ``winning_tiles_batch`` on 1,048,576 rows, one thread, and
  two threads (each on half of the rows, at once) against one.
- ``game``: a Python loop driving ``Game`` with random legal actions against riichienv's
  ``RiichiEnv`` loop with four ``RandomAgent``s (``test_bench_simulation.py``'s loops).
- ``selfplay``: ``simulate`` with built-in bots inside Rust (Taiyuan): random and greedy bots
  on one thread, two threads against one, and random bots against riichienv's loop.

The peers come with the ``bench`` extra (``pip install ".[bench]"``); without one, its
ratio is left out and the script says so. Each figure is the best of a few runs (the machine's
other processes only slow a run down). The Rust core's own figures (``is_win`` 12 ns) are
criterion's (``cargo bench --bench core``), the Ray backend's ``test_bench_selfplay.py``'s,
the RL environments' ``test_bench_rl.py``'s: see ``benches/README.md``.
"""

from __future__ import annotations

import functools
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import koudiandian as kdd
import numpy as np
from koudiandian.batch import is_win_batch, winning_tiles_batch

sys.path.insert(0, str(Path(__file__).parent))
from machine import machine  # noqa: E402  (benches/ is no package)
from random_hands import (  # noqa: E402
    ids136,
    near_complete,
    riichi_compatible_waiting,
    tile_lists,
    waiting,
)
from test_bench_python import N_BATCH, N_COMPARE, SEED  # noqa: E402

#: Hands of each loop of the ``game`` part (as ``test_bench_simulation.py``).
LOOP_HANDS = 300
#: Hands of each ``simulate`` run of the ``selfplay`` part.
SELFPLAY_HANDS = 4000


def best(fn: Callable[[], object], rounds: int = 5) -> float:
    """The shortest of ``rounds`` timed calls of ``fn``, in seconds."""
    fn()  # warm: tables built, caches filled
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def _peer(name: str) -> Any:
    try:
        return __import__(name, fromlist=["_"])
    except ImportError:
        print(f"  ({name} is not installed: pip install '.[bench]' for its ratio)")
        return None


def calls() -> None:
    print("\nFrom Python, per hand (test_bench_python.py's hands, no wildcards or melds):")
    rng = np.random.default_rng(SEED)
    counts, _, _ = waiting(rng, 4 * N_COMPARE, max_wild=0, max_melds=0)
    counts = counts[riichi_compatible_waiting(counts)][:N_COMPARE]
    ours = tile_lists(counts)
    t_ours = best(lambda: [kdd.winning_tiles(t) for t in ours])
    line = f"  winning_tiles: {t_ours / len(ours) * 1e6:.2f} µs"
    riichienv = _peer("riichienv")
    if riichienv is not None:
        ids = ids136(counts)
        for tiles, hand in zip(ours, ids):
            assert [int(t) for t in kdd.winning_tiles(tiles)] == sorted(
                riichienv.HandEvaluator(hand).get_waits()
            )
        t_peer = best(lambda: [riichienv.HandEvaluator(i).get_waits() for i in ids])
        line += (
            f"; riichienv HandEvaluator(ids).get_waits() {t_peer / len(ids) * 1e6:.2f} µs: "
            f"{t_peer / t_ours:.1f}x"
        )
    print(line)

    rng = np.random.default_rng(SEED + 1)
    counts, _, _ = near_complete(rng, 2 * N_COMPARE, max_wild=0, max_melds=0)
    counts = counts[counts.max(axis=1) < 4][:N_COMPARE]
    ours = tile_lists(counts)
    t_win = best(lambda: [kdd.is_win(t) for t in ours])
    line = f"  is_win: {t_win / len(ours) * 1e6:.2f} µs"
    agari = _peer("mahjong.agari")
    if agari is not None:
        checker, c34 = agari.Agari(), [row.tolist() for row in counts]
        assert [kdd.is_win(t) for t in ours] == [checker.is_agari(c) for c in c34]
        t_peer = best(lambda: [checker.is_agari(c) for c in c34])
        line += (
            f"; mahjong Agari().is_agari {t_peer / len(c34) * 1e6:.2f} µs: {t_peer / t_win:.1f}x"
        )
    print(line)
    print(
        f"  on {len(ours):,} hands, this (abi3) build: is_win {t_win * 1e3:.2f} ms, "
        f"winning_tiles {t_ours * 1e3:.2f} ms"
    )


def batch() -> None:
    print(f"\nBatch kernels, {N_BATCH:,} rows (0-8 wildcards, 0-4 melds):")
    kernels = {
        "is_win_batch": (is_win_batch, near_complete(np.random.default_rng(SEED + 2), N_BATCH)),
        "winning_tiles_batch": (
            winning_tiles_batch,
            waiting(np.random.default_rng(SEED + 3), N_BATCH),
        ),
    }
    with ThreadPoolExecutor(max_workers=2) as pool:
        for name, (fn, (counts, wild, melds)) in kernels.items():
            one = best(functools.partial(fn, counts, wild, melds=melds), rounds=3)
            half = len(counts) // 2
            parts = [(counts[:half], wild[:half], melds[:half])]
            parts.append((counts[half:], wild[half:], melds[half:]))

            def both(fn: Callable[..., Any] = fn, parts: list[Any] = parts) -> None:
                for f in [pool.submit(fn, c, w, melds=m) for c, w, m in parts]:
                    f.result()

            two = best(both, rounds=3)
            print(
                f"  {name}: {len(counts) / one / 1e6:.1f} M hands/s on one thread; "
                f"two threads {one / two:.2f}x"
            )


def _riichienv_loop(riichienv: Any, n: int) -> None:
    from riichienv.agents import RandomAgent

    agents = [RandomAgent(seed=i) for i in range(4)]
    env = riichienv.RiichiEnv(skip_mjai_logging=True)  # one hand (一局) per reset
    for _ in range(n):
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: agents[pid].act(o) for pid, o in obs.items()})


def _game_loop(n: int) -> None:
    rng = random.Random(0)
    rules = kdd.Rules()
    for seed in range(n):
        game = kdd.Game(rules, seed=seed)
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, rng.choice(game.legal_actions(seat)))


def _peer_rate() -> float | None:
    riichienv = _peer("riichienv")
    if riichienv is None:
        return None
    return LOOP_HANDS / best(lambda: _riichienv_loop(riichienv, LOOP_HANDS), rounds=3)


def game(peer: float | None) -> None:
    print(f"\nA Python loop driving Game, random legal actions ({LOOP_HANDS} hands):")
    rate = LOOP_HANDS / best(lambda: _game_loop(LOOP_HANDS), rounds=3)
    line = f"  {rate:,.0f} hands/s"
    if peer is not None:
        line += f"; riichienv's RiichiEnv loop {peer:,.0f} hands/s: {rate / peer:.1f}x"
    print(line)


def selfplay(peer: float | None) -> None:
    print(f"\nSelf-play inside Rust: simulate, Taiyuan, {SELFPLAY_HANDS:,} hands a run:")
    rules = kdd.Rules.preset("taiyuan")
    for bots in ("random", "greedy"):
        run = functools.partial(kdd.simulate, bots=bots, rules=rules, seed=1)
        one = SELFPLAY_HANDS / best(functools.partial(run, SELFPLAY_HANDS), rounds=3)
        two = (2 * SELFPLAY_HANDS) / best(
            functools.partial(run, 2 * SELFPLAY_HANDS, threads=2), rounds=3
        )
        line = f"  {bots} bots: {one:,.0f} hands/s on one thread; two threads {two / one:.2f}x"
        if bots == "random" and peer is not None:
            line += f"; {one / peer:.0f}x riichienv's RiichiEnv loop ({peer:,.0f} hands/s)"
        print(line)


def main(parts: list[str]) -> None:
    known = ["calls", "batch", "game", "selfplay"]
    unknown = [p for p in parts if p not in known]
    if unknown:
        sys.exit(f"unknown part {unknown[0]!r}; the parts are {', '.join(known)}")
    parts = parts or known
    print(machine())
    if "calls" in parts:
        calls()
    if "batch" in parts:
        batch()
    peer = _peer_rate() if "game" in parts or "selfplay" in parts else None
    if "game" in parts:
        game(peer)
    if "selfplay" in parts:
        selfplay(peer)


if __name__ == "__main__":
    main(sys.argv[1:])
