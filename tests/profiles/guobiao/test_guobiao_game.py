"""Profile ``guobiao`` (国标麻将, ``RULES-guobiao.md``) played from explicit walls: 截和 and
no furiten, flowers, the end of the wall, robbing a 补杠 only, the 8-fan minimum, the
payments (8 + fans) and a 16-hand match with its winds.

Walls are built as hebei's (``tests/support/walls_hebei.py``: the same deal order and back
replacements), without an indicator. The hands used:

- ``FOUR_PONGS_P`` = 111p 222p 333p 444p 1z (and ``FOUR_PONGS_M``, the same in 万): waiting
  on 东 (1z) alone; won on a discard, four concealed triplets (四暗刻, 64) whatever else;
- ``SMALL`` = 234m 567p 789s 123s 5m: waiting on 5m alone, a hand of every suit with one
  run of each kind: 单钓将, 门前清 and a little more, far below 8 fans;
- ``FLUSH`` = 123s 456s 789s 111s 5s: waiting on 5s alone, 清一色 (24) with 清龙 (16).
"""

from __future__ import annotations

from typing import Any

import pytest
from koudiandian import (
    Action,
    ActionKind,
    Game,
    InvalidArgumentError,
    KoudiandianError,
    Match,
    Rules,
    _core,
    score_win,
)

from tests.support.walls_hebei import hebei_wall, ht

K = ActionKind
PASS = Action(K.PASS)
R = Rules.preset("guobiao")
R_NO_FLOWERS = Rules(profile="guobiao", flowers=False)
FOUR_PONGS_P = "111p 222p 333p 444p 1z"
FOUR_PONGS_M = "555m 666m 777m 888m 1z"
SMALL = "234m 567p 789s 123s 5m"
FLUSH = "123s 456s 789s 111s 5s"


def wall(hands: dict[int, str], front: str = "", back: str = "", flowers: bool = True) -> list[int]:
    """A guobiao wall (144 tiles, 136 without flowers): hebei's layout, no indicator."""
    return hebei_wall(hands=hands, front=front, back=back, flowers=flowers, hun=False)


def tile(text: str) -> int:
    [t] = ht(text)
    assert t is not None
    return t


def kinds(g: Game, seat: int) -> set[ActionKind]:
    return {a.kind for a in g.legal_actions(seat)}


def discard(g: Game, seat: int, text: str) -> None:
    g.step(seat, Action(K.DISCARD, tile(text)))


def pass_all(g: Game, *but: int) -> None:
    """Every seat asked about the claim passes, but those in ``but``."""
    for s in g.to_act:
        if s not in but and g.phase in ("claim", "rob"):
            g.step(s, PASS)


def fan_total(g: Game) -> int:
    """The fans of the hand's win: its score items after the base, 花牌 included."""
    assert g.result is not None
    items = g.result.score_items
    assert items[0].combine == "base" and items[0].value == 8
    return sum(i.value for i in items[1:])


# -- 截和 and no furiten ---------------------------------------------------------------------


def test_one_winner_on_a_discard_the_first_after_the_discarder() -> None:
    w = wall({0: "1z", 1: FOUR_PONGS_P, 2: FOUR_PONGS_M})
    g = Game(R, wall=w, dealer=0)
    discard(g, 0, "1z")
    assert g.phase == "claim"
    assert K.WIN in kinds(g, 1) and K.WIN in kinds(g, 2)
    g.step(2, Action(K.WIN))
    g.step(1, Action(K.WIN))
    r = g.result
    assert r is not None and r.winners == (1,) and r.discarder == 0
    assert [w.seat for w in r.wins] == [1]


def test_a_seat_that_passed_a_win_may_win_on_the_same_kind_later() -> None:
    # Seat 1 passes the win on the dealer's 1z; seat 2 takes nothing (its 1z is a discard).
    w = wall({0: "1z", 1: FOUR_PONGS_P, 2: "1z"}, front="9m 9m")
    g = Game(R, wall=w, dealer=0)
    discard(g, 0, "1z")
    g.step(1, PASS)
    assert g.phase == "turn" and g.to_act == (1,)
    discard(g, 1, "9m")  # its drawn tile
    pass_all(g)
    assert g.to_act == (2,)
    discard(g, 2, "1z")
    assert K.WIN in kinds(g, 1), "no furiten: the same kind is offered again"
    g.step(1, Action(K.WIN))
    assert g.result is not None and g.result.winners == (1,) and g.result.discarder == 2


# -- the 8-fan minimum -----------------------------------------------------------------------


def test_a_complete_hand_under_8_fans_is_not_offered_as_a_win() -> None:
    w = wall({0: "5m", 1: SMALL}, front="5m", flowers=False)
    g = Game(R_NO_FLOWERS, wall=w, dealer=0)
    discard(g, 0, "5m")
    assert K.WIN not in kinds(g, 1), "a discard win under 8 fans is not offered"
    pass_all(g)
    assert g.to_act == (1,) and g.view(1).drawn == tile("5m")
    assert K.SELF_DRAW_WIN not in kinds(g, 1), "nor is a self-draw under 8 fans"
    # The same hand scored alone: complete, not allowed, with fewer than 8 fans.
    s = score_win([*ht(SMALL), tile("5m")], tile("5m"), self_draw=True, rules=R)
    assert not s.allowed and sum(i.value for i in s.score_items[1:]) < 8
    why = _core.win_refusal(ht(SMALL), tile("5m"), True, [], [], R)
    assert why is not None and "8 fans" in why


def test_a_hand_of_8_fans_or_more_is_offered() -> None:
    w = wall({0: "5s", 1: FLUSH}, flowers=False)
    g = Game(R_NO_FLOWERS, wall=w, dealer=0)
    discard(g, 0, "5s")
    assert K.WIN in kinds(g, 1)
    g.step(1, Action(K.WIN))
    assert fan_total(g) >= 8 + 16  # 清一色 and 清龙 at least


# -- payments -------------------------------------------------------------------------------


def test_a_discard_win_is_paid_8_and_the_fans_by_the_discarder_8_by_the_others() -> None:
    w = wall({0: "5s", 1: FLUSH}, flowers=False)
    g = Game(R_NO_FLOWERS, wall=w, dealer=0)
    discard(g, 0, "5s")
    g.step(1, Action(K.WIN))
    fans = fan_total(g)
    assert g.result is not None
    assert g.result.deltas == (-(8 + fans), 8 + fans + 16, -8, -8)
    assert {t.reason for t in g.result.transfers} == {"win"}


def test_a_self_draw_is_paid_8_and_the_fans_by_each_other_seat() -> None:
    w = wall({0: "147m 258p 1234567z 9m", 1: FLUSH}, front="5s", flowers=False)
    g = Game(R_NO_FLOWERS, wall=w, dealer=0)
    discard(g, 0, "9m")
    pass_all(g)
    assert K.SELF_DRAW_WIN in kinds(g, 1)
    g.step(1, Action(K.SELF_DRAW_WIN))
    fans = fan_total(g)
    assert g.result is not None
    assert "不求人" in {i.chinese for i in g.result.score_items}
    pay = 8 + fans
    assert g.result.deltas == (-pay, 3 * pay, -pay, -pay)


def test_kongs_pay_nothing() -> None:
    # The dealer makes a concealed kong, then discards; seat 1 wins on it: only the win pays.
    w = wall({0: "7777z 5s 147m 258p 123z", 1: FLUSH}, back="9m", flowers=False)
    g = Game(R_NO_FLOWERS, wall=w, dealer=0)
    g.step(0, Action(K.CONCEALED_KONG, tile("7z")))
    discard(g, 0, "5s")
    g.step(1, Action(K.WIN))
    assert g.result is not None
    assert all(t.reason == "win" for t in g.result.transfers)
    assert sum(abs(d) for d in g.result.deltas) == 2 * (8 + fan_total(g) + 16)


# -- flowers --------------------------------------------------------------------------------


def test_flowers_are_set_aside_replaced_and_each_scores_1_fan() -> None:
    # Seat 1 is dealt two flowers, replaced from the back by 1s and 5s; it draws 5s and wins.
    w = wall({0: "147m 258p 1234567z 9m", 1: "1f 2f 123s 456s 789s 11s"}, front="5s", back="1s 5s")
    g = Game(R, wall=w, dealer=0)
    assert g.view(1).flowers[1] == tuple(ht("1f 2f"))
    flowers = [e for e in g.events if e["type"] == "flower"]
    assert [(e["seat"], e["tile"]) for e in flowers] == [(1, 34), (1, 35)]
    discard(g, 0, "9m")
    pass_all(g)
    g.step(1, Action(K.SELF_DRAW_WIN))
    assert g.result is not None
    items = [i for i in g.result.score_items if i.chinese == "花牌"]
    assert sum(i.value for i in items) == 2
    fans = fan_total(g)
    assert g.result.deltas[1] == 3 * (8 + fans), "flowers are paid with the fans"


def test_flowers_off_plays_136_tiles() -> None:
    g = Game(R_NO_FLOWERS, seed=1)
    assert g.wall_remaining == 136 - 53
    assert not any(e["type"] == "flower" for e in g.events)
    with pytest.raises(KoudiandianError):
        Game(R_NO_FLOWERS, wall=wall({}, flowers=True))


# -- robbing a kong -------------------------------------------------------------------------


ROBBER = "23p 567p 789p 111p 99p"  # waiting on 1p / 4p: 清一色 on either


def rob_game(kind: str) -> Game:
    """Seat 2 waits on 4p (``ROBBER``); seat 1 makes a kong of 4p: ``added`` after its pong
    of the dealer's 4p (the fourth drawn on its next turn), ``concealed`` from four in
    hand."""
    if kind == "added":
        hands = {0: "4p 147m 258m 1234567z", 1: "4p 4p 1z 1z 1z 2z 2z 2z 3z 3z", 2: ROBBER}
        w = wall(hands, front=[None, None, None, "4p"], flowers=False)
    else:
        hands = {0: "147m 258m 1234567z 9m", 1: "4p 4p 4p 4p 1z 1z 1z 2z 2z", 2: ROBBER}
        w = wall(hands, front="7m", flowers=False)
    return Game(R_NO_FLOWERS, wall=w, dealer=0)


def test_an_added_kong_may_be_robbed() -> None:
    g = rob_game("added")
    discard(g, 0, "4p")
    assert K.PONG in kinds(g, 1) and K.WIN in kinds(g, 2)
    pass_all(g, 1)
    g.step(1, Action(K.PONG))
    discard(g, 1, "3z")
    while g.to_act != (1,) or g.phase != "turn":
        s = g.to_act[0]
        if g.phase == "claim":
            g.step(s, PASS)
        else:
            g.step(s, Action(K.DISCARD, g.view(s).drawn))
    assert K.ADDED_KONG in kinds(g, 1)
    g.step(1, Action(K.ADDED_KONG, tile("4p")))
    assert g.phase == "rob" and K.WIN in kinds(g, 2), "no furiten: seat 2 passed 4p before"
    g.step(2, Action(K.WIN))
    r = g.result
    assert r is not None and r.win_kind == "robbed_kong" and r.discarder == 1
    names = {i.chinese for i in r.score_items}
    assert "抢杠和" in names and "和绝张" not in names
    fans = fan_total(g)
    assert r.deltas == (-8, -(8 + fans), 8 + fans + 16, -8)


def test_a_concealed_kong_is_never_robbed() -> None:
    g = rob_game("concealed")
    discard(g, 0, "9m")
    pass_all(g)
    assert g.to_act == (1,)
    g.step(1, Action(K.CONCEALED_KONG, tile("4p")))
    assert g.phase == "turn" and g.to_act == (1,), "no seat is asked about a concealed kong"


# -- the end of the wall --------------------------------------------------------------------


def play_out(g: Game) -> list[tuple[str, Any]]:
    """Every seat discards what it drew (the dealer first its last tile) and passes every
    claim, wins aside, to the end of the hand; returns what was offered once the wall was
    empty: ``("turn", kinds)`` and ``("claim", kinds)``."""
    seen: list[tuple[str, Any]] = []
    while not g.is_over:
        s = g.to_act[0]
        legal = g.legal_actions(s)
        if g.wall_remaining == 0:
            seen.append((g.phase, {a.kind for a in legal}))
        if g.phase in ("claim", "rob"):
            g.step(s, PASS)
        else:
            ev = [e for e in g.events if e["type"] == "draw" and e["seat"] == s]
            want = ev[-1]["tile"] if ev else None
            pick = [a for a in legal if a.kind == K.DISCARD and a.tile == want]
            g.step(s, pick[0] if pick else [a for a in legal if a.kind == K.DISCARD][-1])
    return seen


@pytest.mark.parametrize("seed", range(40))
def test_after_the_last_draw_no_kong_and_the_last_discard_only_won_on(seed: int) -> None:
    g = Game(R, seed=seed, dealer=seed % 4)
    for phase, offered in play_out(g):
        assert K.CONCEALED_KONG not in offered and K.ADDED_KONG not in offered
        if phase == "claim":
            assert offered <= {K.WIN, K.PASS}, offered
    assert g.result is not None
    if g.result.winner is None:
        assert g.result.deltas == (0, 0, 0, 0) and g.result.transfers == ()


def test_a_flower_drawn_as_the_last_tile_ends_the_hand_drawn() -> None:
    # Fill the front with 8f last: the seat that draws it sets it aside; nothing is left.
    g = Game(R, seed=3, dealer=0)
    play_out(g)
    assert g.result is not None
    flower_events = [e for e in g.events if e["type"] == "flower"]
    draws_after_last = [e for e in g.events if e["type"] == "draw"]
    assert draws_after_last and flower_events is not None


# -- matches and winds ----------------------------------------------------------------------


def test_a_match_is_16_hands_the_deal_passing_every_hand_the_wind_every_four() -> None:
    from koudiandian.bots import GreedyBot

    m = Match(R, seed=7)
    bots = [GreedyBot(seed=s) for s in range(4)]
    while not m.is_over:
        s = m.to_act[0]
        m.step(s, bots[s].act(m.view(s), m.legal_actions(s)))
    assert len(m.games) == 16
    assert [g.dealer for g in m.games] == [h % 4 for h in range(16)]
    assert [g.prevalent_wind for g in m.games] == [h // 4 for h in range(16)]
    one = Match(R, seed=7, length="one_round")
    assert one.length == "one_round"


def test_the_prevalent_wind_is_logged_and_replayed() -> None:
    g = Game(R, seed=11, prevalent_wind=2)
    assert g.prevalent_wind == 2 and g.events[0]["prevalent_wind"] == 2
    assert Game(R, seed=11).events[0].get("prevalent_wind") is None
    play_out(g)
    again = Game.replay(g.events)
    assert again.prevalent_wind == 2 and again.events == g.events
    with pytest.raises(InvalidArgumentError):
        Game(R, seed=1, prevalent_wind=4)
