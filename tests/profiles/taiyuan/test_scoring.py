"""Scoring a win (RULES §4 thresholds, §5.1 patterns, §6 max-point rule): score_win.

Every expected value here was worked out by hand from RULES.md, one hand per line:
``payment = p × factor`` (×2 on a self-draw), factor = product of the patterns' factors
with ``bonus_patterns``, 1 without.
"""

from __future__ import annotations

import koudiandian as kd
import pytest
from koudiandian import Meld, Pattern, Rules, Shape

BP = Rules(bonus_patterns=True)
D56 = Rules(draw5_win6=True)

ONE, STR, SP, GOLD, LUX, LUXG, TO, PLAIN = (
    Pattern.ALL_ONE_SUIT,
    Pattern.STRAIGHT,
    Pattern.SEVEN_PAIRS,
    Pattern.GOLDEN_SEVEN_PAIRS,
    Pattern.LUXURY_SEVEN_PAIRS,
    Pattern.LUXURY_GOLDEN_SEVEN_PAIRS,
    Pattern.THIRTEEN_ORPHANS,
    Pattern.PLAIN,
)
STD, SEVEN, ORPHANS = Shape.STANDARD, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS

# ---------------------------------------------------------------------------------------
# Pattern factors with bonus_patterns (§5.1):
# (tiles, win tile, melds, p, factor, patterns, shape)
# ---------------------------------------------------------------------------------------
PATTERNS = [
    pytest.param("11122233345699m", "9m", (), 9, 2, {ONE}, STD, id="清一色-11122233345699m"),
    pytest.param("123456789m234p55s", "9m", (), 9, 2, {STR}, STD, id="一条龙-123456789m234p55s"),
    pytest.param(
        "1133m5577p99s1122z", "2z", (), 10, 2, {SP}, SEVEN, id="七小对-1133m5577p99s1122z"
    ),
    pytest.param(
        "1111m3355p7799s11z", "1z", (), 10, 4, {GOLD}, SEVEN, id="黄金七小对-1111m3355p7799s11z"
    ),
    pytest.param(
        "1111m3333p5577s11z", "1z", (), 10, 8, {LUX}, SEVEN, id="豪华七小对-1111m3333p5577s11z"
    ),
    pytest.param(
        "1111m3333p5555s11z", "1z", (), 10, 16, {LUXG}, SEVEN, id="豪华黄金-1111m3333p5555s11z"
    ),
    pytest.param(
        "119m19p19s1234567z", "7z", (), 10, 1, {TO}, ORPHANS, id="十三幺-119m19p19s1234567z"
    ),
    pytest.param(
        "123m456p789s111z22z", "2z", (), 10, 1, {PLAIN}, STD, id="平胡-123m456p789s111z22z"
    ),
    pytest.param(
        "111222333456m11z", "1z", (), 10, 1, {PLAIN}, STD, id="one-suit-with-honors-not-清一色"
    ),
    pytest.param(
        "111234567789m99p", "9p", (), 9, 1, {PLAIN}, STD, id="1-9m-not-as-123-456-789-no-一条龙"
    ),
    # combinations multiply; of the seven-pairs family only the highest applies
    pytest.param(
        "11224455778899p", "9p", (), 9, 4, {ONE, SP}, SEVEN, id="清一色+七小对-11224455778899p"
    ),
    pytest.param(
        "11112345678999m", "9m", (), 9, 4, {ONE, STR}, STD, id="清一色+一条龙-11112345678999m"
    ),
    pytest.param(
        "11113355779999m", "7m", (), 7, 16, {ONE, LUX}, SEVEN, id="清一色+豪华-11113355779999m"
    ),
    pytest.param(
        "66667777888899s", "9s", (), 9, 32, {ONE, LUXG}, SEVEN, id="清一色+豪华黄金-66667777888899s"
    ),
    pytest.param(
        "11112222333344m", "4m", (), 4, 32, {ONE, LUXG}, SEVEN, id="清一色+豪华黄金-11112222333344m"
    ),
    # several readings: the one scoring most is taken
    pytest.param(
        "112233m445566p77s",
        "7s",
        (),
        7,
        2,
        {SP},
        SEVEN,
        id="seven-pairs-beats-standard-112233m445566p77s",
    ),
    # melds count for 清一色 and 一条龙
    pytest.param(
        "12345678999m",
        "9m",
        [Meld.pong("1m")],
        9,
        4,
        {ONE, STR},
        STD,
        id="清一色+一条龙-with-pong-1m",
    ),
    pytest.param(
        "12345678999m", "9m", [Meld.pong("1z")], 9, 2, {STR}, STD, id="一条龙-with-pong-1z"
    ),
    pytest.param("11122233345699m", "1m", (), 1, 2, {ONE}, STD, id="清一色-win-on-1m"),
]


@pytest.mark.parametrize("self_draw", [False, True], ids=["discard", "self-draw"])
@pytest.mark.parametrize(("tiles", "win", "melds", "p", "factor", "patterns", "shape"), PATTERNS)
def test_bonus_patterns(tiles, win, melds, p, factor, patterns, shape, self_draw):
    s = kd.score_win(tiles, win, self_draw=self_draw, melds=melds, rules=BP)
    assert s.points == p
    assert s.factor == factor
    assert set(s.patterns) == patterns
    assert s.shape is shape
    assert s.self_draw is self_draw
    assert s.allowed is (p >= 6 or (self_draw and p >= 3))  # §4 thresholds
    if s.allowed:
        assert s.payment == p * factor * (2 if self_draw else 1)


@pytest.mark.parametrize(("tiles", "win", "melds", "p", "factor", "patterns", "shape"), PATTERNS)
def test_patterns_off(tiles, win, melds, p, factor, patterns, shape):
    """Without bonus_patterns every pattern has factor 1 (§5.1)."""
    d = kd.score_win(tiles, win, self_draw=False, melds=melds)
    s = kd.score_win(tiles, win, self_draw=True, melds=melds)
    assert (d.points, d.factor) == (p, 1)
    assert (s.points, s.factor) == (p, 1)
    if p >= 3:
        assert s.payment == 2 * p
    if p >= 6:
        assert d.payment == p


# ---------------------------------------------------------------------------------------
# §4 thresholds by the winning tile's points: (win tile, p, self-draw allowed, discard allowed)
# The hand is 234p567p789s111z plus a pair of the winning tile.
# ---------------------------------------------------------------------------------------
DEFAULT_THRESHOLDS = [
    pytest.param("1m", 1, False, False, id="default-p1-never"),
    pytest.param("2m", 2, False, False, id="default-p2-never"),
    pytest.param("3m", 3, True, False, id="default-p3-self-draw-only"),
    pytest.param("4m", 4, True, False, id="default-p4-self-draw-only"),
    pytest.param("5m", 5, True, False, id="default-p5-self-draw-only"),
    pytest.param("6m", 6, True, True, id="default-p6-both"),
    pytest.param("7m", 7, True, True, id="default-p7-both"),
    pytest.param("8m", 8, True, True, id="default-p8-both"),
    pytest.param("9m", 9, True, True, id="default-p9-both"),
    pytest.param("2z", 10, True, True, id="default-p10-honor-both"),
]
DRAW5_WIN6_THRESHOLDS = [
    pytest.param("1m", 1, False, False, id="draw5win6-p1-never"),
    pytest.param("2m", 2, False, False, id="draw5win6-p2-never"),
    pytest.param("3m", 3, False, False, id="draw5win6-p3-never"),
    pytest.param("4m", 4, False, False, id="draw5win6-p4-never"),
    pytest.param("5m", 5, True, False, id="draw5win6-p5-self-draw-only"),
    pytest.param("6m", 6, True, True, id="draw5win6-p6-both"),
    pytest.param("7m", 7, True, True, id="draw5win6-p7-both"),
    pytest.param("8m", 8, True, True, id="draw5win6-p8-both"),
    pytest.param("9m", 9, True, True, id="draw5win6-p9-both"),
    pytest.param("2z", 10, True, True, id="draw5win6-p10-honor-both"),
]


def _check_threshold(win, p, self_ok, discard_ok, rules):
    tiles = "234p567p789s111z" + 2 * win
    s = kd.score_win(tiles, win, self_draw=True, rules=rules)
    d = kd.score_win(tiles, win, self_draw=False, rules=rules)
    assert (s.points, s.allowed) == (p, self_ok)
    assert (d.points, d.allowed) == (p, discard_ok)
    if self_ok:
        assert s.payment == 2 * p
    if discard_ok:
        assert d.payment == p


@pytest.mark.parametrize(("win", "p", "self_ok", "discard_ok"), DEFAULT_THRESHOLDS)
def test_thresholds_default(win, p, self_ok, discard_ok):
    _check_threshold(win, p, self_ok, discard_ok, None)


@pytest.mark.parametrize(("win", "p", "self_ok", "discard_ok"), DRAW5_WIN6_THRESHOLDS)
def test_thresholds_draw5_win6(win, p, self_ok, discard_ok):
    _check_threshold(win, p, self_ok, discard_ok, D56)


# ---------------------------------------------------------------------------------------
# §6 wildcards and the max-point rule:
# (tiles, win tile, self_draw, wildcards, rules, p (None: not checked), allowed, payment)
# ---------------------------------------------------------------------------------------
MAX_POINT = [
    # drawn wildcard: p = highest winning tile of the hand before the draw
    pytest.param(
        "23m456p789p111s55s9s", "9s", True, "9s", None, 4, True, 8, id="wild-9s-drawn-waits-1m4m-p4"
    ),
    pytest.param(
        "23m456p789p111s55s9s",
        "9s",
        True,
        "9s",
        D56,
        4,
        False,
        None,
        id="wild-9s-drawn-waits-1m4m-p4-draw5win6-refused",
    ),
    pytest.param(
        "45m456p789p111s55s9s",
        "9s",
        True,
        "9s",
        None,
        6,
        True,
        12,
        id="wild-9s-drawn-waits-3m6m-p6",
    ),
    pytest.param(
        "123m456p789s11z22z5s",
        "5s",
        True,
        "5s",
        None,
        10,
        True,
        20,
        id="wild-5s-drawn-waits-1z2z-p10",
    ),
    pytest.param(
        "455m123p456p789p11s",
        "5m",
        True,
        "5m",
        None,
        6,
        True,
        12,
        id="second-wild-5m-drawn-waits-2346m1s-p6",
    ),
    pytest.param(
        "1111m234p567p78p5s5s",
        "5s",
        True,
        "5s",
        None,
        9,
        True,
        18,
        id="second-wild-5s-drawn-waits-6p9p-p9",
    ),
    # no winning tile: only the wildcard standing for its own kind completes -> its own value
    pytest.param(
        "123p456p789p11s456m",
        "5m",
        True,
        "5m",
        None,
        5,
        True,
        10,
        id="wild-5m-own-kind-123p456p789p11s46m-p5",
    ),
    pytest.param(
        "123p456p789p11s456m",
        "5m",
        True,
        "5m",
        D56,
        5,
        True,
        10,
        id="wild-5m-own-kind-p5-draw5win6",
    ),
    pytest.param(
        "123p456p789p11s678m",
        "7m",
        True,
        "7m",
        None,
        7,
        True,
        14,
        id="wild-7m-own-kind-123p456p789p11s68m-p7",
    ),
    # a discarded wildcard is never won on
    pytest.param(
        "45m456p789p111s55s9s",
        "9s",
        False,
        "9s",
        None,
        None,
        False,
        None,
        id="discarded-wild-9s-refused",
    ),
    pytest.param(
        "455m123p456p789p11s",
        "5m",
        False,
        "5m",
        None,
        None,
        False,
        None,
        id="discarded-wild-5m-refused",
    ),
    pytest.param(
        "123p456p789p11s456m",
        "5m",
        False,
        "5m",
        None,
        None,
        False,
        None,
        id="discarded-wild-5m-own-kind-refused",
    ),
    pytest.param(
        "123p456p789p11s678m",
        "7m",
        False,
        "7m",
        None,
        None,
        False,
        None,
        id="discarded-wild-7m-own-kind-refused",
    ),
    # a natural tile with wildcards in play: p is that tile's own value
    pytest.param(
        "456m123p456p789p11s",
        "6m",
        False,
        "5m",
        None,
        6,
        True,
        6,
        id="natural-6m-on-discard-with-wild-5m-p6",
    ),
    pytest.param(
        "245m123p456p789p11s",
        "2m",
        True,
        "5m",
        None,
        2,
        False,
        None,
        id="natural-2m-self-draw-with-wild-5m-p2-refused",
    ),
]


@pytest.mark.parametrize(
    ("tiles", "win", "self_draw", "wildcards", "rules", "p", "allowed", "payment"), MAX_POINT
)
def test_wildcard_points(tiles, win, self_draw, wildcards, rules, p, allowed, payment):
    s = kd.score_win(tiles, win, self_draw=self_draw, wildcards=wildcards, rules=rules)
    if p is not None:
        assert s.points == p
    assert s.allowed is allowed
    assert s.factor == 1
    if payment is not None:
        assert s.payment == payment


# ---------------------------------------------------------------------------------------
# 3n+2 and 3n+1 forms of the same win give the same score
# (tiles with the win tile, tiles without it, win tile, self_draw, wildcards, p, payment)
# ---------------------------------------------------------------------------------------
FORMS = [
    pytest.param(
        "123m456p789s111z22z", "123m456p789s111z2z", "2z", False, (), 10, 10, id="tanki-2z-discard"
    ),
    pytest.param(
        "234m456p789p111s55s", "23m456p789p111s55s", "4m", True, (), 4, 8, id="ryanmen-4m-self-draw"
    ),
    pytest.param(
        "123p456p789p11s456m",
        "123p456p789p11s46m",
        "5m",
        True,
        "5m",
        5,
        10,
        id="wild-5m-own-kind-self-draw",
    ),
    pytest.param(
        "1111m3333p5555s11z",
        "1111m3333p5555s1z",
        "1z",
        False,
        (),
        10,
        10,
        id="luxury-golden-discard",
    ),
]


@pytest.mark.parametrize(("full", "short", "win", "self_draw", "wildcards", "p", "payment"), FORMS)
def test_with_or_without_win_tile(full, short, win, self_draw, wildcards, p, payment):
    a = kd.score_win(full, win, self_draw=self_draw, wildcards=wildcards)
    b = kd.score_win(short, win, self_draw=self_draw, wildcards=wildcards)
    assert a == b
    assert a.points == p
    assert a.payment == payment


def test_win_tile_as_tile_int_or_text():
    from koudiandian import Tile

    results = {
        kd.score_win("123m456p789s111z22z", w, self_draw=False)
        for w in ("2z", "南", Tile.SOUTH, 28)
    }
    assert len(results) == 1
    assert results.pop().points == 10


# ---------------------------------------------------------------------------------------
# Not a winning hand -> NotWinningError: (tiles, win tile, melds)
# ---------------------------------------------------------------------------------------
NOT_WINNING = [
    pytest.param("13579m13579p1357s", "7s", (), id="scattered-14"),
    pytest.param("13579m13579p135s", "7s", (), id="scattered-13-plus-win"),
    pytest.param("1133557799m11z2z", "3z", (), id="seven-pairs-wrong-tile"),
    pytest.param("23m456p789p111s55s", "5m", (), id="ryanmen-23m-wrong-tile-5m"),
    pytest.param("11335577m", "7m", [Meld.pong("1z"), Meld.pong("2z")], id="pairs-with-melds"),
    pytest.param("123m456p55789s123z", "3z", (), id="wind-run-without-option"),
]


@pytest.mark.parametrize(("tiles", "win", "melds"), NOT_WINNING)
@pytest.mark.parametrize("self_draw", [False, True], ids=["discard", "self-draw"])
def test_not_winning(tiles, win, melds, self_draw):
    with pytest.raises(kd.NotWinningError):
        kd.score_win(tiles, win, self_draw=self_draw, melds=melds, rules=BP)
    assert issubclass(kd.NotWinningError, kd.KoudiandianError)
    assert issubclass(kd.NotWinningError, ValueError)


def test_wind_run_scores_with_option():
    s = kd.score_win("123m456p55789s123z", "3z", self_draw=False, rules=Rules(wind_runs=True))
    assert (s.points, s.allowed, s.payment) == (10, True, 10)
