"""Profile ``hebei`` (中原河北麻将, ``RULES-hebei.md``): the deal and the wall. Flowers replaced
at the deal and mid-hand and counted, a flower as the indicator or the last tile, the 混 that
follows the indicator, the dealer's 14th, the walls without 混 or flowers.

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
    K,
    T,
    act,
    check_end,
    new_game,
    play_out,
    typed,
    win_factors,
)
from tests.support.hebei_scenarios import scenario_deal_flowers, scenario_drawn_flower
from tests.support.reference.deal import FLOWERS
from tests.support.reference.hebei import hun_of
from tests.support.walls_hebei import hebei_wall


@pytest.mark.parametrize("impl", IMPLS)
def test_flowers_replaced_at_the_deal_and_counted(impl: str) -> None:
    g, _ = scenario_deal_flowers(impl)
    (f,) = win_factors(g)
    check_end(g, [T(1, 0, f, "win"), T(2, 0, f, "win"), T(3, 0, f, "win")], next_dealer=0)
    assert [[int(t) for t in s] for s in g.result.flowers] == [[34, 38, 35], [36], [], []]


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("dealer", [0, 3])
def test_flower_drawn_mid_hand_is_replaced(impl: str, dealer: int) -> None:
    g, _ = scenario_drawn_flower(impl, dealer)
    (f,) = win_factors(g)
    w = (dealer + 1) % 4
    expected = [T(p, w, f * (2 if p == dealer else 1), "win") for p in range(4) if p != w]
    check_end(g, expected, next_dealer=w)  # a seat other than the dealer won: 下家 deals


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(
    ("indicator", "hun"),
    [(8, 0), (17, 9), (26, 18), (4, 5), (30, 27), (27, 28), (33, 32), (32, 31), (31, 33)],
)
def test_indicator_and_hun(impl: str, indicator: int, hun: int) -> None:
    """The 混 follows the indicator: 9→1 within a suit, 北→东, 中→发→白→中."""
    assert hun_of(indicator) == hun
    g = new_game(impl, hebei_wall({}, front=[indicator]))
    assert typed(g, "indicator") == [
        {"type": "indicator", "tile": indicator, "hun": hun, "flowers": []}
    ]
    assert int(g.indicator) == indicator


@pytest.mark.parametrize("impl", IMPLS)
def test_flower_indicator_is_set_aside(impl: str) -> None:
    """A flower turned as the indicator is set aside (nobody's) and the next tile is turned;
    the first ordinary draw is the tile after the indicator."""
    wall = hebei_wall({0: "7z"}, front=["7f 1f 9m 5p"])
    g = new_game(impl, wall)
    assert typed(g, "indicator") == [
        {"type": "indicator", "tile": 8, "hun": 0, "flowers": [40, 34]}
    ]
    assert all(not g.flowers(s) for s in range(4))
    act(g, 0, Action(K.DISCARD, 33))
    assert typed(g, "draw")[-1] == {"type": "draw", "seat": 1, "tile": 13, "replacement": False}


@pytest.mark.parametrize("impl", ["engine", "reference"])
def test_dealer_drawn_tile_is_its_14th(impl: str) -> None:
    """The dealer is dealt 1f among its first 13 (replaced by 4s) and a plain 3s as its 14th:
    its drawn tile is the 14th, 3s, so a win at once is a win on 3s."""
    wall = hebei_wall({0: ["1f 123m 456p 789s 99m 2s", "3s"]}, front=IND, back="4s")
    g = new_game(impl, wall, factors=[32])
    assert g.view(0).drawn == 20
    g.step(0, Action(K.SELF_DRAW_WIN))
    assert typed(g, "win")[0]["tile"] == 20


@pytest.mark.parametrize("impl", IMPLS)
def test_without_hun_no_indicator(impl: str) -> None:
    wall = hebei_wall({0: "7z"}, front=["9m"])
    g = new_game(impl, wall, hun=False)
    assert not typed(g, "indicator") and g.indicator is None
    act(g, 0, Action(K.DISCARD, 33))
    assert typed(g, "draw")[-1] == {"type": "draw", "seat": 1, "tile": 8, "replacement": False}


@pytest.mark.parametrize("impl", IMPLS)
def test_without_flowers_136_tiles(impl: str) -> None:
    wall = hebei_wall({0: "7z"}, front=IND, flowers=False)
    assert len(wall) == 136 and not set(wall) & set(FLOWERS)
    g = new_game(impl, wall, flowers=False)
    assert not typed(g, "flower")
    with pytest.raises(ValueError):
        new_game(impl, hebei_wall({0: "7z"}, front=IND), flowers=False)


@pytest.mark.parametrize("impl", IMPLS)
def test_flower_as_the_last_tile_draws_the_hand(impl: str) -> None:
    """The wall's last tile is a flower: drawn, set aside, and with nothing left to replace
    it the hand is drawn (黄庄). (The dealer is dealt the seven other flowers, replaced from
    ``wall[-1]`` … ``wall[-7]``, so the front draws end at ``wall[-8]``.)"""
    wall = hebei_wall({0: "1234567f 7z"}, front=IND, back=[None] * 7 + ["8f"])
    g = new_game(impl, wall)
    play_out(g)
    assert [e["type"] for e in g.events[-3:]] == ["draw", "flower", "end_hand"]
    assert g.events[-2]["tile"] == 41 and g.events[-3]["replacement"] is False
    assert g.wall_remaining == 0 and g.result.winners == ()
    check_end(g, [], next_dealer=0)
