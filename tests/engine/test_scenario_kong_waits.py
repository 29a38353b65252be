"""Kongs against the waits and against a win: ``kong_keeps_waits`` (改变听口不能杠, RULES §4)
for concealed, direct and added kongs, and robbing an added kong (抢杠, RULES §3), ``must_win``
included.

Every expected number below is worked out by hand from RULES.md (and the engine decisions
of docs/rules.md where RULES.md is silent); the comment above each expectation shows the
sum. The walls come from ``tests.support.walls.build_wall``; the moves and checks from
``tests.support.scenario`` (``H69`` waits on 6p / 9p; a seat declares by discarding a useless
honor face down).
"""

from __future__ import annotations

import pytest
from koudiandian import Action, Rules, WinKind

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

# ---------------------------------------------------------------------------------------
# §3: robbing an added kong (抢杠)
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "konger_declares, expected, deltas",
    [
        # the konger (seat 2) had not declared: it pays the three shares, 3 x 9
        (False, win_alone(1, 2, 9), (0, 27, -27, 0)),
        # the konger had declared: 三家均摊, 9 each
        (True, win_each(1, 9), (-9, 27, -9, -9)),
    ],
    ids=["undeclared-konger", "declared-konger"],
)
def test_robbing_an_added_kong(konger_declares, expected, deltas):
    seat2 = "99p123s456s789s2z3z" if konger_declares else "99p9m"
    g = new_game(hands={0: "9p", 1: H69, 2: seat2}, draws=[None, None, "1z", "9p"])
    discard(g, 0, "9p", passing=False)
    assert g.to_act == (2,)
    act(g, 2, K.PONG)
    if konger_declares:
        declare(g, 2, "3z")  # waits 2z with the pong of 9p
    else:
        discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    assert drawn(g, 2) == T("9p")
    if konger_declares:
        # a declared seat may add to its pong with the tile it just drew
        assert kinds(g, 2) == {K.ADDED_KONG, K.DISCARD}
    act(g, 2, K.ADDED_KONG, "9p")
    assert phase(g) == "rob" and g.to_act == (1,)
    assert g.legal_actions(1) == [Action(K.WIN), Action(K.PASS)]
    act(g, 1, K.WIN)
    res = g.result
    assert (res.winner, res.win_kind, res.discarder, res.win_tile) == (
        1,
        WinKind.ROBBED_KONG,
        2,
        T("9p"),
    )
    # the robbed kong is not a kong: no kong payment, the meld stays a pong
    check(g, expected, deltas)
    assert [m.kind for m in g.view(2).melds[2]] == ["pong"]


def test_robbing_passed_the_kong_stands_and_is_paid():
    g = new_game(
        hands={0: "9p", 1: H69, 2: "99p9m"},
        draws=[None, None, "1z", "9p", None, "6p", None, None],
        replacements=[None],
    )
    discard(g, 0, "9p", passing=False)
    act(g, 2, K.PONG)
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    act(g, 2, K.ADDED_KONG, "9p")
    act(g, 1, K.PASS)
    # the added kong stands; seat 1 passed a win (过胡)
    assert g.to_act == (2,) and g.view(1).passed_win
    discard(g, 2)
    discard(g, 3)
    # a discarded 6p is no longer offered to seat 1
    assert drawn(g, 0) == T("6p")
    discard(g, 0, passing=False)
    assert phase(g) == "turn" and g.to_act == (2,)


# ---------------------------------------------------------------------------------------
# §4: kong_keeps_waits (改变听口不能杠)
# ---------------------------------------------------------------------------------------

KW = "111m23m456p789p99s"  # waits 1m, 4m, 9s; a kong of 1m would leave only 4m


@pytest.mark.parametrize("keep", [False, True], ids=["default", "kong_keeps_waits"])
def test_concealed_kong_changing_the_waits(keep):
    g = new_game(Rules(kong_keeps_waits=keep), hands={1: KW}, draws=["1z", None, None, None, "1m"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, passing=False)
    if keep:
        # not offered: the drawn 1m (worth 1, no win) is discarded for seat 1
        assert g.to_act == (2,)
        last = [e for e in g.events if e["type"] == "discard"][-1]
        assert (last["seat"], last["tile"], last["auto"]) == (1, int(T("1m")), True)
    else:
        assert g.to_act == (1,) and kinds(g, 1) == {K.CONCEALED_KONG, K.DISCARD}


@pytest.mark.parametrize("keep", [False, True], ids=["default", "kong_keeps_waits"])
def test_direct_kong_changing_the_waits(keep):
    g = new_game(Rules(kong_keeps_waits=keep), hands={1: KW}, draws=["1z", "1m"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    if keep:
        assert g.to_act == (3,) and phase(g) == "turn"
    else:
        assert g.to_act == (1,) and kinds(g, 1) == {K.KONG, K.PASS}


def test_concealed_kong_keeping_the_waits_then_win_on_the_replacement():
    # 111z123m456p789p9s waits 9s alone, before and after a kong of 1z
    g = new_game(
        Rules(kong_keeps_waits=True),
        hands={1: "111z123m456p789p9s"},
        draws=["2z", None, None, None, "1z"],
        replacements=["9s"],
    )
    discard(g, 0)
    declare(g, 1, "2z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.CONCEALED_KONG, K.DISCARD}
    act(g, 1, K.CONCEALED_KONG, "1z")
    assert drawn(g, 1) == T("9s") and kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    # win 2 x 9 = 18 each; concealed kong of 1z 2 x 10 = 20 each
    check(
        g,
        win_each(1, 18) + [tr(s, 1, 20, "concealed_kong") for s in (0, 2, 3)],
        (-38, 114, -38, -38),
    )


@pytest.mark.parametrize(
    "rules, kong, deltas",
    [
        (
            Rules(kong_keeps_waits=True),
            [tr(s, 1, 10, "kong") for s in (0, 2, 3)],
            (-28, 84, -28, -28),
        ),
        # 点杠包杠: seat 2 (undeclared) fed it: 30
        (
            Rules(kong_keeps_waits=True, feeder_pays_kong=True),
            win_alone(1, 2, 10, "kong"),
            (-18, 84, -48, -18),
        ),
    ],
    ids=["kong_keeps_waits", "kong_keeps_waits+feeder_pays_kong"],
)
def test_declared_seat_direct_kong_keeping_the_waits(rules, kong, deltas):
    g = new_game(
        rules,
        hands={1: "111z123m456p789p9s"},
        draws=["2z", "1z", None, None, None, "9s"],
        replacements=[None],
    )
    discard(g, 0)
    declare(g, 1, "2z")
    discard(g, 2, "1z", passing=False)
    # a declared seat: kong or pass, never pong
    assert g.to_act == (1,) and kinds(g, 1) == {K.KONG, K.PASS}
    act(g, 1, K.KONG)
    # the replacement is filler: discarded for seat 1
    assert g.to_act == (2,)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18) + kong, deltas)


# ---------------------------------------------------------------------------------------
# §3 / §4: an added kong against the waits; robbing under must_win and the 6-point rule
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("keep", [False, True], ids=["default", "kong_keeps_waits"])
def test_added_kong_changing_the_waits(keep):
    # seat 2 pongs 3s and declares on 45s123m456m99p: waits 3s / 6s. Adding its drawn 3s
    # to the pong would leave 6s alone (it would hold all four 3s).
    g = new_game(
        Rules(kong_keeps_waits=keep),
        hands={0: "3s", 2: "33s45s123m456m99p1z"},
        draws=[None, None, None, "3s"],
    )
    discard(g, 0, "3s", passing=False)
    act(g, 2, K.PONG)
    declare(g, 2, "1z")
    assert g.view(2).winning_tiles == (T("3s"), T("6s"))
    discard(g, 3)
    discard(g, 0)
    discard(g, 1)
    assert g.to_act == (2,) and drawn(g, 2) == T("3s")
    expected = {K.SELF_DRAW_WIN, K.DISCARD} | (set() if keep else {K.ADDED_KONG})
    assert kinds(g, 2) == expected
    act(g, 2, K.SELF_DRAW_WIN)
    # p = 3 self-drawn: 6 each
    check(g, win_each(2, 6), (-6, -6, 18, -6))


def test_must_win_robs_an_added_kong_by_itself():
    g = new_game(
        Rules(must_win=True), hands={0: "9p", 1: H69, 2: "99p9m"}, draws=[None, None, "1z", "9p"]
    )
    discard(g, 0, "9p", passing=False)
    act(g, 2, K.PONG)
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    act(g, 2, K.ADDED_KONG, "9p")
    assert g.is_over and g.result.win_kind is WinKind.ROBBED_KONG
    check(g, win_alone(1, 2, 9), (0, 27, -27, 0))


def test_robbing_needs_a_tile_worth_6():
    # seat 1 waits 3p / 6p; seat 2 adds the fourth 3p to its pong: 3 < 6, no robbing
    g = new_game(
        hands={0: "3p", 1: "123m456m789m11p45p", 2: "33p9m"},
        draws=[None, None, "1z", "3p"],
        replacements=[None],
    )
    discard(g, 0, "3p", passing=False)
    act(g, 2, K.PONG)
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    act(g, 2, K.ADDED_KONG, "3p")
    assert phase(g) == "turn" and g.to_act == (2,)
    assert not g.view(1).passed_win
    assert [m.kind for m in g.view(0).melds[2]] == ["added_kong"]
