"""The explicit-wall scenarios of profile ``hebei`` (中原河北麻将, ``RULES-hebei.md``): each
builds its wall, plays the hand on the engine or the reference (``impl``) with
``tests.support.hebei_play`` and returns the game and the contract's factors of its wins,
worked out by hand (``SCENARIOS``: the ones whose factors
``test_factors_follow_the_contract`` checks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from koudiandian import Action

from tests.support.hebei_play import (
    IND,
    PASS,
    W1,
    W2,
    K,
    act,
    after,
    discard_drawn,
    new_game,
    play_out,
    typed,
)
from tests.support.walls_hebei import hebei_wall, ht

# Each plays one explicit wall to its end and returns the game and the contract's factor of
# each win (in the order the wins are logged).


def scenario_deal_flowers(impl: str) -> tuple[Any, list[int]]:
    """Dealt flowers: the dealer's 1f (replaced by 5f, itself replaced by 3s), its 14th 2f
    (replaced by 4s), then seat 1's 3f. The dealer wins at once on its last replacement:
    庄 ×2 · 门清 ×2 · 素和 ×2 · three flowers ×8 = 64."""
    wall = hebei_wall(
        {0: ["1f", "123m 456p 789s 99m 2s", "2f"], 1: "3f"}, front=IND, back=["5f 3s 4s", None]
    )
    g = new_game(impl, wall, factors=[64])
    head = after(g, "flower")
    seat1_repl = wall[-4]
    assert head[:9] == [
        {"type": "flower", "seat": 0, "tile": 34},
        {"type": "draw", "seat": 0, "tile": 38, "replacement": True},
        {"type": "flower", "seat": 0, "tile": 38},
        {"type": "draw", "seat": 0, "tile": 20, "replacement": True},
        {"type": "flower", "seat": 0, "tile": 35},
        {"type": "draw", "seat": 0, "tile": 21, "replacement": True},
        {"type": "flower", "seat": 1, "tile": 36},
        {"type": "draw", "seat": 1, "tile": seat1_repl, "replacement": True},
        {"type": "indicator", "tile": 29, "hun": 30, "flowers": []},
    ]
    assert [int(t) for t in g.flowers(0)] == [34, 38, 35]
    assert [int(t) for t in g.flowers(1)] == [36]
    assert [int(t) for t in g.hand(0)] == sorted(ht("123m 456p 789s 99m 234s"))  # type: ignore[type-var]
    assert all(int(t) < 34 for s in range(4) for t in g.hand(s))
    assert g.legal_actions(0)[0] == Action(K.SELF_DRAW_WIN)
    g.step(0, Action(K.SELF_DRAW_WIN))
    assert typed(g, "win") == [
        {"type": "win", "seat": 0, "tile": 21, "kind": "self_draw", "from": None, "auto": False}
    ]
    return g, [64]


def scenario_drawn_flower(impl: str, dealer: int = 0, pao: bool = False) -> tuple[Any, list[int]]:
    """Seat dealer+1 (holding W1) draws 6f, sets it aside and wins by self-draw on its
    replacement 4s: 门清 ×2 · 素和 ×2 · one flower ×2 = 8 (a flower's replacement is no
    杠上开花: that is a kong's)."""
    w = (dealer + 1) % 4
    wall = hebei_wall({dealer: "7z", w: W1}, front=[IND, "6f"], back="4s", dealer=dealer)
    g = new_game(impl, wall, dealer=dealer, factors=[8], pao=pao)
    if pao:
        for seat, bid in ((3, 3), (1, 0), (0, 1), (2, 2)):
            g.step(seat, Action(K.PAO, bid))
    act(g, dealer, Action(K.DISCARD, 33))
    assert after(g, "discard")[1:4] == [
        {"type": "draw", "seat": w, "tile": 39, "replacement": False},
        {"type": "flower", "seat": w, "tile": 39},
        {"type": "draw", "seat": w, "tile": 21, "replacement": True},
    ]
    assert [int(t) for t in g.flowers(w)] == [39]
    assert 39 not in [int(t) for t in g.hand(w)]
    assert g.legal_actions(w)[0] == Action(K.SELF_DRAW_WIN)
    g.step(w, Action(K.SELF_DRAW_WIN))
    return g, [8]


def scenario_hun_wildcard(impl: str) -> tuple[Any, list[int]]:
    """Indicator 4m, so the 混 is 5m. Seat 1 holds 789m 456p 789s 99s 2s and a 5m: the 5m
    stands for 3s, so 1s from the dealer wins (no 素和: it holds a 混); 门清 ×2 = 2."""
    wall = hebei_wall({0: "1s", 1: "789m 456p 789s 99s 2s 5m"}, front="4m")
    g = new_game(impl, wall, factors=[2])
    act(g, 0, Action(K.DISCARD, 18))
    assert g.to_act == (1,)
    assert g.legal_actions(1) == [Action(K.WIN), PASS]
    g.step(1, Action(K.WIN))
    return g, [2]


def scenario_two_winners(impl: str, all_three_pay: bool = False) -> tuple[Any, list[int]]:
    """The dealer's 4s completes seat 1's W1 and seat 3's W2: both win (一炮多响)."""
    wall = hebei_wall({0: "4s", 1: W1, 3: W2}, front=IND)
    g = new_game(impl, wall, factors=[4, 4], all_three_pay=all_three_pay)
    act(g, 0, Action(K.DISCARD, 21))
    assert g.to_act == (1, 3)
    assert g.legal_actions(1) == [Action(K.WIN), Action(K.CHOW, 19), PASS]
    assert g.legal_actions(3) == [Action(K.WIN), PASS]
    g.step(3, Action(K.WIN))
    g.step(1, Action(K.WIN))
    assert [(e["seat"], e["tile"], e["kind"], e["from"]) for e in typed(g, "win")] == [
        (1, 21, "discard", 0),
        (3, 21, "discard", 0),
    ]
    assert g.result.winners == (1, 3) and g.result.winner == 1
    return g, [4, 4]


def scenario_winners_after_dealer(impl: str) -> tuple[Any, list[int]]:
    """Seat 1 discards 4s; seat 2 (W1) and the dealer (W2) both win. The first winner
    counter-clockwise from the discarder is seat 2, so the deal passes although the dealer
    won too."""
    wall = hebei_wall({0: [W2, "7z"], 2: W1}, front=[IND, "4s"])
    g = new_game(impl, wall, factors=[4, 8])
    act(g, 0, Action(K.DISCARD, 33))
    discard_drawn(g, 1)
    assert g.to_act == (0, 2)
    g.step(0, Action(K.WIN))
    g.step(2, Action(K.WIN))
    assert g.result.winners == (2, 0)
    return g, [4, 8]


def scenario_dealer_first_winner(impl: str) -> tuple[Any, list[int]]:
    """Seat 3 discards 4s; the dealer (W2) and seat 2 (W1) win. The first winner from the
    discarder on is the dealer, who keeps the deal."""
    wall = hebei_wall({0: [W2, "7z"], 2: W1}, front=[IND, None, None, "4s"])
    g = new_game(impl, wall, factors=[8, 4])
    act(g, 0, Action(K.DISCARD, 33))
    for seat in (1, 2, 3):
        discard_drawn(g, seat)
    assert g.to_act == (0, 2)
    assert g.legal_actions(0) == [Action(K.WIN), Action(K.CHOW, 21), PASS]
    assert g.legal_actions(2) == [Action(K.WIN), PASS]
    g.step(2, Action(K.WIN))
    g.step(0, Action(K.WIN))
    assert g.result.winners == (0, 2)
    return g, [8, 4]


def scenario_concealed_kong(impl: str, pao: bool = False) -> tuple[Any, list[int]]:
    """The dealer konged 7z concealed, draws its replacement, then discards 4s into W1."""
    wall = hebei_wall({0: "7777z 4s", 1: W1}, front=IND, back=[None])
    g = new_game(impl, wall, factors=[4], pao=pao)
    if pao:
        for seat, bid in ((0, 1), (1, 0), (2, 2), (3, 3)):
            g.step(seat, Action(K.PAO, bid))
    assert g.legal_actions(0)[0] == Action(K.CONCEALED_KONG, 33)
    g.step(0, Action(K.CONCEALED_KONG, 33))
    assert after(g, "concealed_kong")[:2] == [
        {"type": "concealed_kong", "seat": 0, "tile": 33},
        {"type": "draw", "seat": 0, "tile": wall[-1], "replacement": True},
    ]
    act(g, 0, Action(K.DISCARD, 21))
    g.step(1, Action(K.WIN))
    return g, [4]


def scenario_direct_kong(impl: str) -> tuple[Any, list[int]]:
    """Seat 2 kongs the dealer's 7z (直杠), draws from the back, discards 4s into seat 3's
    W2."""
    wall = hebei_wall({0: "7z", 2: "777z 4s", 3: W2}, front=IND, back=[None])
    g = new_game(impl, wall, factors=[4])
    act(g, 0, Action(K.DISCARD, 33))
    assert g.to_act == (2,)
    assert g.legal_actions(2) == [Action(K.PONG), Action(K.KONG), PASS]
    g.step(2, Action(K.KONG))
    assert after(g, "kong")[:2] == [
        {"type": "kong", "seat": 2, "tile": 33, "from": 0},
        {"type": "draw", "seat": 2, "tile": wall[-1], "replacement": True},
    ]
    act(g, 2, Action(K.DISCARD, 21))
    assert g.legal_actions(3) == [Action(K.WIN), Action(K.CHOW, 21), PASS]
    g.step(3, Action(K.WIN))
    return g, [4]


def scenario_added_kong(impl: str) -> tuple[Any, list[int]]:
    """Seat 1 pongs the dealer's 7z (then only discards), later draws the fourth 7z and adds
    it (补杠), draws from the back and discards 4s into seat 2's W1."""
    wall = hebei_wall(
        {0: "7z", 1: "77z 1z 4s", 2: W1}, front=[IND, None, None, None, "7z"], back=[None]
    )
    g = new_game(impl, wall, factors=[4])
    act(g, 0, Action(K.DISCARD, 33))
    g.step(1, Action(K.PONG))
    assert all(a.kind is K.DISCARD for a in g.legal_actions(1))
    act(g, 1, Action(K.DISCARD, 27))
    for seat in (2, 3, 0):
        discard_drawn(g, seat)
    while 1 not in g.to_act:
        g.step(g.to_act[0], PASS)
    assert g.legal_actions(1)[0] == Action(K.ADDED_KONG, 33)
    g.step(1, Action(K.ADDED_KONG, 33))
    assert after(g, "added_kong")[:2] == [
        {"type": "added_kong", "seat": 1, "tile": 33},
        {"type": "draw", "seat": 1, "tile": wall[-1], "replacement": True},
    ]
    act(g, 1, Action(K.DISCARD, 21))
    g.step(2, Action(K.WIN))
    return g, [4]


def scenario_kong_bloom(impl: str) -> tuple[Any, list[int]]:
    """The dealer konged 7z concealed; its replacement is 5f, set aside and replaced by 4s,
    which completes 123m 456p 99m 234s: 杠上开花 (the replacement of a kong's replacement
    still counts) ×2 · 素和 ×2 · 庄 ×2 · one flower ×2 = 16 (no 门清: a concealed kong ends
    it)."""
    wall = hebei_wall({0: "7777z 123m 456p 99m 23s"}, front=IND, back="5f 4s")
    g = new_game(impl, wall, factors=[16])
    g.step(0, Action(K.CONCEALED_KONG, 33))
    assert g.events[-4:] == [
        {"type": "concealed_kong", "seat": 0, "tile": 33},
        {"type": "draw", "seat": 0, "tile": 38, "replacement": True},
        {"type": "flower", "seat": 0, "tile": 38},
        {"type": "draw", "seat": 0, "tile": 21, "replacement": True},
    ]
    assert g.legal_actions(0)[0] == Action(K.SELF_DRAW_WIN)
    g.step(0, Action(K.SELF_DRAW_WIN))
    return g, [16]


def scenario_kong_then_drawn_hand(impl: str, voids: bool) -> tuple[Any, list[int]]:
    """The dealer konged 7z concealed; then nobody wins to the end of the wall (黄庄)."""
    wall = hebei_wall({0: "7777z 4s", 1: W1}, front=IND, back=[None])
    g = new_game(impl, wall, draw_voids_kongs=voids)
    g.step(0, Action(K.CONCEALED_KONG, 33))
    play_out(g)
    assert g.result.winners == () and g.result.winner is None
    return g, []


def scenario_single_win(impl: str, **options: bool) -> tuple[Any, list[int]]:
    """The dealer discards 4s into seat 1's W1."""
    wall = hebei_wall({0: "4s", 1: W1}, front=IND)
    g = new_game(impl, wall, factors=[4], **options)
    if options.get("pao"):
        assert g.to_act == (0, 1, 2, 3)
        assert g.legal_actions(2) == [Action(K.PAO, n) for n in range(4)]
        for seat, bid in ((3, 3), (1, 0), (0, 1)):
            g.step(seat, Action(K.PAO, bid))
            assert not typed(g, "bid", "indicator")
        assert g.to_act == (2,)
        g.step(2, Action(K.PAO, 2))
        assert [e["type"] for e in g.events[1:6]] == ["bid"] * 4 + ["indicator"]
        assert [(e["seat"], e["pao"]) for e in typed(g, "bid")] == [(0, 1), (1, 0), (2, 2), (3, 3)]
    act(g, 0, Action(K.DISCARD, 21))
    g.step(1, Action(K.WIN))
    return g, [4]


SCENARIOS: dict[str, Callable[[str], tuple[Any, list[int]]]] = {
    "deal_flowers": scenario_deal_flowers,
    "drawn_flower": scenario_drawn_flower,
    "hun_wildcard": scenario_hun_wildcard,
    "two_winners": scenario_two_winners,
    "winners_after_dealer": scenario_winners_after_dealer,
    "dealer_first_winner": scenario_dealer_first_winner,
    "concealed_kong": scenario_concealed_kong,
    "direct_kong": scenario_direct_kong,
    "added_kong": scenario_added_kong,
    "kong_bloom": scenario_kong_bloom,
}
