"""The hand functions with ``rules=Rules.preset("changsha")``: examples of ``is_win``,
``winning_tiles``, ``shanten`` and ``score_win`` (its 大胡 as items, kong bloom, no taiyuan
patterns), and the three against the brute force of ``tests/support/reference/changsha_hands.py``
on random hands near a winning form; melded copies count for ``shanten``."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from koudiandian import is_win, score_win, shanten, winning_tiles

from tests.support.changsha_scenario import R, t, ts
from tests.support.reference.changsha_hands import is_win as ref_is_win
from tests.support.reference.changsha_hands import shanten as ref_shanten
from tests.support.reference.changsha_hands import winning_tiles as ref_winning_tiles

# -- the hand functions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "wins"),
    [
        ("123m 456m 789p 234s 55s", [], True),  # 小胡
        ("123m 456m 789p 234s 99s", [], False),  # no 2-5-8 pair, no 大胡
        ("111m 444p 777s 999s 33m", [], True),  # 碰碰胡, any pair
        ("22558m 22588p 2588s", [], True),  # 将将胡 without a shape
        ("123456789m 11234m", [], True),  # 清一色, any pair
        ("1133m 7799p 1133s 55m", [], True),  # 七小对
        ("1111m 3399p 1133s 55m", [], True),  # 七小对, four of a kind as two pairs
        ("111m 99p", [(0, t("7p")), (0, t("1s")), (0, t("3s"))], True),  # 碰碰胡, pair 9p
        ("111m 99p", [(4, t("7p")), (0, t("1s")), (0, t("3s"))], False),  # a chow: no 碰碰胡
        ("222m 55p", [(0, t("8m")), (1, t("2s")), (0, t("5s"))], True),  # 将将胡, pongs, kong
        ("222m 55p", [(4, t("1m")), (0, t("2s")), (0, t("5s"))], True),  # 小胡, pair 5p
        ("111m 66p", [(4, t("1m")), (0, t("2s")), (0, t("5s"))], False),  # pair 6p, a chow
    ],
)
def test_is_win_examples(hand: str, melds: list[tuple[int, int]], wins: bool) -> None:
    assert is_win(ts(hand), melds=melds, rules=R) is wins
    counts = Counter(ts(hand))
    assert ref_is_win([counts[k] for k in range(34)], melds) is wins


def test_winning_tiles_and_shanten_examples() -> None:
    assert [int(x) for x in winning_tiles(ts("123m 456m 789p 234s 5s"), rules=R)] == ts("2s 5s")
    assert winning_tiles(ts("123m 456m 789p 234s 9s"), rules=R) == []
    # 将将胡: any 2-5-8 completes a hand of 2-5-8 tiles, with or without a shape
    assert [int(x) for x in winning_tiles(ts("22558m 2258p 2588s"), rules=R)] == ts(
        "258m 258p 258s"
    )
    # all four 8p held (a kong): 8p is no winning tile though the shape would take it
    assert winning_tiles(ts("55p 79p 567s"), melds=[(4, t("1m")), (1, t("8p"))], rules=R) == []
    assert shanten(ts("123m 456m 789p 234s 55s"), rules=R) == -1
    assert shanten(ts("123m 456m 789p 234s 5s"), rules=R) == 0
    assert shanten(ts("123m 456m 789p 234s 9s"), rules=R) == 1  # a 2-5-8 pair is still needed


def test_score_win_items() -> None:
    """The 大胡 as items (the first the base, the others added), ``points`` their count;
    a 小胡 is one ``small_win`` item and 0 points."""
    s = score_win(ts("111m 444p 777s 999s 33m"), "9s", self_draw=True, rules=R, last_tile=True)
    assert [(i.name, i.combine) for i in s.score_items] == [
        ("all_pongs", "base"),
        ("last_tile", "add"),
    ]
    assert s.points == 2 and s.factor == 1
    s = score_win(ts("123m 456m 789p 234s 55s"), "5s", self_draw=False, rules=R)
    assert [i.name for i in s.score_items] == ["small_win"] and s.points == 0
    s = score_win(ts("1133m 7799p 1133s 55m"), "5m", self_draw=False, robbed_kong=True, rules=R)
    assert [i.name for i in s.score_items] == ["seven_pairs", "robbed_kong"]
    s = score_win(ts("22558m 22588p 2588s"), "8p", self_draw=True, rules=R)
    assert [i.name for i in s.score_items] == ["all_258"]


def test_score_win_kong_replacement_is_kong_bloom() -> None:
    s = score_win(ts("123456789m 11234m"), "2m", self_draw=True, kong_replacement=True, rules=R)
    assert [i.name for i in s.score_items] == ["all_one_suit", "kong_bloom"]


def test_result_patterns_are_not_taiyuan() -> None:
    """changsha has no taiyuan patterns: its 大胡 are score items."""
    s = score_win(ts("22558m 22588p 2588s"), "8p", self_draw=True, rules=R)
    assert s.patterns == ()


def _random_hand(rng: random.Random) -> tuple[list[int], list[tuple[int, int]]]:
    """A 14-tile hand (melds counted as 3), built to be near a winning form: random melds,
    then groups and a pair (or seven pairs, or 2-5-8 tiles), then a few random swaps."""
    left = [4] * 27
    melds: list[tuple[int, int]] = []

    def take(kinds: list[int]) -> bool:
        need = Counter(kinds)
        if any(left[k] < n for k, n in need.items()):
            return False
        for k, n in need.items():
            left[k] -= n
        return True

    style = rng.choice(["standard", "standard", "pongs", "suit", "pairs", "258", "random"])
    suit = rng.randrange(3)
    kinds_of = {
        "suit": list(range(9 * suit, 9 * suit + 9)),
        "258": [k for k in range(27) if k % 9 in (1, 4, 7)],
    }.get(style, list(range(27)))
    n_melds = 0 if style == "pairs" else rng.choice([0, 0, 1, 2, 3])
    while len(melds) < n_melds:
        k = rng.choice(kinds_of)
        kind = rng.choice([0, 0, 1, 3, 4]) if style not in ("pongs", "258") else rng.choice([0, 1])
        if kind == 4:
            if k % 9 > 6 or not take([k, k + 1, k + 2]):
                continue
        elif not take([k] * (4 if kind in (1, 3) else 3)):
            continue
        melds.append((kind, k))
    hand: list[int] = []
    size = 14 - 3 * len(melds)
    if style == "random":
        pool = [k for k in range(27) for _ in range(left[k])]
        hand = rng.sample(pool, size)
    elif style in ("pairs", "258"):
        while len(hand) < size:
            k = rng.choice(kinds_of)
            n = 2 if style == "pairs" else 1
            if len(hand) + n <= size and take([k] * n):
                hand += [k] * n
    else:
        while len(hand) < size - 2:
            k = rng.choice(kinds_of)
            run = style != "pongs" and k % 9 <= 6 and rng.random() < 0.6
            group = [k, k + 1, k + 2] if run else [k] * 3
            if take(group):
                hand += group
        while len(hand) < size:
            k = rng.choice(kinds_of)
            if take([k, k]):
                hand += [k, k]
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        i = rng.randrange(len(hand))
        k = rng.randrange(27)
        if left[k]:
            left[hand[i]] += 1
            left[k] -= 1
            hand[i] = k
    return hand, melds


def test_hand_functions_against_the_brute_force() -> None:
    """``is_win``, ``winning_tiles`` and ``shanten`` with the changsha rules against the brute
    force of the reference, on 600 random hands near the winning forms (14 tiles, then 13)."""
    rng = random.Random(20261201)
    wins = 0
    for n in range(600):
        hand, melds = _random_hand(rng)
        c = Counter(hand)
        counts = [c[k] for k in range(34)]
        label = f"hand {n}: {sorted(hand)} melds {melds}"
        win = ref_is_win(counts, melds)
        wins += win
        assert is_win(hand, melds=melds, rules=R) is win, label
        assert shanten(hand, melds=melds, rules=R) == ref_shanten(counts, melds, caps=FOUR), label
        out = hand.pop(rng.randrange(len(hand)))
        counts[out] -= 1
        assert [int(x) for x in winning_tiles(hand, melds=melds, rules=R)] == list(
            ref_winning_tiles(counts, melds)
        ), label
        assert shanten(hand, melds=melds, rules=R) == ref_shanten(counts, melds, caps=FOUR), label
    assert wins > 150


#: The engine's shanten lets a target hold four of a kind concealed whatever its melds hold
#: ("it counts tiles"): the reference's shanten with these caps. The strict shanten (five of
#: a kind is no hand) differs on a few hands: ``test_shanten_counts_meld_copies``.
FOUR = [4] * 27


@pytest.mark.xfail(
    strict=True,
    reason="engine: shanten aims at targets holding a fifth copy (the pair 22m beside a pong "
    "of 2m): 1, but no real hand is one exchange from ready here (2)",
)
def test_shanten_counts_meld_copies() -> None:
    """2m 4p 9p 3s 44s 55s with a pong of 2m and a chow 567p: the pair 22m would need a fifth
    2m; the fewest exchanges to a real winning hand are three (shanten 2)."""
    hand = ts("2m 4p 9p 3s 44s 55s")
    melds = [(0, t("2m")), (4, t("5p"))]
    c = Counter(hand)
    assert ref_shanten([c[k] for k in range(34)], melds) == 2
    assert shanten(hand, melds=melds, rules=R) == 2
