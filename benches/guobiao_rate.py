"""guobiao self-play against Taiyuan (benches/README.md, issue 25): the Rust loop through
``_core.self_play``, one thread, four random or four greedy bots, best of five interleaved
runs of 3,000 hands after 100 that build the tables."""

from __future__ import annotations

import time

from koudiandian import Rules, _core

PROFILES = ("taiyuan", "guobiao")
BOTS = ("random", "greedy")


def once(name: str, bot: str, hands: int) -> float:
    """Hands per second of one run."""
    t = time.perf_counter()
    _core.self_play(Rules.preset(name), [bot] * 4, 1, 0, hands)
    return hands / (time.perf_counter() - t)


def main() -> None:
    for p in PROFILES:
        for b in BOTS:
            once(p, b, 100)
    best: dict[tuple[str, str], float] = {}
    for _ in range(5):
        for p in PROFILES:
            for b in BOTS:
                best[p, b] = max(best.get((p, b), 0.0), once(p, b, 3000))
    for b in BOTS:
        t, g = best["taiyuan", b], best["guobiao", b]
        print(f"{b}: taiyuan {t:,.0f} guobiao {g:,.0f} hands/s, ratio {t / g:.2f}")


if __name__ == "__main__":
    main()
