"""The ``changsha`` profile (长沙麻将) of the Rust engine, tested against the contract
(``RULES-changsha.md``), the engine's decisions (docs/rules.md §11) and the independent
Python reference (``tests/support/reference/``: the game with the ``changsha`` switches,
``changsha.py`` and ``changsha_hands.py``):

- scenarios from explicit walls and dice, played by the engine and the reference side by
  side (the same legal actions at every step, the same log and result), with the exact
  transfers the contract's table gives;
- the hand functions with ``rules=Rules.preset("changsha")`` against the brute force;
- seeded hands with random and greedy decisions, step by step against the reference;
- random-play invariants over many hands.

Seats: the dealer is seat 0 unless a test says otherwise. Tile text as ``parse_tiles``
reads it; the wall is built by ``tests.support.walls.build_wall`` (RULES §2 order:
``wall[0:13]`` the dealer, …, ``wall[52]`` the dealer's 14th, draws from ``wall[53]`` on);
``at`` places tiles at given wall positions (stacks are ``(wall[2i], wall[2i+1])``, top
first).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest
from koudiandian import (
    Action,
    ActionKind,
    Game,
    MeldKind,
    Rules,
    Tile,
    WinKind,
    is_win,
    parse_tiles,
    score_win,
    shanten,
    winning_tiles,
)
from koudiandian.bots import GreedyBot

from tests.support import REFERENCE
from tests.support.independence import assert_independent
from tests.support.reference.changsha_hands import is_win as ref_is_win
from tests.support.reference.changsha_hands import shanten as ref_shanten
from tests.support.reference.changsha_hands import winning_tiles as ref_winning_tiles
from tests.support.reference.game import ReferenceGame
from tests.support.walls import build_wall

R = Rules.preset("changsha")


# -- building walls and playing them ----------------------------------------------------------


def t(text: str) -> int:
    """One tile's index."""
    return int(Tile.parse(text))


def ts(text: str) -> list[int]:
    return [int(x) for x in parse_tiles(text)]


def cs_wall(
    hands: Mapping[int, str],
    draws: Sequence[str | None] = (),
    at: Mapping[int, str] | None = None,
    dealer: int = 0,
) -> list[int]:
    """A 108-tile wall: the hands (the dealer's text holds 14 tiles, its last is
    ``wall[52]``), the ordinary draws from ``wall[53]`` on (``None``: any filler tile), and
    single tiles at chosen positions ``at`` (53–107)."""
    slots: list[str | None] = [None] * 55
    for i, d in enumerate(draws):
        slots[i] = d
    for pos, tile in (at or {}).items():
        assert 53 <= pos < 108 and slots[pos - 53] is None, pos
        slots[pos - 53] = tile
    return build_wall(
        hands=hands,
        draws=[None if s is None else t(s) for s in slots],
        dealer=dealer,
        no_honors=True,
    )


def act(text: str) -> Action:
    """``"discard 5s"``, ``"win"``, ``"dice_kong 2m"`` … as an action."""
    name, _, tile = text.partition(" ")
    kind = ActionKind[name.upper()]
    return Action(kind, Tile.parse(tile)) if tile else Action(kind)


def _same_log(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    return a == b


class Both:
    """The engine and the reference, driven together; every step checks that both offer the
    same seats the same actions and log the same events."""

    def __init__(
        self, wall: list[int], dice: Iterable[tuple[int, int]] = (), dealer: int = 0
    ) -> None:
        dice = list(dice)
        self.game = Game(R, wall=wall, dealer=dealer, dice=dice)
        self.ref = ReferenceGame(R, wall=wall, dealer=dealer, dice=dice)
        self.steps = 0
        self.check()

    def check(self) -> None:
        g, r = self.game, self.ref
        where = f"step {self.steps}"
        assert g.to_act == r.to_act, f"{where}: to_act {g.to_act} vs {r.to_act}"
        for s in g.to_act:
            assert g.legal_actions(s) == r.legal_actions(s), (
                f"{where}: seat {s} legal {list(map(str, g.legal_actions(s)))} vs "
                f"{list(map(str, r.legal_actions(s)))}"
            )
        assert _same_log(g.events, r.events), f"{where}: logs differ\n{g.events[-3:]}\n" + str(
            r.events[-3:]
        )

    def legal(self, seat: int) -> list[str]:
        return [str(a) for a in self.game.legal_actions(seat)]

    def step(self, seat: int, action: Action) -> None:
        self.game.step(seat, action)
        self.ref.step(seat, action)
        self.steps += 1
        self.check()

    def pass_claims(self) -> None:
        """Every seat still asked about a discard or added kong passes."""
        while self.game.phase in ("claim", "rob") and self.game.to_act:
            self.step(self.game.to_act[0], act("pass"))

    def do(self, seat: int, text: str) -> None:
        """``seat`` does ``text``; pending claims it is not part of are passed first."""
        action = act(text)
        if self.game.phase in ("claim", "rob") and action not in self.game.legal_actions(seat):
            self.pass_claims()
        assert action in self.game.legal_actions(seat), (
            f"{text} not legal for seat {seat}: {self.legal(seat)} (to act {self.game.to_act})"
        )
        self.step(seat, action)

    def drawn(self) -> int:
        """The tile the seat on turn drew last (before any draw: the dealer's 14th)."""
        events = self.game.events
        draws = [e for e in events if e["type"] == "draw"]
        return int(draws[-1]["tile"]) if draws else int(events[0]["wall"][52])

    def tsumogiri(self, seat: int) -> None:
        """``seat`` discards the tile it just drew."""
        self.pass_claims()
        self.do(seat, f"discard {Tile(self.drawn())}")

    def run(self, until: int, declare: Iterable[int] = ()) -> None:
        """Pass every claim and discard every drawn tile (the dealer its 14th) until the
        wall holds ``until`` tiles at a seat's turn, or the 海底 is offered; the seats in
        ``declare`` declare their opening wins at their first turn."""
        declare = set(declare)
        while True:
            self.pass_claims()
            g = self.game
            if g.phase != "turn" or g.wall_remaining <= until:
                return
            seat = g.to_act[0]
            if seat in declare and "opening_win" in self.legal(seat):
                self.do(seat, "opening_win")
            self.do(seat, f"discard {Tile(self.drawn())}")

    def finish(self) -> None:
        """Let the seats still asked pass; the hand must be over, with the same result."""
        self.pass_claims()
        g, r = self.game, self.ref
        assert g.is_over and r.is_over
        assert g.result == r.result
        assert g.next_dealer() == r.next_dealer()

    def transfers(self) -> list[tuple[int, int, int, str]]:
        self.finish()
        return [(x.payer, x.payee, x.amount, x.reason) for x in self.game.result.transfers]

    def names(self, i: int = 0) -> list[str]:
        self.finish()
        return [item.name for item in self.game.result.wins[i].score_items]

    def types(self, kinds: set[str]) -> list[dict[str, Any]]:
        return [e for e in self.game.events if e["type"] in kinds]


def bird_seat(tile: str, dealer: int = 0) -> int:
    """The contract: rank 1, 5, 9 the dealer; 2, 6 its 下家; 3, 7 opposite; 4, 8 上家."""
    rank = Tile.parse(tile) % 9 + 1
    return (dealer + rank - 1) % 4


# Hands that have no opening win (every suit, a 2, 5 or 8, at most one triplet).
DEALER_QUIET = "1357m 2468p 1357s 99m"  # 14: discards 9m first
SEAT2_QUIET = "2468m 13579p 2468s"
SEAT3_QUIET = "3579m 13579p 3579s"
SEAT1_READY = "123m 456m 789p 234s 5s"  # waits 2s, 5s (2-5-8 pairs)


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


# -- kongs: 补张 and 杠 with dice ------------------------------------------------------------

KONG_DEALER = "1357m 2468p 1358s 99m"  # 14; discards 9m first
KONG_SEAT3 = "3579m 13679p 3569s"


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


# -- the 海底 --------------------------------------------------------------------------------

HAIDI_HANDS = {
    0: "1357m 2468p 1368s 99m",
    1: "2468m 1379p 2469s 1m",
    2: "3579m 1357p 1379s 8p",
    3: SEAT1_READY,  # waits 2s, 5s; the first asked about the 海底
}


def haidi_game(hands: Mapping[int, str] = HAIDI_HANDS, haidi: str = "5s") -> Both:
    """Every seat discards what it draws until the 海底 (wall[107]) is offered to seat 3."""
    b = Both(cs_wall(hands, at={107: haidi}))
    b.run(until=0)
    assert b.game.phase == "haidi" and b.game.to_act == (3,) and b.game.wall_remaining == 1
    assert b.legal(3) == ["haidi", "pass"]
    return b


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


# -- the hand functions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "wins"),
    [
        ("123m 456m 789p 234s 55s", [], True),  # 小胡
        ("123m 456m 789p 234s 99s", [], False),  # no 2-5-8 pair, no 大胡
        ("111m 444p 777s 999s 33m", [], True),  # 碰碰胡, any pair
        ("22558m 22588p 2588s", [], True),  # 将将胡 without a shape
        ("123456789m 11234m", [], True),  # 清一色, any pair
        ("1133m 7799p 1133s 55m", [], True),  # 七小对
        ("1111m 3399p 1133s 55m", [], True),  # 七小对, four of a kind as two pairs
        ("111m 99p", [(0, t("7p")), (0, t("1s")), (0, t("3s"))], True),  # 碰碰胡, pair 9p
        ("111m 99p", [(4, t("7p")), (0, t("1s")), (0, t("3s"))], False),  # a chow: no 碰碰胡
        ("222m 55p", [(0, t("8m")), (1, t("2s")), (0, t("5s"))], True),  # 将将胡, pongs, kong
        ("222m 55p", [(4, t("1m")), (0, t("2s")), (0, t("5s"))], True),  # 小胡, pair 5p
        ("111m 66p", [(4, t("1m")), (0, t("2s")), (0, t("5s"))], False),  # pair 6p, a chow
    ],
)
def test_is_win_examples(hand: str, melds: list[tuple[int, int]], wins: bool) -> None:
    assert is_win(ts(hand), melds=melds, rules=R) is wins
    counts = Counter(ts(hand))
    assert ref_is_win([counts[k] for k in range(34)], melds) is wins


def test_winning_tiles_and_shanten_examples() -> None:
    assert [int(x) for x in winning_tiles(ts("123m 456m 789p 234s 5s"), rules=R)] == ts("2s 5s")
    assert winning_tiles(ts("123m 456m 789p 234s 9s"), rules=R) == []
    # 将将胡: any 2-5-8 completes a hand of 2-5-8 tiles, with or without a shape
    assert [int(x) for x in winning_tiles(ts("22558m 2258p 2588s"), rules=R)] == ts(
        "258m 258p 258s"
    )
    # all four 8p held (a kong): 8p is no winning tile though the shape would take it
    assert winning_tiles(ts("55p 79p 567s"), melds=[(4, t("1m")), (1, t("8p"))], rules=R) == []
    assert shanten(ts("123m 456m 789p 234s 55s"), rules=R) == -1
    assert shanten(ts("123m 456m 789p 234s 5s"), rules=R) == 0
    assert shanten(ts("123m 456m 789p 234s 9s"), rules=R) == 1  # a 2-5-8 pair is still needed


def test_score_win_items() -> None:
    """The 大胡 as items (the first the base, the others added), ``points`` their count;
    a 小胡 is one ``small_win`` item and 0 points."""
    s = score_win(ts("111m 444p 777s 999s 33m"), "9s", self_draw=True, rules=R, last_tile=True)
    assert [(i.name, i.combine) for i in s.score_items] == [
        ("all_pongs", "base"),
        ("last_tile", "add"),
    ]
    assert s.points == 2 and s.factor == 1
    s = score_win(ts("123m 456m 789p 234s 55s"), "5s", self_draw=False, rules=R)
    assert [i.name for i in s.score_items] == ["small_win"] and s.points == 0
    s = score_win(ts("1133m 7799p 1133s 55m"), "5m", self_draw=False, robbed_kong=True, rules=R)
    assert [i.name for i in s.score_items] == ["seven_pairs", "robbed_kong"]
    s = score_win(ts("22558m 22588p 2588s"), "8p", self_draw=True, rules=R)
    assert [i.name for i in s.score_items] == ["all_258"]


def test_score_win_kong_replacement_is_kong_bloom() -> None:
    s = score_win(ts("123456789m 11234m"), "2m", self_draw=True, kong_replacement=True, rules=R)
    assert [i.name for i in s.score_items] == ["all_one_suit", "kong_bloom"]


def test_result_patterns_are_not_taiyuan() -> None:
    """changsha has no taiyuan patterns: its 大胡 are score items."""
    s = score_win(ts("22558m 22588p 2588s"), "8p", self_draw=True, rules=R)
    assert s.patterns == ()


def _random_hand(rng: random.Random) -> tuple[list[int], list[tuple[int, int]]]:
    """A 14-tile hand (melds counted as 3), built to be near a winning form: random melds,
    then groups and a pair (or seven pairs, or 2-5-8 tiles), then a few random swaps."""
    left = [4] * 27
    melds: list[tuple[int, int]] = []

    def take(kinds: list[int]) -> bool:
        need = Counter(kinds)
        if any(left[k] < n for k, n in need.items()):
            return False
        for k, n in need.items():
            left[k] -= n
        return True

    style = rng.choice(["standard", "standard", "pongs", "suit", "pairs", "258", "random"])
    suit = rng.randrange(3)
    kinds_of = {
        "suit": list(range(9 * suit, 9 * suit + 9)),
        "258": [k for k in range(27) if k % 9 in (1, 4, 7)],
    }.get(style, list(range(27)))
    n_melds = 0 if style == "pairs" else rng.choice([0, 0, 1, 2, 3])
    while len(melds) < n_melds:
        k = rng.choice(kinds_of)
        kind = rng.choice([0, 0, 1, 3, 4]) if style not in ("pongs", "258") else rng.choice([0, 1])
        if kind == 4:
            if k % 9 > 6 or not take([k, k + 1, k + 2]):
                continue
        elif not take([k] * (4 if kind in (1, 3) else 3)):
            continue
        melds.append((kind, k))
    hand: list[int] = []
    size = 14 - 3 * len(melds)
    if style == "random":
        pool = [k for k in range(27) for _ in range(left[k])]
        hand = rng.sample(pool, size)
    elif style in ("pairs", "258"):
        while len(hand) < size:
            k = rng.choice(kinds_of)
            n = 2 if style == "pairs" else 1
            if len(hand) + n <= size and take([k] * n):
                hand += [k] * n
    else:
        while len(hand) < size - 2:
            k = rng.choice(kinds_of)
            run = style != "pongs" and k % 9 <= 6 and rng.random() < 0.6
            group = [k, k + 1, k + 2] if run else [k] * 3
            if take(group):
                hand += group
        while len(hand) < size:
            k = rng.choice(kinds_of)
            if take([k, k]):
                hand += [k, k]
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        i = rng.randrange(len(hand))
        k = rng.randrange(27)
        if left[k]:
            left[hand[i]] += 1
            left[k] -= 1
            hand[i] = k
    return hand, melds


def test_hand_functions_against_the_brute_force() -> None:
    """``is_win``, ``winning_tiles`` and ``shanten`` with the changsha rules against the brute
    force of the reference, on 600 random hands near the winning forms (14 tiles, then 13)."""
    rng = random.Random(20261201)
    wins = 0
    for n in range(600):
        hand, melds = _random_hand(rng)
        c = Counter(hand)
        counts = [c[k] for k in range(34)]
        label = f"hand {n}: {sorted(hand)} melds {melds}"
        win = ref_is_win(counts, melds)
        wins += win
        assert is_win(hand, melds=melds, rules=R) is win, label
        assert shanten(hand, melds=melds, rules=R) == ref_shanten(counts, melds, caps=FOUR), label
        out = hand.pop(rng.randrange(len(hand)))
        counts[out] -= 1
        assert [int(x) for x in winning_tiles(hand, melds=melds, rules=R)] == list(
            ref_winning_tiles(counts, melds)
        ), label
        assert shanten(hand, melds=melds, rules=R) == ref_shanten(counts, melds, caps=FOUR), label
    assert wins > 150


#: The engine's shanten lets a target hold four of a kind concealed whatever its melds hold
#: ("it counts tiles"): the reference's shanten with these caps. The strict shanten (five of
#: a kind is no hand) differs on a few hands: ``test_shanten_counts_meld_copies``.
FOUR = [4] * 27


@pytest.mark.xfail(
    strict=True,
    reason="engine: shanten aims at targets holding a fifth copy (the pair 22m beside a pong "
    "of 2m): 1, but no real hand is one exchange from ready here (2)",
)
def test_shanten_counts_meld_copies() -> None:
    """2m 4p 9p 3s 44s 55s with a pong of 2m and a chow 567p: the pair 22m would need a fifth
    2m; the fewest exchanges to a real winning hand are three (shanten 2)."""
    hand = ts("2m 4p 9p 3s 44s 55s")
    melds = [(0, t("2m")), (4, t("5p"))]
    c = Counter(hand)
    assert ref_shanten([c[k] for k in range(34)], melds) == 2
    assert shanten(hand, melds=melds, rules=R) == 2


# -- seeded hands against the reference ------------------------------------------------------

_EAGER = (
    ActionKind.WIN,
    ActionKind.SELF_DRAW_WIN,
    ActionKind.OPENING_WIN,
    ActionKind.DICE_KONG,
    ActionKind.HAIDI,
)


def _choose(
    game: Game, seat: int, legal: list[Action], rng: random.Random, bot: GreedyBot | None
) -> Action:
    """Mostly a win, a dice kong, an opening win or the 海底 when offered (so they happen);
    else the greedy bot's choice (if any) or a random legal action."""
    eager = [a for a in legal if a.kind in _EAGER]
    if eager and rng.random() < 0.8:
        return rng.choice(eager)
    if bot is not None and rng.random() < 0.85:
        return bot.act(game.view(seat), legal)
    return rng.choice(legal)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_engine_matches_reference_on_seeded_hands(policy: str) -> None:
    """150 seeded hands per policy: the same seats to act, the same legal actions at every
    step, the same log, result and next dealer. Greedy bots win most hands, so 大胡, dice
    kongs, 通炮 and the 海底 are compared too."""
    seen: Counter[str] = Counter()
    for seed in range(150):
        label = f"{policy} seed {seed}"
        fast = Game(R, seed=seed, dealer=seed % 4)
        slow = ReferenceGame(R, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        bots = [GreedyBot(seed=seed * 4 + s) for s in range(4)] if policy == "greedy" else None
        step = 0
        while True:
            assert fast.to_act == slow.to_act, f"{label} step {step}: to_act"
            if not fast.to_act:
                break
            seat = rng.choice(fast.to_act)
            legal = fast.legal_actions(seat)
            assert legal == slow.legal_actions(seat), f"{label} step {step}: legal"
            action = _choose(fast, seat, legal, rng, None if bots is None else bots[seat])
            fast.step(seat, action)
            slow.step(seat, action)
            step += 1
        assert _same_log(fast.events, slow.events), f"{label}: event logs differ"
        assert fast.result == slow.result, f"{label}: results"
        assert fast.next_dealer() == slow.next_dealer(), f"{label}: next dealer"
        seen.update(e["type"] for e in fast.events)
        seen.update(i.name for w in fast.result.wins for i in w.score_items)
    assert seen["win"] > 10 and seen["haidi"] > 0 and seen["opening_win"] > 0, seen
    if policy == "greedy":
        assert seen["dice_kong"] > 0 and seen["kong_bloom"] > 0, seen


#: What the reference may take from the package: plain data types and errors.
_PLAIN_MODULES = {"action", "errors", "meld", "result", "rules", "tile"}
_PLAIN_NAMES = {
    "Action",
    "ActionKind",
    "action_of",
    "Bird",
    "Haidi",
    "HandResult",
    "MeldKind",
    "Rules",
    "ScoreItem",
    "TILES",
    "Tile",
    "Transfer",
    "WinKind",
    "WinSummary",
}


def test_reference_is_independent_of_the_engine() -> None:
    """The reference's ``changsha`` modules (``tests/support/reference/changsha.py``, the
    settlement, and ``changsha_hands.py``, the hand evaluation) take only plain data types
    from the package (no evaluator, no game, no ``_core``); their other imports are each
    other, the reference's shared helpers (``common.py``) and the type of the reference game
    they settle."""
    helpers = {f"tests.support.reference.{m}" for m in ("changsha_hands", "common", "game")}
    for name in ("changsha.py", "changsha_hands.py"):
        assert_independent(REFERENCE / name, _PLAIN_MODULES, _PLAIN_NAMES, helpers=helpers)


# -- random-play invariants ------------------------------------------------------------------


def _meld_tiles(kind: int, tile: int) -> list[int]:
    if kind == MeldKind.CHOW:
        return [tile, tile + 1, tile + 2]
    return [tile] * (3 if kind == MeldKind.PONG else 4)


def test_random_play_invariants() -> None:
    """2,000 hands of random play with the engine: every tile accounted for (dealt and drawn
    tiles = hands + melds + discards, less the claimed discards that sit in a meld and the
    discards won on, which sit in the winners' hands as well); deltas sum to zero and are
    the transfers'; the log replays to the same log; under a minute."""
    start = time.perf_counter()
    kinds: Counter[str] = Counter()
    for n in range(2000):
        seed = 10**6 + n
        game = Game(R, seed=seed, dealer=n % 4)
        rng = random.Random(seed)
        while game.to_act:
            seat = rng.choice(game.to_act)
            game.step(seat, _choose(game, seat, game.legal_actions(seat), rng, None))
        events = game.events
        end = events[-1]
        assert end["type"] == "end_hand"
        taken = Counter(events[0]["wall"][:53]) + Counter(
            e["tile"] for e in events if e["type"] == "draw"
        )
        result = game.result
        birds = [e for e in events if e["type"] == "bird"]
        # the bird is turned from the wall, unless it is the 海底 already drawn (a 海底 win)
        turned = bool(birds) and not (result.haidi is not None and result.haidi.how == "taken")
        assert sum(taken.values()) + turned + game.wall_remaining == 108, seed
        held: Counter[int] = Counter()
        for h in end["hands"]:
            held.update(h)
        for ms in end["melds"]:
            for kind, tile, _ in ms:
                held.update(_meld_tiles(kind, tile))
        for d in end["discards"]:
            held.update(d)
        claimed = Counter(e["tile"] for e in events if e["type"] in ("pong", "kong"))
        claimed.update(e["claimed"] for e in events if e["type"] == "chow")
        claimed.update(
            e["tile"] for e in events if e["type"] == "dice_kong" and e["from"] is not None
        )
        wins = [e for e in events if e["type"] == "win"]
        won = Counter(e["tile"] for e in wins if e["kind"] == "discard")
        if wins and wins[0]["kind"] == "robbed_kong":  # the konger's tile, won by each
            won.update(e["tile"] for e in wins[1:])
        assert held == taken + claimed + won, seed
        assert sum(result.deltas) == 0, seed
        deltas = [0, 0, 0, 0]
        for x in result.transfers:
            deltas[x.payer] -= x.amount
            deltas[x.payee] += x.amount
        assert tuple(deltas) == result.deltas, seed
        assert Game.replay(events).events == events, seed
        assert ReferenceGame(R, seed=seed, dealer=n % 4).wall_remaining == 55
        kinds[result.win_kind.value if result.win_kind else "drawn"] += 1
    assert {"drawn", "self_draw", "discard"} <= set(kinds), kinds
    assert time.perf_counter() - start < 60


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


# -- more turns: the first turn after a 补张, no dice, locked seats --------------------------


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
