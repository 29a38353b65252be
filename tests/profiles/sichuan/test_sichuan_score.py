"""``score_win`` under ``sichuan`` against the contract's fan table (``RULES-sichuan.md``,
"Winning and fans"; docs/rules.md §14): one pattern, 根, the +1s of the moment (杠上花,
杠上炮, 抢杠胡, 海底捞月, 海底炮), 自摸 under ``add_fan``, 天胡/地胡 at the cap; the value
2^min(fans, cap). ``points`` are the fans before the cap, ``payment`` the value."""

from __future__ import annotations

from typing import Any

import koudiandian as kd
import pytest
from koudiandian import Meld, MeldKind, Tile
from koudiandian.analyze import analyze_text
from koudiandian.tile import parse_tiles


def pong(tile: str) -> Meld:
    return Meld(MeldKind.PONG, Tile.parse(tile))


def kong(tile: str, kind: MeldKind = MeldKind.CONCEALED_KONG) -> Meld:
    return Meld(kind, Tile.parse(tile))


# (hand with its winning tile last, melds, self-draw, rules, moment, fans before the cap,
# value, score items as (name, value))
CASES: list[Any] = [
    ("123456789m123p55p", (), False, "sichuan", {}, 0, 1, [("plain", 0)]),
    pytest.param(
        "111m555m333p777p99p",
        (),
        False,
        "sichuan",
        {},
        1,
        2,
        [("all_pongs", 1)],
        id="对对胡",
    ),
    pytest.param(
        "123m456m789m123m55m",
        (),
        False,
        "sichuan",
        {},
        2,
        4,
        [("one_suit", 2)],
        id="清一色",
    ),
    pytest.param(
        "1133m5577p224499s",
        (),
        False,
        "sichuan",
        {},
        2,
        4,
        [("seven_pairs", 2)],
        id="七对",
    ),
    pytest.param(
        "5p5p",
        (pong("1m"), pong("3m"), pong("7p"), pong("9s")),
        False,
        "sichuan",
        {},
        2,
        4,
        [("golden_hook", 2)],
        id="金钩钓",
    ),
    pytest.param(
        "123m789m123p789s11s",
        (),
        False,
        "sichuan",
        {},
        2,
        4,
        [("terminals", 2)],
        id="带幺九",
    ),
    pytest.param(
        "111m333m555m777m99m",
        (),
        False,
        "sichuan",
        {},
        3,
        8,
        [("one_suit_pongs", 3)],
        id="清对",
    ),
    pytest.param(
        "222m555m888p222s55s",
        (),
        False,
        "sichuan",
        {},
        3,
        8,
        [("pure_pongs", 3)],
        id="将对",
    ),
    pytest.param(
        "1111m33m55p77p2299s",
        (),
        False,
        "sichuan",
        {},
        4,
        8,
        [("dragon_seven_pairs", 4)],
        id="龙七对 capped at 3",
    ),
    # Scenario 7: 清龙七对, 5 fans, worth the cap's 8.
    pytest.param(
        "1111m2233m5577m99m",
        (),
        True,
        "sichuan",
        {},
        5,
        8,
        [("one_suit_dragon_seven_pairs", 5)],
        id="清龙七对",
    ),
    pytest.param(
        "1111m2233m5577m99m",
        (),
        True,
        "sichuan,fan_cap=5",
        {},
        5,
        32,
        [("one_suit_dragon_seven_pairs", 5)],
        id="清龙七对 cap 5",
    ),
    # Scenario 5: 根 from a concealed kong of 3s.
    ("123m456m789m11s", (kong("3s"),), False, "sichuan", {}, 1, 2, [("plain", 0), ("root", 1)]),
    # Scenario 9: 平胡 + 根 + 杠上花 on a direct kong's replacement.
    (
        "123m456m789m11s",
        (kong("3s", MeldKind.KONG),),
        True,
        "sichuan",
        {"kong_replacement": True},
        2,
        4,
        [("plain", 0), ("root", 1), ("kong_bloom", 1)],
    ),
    (
        "123456789m123p55p",
        (),
        False,
        "sichuan",
        {"kong_discard": True},
        1,
        2,
        [("plain", 0), ("kong_discard", 1)],
    ),
    # Scenario 6: 抢杠胡.
    (
        "123456789m123p55p",
        (),
        False,
        "sichuan",
        {"robbed_kong": True},
        1,
        2,
        [("plain", 0), ("robbed_kong", 1)],
    ),
    (
        "123456789m123p55p",
        (),
        True,
        "sichuan",
        {"last_tile": True},
        1,
        2,
        [("plain", 0), ("last_tile", 1)],
    ),
    (
        "123456789m123p55p",
        (),
        False,
        "sichuan",
        {"last_tile": True},
        1,
        2,
        [("plain", 0), ("last_discard", 1)],
    ),
    # They combine: the wall's last tile drawn as a kong's replacement.
    (
        "123m456m789m11s",
        (kong("3s"),),
        True,
        "sichuan",
        {"kong_replacement": True, "last_tile": True},
        3,
        8,
        [("plain", 0), ("root", 1), ("kong_bloom", 1), ("last_tile", 1)],
    ),
    ("123456789m123p55p", (), True, "sichuan", {}, 0, 1, [("plain", 0)]),
    (
        "123456789m123p55p",
        (),
        True,
        "sichuan,self_draw=add_fan",
        {},
        1,
        2,
        [("plain", 0), ("self_draw", 1)],
    ),
    # 天胡 / 地胡: the cap, only where heaven_earth is on.
    (
        "123456789m123p55p",
        (),
        True,
        "sichuan",
        {"first_turn": True, "dealer": True},
        0,
        1,
        [("plain", 0)],
    ),
    (
        "123456789m123p55p",
        (),
        True,
        "sichuan,heaven_earth",
        {"first_turn": True, "dealer": True},
        3,
        8,
        [("heaven", 3)],
    ),
    (
        "123456789m123p55p",
        (),
        True,
        "sichuan,heaven_earth,fan_cap=4",
        {"first_turn": True},
        4,
        16,
        [("earth", 4)],
    ),
]


@pytest.mark.parametrize(
    ("hand", "melds", "self_draw", "rules", "moment", "fans", "value", "items"), CASES
)
def test_the_contracts_fans(
    hand: str,
    melds: tuple[Meld, ...],
    self_draw: bool,
    rules: str,
    moment: dict[str, bool],
    fans: int,
    value: int,
    items: list[tuple[str, int]],
) -> None:
    tiles = parse_tiles(hand)
    score = kd.score_win(tiles, tiles[-1], self_draw=self_draw, melds=melds, rules=rules, **moment)
    assert score.allowed
    assert (score.points, score.payment) == (fans, value)
    assert [(i.name, i.value) for i in score.score_items] == items


def test_a_robbed_kong_is_no_self_draw() -> None:
    with pytest.raises(kd.InvalidArgumentError, match="robbed"):
        kd.score_win("123456789m123p55p", "5p", self_draw=True, rules="sichuan", robbed_kong=True)


def test_a_hand_that_does_not_win_is_refused() -> None:
    with pytest.raises(kd.NotWinningError):
        kd.score_win("123456789m123p56p", "6p", self_draw=False, rules="sichuan")


def test_analyze_prices_the_win_and_pays_the_kong_when_made() -> None:
    """The analysis of a win settles it as the hand pays it: the winner's concealed kong 2
    from each seat when made, then the self-draw (平胡 + 根: 1 fan, 2) value + 1 from each
    (自摸加底)."""
    text = analyze_text(
        parse_tiles("123m456m789m11s"),
        melds=[kong("3s")],
        rules=kd.Rules.preset("sichuan"),
        self_draw=True,
    )
    assert "each other seat pays its share: 3" in text, text
    assert "each other seat also pays 2 for the winner's kongs" in text, text


def test_analyze_reads_a_void_suit() -> None:
    text = analyze_text(
        parse_tiles("123456789m1123p5s"), rules=kd.Rules.preset("sichuan"), void_suit="s"
    )
    assert "void:      s (条)" in text
    assert "discard 5s: waits 1p 4p" in text
    assert "discard 1p" not in text, text
