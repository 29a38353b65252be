"""Declaring (报听) and the win rules of RULES §4: the point thresholds (default and
draw5_win6), a declaration needs a winning tile worth >= 6, the face-down declaration discard,
the declared seat's automatic discards, passing a win (过胡) and ``must_win``.

Every expected number below is worked out by hand from RULES.md (and the engine decisions
of docs/rules.md where RULES.md is silent); the comment above each expectation shows the
sum. The walls come from ``tests.support.walls.build_wall``; the moves and checks from
``tests.support.scenario`` (``H69`` waits on 6p / 9p; a seat declares by discarding a useless
honor face down).
"""

from __future__ import annotations

import pytest
from koudiandian import Action, Game, Rules

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
    win_alone,
    win_each,
)

# ---------------------------------------------------------------------------------------
# §4: the point thresholds (default and draw5_win6), 报听 needs a winning tile worth >= 6
# ---------------------------------------------------------------------------------------


def wait_then_self_draw(rules: Rules, hand: str, tile: str) -> Game:
    """Seat 1 declares on ``hand``; seat 2 draws ``tile`` and discards it (a win on it is
    never offered); seat 1 then draws ``tile`` itself. Returns the game at that point."""
    g = new_game(rules, hands={1: hand}, draws=["1z", tile, None, None, tile])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    # worth < 6: no win on a discard, nobody else is asked
    assert g.to_act == (3,) and phase(g) == "turn"
    discard(g, 3)
    discard(g, 0, passing=False)
    return g


def test_wait_worth_3_cannot_win_on_discard_but_can_by_self_draw():
    # waits 3p and 6p: at least one >= 6, so seat 1 may declare
    g = wait_then_self_draw(Rules(), "123m456m789m11p45p", "3p")
    assert g.to_act == (1,) and kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    assert g.result.points == 3
    # self-draw of p = 3: 2p = 6 each
    check(g, win_each(1, 6), (-6, 18, -6, -6))


@pytest.mark.parametrize(
    "rules, hand, tile, wins, deltas",
    [
        # waits 4p / 7p; a 4 may be self-drawn by default (2 x 4 = 8 each) ...
        (Rules(), "123m456m789m11p56p", "4p", True, (-8, 24, -8, -8)),
        # ... not under 摸五胡六 (1-4 never)
        (Rules(draw5_win6=True), "123m456m789m11p56p", "4p", False, None),
        # waits 5p / 8p: a 5 is self-drawn under both (2 x 5 = 10 each)
        (Rules(), "123m456m789m11p67p", "5p", True, (-10, 30, -10, -10)),
        (Rules(draw5_win6=True), "123m456m789m11p67p", "5p", True, (-10, 30, -10, -10)),
        # waits 3p / 6p: 摸五胡六 refuses a self-drawn 3 too
        (Rules(draw5_win6=True), "123m456m789m11p45p", "3p", False, None),
    ],
    ids=["4-default", "4-draw5_win6", "5-default", "5-draw5_win6", "3-draw5_win6"],
)
def test_self_draw_thresholds(rules, hand, tile, wins, deltas):
    g = wait_then_self_draw(rules, hand, tile)
    if wins:
        assert g.to_act == (1,) and kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
        act(g, 1, K.SELF_DRAW_WIN)
        p = T(tile).points
        check(g, win_each(1, 2 * p), deltas)
    else:
        # the drawn winning tile is discarded for seat 1: it was never asked
        assert g.to_act == (2,) and not g.is_over
        last = [e for e in g.events if e["type"] == "discard"][-1]
        assert (last["seat"], last["tile"], last["auto"]) == (1, int(T(tile)), True)


def test_wait_worth_1_or_2_never_wins_but_the_other_wait_does():
    # waits 2s (worth 2: never) and 8s (worth 8: declarable, wins on a discard)
    g = new_game(hands={1: "123m456m789m22s88s"}, draws=["1z", "2s", None, None, "2s", "8s"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    assert g.to_act == (3,)
    discard(g, 3)
    discard(g, 0, passing=False)
    # the self-drawn 2s is not a win either: discarded for seat 1
    assert g.to_act == (2,) and drawn(g, 2) == T("8s")
    discard(g, 2, passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.WIN, K.PASS}
    act(g, 1, K.WIN)
    check(g, win_alone(1, 2, 8), (0, 24, -24, 0))


def test_declaring_needs_a_winning_tile_worth_6():
    # waits 1p / 4p only: ready, but no winning tile worth >= 6, so no 报听
    g = new_game(hands={1: "123m456m789m99s23p"}, draws=["1z"])
    discard(g, 0)
    assert drawn(g, 1) == T("1z")
    assert K.DECLARE not in kinds(g, 1)
    assert Action(K.DISCARD, T("1z")) in g.legal_actions(1)
    # waits 3p / 6p: one of them is worth 6, enough
    g = new_game(hands={1: "123m456m789m11p45p"}, draws=["1z"])
    discard(g, 0)
    assert [a for a in g.legal_actions(1) if a.kind is K.DECLARE] == [Action(K.DECLARE, T("1z"))]


# ---------------------------------------------------------------------------------------
# §4: the face-down 报听 discard and the declared seat's automatic discards
# ---------------------------------------------------------------------------------------


def test_face_down_declaration_discard_is_hidden_and_not_claimable():
    # seat 3 declares first, waiting on 2z alone; seat 2 holds a pair of 2z; seat 1 then
    # declares with 2z face down: neither the win nor the pong is offered.
    g = new_game(
        hands={1: H69, 2: "2z2z", 3: H3_2Z},
        draws=[None, None, "3z", None, "2z", None, None, None, "9p"],
    )
    discard(g, 0)
    discard(g, 1)
    discard(g, 2)
    declare(g, 3, "3z")
    discard(g, 0)
    assert drawn(g, 1) == T("2z")
    declare(g, 1, "2z")
    assert g.to_act == (2,) and phase(g) == "turn"
    # hidden from the other seats, visible to the declarer
    for other in (0, 2, 3):
        assert g.view(other).discards[1][-1] is None
        ev = [e for e in g.events_for(other) if e["type"] == "discard" and e["seat"] == 1][-1]
        assert ev["tile"] is None and ev["declare"] is True
    assert g.view(1).discards[1][-1] == T("2z")
    ev = [e for e in g.events_for(1) if e["type"] == "discard" and e["seat"] == 1][-1]
    assert ev["tile"] == int(T("2z")) and ev["declare"] is True
    assert g.view(0).discards[3] == (None,)  # seat 3's declaration too
    assert g.view(0).declared == (False, True, False, True)
    discard(g, 2)
    # seat 3 is declared: its draw is discarded for it, it is never in to_act
    assert g.to_act == (0,)
    discard(g, 0)
    assert g.to_act == (1,) and drawn(g, 1) == T("9p")
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))
    # once the hand is over every discard is shown
    assert g.view(0).discards[1][-1] == T("2z")
    autos = [(e["seat"], e["auto"]) for e in g.events if e["type"] == "discard" and e["seat"] == 3]
    assert autos == [(3, False), (3, True)]


# ---------------------------------------------------------------------------------------
# §4: 过胡 (passing a win) and must_win
# ---------------------------------------------------------------------------------------


def test_passed_win_then_no_discard_win_but_self_draw():
    g = new_game(hands={1: H69}, draws=["1z", "6p", "9p", None, "9p"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.WIN, K.PASS}
    act(g, 1, K.PASS)
    assert g.view(1).passed_win
    # a later discard of the other winning tile: no win offered
    assert drawn(g, 3) == T("9p")
    discard(g, 3, passing=False)
    assert g.to_act == (0,) and phase(g) == "turn"
    discard(g, 0)
    # but self-draw still wins
    assert g.to_act == (1,) and kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


def test_must_win_takes_a_discard_win_by_itself():
    g = new_game(Rules(must_win=True), hands={1: H69}, draws=["1z", "6p"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    assert g.is_over and g.to_act == ()
    answers = [e for e in g.events if e["type"] == "answer"]
    assert answers == [{"type": "answer", "seat": 1, "action": "win", "auto": True}]
    check(g, win_alone(1, 2, 6), (0, 18, -18, 0))


def test_must_win_takes_a_self_draw_by_itself():
    g = new_game(Rules(must_win=True), hands={1: H69}, draws=["1z", None, None, None, "9p"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, passing=False)
    assert g.is_over
    win = [e for e in g.events if e["type"] == "win"]
    assert win == [
        {
            "type": "win",
            "seat": 1,
            "tile": int(T("9p")),
            "kind": "self_draw",
            "from": None,
            "auto": True,
        }
    ]
    check(g, win_each(1, 18), (-18, 54, -18, -18))
