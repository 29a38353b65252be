"""Kongs and their payments (RULES §3, §5.2): concealed, added and direct kongs, the feeder
who pays all (包杠), and the kong prompts: 过杠 and delayed_kong, no kong right after a pong, a
concealed kong offered again, a declared seat that kongs only with its drawn tile.

Every expected number below is worked out by hand from RULES.md (and the engine decisions
of docs/rules.md where RULES.md is silent); the comment above each expectation shows the
sum. The walls come from ``tests.support.walls.build_wall``; the moves and checks from
``tests.support.scenario`` (``H69`` waits on 6p / 9p; a seat declares by discarding a useless
honor face down).
"""

from __future__ import annotations

import pytest
from koudiandian import Action, Rules

from tests.support.scenario import (
    H3_2Z,
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
# §3 / §5.2: kongs and their payments
# ---------------------------------------------------------------------------------------


def test_concealed_kong_pays_2p_each_and_its_kind_is_hidden():
    g = new_game(
        hands={1: H69, 2: "3333s"}, draws=["1z", None, None, None, "9p"], replacements=[None]
    )
    discard(g, 0)
    declare(g, 1, "1z")
    assert Action(K.CONCEALED_KONG, T("3s")) in g.legal_actions(2)
    act(g, 2, K.CONCEALED_KONG, "3s")
    assert g.to_act == (2,) and g.wall_remaining == 136 - 53 - 3  # two draws and the replacement
    for other in (0, 1, 3):
        assert [(m.kind, m.tile, m.source) for m in g.view(other).melds[2]] == [
            ("concealed_kong", None, None)
        ]
        ev = [e for e in g.events_for(other) if e["type"] == "concealed_kong"]
        assert ev == [{"type": "concealed_kong", "seat": 2, "tile": None}]
    assert [(m.kind, m.tile) for m in g.view(2).melds[2]] == [("concealed_kong", T("3s"))]
    discard(g, 2)  # the replacement tile
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    # win 2 x 9 = 18 each; seat 2's concealed kong of 3s: 2 x 3 = 6 from each other seat
    check(
        g,
        win_each(1, 18) + [tr(s, 2, 6, "concealed_kong") for s in (0, 1, 3)],
        (-24, 48, 0, -24),
    )
    assert [(m.kind, m.tile) for m in g.view(0).melds[2]] == [("concealed_kong", T("3s"))]


def test_added_kong_pays_p_each():
    g = new_game(
        hands={0: "5s", 1: H69, 2: "55s9m"},
        draws=[None, None, "1z", "5s", None, None, "9p"],
        replacements=[None],
    )
    discard(g, 0, "5s", passing=False)
    assert g.to_act == (2,) and kinds(g, 2) == {K.PONG, K.PASS}
    act(g, 2, K.PONG)
    # right after a pong: discard (or declare) only
    assert kinds(g, 2) <= {K.DISCARD, K.DECLARE} and drawn(g, 2) is None
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    assert drawn(g, 2) == T("5s")
    assert Action(K.ADDED_KONG, T("5s")) in g.legal_actions(2)
    act(g, 2, K.ADDED_KONG, "5s")
    # nobody can rob it: the kong stands and seat 2 draws its replacement
    assert g.to_act == (2,) and phase(g) == "turn"
    assert [(m.kind, m.tile, m.source) for m in g.view(3).melds[2]] == [("added_kong", T("5s"), 0)]
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    # added kong of 5s: 5 from each other seat
    check(g, win_each(1, 18) + [tr(s, 2, 5, "added_kong") for s in (0, 1, 3)], (-23, 49, -3, -23))


@pytest.mark.parametrize(
    "rules, kong, deltas",
    [
        # direct kong of 5s: p = 5 from each other seat
        (Rules(), [tr(s, 2, 5, "kong") for s in (0, 1, 3)], (-23, 49, -3, -23)),
        # 点杠包杠: the undeclared feeder (the dealer) pays all three: 15
        (Rules(feeder_pays_kong=True), win_alone(2, 0, 5, "kong"), (-33, 54, -3, -18)),
    ],
    ids=["default", "feeder_pays_kong"],
)
def test_direct_kong_undeclared_feeder(rules, kong, deltas):
    g = new_game(
        rules,
        hands={0: "5s", 1: H69, 2: "555s"},
        draws=[None, None, "1z", None, None, None, "9p"],
        replacements=[None],
    )
    discard(g, 0, "5s", passing=False)
    assert g.to_act == (2,) and kinds(g, 2) == {K.PONG, K.KONG, K.PASS}
    act(g, 2, K.KONG)
    assert g.to_act == (2,) and [(m.kind, m.source) for m in g.view(1).melds[2]] == [("kong", 0)]
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18) + kong, deltas)


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(feeder_pays_kong=True)], ids=["default", "feeder_pays_kong"]
)
def test_direct_kong_declared_feeder_three_seats_pay(rules):
    g = new_game(
        rules,
        hands={1: H69, 2: "555s"},
        draws=["1z", None, None, None, "5s", None, None, "9p"],
        replacements=[None],
    )
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, passing=False)
    # seat 1's drawn 5s is discarded for it; seat 2 konged it
    assert g.to_act == (2,) and kinds(g, 2) == {K.PONG, K.KONG, K.PASS}
    act(g, 2, K.KONG)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    # the feeder had declared: 5 from each other seat, with or without 点杠包杠
    check(g, win_each(1, 18) + [tr(s, 2, 5, "kong") for s in (0, 1, 3)], (-23, 49, -3, -23))


@pytest.mark.parametrize(
    "rules, kong, deltas",
    [
        # the winner's direct kong of 1z: 10 from each other seat
        (Rules(), [tr(s, 1, 10, "kong") for s in (0, 2, 3)], (-10, 57, -37, -10)),
        # 点杠包杠: its undeclared feeder (seat 3) pays the three shares
        (Rules(feeder_pays_kong=True), win_alone(1, 3, 10, "kong"), (0, 57, -27, -30)),
        # 点炮包杠: the undeclared discarder of the winning tile (seat 2) pays them
        (Rules(feeder_pays_all=True), win_alone(1, 2, 10, "kong"), (0, 57, -57, 0)),
        # both: the kong's feeder keeps its own bill
        (
            Rules(feeder_pays_kong=True, feeder_pays_all=True),
            win_alone(1, 3, 10, "kong"),
            (0, 57, -27, -30),
        ),
    ],
    ids=["default", "feeder_pays_kong", "feeder_pays_all", "both"],
)
def test_winners_direct_kong_with_feeder_options(rules, kong, deltas):
    g = new_game(
        rules,
        hands={1: "111z123m456m11p7p5z"},
        draws=[None, None, "1z", "9p"],
        replacements=["8p"],
    )
    discard(g, 0)
    discard(g, 1)
    discard(g, 2)
    discard(g, 3, "1z", passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.PONG, K.KONG, K.PASS}
    act(g, 1, K.KONG)
    assert drawn(g, 1) == T("8p")
    declare(g, 1, "5z")
    discard(g, 2, "9p", passing=False)
    act(g, 1, K.WIN)
    # the win: seat 2 (undeclared) pays 3 x 9 = 27
    check(g, win_alone(1, 2, 9) + kong, deltas)


@pytest.mark.parametrize(
    "rules, self_draw, expected, deltas",
    [
        # seat 1 wins on seat 2's 9p: seat 2 pays the win (27); seat 1's concealed kong of
        # 1z (20 from each), seat 3's concealed kong of 3s (6 from each)
        (
            Rules(),
            False,
            win_alone(1, 2, 9)
            + [tr(s, 1, 20, "concealed_kong") for s in (0, 2, 3)]
            + [tr(s, 3, 6, "concealed_kong") for s in (0, 1, 2)],
            (-26, 81, -53, -2),
        ),
        # 点炮包杠: seat 2 also pays seats 0's and 3's shares of the winner's kong;
        # seat 3's kong is paid as usual
        (
            Rules(feeder_pays_all=True),
            False,
            win_alone(1, 2, 9)
            + win_alone(1, 2, 20, "concealed_kong")
            + [tr(s, 3, 6, "concealed_kong") for s in (0, 1, 2)],
            (-6, 81, -93, 18),
        ),
        # a self-draw: 点炮包杠 does not apply; 18 each for the win
        (
            Rules(feeder_pays_all=True),
            True,
            win_each(1, 18)
            + [tr(s, 1, 20, "concealed_kong") for s in (0, 2, 3)]
            + [tr(s, 3, 6, "concealed_kong") for s in (0, 1, 2)],
            (-44, 108, -44, -20),
        ),
    ],
    ids=["default", "feeder_pays_all", "feeder_pays_all-self_draw"],
)
def test_feeder_pays_all_moves_the_winners_kongs(rules, self_draw, expected, deltas):
    g = new_game(
        rules,
        hands={1: "1111z123m456m11p7p", 3: "3333s"},
        draws=["8p", None, None, None, None] + ([None, None, None, "9p"] if self_draw else ["9p"]),
        replacements=["5z", None],
    )
    discard(g, 0)
    assert drawn(g, 1) == T("8p")
    act(g, 1, K.CONCEALED_KONG, "1z")
    assert drawn(g, 1) == T("5z")
    declare(g, 1, "5z")
    discard(g, 2)
    act(g, 3, K.CONCEALED_KONG, "3s")
    discard(g, 3)
    discard(g, 0)
    # seat 1's draw is discarded for it
    if self_draw:
        discard(g, 2)
        discard(g, 3)
        discard(g, 0)
        act(g, 1, K.SELF_DRAW_WIN)
    else:
        discard(g, 2, "9p", passing=False)
        act(g, 1, K.WIN)
    check(g, expected, deltas)


# ---------------------------------------------------------------------------------------
# §3: kong prompts: 过杠 and delayed_kong, no kong right after a pong, concealed kong
# offered again; a declared seat kongs only with its drawn tile
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("delayed", [False, True], ids=["default", "delayed_kong"])
def test_pong_while_holding_three_gives_up_the_added_kong(delayed):
    g = new_game(
        Rules(delayed_kong=delayed),
        hands={0: "5s", 1: H69, 2: "555s9m"},
        draws=[None, None, "1z", None, None, None, "9p"],
        replacements=[None],
    )
    discard(g, 0, "5s", passing=False)
    assert kinds(g, 2) == {K.PONG, K.KONG, K.PASS}
    act(g, 2, K.PONG)
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    # seat 2 still holds its third 5s
    assert g.to_act == (2,) and T("5s") in g.view(2).hand
    offered = Action(K.ADDED_KONG, T("5s")) in g.legal_actions(2)
    assert offered is delayed
    if delayed:
        act(g, 2, K.ADDED_KONG, "5s")
        assert g.to_act == (2,)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    if delayed:
        check(
            g, win_each(1, 18) + [tr(s, 2, 5, "added_kong") for s in (0, 1, 3)], (-23, 49, -3, -23)
        )
    else:
        check(g, win_each(1, 18), (-18, 54, -18, -18))


def test_no_kong_right_after_a_pong_and_a_passed_concealed_kong_is_offered_again():
    g = new_game(hands={0: "5s", 2: "55s7777z9m"})
    discard(g, 0, "5s", passing=False)
    act(g, 2, K.PONG)
    # holding four 7z, but right after a pong: discard or declare only
    assert kinds(g, 2) <= {K.DISCARD, K.DECLARE}
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    discard(g, 1)
    assert Action(K.CONCEALED_KONG, T("7z")) in g.legal_actions(2)
    discard(g, 2)  # passes the kong
    discard(g, 3)
    discard(g, 0)
    discard(g, 1)
    assert Action(K.CONCEALED_KONG, T("7z")) in g.legal_actions(2)


def test_declared_seat_keeps_an_unkonged_quad_in_hand():
    # 1111m23m456p789p9s waits 9s; before declaring the concealed kong is offered
    g = new_game(hands={1: "1111m23m456p789p9s"}, draws=["2z"] + [None] * 11 + ["9s"])
    discard(g, 0)
    assert Action(K.CONCEALED_KONG, T("1m")) in g.legal_actions(1)
    declare(g, 1, "2z")
    for _ in range(2):
        discard(g, 2)
        discard(g, 3)
        discard(g, 0)
        # seat 1 draws filler: no kong of the 1m it holds, its draw is discarded for it
        assert g.to_act == (2,)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    assert kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


def test_feeder_pays_all_with_a_declared_discarder_moves_nothing():
    g = new_game(
        Rules(feeder_pays_all=True),
        hands={1: "1111z123m456m11p7p", 3: H3_2Z},
        draws=["8p", None, "3z", None, None, None, "9p"],
        replacements=["5z"],
    )
    discard(g, 0)
    act(g, 1, K.CONCEALED_KONG, "1z")
    declare(g, 1, "5z")
    discard(g, 2)
    declare(g, 3, "3z")
    discard(g, 0)
    discard(g, 2, passing=False)
    # seat 3 (declared) drew 9p, discarded for it
    assert g.to_act == (1,)
    act(g, 1, K.WIN)
    # 三家均摊 9 each; the concealed kong of 1z 20 from each other seat
    check(
        g, win_each(1, 9) + [tr(s, 1, 20, "concealed_kong") for s in (0, 2, 3)], (-29, 87, -29, -29)
    )
