"""The Python API's rule options (RULES §8): forbidden and allowed combinations, presets,
the ``Rules.parse`` text with its overrides and conflicts, the values a profile gives a wait,
and the docs' option table generated from ``Rules.options``."""

from __future__ import annotations

import copy
import pickle

import pytest
from koudiandian import InvalidRulesError, InvalidTileError, Rules, Tile, WildcardMode

from tests.support import ROOT

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
