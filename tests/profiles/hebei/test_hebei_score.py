"""Scoring a win under the ``hebei`` profile (RULES-hebei "Scoring", docs/rules.md "hebei:
scoring decisions") through ``score_win(..., rules=Rules.preset("hebei"))``.

A win's factor is 1 × every factor of the table on the best reading; the items list the
base (底 1) and then each factor in table order. Every expectation below was worked out by
hand; the property test at the end compares random hands with the brute-force reference
``tests/support/reference/hebei_score.py``.

Most hands below hold a pong of 东 and a chow of 789s, so that 门清 and 缺门 stay out of
the way, and win on 4m at the end of 234m, a two-sided wait, unless a factor asks for more.
"""

from __future__ import annotations

import dataclasses
import math
import random

import koudiandian as kd
import pytest
from koudiandian import Meld, Rules, Shape
from koudiandian.result import ScoreItem

from tests.support.reference.hebei_score import HebeiHand, best_scores, random_winning_hand

H = Rules.preset("hebei")
H_NO_HUN = Rules(profile="hebei", hun=False)
P = (Meld.pong("1z"), Meld.chow("7s"))  # a pong of 东 and a chow of 789s


def score(tiles, win, *, melds=P, hun=(), rules=H, **kw) -> kd.WinScore:
    ws = kd.score_win(tiles, win, melds=melds, wildcards=hun, rules=rules, **kw)
    assert ws.score_items[0] == ScoreItem("base", "底", 1, "base")
    assert all(i.combine == "multiply" for i in ws.score_items[1:])
    assert ws.factor == math.prod(i.value for i in ws.score_items)
    return ws


def names(tiles, win, *, self_draw=False, **kw) -> list[str]:
    """The items after the base, by name."""
    ws = score(tiles, win, self_draw=self_draw, **kw)
    return [i.name for i in ws.score_items[1:]]


# ---------------------------------------------------------------------------------------
# one factor at a time
# ---------------------------------------------------------------------------------------

ALONE = [
    # (concealed tiles without the winning one, winning tile, keyword arguments, items)
    ("567p22s23m", "4m", {}, ["no_hun"]),
    ("567p22s678s345s23m", "4m", {"melds": ()}, ["concealed", "no_hun"]),
    ("567m55z888m23m", "4m", {"melds": [Meld.pong("1z")]}, ["missing_suit", "no_hun"]),
    ("567p22s12m", "3m", {}, ["edge", "no_hun"]),
    ("567p22s89m", "7m", {}, ["edge", "no_hun"]),
    ("567p22s24m", "3m", {}, ["closed", "no_hun"]),
    # 捉五魁 ×4, and not 卡 as well; 46p won on 5p is only 卡.
    ("567p22s46m", "5m", {}, ["five_in_the_middle", "no_hun"]),
    ("567m22s46p", "5p", {}, ["closed", "no_hun"]),
    ("234m567p2s", "2s", {}, ["single", "no_hun"]),
    (
        "567p22s23m",
        "4m",
        {"self_draw": True, "kong_replacement": True},
        ["kong_bloom", "no_hun"],
    ),
    ("567p22s23m", "4m", {"self_draw": True, "last_tile": True}, ["last_tile", "no_hun"]),
    # 杠上开花 and 海底捞月 only on a self-draw.
    ("567p22s23m", "4m", {"kong_replacement": True, "last_tile": True}, ["no_hun"]),
    ("567p22s23m", "4m", {"dealer": True}, ["no_hun", "dealer"]),
    ("567p22s23m", "4m", {"flowers": 1}, ["no_hun", "flowers"]),
    (
        "567p22s12m",
        "3m",
        {"melds": [Meld.pong("3m"), Meld.pong("1z")]},
        ["edge", "no_hun", "four_in_one"],
    ),
]


@pytest.mark.parametrize(("tiles", "win", "kw", "expected"), ALONE)
def test_each_factor_alone(tiles, win, kw, expected):
    assert names(tiles, win, **kw) == expected


@pytest.mark.parametrize("n", range(9))
def test_flowers_double_each(n):
    ws = score("567p22s23m", "4m", self_draw=False, flowers=n)
    flowers = [i.value for i in ws.score_items if i.name == "flowers"]
    assert flowers == ([2**n] if n else [])
    assert ws.factor == 2 * 2**n  # 素和 × the flowers
    assert ws.score_items[-1].chinese == "花" or n == 0


def test_dealer_and_flowers_together():
    ws = score("567p22s23m", "4m", self_draw=True, dealer=True, flowers=3)
    assert [(i.name, i.chinese, i.value) for i in ws.score_items[1:]] == [
        ("no_hun", "素和", 2),
        ("dealer", "庄", 2),
        ("flowers", "花", 8),
    ]
    assert ws.factor == 32


# ---------------------------------------------------------------------------------------
# shapes and combinations
# ---------------------------------------------------------------------------------------


def test_one_suit_straight_concealed_single_and_four_in_one():
    # 123 456 789 111 99m: 清一色 一条龙 门清 缺门 (two suits missing: once) 吊 素和 四归一 (1m).
    ws = score("123456789m111m9m", "9m", self_draw=False, melds=())
    assert [i.name for i in ws.score_items[1:]] == [
        "all_one_suit",
        "straight",
        "concealed",
        "missing_suit",
        "single",
        "no_hun",
        "four_in_one",
    ]
    assert ws.factor == 2**7
    assert ws.shape is Shape.STANDARD


def test_two_four_in_one():
    # 1m four times (111m 123m) and 9p four times (789p 999p): two items.
    assert names("111123m789999p5s", "5s", melds=()) == [
        "concealed",
        "single",
        "no_hun",
        "four_in_one",
        "four_in_one",
    ]


def test_a_kong_is_no_four_in_one_and_ends_concealed():
    assert names("567p22s12m", "3m", melds=[Meld.concealed_kong("9m"), Meld.pong("1z")]) == [
        "edge",
        "no_hun",
    ]
    assert names("567p22s678s23m", "4m", melds=[Meld.concealed_kong("1z")]) == ["no_hun"]


def test_straight_with_a_chow():
    assert names("45678m11p", "9m", melds=[Meld.chow("1m"), Meld.pong("5z")]) == [
        "straight",
        "missing_suit",
        "no_hun",
    ]


@pytest.mark.parametrize(
    ("tiles", "win", "form", "factor"),
    [
        # the winning tile completes a pair, but a seven-pairs hand earns no 吊
        ("1122m3344p5566s7z", "7z", "seven_pairs", 2 * 2 * 2),
        ("1122m3344p5555s1z", "1z", "luxury_seven_pairs", 4 * 2 * 2),
        ("1111m3333p55s11z2z", "2z", "super_luxury_seven_pairs", 8 * 2 * 2),
        ("11112222m5555s1z", "1z", "supreme_luxury_seven_pairs", 16 * 2 * 2 * 2),
    ],
)
def test_seven_pairs_take_only_their_highest_form(tiles, win, form, factor):
    ws = score(tiles, win, self_draw=False, melds=())
    got = [i.name for i in ws.score_items[1:]]
    assert got[0] == form
    assert [n for n in got if "seven_pairs" in n] == [form]
    assert "single" not in got
    assert ws.shape is Shape.SEVEN_PAIRS
    assert ws.factor == factor


def test_luxury_seven_pairs_beats_the_standard_reading():
    # 11 123 123 456 456m reads as standard too (factor 32 with two 四归一); 豪华七对 is 64.
    ws = score("1111223344556m", "6m", self_draw=False, melds=())
    assert ws.shape is Shape.SEVEN_PAIRS
    assert [i.name for i in ws.score_items[1:]] == [
        "luxury_seven_pairs",
        "all_one_suit",
        "concealed",
        "missing_suit",
        "no_hun",
    ]
    assert ws.factor == 64


def test_thirteen_orphans_with_dealer_and_flowers():
    ws = score("19m19p19s1234567z", "7z", self_draw=True, melds=(), dealer=True, flowers=2)
    assert [i.name for i in ws.score_items[1:]] == [
        "thirteen_orphans",
        "concealed",
        "no_hun",
        "dealer",
        "flowers",
    ]
    assert ws.factor == 10 * 2 * 2 * 2 * 4
    assert ws.shape is Shape.THIRTEEN_ORPHANS


def test_all_honors_has_no_missing_suit():
    assert names("11122233366z55z", "5z", melds=()) == ["all_honors", "concealed", "no_hun"]


def test_everything_at_once():
    # 清一色 七对 won on the wall's last tile, a kong replacement, by the dealer with 8 flowers.
    ws = score(
        "1122334455779s",
        "9s",
        self_draw=True,
        melds=(),
        kong_replacement=True,
        last_tile=True,
        dealer=True,
        flowers=8,
    )
    assert ws.factor == 2 * 2 * 2 * 2 * 2 * 2 * 2 * 2 * 256


# ---------------------------------------------------------------------------------------
# the 混
# ---------------------------------------------------------------------------------------


def test_hun_as_the_pair_and_hun_single():
    # 2s with the 混 (9p) as the pair: 吊 on a discard; on a self-draw a lone 混 waited: 混吊.
    assert names("234m567p9p", "2s", hun="9p") == ["single"]
    assert names("234m567p9p", "2s", hun="9p", self_draw=True) == ["single", "hun_single"]
    # Drawing a 混 to a lone 混 is 混吊 too.
    assert names("234m567p9p", "9p", hun="9p", self_draw=True) == ["single", "hun_single"]
    # A 混 standing for 2s with a natural 2s, self-drawn: a plain 吊 on 2s.
    assert names("234m567p2s", "9p", hun="9p", self_draw=True) == ["single"]


def test_hun_in_a_run():
    # 1m 混 3m read as 123m, won on 3m: 边 (the hand lacks 筒: 缺门).
    got = names("1m9p567s22s678s", "3m", hun="9p", melds=[Meld.pong("1z")])
    assert got == ["missing_suit", "edge"]
    # A self-drawn 混 standing for 5m between 4m and 6m: 捉五魁.
    assert names("46m567p33z", "9p", hun="9p", self_draw=True) == ["five_in_the_middle"]


def test_hun_in_a_pong():
    # 55z with the 混 make 555z; 22s is the pair won on 2s.
    assert names("234m567p55z9p2s", "2s", hun="9p", melds=[Meld.pong("1z")]) == ["single"]
    # Three 混 alone make any meld; the best reading counts 缺门 (no 筒) and 吊 or 卡.
    ws = score("234m9p9p9p2s", "2s", self_draw=False, hun="9p")
    assert ws.factor == 4
    assert "missing_suit" in [i.name for i in ws.score_items]


def test_hun_fills_seven_pairs_and_thirteen_orphans():
    # Two 混 pair up as 1m: a quad of 1m, 豪华七对.
    ws = score("1122m3344p55s66z1z", "1z", self_draw=True, melds=(), hun="1z")
    assert ws.shape is Shape.SEVEN_PAIRS
    assert ws.score_items[1].name == "luxury_seven_pairs"
    ws = score("19m19p19s123456z5z", "5z", self_draw=True, melds=(), hun="5z")
    assert ws.shape is Shape.THIRTEEN_ORPHANS
    assert [i.name for i in ws.score_items[1:]] == ["thirteen_orphans", "concealed"]


def test_no_hun_needs_a_hand_without_hun_and_the_option():
    assert names("567p22s23m", "4m") == ["no_hun"]
    assert names("567p2s9p23m", "4m", hun="9p") == []  # the 混 stands for 2s
    assert names("567p22s23m", "4m", rules=H_NO_HUN) == []
    assert score("567p22s23m", "4m", self_draw=False, rules=H_NO_HUN).factor == 1


# ---------------------------------------------------------------------------------------
# arguments
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [9, -1, 100, "x", 2.5])
def test_flowers_out_of_range(bad):
    with pytest.raises(kd.InvalidArgumentError, match=f"invalid flowers {bad!r}"):
        kd.score_win("567p22s23m", "4m", self_draw=False, melds=P, rules=H, flowers=bad)


def test_other_profiles_ignore_flowers_and_dealer():
    plain = kd.score_win("123m456p789s1122z", "2z", self_draw=True)
    assert kd.score_win("123m456p789s1122z", "2z", self_draw=True, flowers=8, dealer=True) == plain


def test_a_hand_that_does_not_win():
    with pytest.raises(kd.NotWinningError):
        kd.score_win("567p22s13m", "5m", self_draw=False, melds=P, rules=H)


# ---------------------------------------------------------------------------------------
# against the reference
# ---------------------------------------------------------------------------------------


def _rust(hand: HebeiHand) -> tuple[int, tuple[str, tuple[ScoreItem, ...]]] | None:
    try:
        ws = kd.score_win(
            list(hand.tiles),
            hand.win_tile,
            self_draw=hand.self_draw,
            melds=[Meld.of(k, t) for k, t in hand.melds],
            wildcards=[] if hand.hun is None else [hand.hun],
            rules=H if hand.hun_on else H_NO_HUN,
            kong_replacement=hand.replacement,
            last_tile=hand.last_tile,
            flowers=hand.flowers,
            dealer=hand.dealer,
        )
    except kd.NotWinningError:
        return None
    return ws.factor, (ws.shape.name.lower(), ws.score_items)


def _spoil(hand: HebeiHand, rng: random.Random) -> HebeiHand:
    """The hand with one concealed tile (not the winning one) changed, copies kept ≤ 4."""
    tiles = list(hand.tiles)
    i = rng.choice([i for i, t in enumerate(tiles) if t != hand.win_tile] or [0])
    held = tiles + [k for kind, t in hand.melds for k in _meld_tiles(kind, t)]
    choices = [k for k in range(34) if held.count(k) < 4 and k != tiles[i]]
    tiles[i] = rng.choice(choices)
    return dataclasses.replace(hand, tiles=tuple(sorted(tiles)))


def _meld_tiles(kind: str, t: int) -> list[int]:
    return [t, t + 1, t + 2] if kind == "chow" else [t] * (3 if kind == "pong" else 4)


def test_random_hands_against_the_reference():
    rng = random.Random(20261201)
    compared = spoiled = 0
    while compared < 2000:
        hand = random_winning_hand(rng)
        if hand is None:
            continue
        if hand.hun is None and rng.random() < 0.5:
            hand = dataclasses.replace(hand, hun_on=False)
        if rng.random() < 0.1:
            hand = _spoil(hand, rng)
            spoiled += 1
        top, best = best_scores(hand)
        got = _rust(hand)
        if top == 0:
            assert got is None, hand
        else:
            assert got is not None, hand
            factor, key = got
            assert factor == top, (hand, key, best)
            assert key in best, (hand, key, best)
        compared += 1
    assert spoiled > 100
