"""The Python API: tiles and notations (RULES §1), rule options (§8), melds, and the error
contract (every bad input raises a specific KoudiandianError that is also a ValueError, and
no Rust panic ever reaches Python)."""

from __future__ import annotations

import copy
import pickle
import re
import unicodedata

import koudiandian as kd
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from koudiandian import (
    ArrayError,
    HandSizeError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidTileError,
    KoudiandianError,
    Meld,
    MeldError,
    MeldKind,
    Rules,
    Suit,
    Tile,
    TileCountError,
    WildcardError,
    WildcardMode,
)
from koudiandian.tile import FLOWERS, TILES, parse_tiles

from tests.support import ROOT

# Hypothesis, when it reports a failure, touches mypy_extensions.TypedDict, whose
# DeprecationWarning would turn the report into an INTERNALERROR under filterwarnings=error.
pytestmark = pytest.mark.filterwarnings(
    "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning"
)

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
# Rules (§8)
# ---------------------------------------------------------------------------------------
FORBIDDEN = [
    pytest.param(
        {"dealer_selfdraw_double": True},
        ["dealer_selfdraw_double", "dealer_bonus"],
        id="selfdraw-double-without-dealer-bonus",
    ),
    pytest.param(
        {"no_honors": True, "wildcards": "honor"},
        ["no_honors", "wildcards"],
        id="honor-wildcards-with-no-honors",
    ),
    pytest.param(
        {"no_honors": True, "wind_runs": True},
        ["no_honors", "wind_runs"],
        id="wind-runs-with-no-honors",
    ),
    pytest.param(
        {"bonus_patterns": True, "wildcards": "random"},
        ["bonus_patterns", "wildcards"],
        id="bonus-patterns-with-random-wildcards",
    ),
    pytest.param(
        {"bonus_patterns": True, "wildcards": "honor"},
        ["bonus_patterns", "wildcards"],
        id="bonus-patterns-with-honor-wildcards",
    ),
    pytest.param(
        {"bonus_patterns": True, "wildcards": "double"},
        ["bonus_patterns", "wildcards"],
        id="bonus-patterns-with-double-wildcards",
    ),
    pytest.param({"wildcards": "triple"}, ["wildcards", "triple"], id="unknown-wildcard-mode"),
    pytest.param({"wind_runs": 1}, ["wind_runs"], id="non-bool-option"),
]


@pytest.mark.parametrize(("options", "names"), FORBIDDEN)
def test_rules_forbidden(options, names):
    with pytest.raises(InvalidRulesError) as info:
        Rules(**options)
    for name in names:
        assert name in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(InvalidRulesError):
        Rules.from_dict(options)
    with pytest.raises(InvalidRulesError):
        Rules().replace(**options)


ALLOWED = [
    pytest.param({}, id="default"),
    pytest.param(
        {"dealer_bonus": True, "dealer_selfdraw_double": True}, id="selfdraw-double-with-bonus"
    ),
    pytest.param({"no_honors": True, "wildcards": "random"}, id="no-honors-random-wildcards"),
    pytest.param({"no_honors": True, "wildcards": "double"}, id="no-honors-double-wildcards"),
    pytest.param({"wind_runs": True, "wildcards": "honor"}, id="wind-runs-honor-wildcards"),
    pytest.param(
        {"bonus_patterns": True, "wind_runs": True, "draw5_win6": True}, id="patterns-runs-draw5"
    ),
    pytest.param(
        {
            n: True
            for n in (
                "kong_keeps_waits",
                "dealer_bonus",
                "dealer_selfdraw_double",
                "no_honors",
                "feeder_pays_kong",
                "feeder_pays_all",
                "must_win",
                "draw5_win6",
                "delayed_kong",
                "bonus_patterns",
            )
        },
        id="everything-compatible",
    ),
]


@pytest.mark.parametrize("options", ALLOWED)
def test_rules_allowed_roundtrip(options):
    r = Rules(**options)
    d = r.to_dict()
    assert set(d) == {
        "profile",
        "kong_keeps_waits",
        "dealer_bonus",
        "dealer_selfdraw_double",
        "no_honors",
        "feeder_pays_kong",
        "feeder_pays_all",
        "must_win",
        "draw5_win6",
        "delayed_kong",
        "wind_runs",
        "bonus_patterns",
        "wildcards",
    }
    for k, v in options.items():
        assert d[k] == v
    assert isinstance(d["wildcards"], str)
    assert Rules.from_dict(d) == r
    assert pickle.loads(pickle.dumps(r)) == r
    assert pickle.loads(pickle.dumps(r)).to_dict() == d
    assert copy.deepcopy(r) == r
    assert hash(Rules(**options)) == hash(r)
    assert r.tile_count == (108 if options.get("no_honors") else 136)


PRESETS = [
    pytest.param("default", {}, id="default"),
    pytest.param(
        "taiyuan",
        {
            "dealer_bonus": True,
            "dealer_selfdraw_double": True,
            "feeder_pays_kong": True,
            "feeder_pays_all": True,
        },
        id="taiyuan",
    ),
    pytest.param("random_wildcard", {"wildcards": "random"}, id="random_wildcard"),
    pytest.param("honor_wildcard", {"wildcards": "honor"}, id="honor_wildcard"),
    pytest.param("double_wildcard", {"wildcards": "double"}, id="double_wildcard"),
    pytest.param("patterns", {"bonus_patterns": True}, id="patterns"),
]


@pytest.mark.parametrize(("name", "options"), PRESETS)
def test_rules_presets(name, options):
    assert Rules.preset(name) == Rules(**options)
    assert Rules.parse(name) == Rules(**options)
    assert pickle.loads(pickle.dumps(Rules.preset(name))) == Rules(**options)


RULES_PARSE = [
    pytest.param("", Rules(), id="empty"),
    pytest.param("wind_runs,must_win", Rules(wind_runs=True, must_win=True), id="two-options"),
    pytest.param(" wind_runs , must_win ", Rules(wind_runs=True, must_win=True), id="spaces"),
    pytest.param(
        "random_wildcard,wind_runs",
        Rules(wildcards="random", wind_runs=True),
        id="preset-plus-option",
    ),
    pytest.param(
        "wildcards=double,delayed_kong",
        Rules(wildcards="double", delayed_kong=True),
        id="wildcards-key",
    ),
    pytest.param(
        "taiyuan,draw5_win6", Rules.preset("taiyuan").replace(draw5_win6=True), id="taiyuan-plus"
    ),
    pytest.param(
        "draw5_win6,taiyuan",
        Rules.preset("taiyuan").replace(draw5_win6=True),
        id="option-then-preset",
    ),
    pytest.param("wind_runs=true,must_win=off", Rules(wind_runs=True), id="explicit-values"),
]


@pytest.mark.parametrize(("text", "expected"), RULES_PARSE)
def test_rules_parse(text, expected):
    assert Rules.parse(text) == expected


RULES_PARSE_BAD = [
    pytest.param(
        "bonus_patterns,random_wildcard",
        ["bonus_patterns", "wildcards"],
        id="patterns-with-wildcards",
    ),
    pytest.param(
        "dealer_selfdraw_double",
        ["dealer_selfdraw_double", "dealer_bonus"],
        id="double-without-bonus",
    ),
    pytest.param("no_honors,wind_runs", ["no_honors", "wind_runs"], id="no-honors-wind-runs"),
    pytest.param(
        "no_honors,honor_wildcard", ["no_honors", "wildcards"], id="no-honors-honor-wildcard"
    ),
    pytest.param("nonsense", ["nonsense"], id="unknown-option"),
    pytest.param("wind_runs=maybe", ["wind_runs", "maybe"], id="bad-bool"),
    pytest.param("wildcards=triple", ["wildcards", "triple"], id="bad-wildcard-mode"),
]


@pytest.mark.parametrize(("text", "names"), RULES_PARSE_BAD)
def test_rules_parse_bad(text, names):
    with pytest.raises(InvalidRulesError) as info:
        Rules.parse(text)
    for name in names:
        assert name in str(info.value)


def test_rules_misc():
    r = Rules()
    assert r.wildcards is WildcardMode.NONE
    assert Rules(wildcards="double").wildcards is WildcardMode.DOUBLE
    assert Rules(wildcards=WildcardMode.HONOR).wildcards is WildcardMode.HONOR
    r2 = r.replace(wind_runs=True)
    assert r2 == Rules(wind_runs=True) and r == Rules() and r2 != r
    with pytest.raises(AttributeError):  # frozen
        r.wind_runs = True  # type: ignore[misc]
    with pytest.raises(InvalidRulesError, match="bogus_option"):
        Rules.from_dict({"bogus_option": True})
    with pytest.raises(InvalidRulesError, match="bogus_option"):
        r.replace(bogus_option=True)
    with pytest.raises(InvalidRulesError, match="nope"):
        Rules.preset("nope")
    assert [m.kinds for m in WildcardMode] == [0, 1, 1, 2]


def test_rules_value_a_wait_by_the_profile() -> None:
    """Taiyuan's 点数 (a suited tile's rank, 10 for an honour) are the profile's, not every
    profile's: a profile that does not value a win by its tile answers ``None``."""
    taiyuan = Rules.preset("taiyuan")
    assert [taiyuan.tile_points(t) for t in Tile if t < 34] == [t.points for t in Tile if t < 34]
    assert taiyuan.tile_points("7p") == 7 and taiyuan.tile_points(Tile.RED) == 10
    for name in ("queyimen", "hebei", "changsha", "guobiao"):
        assert Rules.preset(name).tile_points("7p") is None, name
    for bad, named in ((34, "34"), (-1, "-1"), ("7x", "'x'"), ("1m2m", '"1m2m"')):
        with pytest.raises(InvalidTileError, match=named):
            taiyuan.tile_points(bad)  # type: ignore[arg-type]


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


# ---------------------------------------------------------------------------------------
# The error contract
# ---------------------------------------------------------------------------------------
ERROR_CLASSES = [
    InvalidTileError,
    TileCountError,
    HandSizeError,
    MeldError,
    WildcardError,
    ArrayError,
    InvalidRulesError,
    kd.NotWinningError,
    InvalidArgumentError,
]


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda c: c.__name__)
def test_error_hierarchy(cls):
    assert issubclass(cls, KoudiandianError)
    assert issubclass(cls, ValueError)


# Bad tile text -> InvalidTileError naming the bad text and its position (0-based character
# offset; where the bad token spans several characters, any of its offsets is accepted).
BAD_TEXT = [
    pytest.param("0z", {0}, id="0z"),
    pytest.param("123m0z", {4}, id="123m0z-position-4"),
    pytest.param("8z", {0}, id="8z"),
    pytest.param("123m456p8z", {8}, id="8z-position-8"),
    pytest.param("10m", {0, 1}, id="10m"),
    pytest.param("1m10m", {2, 3}, id="1m10m"),
    pytest.param("0m", {0}, id="0m"),
    pytest.param("123x", {3}, id="unknown-letter-x"),
    pytest.param("1m?2m", {2}, id="unknown-char-question-mark"),
    pytest.param("十万", {0}, id="unknown-chinese-numeral"),
    pytest.param("一万龙", {2}, id="unknown-chinese-char"),
    pytest.param("123", {0, 1, 2, 3}, id="digits-without-suit"),
    pytest.param("123m45", {4, 5, 6}, id="trailing-digits-without-suit"),
    pytest.param("m", {0}, id="suit-without-digits"),
    pytest.param("五", {0, 1}, id="chinese-numeral-without-suit"),
]


@pytest.mark.parametrize(("text", "positions"), BAD_TEXT)
def test_bad_tile_text(text, positions):
    for call in (
        lambda: kd.parse_tiles(text),
        lambda: kd.is_win(text),
        lambda: kd.winning_tiles(text),
        lambda: kd.format_tiles(text),
    ):
        with pytest.raises(InvalidTileError) as info:
            call()
        msg = str(info.value)
        assert text in msg, msg
        numbers = {int(n) for n in re.findall(r"(?<![\w-])\d+(?!\w)", msg.replace(text, " "))}
        assert numbers & positions, f"no position {sorted(positions)} in {msg!r}"


BAD_TILE_VALUES = [
    pytest.param([0, 1, 34], "34", id="index-34"),
    pytest.param([0, -1], "-1", id="index-negative"),
    pytest.param([10**30], str(10**30), id="index-huge"),
    pytest.param([0, "zz"], "zz", id="bad-text-item"),
]


@pytest.mark.parametrize(("tiles", "value"), BAD_TILE_VALUES)
def test_bad_tile_values(tiles, value):
    for call in (
        lambda: kd.is_win(tiles),
        lambda: kd.winning_tiles(tiles),
        lambda: kd.format_tiles(tiles),
        lambda: kd.score_win("123m456p789s111z2z", tiles[-1], self_draw=False),
    ):
        with pytest.raises(InvalidTileError) as info:
            call()
        assert value in str(info.value)


# (function name, kwargs, error class, a value the message must contain)
MELDS4 = [Meld.kong("1z"), Meld.added_kong("2z"), Meld.concealed_kong("9s"), Meld.pong("5p")]
BAD_CALLS = [
    # a fifth copy
    pytest.param(
        "is_win", dict(tiles="11111m234p567p789p"), TileCountError, "1m", id="five-1m-is_win"
    ),
    pytest.param(
        "winning_tiles",
        dict(tiles="11111m234p567p78p"),
        TileCountError,
        "1m",
        id="five-1m-winning_tiles",
    ),
    pytest.param(
        "is_win", dict(tiles=[0] * 5 + list(range(9, 18))), TileCountError, "1m", id="five-1m-ints"
    ),
    pytest.param(
        "is_win",
        dict(tiles="1m23m456p789p11s", melds=[Meld.kong("1m")]),
        TileCountError,
        "1m",
        id="fifth-1m-via-kong",
    ),
    pytest.param(
        "is_win",
        dict(tiles="123m456p11s", melds=[Meld.pong("1z"), Meld.pong("1z")]),
        TileCountError,
        "1z",
        id="six-1z-via-two-pongs",
    ),
    pytest.param(
        "is_win",
        dict(tiles="55555m234p567p789p", wildcards="5m"),
        TileCountError,
        "5m",
        id="five-wildcard-tiles",
    ),
    pytest.param(
        "ready_discards", dict(tiles="11111m234p567p789p"), TileCountError, "1m", id="five-1m-ready"
    ),
    pytest.param(
        "decompose", dict(tiles="11111m234p567p789p"), TileCountError, "1m", id="five-1m-decompose"
    ),
    # wrong tile count for the call
    pytest.param(
        "is_win", dict(tiles="123m456p789s111z2z"), HandSizeError, "13", id="is_win-13-tiles"
    ),
    pytest.param(
        "is_win", dict(tiles="123m456p789s111z22z3z"), HandSizeError, "15", id="is_win-15-tiles"
    ),
    pytest.param(
        "is_win",
        dict(tiles="123m456p789s111z22z", melds=[Meld.pong("9m")]),
        HandSizeError,
        "14",
        id="is_win-14-tiles-with-a-meld",
    ),
    pytest.param("is_win", dict(tiles=""), HandSizeError, "0", id="is_win-no-tiles"),
    pytest.param(
        "winning_tiles", dict(tiles="123m456p789s111z22z"), HandSizeError, "14", id="waits-14-tiles"
    ),
    pytest.param(
        "winning_tiles", dict(tiles="123m456p789s111z"), HandSizeError, "12", id="waits-12-tiles"
    ),
    pytest.param(
        "decompose", dict(tiles="123m456p789s111z2z"), HandSizeError, "13", id="decompose-13-tiles"
    ),
    pytest.param(
        "ready_discards", dict(tiles="123m456p789s111z2z"), HandSizeError, "13", id="ready-13-tiles"
    ),
    pytest.param(
        "score_win",
        dict(tiles="123m456p789s111z", win_tile="2z", self_draw=False),
        HandSizeError,
        "12",
        id="score-12-tiles",
    ),
    # melds
    pytest.param(
        "is_win",
        dict(tiles="11z", melds=MELDS4 + [Meld.pong("9m")]),
        MeldError,
        "5",
        id="five-melds",
    ),
    pytest.param(
        "is_win",
        dict(tiles="123m456p789s11z", melds=[Meld.pong("5s")], wildcards="5s"),
        MeldError,
        "5s",
        id="meld-of-wildcard-kind",
    ),
    pytest.param(
        "winning_tiles",
        dict(tiles="123m456p789s1z", melds=[Meld.kong("5s")], wildcards="5s"),
        MeldError,
        "5s",
        id="kong-of-wildcard-kind",
    ),
    pytest.param(
        "is_win", dict(tiles="123m456p789s11z", melds=[(7, 0)]), MeldError, "7", id="meld-kind-7"
    ),
    pytest.param(
        "is_win",
        dict(tiles="123m456p789s11z", melds=[(0, 1, 2)]),
        MeldError,
        "(0, 1, 2)",
        id="meld-triple-tuple",
    ),
    # wildcards
    pytest.param(
        "is_win",
        dict(tiles="123m456p789s111z22z", wildcards="5m5m"),
        WildcardError,
        "5m",
        id="repeated-wildcard-kind",
    ),
    pytest.param(
        "is_win",
        dict(tiles="123m456p789s111z22z", wildcards=[4, 4]),
        WildcardError,
        ("4", "5m"),
        id="repeated-wildcard-kind-ints",
    ),
    pytest.param(
        "is_win",
        dict(tiles="123m456p789s111z22z", wildcards="1m2m3m"),
        WildcardError,
        "3",
        id="three-wildcard-kinds",
    ),
    pytest.param(
        "is_win",
        dict(tiles="123m456p789s111p22p", wildcards="1z", rules=Rules(no_honors=True)),
        WildcardError,
        ("1z", "东"),
        id="honor-wildcard-under-no-honors",
    ),
    # a bad tile given as a wildcard: either the wildcard or the tile error is fair
    pytest.param(
        "is_win",
        dict(tiles="123m456p789s111z22z", wildcards="0z"),
        (WildcardError, InvalidTileError),
        "0z",
        id="bad-wildcard-text",
    ),
    pytest.param(
        "is_win",
        dict(tiles="123m456p789s111z22z", wildcards=[34]),
        (WildcardError, InvalidTileError),
        "34",
        id="bad-wildcard-index",
    ),
]


@pytest.mark.parametrize(("func", "kwargs", "error", "value"), BAD_CALLS)
def test_bad_calls(func, kwargs, error, value):
    kwargs = dict(kwargs)
    tiles = kwargs.pop("tiles")
    args = [tiles]
    if func == "score_win":
        args.append(kwargs.pop("win_tile"))
    with pytest.raises(error) as info:
        getattr(kd, func)(*args, **kwargs)
    msg = str(info.value)
    values = value if isinstance(value, tuple) else (value,)
    assert any(v in msg for v in values), msg
    assert isinstance(info.value, KoudiandianError) and isinstance(info.value, ValueError)


def test_melds_as_tuples():
    assert kd.is_win("123m456p789s11z", melds=[(0, 28)])
    assert kd.is_win("123m456p789s11z", melds=[(MeldKind.CONCEALED_KONG, Tile.SOUTH)])
    assert kd.winning_tiles("123m456p789s1z", melds=[(1, 28)]) == [Tile.EAST]


# ---------------------------------------------------------------------------------------
# Batch arrays
# ---------------------------------------------------------------------------------------


def _counts(*hands: str) -> np.ndarray:
    out = np.zeros((len(hands), 34), dtype=np.uint8)
    for i, h in enumerate(hands):
        for t in kd.parse_tiles(h):
            out[i, t] += 1
    return out


def test_batch_values():
    counts = _counts("123m456p789s111z22z", "13579m13579p1357s", "123m456p789s111z2z")
    wild = np.array([0, 0, 1], dtype=np.uint8)
    assert kd.is_win_batch(counts, wild).tolist() == [True, False, True]
    waits = kd.winning_tiles_batch(_counts("23m456p789p111s55s"), np.zeros(1, np.uint8))
    assert waits.shape == (1, 34)
    assert np.flatnonzero(waits[0]).tolist() == [0, 3]


GOOD14 = _counts("123m456p789s111z22z")
BAD_ARRAYS = [
    pytest.param(np.zeros((1, 33), np.uint8), np.zeros(1, np.uint8), "33", id="counts-33-columns"),
    pytest.param(np.zeros(34, np.uint8), np.zeros(1, np.uint8), "34", id="counts-1d"),
    pytest.param(np.zeros((1, 34, 1), np.uint8), np.zeros(1, np.uint8), "3", id="counts-3d"),
    pytest.param(GOOD14.astype(np.int64), np.zeros(1, np.uint8), "int64", id="counts-int64"),
    pytest.param(GOOD14.astype(np.float32), np.zeros(1, np.uint8), "float32", id="counts-float32"),
    pytest.param(GOOD14, np.zeros(1, np.int32), "int32", id="wild-int32"),
    pytest.param(GOOD14, np.zeros(2, np.uint8), "2", id="wild-length-mismatch"),
    pytest.param(GOOD14, np.zeros((1, 1), np.uint8), ("2", "(1, 1)"), id="wild-2d"),
]


@pytest.mark.parametrize(("counts", "wild", "value"), BAD_ARRAYS)
def test_bad_arrays(counts, wild, value):
    for fn in (kd.is_win_batch, kd.winning_tiles_batch):
        with pytest.raises(ArrayError) as info:
            fn(counts, wild)
        values = value if isinstance(value, tuple) else (value,)
        assert any(v in str(info.value) for v in values), str(info.value)


def test_batch_other_layouts():
    """batch.py: other layouts are refused with ArrayError; a copy giving the same answer
    as the C-contiguous array is accepted too."""
    rows = np.repeat(np.concatenate([GOOD14, _counts("13579m13579p1357s")]), 2, axis=0)  # G G B B
    wild = np.zeros(2, np.uint8)
    for counts in (rows[::2], np.asfortranarray(rows[1:3])):
        assert not counts.flags["C_CONTIGUOUS"]
        try:
            got = kd.is_win_batch(counts, wild)
        except ArrayError:
            continue
        assert (
            got.tolist()
            == kd.is_win_batch(np.ascontiguousarray(counts), wild).tolist()
            == [True, False]
        )


# ---------------------------------------------------------------------------------------
# Fuzz: no PanicException, only KoudiandianError (or TypeError for wrong Python types)
# ---------------------------------------------------------------------------------------
FUZZ = settings(
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _no_panic(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except (KoudiandianError, TypeError):
        pass
    except BaseException as e:  # PanicException derives from BaseException
        if type(e).__name__ == "PanicException" or not isinstance(e, Exception):
            raise AssertionError(f"{type(e).__name__} escaped: {e!r}") from e
        raise


TILE_CHARS = "0123456789mpsz mpsz,一二三四五六七八九十万筒条东南西北白发中\U0001f000\U0001f004\U0001f007\U0001f010\U0001f021\U0001f02b"
texts = st.one_of(st.text(max_size=30), st.text(alphabet=TILE_CHARS, max_size=24))
big_ints = st.one_of(
    st.integers(0, 33),
    st.integers(-40, 80),
    st.integers(min_value=-(2**80), max_value=2**80),
)
int_lists = st.lists(big_ints, max_size=20)
valid_hands = st.lists(st.integers(0, 33), min_size=0, max_size=18)
tiles_args = st.one_of(
    texts, int_lists, valid_hands, st.none(), st.floats(), st.lists(texts, max_size=4)
)
meld_items = st.one_of(
    st.tuples(st.integers(-2, 5), st.integers(-2, 36)),
    st.tuples(big_ints, big_ints),
    st.tuples(st.integers(0, 3), texts),
    st.tuples(st.integers(0, 3)),
    st.tuples(st.integers(0, 3), st.integers(0, 33), st.integers(0, 33)),
    texts,
    st.none(),
)
melds_args = st.one_of(st.lists(meld_items, max_size=6), st.just(()), texts, st.integers())
wild_args = st.one_of(
    st.just(()),
    texts,
    st.lists(big_ints, max_size=4),
    st.lists(st.integers(0, 33), max_size=3),
    big_ints,
)
rules_args = st.sampled_from(
    [
        None,
        Rules(),
        Rules(wind_runs=True),
        Rules(no_honors=True),
        Rules(bonus_patterns=True),
        Rules(draw5_win6=True, wind_runs=True),
    ]
)
win_args = st.one_of(big_ints, texts, st.sampled_from(list(Tile)), st.none())

HAND_FUNCS = ["is_win", "winning_tiles", "decompose", "ready_discards"]


@pytest.mark.parametrize("func", HAND_FUNCS)
@FUZZ
@given(tiles=tiles_args, melds=melds_args, wildcards=wild_args, rules=rules_args)
def test_fuzz_hand_functions(func, tiles, melds, wildcards, rules):
    _no_panic(getattr(kd, func), tiles, melds=melds, wildcards=wildcards, rules=rules)


@FUZZ
@given(
    tiles=tiles_args,
    win=win_args,
    self_draw=st.booleans(),
    melds=melds_args,
    wildcards=wild_args,
    rules=rules_args,
)
def test_fuzz_score_win(tiles, win, self_draw, melds, wildcards, rules):
    _no_panic(
        kd.score_win, tiles, win, self_draw=self_draw, melds=melds, wildcards=wildcards, rules=rules
    )


@FUZZ
@given(
    hand=st.lists(st.integers(0, 33), min_size=14, max_size=14),
    wild=st.lists(st.integers(0, 33), max_size=2),
    rules=rules_args,
)
def test_fuzz_valid_shaped_hands(hand, wild, rules):
    """Hands of the right size: at most a Koudiandian error (a fifth copy, bad wildcards)."""
    for fn in (kd.is_win, kd.decompose, kd.ready_discards):
        _no_panic(fn, hand, wildcards=wild, rules=rules)
    _no_panic(kd.winning_tiles, hand[:13], wildcards=wild, rules=rules)
    _no_panic(kd.score_win, hand, hand[0], self_draw=True, wildcards=wild, rules=rules)


@FUZZ
@given(text=texts)
def test_fuzz_text_parsers(text):
    _no_panic(kd.parse_tiles, text)
    _no_panic(Tile.parse, text)
    _no_panic(kd.format_tiles, text)
    _no_panic(Rules.parse, text)
    _no_panic(Meld.of, text, text)


@FUZZ
@given(tiles=tiles_args, style=st.sampled_from(["mpsz", "chinese", "unicode", "x"]))
def test_fuzz_format_tiles(tiles, style):
    _no_panic(kd.format_tiles, tiles, style)


@FUZZ
@given(kind=st.one_of(big_ints, texts, st.none()), tile=st.one_of(big_ints, texts, st.none()))
def test_fuzz_meld_of(kind, tile):
    _no_panic(Meld.of, kind, tile)


@FUZZ
@given(
    options=st.dictionaries(
        st.one_of(
            st.sampled_from(
                [
                    "wind_runs",
                    "no_honors",
                    "bonus_patterns",
                    "wildcards",
                    "dealer_bonus",
                    "dealer_selfdraw_double",
                ]
            ),
            st.text(max_size=8),
        ),
        st.one_of(
            st.booleans(),
            st.integers(),
            st.text(max_size=8),
            st.sampled_from(["none", "random", "honor", "double"]),
        ),
        max_size=5,
    )
)
def test_fuzz_rules_from_dict(options):
    _no_panic(Rules.from_dict, options)


dtypes = st.sampled_from([np.uint8, np.int8, np.int64, np.uint16, np.float32, np.bool_])
arrays = st.one_of(
    hnp.arrays(dtypes, hnp.array_shapes(min_dims=0, max_dims=3, max_side=40)),
    hnp.arrays(np.uint8, st.tuples(st.integers(0, 4), st.just(34))),
)


@FUZZ
@given(
    counts=arrays, wild=arrays, melds=st.one_of(st.integers(-3, 300), arrays), wildcards=wild_args
)
def test_fuzz_batch(counts, wild, melds, wildcards):
    _no_panic(kd.is_win_batch, counts, wild, melds=melds)
    _no_panic(kd.winning_tiles_batch, counts, wild, melds=melds, wildcards=wildcards)


def test_docs_option_table_is_generated_from_rules_options():
    from koudiandian.rules import options_reference

    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    embedded = text.split("<!-- options:begin -->\n")[1].split("<!-- options:end -->")[0]
    assert embedded == options_reference()
    names = [o["name"] for o in Rules.options()]
    assert names[-1] == "wildcards" and len(names) == 12
    for o in Rules.options():
        assert o["chinese"] and o["meaning"] and o["default"] in o["choices"]
        assert getattr(Rules(), o["name"]) == o["default"]


def test_rules_parse_overrides_and_conflicts():
    r = Rules.parse("Taiyuan, dealer_bonus=false")
    assert not r.dealer_bonus and not r.dealer_selfdraw_double and r.feeder_pays_all
    assert Rules.parse("taiyuan,random_wildcard") == Rules.preset("taiyuan").replace(
        wildcards="random"
    )
    assert Rules.parse("WILDCARDS=RANDOM,风嘴子") == Rules(wildcards="random", wind_runs=True)
    for text, words in [
        ("foo=bar", ["unknown option", "foo", "known options", "presets"]),
        ("random_wildcard,double_wildcard", ["conflicting presets"]),
        ("wind_runs wildcards=double", ["commas"]),
    ]:
        with pytest.raises(InvalidRulesError) as info:
            Rules.parse(text)
        for w in words:
            assert w in str(info.value), (text, w)
    with pytest.raises(InvalidRulesError, match="True or False"):
        Rules(must_win=1)
    assert repr(Rules(dealer_bonus=True, wildcards="random")) == (
        "Rules(dealer_bonus=True, wildcards='random')"
    )
    assert eval(repr(Rules.preset("taiyuan"))) == Rules.preset("taiyuan")
    assert Rules().profile == "taiyuan"


def test_hand_functions_take_a_preset_name_or_refuse_clearly():
    from koudiandian import is_win

    assert is_win("11122233344455m", rules="taiyuan")
    with pytest.raises(InvalidArgumentError, match="rules must be a Rules"):
        is_win("11122233344455m", rules={"wind_runs": True})  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        is_win("11122233344455m", rules="no_such_preset")
