"""Profile ``hebei`` (中原河北麻将, ``RULES-hebei.md``): claims on a discard and the 混. A chow
only for the next seat, a pong beats a chow, the 混 never konged, claimed or chowed but a
wildcard in a hand; no penalty for passing a win, an added kong later and never robbed, no
added kong onto a pong from a discard.

The hands are played on the Rust engine and on the readable reference (``IMPLS``) by
``tests.support.hebei_play``; the scenario walls are ``tests.support.hebei_scenarios``' (seat
3's 西 is the indicator unless said otherwise, so the 混 is 北; ``W1`` waits on 1s / 4s, ``W2``
on 4s / 7s).
"""

from __future__ import annotations

import pytest
from koudiandian import Action

from tests.support.hebei_play import (
    IMPLS,
    IND,
    PASS,
    W1,
    K,
    T,
    act,
    after,
    check_end,
    discard_drawn,
    new_game,
    win_factors,
)
from tests.support.hebei_scenarios import scenario_hun_wildcard
from tests.support.walls_hebei import hebei_wall


@pytest.mark.parametrize("impl", IMPLS)
def test_chow_only_for_the_next_seat(impl: str) -> None:
    """3m from the dealer: seat 1 (its 下家) may chow 123m, 234m or 345m; seat 2, holding
    45m, and seat 3, holding 24m, are not asked. After the chow, only discards."""
    wall = hebei_wall({0: "3m", 1: "12m 45m", 2: "45m", 3: "24m"}, front=IND)
    g = new_game(impl, wall)
    act(g, 0, Action(K.DISCARD, 2))
    assert g.to_act == (1,)
    assert g.legal_actions(1) == [Action(K.CHOW, 0), Action(K.CHOW, 1), Action(K.CHOW, 2), PASS]
    g.step(1, Action(K.CHOW, 1))
    assert after(g, "answer")[:2] == [
        {"type": "answer", "seat": 1, "action": "chow", "auto": False, "tile": 1},
        {"type": "chow", "seat": 1, "tile": 1, "from": 0, "claimed": 2},
    ]
    assert g.to_act == (1,)
    held = sorted({int(t) for t in g.hand(1)})
    assert g.legal_actions(1) == [Action(K.DISCARD, k) for k in held]
    assert 0 in held and 4 in held and 1 not in held and 3 not in held


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("order", [(1, 2), (2, 1)])
def test_pong_beats_chow(impl: str, order: tuple[int, int]) -> None:
    wall = hebei_wall({0: "3m", 1: "12m", 2: "33m"}, front=IND)
    g = new_game(impl, wall)
    act(g, 0, Action(K.DISCARD, 2))
    assert g.to_act == (1, 2)
    assert g.legal_actions(1) == [Action(K.CHOW, 0), PASS]
    assert g.legal_actions(2) == [Action(K.PONG), PASS]
    answers = {1: Action(K.CHOW, 0), 2: Action(K.PONG)}
    for seat in order:
        g.step(seat, answers[seat])
    assert g.events[-1] == {"type": "pong", "seat": 2, "tile": 2, "from": 0}
    assert g.to_act == (2,)


@pytest.mark.parametrize("impl", IMPLS)
def test_chow_taken_when_the_pong_passes(impl: str) -> None:
    wall = hebei_wall({0: "3m", 1: "12m", 2: "33m"}, front=IND)
    g = new_game(impl, wall)
    act(g, 0, Action(K.DISCARD, 2))
    g.step(2, PASS)
    g.step(1, Action(K.CHOW, 0))
    assert g.events[-1] == {"type": "chow", "seat": 1, "tile": 0, "from": 0, "claimed": 2}


@pytest.mark.parametrize("impl", IMPLS)
def test_hun_never_konged_nor_claimed(impl: str) -> None:
    """Indicator 4m, 混 5m. The dealer holds all four 5m: no concealed kong of them; its 5m
    discard is offered to nobody (seat 1 holds 46m, seat 2 a 5m pair is impossible)."""
    wall = hebei_wall({0: "5555m", 1: "46m 34m"}, front="4m")
    g = new_game(impl, wall)
    assert g.legal_actions(0)[0] == Action(K.DISCARD, next(int(t) for t in g.hand(0)))
    assert not [a for a in g.legal_actions(0) if a.kind is K.CONCEALED_KONG]
    act(g, 0, Action(K.DISCARD, 4))
    assert g.to_act == (1,)
    assert g.events[-1]["type"] == "draw" and g.events[-1]["seat"] == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_hun_never_in_a_chow(impl: str) -> None:
    """混 5m: on 4m seat 1 (holding 2m 3m 5m 6m) may chow only 234m; 345m and 456m would
    take its 混."""
    wall = hebei_wall({0: "4m", 1: "2356m"}, front="4m")
    g = new_game(impl, wall)
    act(g, 0, Action(K.DISCARD, 3))
    assert g.to_act == (1,)
    assert g.legal_actions(1) == [Action(K.CHOW, 1), PASS]


@pytest.mark.parametrize("impl", IMPLS)
def test_hun_is_a_wildcard(impl: str) -> None:
    g, _ = scenario_hun_wildcard(impl)
    (f,) = win_factors(g)
    check_end(g, [T(0, 1, 2 * f, "win")], next_dealer=1)


@pytest.mark.parametrize("impl", IMPLS)
def test_no_pass_penalty_on_wins(impl: str) -> None:
    """No 过胡: seat 1 passes a win on the dealer's 4s and may still win on seat 2's 1s."""
    wall = hebei_wall({0: "4s", 1: W1}, front=[IND, None, "1s"])
    g = new_game(impl, wall, factors=[4])
    act(g, 0, Action(K.DISCARD, 21))
    g.step(1, PASS)
    discard_drawn(g, 1)
    discard_drawn(g, 2)
    while 1 not in g.to_act:
        g.step(g.to_act[0], PASS)
    assert g.legal_actions(1)[0] == Action(K.WIN)
    g.step(1, Action(K.WIN))
    (f,) = win_factors(g)
    check_end(g, [T(2, 1, f, "win")], next_dealer=1)


@pytest.mark.parametrize("impl", IMPLS)
def test_added_kong_later_and_never_robbed(impl: str) -> None:
    """Seat 3 waits on 3s / 6s and passes its win on the dealer's 6s; seat 1 pongs it. Seat
    1 draws the fourth 6s, keeps it one turn (the 补杠 is offered again on its next turn),
    then adds it: nobody is asked (no robbing a kong), the replacement follows."""
    wall = hebei_wall(
        {0: "6s", 1: "66s 1z", 3: "123m 456p 789p 11s 45s"},
        front=[IND, None, None, None, "6s", None, None, None, None],
        back=[None],
    )
    g = new_game(impl, wall)
    act(g, 0, Action(K.DISCARD, 23))
    assert g.legal_actions(3) == [Action(K.WIN), PASS]
    g.step(3, PASS)
    g.step(1, Action(K.PONG))
    act(g, 1, Action(K.DISCARD, 27))
    for seat in (2, 3, 0):
        discard_drawn(g, seat)
    while 1 not in g.to_act:
        g.step(g.to_act[0], PASS)
    assert Action(K.ADDED_KONG, 23) in g.legal_actions(1)
    keep = next(a for a in g.legal_actions(1) if a.kind is K.DISCARD and a.tile != 23)
    g.step(1, keep)
    for seat in (2, 3, 0):
        discard_drawn(g, seat)
    while 1 not in g.to_act:
        g.step(g.to_act[0], PASS)
    assert g.legal_actions(1)[0] == Action(K.ADDED_KONG, 23)
    g.step(1, Action(K.ADDED_KONG, 23))
    assert g.events[-2:] == [
        {"type": "added_kong", "seat": 1, "tile": 23},
        {"type": "draw", "seat": 1, "tile": wall[-1], "replacement": True},
    ]
    assert g.to_act == (1,)


@pytest.mark.parametrize("impl", IMPLS)
def test_pong_not_added_to_from_a_discard(impl: str) -> None:
    """Seat 1 pongs the dealer's 6s; when seat 3 later discards the fourth 6s, seat 1 is not
    asked: only a self-drawn fourth tile makes a 补杠."""
    wall = hebei_wall({0: "6s", 1: "66s 1z"}, front=[IND, None, "6s"])
    g = new_game(impl, wall)
    act(g, 0, Action(K.DISCARD, 23))
    g.step(1, Action(K.PONG))
    act(g, 1, Action(K.DISCARD, 27))
    discard_drawn(g, 2)
    while 3 not in g.to_act:
        g.step(g.to_act[0], PASS)
    g.step(3, Action(K.DISCARD, 23))
    assert 1 not in g.to_act
    assert g.events[-1]["type"] == "draw" and g.events[-1]["seat"] == 0
