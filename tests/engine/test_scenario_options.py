"""The options that change the tiles and the shapes (RULES §1, §4, §5.1, §6): wildcards
(耗子), ``no_honors``, ``wind_runs`` and ``bonus_patterns``.

Every expected number below is worked out by hand from RULES.md (and the engine decisions
of docs/rules.md where RULES.md is silent); the comment above each expectation shows the
sum. The walls come from ``tests.support.walls.build_wall``; the moves and checks from
``tests.support.scenario`` (``H69`` waits on 6p / 9p; a seat declares by discarding a useless
honor face down).
"""

from __future__ import annotations

import koudiandian as kd
import pytest
from koudiandian import Action, Game, Rules

from tests.support.scenario import (
    H69,
    K,
    T,
    act,
    check,
    declare,
    discard,
    drawn,
    kinds,
    new_game,
    phase,
    tr,
    win_alone,
    win_each,
)
from tests.support.walls import build_wall

# ---------------------------------------------------------------------------------------
# §6: wildcards (耗子)
# ---------------------------------------------------------------------------------------


def test_discarded_wildcard_cannot_be_won_ponged_or_konged():
    # wildcard 3s; seat 1 is declared (a wildcard would complete it), seat 2 holds three 3s
    rules = Rules(wildcards="random")
    g = new_game(
        rules, hands={1: H69, 2: "3s3s3s"}, draws=["1z", None, "3s", None, "9p"], wildcards="3s"
    )
    assert g.wildcards == (T("3s"),)
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3, "3s", passing=False)
    assert g.to_act == (0,) and phase(g) == "turn"
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


@pytest.mark.parametrize(
    "wild, offered", [("3s", False), ("7z", True)], ids=["wildcards", "natural"]
)
def test_four_wildcards_are_not_a_kong(wild, offered):
    g = new_game(Rules(wildcards="random"), hands={2: "3333s"}, wildcards=wild)
    discard(g, 0)
    discard(g, 1)
    assert g.to_act == (2,)
    assert (Action(K.CONCEALED_KONG, T("3s")) in g.legal_actions(2)) is offered


@pytest.mark.parametrize(
    "mode, wild, hand, junk, tile, p",
    [
        # a self-drawn wildcard is worth the highest winning tile: waits 6p / 9p -> 9
        ("random", "3s", H69, "1z", "3s", 9),
        ("honor", "7z", H69, "1z", "7z", 9),
        # waits 3p / 6p -> 6
        ("random", "3s", "123m456m789m11p45p", "1z", "3s", 6),
        # holding the wildcard 3s: waits 1p, 7s, 8s, 9s -> 9
        ("double", "3s7z", "123m456m789m11p3s9s", "1z", "7z", 9),
        # the natural 8s is worth 8
        ("double", "3s7z", "123m456m789m11p3s9s", "1z", "8s", 8),
        # four 1z: no natural winning tile; only a wildcard standing for a fifth 1z wins,
        # so p is the wildcard's own value, 10 (and that makes 报听 possible)
        ("honor", "7z", "123m456m789m1111z", "2z", "7z", 10),
    ],
    ids=["random", "honor", "random-6", "double-wild", "double-natural", "honor-own-kind"],
)
def test_self_draw_with_wildcards_max_point_rule(mode, wild, hand, junk, tile, p):
    g = new_game(
        Rules(wildcards=mode), hands={1: hand}, draws=[junk, None, None, None, tile], wildcards=wild
    )
    discard(g, 0)
    assert Action(K.DECLARE, T(junk)) in g.legal_actions(1)
    declare(g, 1, junk)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    assert g.to_act == (1,) and drawn(g, 1) == T(tile)
    act(g, 1, K.SELF_DRAW_WIN)
    assert (g.result.points, g.result.win_tile, g.result.factor) == (p, T(tile), 1)
    check(g, win_each(1, 2 * p), (-2 * p, 6 * p, -2 * p, -2 * p))


def test_discard_win_with_a_wildcard_in_hand_on_a_natural_tile():
    g = new_game(
        Rules(wildcards="double"),
        hands={1: "123m456m789m11p3s9s"},
        draws=["1z", "7z", None, None, None, "8s"],
        wildcards="3s7z",
    )
    discard(g, 0)
    declare(g, 1, "1z")
    # a discarded wildcard: no win
    discard(g, 2, "7z", passing=False)
    assert g.to_act == (3,)
    discard(g, 3)
    discard(g, 0)
    discard(g, 2, "8s", passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.WIN, K.PASS}
    act(g, 1, K.WIN)
    # p = 8, seat 2 undeclared: 3 x 8
    check(g, win_alone(1, 2, 8), (0, 24, -24, 0))


# ---------------------------------------------------------------------------------------
# §1 / §4 / §5.1 options: no_honors, wind_runs, bonus_patterns
# ---------------------------------------------------------------------------------------


def test_no_honors_wall_of_108():
    rules = Rules(no_honors=True)
    wall = build_wall({1: H69}, ["5s", None, None, None, "9p"], no_honors=True)
    assert len(wall) == 108 and max(wall) < 27
    with pytest.raises(kd.InvalidWallError):
        Game(rules, wall=build_wall({1: H69}))
    g = Game(rules, wall=wall)
    assert g.wall_remaining == 108 - 53
    discard(g, 0)
    declare(g, 1, "5s")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


@pytest.mark.parametrize("runs", [False, True], ids=["default", "wind_runs"])
def test_wind_runs(runs):
    # 东南西 is a run only with 风嘴子: then 123m456m789m123z9p waits 9p
    g = new_game(
        Rules(wind_runs=runs), hands={1: "123m456m789m123z9p"}, draws=["5z", None, None, None, "9p"]
    )
    discard(g, 0)
    assert (Action(K.DECLARE, T("5z")) in g.legal_actions(1)) is runs
    if not runs:
        return
    declare(g, 1, "5z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


SEVEN_PAIRS = "1133m5577p99s11z2z"  # waits 2z


@pytest.mark.parametrize(
    "rules, self_draw, expected, deltas, factor",
    [
        # no option: seven pairs is a plain win; self-draw of 2z: 2 x 10 = 20 each
        (Rules(), True, win_each(1, 20), (-20, 60, -20, -20), 1),
        # 七小对 x2: 40 each
        (Rules(bonus_patterns=True), True, win_each(1, 40), (-40, 120, -40, -40), 2),
        # the dealer bonus comes on top of the factor: 40 + 5
        (
            Rules(bonus_patterns=True, dealer_bonus=True),
            True,
            win_each(1, 40) + [tr(0, 1, 5, "dealer_bonus")],
            (-45, 125, -40, -40),
            2,
        ),
        # on a discard: 3 shares of 10 x 2, paid by seat 2
        (Rules(bonus_patterns=True), False, win_alone(1, 2, 20), (0, 60, -60, 0), 2),
    ],
    ids=["default", "bonus_patterns", "bonus_patterns+dealer_bonus", "bonus_patterns-discard"],
)
def test_bonus_patterns_seven_pairs(rules, self_draw, expected, deltas, factor):
    draws = ["3z", None, None, None, "2z"] if self_draw else ["3z", "2z"]
    g = new_game(rules, hands={1: SEVEN_PAIRS}, draws=draws)
    discard(g, 0)
    declare(g, 1, "3z")
    if self_draw:
        discard(g, 2)
        discard(g, 3)
        discard(g, 0)
        act(g, 1, K.SELF_DRAW_WIN)
    else:
        discard(g, 2, "2z", passing=False)
        act(g, 1, K.WIN)
    assert g.result.factor == factor
    assert kd.Pattern.SEVEN_PAIRS in g.result.patterns  # named either way; the factor differs
    check(g, expected, deltas)
