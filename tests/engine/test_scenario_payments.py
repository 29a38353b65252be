"""Who pays for a win (RULES §4, §5.1–§5.3): self-draw and discard wins, 点炮包胡 against
三家均摊, the dealer bonus and its self-draw doubling, and a drawn hand (荒庄) that pays
nothing, kongs included.

Every expected number below is worked out by hand from RULES.md (and the engine decisions
of docs/rules.md where RULES.md is silent); the comment above each expectation shows the
sum. The walls come from ``tests.support.walls.build_wall``; the moves and checks from
``tests.support.scenario`` (``H69`` waits on 6p / 9p; a seat declares by discarding a useless
honor face down).
"""

from __future__ import annotations

import pytest
from koudiandian import Action, Game, Rules, WinKind

from tests.support.scenario import (
    H3_2Z,
    H69,
    K,
    T,
    act,
    autoplay,
    check,
    declare,
    discard,
    drawn,
    kinds,
    new_game,
    tr,
    win_alone,
    win_each,
)

# ---------------------------------------------------------------------------------------
# §4 / §5.1: self-draw and discard wins; 点炮包胡 vs 三家均摊
# ---------------------------------------------------------------------------------------


def seat1_self_draws_9p(rules: Rules | None = None) -> Game:
    """Seat 1 declares on its first draw (1z face down), then self-draws 9p."""
    g = new_game(rules, hands={1: H69}, draws=["1z", None, None, None, "9p"])
    discard(g, 0)
    assert drawn(g, 1) == T("1z")
    assert Action(K.DECLARE, T("1z")) in g.legal_actions(1)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    assert g.to_act == (1,)
    assert drawn(g, 1) == T("9p")
    assert kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    return g


def test_self_draw_win_each_pays_2p():
    g = seat1_self_draws_9p()
    res = g.result
    got = (res.winner, res.win_kind, res.discarder, res.win_tile, res.points, res.factor)
    assert got == (1, WinKind.SELF_DRAW, None, T("9p"), 9, 1)
    # p = 9, self-draw: 2p = 18 from each other seat
    check(g, win_each(1, 18), (-18, 54, -18, -18))
    assert g.events[-2]["type"] == "win" and g.events[-2]["auto"] is False


def test_discard_win_undeclared_discarder_pays_all_three_shares():
    g = new_game(hands={1: H69}, draws=["1z", "6p"])
    discard(g, 0)
    declare(g, 1, "1z")
    assert drawn(g, 2) == T("6p")
    discard(g, 2, passing=False)
    assert g.to_act == (1,)
    assert g.legal_actions(1) == [Action(K.WIN), Action(K.PASS)]
    act(g, 1, K.WIN)
    res = g.result
    got = (res.winner, res.win_kind, res.discarder, res.win_tile, res.points)
    assert got == (1, WinKind.DISCARD, 2, T("6p"), 6)
    # 点炮包胡: seat 2 pays the three shares of p = 6: 3p = 18
    check(g, win_alone(1, 2, 6), (0, 18, -18, 0))


@pytest.mark.parametrize(
    "rules, expected, deltas",
    [
        # 三家均摊: each of the three other seats pays p = 9 (the discarder too)
        (Rules(), win_each(1, 9), (-9, 27, -9, -9)),
        # the dealer's share is 5 more: 9 + 5
        (
            Rules(dealer_bonus=True),
            win_each(1, 9) + [tr(0, 1, 5, "dealer_bonus")],
            (-14, 32, -9, -9),
        ),
        # feeder_pays_all binds only an undeclared discarder: nothing moves
        (Rules(feeder_pays_all=True), win_each(1, 9), (-9, 27, -9, -9)),
    ],
    ids=["default", "dealer_bonus", "feeder_pays_all"],
)
def test_discard_win_declared_discarder_three_seats_share(rules, expected, deltas):
    g = new_game(rules, hands={1: H69, 3: H3_2Z}, draws=["1z", None, "3z", None, None, None, "9p"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    declare(g, 3, "3z")
    discard(g, 0)
    # seat 1 (declared) draws filler and discards it by itself: it is never asked
    assert g.to_act == (2,)
    auto = [e for e in g.events if e["type"] == "discard" and e["seat"] == 1]
    assert [e["auto"] for e in auto] == [False, True]
    discard(g, 2, passing=False)
    # seat 3 (declared) draws 9p, which does not complete its hand: discarded for it
    assert g.to_act == (1,)
    last = [e for e in g.events if e["type"] == "discard"][-1]
    assert (last["seat"], last["tile"], last["auto"]) == (3, int(T("9p")), True)
    act(g, 1, K.WIN)
    assert g.result.discarder == 3 and g.result.declared == (False, True, False, True)
    check(g, expected, deltas)


# ---------------------------------------------------------------------------------------
# §5.3: dealer bonus and its self-draw doubling
# ---------------------------------------------------------------------------------------

DB = Rules(dealer_bonus=True)


DBX = Rules(dealer_bonus=True, dealer_selfdraw_double=True)


@pytest.mark.parametrize(
    "rules, bonus, deltas",
    [
        (Rules(), None, (-18, 54, -18, -18)),
        # only the dealer's share is 5 more: 18 + 5
        (DB, 5, (-23, 59, -18, -18)),
        # self-draw: the bonus is 10: 18 + 10
        (DBX, 10, (-28, 64, -18, -18)),
    ],
    ids=["default", "dealer_bonus", "selfdraw_double"],
)
def test_non_dealer_self_draw_dealer_bonus(rules, bonus, deltas):
    g = seat1_self_draws_9p(rules)
    expected = win_each(1, 18) + ([tr(0, 1, bonus, "dealer_bonus")] if bonus else [])
    check(g, expected, deltas)


@pytest.mark.parametrize(
    "rules, bonus, deltas",
    [
        (Rules(), None, (54, -18, -18, -18)),
        # every share is owed to the dealer: 18 + 5 each
        (DB, 5, (69, -23, -23, -23)),
        # 18 + 10 each
        (DBX, 10, (84, -28, -28, -28)),
    ],
    ids=["default", "dealer_bonus", "selfdraw_double"],
)
def test_dealer_self_draw(rules, bonus, deltas):
    g = new_game(rules, hands={0: H69 + "1z"}, draws=[None, None, None, "9p"])
    assert drawn(g, 0) == T("1z")
    declare(g, 0, "1z")
    discard(g, 1)
    discard(g, 2)
    discard(g, 3)
    assert g.to_act == (0,) and drawn(g, 0) == T("9p")
    act(g, 0, K.SELF_DRAW_WIN)
    expected = win_each(0, 18) + (
        [tr(s, 0, bonus, "dealer_bonus") for s in (1, 2, 3)] if bonus else []
    )
    check(g, expected, deltas)


@pytest.mark.parametrize(
    "rules, deltas",
    [
        (Rules(), (27, 0, -27, 0)),
        # non-dealer feeds the dealer: 3p + 15 = 27 + 15
        (DB, (42, 0, -42, 0)),
        # the doubling is for self-draws only: still + 15
        (DBX, (42, 0, -42, 0)),
    ],
    ids=["default", "dealer_bonus", "selfdraw_double"],
)
def test_non_dealer_feeds_dealer(rules, deltas):
    g = new_game(rules, hands={0: H69 + "1z"}, draws=[None, "9p"])
    declare(g, 0, "1z")
    discard(g, 1)
    discard(g, 2, "9p", passing=False)
    assert g.to_act == (0,)
    act(g, 0, K.WIN)
    expected = win_alone(0, 2, 9)
    if rules.dealer_bonus:
        expected += win_alone(0, 2, 5, "dealer_bonus")
    check(g, expected, deltas)


@pytest.mark.parametrize(
    "rules, deltas",
    [
        (Rules(), (-27, 27, 0, 0)),
        # the dealer feeds another seat: 3p + 5 = 27 + 5 (only its own share has the bonus)
        (DB, (-32, 32, 0, 0)),
        (DBX, (-32, 32, 0, 0)),
    ],
    ids=["default", "dealer_bonus", "selfdraw_double"],
)
def test_dealer_feeds_non_dealer(rules, deltas):
    g = new_game(rules, hands={0: "9p", 1: H69}, draws=["1z", None, None, None])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, "9p", passing=False)
    assert g.to_act == (1,)
    act(g, 1, K.WIN)
    expected = win_alone(1, 0, 9)
    if rules.dealer_bonus:
        expected.append(tr(0, 1, 5, "dealer_bonus"))
    check(g, expected, deltas)


@pytest.mark.parametrize(
    "rules, deltas",
    [
        (Rules(), (27, -9, -9, -9)),
        # the dealer wins on a declared seat's discard: each share p + 5 = 14
        (DB, (42, -14, -14, -14)),
    ],
    ids=["default", "dealer_bonus"],
)
def test_dealer_wins_on_declared_discard(rules, deltas):
    g = new_game(
        rules, hands={0: H69 + "1z", 3: H3_2Z}, draws=[None, None, "3z", None, None, None, "9p"]
    )
    declare(g, 0, "1z")
    discard(g, 1)
    discard(g, 2)
    declare(g, 3, "3z")
    # seat 0's draw is discarded for it
    assert g.to_act == (1,)
    discard(g, 1)
    discard(g, 2, passing=False)
    assert g.to_act == (0,)
    act(g, 0, K.WIN)
    expected = win_each(0, 9)
    if rules.dealer_bonus:
        expected += [tr(s, 0, 5, "dealer_bonus") for s in (1, 2, 3)]
    check(g, expected, deltas)


# ---------------------------------------------------------------------------------------
# §2 / §5.2: a drawn hand (荒庄) pays nothing, kongs included
# ---------------------------------------------------------------------------------------


def test_drawn_hand_pays_nothing_kongs_included():
    g = new_game(hands={0: "5s", 1: "555s", 2: "3333s"})
    discard(g, 0, "5s", passing=False)
    act(g, 1, K.KONG)
    autoplay(g, kong=True)
    res = g.result
    assert res.winner is None and res.drawn and res.win_kind is None
    assert res.transfers == () and res.deltas == (0, 0, 0, 0)
    assert res.kongs_made is True
    assert g.wall_remaining == 0
    made = [(e["type"], e["seat"]) for e in g.events if e["type"] in ("kong", "concealed_kong")]
    assert made == [("kong", 1), ("concealed_kong", 2)]
