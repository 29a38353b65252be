"""Wins of the ``changsha`` profile (长沙麻将) against the contract (``RULES-changsha.md``) with
the exact transfers its table gives, the engine and the reference side by side: 小胡 with its
2-5-8 pair, each bird seat, the dealer's ten; the 大胡 (碰碰胡, 将将胡, 清一色, 七小对, 天胡,
地胡); a missed win until the next draw, per tile; several winners on one discard (通炮).

Seats: the dealer is seat 0 unless a test says otherwise. The walls, the engine and the
reference played side by side (``Both``) come from ``tests.support.changsha_scenario``.
"""

from __future__ import annotations

import pytest
from koudiandian import WinKind, is_win

from tests.support.changsha_scenario import (
    DEALER_QUIET,
    SEAT1_READY,
    SEAT2_QUIET,
    SEAT3_QUIET,
    Both,
    R,
    bird_seat,
    cs_wall,
    t,
    ts,
)

# -- 小胡 ------------------------------------------------------------------------------------

BIRDS = ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p"]


@pytest.mark.parametrize("bird", BIRDS)
def test_small_win_self_draw_and_each_bird_seat(bird: str) -> None:
    """A non-dealer's 小胡 self-draw: the dealer pays 20, the others 10; the bird (the next
    wall tile) on the winner doubles every payer, on another seat only that seat."""
    wall = cs_wall(
        {0: DEALER_QUIET, 1: SEAT1_READY, 2: SEAT2_QUIET, 3: SEAT3_QUIET}, draws=["5s", bird]
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.pass_claims()
    assert b.legal(1)[0] == "self_draw_win"
    b.do(1, "self_draw_win")
    seat = bird_seat(bird)
    base = {0: 20, 2: 10, 3: 10}
    want = [(p, 1, a * (2 if seat in (1, p) else 1), "win") for p, a in base.items()]
    assert b.transfers() == want
    res = b.game.result
    assert res.bird is not None and (int(res.bird.tile), res.bird.seat) == (t(bird), seat)
    assert b.names() == ["small_win"] and res.points == 0 and res.win_kind is WinKind.SELF_DRAW
    assert b.types({"bird"}) == [{"type": "bird", "tile": t(bird), "seat": seat}]
    assert b.game.next_dealer() == 1  # the winner deals


def test_no_258_pair_is_no_small_win() -> None:
    """123m 456m 789p 234s + 99s: a standard shape, but the pair is no 2, 5 or 8."""
    seat1 = "123m 456m 789p 234s 9s"
    wall = cs_wall({0: DEALER_QUIET, 1: seat1, 2: SEAT2_QUIET, 3: SEAT3_QUIET}, draws=["9s"])
    b = Both(wall)
    b.do(0, "discard 9m")
    b.pass_claims()
    assert "self_draw_win" not in b.legal(1)
    assert not is_win(ts(seat1 + " 9s"), rules=R)
    assert is_win(ts(SEAT1_READY + " 5s"), rules=R)


@pytest.mark.parametrize("bird", BIRDS)
def test_small_win_on_a_discard_and_each_bird_seat(bird: str) -> None:
    """Seat 2 discards seat 1's winning tile: 小胡 on a discard, 10 (no dealer involved); the
    bird on the winner or the discarder doubles it."""
    wall = cs_wall(
        {0: DEALER_QUIET, 1: SEAT1_READY, 2: SEAT2_QUIET, 3: SEAT3_QUIET},
        draws=["1s", "5s", bird],
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.tsumogiri(1)
    b.tsumogiri(2)  # 5s
    b.do(1, "win")
    seat = bird_seat(bird)
    assert b.transfers() == [(2, 1, 20 if seat in (1, 2) else 10, "win")]
    assert b.game.result.win_kind is WinKind.DISCARD and b.game.result.discarder == 2


def test_small_win_with_the_dealer_adds_ten() -> None:
    """The dealer discards (not its first discard): 10 + 10."""
    wall = cs_wall(
        {0: DEALER_QUIET, 1: SEAT1_READY, 2: SEAT2_QUIET, 3: SEAT3_QUIET},
        draws=["9p", "1s", "7s", "5s", "3p"],
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    for seat in (1, 2, 3):
        b.tsumogiri(seat)
    b.tsumogiri(0)  # the dealer's second discard: 5s
    b.do(1, "win")
    assert bird_seat("3p") == 2
    assert b.transfers() == [(0, 1, 20, "win")]


# -- 大胡 ------------------------------------------------------------------------------------


def test_all_pongs_on_a_discard() -> None:
    """碰碰胡 (two pongs, then 111m 33m 999s): any pair; 60 on a discard between non-dealers."""
    wall = cs_wall(
        {
            0: "4p 1357m 268p 1358s 9m 2s",
            1: "111m 44p 77s 33m 99s 5p 6s",
            2: "7s 2468m 1358p 248s",
            3: SEAT3_QUIET,
        },
        draws=["6m", "8m", "9s", "1p"],
    )
    b = Both(wall)
    b.do(0, "discard 4p")
    b.do(1, "pong")
    b.do(1, "discard 5p")
    b.pass_claims()
    b.do(2, "discard 7s")  # seat 2 drew 6m
    b.do(1, "pong")
    b.do(1, "discard 6s")
    b.tsumogiri(2)  # 8m
    b.tsumogiri(3)  # 9s
    b.do(1, "win")
    assert b.names() == ["all_pongs"]
    assert b.transfers() == [(3, 1, 60, "win")]  # bird 1p: the dealer, not involved


def test_all_258_without_a_shape_self_draw() -> None:
    """将将胡: every tile a 2, 5 or 8 wins with no shape; a 大胡 self-draw by a non-dealer:
    the dealer 40, the others 30; the bird (4m: the 上家, seat 3) doubles seat 3."""
    seat1 = "22558m 2258p 2588s"
    wall = cs_wall(
        {0: DEALER_QUIET, 1: seat1, 2: "4679m 13679p 3679s", 3: SEAT3_QUIET}, draws=["8p", "4m"]
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.do(1, "self_draw_win")
    assert b.names() == ["all_258"]
    assert b.transfers() == [(0, 1, 40, "win"), (2, 1, 30, "win"), (3, 1, 60, "win")]


def test_all_one_suit_any_pair_self_draw() -> None:
    """清一色 with a 1m pair; the opening 缺一色 is offered at the first turn but not declared,
    so it is not paid. Bird 1p: the dealer pays double."""
    seat1 = "123456789m 1134m"
    wall = cs_wall(
        {0: "2468p 1357s 2468s 99p", 1: seat1, 2: "13579p 2357s 58m 9s", 3: "13579p 1469s 58m 7s"},
        draws=["2m", "1p"],
    )
    b = Both(wall)
    b.do(0, "discard 9p")
    b.pass_claims()
    assert b.legal(1)[:2] == ["self_draw_win", "opening_win"]
    b.do(1, "self_draw_win")
    assert b.names() == ["all_one_suit"]
    assert b.transfers() == [(0, 1, 80, "win"), (2, 1, 30, "win"), (3, 1, 30, "win")]
    assert b.game.result.opening_wins == ((), (), (), ())


def test_seven_pairs_on_a_discard() -> None:
    """七小对 with pairs of any kinds; 60, the bird on the winner (2p) doubles it."""
    wall = cs_wall(
        {0: DEALER_QUIET, 1: "1133m 7799p 1133s 5m", 2: SEAT2_QUIET, 3: "2469m 1358p 2469s"},
        draws=["4s", "5m", "2p"],
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.tsumogiri(1)
    b.tsumogiri(2)  # 5m
    assert b.legal(1) == ["win", "pass"]
    b.do(1, "win")
    assert b.names() == ["seven_pairs"]
    assert b.transfers() == [(2, 1, 120, "win")]


def test_heavenly_and_seven_pairs_add() -> None:
    """天胡 + 七小对: two 大胡 for the dealer's dealt 14: each seat pays 2 × 40; the bird
    (7m: the opposite seat) doubles seat 2."""
    wall = cs_wall(
        {0: "1133m 7799p 1133s 55m", 1: SEAT2_QUIET, 2: "2468m 2468p 2579s", 3: SEAT3_QUIET},
        draws=["7m"],
    )
    b = Both(wall)
    assert b.legal(0)[0] == "self_draw_win"
    b.do(0, "self_draw_win")
    assert b.names() == ["seven_pairs", "heavenly"]
    items = b.game.result.score_items
    assert [(i.value, i.combine) for i in items] == [(1, "base"), (1, "add")]
    assert b.game.result.points == 2
    assert b.transfers() == [(1, 0, 80, "win"), (2, 0, 160, "win"), (3, 0, 80, "win")]


def test_earthly_on_the_dealers_first_discard() -> None:
    """地胡: seat 1 wins on the dealer's first discard: 60 + 10 (the dealer discards); the
    bird (1p: the dealer, the discarder) doubles it."""
    wall = cs_wall(
        {0: "1357m 2468p 1357s 9m 5s", 1: SEAT1_READY, 2: SEAT2_QUIET, 3: "3579m 13579p 3479s"},
        draws=["1p"],
    )
    b = Both(wall)
    b.do(0, "discard 5s")
    b.do(1, "win")
    assert b.names() == ["earthly"]
    assert b.transfers() == [(0, 1, 140, "win")]


# -- 漏胡 and 通炮 ---------------------------------------------------------------------------


def test_missed_win_until_the_next_draw() -> None:
    """Seat 1 passes a win on 5s: it is not offered a win on the next 5s, but is on 2s (the
    other winning tile); after its next draw it may win on 5s again."""
    wall = cs_wall(
        {0: "1357m 2468p 1347s 99m", 1: SEAT1_READY, 2: SEAT2_QUIET, 3: "3579m 13579p 3479s"},
        draws=["1s", "5s", "5s", "6m", "7s", "8m", "1p", "5s", "3p"],
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.tsumogiri(1)
    b.tsumogiri(2)  # 5s
    assert b.legal(1) == ["win", "pass"]
    b.do(1, "pass")
    b.pass_claims()
    b.do(3, "discard 5s")
    assert 1 not in b.game.to_act or "win" not in b.legal(1)
    b.tsumogiri(0)  # 6m
    b.tsumogiri(1)  # 7s: a draw lifts the 漏胡
    b.tsumogiri(2)  # 8m
    b.tsumogiri(3)  # 1p
    b.tsumogiri(0)  # 5s
    assert b.legal(1)[0] == "win"
    b.do(1, "win")
    assert b.transfers() == [(0, 1, 20, "win")]  # 10 + 10; the bird (3p) on seat 2


def test_missed_win_is_per_tile() -> None:
    """After passing 5s, a win on 2s is still offered."""
    wall = cs_wall(
        {0: DEALER_QUIET, 1: SEAT1_READY, 2: SEAT2_QUIET, 3: SEAT3_QUIET},
        draws=["1s", "5s", "2s", "3p"],
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.tsumogiri(1)
    b.tsumogiri(2)  # 5s
    b.do(1, "pass")
    b.pass_claims()
    b.do(3, "discard 2s")
    assert b.legal(1)[0] == "win"
    b.do(1, "win")
    assert b.transfers() == [(3, 1, 10, "win")]


def test_several_winners_on_one_discard() -> None:
    """通炮: seat 2's 5s wins for seat 3 (10) and the dealer (10 + 10); the bird on the
    discarder (3p) doubles both; the discarder deals next; win events from the discarder's
    下家 on."""
    wall = cs_wall(
        {
            0: "123m 456m 789p 234s 5s 9m",
            1: "2468m 1357p 3579s",
            2: SEAT2_QUIET,
            3: "123p 456p 789m 234s 5s",
        },
        draws=["1s", "5s", "3p"],
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.tsumogiri(1)
    b.tsumogiri(2)  # 5s
    assert sorted(b.game.to_act) == [0, 3]
    b.do(3, "win")
    b.do(0, "win")
    assert [e["seat"] for e in b.types({"win"})] == [3, 0]
    assert b.transfers() == [(2, 3, 20, "win"), (2, 0, 40, "win")]
    res = b.game.result
    assert res.winners == (3, 0) and res.winner == 3
    assert b.game.next_dealer() == 2
