"""The reference's fan table of profile ``sichuan`` (``tests/support/reference/sichuan_fans.py``)
against the lines of RULES-sichuan "Winning and fans", one hand per line: every pattern of
the table, 根, the +1s of a win's moment, the cap, 天胡/地胡 and 查大叫's best value; then
the engine's table (``score_win``) against it on random winning hands."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from koudiandian import Meld, Rules, score_win
from koudiandian.meld import MeldKind

from tests.support.reference.sichuan_fans import (
    PATTERNS,
    best_reading,
    readings,
    ready_fans,
    win_items,
)
from tests.support.walls import tiles

P, K, C = int(MeldKind.PONG), int(MeldKind.KONG), int(MeldKind.CONCEALED_KONG)


def _hand(text: str, melds: str = "") -> tuple[list[int], list[tuple[int, int]]]:
    """Concealed ``text`` (the winning tile included) and melds ``"P1m K5s C9p"``."""
    counts = [0] * 27
    for t in tiles(text):
        counts[t] += 1
    kinds = {"P": P, "K": K, "C": C}
    return counts, [(kinds[m[0]], tiles(m[1:])[0]) for m in melds.split()]


@pytest.mark.parametrize(
    ("concealed", "melds", "pattern", "fans", "roots"),
    [
        ("123m456m789p123s55s", "", "plain", 0, 0),
        ("111m222p55s", "P7s P9m", "all_pongs", 1, 0),
        ("123m456m789m11m234m", "", "one_suit", 2, 0),
        ("11m22m33p44p55s66s77s", "", "seven_pairs", 2, 0),
        ("55s", "P1m P3p K7s P9p", "golden_hook", 2, 1),
        ("123m789m99p", "P1s P9s", "terminals", 2, 0),
        ("111m333m55m", "P7m P9m", "one_suit_pongs", 3, 0),
        ("222m555p88s", "P2s P8m", "pure_pongs", 3, 0),
        ("1111m22m33p44p55s66s", "", "dragon_seven_pairs", 4, 0),
        ("11m22m33m44m55m66m99m", "", "one_suit_seven_pairs", 4, 0),
        ("99p", "P1p P3p P5p P7p", "one_suit_golden_hook", 4, 0),
        ("123m789m99m", "P1m P9m", "one_suit_terminals", 4, 1),
        ("88s", "P2m P5p P8p P2s", "pure_golden_hook", 4, 0),
        ("1111m2222m33m44m55m", "", "one_suit_dragon_seven_pairs", 5, 1),
        # the contract's scenario 5: a concealed kong of 3s gives 根, on a 平胡
        ("123m456m789m11s", "C3s", "plain", 0, 1),
        # two 根 without a kong: 111m + 1m of a run, 9p9p9p + 9p of a run
        ("111m123m999p789p55s", "", "plain", 0, 2),
        # 金钩钓 with a kong: the kong still is a 根
        ("22p", "K1m P3m P5s P9s", "golden_hook", 2, 1),
    ],
)
def test_each_line_of_the_table(
    concealed: str, melds: str, pattern: str, fans: int, roots: int
) -> None:
    counts, ms = _hand(concealed, melds)
    best, n = best_reading(counts, ms)
    assert (best.name, best.fans, n) == (pattern, fans, roots), f"{concealed} {melds}"


def test_the_reading_with_most_fans_counts() -> None:
    """111222333m: three triplets (清对 when the rest is pongs) or three runs; seven pairs
    against a standard reading of the same tiles."""
    counts, ms = _hand("111m222m333m99m", "P5m")
    assert best_reading(counts, ms)[0].name == "one_suit_pongs"
    counts, ms = _hand("112233m445566m99m")
    assert len(readings(counts, ms)) >= 2
    assert best_reading(counts, ms)[0].name == "one_suit_seven_pairs"
    # 带幺九 (123m 123m 789p 789p 99s) or 七对, 2 fans each: the table lists 七对 first
    counts, ms = _hand("112233m778899p99s")
    assert best_reading(counts, ms)[0].name == "seven_pairs"


def test_seven_pairs_need_no_meld_at_all() -> None:
    counts, ms = _hand("11m22m33p44p55s", "C7s")
    assert readings(counts, ms) == [] or all(not r.seven for r in readings(counts, ms))


def test_situational_fans_and_the_cap() -> None:
    """The +1s add to pattern and 根, in the items' order; the value is priced elsewhere."""
    counts, ms = _hand("123m456m789m11s", "C3s")  # 平胡 + 根
    fans, items = win_items(counts, ms, ["kong_bloom", "last_tile"], cap=3)
    assert fans == 3
    assert [i.name for i in items] == ["plain", "root", "kong_bloom", "last_tile"]
    assert [i.combine for i in items] == ["base", "add", "add", "add"]
    fans, items = win_items(counts, ms, ["self_draw"], cap=3, heaven="earth")
    assert fans == 3 and [(i.name, i.value) for i in items] == [("earth", 3)]
    counts, ms = _hand("1111m2222m33m44m55m")
    assert win_items(counts, ms, [], cap=3)[0] == 6  # 清龙七对 5 + one 根, before the cap


def test_ready_fans_best_over_the_winning_tiles() -> None:
    """查大叫: the best pattern + 根 over the winning tiles; a void tile held, or no
    winning tile but a fifth copy, gives none."""
    counts, ms = _hand("123m456m789m12s55s")  # waits 3s: 平胡
    assert ready_fans(counts, ms, void=1) == 0
    counts, ms = _hand("111m222m3m", "P5m P7m")  # waits 3m: 清对 3 fans
    assert ready_fans(counts, ms, void=1) == 3
    counts, ms = _hand("123m456m789m1s2p2s")  # holds 2p of its void suit
    assert ready_fans(counts, ms, void=1) is None
    counts, ms = _hand("5s", "P1m P2m P3m P5s")  # 5s: the fourth is held already
    assert ready_fans(counts, ms, void=1) is None
    counts, ms = _hand("111m23m567m99s", "P5s")  # 1m the fourth copy (根) or 4m
    assert ready_fans(counts, ms, void=1) == 1


def _random_win(rng: random.Random) -> tuple[list[int], list[tuple[int, int]]]:
    """A random winning hand, biased towards the table's patterns: its suits (one, two or
    three), its family (seven pairs; all triplets; only 2, 5, 8; 1s and 9s in every group),
    0–4 declared pongs and kongs. Never more than four copies of a kind."""
    while True:
        hand = _try_win(rng)
        if hand is not None:
            return hand


def _try_win(rng: random.Random) -> tuple[list[int], list[tuple[int, int]]] | None:
    """One try at :func:`_random_win`'s hand; ``None`` when the copies left do not fit."""
    suits = rng.sample(range(3), rng.choice((1, 1, 2, 2, 3)))
    family = rng.choice(("seven_pairs", "pongs", "258", "terminals", "any", "any"))
    kinds = [9 * s + r for s in suits for r in range(9)]
    if family == "258":
        kinds = [k for k in kinds if k % 9 in (1, 4, 7)]
    elif family == "terminals":
        kinds = [k for k in kinds if k % 9 in (0, 8)]
    left = [4] * 27
    counts = [0] * 27

    def take(group: Sequence[int], into: list[int] | None = None) -> bool:
        if any(left[k] < group.count(k) for k in set(group)):
            return False
        for k in group:
            left[k] -= 1
            if into is not None:
                into[k] += 1
        return True

    def groups(size: int, tiles: int, *, runs: bool) -> bool:
        """``tiles`` more concealed tiles in groups of ``size`` (a run where allowed)."""
        for _ in range(50):
            if tiles == 0:
                return True
            k = rng.choice(kinds)
            run = size == 3 and rng.random() < 0.5 and (runs or family == "any")
            low = k - 2 if k % 9 == 8 else k  # 789 through a 9
            if run and low % 9 > 6:
                run = False
            if take((low, low + 1, low + 2) if run else (k,) * size, counts):
                tiles -= size
        return tiles == 0

    if family == "seven_pairs":
        return (counts, []) if groups(2, 14, runs=False) else None
    melds: list[tuple[int, int]] = []
    for _ in range(rng.choice((0, 0, 1, 2, 3, 4))):
        k, kind = rng.choice(kinds), rng.choice((P, P, K, C))
        if take((k,) * (3 if kind == P else 4)):
            melds.append((kind, k))
    concealed = 14 - 3 * len(melds)
    if not groups(3, concealed - 2, runs=family == "terminals"):
        return None
    return (counts, melds) if groups(2, 2, runs=False) else None


def test_the_engine_scores_every_pattern_as_the_reference() -> None:
    """2,000 random winning hands: the engine's ``score_win`` (its fan table) gives the
    reference's items and fans, and every pattern of the table comes up."""
    rng = random.Random(38)
    rules = Rules.preset("sichuan")
    seen = set()
    for _ in range(2000):
        counts, melds = _random_win(rng)
        tiles_held = [k for k in range(27) for _ in range(counts[k])]
        score = score_win(
            tiles_held,
            tiles_held[0],
            self_draw=False,
            melds=[Meld(MeldKind(kind), t) for kind, t in melds],
            rules=rules,
        )
        fans, items = win_items(counts, melds, [], cap=3)
        assert (score.points, score.score_items) == (fans, items), (tiles_held, melds)
        seen.add(items[0].name)
    assert seen == set(PATTERNS), set(PATTERNS) - seen
