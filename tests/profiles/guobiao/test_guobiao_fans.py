"""The guobiao fan calculator (``_core.guobiao_fans``, ``rust/profiles/guobiao/``) against
the contract's oracle, PyMahjongGB 1.4.0's ``MahjongFanCalculator``: on 100,000 seeded
random won hands of every shape (standard with declared chows, pongs, 直杠, 补杠 and
concealed kongs, 七对 and 连七对, 十三幺, 全不靠, 七星不靠, 组合龙, 九莲宝灯), with flowers,
every seat and prevalent wind and every situation flag, the fans are the same, name by name
and value by value. Not-winning hands are refused by both; bad input is refused with the
package's errors. And the shanten of the knitted forms equals the least of PyMahjongGB's
five shanten functions on 13-tile hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from koudiandian import (
    HandSizeError,
    InvalidArgumentError,
    InvalidTileError,
    MeldError,
    NotWinningError,
    Rules,
    TileCountError,
    _core,
    shanten,
)
from MahjongGB import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongFanCalculator,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)

from tests.profiles.guobiao.hands import CHOW, PONG, WonHand, won_hands

#: The package's kinds as the reference's tile codes (筒 is its B, 条 its T; 白 J3, 发 J2,
#: 中 J1), mapped once here.
CODES = (
    [f"W{r}" for r in range(1, 10)]
    + [f"B{r}" for r in range(1, 10)]
    + [f"T{r}" for r in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)


def reference(hand: WonHand) -> dict[str, int]:
    """PyMahjongGB's fans of the hand: name → points (value × times)."""
    packs = []
    for (kind, tile), offer in zip(hand.melds, hand.offers):
        if kind == CHOW:
            packs.append(("CHI", CODES[tile + 1], offer))  # a chow by its middle tile
        elif kind == PONG:
            packs.append(("PENG", CODES[tile], offer))
        else:
            packs.append(("GANG", CODES[tile], offer))
    fans = MahjongFanCalculator(
        tuple(packs),
        tuple(CODES[t] for t in hand.tiles),
        CODES[hand.win_tile],
        hand.flowers,
        hand.self_drawn,
        hand.last_copy,
        hand.kong,
        hand.wall_last,
        hand.seat_wind,
        hand.prevalent_wind,
    )
    return {name: points for points, name in fans}


def ours(hand: WonHand) -> dict[str, int]:
    fans = _core.guobiao_fans(hand.tiles, hand.melds, hand.offers, hand.win_tile, **hand.kwargs())
    return {name: value * times for name, value, times in fans}


def test_fans_equal_the_reference_on_100000_won_hands() -> None:
    seen: Counter[str] = Counter()
    flags: Counter[tuple[bool, bool, bool, bool]] = Counter()
    meld_kinds: Counter[int] = Counter()
    meld_counts: Counter[int] = Counter()
    winds: Counter[tuple[int, int]] = Counter()
    for hand in won_hands(seed=25, n=100_000):
        expected = reference(hand)
        got = ours(hand)
        assert got == expected, f"{hand}: ours {got}, the reference {expected}"
        seen.update(got)
        flags[(hand.self_drawn, hand.last_copy, hand.kong, hand.wall_last)] += 1
        meld_kinds.update(kind for kind, _ in hand.melds)
        meld_counts[len(hand.melds)] += 1
        winds[(hand.seat_wind, hand.prevalent_wind)] += 1
    # Every fan of the table (the 81 and 明暗杠) was met, every combination of flags, every
    # meld kind (pong, 直杠, 补杠, concealed kong, chow), 0–4 melds and every pair of winds.
    assert len(seen) == 82, sorted(seen)
    assert len(flags) == 16
    assert sorted(meld_kinds) == [0, 1, 2, 3, 4]
    assert sorted(meld_counts) == [0, 1, 2, 3, 4]
    assert len(winds) == 16


def test_not_winning_hands_are_refused_by_both() -> None:
    rng = random.Random(5)
    refused = 0
    for _ in range(3000):
        tiles = rng.sample([k for k in range(34) for _ in range(4)], 14)
        hand = WonHand(
            tuple(sorted(tiles[:13])), (), (), tiles[13], 0, False, False, False, False, 0, 0
        )
        try:
            expected: dict[str, int] | None = reference(hand)
        except TypeError as e:
            assert "NOT_WIN" in str(e)
            expected = None
        if expected is None:
            refused += 1
            with pytest.raises(NotWinningError):
                ours(hand)
        else:
            assert ours(hand) == expected
    assert refused > 2500


BASE = {
    "flowers": 0,
    "self_drawn": False,
    "last_copy": False,
    "kong": False,
    "wall_last": False,
    "seat_wind": 0,
    "prevalent_wind": 0,
}
WON = ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27], 27)  # 123456789m 123p 东, won on 东


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"flowers": 9}, InvalidArgumentError),
        ({"flowers": -1}, InvalidArgumentError),
        ({"flowers": True}, InvalidArgumentError),
        ({"seat_wind": 4}, InvalidArgumentError),
        ({"prevalent_wind": -1}, InvalidArgumentError),
        ({"tiles": [0] * 5 + [1] * 8}, TileCountError),
        ({"tiles": [0, 1, 2]}, HandSizeError),
        ({"tiles": [40] + WON[0][1:]}, InvalidTileError),
        ({"win_tile": 34}, InvalidTileError),
        ({"melds": [(CHOW, 7)], "offers": [1], "tiles": WON[0][3:]}, MeldError),  # 89m + 1p
        ({"melds": [(PONG, 5)], "offers": [0], "tiles": WON[0][3:]}, MeldError),
        (
            {"melds": [(3, 5)], "offers": [2], "tiles": WON[0][3:]},
            MeldError,
        ),  # a concealed kong offered
        ({"melds": [(PONG, 5)], "offers": [], "tiles": WON[0][3:]}, MeldError),
        ({"melds": [(PONG, 0)] * 5, "offers": [1] * 5, "tiles": []}, MeldError),
    ],
)
def test_bad_input_is_refused(change: dict[str, object], error: type[Exception]) -> None:
    args: dict[str, object] = {
        "tiles": WON[0],
        "melds": [],
        "offers": [],
        "win_tile": WON[1],
        **BASE,
    }
    args.update(change)
    with pytest.raises(error):
        _core.guobiao_fans(
            args.pop("tiles"), args.pop("melds"), args.pop("offers"), args.pop("win_tile"), **args
        )


def test_a_known_hand() -> None:
    # 123456789m 123p 东, won on 东 by self-draw with 2 flowers: 清龙 16, 不求人 4, 喜相逢 1
    # (123m 123p), 缺一门 1 (no 条), 单钓将 1 (东 is the only wait), 花牌 2.
    fans = _core.guobiao_fans(WON[0], [], [], WON[1], **{**BASE, "self_drawn": True, "flowers": 2})
    assert [(n, v * t) for n, v, t in fans] == [
        ("清龙", 16),
        ("不求人", 4),
        ("喜相逢", 1),
        ("缺一门", 1),
        ("独听・单钓", 1),
        ("花牌", 2),
    ]


# ---------------------------------------------------------------------------------------
# Shanten of the knitted forms
# ---------------------------------------------------------------------------------------


def reference_shanten(tiles: list[int]) -> int:
    codes = tuple(CODES[t] for t in tiles)
    return min(
        RegularShanten(codes)[0],
        SevenPairsShanten(codes)[0],
        ThirteenOrphansShanten(codes)[0],
        HonorsAndKnittedTilesShanten(codes)[0],
        KnittedStraightShanten(codes)[0],
    )


def near_ready(rng: random.Random) -> list[int]:
    """A won hand's concealed tiles less one, some exchanged."""
    while True:
        hand = won_hands(seed=rng.randrange(1 << 30), n=1)[0]
        if not hand.melds:
            break
    tiles = list(hand.tiles)
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        tiles[rng.randrange(13)] = rng.randrange(34)
    return tiles


@pytest.mark.skipif(
    "guobiao" not in [name for name, _, _ in Rules.presets()],
    reason="the guobiao profile is not registered",
)
def test_shanten_equals_the_least_of_the_reference_shanten() -> None:
    rules = Rules.preset("guobiao")
    rng = random.Random(8)
    checked = 0
    for i in range(100_000):
        tiles = (
            near_ready(rng) if i % 2 else rng.sample([k for k in range(34) for _ in range(4)], 13)
        )
        if max(Counter(tiles).values()) > 4:
            continue
        expected = reference_shanten(tiles)
        assert shanten(tiles, rules=rules) == expected, f"{sorted(tiles)}: reference {expected}"
        checked += 1
    assert checked > 90_000
