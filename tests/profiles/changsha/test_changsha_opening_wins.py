"""Opening wins (起手胡) of the ``changsha`` profile (长沙麻将, ``RULES-changsha.md``): declared
at the first turn only (which lasts until the seat's first discard, a 补张 included), paid at
the end with the bird; two seats declaring.

Seats: the dealer is seat 0 unless a test says otherwise. The walls, the engine and the
reference played side by side (``Both``) come from ``tests.support.changsha_scenario``.
"""

from __future__ import annotations

import pytest

from tests.support.changsha_scenario import KONG_DEALER, KONG_SEAT3, Both, cs_wall

# -- opening small wins (起手小胡) ------------------------------------------------------------

OPENING_HANDS = {
    ("four_of_a_kind",): "1111p 258m 369s 47m 6p",
    ("no_258",): "13479m 3469p 1367s",
    ("missing_suit",): "123456789m 1479m",
    ("two_triplets",): "111m 444p 258s 369m 7p",
    ("four_of_a_kind", "two_triplets"): "4444p 111m 258s 3m 9p 7s",
    ("no_258", "missing_suit"): "113467m 1346799p",
}


OPENING_DEALER = "258m 369p 147s 258s 8p 9m"  # 14; discards 9m first


OPENING_SEAT2 = "56p 567s 678s 234s 55m"  # waits 4p, 7p


OPENING_SEAT3 = "147m 258p 369s 36m 1s"


@pytest.mark.parametrize("names", list(OPENING_HANDS), ids="+".join)
def test_opening_wins_paid_at_the_end_with_the_bird(names: tuple[str, ...]) -> None:
    """Seat 1 declares its opening wins at its first turn (the turn goes on); seat 2 then
    wins by self-draw. Each opening win is a 小胡 self-draw by seat 1 (the dealer 20, the
    others 10), paid at the end; the bird (4s: seat 3) doubles seat 3's payments."""
    wall = cs_wall(
        {0: OPENING_DEALER, 1: OPENING_HANDS[names], 2: OPENING_SEAT2, 3: OPENING_SEAT3},
        draws=["9s", "7p", "4s"],
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.pass_claims()
    assert "opening_win" in b.legal(1)
    b.do(1, "opening_win")
    assert b.game.events[-1] == {"type": "opening_win", "seat": 1, "wins": list(names)}
    assert "opening_win" not in b.legal(1) and b.game.to_act == (1,)
    b.tsumogiri(1)
    b.do(2, "self_draw_win")
    opening = [(0, 1, 20, "opening_win"), (2, 1, 10, "opening_win"), (3, 1, 20, "opening_win")]
    assert b.transfers() == [(0, 2, 20, "win"), (1, 2, 10, "win"), (3, 2, 20, "win")] + (
        opening * len(names)
    )
    assert b.game.result.opening_wins == ((), names, (), ())
    assert b.game.next_dealer() == 2


def test_opening_win_only_at_the_first_turn() -> None:
    """Not declared at the first turn: not offered later, not paid."""
    wall = cs_wall(
        {0: OPENING_DEALER, 1: OPENING_HANDS[("no_258",)], 2: OPENING_SEAT2, 3: OPENING_SEAT3},
        draws=["9s", "1p", "3s", "6m", "2p", "7p", "4s"],
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.pass_claims()
    assert "opening_win" in b.legal(1)
    b.tsumogiri(1)
    for seat in (2, 3, 0):
        b.tsumogiri(seat)
    b.pass_claims()
    assert "opening_win" not in b.legal(1)
    b.tsumogiri(1)
    b.do(2, "self_draw_win")
    assert [x[3] for x in b.transfers()] == ["win"] * 3
    assert b.game.result.opening_wins == ((), (), (), ())


def test_two_seats_with_opening_wins_the_bird_deals() -> None:
    """The dealer (板板胡) and seat 1 (六六顺) declare; seat 2 wins. With two seats holding
    opening wins the bird's seat deals next (4s: seat 3). The dealer's opening win: each
    other seat 20 (seat 3 double)."""
    wall = cs_wall(
        {
            0: "13469m 13467p 1379s",
            1: "111m 444p 258s 358m 7p",
            2: OPENING_SEAT2,
            3: "2m 258p 269s 69m 7s 3p 4s 8s",
        },
        draws=["9s", "7p", "4s"],
    )
    b = Both(wall)
    b.do(0, "opening_win")
    b.do(0, "discard 9m")
    b.pass_claims()
    b.do(1, "opening_win")
    b.tsumogiri(1)
    b.do(2, "self_draw_win")
    assert b.transfers() == [
        (0, 2, 20, "win"),
        (1, 2, 10, "win"),
        (3, 2, 20, "win"),
        (1, 0, 20, "opening_win"),
        (2, 0, 20, "opening_win"),
        (3, 0, 40, "opening_win"),
        (0, 1, 20, "opening_win"),
        (2, 1, 10, "opening_win"),
        (3, 1, 20, "opening_win"),
    ]
    assert b.game.result.opening_wins == (("no_258",), ("two_triplets",), (), ())
    assert b.game.next_dealer() == 3


# -- the first turn lasts until the first discard --------------------------------------------


def test_opening_win_still_offered_after_a_bu_zhang_in_the_first_turn() -> None:
    """The first turn lasts until the seat's first discard: after a 补张 the opening wins
    (四喜 twice, 六六顺) may still be declared."""
    wall = cs_wall(
        {0: KONG_DEALER, 1: "2222m 5555p 789s 3s 8s", 2: "3468m 13679p 2467s", 3: KONG_SEAT3},
        draws=["4s", "3p"],
        at={106: "1p"},
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.pass_claims()
    b.do(1, "concealed_kong 2m")
    assert b.legal(1)[0] == "opening_win"
    b.do(1, "opening_win")
    assert b.game.events[-1]["wins"] == ["four_of_a_kind", "four_of_a_kind", "two_triplets"]
