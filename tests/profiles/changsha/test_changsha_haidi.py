"""The 海底 (the wall's last tile) in the ``changsha`` profile (长沙麻将, ``RULES-changsha.md``):
taken and won (海底捞月, with a 2-5-8 pair), passed on and won on its discard (海底炮, two
winners), refused by all (opening wins paid undoubled), taken with nobody winning.

Seats: the dealer is seat 0 unless a test says otherwise. The walls, the engine and the
reference played side by side (``Both``) come from ``tests.support.changsha_scenario``.
"""

from __future__ import annotations

from tests.support.changsha_scenario import HAIDI_HANDS, Both, cs_wall, haidi_game, t


def test_haidi_taken_and_won() -> None:
    """海底捞月 (with a 2-5-8 pair): a 大胡 self-draw; the bird is the 海底 itself (5s: the
    dealer) — the dealer pays 2 × 40."""
    b = haidi_game()
    b.do(3, "haidi")
    assert b.game.events[-2:] == [
        {"type": "haidi", "seat": 3, "take": True},
        {"type": "draw", "seat": 3, "tile": t("5s"), "replacement": False},
    ]
    assert b.legal(3) == ["self_draw_win", "discard 5s"]
    b.do(3, "self_draw_win")
    assert b.names() == ["last_tile"]
    assert b.transfers() == [(0, 3, 80, "win"), (1, 3, 30, "win"), (2, 3, 30, "win")]
    res = b.game.result
    assert (int(res.bird.tile), res.bird.seat) == (t("5s"), 0)
    assert (res.haidi.seat, res.haidi.how) == (3, "taken")
    assert b.game.next_dealer() == 3


def test_haidi_passed_on_and_won_on_its_discard() -> None:
    """Seat 3 refuses; the dealer takes it, cannot win, and the engine discards it for it;
    seat 3 wins on it: 海底炮, 60 + 10 (the dealer discards), doubled by the bird (the 海底,
    5s, on the dealer)."""
    b = haidi_game()
    b.do(3, "pass")
    assert b.game.to_act == (0,) and b.legal(0) == ["haidi", "pass"]
    b.do(0, "haidi")
    assert b.game.events[-1] == {
        "type": "discard",
        "seat": 0,
        "tile": t("5s"),
        "declare": False,
        "auto": True,
    }
    assert b.legal(3) == ["win", "pass"]
    b.do(3, "win")
    assert b.names() == ["last_discard"]
    assert b.transfers() == [(0, 3, 140, "win")]
    assert (b.game.result.haidi.seat, b.game.result.haidi.how) == (0, "taken")
    assert b.game.next_dealer() == 3


def test_haidi_discard_with_two_winners() -> None:
    """通炮 on the 海底's discard: both win 海底炮 (70 each, doubled); the discarder deals."""
    hands = {**HAIDI_HANDS, **{1: "123p 456p 789m 234s 5s", 2: "2468m 1379p 1379s 8p"}}
    b = haidi_game(hands)
    b.do(3, "pass")
    b.do(0, "haidi")
    b.do(1, "win")
    b.do(3, "win")
    assert b.names(0) == b.names(1) == ["last_discard"]
    assert b.transfers() == [(0, 1, 140, "win"), (0, 3, 140, "win")]
    assert b.game.next_dealer() == 0


def test_haidi_refused_by_all_pays_opening_wins_undoubled() -> None:
    """Every seat refuses: drawn, no bird; seat 1's declared 板板胡 is paid undoubled; the
    first seat asked deals next."""
    hands = {**HAIDI_HANDS, **{1: "13479m 3469p 1367s"}}
    b = Both(cs_wall(hands, at={107: "5s"}))
    b.run(until=0, declare={1})
    for seat in (3, 0, 1, 2):
        b.do(seat, "pass")
    assert b.types({"haidi"}) == [{"type": "haidi", "seat": s, "take": False} for s in (3, 0, 1, 2)]
    assert b.transfers() == [
        (0, 1, 20, "opening_win"),
        (2, 1, 10, "opening_win"),
        (3, 1, 10, "opening_win"),
    ]
    res = b.game.result
    assert res.bird is None and (res.haidi.seat, res.haidi.how) == (3, "refused")
    assert b.game.next_dealer() == 3


def test_haidi_taken_nobody_wins_the_taker_deals() -> None:
    b = haidi_game(haidi="9p")
    b.do(3, "pass")
    b.do(0, "pass")
    b.do(1, "haidi")
    b.pass_claims()
    assert b.transfers() == []
    assert (b.game.result.haidi.seat, b.game.result.haidi.how) == (1, "taken")
    assert b.game.next_dealer() == 1


def test_haidi_needs_a_258_pair() -> None:
    """海底捞月 frees no pair: waiting on 9s with a 9s pair, the 海底 9s is no win; the engine
    discards it for the taker."""
    hands = {**HAIDI_HANDS, **{3: "123m 456m 789p 234s 9s"}}
    b = haidi_game(hands, haidi="9s")
    b.do(3, "haidi")
    assert b.types({"discard"})[-1]["auto"] is True
    b.pass_claims()
    assert b.game.result.winners == ()
