"""The guobiao fan calculator from Python beside PyMahjongGB 1.4.0's ``MahjongFanCalculator``
(the contract's reference): µs per call on the same 20,000 seeded won hands of every shape
(``tests/profiles/guobiao/hands.py``), arguments built beforehand and
passed by position to both. Run from the repository
root: ``python benches/guobiao_fans.py`` (needs the package installed and PyMahjongGB)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from koudiandian import _core  # noqa: E402
from MahjongGB import MahjongFanCalculator  # noqa: E402

from tests.profiles.guobiao.hands import CHOW, PONG, won_hands  # noqa: E402
from tests.profiles.guobiao.test_guobiao_fans import CODES  # noqa: E402

N = 20_000


def main() -> None:
    hands = won_hands(seed=1, n=N)
    ours = [(h.tiles, h.melds, h.offers, h.win_tile, *h.kwargs().values()) for h in hands]
    theirs = []
    for h in hands:
        packs = tuple(
            ("CHI", CODES[t + 1], o)
            if k == CHOW
            else ("PENG" if k == PONG else "GANG", CODES[t], o)
            for (k, t), o in zip(h.melds, h.offers)
        )
        theirs.append(
            (
                packs,
                tuple(CODES[t] for t in h.tiles),
                CODES[h.win_tile],
                h.flowers,
                h.self_drawn,
                h.last_copy,
                h.kong,
                h.wall_last,
                h.seat_wind,
                h.prevalent_wind,
            )
        )
    for name, run in (
        (
            "koudiandian _core.guobiao_fans",
            lambda: [_core.guobiao_fans(*a) for a in ours],
        ),
        ("PyMahjongGB MahjongFanCalculator", lambda: [MahjongFanCalculator(*a) for a in theirs]),
    ):
        best = min(_timed(run) for _ in range(3))
        print(f"{name:<34} {best / N * 1e6:6.2f} µs per call")


def _timed(run: object) -> float:
    start = time.perf_counter()
    run()  # type: ignore[operator]
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
