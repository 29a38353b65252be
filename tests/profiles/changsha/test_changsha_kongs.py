"""Kongs of the ``changsha`` profile (长沙麻将, ``RULES-changsha.md``): 补张 replacements from
the back of the wall, 杠 with dice on full and half stacks and past the last one, kong bloom,
the seat a dice kong locks, kongs on the 海底 and with the wall empty, robbing an added kong
(抢杠胡), no dice no dice kong, no 天胡 after a kong.

Seats: the dealer is seat 0 unless a test says otherwise. The walls, the engine and the
reference played side by side (``Both``) come from ``tests.support.changsha_scenario``.
"""

from __future__ import annotations

import pytest
from koudiandian import WinKind

from tests.support.changsha_scenario import KONG_DEALER, KONG_SEAT3, Both, cs_wall, t

SEAT3_ROB = "34m 678p 123p 666s 22s"  # waits 2m, 5m


def test_bu_zhang_replacements_from_the_back_and_an_ordinary_self_draw() -> None:
    """补张: replacements are wall[106], then wall[107] (the last stack, top then bottom); a
    win on one is an ordinary self-draw (小胡, no 杠上开花). Kongs pay nothing; a concealed
    kong is never robbed."""
    wall = cs_wall(
        {0: KONG_DEALER, 1: "2222m 5555p 789s 3s 8s", 2: "3468m 13679p 2467s", 3: SEAT3_ROB},
        draws=["4s", "3p"],
        at={106: "5s", 107: "8s"},
    )
    b = Both(wall)
    b.do(0, "discard 9m")
    b.pass_claims()
    assert {"concealed_kong 2m", "concealed_kong 5p"} <= set(b.legal(1))
    b.do(1, "concealed_kong 2m")  # seat 3 waits on 2m, but a concealed kong is not robbed
    assert b.game.events[-1]["type"] == "draw" and b.game.to_act == (1,)
    b.do(1, "concealed_kong 5p")
    draws = [(e["tile"], e["replacement"]) for e in b.types({"draw"})]
    assert draws[-2:] == [(t("5s"), True), (t("8s"), True)]
    b.do(1, "self_draw_win")
    assert b.names() == ["small_win"]
    assert b.transfers() == [(0, 1, 20, "win"), (2, 1, 20, "win"), (3, 1, 10, "win")]


DICE_SEAT1 = "2222m 456m 789p 3s 55s"  # with 4s: a dice kong of 2m leaves 2s/5s waits


def test_kong_bloom_dice_on_a_full_stack() -> None:
    """杠 with dice (2, 3): the 5th stack from the back, its top tile wall[98]; it wins:
    杠上开花, a 大胡 self-draw (the dealer 40, others 30; the bird 3p doubles seat 2)."""
    wall = cs_wall(
        {0: KONG_DEALER, 1: DICE_SEAT1, 2: "3468m 13679p 2468s", 3: KONG_SEAT3},
        draws=["4s", "3p"],
        at={98: "2s"},
    )
    b = Both(wall, dice=[(2, 3)])
    b.do(0, "discard 9m")
    b.pass_claims()
    assert "dice_kong 2m" in b.legal(1) and "concealed_kong 2m" in b.legal(1)
    b.do(1, "dice_kong 2m")
    assert b.game.events[-3:] == [
        {"type": "dice_kong", "seat": 1, "tile": t("2m"), "from": None, "concealed": True},
        {"type": "dice", "seat": 1, "dice": [2, 3]},
        {"type": "draw", "seat": 1, "tile": t("2s"), "replacement": True},
    ]
    assert b.legal(1) == ["self_draw_win", "discard 2s"]
    # another seat sees neither the concealed kong's kind nor the replacement
    seen = [e for e in b.game.events_for(2) if e["type"] in ("dice_kong", "draw")][-2:]
    assert [e["tile"] for e in seen] == [None, None]
    assert b.game.view(2).melds[1][0].tile is None
    b.do(1, "self_draw_win")
    assert b.names() == ["kong_bloom"]
    assert b.transfers() == [(0, 1, 40, "win"), (2, 1, 60, "win"), (3, 1, 30, "win")]


def test_kong_discard_after_a_dice_replacement() -> None:
    """The dice replacement (9s) does not win: the seat must discard it (the engine does,
    ``auto``); seat 2 wins on it: 杠上炮, 60; the bird (2p) on the discarder doubles it."""
    wall = cs_wall(
        {0: KONG_DEALER, 1: DICE_SEAT1, 2: "678m 456p 789p 88m 78s", 3: KONG_SEAT3},
        draws=["4s", "2p"],
        at={98: "9s"},
    )
    b = Both(wall, dice=[(2, 3)])
    b.do(0, "discard 9m")
    b.pass_claims()
    b.do(1, "dice_kong 2m")
    assert b.game.events[-1] == {
        "type": "discard",
        "seat": 1,
        "tile": t("9s"),
        "declare": False,
        "auto": True,
    }
    b.do(2, "win")
    assert b.names() == ["kong_discard"]
    assert b.transfers() == [(1, 2, 120, "win")]


def test_dice_on_a_half_stack_takes_its_bottom() -> None:
    """Seat 1's dice kong (2, 3) takes wall[98], the top of the 5th stack from the back; seat
    2's dice kong (1, 4) counts to the same stack, now half: its bottom wall[99]. It wins for
    seat 2 (杠上开花); the bird 1m (the dealer) doubles the dealer."""
    wall = cs_wall(
        {0: KONG_DEALER, 1: DICE_SEAT1, 2: "7777s 456p 789p 88m 3s", 3: "3579m 13679p 1389s"},
        draws=["4s", "4s", "1m"],
        at={98: "1p", 99: "2s"},
    )
    b = Both(wall, dice=[(2, 3), (1, 4)])
    b.do(0, "discard 9m")
    b.pass_claims()
    b.do(1, "dice_kong 2m")  # 1p, discarded for it
    b.pass_claims()
    b.do(2, "dice_kong 7s")
    assert [e["tile"] for e in b.types({"draw"})][-1] == t("2s")
    b.do(2, "self_draw_win")
    assert b.names() == ["kong_bloom"]
    assert b.transfers() == [(0, 2, 80, "win"), (1, 2, 30, "win"), (3, 2, 30, "win")]


def test_dice_past_the_last_stack() -> None:
    """Three tiles left (wall[105..107]: a half stack, then a full one) and dice (3, 4): fewer
    stacks than 7, so the front-most stack, whose top is gone: wall[105]. Then the 海底 is
    refused by all; the first seat asked deals next."""
    wall = cs_wall(
        {
            0: "6666m 123p 456p 78s 5s 9m",
            1: "2348m 1357p 2468s 9p",
            2: "2489m 2468p 2469s 1p",
            3: "3579m 13579p 1349s",
        },
        at={104: "5s", 105: "1s"},
    )
    b = Both(wall, dice=[(3, 4)])
    b.run(until=3)
    assert b.game.to_act == (0,) and b.game.wall_remaining == 3
    assert "dice_kong 6m" in b.legal(0)
    b.do(0, "dice_kong 6m")
    events = b.game.events
    i = max(j for j, e in enumerate(events) if e["type"] == "dice")
    assert events[i + 1] == {"type": "draw", "seat": 0, "tile": t("1s"), "replacement": True}
    assert events[i + 2]["type"] == "discard" and events[i + 2]["auto"] is True
    b.run(until=0)
    assert b.game.phase == "haidi" and b.game.to_act == (2,)
    for seat in (2, 3, 0, 1):
        assert b.legal(seat) == ["haidi", "pass"]
        b.do(seat, "pass")
    assert b.transfers() == []
    assert b.game.result.haidi is not None
    assert (b.game.result.haidi.seat, b.game.result.haidi.how) == (2, "refused")
    assert b.game.next_dealer() == 2


HAIDI_KONG_SEAT2 = "7777s 456p 789p 88m 3s"  # with 4s: a kong of 7s leaves 2s/5s waits


def test_dice_kong_on_the_haidi_wins_without_bird() -> None:
    """Seat 2 draws the second-last tile and dice-kongs: only the 海底 is left, so it is the
    replacement (the hand has no 海底 now); it wins (杠上开花, not 海底捞月) and no tile is
    left for a bird: undoubled."""
    wall = cs_wall(
        {0: KONG_DEALER, 1: "2468m 1379p 2469s 1m", 2: HAIDI_KONG_SEAT2, 3: "3569m 13579p 1369s"},
        at={106: "4s", 107: "2s"},
    )
    b = Both(wall, dice=[(6, 6)])
    b.run(until=1)
    assert b.game.to_act == (2,) and b.game.wall_remaining == 1
    b.do(2, "dice_kong 7s")
    assert b.types({"draw"})[-1]["tile"] == t("2s")
    b.do(2, "self_draw_win")
    assert b.names() == ["kong_bloom"]
    res = b.game.result
    assert res.bird is None and b.types({"bird"}) == []
    assert (res.haidi.seat, res.haidi.how) == (2, "replacement")
    assert b.transfers() == [(0, 2, 40, "win"), (1, 2, 30, "win"), (3, 2, 30, "win")]


def test_bu_zhang_on_the_haidi_then_drawn() -> None:
    """A 补张 with one tile left takes the 海底; nobody wins: drawn, and the seat that drew
    the 海底 as a replacement deals next."""
    wall = cs_wall(
        {0: KONG_DEALER, 1: "2468m 1379p 2469s 1m", 2: HAIDI_KONG_SEAT2, 3: "3569m 13579p 1369s"},
        at={106: "4s", 107: "9m"},
    )
    b = Both(wall, dice=[(6, 6)])
    b.run(until=1)
    b.do(2, "concealed_kong 7s")
    assert b.types({"draw"})[-1]["tile"] == t("9m") and b.game.wall_remaining == 0
    b.do(2, "discard 9m")
    b.pass_claims()
    assert b.transfers() == []
    res = b.game.result
    assert res.winners == () and (res.haidi.seat, res.haidi.how) == (2, "replacement")
    assert b.game.next_dealer() == 2


# -- 抢杠胡 ----------------------------------------------------------------------------------

ROB_HANDS = {
    0: "4p 1357m 268p 1358s 9m 2s",
    1: "44p 123m 789m 55s 67s 9p",
    2: "2468m 1379p 2469s 1s",
    3: "345m 678m 56p 234s 88s",  # waits 4p, 7p
}


@pytest.mark.parametrize("kong", ["added_kong", "dice_kong"])
def test_robbing_an_added_kong(kong: str) -> None:
    """Seat 1 pongs 4p and later adds the fourth (补张 or with dice): seat 3 robs it, 抢杠胡,
    paid by the konger as a 大胡 on a discard: 60 (the bird 5m on the dealer: not doubled).
    No dice are rolled for a robbed dice kong."""
    wall = cs_wall(ROB_HANDS, draws=["1p", "9s", "6m", "4p", "5m"])
    b = Both(wall, dice=[(2, 3)])
    b.do(0, "discard 4p")
    assert b.legal(3)[0] == "win"  # 地胡 offered; passed (漏胡 until seat 3 draws)
    b.do(3, "pass")
    b.do(1, "pong")
    b.do(1, "discard 9p")
    for seat in (2, 3, 0):
        b.tsumogiri(seat)
    b.pass_claims()
    assert f"{kong} 4p" in b.legal(1)
    b.do(1, f"{kong} 4p")
    assert b.game.to_act == (3,) and b.legal(3) == ["win", "pass"]
    b.do(3, "win")
    assert b.names() == ["robbed_kong"]
    res = b.game.result
    assert res.win_kind is WinKind.ROBBED_KONG and res.discarder == 1
    assert b.transfers() == [(1, 3, 60, "win")]
    assert b.types({"dice"}) == []


# -- the wall empty, no dice, no 天胡 after a kong, locked seats -------------------------------


def test_no_kong_offered_with_the_wall_empty() -> None:
    """A kong takes a replacement from the wall; when none is left (the 海底 was drawn by a
    补张) the discard may be ponged but not konged."""
    hands = {
        0: KONG_DEALER,
        1: "2468m 1379p 2489s 1m",
        2: HAIDI_KONG_SEAT2,
        3: "3569m 13579p 1666s",
    }
    b = Both(cs_wall(hands, at={106: "4s", 107: "6s"}))
    b.run(until=1)
    b.do(2, "concealed_kong 7s")
    assert b.game.wall_remaining == 0
    b.do(2, "discard 6s")
    assert b.legal(3) == ["pong", "pass"]


def test_no_dice_no_dice_kong() -> None:
    """A game given no dice never offers 杠 with dice (and logs no dice)."""
    wall = cs_wall(
        {0: KONG_DEALER, 1: DICE_SEAT1, 2: "3468m 13679p 2468s", 3: KONG_SEAT3},
        draws=["4s", "3p"],
    )
    b = Both(wall)
    assert "dice" not in b.game.events[0]
    b.do(0, "discard 9m")
    b.pass_claims()
    assert "concealed_kong 2m" in b.legal(1)
    assert not any(a.startswith("dice_kong") for a in b.legal(1))


def test_no_heavenly_win_after_a_kong() -> None:
    """The dealer 补张s before its first discard and wins on the replacement: a kong is a
    meld of its own, so no 天胡; an ordinary 小胡 self-draw (each pays 20; the bird 4m doubles
    seat 3)."""
    wall = cs_wall(
        {
            0: "2222m 123p 456p 78s 55s",
            1: "3468m 1379p 2468s 9p",
            2: "3469m 13579p 1348s",
            3: "3579m 13679p 3469s",
        },
        draws=["4m"],
        at={106: "9s"},
    )
    b = Both(wall)
    b.do(0, "concealed_kong 2m")
    assert b.legal(0)[:2] == ["self_draw_win", "opening_win"]
    b.do(0, "self_draw_win")
    assert b.names() == ["small_win"]
    assert b.transfers() == [(1, 0, 20, "win"), (2, 0, 20, "win"), (3, 0, 40, "win")]


def test_a_locked_seat_is_asked_about_the_haidi() -> None:
    """After its dice kong seat 1 discards what it draws (the engine does it); it is asked
    about the 海底 in its turn like the others, and when it takes it and cannot win, the
    engine discards it; nobody wins: the taker deals next."""
    wall = cs_wall(
        {0: KONG_DEALER, 1: DICE_SEAT1, 2: "3468m 13679p 2468s", 3: KONG_SEAT3},
        draws=["4s"],
        at={98: "1p"},
    )
    b = Both(wall, dice=[(2, 3)])
    b.do(0, "discard 9m")
    b.pass_claims()
    b.do(1, "dice_kong 2m")
    locked_discards = [e for e in b.types({"discard"}) if e["seat"] == 1]
    assert locked_discards and all(e["auto"] for e in locked_discards)
    b.run(until=0)
    while b.game.to_act != (1,):
        b.do(b.game.to_act[0], "pass")
    assert b.legal(1) == ["haidi", "pass"]
    b.do(1, "haidi")
    b.pass_claims()
    assert b.types({"discard"})[-1] == {
        "type": "discard",
        "seat": 1,
        "tile": b.types({"draw"})[-1]["tile"],
        "declare": False,
        "auto": True,
    }
    assert (b.game.result.haidi.seat, b.game.result.haidi.how) == (1, "taken")
    assert b.game.next_dealer() == 1


def test_an_added_dice_kong_not_robbed_rolls_and_blooms() -> None:
    """Seat 3 passes the rob; then the dice are rolled (2, 3: wall[98]), and the replacement
    wins for the konger: 杠上开花 (the dealer 40 × 2 for the bird 5m, the others 30)."""
    wall = cs_wall(ROB_HANDS, draws=["1p", "9s", "6m", "4p", "5m"], at={98: "8s"})
    b = Both(wall, dice=[(2, 3)])
    b.do(0, "discard 4p")
    b.do(3, "pass")
    b.do(1, "pong")
    b.do(1, "discard 9p")
    for seat in (2, 3, 0):
        b.tsumogiri(seat)
    b.pass_claims()
    b.do(1, "dice_kong 4p")
    b.do(3, "pass")
    assert b.game.events[-2:] == [
        {"type": "dice", "seat": 1, "dice": [2, 3]},
        {"type": "draw", "seat": 1, "tile": t("8s"), "replacement": True},
    ]
    b.do(1, "self_draw_win")
    assert b.names() == ["kong_bloom"]
    assert b.transfers() == [(0, 1, 80, "win"), (2, 1, 30, "win"), (3, 1, 30, "win")]


def test_no_kong_on_the_turn_with_the_wall_empty() -> None:
    """Seat 2 draws the second-last tile and 补张s 7s, taking the 海底 as its replacement;
    its second four of a kind (1p) cannot be konged: no tile is left to replace it."""
    hands = {
        0: KONG_DEALER,
        1: "2468m 3579p 2489s 1m",
        2: "7777s 1111p 789p 88m",
        3: "3569m 23579p 1369s",
    }
    b = Both(cs_wall(hands, at={106: "4s", 107: "2s"}))
    b.run(until=1)
    assert b.game.to_act == (2,)
    b.do(2, "concealed_kong 7s")
    assert b.game.wall_remaining == 0
    assert not any("kong" in a for a in b.legal(2))
