"""The slow, readable reference of profile ``hebei`` (中原河北麻将): its hand state machine,
written from the contract (``RULES-hebei.md``) and the engine design (issue 9), not from the
Rust code. The Rust engine is tested against it (``test_hebei_game.py``): both must offer
the same actions and log the same events for the same decisions.

What it decides, part by part:

- the wall: a seeded shuffle of the 136 tiles and (option ``flowers``) the flowers 34–41, or
  an explicit wall in RULES §2 order;
- the deal, the flowers set aside and replaced from the back of the wall, and (option
  ``hun``) the indicator and the 混, a wildcard of any kind that no seat may claim, chow,
  pong or kong;
- (option ``pao``) the four simultaneous bids of 0–3 跑 before the deal;
- each seat's legal actions on its turn and on a discard (win, pong, kong, chow only for the
  下家, then pass), and the resolution of the answers (every winner wins, else pong or kong,
  else chow, else the next draw);
- the settlement: each winner's factor from a pluggable scorer (:data:`Scorer`), who pays
  whom and why (win, kongs, 跑), and the next dealer.

Hand evaluation is the brute force of ``hands.py`` (a 混 counts as a wildcard standing
for any kind); nothing here calls the package's evaluators.
"""

from __future__ import annotations

import copy
import functools
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from koudiandian.action import Action, ActionKind, action_of
from koudiandian.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidWallError,
    NotYourTurnError,
)
from koudiandian.meld import MeldKind
from koudiandian.result import HandResult, ScoreItem, Transfer, WinKind, WinSummary
from koudiandian.tile import TILES, Tile
from koudiandian.view import MeldView, SeatView

from tests.support.reference.deal import Xoshiro256, check_seat
from tests.support.reference.hands import ORPHANS, cached_is_win

__all__ = [
    "FLOWERS",
    "HebeiOptions",
    "ReferenceHebeiGame",
    "WinContext",
    "hun_of",
    "options_of",
    "brute_force_scorer",
    "pao_action",
    "score_options",
    "unit_scorer",
    "wins",
]

#: The flowers 梅 兰 竹 菊 春 夏 秋 冬, one of each.
FLOWERS = tuple(range(34, 42))


# -- options --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HebeiOptions:
    """The five options of profile ``hebei`` and their defaults."""

    flowers: bool = True
    hun: bool = True
    pao: bool = False
    all_three_pay: bool = False
    draw_voids_kongs: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"profile": "hebei", **asdict(self)}


def options_of(rules: Any) -> HebeiOptions:
    """The options of ``rules``: a ``Rules`` of profile ``hebei``, a :class:`HebeiOptions`,
    a dict of options, or ``None`` (the defaults)."""
    if rules is None:
        return HebeiOptions()
    if isinstance(rules, HebeiOptions):
        return rules
    d = dict(rules) if isinstance(rules, dict) else rules.to_dict()
    profile = d.pop("profile", "hebei")
    if profile != "hebei":
        raise InvalidArgumentError(f"the hebei reference plays profile hebei, not {profile!r}")
    return HebeiOptions(**d)


def _rules_dict(rules: Any, opts: HebeiOptions) -> dict[str, Any]:
    if rules is not None and hasattr(rules, "to_dict"):
        return dict(rules.to_dict())
    return opts.to_dict()


# -- actions -------------------------------------------------------------------------------


def pao_action(count: int) -> Action:
    """The bid of ``count`` (0–3) 跑: ``ActionKind.PAO`` with the count as its tile number."""
    return action_of(ActionKind.PAO, count)


# -- tiles and hands ------------------------------------------------------------------------


def hun_of(indicator: int) -> int:
    """The 混 kind of an indicator: its successor, 1→2 … 9→1 within a suit, 东→南→西→北→东,
    中→发→白→中 (33→32→31→33)."""
    if indicator < 27:
        base, rank = divmod(indicator, 9)
        return base * 9 + (rank + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return {33: 32, 32: 31, 31: 33}[indicator]


def wins(counts: Sequence[int], melds: int, hun: int | None) -> bool:
    """Whether a complete hand (34 counts, ``14 - 3 * melds`` tiles) wins: four melds and a
    pair, seven pairs (a quad is two pairs) or thirteen orphans, each 混 standing for any
    kind. Brute force (``hands.py``)."""
    naturals = list(counts)
    wild = 0
    if hun is not None:
        wild, naturals[hun] = naturals[hun], 0
    return cached_is_win(tuple(naturals), wild, melds, False, False)


@functools.lru_cache(maxsize=1 << 16)
def _waits(
    hand: tuple[int, ...], melds: int, held: tuple[int, ...], hun: int | None
) -> tuple[int, ...]:
    """The kinds, other than the 混 and those ``held`` four times, that complete ``hand``.

    Without a 混 in hand only a kind next to a held one (within two ranks in its suit, or the
    same honour) or, with no melds, an orphan (十三幺) can complete it: any other tile would
    stand alone, in no group and no pair. With a 混 every kind is tried."""
    candidates = set(range(34))
    if hun is None or hand[hun] == 0:
        candidates = set(ORPHANS) if melds == 0 else set()
        for k in range(34):
            if hand[k]:
                candidates |= _near(k)
    out = []
    for k in sorted(candidates):
        if k != hun and held[k] < 4:
            counts = list(hand)
            counts[k] += 1
            if wins(counts, melds, hun):
                out.append(k)
    return tuple(out)


def _near(kind: int) -> set[int]:
    """The kind and, for a suited kind, the kinds within two ranks of it in its suit."""
    if kind >= 27:
        return {kind}
    base, rank = divmod(kind, 9)
    return {base * 9 + r for r in range(max(0, rank - 2), min(9, rank + 3))}


def _meld_kinds(kind: int, tile: int) -> list[int]:
    """The kinds of a meld's tiles: a chow's run, three of a pong, four of a kong."""
    if kind == MeldKind.CHOW:
        return [tile, tile + 1, tile + 2]
    return [tile] * (3 if kind == MeldKind.PONG else 4)


def _tiles_of(counts: Sequence[int]) -> list[int]:
    return [k for k in range(34) for _ in range(counts[k])]


# -- scoring seam ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WinContext:
    """What a win's score depends on besides the hand: ``self_draw``; ``replacement`` (the
    tile came from the back after a kong: 杠上开花); ``last_tile`` (the self-drawn tile emptied
    the wall: 海底捞月); ``flowers`` the winner set aside; ``dealer`` (the winner deals);
    ``hun`` the 混 kind (``None`` without the option); ``hun_on`` the option."""

    self_draw: bool
    replacement: bool
    last_tile: bool
    flowers: int
    dealer: bool
    hun: int | None
    hun_on: bool


#: ``scorer(counts, melds, tile, context) -> (factor, items)``: the factor of a win (庄 and
#: flowers included) and its score items. ``counts``: the complete concealed hand, winning
#: tile included; ``melds``: ``(MeldKind, tile)`` pairs (a chow's tile is its lowest).
Scorer = Callable[
    [Sequence[int], Sequence[tuple[int, int]], int, WinContext], tuple[int, tuple[ScoreItem, ...]]
]


def unit_scorer(
    counts: Sequence[int], melds: Sequence[tuple[int, int]], tile: int, context: WinContext
) -> tuple[int, tuple[ScoreItem, ...]]:
    """A placeholder scorer until the brute-force one (``hebei_score.py``) is in:
    of the contract's factors only the base 1 and 庄 ×2 (the winner deals). Who pays whom,
    and every kong and 跑 amount, are exact with it."""
    items = [ScoreItem("base", "底", 1, "base")]
    if context.dealer:
        items.append(ScoreItem("dealer", "庄", 2, "multiply"))
    return 2 if context.dealer else 1, tuple(items)


def brute_force_scorer(
    counts: Sequence[int], melds: Sequence[tuple[int, int]], tile: int, context: WinContext
) -> tuple[int, tuple[ScoreItem, ...]]:
    """The brute-force scorer of ``hebei_score.py`` (the contract's factor table
    on the best reading). Where several item lists reach the best factor, the least in
    sort order is returned; :func:`score_options` gives them all."""
    factor, options = score_options(counts, melds, tile, context)
    return factor, min(options, key=lambda items: [(i.name, i.value) for i in items])


def score_options(
    counts: Sequence[int], melds: Sequence[tuple[int, int]], tile: int, context: WinContext
) -> tuple[int, set[tuple[ScoreItem, ...]]]:
    """The best factor of a win and every item list that reaches it."""
    from tests.support.reference.hebei_score import HebeiHand, best_scores

    hand = HebeiHand(
        tiles=tuple(_tiles_of(counts)),
        melds=tuple((MeldKind(k).name.lower(), t) for k, t in melds),
        hun=context.hun,
        win_tile=tile,
        self_draw=context.self_draw,
        replacement=context.replacement,
        last_tile=context.last_tile,
        flowers=context.flowers,
        dealer=context.dealer,
        hun_on=context.hun_on,
    )
    factor, found = best_scores(hand)
    if not factor:
        raise AssertionError(f"not a winning hand: {hand}")
    return factor, {items for _shape, items in found}


# -- the game -------------------------------------------------------------------------------


@dataclass(slots=True)
class _Kong:
    seat: int
    kind: MeldKind
    tile: int
    source: int | None = None


@dataclass(slots=True)
class _Seat:
    hand: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[list[Any]] = field(default_factory=list)  # [MeldKind, tile, source]
    discards: list[int] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)


class ReferenceHebeiGame:
    """One hand of profile ``hebei``.

    - ``ReferenceHebeiGame(rules, seed=S)``: the wall is the 136 tiles in kind order, then
      the flowers (option ``flowers``), shuffled as ``deal.py`` shuffles.
    - ``ReferenceHebeiGame(rules, wall=[...])``: exactly that wall (144 tiles with flowers,
      136 without; RULES §2 order).

    Drive it with :attr:`to_act`, :meth:`legal_actions` and :meth:`step` until
    :attr:`is_over`; :attr:`result` then holds the settlement and :meth:`next_dealer` who
    deals next. ``scorer`` gives each win's factor (:data:`Scorer`; by default the
    brute-force :func:`brute_force_scorer`).
    """

    def __init__(
        self,
        rules: Any = None,
        seed: int | None = None,
        dealer: int = 0,
        wall: Iterable[int] | None = None,
        scores: Sequence[int] | None = None,
        *,
        scorer: Scorer | None = None,
    ) -> None:
        opts = options_of(rules)
        self._rules = rules
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
            raise InvalidArgumentError(f"dealer must be a seat 0–3, got {dealer!r}")
        scores = (0, 0, 0, 0) if scores is None else tuple(scores)
        if len(scores) != 4 or not all(isinstance(s, int) for s in scores):
            raise InvalidArgumentError(f"scores must be four ints, got {scores!r}")
        if wall is None:
            if seed is None:
                seed = secrets.randbits(64)
            wall_list = seeded_wall(seed, opts)
        else:
            if seed is not None:
                raise InvalidArgumentError("give a seed or a wall, not both")
            wall_list = check_wall(wall, opts)
        self._opts = opts
        self._scorer = brute_force_scorer if scorer is None else scorer
        self._dealer = dealer
        self._wall = wall_list
        self._scores = scores
        self._seats = [_Seat() for _ in range(4)]
        self._front = 0
        self._back = 0
        self._hun: int | None = None
        self._indicator: int | None = None
        self._bids: list[int] = [0, 0, 0, 0]
        self._pending_bids: dict[int, int] = {}
        self._kongs: list[_Kong] = []
        self._events: list[dict[str, Any]] = []
        self._result: HandResult | None = None
        self._phase = "bid"
        self._turn = dealer
        self._drawn: int | None = None
        self._after_kong = False  # the drawn tile is a kong's replacement (杠上开花)
        self._options: dict[int, list[Action]] = {}
        self._answers: dict[int, Action] = {}
        self._claim_tile: int | None = None
        self._winners: list[int] = []
        self._win_contexts: dict[int, WinContext] = {}
        self._events.append(
            {
                "type": "start_hand",
                "dealer": dealer,
                "rules": _rules_dict(rules, opts),
                "wildcards": [],
                "wall": list(wall_list),
                "scores": list(scores),
            }
        )
        if not opts.pao:
            self._deal()

    # -- public state -----------------------------------------------------------------------

    @property
    def options(self) -> HebeiOptions:
        return self._opts

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def hun(self) -> int | None:
        """The 混 kind (``None`` without the option, or before the deal)."""
        return self._hun

    @property
    def indicator(self) -> int | None:
        return self._indicator

    @property
    def bids(self) -> tuple[int, ...]:
        return tuple(self._bids)

    def flowers(self, seat: int) -> list[int]:
        """The flowers ``seat`` has set aside, in the order set aside."""
        return list(self._seats[seat].flowers)

    def discards(self, seat: int) -> list[int]:
        return list(self._seats[seat].discards)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now, in seat order; empty only when the hand is over."""
        if self._phase == "turn":
            return (self._turn,)
        if self._phase == "bid":
            return tuple(s for s in range(4) if s not in self._pending_bids)
        if self._phase == "claim":
            return tuple(s for s in sorted(self._options) if s not in self._answers)
        return ()

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def result(self) -> HandResult | None:
        return self._result

    @property
    def events(self) -> list[dict[str, Any]]:
        """The full event log (a copy): JSON-ready dicts, each with a ``type``."""
        return copy.deepcopy(self._events)

    @property
    def wall_remaining(self) -> int:
        return len(self._wall) - self._front - self._back

    def hand(self, seat: int) -> list[Tile]:
        """Seat ``seat``'s concealed tiles, sorted (flowers are set aside, not in it)."""
        check_seat(seat)
        return [TILES[k] for k in _tiles_of(self._seats[seat].hand)]

    def legal_actions(self, seat: int) -> list[Any]:
        """What ``seat`` may do now, in the engine's order; empty when it need not act."""
        check_seat(seat)
        if seat not in self.to_act:
            return []
        if self._phase == "bid":
            return [pao_action(n) for n in range(4)]
        if self._phase == "turn":
            return self._turn_actions(seat)
        return list(self._options[seat])

    def win_context(self, seat: int) -> WinContext | None:
        """What the score of ``seat``'s win was given besides its hand (once it has won)."""
        return self._win_contexts.get(seat)

    def melds(self, seat: int) -> list[tuple[MeldKind, int, int | None]]:
        return [(MeldKind(m[0]), int(m[1]), m[2]) for m in self._seats[seat].melds]

    def next_dealer(self) -> int | None:
        """Who deals next, once the hand is over: the dealer keeps the deal when it wins (with
        several winners, when the first from the discarder's 下家 on is the dealer) or the
        hand is drawn; otherwise the dealer's 下家 deals."""
        if self._result is None:
            return None
        if not self._winners or self._winners[0] == self._dealer:
            return self._dealer
        return (self._dealer + 1) % 4

    # -- the deal ---------------------------------------------------------------------------

    def _deal(self) -> None:
        """Deal 13 tiles each and the dealer's 14th; replace the dealt flowers from the back
        (seat by seat from the dealer, each in the order dealt); turn the indicator."""
        wall, d = self._wall, self._dealer
        dealt: list[list[int]] = []
        for i in range(4):
            dealt.append(list(wall[13 * i : 13 * i + 13]) + ([wall[52]] if i == 0 else []))
        self._front = 53
        last = wall[52]
        for i in range(4):
            seat = (d + i) % 4
            for t in dealt[i]:
                if t >= 34:
                    last_repl = self._set_aside_and_replace(seat, t)
                    if i == 0:
                        last = last_repl
                else:
                    self._seats[seat].hand[t] += 1
                    if i == 0:
                        last = t
        if self._opts.hun:
            turned: list[int] = []
            while wall[self._front] >= 34:
                turned.append(wall[self._front])
                self._front += 1
            self._indicator = wall[self._front]
            self._front += 1
            self._hun = hun_of(self._indicator)
            self._events.append(
                {"type": "indicator", "tile": self._indicator, "hun": self._hun, "flowers": turned}
            )
        self._phase, self._turn, self._drawn = "turn", d, last

    def _set_aside_and_replace(self, seat: int, flower: int) -> int:
        """A dealt flower: set aside, replaced from the back until the replacement is not a
        flower. Returns the tile that finally joined the hand."""
        tile = flower
        while tile >= 34:
            self._seats[seat].flowers.append(tile)
            self._events.append({"type": "flower", "seat": seat, "tile": tile})
            self._back += 1
            tile = self._wall[len(self._wall) - self._back]
            self._events.append({"type": "draw", "seat": seat, "tile": tile, "replacement": True})
        self._seats[seat].hand[tile] += 1
        return tile

    # -- evaluation helpers ---------------------------------------------------------------

    def _wins_with(self, seat: int, extra: int | None) -> bool:
        st = self._seats[seat]
        counts = list(st.hand)
        if extra is not None:
            counts[extra] += 1
        return wins(counts, len(st.melds), self._hun)

    def _turn_actions(self, seat: int) -> list[Action]:
        """On its turn: 自摸 if the hand wins, 暗杠 of each kind held four times (not the 混),
        补杠 of each pong whose fourth tile is held (in meld order), then a discard of each
        kind held. After a chow or pong (no drawn tile) only the discards."""
        st = self._seats[seat]
        out: list[Action] = []
        if self._drawn is not None:
            if self._wins_with(seat, None):
                out.append(action_of(ActionKind.SELF_DRAW_WIN))
            for k in range(34):
                if st.hand[k] == 4 and k != self._hun:
                    out.append(action_of(ActionKind.CONCEALED_KONG, k))
            for m in st.melds:
                if m[0] == MeldKind.PONG and st.hand[m[1]] >= 1:
                    out.append(action_of(ActionKind.ADDED_KONG, m[1]))
        out.extend(action_of(ActionKind.DISCARD, k) for k in range(34) if st.hand[k])
        return out

    def _claim_actions(self, seat: int, source: int, tile: int) -> list[Action]:
        """What ``seat`` is offered on ``source``'s discard ``tile`` (not the 混): win, pong,
        kong, chows (下家 only, ascending lowest tile, no 混 in the run), then pass."""
        st = self._seats[seat]
        acts: list[Action] = []
        if self._wins_with(seat, tile):
            acts.append(action_of(ActionKind.WIN))
        if st.hand[tile] >= 2:
            acts.append(action_of(ActionKind.PONG))
        if st.hand[tile] == 3:
            acts.append(action_of(ActionKind.KONG))
        if seat == (source + 1) % 4 and tile < 27:
            base, rank = divmod(tile, 9)
            for low in range(max(0, rank - 2), min(6, rank) + 1):
                run = [base * 9 + low + j for j in range(3)]
                others = list(run)
                others.remove(tile)
                if all(st.hand[k] >= 1 and k != self._hun for k in others):
                    acts.append(action_of(ActionKind.CHOW, run[0]))
        if acts:
            acts.append(action_of(ActionKind.PASS))
        return acts

    # -- stepping ---------------------------------------------------------------------------

    def step(self, seat: int, action: Any) -> None:
        """``seat`` takes ``action``; refused (the game unchanged) if ``seat`` need not act
        now or the action is not among its legal ones."""
        check_seat(seat)
        if seat not in self.to_act:
            raise NotYourTurnError(f"seat {seat} is not to act now; to act: {list(self.to_act)}")
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalActionError(
                f"{action} is not legal for seat {seat} now; legal: {', '.join(map(str, legal))}"
            )
        if self._phase == "bid":
            self._pending_bids[seat] = int(action.tile)
            if len(self._pending_bids) == 4:
                for s in range(4):
                    self._bids[s] = self._pending_bids[s]
                    self._events.append({"type": "bid", "seat": s, "pao": self._bids[s]})
                self._deal()
            return
        if self._phase == "turn":
            self._turn_step(seat, action)
            return
        self._answers[seat] = action
        event: dict[str, Any] = {
            "type": "answer",
            "seat": seat,
            "action": action.kind.name.lower(),
            "auto": False,
        }
        if action.kind is ActionKind.CHOW:
            event["tile"] = int(action.tile)
        self._events.append(event)
        if len(self._answers) == len(self._options):
            self._resolve_claims()

    def _turn_step(self, seat: int, action: Action) -> None:
        st = self._seats[seat]
        kind = action.kind
        tile = None if action.tile is None else int(action.tile)
        if kind is ActionKind.SELF_DRAW_WIN:
            assert self._drawn is not None
            self._end_won([seat], self._drawn, None)
        elif kind is ActionKind.CONCEALED_KONG:
            assert tile is not None
            self._events.append({"type": "concealed_kong", "seat": seat, "tile": tile})
            st.hand[tile] -= 4
            st.melds.append([MeldKind.CONCEALED_KONG, tile, None])
            self._kongs.append(_Kong(seat, MeldKind.CONCEALED_KONG, tile))
            self._draw(seat, replacement=True, after_kong=True)
        elif kind is ActionKind.ADDED_KONG:
            assert tile is not None
            self._events.append({"type": "added_kong", "seat": seat, "tile": tile})
            st.hand[tile] -= 1
            for m in st.melds:
                if m[0] == MeldKind.PONG and m[1] == tile:
                    m[0] = MeldKind.ADDED_KONG
                    break
            self._kongs.append(_Kong(seat, MeldKind.ADDED_KONG, tile))
            self._draw(seat, replacement=True, after_kong=True)
        else:
            assert kind is ActionKind.DISCARD and tile is not None
            st.hand[tile] -= 1
            st.discards.append(tile)
            self._events.append(
                {"type": "discard", "seat": seat, "tile": tile, "declare": False, "auto": False}
            )
            self._open_claims(seat, tile)

    def _draw(self, seat: int, *, replacement: bool, after_kong: bool = False) -> None:
        """A draw from the front (or the back for a replacement); a drawn flower is set aside
        and replaced from the back. An empty wall when a draw is needed draws the hand."""
        while True:
            if self.wall_remaining == 0:
                self._end_drawn()
                return
            if replacement:
                self._back += 1
                tile = self._wall[len(self._wall) - self._back]
            else:
                tile = self._wall[self._front]
                self._front += 1
            self._events.append(
                {"type": "draw", "seat": seat, "tile": tile, "replacement": replacement}
            )
            if tile < 34:
                break
            self._seats[seat].flowers.append(tile)
            self._events.append({"type": "flower", "seat": seat, "tile": tile})
            replacement = True
        self._seats[seat].hand[tile] += 1
        self._phase, self._turn, self._drawn = "turn", seat, tile
        self._after_kong = after_kong

    def _open_claims(self, source: int, tile: int) -> None:
        options: dict[int, list[Action]] = {}
        if tile != self._hun:
            for i in (1, 2, 3):
                s = (source + i) % 4
                acts = self._claim_actions(s, source, tile)
                if acts:
                    options[s] = acts
        self._phase, self._turn, self._claim_tile = "claim", source, tile
        self._options, self._answers = options, {}
        if not options:
            self._resolve_claims()

    def _resolve_claims(self) -> None:
        """Every seat that answered win wins; else the pong or kong; else the chow; else the
        discarder's 下家 draws."""
        source, tile = self._turn, self._claim_tile
        assert tile is not None
        answers = self._answers
        self._options, self._answers = {}, {}
        order = [(source + i) % 4 for i in (1, 2, 3)]
        winners = [s for s in order if s in answers and answers[s].kind is ActionKind.WIN]
        if winners:
            self._end_won(winners, tile, source)
            return
        for s in order:
            a = answers.get(s)
            if a is None:
                continue
            st = self._seats[s]
            if a.kind is ActionKind.PONG:
                st.hand[tile] -= 2
                st.melds.append([MeldKind.PONG, tile, source])
                self._events.append({"type": "pong", "seat": s, "tile": tile, "from": source})
                self._phase, self._turn, self._drawn = "turn", s, None
                return
            if a.kind is ActionKind.KONG:
                st.hand[tile] -= 3
                st.melds.append([MeldKind.KONG, tile, source])
                self._kongs.append(_Kong(s, MeldKind.KONG, tile, source))
                self._events.append({"type": "kong", "seat": s, "tile": tile, "from": source})
                self._draw(s, replacement=True, after_kong=True)
                return
        for s in order:
            a = answers.get(s)
            if a is not None and a.kind is ActionKind.CHOW and a.tile is not None:
                low = int(a.tile)
                st = self._seats[s]
                for k in range(low, low + 3):
                    if k != tile:
                        st.hand[k] -= 1
                st.melds.append([MeldKind.CHOW, low, source])
                self._events.append(
                    {"type": "chow", "seat": s, "tile": low, "from": source, "claimed": tile}
                )
                self._phase, self._turn, self._drawn = "turn", s, None
                return
        self._draw((source + 1) % 4, replacement=False)

    # -- settlement -------------------------------------------------------------------------

    def _pay(self, out: list[Transfer], payer: int, payee: int, amount: int, reason: str) -> None:
        """One transfer, then its 跑: 2 × (both seats' bids) from the same payer."""
        out.append(Transfer(payer, payee, amount, reason))
        pao = 2 * (self._bids[payer] + self._bids[payee])
        if pao:
            out.append(Transfer(payer, payee, pao, "pao"))

    def _kong_transfers(self, out: list[Transfer]) -> None:
        """暗杠: each other seat pays 2; 直杠: the discarder pays 3; 补杠: each other seat 1."""
        for k in self._kongs:
            if k.kind is MeldKind.KONG:
                assert k.source is not None
                self._pay(out, k.source, k.seat, 3, "kong")
            else:
                amount, reason = (
                    (2, "concealed_kong")
                    if k.kind is MeldKind.CONCEALED_KONG
                    else (1, "added_kong")
                )
                for p in range(4):
                    if p != k.seat:
                        self._pay(out, p, k.seat, amount, reason)

    def _end_won(self, winners: list[int], tile: int, source: int | None) -> None:
        self_draw = source is None
        transfers: list[Transfer] = []
        summaries: list[WinSummary] = []
        kind = WinKind.SELF_DRAW if self_draw else WinKind.DISCARD
        for w in winners:
            st = self._seats[w]
            counts = list(st.hand)
            if not self_draw:
                counts[tile] += 1
            context = WinContext(
                self_draw=self_draw,
                replacement=self_draw and self._after_kong,
                last_tile=self_draw and self.wall_remaining == 0,
                flowers=len(st.flowers),
                dealer=w == self._dealer,
                hun=self._hun,
                hun_on=self._opts.hun,
            )
            melds = [(int(m[0]), int(m[1])) for m in st.melds]
            self._win_contexts[w] = context
            factor, items = self._scorer(counts, melds, tile, context)
            summaries.append(WinSummary(w, kind, TILES[tile], 1, factor, tuple(items)))
            if self_draw:
                payers = [(p, 1) for p in range(4) if p != w]
            elif self._opts.all_three_pay:
                payers = [(p, 2 if p == source else 1) for p in range(4) if p != w]
            else:
                assert source is not None
                payers = [(source, 1)]
            for p, times in payers:
                amount = factor * times * (2 if p == self._dealer else 1)
                self._pay(transfers, p, w, amount, "win")
        for w in winners:
            self._events.append(
                {
                    "type": "win",
                    "seat": w,
                    "tile": tile,
                    "kind": "self_draw" if self_draw else "discard",
                    "from": source,
                    "auto": False,
                }
            )
            if not self_draw:
                self._seats[w].hand[tile] += 1
        self._kong_transfers(transfers)
        self._winners = list(winners)
        self._finish(
            HandResult(
                dealer=self._dealer,
                winner=winners[0],
                win_kind=kind,
                discarder=source,
                win_tile=TILES[tile],
                points=1,
                factor=summaries[0].factor,
                patterns=(),
                transfers=tuple(transfers),
                deltas=_deltas(transfers),
                kongs_made=bool(self._kongs),
                winners=tuple(winners),
                score_items=summaries[0].score_items,
                wins=tuple(summaries),
                flowers=self._flowers_result(),
            )
        )

    def _end_drawn(self) -> None:
        """黄庄: the kongs are still paid, unless ``draw_voids_kongs``."""
        transfers: list[Transfer] = []
        if not self._opts.draw_voids_kongs:
            self._kong_transfers(transfers)
        self._finish(
            HandResult(
                dealer=self._dealer,
                winner=None,
                win_kind=None,
                discarder=None,
                win_tile=None,
                points=0,
                factor=1,
                patterns=(),
                transfers=tuple(transfers),
                deltas=_deltas(transfers),
                kongs_made=bool(self._kongs),
                flowers=self._flowers_result(),
            )
        )

    def _flowers_result(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(tuple(Tile(t) for t in s.flowers) for s in self._seats)

    def _finish(self, result: HandResult) -> None:
        self._result = result
        self._phase = "over"
        self._options, self._answers = {}, {}
        self._events.append(
            {
                "type": "end_hand",
                "result": result.to_dict(),
                "hands": [_tiles_of(s.hand) for s in self._seats],
                "melds": [[[int(m[0]), m[1], m[2]] for m in s.melds] for s in self._seats],
                "discards": [list(s.discards) for s in self._seats],
            }
        )

    # -- what a seat may see --------------------------------------------------------------

    def waits(self, seat: int) -> tuple[int, ...]:
        """Winning tiles (听口) of ``seat``'s 13-tile position, ascending: the kinds, other
        than the 混 and those it holds four of (melds included), that complete its hand."""
        st = self._seats[seat]
        held = list(st.hand)
        for kind, tile, _src in st.melds:
            for k in _meld_kinds(kind, tile):
                held[k] += 1
        return _waits(tuple(st.hand), len(st.melds), tuple(held), self._hun)

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now: its own tiles, every meld (another seat's
        concealed kong without its kind until the end), discards, flowers, the indicator and
        the 混, the bids once all four are in; nobody else's concealed tiles."""
        check_seat(seat)
        over = self._phase == "over"
        st = self._seats[seat]
        melds = tuple(
            tuple(
                MeldView(
                    MeldKind(m[0]).name.lower(),
                    None
                    if (m[0] == MeldKind.CONCEALED_KONG and s != seat and not over)
                    else TILES[int(m[1])],
                    m[2],
                )
                for m in self._seats[s].melds
            )
            for s in range(4)
        )
        n = sum(st.hand) + 3 * len(st.melds)
        waits = None
        if n == 13 and self._phase != "bid":
            w = self.waits(seat)
            waits = tuple(TILES[k] for k in w) if w else None
        mine = self._phase == "turn" and self._turn == seat
        return SeatView(
            seat=seat,
            dealer=self._dealer,
            rules=self._rules,
            phase=self._phase,
            turn=self._turn,
            hand=tuple(TILES[k] for k in _tiles_of(st.hand)),
            drawn=TILES[self._drawn] if mine and self._drawn is not None else None,
            melds=melds,
            discards=tuple(tuple(TILES[t] for t in s.discards) for s in self._seats),
            declared=(False, False, False, False),
            passed_win=False,
            claim_tile=TILES[self._claim_tile]
            if self._phase == "claim" and self._claim_tile is not None
            else None,
            wall_remaining=self.wall_remaining,
            wildcards=() if self._hun is None else (TILES[self._hun],),
            winning_tiles=waits,
            scores=(self._scores[0], self._scores[1], self._scores[2], self._scores[3]),
            legal_actions=tuple(self.legal_actions(seat)),
            result=self._result,
            flowers=self._flowers_result(),
            indicator=None if self._indicator is None else TILES[self._indicator],
            bids=(self._bids[0], self._bids[1], self._bids[2], self._bids[3]),
        )

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self._phase}, to act {list(self.to_act)}"
        return f"<ReferenceHebeiGame dealer={self._dealer} left={self.wall_remaining} {state}>"


def _deltas(transfers: Iterable[Transfer]) -> tuple[int, int, int, int]:
    d = [0, 0, 0, 0]
    for t in transfers:
        d[t.payer] -= t.amount
        d[t.payee] += t.amount
    return (d[0], d[1], d[2], d[3])


# -- walls ----------------------------------------------------------------------------------


def full_set(opts: HebeiOptions) -> list[int]:
    """Every tile of a hand's wall in kind order: four of each of the 34 kinds, then the
    flowers 34–41 with option ``flowers``."""
    return [k for k in range(34) for _ in range(4)] + (list(FLOWERS) if opts.flowers else [])


def seeded_wall(seed: int, opts: HebeiOptions) -> list[int]:
    """The wall of seed ``seed``: :func:`full_set` shuffled by ``reference_deal``'s
    generator (no wildcard kinds are drawn; the 混 comes from the indicator)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    wall = full_set(opts)
    Xoshiro256(seed).shuffle(wall)
    return wall


def check_wall(wall: Iterable[int], opts: HebeiOptions) -> list[int]:
    """An explicit wall: exactly the tiles of :func:`full_set`, in any order."""
    tiles = list(wall)
    if sorted(tiles) != full_set(opts) or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in tiles
    ):
        n = 144 if opts.flowers else 136
        raise InvalidWallError(
            "a hebei wall holds four of each kind 0–33"
            + (" and the flowers 34–41 once each" if opts.flowers else "")
            + f" ({n} tiles)"
        )
    return tiles
