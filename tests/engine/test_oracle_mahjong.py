"""The package against an independent implementation: the PyPI ``mahjong`` package
(``mahjong.agari.Agari``, a riichi-mahjong agari checker), on hands without wildcards.

Differences between riichi agari and RULES §4, handled explicitly:

* seven pairs: riichi's 七対子 needs seven *different* pairs, while here four equal tiles
  count as two pairs (黄金/豪华七小对). A concealed hand whose counts are all even is seven
  pairs here; :func:`oracle_is_win` adds exactly that case.
* ``wind_runs`` (风嘴子) does not exist in riichi: the oracle is used without it, and with it
  only on hands that hold no honor tile (adding one honor tile then cannot complete a wind
  or dragon run, so the option cannot change the answer).
* no chow and no wildcards are involved; ``no_honors`` only narrows the kinds in play.

The slow reference of ``tests/support/reference/hands.py`` is checked against the same oracle
here too.
"""

from __future__ import annotations

import random

import koudiandian as kdd
import pytest
from mahjong.agari import Agari

from tests.support.reference.hands import (
    clear_caches,
    kinds_in_play,
    ref_is_win,
    ref_winning_tiles,
)
from tests.support.reference.positions import Case, HandGenerator

N_IS_WIN = 20_000
N_WINNING_TILES = 5_000
N_REFERENCE_WAITS = 1_500  # of those, how many are also run through the slow reference

MAX_REPORTED = 10


def oracle_is_win(counts: list[int], melds: int) -> bool:
    """RULES §4 (no wildcards, no wind_runs) by way of ``mahjong``'s agari check.

    ``Agari.is_agari`` takes the concealed 3n+2 tiles alone as valid for any number of
    declared melds (its documented use)."""
    if Agari.is_agari(counts):
        return True
    # A quad counts as two pairs of seven pairs here (mahjong needs seven different pairs).
    return melds == 0 and all(c % 2 == 0 for c in counts)


def oracle_winning_tiles(case: Case) -> list[int]:
    held = list(case.counts)
    for kind, size in case.meld_sizes:
        held[kind] += size
    out = []
    for x in kinds_in_play(case.no_honors):
        if held[x] >= 4:
            continue
        counts = list(case.counts)
        counts[x] += 1
        if oracle_is_win(counts, len(case.melds)):
            out.append(x)
    return out


def _cases(seed: int, n: int, *, waiting: bool) -> list[Case]:
    gen = HandGenerator(random.Random(seed))
    seen: set[tuple] = set()
    out: list[Case] = []
    while len(out) < n:
        no_honors = gen.rng.random() < 0.3
        case = gen.case(waiting=waiting, wind_runs=False, no_honors=no_honors, wildcard_kinds=())
        # wind_runs only where it cannot matter (no honor tile in hand).
        if not no_honors and not any(case.counts[27:]) and gen.rng.random() < 0.5:
            case.wind_runs = True
        if case.key() not in seen:
            seen.add(case.key())
            out.append(case)
    return out


def _reproducer(case: Case, func: str) -> str:
    melds = ", ".join(f"Meld.of({name!r}, {tile})" for name, tile in case.melds)
    return (
        f"koudiandian.{func}({sorted(case.tiles)}, melds=[{melds}], "
        f"rules=Rules(wind_runs={case.wind_runs}, no_honors={case.no_honors}))"
    )


def _fail(failures: list[str], checked: int, what: str) -> None:
    if failures:
        shown = "\n".join(failures[:MAX_REPORTED])
        pytest.fail(
            f"{len(failures)} of {checked} hands disagree with the mahjong oracle ({what}); "
            f"first {min(len(failures), MAX_REPORTED)}:\n{shown}",
            pytrace=False,
        )


def test_oracle_adjustment():
    """The seven-pairs difference is real, and handled."""
    counts = [0] * 34
    for k, c in ((27, 4), (28, 2), (29, 2), (30, 2), (31, 2), (32, 2)):
        counts[k] = c
    assert not Agari.is_agari(counts)  # 11112233445566z: riichi says no
    assert oracle_is_win(counts, 0)
    assert ref_is_win(counts, 0, 0)


def test_is_win_matches_mahjong():
    cases = _cases(31337, N_IS_WIN, waiting=False)
    failures = []
    reference_failures = []
    wins = quad_pairs = 0
    for case in cases:
        melds = len(case.melds)
        expected = oracle_is_win(case.counts, melds)
        wins += expected
        quad_pairs += expected and not Agari.is_agari(case.counts)
        got = kdd.is_win(
            case.tiles,
            melds=[kdd.Meld.of(name, tile) for name, tile in case.melds],
            rules=kdd.Rules(wind_runs=case.wind_runs, no_honors=case.no_honors),
        )
        if got is not expected:
            failures.append(
                f"expected {expected}, got {got!r}: {case.describe()}\n    "
                + _reproducer(case, "is_win")
            )
        ref = ref_is_win(case.counts, 0, melds, wind_runs=case.wind_runs, no_honors=case.no_honors)
        if ref != expected:
            reference_failures.append(f"reference says {ref}: {case.describe()}")
    clear_caches()
    assert not reference_failures, "\n".join(reference_failures[:MAX_REPORTED])
    _fail(failures, len(cases), "is_win")
    assert 0.2 * len(cases) < wins < 0.9 * len(cases), wins
    assert quad_pairs > 50, quad_pairs  # the seven-pairs-with-quads case is exercised


def test_winning_tiles_matches_mahjong():
    cases = _cases(4242, N_WINNING_TILES, waiting=True)
    failures = []
    reference_failures = []
    waiting = 0
    for i, case in enumerate(cases):
        expected = oracle_winning_tiles(case)
        waiting += bool(expected)
        got = [
            int(t)
            for t in kdd.winning_tiles(
                case.tiles,
                melds=[kdd.Meld.of(name, tile) for name, tile in case.melds],
                rules=kdd.Rules(wind_runs=case.wind_runs, no_honors=case.no_honors),
            )
        ]
        if got != expected:
            failures.append(
                f"expected {expected}, got {got}: {case.describe()}\n    "
                + _reproducer(case, "winning_tiles")
            )
        if i < N_REFERENCE_WAITS:
            ref = ref_winning_tiles(
                case.counts,
                0,
                len(case.melds),
                case.meld_sizes,
                wind_runs=case.wind_runs,
                no_honors=case.no_honors,
            )
            if ref != expected:
                reference_failures.append(
                    f"reference says {ref}, oracle {expected}: {case.describe()}"
                )
    clear_caches()
    assert not reference_failures, "\n".join(reference_failures[:MAX_REPORTED])
    _fail(failures, len(cases), "winning_tiles")
    assert 0.3 * len(cases) < waiting < 0.95 * len(cases), waiting
