"""Scenarios of the ``changsha`` profile (长沙麻将) from explicit walls and dice, played by the
engine and the independent Python reference side by side (``Both``: the same legal actions at
every step, the same log and result), for ``tests/profiles/changsha/``.

Tile text as ``parse_tiles`` reads it; the wall is built by ``tests.support.walls.build_wall``
(RULES §2 order: ``wall[0:13]`` the dealer, …, ``wall[52]`` the dealer's 14th, draws from
``wall[53]`` on); ``at`` places tiles at given wall positions (stacks are
``(wall[2i], wall[2i+1])``, top first). The ``*_QUIET`` hands cannot win or claim; the 海底
game (``haidi_game``) and the eager random policy (``choose_eagerly``) serve several files.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from koudiandian import Action, ActionKind, Game, Rules, Tile, parse_tiles
from koudiandian.bots import GreedyBot

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


def same_log(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
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
        assert same_log(g.events, r.events), f"{where}: logs differ\n{g.events[-3:]}\n" + str(
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


# -- hands for the kongs (补张 and 杠 with dice) ------------------------------------------------------------

KONG_DEALER = "1357m 2468p 1358s 99m"  # 14; discards 9m first
KONG_SEAT3 = "3579m 13679p 3569s"


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


# -- an eager random policy for seeded hands ------------------------------------------------------

EAGER = (
    ActionKind.WIN,
    ActionKind.SELF_DRAW_WIN,
    ActionKind.OPENING_WIN,
    ActionKind.DICE_KONG,
    ActionKind.HAIDI,
)


def choose_eagerly(
    game: Game, seat: int, legal: list[Action], rng: random.Random, bot: GreedyBot | None
) -> Action:
    """Mostly a win, a dice kong, an opening win or the 海底 when offered (so they happen);
    else the greedy bot's choice (if any) or a random legal action."""
    eager = [a for a in legal if a.kind in EAGER]
    if eager and rng.random() < 0.8:
        return rng.choice(eager)
    if bot is not None and rng.random() < 0.85:
        return bot.act(game.view(seat), legal)
    return rng.choice(legal)
