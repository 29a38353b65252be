"""The Python API's error contract: every bad input raises a specific KoudiandianError that is
also a ValueError and names the bad value (bad tile text, bad tile values, bad calls of every
hand function, a profile named wrongly), and no Rust panic ever reaches Python."""

from __future__ import annotations

import re

import koudiandian as kd
import pytest
from koudiandian import (
    ArrayError,
    HandSizeError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidTileError,
    KoudiandianError,
    Meld,
    MeldError,
    Rules,
    TileCountError,
    WildcardError,
)

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


def test_hand_functions_take_a_preset_name_or_refuse_clearly():
    from koudiandian import is_win

    assert is_win("11122233344455m", rules="taiyuan")
    with pytest.raises(InvalidArgumentError, match="rules must be a Rules"):
        is_win("11122233344455m", rules={"wind_runs": True})  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        is_win("11122233344455m", rules="no_such_preset")
