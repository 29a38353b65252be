"""The Python API's tiles and notations (RULES §1): the 34 kinds in the rules' order and
their names, mpsz text, Chinese names and glyphs, suits, ranks and points (written out
independently of the package), ``parse_tiles`` / ``format_tiles``, and melds."""

from __future__ import annotations

import unicodedata

import koudiandian as kd
import pytest
from koudiandian import (
    InvalidArgumentError,
    InvalidTileError,
    KoudiandianError,
    Meld,
    MeldError,
    MeldKind,
    Suit,
    Tile,
)
from koudiandian.tile import FLOWERS, TILES, parse_tiles

# ---------------------------------------------------------------------------------------
# Tiles (RULES §1), expected values written out independently of the package
# ---------------------------------------------------------------------------------------
NAMES = (
    [f"M{r}" for r in range(1, 10)]
    + [f"P{r}" for r in range(1, 10)]
    + [f"S{r}" for r in range(1, 10)]
    + ["EAST", "SOUTH", "WEST", "NORTH", "WHITE", "GREEN", "RED"]
)


NUMERALS = "一二三四五六七八九"


CHINESE = (
    [n + "万" for n in NUMERALS]
    + [n + "筒" for n in NUMERALS]
    + [n + "条" for n in NUMERALS]
    + ["东", "南", "西", "北", "白", "发", "中"]
)


MPSZ = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]


_NUMBER_WORDS = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]


GLYPH_NAMES = (
    [f"MAHJONG TILE {w} OF CHARACTERS" for w in _NUMBER_WORDS]
    + [f"MAHJONG TILE {w} OF CIRCLES" for w in _NUMBER_WORDS]
    + [f"MAHJONG TILE {w} OF BAMBOOS" for w in _NUMBER_WORDS]
    + [
        "MAHJONG TILE EAST WIND",
        "MAHJONG TILE SOUTH WIND",
        "MAHJONG TILE WEST WIND",
        "MAHJONG TILE NORTH WIND",
        "MAHJONG TILE WHITE DRAGON",
        "MAHJONG TILE GREEN DRAGON",
        "MAHJONG TILE RED DRAGON",
    ]
)


GLYPHS = [unicodedata.lookup(n) for n in GLYPH_NAMES]


SUITS = [Suit.CHARACTERS] * 9 + [Suit.DOTS] * 9 + [Suit.BAMBOO] * 9 + [Suit.HONORS] * 7


RANKS = list(range(1, 10)) * 3 + list(range(1, 8))


POINTS = list(range(1, 10)) * 3 + [10] * 7


TILE_TABLE = [
    pytest.param(
        i, NAMES[i], MPSZ[i], CHINESE[i], GLYPHS[i], SUITS[i], RANKS[i], POINTS[i], id=MPSZ[i]
    )
    for i in range(34)
]


def test_tile_has_34_kinds_in_rules_order_then_the_flowers():
    assert len(TILES) == 34 and len(Tile) == 42
    assert [t.name for t in TILES] == NAMES
    assert [int(t) for t in TILES] == list(range(34))
    assert str(Tile.M5) == "5m"
    assert [int(f) for f in FLOWERS] == list(range(34, 42))
    assert [f.chinese for f in FLOWERS] == list("梅兰竹菊春夏秋冬")
    assert [str(f) for f in FLOWERS] == [f"{n}f" for n in range(1, 9)]
    assert [f.glyph for f in FLOWERS] == [chr(0x1F022 + i) for i in range(8)]
    assert all(f.is_flower and not f.is_honor and f.points == 0 for f in FLOWERS)
    assert parse_tiles("1f 冬 🀢") == [Tile.PLUM, Tile.WINTER, Tile.PLUM]
    assert Tile.parse("竹") is Tile.BAMBOO and Tile.BAMBOO.suit is Suit.FLOWERS


@pytest.mark.parametrize(
    ("index", "name", "mpsz", "chinese", "glyph", "suit", "rank", "points"), TILE_TABLE
)
def test_tile(index, name, mpsz, chinese, glyph, suit, rank, points):
    t = Tile(index)
    assert t.name == name
    assert str(t) == mpsz == f"{t}"
    assert t.chinese == chinese
    assert t.glyph == glyph
    assert t.suit is suit
    assert t.rank == rank
    assert t.points == points
    assert t.is_honor is (index >= 27)
    assert t.format("mpsz") == mpsz
    assert t.format("chinese") == chinese
    assert t.format("unicode") == glyph
    # Tile.parse in all three notations: round trip
    for text in (mpsz, chinese, glyph, t.format("mpsz"), t.format("chinese"), t.format("unicode")):
        assert Tile.parse(text) is t, text


def test_tile_format_bad_style():
    with pytest.raises(InvalidArgumentError, match="bogus"):
        Tile.M1.format("bogus")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# parse_tiles / format_tiles
# ---------------------------------------------------------------------------------------
E, S = Tile.EAST, Tile.SOUTH


M123EE = [Tile.M1, Tile.M2, Tile.M3, E, E]


PARSE = [
    pytest.param("123m11z", M123EE, id="mpsz"),
    pytest.param("123m 11z", M123EE, id="mpsz-spaces"),
    pytest.param(" 1m 2m 3m 1z 1z ", M123EE, id="mpsz-one-per-tile"),
    pytest.param("1m,2m, 3m,11z", M123EE, id="mpsz-commas"),
    pytest.param(
        "123m 456p 11z",
        [Tile.M1, Tile.M2, Tile.M3, Tile.P4, Tile.P5, Tile.P6, E, E],
        id="mpsz-three-groups",
    ),
    pytest.param(
        "567z1234z", [Tile.WHITE, Tile.GREEN, Tile.RED, E, S, Tile.WEST, Tile.NORTH], id="honors"
    ),
    pytest.param("一万二万三万东东", M123EE, id="chinese"),
    pytest.param("一万 二万 三万 东 东", M123EE, id="chinese-spaces"),
    pytest.param(
        "五筒九条白发中", [Tile.P5, Tile.S9, Tile.WHITE, Tile.GREEN, Tile.RED], id="chinese-dragons"
    ),
    pytest.param("\U0001f007\U0001f008\U0001f009\U0001f000\U0001f000", M123EE, id="glyphs"),
    pytest.param("12m三万\U0001f000东", M123EE, id="mixed-mpsz-chinese-glyph"),
    pytest.param("", [], id="empty"),
    pytest.param("9s9s", [Tile.S9, Tile.S9], id="repeated"),
]


@pytest.mark.parametrize(("text", "expected"), PARSE)
def test_parse_tiles(text, expected):
    assert kd.parse_tiles(text) == expected


FORMAT = [
    pytest.param("123m456p789s11z", "mpsz", "123m456p789s11z", id="mpsz-roundtrip"),
    pytest.param([0, 1, 2, 27, 27], "mpsz", "123m11z", id="mpsz-from-ints"),
    pytest.param([Tile.P5, Tile.S9], "mpsz", "5p9s", id="mpsz-from-tiles"),
    pytest.param("123m11z", "chinese", "一万二万三万东东", id="chinese"),
    pytest.param("567z", "chinese", "白发中", id="chinese-dragons"),
    pytest.param("5p9s", "chinese", "五筒九条", id="chinese-suits"),
    pytest.param(
        "123m11z", "unicode", "\U0001f007\U0001f008\U0001f009\U0001f000\U0001f000", id="unicode"
    ),
    pytest.param("567z", "unicode", "\U0001f006\U0001f005\U0001f004", id="unicode-dragons"),
    pytest.param("", "mpsz", "", id="empty"),
]


@pytest.mark.parametrize(("tiles", "style", "expected"), FORMAT)
def test_format_tiles(tiles, style, expected):
    assert kd.format_tiles(tiles, style) == expected
    assert kd.parse_tiles(expected) == kd.parse_tiles(kd.format_tiles(tiles, "mpsz"))


def test_format_tiles_bad_style():
    with pytest.raises(InvalidArgumentError, match="bogus"):
        kd.format_tiles("1m", "bogus")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------------------
MELDS = [
    pytest.param(Meld.pong("5m"), MeldKind.PONG, Tile.M5, id="pong-text"),
    pytest.param(Meld.pong(4), MeldKind.PONG, Tile.M5, id="pong-int"),
    pytest.param(Meld.kong(Tile.RED), MeldKind.KONG, Tile.RED, id="kong-tile"),
    pytest.param(Meld.added_kong("白"), MeldKind.ADDED_KONG, Tile.WHITE, id="added-kong-chinese"),
    pytest.param(
        Meld.concealed_kong("\U0001f000"),
        MeldKind.CONCEALED_KONG,
        Tile.EAST,
        id="concealed-kong-glyph",
    ),
    pytest.param(Meld.of("pong", "9s"), MeldKind.PONG, Tile.S9, id="of-name"),
    pytest.param(
        Meld.of("CONCEALED_KONG", 0), MeldKind.CONCEALED_KONG, Tile.M1, id="of-upper-name"
    ),
    pytest.param(Meld.of(2, "9p"), MeldKind.ADDED_KONG, Tile.P9, id="of-int-kind"),
    pytest.param(Meld.of(MeldKind.KONG, Tile.S1), MeldKind.KONG, Tile.S1, id="of-enum"),
]


@pytest.mark.parametrize(("meld", "kind", "tile"), MELDS)
def test_meld_constructors(meld, kind, tile):
    assert meld == Meld(kind, tile) == (int(kind), int(tile))
    assert meld.kind is kind and meld.tile is tile
    assert meld.kind.is_kong is (kind is not MeldKind.PONG)
    assert meld.kind.size == (3 if kind is MeldKind.PONG else 4)


def test_meld_str():
    assert str(Meld.pong("5m")) == "pong 5m"
    assert str(Meld.concealed_kong("7z")) == "concealed_kong 7z"


BAD_MELD_OF = [
    pytest.param("chowder", "1m", MeldError, "chowder", id="unknown-kind-name"),
    pytest.param(7, "1m", MeldError, "7", id="kind-out-of-range"),
    pytest.param("pong", 34, MeldError, "34", id="tile-index-34"),
    pytest.param("pong", -1, MeldError, "-1", id="tile-index-negative"),
    pytest.param("pong", "0z", InvalidTileError, "0z", id="tile-text-0z"),
    pytest.param("pong", "11m", InvalidTileError, "11m", id="two-tiles"),
]


@pytest.mark.parametrize(("kind", "tile", "error", "value"), BAD_MELD_OF)
def test_meld_of_bad(kind, tile, error, value):
    with pytest.raises(error) as info:
        Meld.of(kind, tile)
    assert value in str(info.value)
    assert isinstance(info.value, KoudiandianError) and isinstance(info.value, ValueError)


def test_melds_as_tuples():
    assert kd.is_win("123m456p789s11z", melds=[(0, 28)])
    assert kd.is_win("123m456p789s11z", melds=[(MeldKind.CONCEALED_KONG, Tile.SOUTH)])
    assert kd.winning_tiles("123m456p789s1z", melds=[(1, 28)]) == [Tile.EAST]
