"""``koudiandian analyze`` says what the profile decides: why a win is refused
(``_core.win_refusal``), who pays what (the profile's settlement, ``_core.settle_win``), and
what each pattern is called and worth (``_core.patterns``, ``_core.pattern_factor``)."""

from __future__ import annotations

from typing import Any

import koudiandian as kd
import pytest
from koudiandian import _core
from koudiandian.analyze import analyze_text
from koudiandian.tile import parse_tiles


def analyze(text: str, rules: str | None = None, **kw: Any) -> str:
    return analyze_text(parse_tiles(text), rules=kd.Rules.parse(rules) if rules else None, **kw)


@pytest.mark.parametrize(
    "rules, tiles, tile, self_draw, wildcards, refusal",
    [
        # docs/rules.md §4: 3 on a self-draw, 5 under 摸五胡六, 6 on a discard.
        ("default", "123m456p789s11z13m", "2m", True, "", "a self-draw needs 3 points or more"),
        ("draw5_win6", "123m456p789s11z23m", "4m", True, "", "a self-draw needs 5 points or more"),
        (
            "draw5_win6",
            "123m456p789s11z23m",
            "4m",
            False,
            "",
            "a win on a discard needs 6 points or more",
        ),
        (
            "default",
            "123m456p789s11z45m",
            "3m",
            False,
            "",
            "a win on a discard needs 6 points or more",
        ),
        ("default", "123m456p789s11z45m", "3m", True, "", None),
        ("draw5_win6", "123m456p789s11z46m", "5m", True, "", None),
        # docs/rules.md §6: a discarded wildcard is never won on.
        (
            "random_wildcard",
            "123p456p789p11s45m",
            "7z",
            False,
            "7z",
            "a discarded wildcard cannot be won on",
        ),
        # Profiles without thresholds refuse nothing.
        ("queyimen", "123m456m789m11m45m", "3m", False, "", None),
        ("hebei", "123m456p789s11z45m", "3m", False, "", None),
    ],
)
def test_the_refusal_is_the_profiles(
    rules: str, tiles: str, tile: str, self_draw: bool, wildcards: str, refusal: str | None
) -> None:
    r = kd.Rules.parse(rules)
    wild = parse_tiles(wildcards)
    got = _core.win_refusal(tiles, tile, self_draw, [], wild, r)
    assert got == refusal
    assert kd.score_win(tiles, tile, self_draw=self_draw, wildcards=wild, rules=r).allowed == (
        refusal is None
    )
    out = analyze(tiles, rules, win=kd.Tile.parse(tile), self_draw=self_draw, wildcards=wild)
    verdict = "allowed" if refusal is None else f"not allowed ({refusal})"
    line = next(line for line in out.splitlines() if line.startswith("win with"))
    assert line.endswith(f": {verdict}"), out


def test_payment_lines_follow_the_settlement(monkeypatch: pytest.MonkeyPatch) -> None:
    """The amounts are the settlement's: a settlement that says otherwise is printed as it
    says (no 3 × share, no kong points, no dealer bonus of Python's own)."""
    seen: list[dict[str, Any]] = []

    def settle(*args: Any, **kw: Any) -> list[tuple[int, int, int, str, int | None]]:
        seen.append(kw)
        paid = [(s, 0, 7, "win", None) for s in (1, 2, 3)]
        bonus = [(kw["dealer"], 0, 4, "dealer_bonus", None)] if kw["dealer"] else []
        return paid + [(s, 0, 1, "kong", None) for s in (1, 2, 3)] + bonus

    monkeypatch.setattr(_core, "settle_win", settle)
    out = analyze("123m456p789s11z456m", "taiyuan", self_draw=True)
    assert "  each other seat pays its share: 7\n" in out
    assert "  each other seat also pays 1 for the winner's kongs\n" in out
    assert out.endswith("  dealer bonus: +4 on the dealer's share")
    assert {kw["dealer"] for kw in seen} == {0, 2} and all(kw["discarder"] is None for kw in seen)


def test_taiyuan_payments_are_its_settlement() -> None:
    hand = "123m456p11z45m"
    melds = [kd.Meld.concealed_kong("7z")]
    out = analyze(hand, "taiyuan", melds=melds, win=kd.Tile.parse("6m"), self_draw=False)

    def paid(declared: bool, reason: str) -> int:
        transfers = _core.settle_win(
            hand, "6m", False, melds, [], "taiyuan", discarder=1, discarder_declared=declared
        )
        return sum(t[2] for t in transfers if t[3] == reason)

    assert f"pays all three shares (点炮包胡): {paid(False, 'win')}\n" in out
    assert f"(三家均摊): {paid(True, 'win') // 3}\n" in out
    assert f"(点炮包杠): {paid(False, 'concealed_kong')} in all\n" in out
    # 摸五胡六 says 5 where the default says 3; the dealer bonus is 5, or 10 on a self-draw
    # under 自摸庄分翻倍.
    assert "(a self-draw needs 5 points or more)" in analyze("123m456p789s11z234m", "draw5_win6")
    assert "(a self-draw needs 3 points or more)" in analyze("123m456p789s11z312m")
    bonus = analyze("123m456p789s11z456m", "dealer_bonus")
    assert bonus.count("dealer bonus: +5 on the dealer's share, on every share if") == 2
    double = analyze("123m456p789s11z456m", "dealer_bonus,dealer_selfdraw_double")
    assert (
        "by self-draw: p=6, 平胡, factor ×1: allowed\n  factors: 点数 6 × 自摸 2 = 12\n" in double
    )
    assert "dealer bonus: +10 on the dealer's share" in double and "+5 on the dealer's" in double


TAIYUAN_TEXT = ("点炮包胡", "三家均摊", "点炮包杠", "dealer bonus", "points or more", "报听")


def test_other_profiles_get_their_own_payments() -> None:
    out = analyze("11223344556677m", "queyimen")
    assert "  fan: 平胡 1 + 七对 2 + 清一色 3 = 6\n  the discarder pays 6" in out
    assert "  each other seat pays its share: 7\n" in out
    melds = [kd.Meld.concealed_kong("9m")]
    out = analyze("123m456m11m22m", "queyimen", melds=melds, win=kd.Tile.parse("2m"))
    assert "  the discarder pays 4\n  each other seat also pays 2 for the winner's kongs" in out
    # hebei (docs/rules.md §10): a non-dealer's self-draw, the dealer paying ×2.
    out = analyze("123m456p789s11z456m", "hebei")
    assert "  factors: 底 1 × 门清 2 × 素和 2 = 4\n  the dealer pays 8, each other seat 4\n" in out
    assert "  if the winner deals: each other seat pays its share: 8\n" in out
    assert "  the discarder pays 4\n  if the winner deals: the discarder pays 8\n" in out
    for rules in ("queyimen", "hebei", "changsha"):
        out = analyze("11223344556677m", rules)
        assert not any(text in out for text in TAIYUAN_TEXT), out


def test_settle_win_refuses_what_the_profile_refuses() -> None:
    with pytest.raises(kd.NotWinningError, match=r"\(a win on a discard needs 6 points or more\)"):
        _core.settle_win("123m456p789s11z45m", "3m", False, [], [], None, discarder=1)
    for kw, complaint in [
        ({"discarder": None}, "a win on a discard needs its discarder"),
        ({"discarder": 0}, "seat 0 cannot win on its own discard"),
        ({"discarder": 1, "dealer": 4}, "invalid dealer seat 4"),
    ]:
        with pytest.raises(kd.InvalidArgumentError, match=complaint):
            _core.settle_win("123m456p789s11z78m", "6m", False, [], [], None, **kw)


def test_patterns_come_from_the_core() -> None:
    assert [p.factor for p in kd.Pattern] == [1, 2, 2, 2, 4, 8, 16, 1]
    assert [p.factor for p in kd.Pattern] == [_core.pattern_factor(p) for p in kd.Pattern]
    # A profile without pattern factors answers 1.
    assert {_core.pattern_factor(p, "hebei") for p in kd.Pattern} == {1}
    names = _core.patterns()
    assert [name for name, _ in names] == [p.name.lower() for p in kd.Pattern]
    assert [p.chinese for p in kd.Pattern] == [chinese for _, chinese in names]
    assert kd.Pattern.LUXURY_GOLDEN_SEVEN_PAIRS.chinese == "豪华黄金七小对"
    with pytest.raises(kd.InvalidArgumentError, match="invalid pattern 8"):
        _core.pattern_factor(8)


def test_declarable_is_the_profiles() -> None:
    assert _core.declarable("123p456p789p11s57m", [], [], None)
    assert not _core.declarable("123p456p789p11s23m", [], [], None)
    assert not _core.declarable("123p456p789p11s57m", [], [], "queyimen")
