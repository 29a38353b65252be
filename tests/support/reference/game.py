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
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from koudiandian.action import Action, ActionKind, action_of
from koudiandian.errors import IllegalActionError, NotYourTurnError
from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, WinKind
from koudiandian.rules import Rules
from koudiandian.tile import TILES, Tile
from koudiandian.view import SeatView

from tests.support.reference import changsha, changsha_hands, guobiao, hebei, queyimen, taiyuan
from tests.support.reference.common import POINTS, KongRecord, tiles_of
from tests.support.reference.deal import check_seat, deal
from tests.support.reference.score import allows_win, declarable, is_win, win_points, winning_tiles
from tests.support.reference.switches import Switches, switches_of
from tests.support.reference.view import seat_view
from tests.support.reference.wall import Wall

__all__ = ["ReferenceGame", "Seat"]

#: The settlement module of each ``Switches.settlement``: ``settle_win``, ``settle_drawn``
#: and (where the reference models it) ``next_dealer``.
_SETTLEMENT = {
    "points": taiyuan,
    "fan": queyimen,
    "factor": hebei,
    "big_wins": changsha,
    "guobiao": guobiao,
}
_K = ActionKind
_TILED = {k: tuple(action_of(k, t) for t in range(34)) for k in (_K.DECLARE, _K.DISCARD)}
_PASS = action_of(_K.PASS)


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
    missed: set[int] = field(default_factory=set)  # 漏胡: kinds not to win on until a draw
    forfeited: set[int] = field(default_factory=set)  # 过杠: pongs it may not add to
    locked: bool = False  # after 杠 with dice: discards what it draws
    has_discarded: bool = False
    opening: list[str] = field(default_factory=list)  # its opening small wins, as dealt
    declared_openings: list[str] = field(default_factory=list)

    def meld_pairs(self) -> list[tuple[int, int]]:
        return [(int(m[0]), int(m[1])) for m in self.melds]


class ReferenceGame:
    """One hand under ``rules`` (a ``Rules`` of any profile, or for ``hebei`` a
    :class:`~tests.support.reference.switches.HebeiOptions`; ``None``: ``Rules()``).

    - ``ReferenceGame(rules, seed=S)``: the wall, wildcard kinds and dice come from the
      seeded generator (``deal.py``: the same on every platform and Python version).
    - ``ReferenceGame(rules, wall=[...], wildcards=[...], dice=[(a, b), ...])``: exactly
      that hand (RULES §2 wall order).

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
    ) -> None:
        self.rules = Rules() if rules is None else rules
        self.sw: Switches = switches_of(self.rules)
        tiles, wild, self.dice = deal(self.sw, seed, dealer, wall, wildcards, dice, scores)
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
        self.win_contexts: dict[int, hebei.WinContext] = {}
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
            }
        )
        if not self.sw.bids:
            self._deal()
            self._advance()

    def log(self, event: dict[str, Any]) -> None:
        """Append ``event`` to the hand's log."""
        self._events.append(event)

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
        self.phase, self.turn = "turn", d

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
        rule = getattr(_SETTLEMENT[self.sw.settlement], "next_dealer", None)
        if rule is None:
            raise NotImplementedError(
                f"the reference does not model {self.sw.profile}'s next dealer"
            )
        return None if self.result is None else int(rule(self, self.result))

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now, in the engine's order; empty when it need not act."""
        check_seat(seat)
        if seat not in self.to_act:
            return []
        if self.phase == "turn":
            if self._legal is None:
                self._legal = self._turn_actions(seat)
            return list(self._legal)
        if self.phase == "bid":
            return [hebei.pao_action(n) for n in range(4)]
        if self.phase == "haidi":
            return [action_of(_K.HAIDI), _PASS]
        return list(self._options[seat])

    # -- what a hand is worth -----------------------------------------------------------

    def _wins(self, counts: Sequence[int], melds: Sequence[tuple[int, int]]) -> bool:
        """A complete hand that wins (缺一门 included)."""
        if self.sw.pair_258:
            return changsha_hands.is_win(counts, melds)
        if self.sw.lacks_a_suit and not queyimen.lacks_a_suit(counts, melds):
            return False
        return is_win(counts, melds, self.wild_kinds, self.sw)

    def _waits(self, counts: Sequence[int], melds: Sequence[tuple[int, int]]) -> tuple[int, ...]:
        """Winning tiles of a waiting hand: the kinds, other than wildcards and those held
        four times, that complete it into a win."""
        if self.sw.pair_258:
            return changsha_hands.winning_tiles(counts, melds)
        tiles = winning_tiles(counts, melds, self.wild_kinds, self.sw)
        if self.sw.lacks_a_suit:  # 缺一门
            tiles = tuple(
                t
                for t in tiles
                if queyimen.lacks_a_suit([c + (k == t) for k, c in enumerate(counts)], melds)
            )
        return tiles

    def _wins_with(self, seat: int, tile: int) -> bool:
        st = self.seats[seat]
        counts = list(st.hand)
        counts[tile] += 1
        return self._wins(counts, st.meld_pairs())

    def _after_kong(
        self, seat: int, kind: MeldKind, tile: int
    ) -> tuple[list[int], list[tuple[int, int]]]:
        """The seat's position after a kong of ``tile``: ``CONCEALED_KONG`` (four in hand),
        ``ADDED_KONG`` (onto its pong) or ``KONG`` (three in hand and the discard)."""
        st = self.seats[seat]
        counts, melds = list(st.hand), st.meld_pairs()
        if kind is MeldKind.ADDED_KONG:
            counts[tile] -= 1
            added = int(MeldKind.ADDED_KONG)
            melds = [(added, t) if (k, t) == (MeldKind.PONG, tile) else (k, t) for k, t in melds]
        else:
            counts[tile] -= 4 if kind is MeldKind.CONCEALED_KONG else 3
            melds.append((int(kind), tile))
        return counts, melds

    def _kong_keeps_waits(self, seat: int, kind: MeldKind, tile: int) -> bool:
        """Under ``kong_keeps_waits``, whether a declared seat's kong leaves its winning tiles
        as they were (RULES §4). Always true for an undeclared seat or without the option."""
        st = self.seats[seat]
        if not (self.sw.kong_keeps_waits and st.declared):
            return True
        before = list(st.hand)
        if kind is not MeldKind.KONG:  # on its turn: the position before the draw
            assert self.drawn is not None
            before[self.drawn] -= 1
        return self._waits(*self._after_kong(seat, kind, tile)) == self._waits(
            before, st.meld_pairs()
        )

    def _ready_after_kong(self, seat: int, kind: MeldKind, tile: int) -> bool:
        """Whether the hand has a winning tile after the kong (杠 with dice)."""
        return bool(self._waits(*self._after_kong(seat, kind, tile)))

    def _may_self_draw(self, seat: int) -> bool:
        st = self.seats[seat]
        if self.drawn is None or (self.sw.declare and not st.declared):
            return False
        melds = st.meld_pairs()
        if not self._wins(st.hand, melds):
            return False
        if self.sw.fan_minimum:
            flags = self.situation(seat, self.drawn, WinKind.SELF_DRAW)
            return guobiao.enough(guobiao.fans(self, seat, st.hand, self.drawn, **flags))
        if not self.sw.thresholds:
            return True
        points = win_points(st.hand, melds, self.drawn, True, self.wild_kinds, self.sw)
        return allows_win(points, True, self.sw)

    def _may_win_on(self, seat: int, tile: int, how: str) -> bool:
        """Whether ``seat`` is offered a win on a discard (or, ``how="rob"``, an added kong)."""
        st = self.seats[seat]
        if how == "rob" and not self.sw.rob_kong:
            return False
        if self.sw.declare and not st.declared:
            return False
        if self.sw.thresholds and not allows_win(POINTS[tile], False, self.sw):
            return False
        if st.passed_win or tile in st.missed:
            return False
        if not self._wins_with(seat, tile):
            return False
        if self.sw.fan_minimum:
            kind = WinKind.ROBBED_KONG if how == "rob" else WinKind.DISCARD
            flags = self.situation(seat, tile, kind, taken=False, how=how)
            counts = list(st.hand)
            counts[tile] += 1
            return guobiao.enough(guobiao.fans(self, seat, counts, tile, **flags))
        return True

    def situation(
        self,
        seat: int,
        tile: int,
        kind: WinKind,
        *,
        taken: bool = True,
        how: str | None = None,
    ) -> dict[str, bool]:
        """The four flags of a win's moment as the fan calculator takes them: self-drawn;
        和绝张 (the other three tiles of the kind in sight; ``taken``: the discard won on is
        already marked taken; never for a robbed kong); about a kong (杠上开花: one's own
        kong's replacement, not a flower's; 抢杠和); the wall's last (妙手回春: the last tile
        drawn; 海底捞月: a win on the discard made after it)."""
        how = self.claim_kind if how is None else how
        if kind is WinKind.SELF_DRAW:
            return {
                "self_drawn": True,
                "last_copy": guobiao.visible(self, tile) == 3,
                "about_kong": self.after_kong == "kong" and not self.after_flower,
                "wall_last": self.wall.remaining == 0,
            }
        robbed = kind is WinKind.ROBBED_KONG
        return {
            "self_drawn": False,
            "last_copy": not robbed and guobiao.visible(self, tile) == (3 if taken else 4),
            "about_kong": robbed,
            "wall_last": how == "haidi",
        }

    # -- legal actions ------------------------------------------------------------------

    def _kong_actions(self, seat: int) -> list[Action]:
        """On its turn after a draw: concealed kongs (by kind, no wildcard kind), added kongs
        (in meld order), then 杠 with dice of either (by kind, ready after it, dice left). A
        declared seat may kong only the kind it drew."""
        st, drawn = self.seats[seat], self.drawn
        free = not st.declared
        concealed = [
            k
            for k in range(34)
            if st.hand[k] == 4 and k not in self.wild_kinds and (free or k == drawn)
        ]
        added = [
            int(m[1])
            for m in st.melds
            if m[0] == MeldKind.PONG
            and st.hand[m[1]] >= 1
            and (free or m[1] == drawn)
            and not (self.sw.forfeit_kong_after_pong and m[1] in st.forfeited)
        ]
        out = [
            action_of(_K.CONCEALED_KONG, k)
            for k in concealed
            if self._kong_keeps_waits(seat, MeldKind.CONCEALED_KONG, k)
        ]
        out += [
            action_of(_K.ADDED_KONG, k)
            for k in added
            if self._kong_keeps_waits(seat, MeldKind.ADDED_KONG, k)
        ]
        if self.dice_used < len(self.dice):
            dice = [
                k for k in concealed if self._ready_after_kong(seat, MeldKind.CONCEALED_KONG, k)
            ]
            dice += [k for k in added if self._ready_after_kong(seat, MeldKind.ADDED_KONG, k)]
            out += [action_of(_K.DICE_KONG, k) for k in sorted(dice)]
        return out

    def _turn_actions(self, seat: int) -> list[Action]:
        """自摸 (when the hand may win); a seat locked by 杠 with dice, or the 海底's taker,
        then only discards its drawn tile. Else: its opening wins (until its first discard),
        kongs (after a draw), then a declared seat discards its drawn tile; an undeclared one
        may declare (报听) with each discard that allows it, then discard any kind held."""
        st, drawn = self.seats[seat], self.drawn
        out = [action_of(_K.SELF_DRAW_WIN)] if self._may_self_draw(seat) else []
        if st.locked or self.drawn_from == "haidi":
            assert drawn is not None
            return [*out, _TILED[_K.DISCARD][drawn]]
        if self.sw.opening_wins and st.opening and not (st.has_discarded or st.declared_openings):
            out.append(action_of(_K.OPENING_WIN))
        if drawn is not None and (self.wall.remaining or not self.sw.kong_needs_a_tile):
            out += self._kong_actions(seat)
        if st.declared:
            assert drawn is not None
            return [*out, _TILED[_K.DISCARD][drawn]]
        if self.sw.declare:
            ready = declarable(st.hand, st.meld_pairs(), self.wild_kinds, self.sw)
            out += [_TILED[_K.DECLARE][k] for k in ready]
        return out + [_TILED[_K.DISCARD][k] for k in range(34) if st.hand[k]]

    def _claim_actions(self, seat: int, source: int, tile: int, how: str) -> list[Action]:
        """What ``seat`` is offered on ``source``'s ``tile``: win, then on a discard (not of
        the 海底) pong, kong, 杠 with dice and chows (the 下家 only, by lowest tile), then
        pass; nothing to a locked seat but the win."""
        st = self.seats[seat]
        acts = [action_of(_K.WIN)] if self._may_win_on(seat, tile, how) else []
        if how == "discard" and not st.locked:
            held = st.hand[tile]
            if held >= 2 and not st.declared:
                acts.append(action_of(_K.PONG))
            tile_left = self.wall.remaining or not self.sw.kong_needs_a_tile
            if held == 3 and tile_left and self._kong_keeps_waits(seat, MeldKind.KONG, tile):
                acts.append(action_of(_K.KONG))
                if self.dice_used < len(self.dice) and self._ready_after_kong(
                    seat, MeldKind.KONG, tile
                ):
                    acts.append(action_of(_K.DICE_KONG, tile))
            if self.sw.chow and seat == (source + 1) % 4 and tile < 27:
                base, rank = divmod(tile, 9)
                for low in range(base * 9 + max(0, rank - 2), base * 9 + min(6, rank) + 1):
                    others = [k for k in (low, low + 1, low + 2) if k != tile]
                    if all(st.hand[k] and k not in self.wild_kinds for k in others):
                        acts.append(action_of(_K.CHOW, low))
        return [*acts, _PASS] if acts else []

    # -- stepping -----------------------------------------------------------------------

    def step(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action``.

        Raises :class:`NotYourTurnError` if ``seat`` is not in :attr:`to_act` and
        :class:`IllegalActionError` (listing the legal actions) if the action is not legal;
        either way the game is left exactly as it was."""
        check_seat(seat)
        if seat not in self.to_act:
            raise NotYourTurnError(
                f"seat {seat} is not to act now" + ("" if self.to_act else "; the hand is over")
            )
        if not isinstance(action, Action):
            raise IllegalActionError(f"expected an Action, got {action!r}")
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalActionError(
                f"{action} is not legal for seat {seat} now; legal: {', '.join(map(str, legal))}"
            )
        self._apply(seat, action, auto=False)
        self._advance()

    def _advance(self) -> None:
        """Take the engine's own actions until a seat has a real choice or the hand ends: a
        declared or locked seat, or the 海底's taker, that has one action takes it (under
        ``must_win`` a declared seat's win too)."""
        while self.phase == "turn":
            seat, st = self.turn, self.seats[self.turn]
            if not (st.declared or st.locked or self.drawn_from == "haidi"):
                return
            legal = self._turn_actions(seat)
            if self.sw.must_win and legal[0].kind is _K.SELF_DRAW_WIN:
                self._apply(seat, legal[0], auto=True)
            elif len(legal) == 1:
                self._apply(seat, legal[0], auto=True)
            else:
                return

    def _apply(self, seat: int, action: Action, *, auto: bool) -> None:
        self._legal = None
        kind = action.kind
        tile = None if action.tile is None else int(action.tile)
        if self.phase == "bid":
            self._bid(seat, int(action.tile))
        elif self.phase == "haidi":
            self._haidi(seat, kind is _K.HAIDI)
        elif self.phase == "turn":
            self._turn_step(seat, kind, tile, auto=auto)
        else:  # a claim: record the answer; resolve once everyone asked has answered
            self._answers[seat] = action
            event: dict[str, Any] = {
                "type": "answer",
                "seat": seat,
                "action": kind.name.lower(),
                "auto": auto,
            }
            if kind in (_K.CHOW, _K.DICE_KONG):
                event["tile"] = tile
            self.log(event)
            if len(self._answers) == len(self._options):
                self._resolve_claims()

    def _bid(self, seat: int, count: int) -> None:
        """The bids are simultaneous: logged, and the hand dealt, once all four are in."""
        self._pending_bids[seat] = count
        if len(self._pending_bids) == 4:
            for s in range(4):
                self.bids[s] = self._pending_bids[s]
                self.log({"type": "bid", "seat": s, "pao": self.bids[s]})
            self._deal()

    def _haidi(self, seat: int, take: bool) -> None:
        """The 海底 taken, or refused: then offered to the next seat; refused by all four,
        the hand is drawn."""
        self.log({"type": "haidi", "seat": seat, "take": take})
        if take:
            self.haidi_taker = seat
            self._draw(seat, "haidi")
            return
        self.haidi_refusals += 1
        if self.haidi_refusals == 4:
            self._end_drawn()
        else:
            self.turn = (seat + 1) % 4

    def _turn_step(self, seat: int, kind: ActionKind, tile: int | None, *, auto: bool) -> None:
        st = self.seats[seat]
        if kind is _K.DISCARD or kind is _K.DECLARE:
            assert tile is not None
            self._discard(seat, tile, declare=kind is _K.DECLARE, auto=auto)
        elif kind is _K.SELF_DRAW_WIN:
            assert self.drawn is not None
            self._win([seat], self.drawn, WinKind.SELF_DRAW, None, auto=auto)
        elif kind is _K.OPENING_WIN:
            st.declared_openings = list(st.opening)
            self.log({"type": "opening_win", "seat": seat, "wins": list(st.opening)})
        elif kind is _K.CONCEALED_KONG or (
            kind is _K.DICE_KONG and tile is not None and st.hand[tile] == 4
        ):
            assert tile is not None
            dice = kind is _K.DICE_KONG
            if dice:
                self.log(
                    {
                        "type": "dice_kong",
                        "seat": seat,
                        "tile": tile,
                        "from": None,
                        "concealed": True,
                    }
                )
            else:
                self.log({"type": "concealed_kong", "seat": seat, "tile": tile})
            st.hand[tile] -= 4
            st.melds.append([MeldKind.CONCEALED_KONG, tile, None])
            self.kongs.append(KongRecord(seat, MeldKind.CONCEALED_KONG, tile))
            self._kong_draw(seat, dice=dice)
        elif kind is _K.ADDED_KONG or kind is _K.DICE_KONG:
            assert tile is not None
            if kind is _K.DICE_KONG:
                self.log(
                    {
                        "type": "dice_kong",
                        "seat": seat,
                        "tile": tile,
                        "from": None,
                        "concealed": False,
                    }
                )
            else:
                self.log({"type": "added_kong", "seat": seat, "tile": tile})
            st.hand[tile] -= 1
            self._open_claims(seat, tile, "rob", rob_dice=kind is _K.DICE_KONG)
        else:  # pragma: no cover - legal actions only
            raise AssertionError(kind)

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

    # -- discards and claims ------------------------------------------------------------

    def _discard(self, seat: int, tile: int, *, declare: bool, auto: bool) -> None:
        st = self.seats[seat]
        st.hand[tile] -= 1
        st.discards.append((tile, declare))
        st.has_discarded = True
        self.discard_count += 1
        self.log({"type": "discard", "seat": seat, "tile": tile, "declare": declare, "auto": auto})
        self.claim_kong_discard = self.after_kong == "dice"
        if declare:
            st.declared = True
            self._draw((seat + 1) % 4, "front")  # face down: nobody may claim it
            return
        last = self.sw.last_discard_won_only and self.wall.remaining == 0
        self._open_claims(seat, tile, "haidi" if self.drawn_from == "haidi" or last else "discard")

    def _open_claims(self, source: int, tile: int, how: str, *, rob_dice: bool = False) -> None:
        """Ask the other seats about ``source``'s discard (``discard``), its discard of the
        海底 (``haidi``: wins only) or its added kong (``rob``: wins only). Nobody may claim
        a wildcard. Under ``must_win`` every offered win is taken at once."""
        options: dict[int, list[Action]] = {}
        if tile not in self.wild_kinds:
            for i in (1, 2, 3):
                s = (source + i) % 4
                acts = self._claim_actions(s, source, tile, how)
                if acts:
                    options[s] = acts
        self.phase = "rob" if how == "rob" else "claim"
        self.turn, self.claim_tile, self.claim_kind = source, tile, how
        self.claim_declared = self.seats[source].declared
        self.rob_dice = rob_dice
        self._options, self._answers = options, {}
        if self.sw.must_win:
            for s, acts in sorted(options.items()):
                if acts[0].kind is _K.WIN:
                    self._answers[s] = acts[0]
                    self.log({"type": "answer", "seat": s, "action": "win", "auto": True})
        if len(self._answers) == len(options):
            self._resolve_claims()

    def _resolve_claims(self) -> None:
        """Wins first (every winner under ``several_winners``, else the first from the
        discarder's 下家 on); else the added kong stands, or a 海底 discard draws the hand;
        else a pong or kong; else a chow; else the next seat draws."""
        source, tile, how = self.turn, self.claim_tile, self.claim_kind
        assert tile is not None
        options, answers = self._options, self._answers
        self._options, self._answers = {}, {}
        for s, acts in options.items():
            if acts[0].kind is _K.WIN and answers[s].kind is not _K.WIN:
                self.seats[s].passed_win = self.sw.passing_a_win == "hand"  # 过胡
                if self.sw.passing_a_win == "tile":  # 漏胡
                    self.seats[s].missed.add(tile)
        order = [(source + i) % 4 for i in (1, 2, 3)]
        winners = [s for s in order if s in answers and answers[s].kind is _K.WIN]
        if winners:
            winners = winners if self.sw.several_winners else winners[:1]
            kind = WinKind.ROBBED_KONG if how == "rob" else WinKind.DISCARD
            if how != "rob":
                self._take_discard(source)
            self._win(winners, tile, kind, source, auto=False)
            return
        if how == "rob":  # nobody robbed it: the added kong stands
            st = self.seats[source]
            for m in st.melds:
                if m[0] == MeldKind.PONG and m[1] == tile:
                    m[0] = MeldKind.ADDED_KONG
                    break
            self.kongs.append(KongRecord(source, MeldKind.ADDED_KONG, tile))
            self._kong_draw(source, dice=self.rob_dice)
            return
        if how == "haidi":
            self._end_drawn()
            return
        for s, a in answers.items():
            st = self.seats[s]
            if a.kind is _K.PONG:
                if st.hand[tile] == 3:
                    st.forfeited.add(tile)  # 过杠: chose pong over kong
                st.hand[tile] -= 2
                st.melds.append([MeldKind.PONG, tile, source])
                self._take_discard(source)
                self.log({"type": "pong", "seat": s, "tile": tile, "from": source})
                self._claimed(s)
                return
            if a.kind is _K.KONG or a.kind is _K.DICE_KONG:
                dice = a.kind is _K.DICE_KONG
                st.hand[tile] -= 3
                st.melds.append([MeldKind.KONG, tile, source])
                self._take_discard(source)
                self.kongs.append(KongRecord(s, MeldKind.KONG, tile, source, self.claim_declared))
                if dice:
                    self.log(
                        {
                            "type": "dice_kong",
                            "seat": s,
                            "tile": tile,
                            "from": source,
                            "concealed": False,
                        }
                    )
                else:
                    self.log({"type": "kong", "seat": s, "tile": tile, "from": source})
                self._kong_draw(s, dice=dice)
                return
        for s, a in answers.items():
            if a.kind is _K.CHOW:
                low = int(a.tile)  # type: ignore[arg-type]
                st = self.seats[s]
                for k in (low, low + 1, low + 2):
                    if k != tile:
                        st.hand[k] -= 1
                st.melds.append([MeldKind.CHOW, low, source, tile])
                self._take_discard(source)
                self.log({"type": "chow", "seat": s, "tile": low, "from": source, "claimed": tile})
                self._claimed(s)
                return
        self._draw((source + 1) % 4, "front")

    def _take_discard(self, source: int) -> None:
        """``source``'s last discard is taken (claimed or won on): it stays in its row."""
        self.seats[source].taken.append(len(self.seats[source].discards) - 1)

    def _claimed(self, seat: int) -> None:
        """After a pong or chow the claimer is on turn, with no drawn tile."""
        self.phase, self.turn, self.drawn = "turn", seat, None
        self.drawn_from, self.after_kong = "claim", None

    # -- the end ------------------------------------------------------------------------

    def _win(
        self, winners: list[int], tile: int, kind: WinKind, source: int | None, *, auto: bool
    ) -> None:
        for w in winners:
            if kind is not WinKind.SELF_DRAW:
                self.seats[w].hand[tile] += 1
            self.log(
                {
                    "type": "win",
                    "seat": w,
                    "tile": tile,
                    "kind": kind.value,
                    "from": source,
                    "auto": auto,
                }
            )
        self._finish(_SETTLEMENT[self.sw.settlement].settle_win(self, winners, tile, kind, source))

    def _end_drawn(self) -> None:
        self._finish(_SETTLEMENT[self.sw.settlement].settle_drawn(self))

    def _finish(self, result: HandResult) -> None:
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
        return self._waits(counts, st.meld_pairs())

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.phase}, to act {list(self.to_act)}"
        return (
            f"<ReferenceGame {self.sw.profile} dealer={self.dealer} "
            f"wall_remaining={self.wall.remaining} {state}>"
        )
