"""Winning shapes (RULES §4, §6): is_win, winning_tiles, decompose, ready_discards.

Every expected value here was worked out by hand from RULES.md, one hand per line. Expected
tiles are written in MPSZ and read by ``_t`` below, a parser independent of the package.
"""

from __future__ import annotations

import koudiandian as kd
import pytest
from koudiandian import GroupKind, Meld, Rules, Shape, Tile
from koudiandian.tile import TILES

WR = Rules(wind_runs=True)  # 风嘴子
SEQ, TRI, KONG, PAIR, ORPH = (
    GroupKind.SEQUENCE,
    GroupKind.TRIPLET,
    GroupKind.KONG,
    GroupKind.PAIR,
    GroupKind.ORPHANS,
)


def _t(text: str) -> list[Tile]:
    """MPSZ text to tiles, written for the tests (RULES §1 indices)."""
    out: list[Tile] = []
    digits: list[int] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits.append(int(ch))
        else:
            base = "mpsz".index(ch) * 9
            out.extend(Tile(base + d - 1) for d in digits)
            digits = []
    assert not digits, text
    return out


ORPHANS13 = _t("19m19p19s1234567z")
ALL_M = _t("123456789m")
ALL_BUT_5S = [t for t in TILES if t is not Tile.S5]

# ---------------------------------------------------------------------------------------
# is_win: (tiles, melds, wildcards, rules, expected)
# ---------------------------------------------------------------------------------------
IS_WIN = [
    # standard: four melds and a pair
    pytest.param(
        "123m456p789s111z22z", (), (), None, True, id="standard-mixed-123m456p789s111z22z"
    ),
    pytest.param("11122233344455m", (), (), None, True, id="standard-triplets-11122233344455m"),
    pytest.param("11123455678999m", (), (), None, True, id="standard-nine-gates-plus-5m"),
    pytest.param(
        "111122223333m11z", (), (), None, True, id="standard-four-equal-runs-111122223333m11z"
    ),
    pytest.param("123m456p789s11z235z", (), (), None, False, id="not-win-123m456p789s11z235z"),
    pytest.param(
        "13579m13579p1357s", (), (), None, False, id="not-win-scattered-13579m13579p1357s"
    ),
    pytest.param("123m456p789s11z", [Meld.pong("2z")], (), None, True, id="standard-with-pong-2z"),
    pytest.param(
        "11m",
        [Meld.kong("1z"), Meld.added_kong("2z"), Meld.concealed_kong("9s"), Meld.pong("5p")],
        (),
        None,
        True,
        id="standard-four-melds-and-pair-11m",
    ),
    pytest.param(
        "12m",
        [Meld.kong("1z"), Meld.added_kong("2z"), Meld.concealed_kong("9s"), Meld.pong("5p")],
        (),
        None,
        False,
        id="not-win-four-melds-12m",
    ),
    pytest.param(
        "123m456p11z",
        [Meld.kong("9s"), Meld.concealed_kong("7z")],
        (),
        None,
        True,
        id="standard-two-kongs-count-as-melds",
    ),
    # seven pairs and its named forms
    pytest.param("1133557799m1122z", (), (), None, True, id="seven-pairs-1133557799m1122z"),
    pytest.param(
        "1111m3355p7799s11z", (), (), None, True, id="golden-seven-pairs-1111m3355p7799s11z"
    ),
    pytest.param(
        "1111m3333p5577s11z", (), (), None, True, id="luxury-seven-pairs-1111m3333p5577s11z"
    ),
    pytest.param("1111m3333p5555s11z", (), (), None, True, id="luxury-golden-1111m3333p5555s11z"),
    pytest.param("1133557799m1112z", (), (), None, False, id="not-win-six-pairs-and-111z2z"),
    pytest.param(
        "11335577m",
        [Meld.pong("1z"), Meld.pong("2z")],
        (),
        None,
        False,
        id="no-seven-pairs-with-melds-11335577m",
    ),
    pytest.param("5m113355779p1122z", (), "5m", None, True, id="seven-pairs-wildcard-as-9p"),
    # thirteen orphans
    pytest.param("119m19p19s1234567z", (), (), None, True, id="orphans-pair-1m"),
    pytest.param("19m19p19s12345677z", (), (), None, True, id="orphans-pair-7z"),
    pytest.param("119m19p19s123456z8m", (), (), None, False, id="not-orphans-missing-7z-extra-8m"),
    pytest.param("1159m19p19s123456z", (), "5m", None, True, id="orphans-wildcard-5m-fills-7z"),
    pytest.param("1159m19p19s123456z", (), (), None, False, id="orphans-5m-not-wild-missing-7z"),
    pytest.param("159m19p19s1234567z", (), "5m", None, True, id="orphans-wildcard-5m-as-pair"),
    pytest.param("159m19p19s1234567z", (), (), None, False, id="orphans-natural-5m-no-pair"),
    pytest.param("159m19p19s1234567z", (), [4], None, True, id="orphans-wildcard-given-as-int"),
    # 风嘴子 (wind_runs): 东南西, 东南北, 南西北, 东西北, 中发白
    pytest.param("123m456p55789s123z", (), (), WR, True, id="wind-run-ESW-123z"),
    pytest.param("123m456p55789s123z", (), (), None, False, id="no-option-ESW-123z"),
    pytest.param("123m456p55789s124z", (), (), WR, True, id="wind-run-ESN-124z"),
    pytest.param("123m456p55789s124z", (), (), None, False, id="no-option-ESN-124z"),
    pytest.param("123m456p55789s234z", (), (), WR, True, id="wind-run-SWN-234z"),
    pytest.param("123m456p55789s234z", (), (), None, False, id="no-option-SWN-234z"),
    pytest.param("123m456p55789s134z", (), (), WR, True, id="wind-run-EWN-134z"),
    pytest.param("123m456p55789s134z", (), (), None, False, id="no-option-EWN-134z"),
    pytest.param("123m456p55789s567z", (), (), WR, True, id="dragon-run-567z"),
    pytest.param("123m456p55789s567z", (), (), None, False, id="no-option-dragon-567z"),
    pytest.param("123m456p55789s125z", (), (), WR, False, id="not-a-run-ES-white-125z"),
    pytest.param("123m456p55789s145z", (), (), WR, False, id="not-a-run-EN-white-145z"),
    pytest.param("123m55p789s112233z", (), (), WR, True, id="two-wind-runs-112233z"),
    pytest.param("123m55p789s112233z", (), (), None, False, id="no-option-112233z"),
    pytest.param("123m456p789s11z234z", (), (), WR, True, id="wind-run-234z-pair-11z"),
    pytest.param("123m456p789s11z234z", (), (), None, False, id="no-option-234z-pair-11z"),
    pytest.param("123m456p78999s12z5m", (), "5m", WR, True, id="wind-run-with-wildcard-12z+5m"),
    pytest.param("123m456p78999s12z5m", (), "5m", None, False, id="no-option-12z+wildcard"),
    # wildcards standing for a fifth copy
    pytest.param("1111m234p567p789p5s", (), "5s", None, True, id="wildcard-5s-as-fifth-1m"),
    pytest.param("1111m234p567p789p5s", (), (), None, False, id="natural-5s-no-fifth-1m"),
]


@pytest.mark.parametrize(("tiles", "melds", "wildcards", "rules", "expected"), IS_WIN)
def test_is_win(tiles, melds, wildcards, rules, expected):
    assert kd.is_win(tiles, melds=melds, wildcards=wildcards, rules=rules) is expected


# ---------------------------------------------------------------------------------------
# winning_tiles: (tiles, melds, wildcards, rules, expected)
# ---------------------------------------------------------------------------------------
WAITS = [
    pytest.param("1112345678999m", (), (), None, ALL_M, id="nine-gates-1112345678999m"),
    pytest.param("123m456p789s1122z", (), (), None, _t("12z"), id="shanpon-11z22z"),
    pytest.param("123m456p555789s1z", (), (), None, _t("1z"), id="tanki-1z"),
    pytest.param("23m456p789p111s55s", (), (), None, _t("14m"), id="ryanmen-23m"),
    pytest.param("1133557799m11z2z", (), (), None, _t("2z"), id="seven-pairs-tanki-2z"),
    pytest.param("1133557799m111z", (), (), None, _t("1z"), id="seven-pairs-quad-wait-111z"),
    pytest.param("19m19p19s1234567z", (), (), None, ORPHANS13, id="orphans-13-sided"),
    pytest.param("119m19p19s123456z", (), (), None, _t("7z"), id="orphans-missing-7z"),
    pytest.param("19m19p19s123456z5m", (), "5m", None, ORPHANS13, id="orphans-with-wildcard-5m"),
    pytest.param(
        "1133557m",
        [Meld.pong("1z"), Meld.pong("2z")],
        (),
        None,
        [],
        id="no-seven-pairs-with-melds-1133557m",
    ),
    # 风嘴子
    pytest.param("123m456p789s55s12z", (), (), WR, _t("34z"), id="wind-run-wait-12z"),
    pytest.param("123m456p789s55s12z", (), (), None, [], id="no-option-12z"),
    pytest.param("123m456p789s55s13z", (), (), WR, _t("24z"), id="wind-run-wait-13z"),
    pytest.param("123m456p789s55s24z", (), (), WR, _t("13z"), id="wind-run-wait-24z"),
    pytest.param("123m456p789s55s14z", (), (), WR, _t("23z"), id="wind-run-wait-14z"),
    pytest.param("123m456p789s55s67z", (), (), WR, _t("5z"), id="dragon-run-wait-67z"),
    pytest.param("123m456p789s55s67z", (), (), None, [], id="no-option-67z"),
    # kinds the seat holds all four of are left out
    pytest.param("1111m234p567p789p", (), (), None, [], id="only-wait-1m-held-four"),
    pytest.param("123m456p5555678s", (), (), None, _t("8s"), id="5s-held-four-concealed"),
    pytest.param(
        "123m456p5678s", [Meld.pong("5s")], (), None, _t("8s"), id="5s-held-four-via-pong"
    ),
    pytest.param("123m456p5678s", [Meld.pong("1z")], (), None, _t("5s8s"), id="5s-held-three"),
    # wildcard kinds are left out; wildcards held stand for anything
    pytest.param("123m456p789p23s55z", (), (), None, _t("14s"), id="23s-no-wildcards"),
    pytest.param("123m456p789p23s55z", (), "4s", None, _t("1s"), id="23s-wildcard-4s-left-out"),
    pytest.param(
        "45m123p456p789p11s", (), "5m", None, _t("2346m1s"), id="held-wildcard-5m-with-4m"
    ),
    pytest.param("123p456p789p11s46m", (), "5m", None, [], id="only-wildcard-kind-5m-completes"),
    pytest.param("1111m234p567p78p5s", (), "5s", None, _t("69p"), id="wildcard-as-fifth-1m"),
    pytest.param("111m234p567p789p5s", (), "5s", None, ALL_BUT_5S, id="wildcard-tanki-any-tile"),
]


@pytest.mark.parametrize(("tiles", "melds", "wildcards", "rules", "expected"), WAITS)
def test_winning_tiles(tiles, melds, wildcards, rules, expected):
    assert kd.winning_tiles(tiles, melds=melds, wildcards=wildcards, rules=rules) == expected


# ---------------------------------------------------------------------------------------
# decompose: readings compared as (shape, quads, multiset of (kind, tiles, declared))
# ---------------------------------------------------------------------------------------


def _norm(reading):
    groups = tuple(
        sorted((int(g.kind), tuple(sorted(g.tiles)), g.declared) for g in reading.groups)
    )
    return (reading.shape, reading.quads, groups)


def _std(*groups):
    return (
        Shape.STANDARD,
        0,
        tuple(sorted((int(k), tuple(sorted(_t(s))), False) for k, s in groups)),
    )


def _sp(pairs, quads):
    return (
        Shape.SEVEN_PAIRS,
        quads,
        tuple(sorted((int(PAIR), tuple(_t(p)), False) for p in pairs)),
    )


DECOMPOSE = [
    pytest.param(
        "123m456p789s111z22z",
        (),
        (),
        None,
        [_std((SEQ, "123m"), (SEQ, "456p"), (SEQ, "789s"), (TRI, "111z"), (PAIR, "22z"))],
        id="standard-123m456p789s111z22z",
    ),
    pytest.param(
        "11223344556677m",
        (),
        (),
        None,
        [
            _std((PAIR, "11m"), (SEQ, "234m"), (SEQ, "234m"), (SEQ, "567m"), (SEQ, "567m")),
            _std((PAIR, "44m"), (SEQ, "123m"), (SEQ, "123m"), (SEQ, "567m"), (SEQ, "567m")),
            _std((PAIR, "77m"), (SEQ, "123m"), (SEQ, "123m"), (SEQ, "456m"), (SEQ, "456m")),
            _sp(["11m", "22m", "33m", "44m", "55m", "66m", "77m"], 0),
        ],
        id="three-standard-and-seven-pairs-11223344556677m",
    ),
    pytest.param(
        "1133557799m1122z",
        (),
        (),
        None,
        [_sp(["11m", "33m", "55m", "77m", "99m", "11z", "22z"], 0)],
        id="seven-pairs-0-quads",
    ),
    pytest.param(
        "1111m3355p7799s11z",
        (),
        (),
        None,
        [_sp(["11m", "11m", "33p", "55p", "77s", "99s", "11z"], 1)],
        id="golden-seven-pairs-1-quad",
    ),
    pytest.param(
        "1111m3333p5577s11z",
        (),
        (),
        None,
        [_sp(["11m", "11m", "33p", "33p", "55s", "77s", "11z"], 2)],
        id="luxury-seven-pairs-2-quads",
    ),
    pytest.param(
        "1111m3333p5555s11z",
        (),
        (),
        None,
        [_sp(["11m", "11m", "33p", "33p", "55s", "55s", "11z"], 3)],
        id="luxury-golden-seven-pairs-3-quads",
    ),
    pytest.param(
        "11112222333344m",
        (),
        (),
        None,
        [
            _std((PAIR, "11m"), (SEQ, "123m"), (SEQ, "123m"), (SEQ, "234m"), (SEQ, "234m")),
            _std((PAIR, "44m"), (TRI, "111m"), (TRI, "222m"), (TRI, "333m"), (SEQ, "123m")),
            _std((PAIR, "44m"), (SEQ, "123m"), (SEQ, "123m"), (SEQ, "123m"), (SEQ, "123m")),
            _sp(["11m", "11m", "22m", "22m", "33m", "33m", "44m"], 3),
        ],
        id="luxury-golden-and-three-standard-11112222333344m",
    ),
    pytest.param(
        "119m19p19s1234567z",
        (),
        (),
        None,
        [
            (
                Shape.THIRTEEN_ORPHANS,
                0,
                ((int(ORPH), tuple(sorted(_t("119m19p19s1234567z"))), False),),
            )
        ],
        id="thirteen-orphans",
    ),
    pytest.param(
        "123m456p55789s123z",
        (),
        (),
        WR,
        [_std((SEQ, "123m"), (SEQ, "456p"), (SEQ, "789s"), (SEQ, "123z"), (PAIR, "55s"))],
        id="wind-run-123z",
    ),
    pytest.param("123m456p55789s123z", (), (), None, [], id="no-option-wind-run-123z"),
    pytest.param(
        "123m55p789s112233z",
        (),
        (),
        WR,
        [_std((SEQ, "123m"), (SEQ, "789s"), (SEQ, "123z"), (SEQ, "123z"), (PAIR, "55p"))],
        id="two-wind-runs-112233z",
    ),
    pytest.param("13579m13579p1357s", (), (), None, [], id="not-complete"),
    pytest.param(
        "11335577m",
        [Meld.pong("1z"), Meld.pong("2z")],
        (),
        None,
        [],
        id="no-seven-pairs-with-melds",
    ),
]


@pytest.mark.parametrize(("tiles", "melds", "wildcards", "rules", "expected"), DECOMPOSE)
def test_decompose(tiles, melds, wildcards, rules, expected):
    readings = kd.decompose(tiles, melds=melds, wildcards=wildcards, rules=rules)
    assert sorted(map(_norm, readings)) == sorted(expected)
    for r in readings:
        if r.shape is Shape.STANDARD:
            assert len(r.groups) == 5 and r.groups[-1].kind is PAIR, str(r)
        elif r.shape is Shape.SEVEN_PAIRS:
            assert len(r.groups) == 7 and all(g.kind is PAIR for g in r.groups), str(r)


# seven pairs named forms: (tiles, quads)
SEVEN_PAIR_FORMS = [
    pytest.param("1133557799m1122z", 0, id="七小对-0-quads"),
    pytest.param("1111m3355p7799s11z", 1, id="黄金七小对-1-quad"),
    pytest.param("1111m3333p5577s11z", 2, id="豪华七小对-2-quads"),
    pytest.param("1111m3333p5555s11z", 3, id="豪华黄金七小对-3-quads"),
    pytest.param("11113355779999m", 2, id="豪华七小对-one-suit-1111m9999m"),
    pytest.param("1133557799m1112z", None, id="not-seven-pairs-111z2z"),
    pytest.param("123m456p789s111z22z", None, id="not-seven-pairs-standard-only"),
]


@pytest.mark.parametrize(("tiles", "quads"), SEVEN_PAIR_FORMS)
def test_seven_pairs_quads(tiles, quads):
    sp = [r for r in kd.decompose(tiles) if r.shape is Shape.SEVEN_PAIRS]
    assert [r.quads for r in sp] == ([] if quads is None else [quads])


def test_decompose_declared_melds():
    """Declared melds appear as declared groups: kongs as KONG, a pong as TRIPLET."""
    readings = kd.decompose("123m456p11z", melds=[Meld.kong("9s"), Meld.concealed_kong("7z")])
    assert len(readings) == 1
    (r,) = readings
    assert r.shape is Shape.STANDARD
    declared = sorted((g.kind, tuple(sorted(set(g.tiles)))) for g in r.groups if g.declared)
    assert declared == [(KONG, (Tile.S9,)), (KONG, (Tile.RED,))]
    readings = kd.decompose("123m456p789s11z", melds=[Meld.pong("2z")])
    assert len(readings) == 1
    assert [(g.kind, g.tiles) for g in readings[0].groups if g.declared] == [
        (TRI, (Tile.SOUTH,) * 3)
    ]


# readings with wildcards: (tiles, wildcards, rules, shape, what the wildcards stand for)
WILD_READINGS = [
    pytest.param(
        "1159m19p19s123456z",
        "5m",
        None,
        Shape.THIRTEEN_ORPHANS,
        {Tile.RED},
        id="orphans-wildcard-5m-is-7z",
    ),
    pytest.param(
        "1111m234p567p789p5s", "5s", None, Shape.STANDARD, {Tile.M1}, id="wildcard-5s-is-fifth-1m"
    ),
    pytest.param(
        "123m456p78999s12z5m",
        "5m",
        WR,
        Shape.STANDARD,
        {Tile.WEST, Tile.NORTH},
        id="wildcard-completes-wind-run-12z",
    ),
    pytest.param(
        "5m113355779p1122z",
        "5m",
        None,
        Shape.SEVEN_PAIRS,
        {Tile.P9},
        id="seven-pairs-wildcard-is-9p",
    ),
]


@pytest.mark.parametrize(("tiles", "wildcards", "rules", "shape", "stands_for"), WILD_READINGS)
def test_decompose_wildcards(tiles, wildcards, rules, shape, stands_for):
    readings = kd.decompose(tiles, wildcards=wildcards, rules=rules)
    assert readings, tiles
    assert {r.shape for r in readings} == {shape}
    seen = set()
    for r in readings:
        values = list(r.wildcards.values())
        assert len(values) == 1, str(r)  # exactly one wildcard tile in each of these hands
        seen.update(values)
    assert seen == stands_for


# ---------------------------------------------------------------------------------------
# ready_discards (报听): (tiles, wildcards, expected [(discard, waits, wildcard_points, declarable)])
# ---------------------------------------------------------------------------------------
READY = [
    pytest.param(
        "23m456p789p111s55s7z",
        (),
        [("7z", "14m", None, False)],
        id="waits-1m4m-ready-not-declarable",
    ),
    pytest.param(
        "45m456p789p111s55s7z", (), [("7z", "36m", None, True)], id="waits-3m6m-declarable"
    ),
    pytest.param(
        "235m456p789p111s55s",
        (),
        [("2m", "4m", None, False), ("5m", "14m", None, False)],
        id="two-discards-both-low-235m",
    ),
    pytest.param(
        "458m456p789p111s55s", (), [("8m", "36m", None, True)], id="discard-8m-waits-3m6m"
    ),
    pytest.param(
        "229m456p789p111s77z",
        (),
        [("9m", "2m7z", None, True)],
        id="waits-2m-and-7z-declarable-by-7z",
    ),
    pytest.param(
        "23m456p789p111s55s7z",
        "9s",
        [("7z", "14m", 4, False)],
        id="wildcard-9s-max-point-4-not-declarable",
    ),
    pytest.param(
        "45m456p789p111s55s7z",
        "9s",
        [("7z", "36m", 6, True)],
        id="wildcard-9s-max-point-6-declarable",
    ),
    pytest.param(
        "68m123p456p789p11s7z",
        "7m",
        [("7z", "", 7, True)],
        id="only-wildcard-7m-completes-p7-declarable",
    ),
    pytest.param(
        "46m123p456p789p11s7z",
        "5m",
        [("7z", "", 5, False)],
        id="only-wildcard-5m-completes-p5-not-declarable",
    ),
]


@pytest.mark.parametrize(("tiles", "wildcards", "expected"), READY)
def test_ready_discards(tiles, wildcards, expected):
    got = [
        (d.discard, list(d.winning_tiles), d.wildcard_points, d.declarable)
        for d in kd.ready_discards(tiles, wildcards=wildcards)
    ]
    want = [(_t(d)[0], _t(w), wp, dec) for d, w, wp, dec in expected]
    assert got == want
