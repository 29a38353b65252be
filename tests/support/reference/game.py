"""The slow, readable reference of the hand state machine, in Python, for every profile.

This was the engine before the state machine moved into the Rust core (``rust/game/``); it
stays here, written for clarity from the rule contracts (RULES.md §2–§9, RULES-hebei.md,
RULES-changsha.md) and docs/rules.md, as the reference the Rust engine is tested against:
both must offer the same actions and log identical events for the same decisions
(``tests/engine/test_game_reference.py``, ``tests/profiles/*/``). One state machine plays
every profile: it asks the profile's switches (``switches.py``), never its name, and hands
the end of a hand to the profile's settlement module (``taiyuan.py``, ``queyimen.py``,
``hebei.py``, ``changsha.py``).

It is independent of the package's evaluators: it takes only the package's plain data types
(rules, actions, tiles, results, views, errors). Hand evaluation is the brute force of
``hands.py`` (through ``score.py``) or, for 2-5-8 pairs, ``changsha_hands.py``; the seeded
deal is ``deal.py``'s.

The state machine is one class in parts: this module holds the hand's state, the deal, the
draws, the end and the seat views; ``worth.py`` what a hand is worth, ``actions.py`` the legal
actions, ``stepping.py`` applying an action, ``claims.py`` discards and their claims,
``before_play.py`` the decisions before play, ``going_on.py`` the wins, the seats that leave
and the payments made during the hand.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from koudiandian.action import Action
from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, Transfer
from koudiandian.rules import Rules
from koudiandian.tile import TILES, Tile
from koudiandian.view import SeatView

from tests.support.reference import (
    changsha,
    changsha_hands,
    guobiao,
    hebei,
    queyimen,
    sichuan,
    taiyuan,
    tiny,
)
from tests.support.reference.actions import LegalActions
from tests.support.reference.before_play import BeforePlay
from tests.support.reference.claims import Claims
from tests.support.reference.common import KongRecord, tiles_of
from tests.support.reference.deal import EXCHANGE_DIRECTIONS, check_seat, deal
from tests.support.reference.going_on import GoingOn, WinRecord
from tests.support.reference.stepping import Stepping
from tests.support.reference.switches import Switches, switches_of
from tests.support.reference.view import seat_view
from tests.support.reference.wall import Wall
from tests.support.reference.worth import HandWorth

__all__ = ["ReferenceGame", "Seat"]

#: The settlement module of each ``Switches.settlement``: ``settle_win``, ``settle_drawn``
#: and (where the reference models it) ``next_dealer``.
_SETTLEMENT = {
    "points": taiyuan,
    "fan": queyimen,
    "factor": hebei,
    "big_wins": changsha,
    "guobiao": guobiao,
    "tiny": tiny,
    "sichuan": sichuan,
}


@dataclass(slots=True)
class Seat:
    """One seat's part of the hand."""

    hand: list[int] = field(default_factory=lambda: [0] * 34)  # concealed counts
    # [MeldKind, tile, source], and a chow's claimed tile
    melds: list[list[Any]] = field(default_factory=list)
    discards: list[tuple[int, bool]] = field(default_factory=list)  # (tile, face down)
    taken: list[int] = field(default_factory=list)  # indices of discards another seat took
    flowers: list[int] = field(default_factory=list)
    declared: bool = False  # 报听: discards what it draws
    passed_win: bool = False  # 过胡: no more wins on discards this hand
    # 漏胡: kinds not to win on until a draw (过胡 until a draw: none while it holds any)
    missed: set[int] = field(default_factory=set)
    forfeited: set[int] = field(default_factory=set)  # 过杠: pongs it may not add to
    locked: bool = False  # after 杠 with dice: discards what it draws
    has_discarded: bool = False
    opening: list[str] = field(default_factory=list)  # its opening small wins, as dealt
    declared_openings: list[str] = field(default_factory=list)
    left: int | None = None  # the index in the log of the win at which it left the hand

    def meld_pairs(self) -> list[tuple[int, int]]:
        return [(int(m[0]), int(m[1])) for m in self.melds]


class ReferenceGame(HandWorth, LegalActions, Stepping, Claims, BeforePlay, GoingOn):
    """One hand under ``rules`` (a ``Rules`` of any profile, or for ``hebei`` a
    :class:`~tests.support.reference.switches.HebeiOptions`; ``None``: ``Rules()``).

    - ``ReferenceGame(rules, seed=S)``: the wall, wildcard kinds and dice come from the
      seeded generator (``deal.py``: the same on every platform and Python version).
    - ``ReferenceGame(rules, wall=[...], wildcards=[...], dice=[(a, b), ...],
      exchange_direction=...)``: exactly that hand (RULES §2 wall order; the direction of
      an exchange drawn per hand, RULES-sichuan).

    Drive it with :attr:`to_act`, :meth:`legal_actions` and :meth:`step` until
    :attr:`is_over`; then :attr:`result` holds the settlement. ``scorer`` scores a win under
    ``settlement="factor"`` (``hebei.Scorer``; by default the brute force).

    The attributes without a leading underscore are the hand's state, read by the
    settlement modules; tests use the methods and properties.
    """

    def __init__(
        self,
        rules: Any = None,
        *,
        seed: int | None = None,
        dealer: int = 0,
        wall: Iterable[int] | None = None,
        wildcards: Iterable[int] | None = None,
        dice: Iterable[tuple[int, int]] | None = None,
        scores: Sequence[int] = (0, 0, 0, 0),
        scorer: hebei.Scorer | None = None,
        prevalent_wind: int = 0,
        exchange_direction: str | None = None,
    ) -> None:
        self.rules = Rules() if rules is None else rules
        self.sw: Switches = switches_of(self.rules)
        tiles, wild, self.dice, direction = deal(
            self.sw, seed, dealer, wall, wildcards, dice, scores, exchange_direction
        )
        # Seat s passes its exchanged tiles to seat (s + exchange_shift) % 4.
        self.exchange_shift = (
            EXCHANGE_DIRECTIONS[direction] if direction else self.sw.exchange_shift
        )
        self.dealer = dealer
        self.prevalent_wind = prevalent_wind
        self.scores = (scores[0], scores[1], scores[2], scores[3])
        self.scorer = hebei.brute_force_scorer if scorer is None else scorer
        self.wall = Wall(tiles, stacks=self.sw.stacks)
        self.wild_kinds: tuple[int, ...] = tuple(sorted(wild))
        self.hun: int | None = None
        self.indicator: int | None = None
        self.seats = [Seat() for _ in range(4)]
        self.kongs: list[KongRecord] = []
        self.bids = [0, 0, 0, 0]
        self.dice_used = 0
        self.discard_count = 0
        self._events: list[dict[str, Any]] = []
        self.result: HandResult | None = None
        self.wins: list[WinRecord] = []  # every win so far, in order
        self.ledger: list[Transfer] = []  # the payments made so far (pay_as_played)
        self.picked: list[list[int]] = [[], [], [], []]  # tiles picked for the exchange
        self.voids: list[int | None] = [None, None, None, None]  # revealed void suits
        self._pending_voids: dict[int, int] = {}
        self.win_contexts: dict[int, hebei.WinContext] = {}
        self.win_scores: dict[int, Any] = {}  # a settlement's score of each win, by its event
        # The seat on turn, its drawn tile and where it came from: "deal", "front", "back"
        # (a replacement) or "haidi"; after_kong: "kong" or "dice" for a kong's replacement.
        self.phase = "bid" if self.sw.bids else "turn"
        self.turn = dealer
        self.drawn: int | None = None
        self.drawn_from = "deal"
        self.after_kong: str | None = None
        self.after_flower = False  # the drawn tile replaced a flower
        # The discard or added kong being claimed: "discard", "rob" or "haidi".
        self.claim_tile: int | None = None
        self.claim_event = 0  # the index in the log of the discard or added kong claimed
        self.claim_kind = "discard"
        self.claim_declared = False  # the discarder had declared ready
        self.claim_kong_discard = False  # the discard follows a dice kong's replacement (杠上炮)
        self.rob_dice = False  # the added kong being robbed is a dice kong
        self.haidi_first: int | None = None
        self.haidi_taker: int | None = None
        self.haidi_replacement: int | None = None
        self.haidi_refusals = 0
        self._options: dict[int, list[Action]] = {}
        self._answers: dict[int, Action] = {}
        self._pending_bids: dict[int, int] = {}
        self._legal: list[Action] | None = None  # the turn seat's legal actions, cached
        self.log(
            {
                "type": "start_hand",
                "dealer": dealer,
                "rules": self.rules.to_dict(),
                "wildcards": list(self.wild_kinds),
                "wall": list(tiles),
                **({"dice": [list(d) for d in self.dice]} if self.dice else {}),
                "scores": list(self.scores),
                **({"prevalent_wind": prevalent_wind} if prevalent_wind else {}),
                **({"exchange_direction": direction} if direction else {}),
            }
        )
        if not self.sw.bids:
            self._deal()
            self._advance()

    def log(self, event: dict[str, Any]) -> None:
        """Append ``event`` to the hand's log."""
        self._events.append(event)

    @property
    def next_event(self) -> int:
        """The index in the log the next event will have."""
        return len(self._events)

    @property
    def settlement(self) -> Any:
        """The profile's settlement module (``Switches.settlement``)."""
        return _SETTLEMENT[self.sw.settlement]

    # -- the deal -----------------------------------------------------------------------

    def _deal(self) -> None:
        """13 tiles each from the dealer on and the dealer's 14th (``wall[52]``); then the
        dealt flowers set aside and replaced from the back (seat by seat from the dealer,
        each in the order dealt); then the indicator turned (flowers turned before it stay
        on the table)."""
        wall, d = self.wall, self.dealer
        dealt = [[wall.take(p) for p in range(13 * i, 13 * i + 13)] for i in range(4)]
        dealt[0].append(wall.take(52))
        for i in range(4):
            st = self.seats[(d + i) % 4]
            for t in dealt[i]:
                while t >= 34:
                    st.flowers.append(t)
                    self.log({"type": "flower", "seat": (d + i) % 4, "tile": t})
                    t = wall.take(wall.back())
                    self.log({"type": "draw", "seat": (d + i) % 4, "tile": t, "replacement": True})
                st.hand[t] += 1
                if i == 0:
                    self.drawn = t
        if self.sw.opening_wins:
            for st in self.seats:
                st.opening = changsha_hands.opening_wins(st.hand)
        if self.sw.indicator:
            turned = []
            while wall.tiles[pos := wall.front()] >= 34:  # type: ignore[index]
                turned.append(wall.take(pos))  # type: ignore[arg-type]
            self.indicator = wall.take(wall.front())  # type: ignore[arg-type]
            self.hun = hebei.hun_of(self.indicator)
            self.wild_kinds = (self.hun,)
            self.log(
                {"type": "indicator", "tile": self.indicator, "hun": self.hun, "flowers": turned}
            )
        self.turn = d
        self._before_play()

    # -- public state -------------------------------------------------------------------

    @property
    def wildcards(self) -> tuple[Tile, ...]:
        """The wildcard kinds (the 混 under an indicator)."""
        return tuple(TILES[k] for k in self.wild_kinds)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now, in seat order; empty only when the hand is over."""
        if self.phase in ("turn", "haidi"):
            return (self.turn,)
        if self.phase == "bid":
            return tuple(s for s in range(4) if s not in self._pending_bids)
        if self.phase == "exchange":
            return tuple(s for s in range(4) if len(self.picked[s]) < self.sw.exchange)
        if self.phase == "void":
            return tuple(s for s in range(4) if s not in self._pending_voids)
        if self.phase in ("claim", "rob"):
            return tuple(s for s in sorted(self._options) if s not in self._answers)
        return ()

    @property
    def events(self) -> list[dict[str, Any]]:
        """The full event log (a copy): JSON-ready dicts, each with a ``type``."""
        return copy.deepcopy(self._events)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def wall_remaining(self) -> int:
        return self.wall.remaining

    def hand(self, seat: int) -> list[Tile]:
        """Seat ``seat``'s concealed tiles, sorted (the authority's view, not a seat's)."""
        check_seat(seat)
        return [TILES[k] for k in tiles_of(self.seats[seat].hand)]

    def melds(self, seat: int) -> list[tuple[MeldKind, int, int | None]]:
        return [(MeldKind(m[0]), int(m[1]), m[2]) for m in self.seats[seat].melds]

    def flowers(self, seat: int) -> list[int]:
        """The flowers ``seat`` has set aside, in the order set aside."""
        return list(self.seats[seat].flowers)

    def declared(self) -> tuple[bool, bool, bool, bool]:
        d = [st.declared for st in self.seats]
        return (d[0], d[1], d[2], d[3])

    def win_context(self, seat: int) -> hebei.WinContext | None:
        """What the score of ``seat``'s win was given besides its hand (``hebei``)."""
        return self.win_contexts.get(seat)

    def next_dealer(self) -> int | None:
        """Who deals the next hand, once this one is over (``hebei`` and ``changsha``)."""
        rule = getattr(self.settlement, "next_dealer", None)
        if rule is None:
            raise NotImplementedError(
                f"the reference does not model {self.sw.profile}'s next dealer"
            )
        return None if self.result is None else int(rule(self, self.result))

    # -- draws --------------------------------------------------------------------------

    def _draw(self, seat: int, how: str, *, after_kong: str | None = None, dice: int = 0) -> None:
        """Give ``seat`` a tile. ``how``: ``front`` (an ordinary draw; with one tile left
        under ``haidi`` the 海底 is offered instead), ``haidi`` (the 海底, taken) or ``back``
        (a replacement; the stack the ``dice`` total picks, if rolled). A flower drawn is
        set aside and replaced from the back. An empty wall when a draw is needed draws the
        hand."""
        wall = self.wall
        flowered = False
        while True:
            if wall.remaining == 0:
                self._end_drawn()
                return
            if how == "front" and self.sw.haidi and wall.remaining == 1:
                self.phase, self.turn = "haidi", seat
                self.haidi_first, self.haidi_refusals = seat, 0
                return
            if how == "back":
                pos = wall.by_dice(dice) if dice else wall.back()
                if self.sw.haidi and wall.remaining == 1:
                    self.haidi_replacement = seat  # the replacement is the 海底
            else:
                pos = wall.front()  # type: ignore[assignment]
            tile = wall.take(pos)
            self.log({"type": "draw", "seat": seat, "tile": tile, "replacement": how == "back"})
            if tile < 34:
                break
            self.seats[seat].flowers.append(tile)
            self.log({"type": "flower", "seat": seat, "tile": tile})
            how, dice, flowered = "back", 0, True
        st = self.seats[seat]
        st.hand[tile] += 1
        st.missed.clear()
        self.phase, self.turn, self.drawn = "turn", seat, tile
        self.drawn_from, self.after_kong, self.after_flower = how, after_kong, flowered

    def _kong_draw(self, seat: int, *, dice: bool) -> None:
        """A kong's replacement: from the back, or (杠 with dice) the stack the next roll
        picks, after which the seat is locked."""
        if not dice:
            self._draw(seat, "back", after_kong="kong")
            return
        a, b = self.dice[self.dice_used]
        self.dice_used += 1
        self.log({"type": "dice", "seat": seat, "dice": [a, b]})
        self.seats[seat].locked = True
        self._draw(seat, "back", after_kong="dice", dice=a + b)

    # -- the end ------------------------------------------------------------------------

    def _end_drawn(self) -> None:
        self._finish(self.settlement.settle_drawn(self), "exhausted")

    def _finish(self, result: HandResult, end: str) -> None:
        """End the hand (``end``: ``"win"``, or ``"exhausted"`` when the wall ran out) with
        the profile's ``result``, completed with what every result holds
        (``GoingOn._completed``)."""
        result = self._completed(result, end)
        self.result = result
        self.phase = "over"
        self._options, self._answers = {}, {}
        self.log(
            {
                "type": "end_hand",
                "result": result.to_dict(),
                "hands": [tiles_of(st.hand) for st in self.seats],
                "melds": [[[int(m[0]), m[1], m[2]] for m in st.melds] for st in self.seats],
                "discards": [[t for t, _ in st.discards] for st in self.seats],
            }
        )

    # -- what a seat may see ------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now, and nothing else (``view.py``)."""
        check_seat(seat)
        return seat_view(self, seat)

    def waits(self, seat: int) -> tuple[int, ...] | None:
        """Winning tiles (听口) of ``seat``'s waiting position (13 tiles; a declared seat's
        on its turn, before its draw), or ``None`` when it is not waiting."""
        st = self.seats[seat]
        n = sum(st.hand) + 3 * len(st.melds)
        mine = self.phase == "turn" and self.turn == seat
        if not (n == 13 or (n == 14 and st.declared and mine)):
            return None
        counts = list(st.hand)
        if n == 14 and self.drawn is not None:
            counts[self.drawn] -= 1
        return self._seat_waits(seat, counts)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.phase}, to act {list(self.to_act)}"
        return (
            f"<ReferenceGame {self.sw.profile} dealer={self.dealer} "
            f"wall_remaining={self.wall.remaining} {state}>"
        )
