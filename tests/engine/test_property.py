"""Property tests: the package's fast evaluators against the slow reference of
``tests/support/reference/hands.py``.

Random positions (fixed seeds, so failures reproduce) biased towards complete or nearly
complete hands, with 0–8 wildcards of 0–2 random wildcard kinds, 0–4 declared melds, and
every allowed combination of ``wind_runs`` and ``no_honors``. Over the four tests more than
100,000 distinct hands are checked; each failure message shows the hand and a reproducer.
"""

from __future__ import annotations

import random

import koudiandian as kdd
import numpy as np
import pytest

from tests.support.reference.hands import (
    clear_caches,
    groups_containing,
    kinds_in_play,
    ref_is_win,
    ref_winning_tiles,
)
from tests.support.reference.positions import Case, HandGenerator

# Distinct hands checked by each test (their sum must stay >= 100,000).
N_IS_WIN = 12_000
N_WINNING_TILES = 6_000
N_IS_WIN_BATCH = 72_000
N_WINNING_TILES_BATCH = 12_000
BATCH_CHUNK = 1_000  # rows per batch call; options and wildcard kinds are fixed per chunk

MAX_REPORTED = 10


def _rules(wind_runs: bool, no_honors: bool) -> kdd.Rules:
    return kdd.Rules(wind_runs=wind_runs, no_honors=no_honors)


def _melds(case: Case) -> list[kdd.Meld]:
    return [kdd.Meld.of(name, tile) for name, tile in case.melds]


def _reproducer(case: Case, func: str) -> str:
    melds = ", ".join(f"Meld.of({name!r}, {tile})" for name, tile in case.melds)
    return (
        f"koudiandian.{func}({sorted(case.tiles)}, melds=[{melds}], "
        f"wildcards={list(case.wildcard_kinds)}, "
        f"rules=Rules(wind_runs={case.wind_runs}, no_honors={case.no_honors}))"
    )


def _fail(failures: list[str], checked: int, what: str) -> None:
    if failures:
        shown = "\n".join(failures[:MAX_REPORTED])
        pytest.fail(
            f"{len(failures)} of {checked} hands disagree with the reference ({what}); "
            f"first {min(len(failures), MAX_REPORTED)}:\n{shown}",
            pytrace=False,
        )


def _distinct_cases(
    gen: HandGenerator, n: int, *, waiting: bool, seen: set[tuple] | None = None, **fixed
) -> list[Case]:
    """``n`` random cases, distinct from each other and from the keys in ``seen`` (which is
    updated); ``fixed`` may pin wind_runs/no_honors/wildcard_kinds/n_melds."""
    if seen is None:
        seen = set()
    out: list[Case] = []
    misses = 0
    while len(out) < n:
        assert misses < 20 * n + 1000, "the generator keeps repeating hands"
        if "wind_runs" in fixed:
            wind_runs, no_honors = fixed["wind_runs"], fixed["no_honors"]
        else:
            wind_runs, no_honors = gen.options()
        if "wildcard_kinds" in fixed:
            wildcard_kinds = fixed["wildcard_kinds"]
        else:
            wildcard_kinds = gen.wildcard_kinds(no_honors)
        case = gen.case(
            waiting=waiting,
            wind_runs=wind_runs,
            no_honors=no_honors,
            wildcard_kinds=wildcard_kinds,
            n_melds=fixed.get("n_melds"),
        )
        key = case.key()
        if fixed.get("batch"):
            # A batch row is the natural counts, the wildcard count and the number of melds.
            key = (key[0], key[1], len(case.melds), case.wildcard_kinds, *key[4:])
        if key not in seen:
            seen.add(key)
            out.append(case)
        else:
            misses += 1
    return out


# ---------------------------------------------------------------------------------------------
# The reference checks itself: a few known hands, and the definition of a wildcard.
# ---------------------------------------------------------------------------------------------


def _counts(text: str) -> list[int]:
    """MPSZ text to 34 counts (the reference's own tiny parser, independent of the package)."""
    out = [0] * 34
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            base = {"m": 0, "p": 9, "s": 18, "z": 27}[ch]
            for d in digits:
                out[base + d - 1] += 1
            digits = []
    return out


@pytest.mark.parametrize(
    ("text", "wild", "melds", "wind_runs", "no_honors", "expected"),
    [
        ("123m456p789s11122z", 0, 0, False, False, True),
        ("123m456p789s11123z", 0, 0, False, False, False),
        ("123m456p789s11123z", 0, 0, True, False, True),  # 11z + 123z (东南西)
        ("123m456p789s11567z", 0, 0, True, False, True),  # 白发中
        ("123m456p789s11567z", 0, 0, False, False, False),
        ("11223344556677m", 0, 0, False, False, True),
        ("11112233445566m", 0, 0, False, False, True),  # quad as two pairs
        ("11112233445566z", 0, 0, False, False, True),
        ("19m19p19s1234567z", 1, 0, False, False, True),  # thirteen orphans with a wildcard
        ("19m19p19s123456z", 2, 0, False, False, True),
        ("1m", 1, 4, False, False, True),
        ("", 2, 4, False, False, True),
        ("12m", 0, 4, False, False, False),
        ("1111m", 1, 3, False, False, True),  # wildcard as a 5th 1m: 111m + 11m
        ("11122m", 0, 3, False, False, True),
        ("11223m", 0, 3, False, False, False),
        ("11234m", 0, 3, False, False, True),
        ("11112222333344z", 0, 0, True, False, True),  # 123z x4 + 44z, or seven pairs
        ("11112222333344z", 0, 0, False, False, True),  # seven pairs with three quads
        ("11112222333345z", 0, 0, False, False, False),
        ("1112223334445z", 1, 0, False, False, True),
    ],
)
def test_reference_known_hands(text, wild, melds, wind_runs, no_honors, expected):
    counts = _counts(text)
    got = ref_is_win(counts, wild, melds, wind_runs=wind_runs, no_honors=no_honors)
    assert got == expected, text


def test_reference_known_waits():
    assert ref_winning_tiles(_counts("1112345678999m"), 0, 0) == list(range(9))
    assert ref_winning_tiles(_counts("1m"), 0, 4) == [0]
    assert ref_winning_tiles(_counts("1m"), 0, 4, [(0, 3)]) == []  # would be the 5th 1m
    assert ref_winning_tiles(_counts("1m"), 0, 4, [(1, 4)]) == [0]
    # 13-way thirteen orphans wait.
    assert ref_winning_tiles(_counts("19m19p19s1234567z"), 0, 0) == [
        0,
        8,
        9,
        17,
        18,
        26,
        27,
        28,
        29,
        30,
        31,
        32,
        33,
    ]
    # One wildcard alone waits on everything in play but the wildcard kinds.
    assert ref_winning_tiles([0] * 34, 1, 4, wildcard_kinds=[5]) == [k for k in range(34) if k != 5]
    assert ref_winning_tiles([0] * 34, 1, 4, no_honors=True) == list(range(27))
    # 东南 + 11p with wind_runs waits on 西 and 北 only
    assert ref_winning_tiles(_counts("12z11p"), 0, 3, wind_runs=True) == [29, 30]
    assert ref_winning_tiles(_counts("12z11p"), 0, 3, wind_runs=False) == []


def test_reference_groups():
    assert groups_containing(0, False) == [(0, 0, 0), (0, 1, 2)]
    assert groups_containing(13, False) == [(13, 13, 13), (11, 12, 13), (12, 13, 14), (13, 14, 15)]
    assert groups_containing(26, True) == [(26, 26, 26), (24, 25, 26)]
    assert groups_containing(28, True) == [
        (28, 28, 28),
        (27, 28, 29),
        (27, 28, 30),
        (28, 29, 30),
    ]
    assert groups_containing(32, True) == [(32, 32, 32), (31, 32, 33)]
    assert groups_containing(32, False) == [(32, 32, 32)]


def test_reference_wildcard_is_any_tile():
    """The reference's wildcard handling against the definition (RULES §6): a hand with a
    wildcard wins iff replacing that wildcard by some kind in play (its own kind or a fifth
    copy included) wins."""
    gen = HandGenerator(random.Random(7))
    checked = 0
    while checked < 400:
        wind_runs, no_honors = gen.options()
        kinds = gen.wildcard_kinds(no_honors, n_kinds=gen.rng.choice((1, 2)))
        case = gen.case(
            waiting=False,
            wind_runs=wind_runs,
            no_honors=no_honors,
            wildcard_kinds=kinds,
            max_wild=3,
        )
        if case.wild == 0:
            continue
        m = len(case.melds)
        direct = ref_is_win(case.counts, case.wild, m, wind_runs=wind_runs, no_honors=no_honors)
        substituted = False
        for k in kinds_in_play(no_honors):
            counts = list(case.counts)
            counts[k] += 1
            if ref_is_win(counts, case.wild - 1, m, wind_runs=wind_runs, no_honors=no_honors):
                substituted = True
                break
        assert direct == substituted, case.describe()
        checked += 1


# ---------------------------------------------------------------------------------------------
# The package against the reference.
# ---------------------------------------------------------------------------------------------


def test_is_win_matches_reference():
    gen = HandGenerator(random.Random(20240601))
    cases = _distinct_cases(gen, N_IS_WIN, waiting=False)
    failures = []
    wins = 0
    for case in cases:
        expected = ref_is_win(
            case.counts,
            case.wild,
            len(case.melds),
            wind_runs=case.wind_runs,
            no_honors=case.no_honors,
        )
        wins += expected
        got = kdd.is_win(
            case.tiles,
            melds=_melds(case),
            wildcards=list(case.wildcard_kinds),
            rules=_rules(case.wind_runs, case.no_honors),
        )
        if got is not expected:
            failures.append(
                f"expected {expected}, got {got!r}: {case.describe()}\n    "
                + _reproducer(case, "is_win")
            )
    clear_caches()
    _fail(failures, len(cases), "is_win")
    # The generator must keep producing both answers in quantity.
    assert 0.25 * len(cases) < wins < 0.85 * len(cases), wins


def test_winning_tiles_matches_reference():
    gen = HandGenerator(random.Random(20240602))
    cases = _distinct_cases(gen, N_WINNING_TILES, waiting=True)
    failures = []
    waiting = 0
    for case in cases:
        expected = ref_winning_tiles(
            case.counts,
            case.wild,
            len(case.melds),
            case.meld_sizes,
            case.wildcard_kinds,
            wind_runs=case.wind_runs,
            no_honors=case.no_honors,
        )
        waiting += bool(expected)
        got = kdd.winning_tiles(
            case.tiles,
            melds=_melds(case),
            wildcards=list(case.wildcard_kinds),
            rules=_rules(case.wind_runs, case.no_honors),
        )
        got_ints = [int(t) for t in got]
        if got_ints != expected:
            missing = sorted(set(expected) - set(got_ints))
            extra = sorted(set(got_ints) - set(expected))
            failures.append(
                f"expected {expected}, got {got_ints} (missing {missing}, extra {extra}): "
                f"{case.describe()}\n    " + _reproducer(case, "winning_tiles")
            )
        assert all(isinstance(t, kdd.Tile) for t in got)
    clear_caches()
    _fail(failures, len(cases), "winning_tiles")
    assert 0.3 * len(cases) < waiting < 0.95 * len(cases), waiting


def _batch_chunks(seed: int, total: int, *, waiting: bool):
    """Chunks of distinct cases sharing options and wildcard kinds, with arrays for the
    batch API: yields (cases, counts, wild, melds_arg, rules, wildcards_arg)."""
    gen = HandGenerator(random.Random(seed))
    rng = gen.rng
    seen: set[tuple] = set()  # distinct over the whole test, not only within a chunk
    done = 0
    while done < total:
        n = min(BATCH_CHUNK, total - done)
        wind_runs, no_honors = gen.options()
        kinds = gen.wildcard_kinds(no_honors)
        fixed_melds = rng.choice((0, 1, 2)) if rng.random() < 0.2 else None
        cases = _distinct_cases(
            gen,
            n,
            waiting=waiting,
            seen=seen,
            batch=True,
            wind_runs=wind_runs,
            no_honors=no_honors,
            wildcard_kinds=kinds,
            n_melds=fixed_melds,
        )
        counts = np.array([c.counts for c in cases], dtype=np.uint8)
        wild = np.array([c.wild for c in cases], dtype=np.uint8)
        if fixed_melds is not None:
            melds_arg = fixed_melds
        else:
            melds_arg = np.array([len(c.melds) for c in cases], dtype=np.uint8)
        # The batch API takes the wildcard kinds only to leave them out of winning tiles;
        # without them, the wildcard kinds (count 0 in ``counts``) may appear in the answer.
        wildcards_arg = kinds if rng.random() < 0.5 else ()
        yield cases, counts, wild, melds_arg, _rules(wind_runs, no_honors), wildcards_arg
        done += n


def test_is_win_batch_matches_reference():
    failures = []
    checked = 0
    for cases, counts, wild, melds_arg, rules, _ in _batch_chunks(
        20240603, N_IS_WIN_BATCH, waiting=False
    ):
        got = kdd.is_win_batch(counts, wild, melds=melds_arg, rules=rules)
        assert isinstance(got, np.ndarray) and got.dtype == np.bool_ and got.shape == (len(cases),)
        for i, case in enumerate(cases):
            expected = ref_is_win(
                case.counts,
                case.wild,
                len(case.melds),
                wind_runs=case.wind_runs,
                no_honors=case.no_honors,
            )
            if bool(got[i]) != expected:
                failures.append(
                    f"row {i}: expected {expected}, got {bool(got[i])}: counts={case.counts} "
                    f"wild={case.wild} melds={len(case.melds)} {rules!r}\n    " + case.describe()
                )
        checked += len(cases)
        clear_caches()
    assert checked == N_IS_WIN_BATCH
    _fail(failures, checked, "is_win_batch")


def test_winning_tiles_batch_matches_reference():
    failures = []
    checked = 0
    for cases, counts, wild, melds_arg, rules, wildcards_arg in _batch_chunks(
        20240604, N_WINNING_TILES_BATCH, waiting=True
    ):
        got = kdd.winning_tiles_batch(
            counts, wild, melds=melds_arg, wildcards=list(wildcards_arg), rules=rules
        )
        assert isinstance(got, np.ndarray) and got.dtype == np.bool_
        assert got.shape == (len(cases), 34)
        for i, case in enumerate(cases):
            # The batch API sees no meld kinds: only the concealed counts decide "holds four".
            expected = ref_winning_tiles(
                case.counts,
                case.wild,
                len(case.melds),
                (),
                wildcards_arg,
                wind_runs=case.wind_runs,
                no_honors=case.no_honors,
            )
            got_row = [k for k in range(34) if got[i, k]]
            if got_row != expected:
                failures.append(
                    f"row {i}: expected {expected}, got {got_row}: counts={case.counts} "
                    f"wild={case.wild} melds={len(case.melds)} wildcards={list(wildcards_arg)} "
                    f"{rules!r}\n    " + case.describe()
                )
        checked += len(cases)
        clear_caches()
    assert checked == N_WINNING_TILES_BATCH
    _fail(failures, checked, "winning_tiles_batch")


def test_total_hands_budget():
    assert N_IS_WIN + N_WINNING_TILES + N_IS_WIN_BATCH + N_WINNING_TILES_BATCH >= 100_000
