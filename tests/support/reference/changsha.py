"""The slow, readable reference of the ``changsha`` profile (长沙麻将), in Python.

Written from the contract (``/work/shared/RULES-changsha.md``) and the engine design
(``/work/changsha-spec.md`` with its amendments), not from the Rust code; the Rust engine is
tested against it (``test_changsha.py``): both must log identical events and settle
identically for the same decisions.

It is independent of the package's evaluators: it takes only plain data types (rules,
actions, tiles, results, errors) from the package. Hand evaluation is the brute force below
(decomposition by trying every pair and every leftmost group), the seeded deal is the
generator of ``deal.py``.

Tiles are ints 0–26 (1m–9m, 1p–9p, 1s–9s); hands are count lists of length 34 (the kinds
27–33 are never held) so that the package's ``TILES`` index them directly.

Where the contract and the design are silent, the reference decides (and the tests record
whether the engine agrees):

- a "winning tile" (readiness for 杠 with dice) is a kind that would win and of which the
  seat does not hold all four, in hand and melds;
- a kong (补张, dice, or on a discard) needs a tile left in the wall to replace it;
- the "first turn" (opening wins) lasts until the seat's first discard, 补张s included;
- 漏胡 ends with any draw of the seat (ordinary, replacement or the 海底);
- the bird, when it is the next front tile, is turned off the wall;
- ``start_hand`` carries ``dice`` only when the hand has dice.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from koudiandian.action import Action, ActionKind, action_of
from koudiandian.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidWallError,
    NotYourTurnError,
)
from koudiandian.meld import MeldKind
from koudiandian.result import Bird, Haidi, HandResult, ScoreItem, Transfer, WinKind, WinSummary
from koudiandian.rules import Rules
from koudiandian.tile import TILES, Tile

from tests.support.reference.deal import Xoshiro256, check_seat

__all__ = [
    "BIG_WINS",
    "ReferenceChangshaGame",
    "big_wins_of_shape",
    "held_with_melds",
    "is_win",
    "opening_wins",
    "seeded_changsha_deal",
    "shanten",
    "shanten_by_exchanges",
    "winning_tiles",
]

KINDS = 27
#: The 2-5-8 kinds (将): ranks 2, 5 and 8 of each suit.
TWO_FIVE_EIGHT = frozenset(k for k in range(KINDS) if k % 9 in (1, 4, 7))

#: The named 大胡, in the order the score items list them.
BIG_WINS: tuple[tuple[str, str], ...] = (
    ("all_pongs", "碰碰胡"),
    ("all_258", "将将胡"),
    ("all_one_suit", "清一色"),
    ("seven_pairs", "七小对"),
    ("last_tile", "海底捞月"),
    ("last_discard", "海底炮"),
    ("kong_bloom", "杠上开花"),
    ("kong_discard", "杠上炮"),
    ("robbed_kong", "抢杠胡"),
    ("heavenly", "天胡"),
    ("earthly", "地胡"),
)
_CHINESE = dict(BIG_WINS)

Melds = Sequence[tuple[int, int]]  # (MeldKind value, tile: the kind, or a chow's lowest)


# -- hand evaluation (brute force) ------------------------------------------------------------


@cache
def _groups(counts: tuple[int, ...], triplets_only: bool) -> bool:
    """Whether ``counts`` splits wholly into triplets and runs (triplets only if asked): the
    lowest held kind must start a triplet or a run."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return True
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if _groups(tuple(c), triplets_only):
            return True
        c[i] += 3
    if not triplets_only and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if _groups(tuple(c), triplets_only):
            return True
    return False


@cache
def _pairs(counts: tuple[int, ...], triplets_only: bool) -> frozenset[int]:
    """The pair kinds with which ``counts`` (concealed tiles) is a pair plus groups."""
    if sum(counts) % 3 != 2:
        return frozenset()
    out = set()
    for p in range(KINDS):
        if counts[p] >= 2:
            c = list(counts)
            c[p] -= 2
            if _groups(tuple(c), triplets_only):
                out.add(p)
    return frozenset(out)


def _norm(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(counts[:KINDS])


def _all_tiles(counts: Sequence[int], melds: Melds) -> list[int]:
    """Every kind in the hand, melds included (a chow by its three kinds)."""
    out = [k for k in range(KINDS) for _ in range(counts[k])]
    for kind, t in melds:
        out.extend([t, t + 1, t + 2] if kind == MeldKind.CHOW else [t] * 3)
    return out


def _complete_size(counts: Sequence[int], melds: Melds) -> bool:
    return sum(counts[:KINDS]) + 3 * len(melds) == 14


def big_wins_of_shape(counts: Sequence[int], melds: Melds) -> set[str]:
    """The 大胡 of a complete hand's tiles alone: 碰碰胡 (pair + triplets, no chow), 将将胡
    (every tile a 2-5-8, no shape needed), 清一色 (one suit; standard or seven pairs),
    七小对 (seven pairs, no melds; four of a kind is two pairs)."""
    c = _norm(counts)
    out = set()
    no_chow = all(k != MeldKind.CHOW for k, _ in melds)
    if no_chow and _pairs(c, True):
        out.add("all_pongs")
    tiles = _all_tiles(c, melds)
    if all(t in TWO_FIVE_EIGHT for t in tiles):
        out.add("all_258")
    seven = not melds and sum(c) == 14 and all(x % 2 == 0 for x in c)
    if len({t // 9 for t in tiles}) == 1 and (seven or _pairs(c, False)):
        out.add("all_one_suit")
    if seven:
        out.add("seven_pairs")
    return out


def is_win(counts: Sequence[int], melds: Melds = ()) -> bool:
    """Whether a complete hand (14 counting each meld as 3) wins: a standard shape with a
    2-5-8 pair (小胡), or any shape 大胡."""
    if not _complete_size(counts, melds):
        return False
    if _pairs(_norm(counts), False) & TWO_FIVE_EIGHT:
        return True
    return bool(big_wins_of_shape(counts, melds))


def held_with_melds(counts: Sequence[int], melds: Melds) -> list[int]:
    """How many of each kind the seat holds, in hand and in its melds (a kong four)."""
    held = list(counts[:KINDS])
    for kind, t in melds:
        if kind == MeldKind.CHOW:
            for k in (t, t + 1, t + 2):
                held[k] += 1
        else:
            held[t] += (
                4 if kind in (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG) else 3
            )
    return held


def winning_tiles(counts: Sequence[int], melds: Melds = ()) -> tuple[int, ...]:
    """The kinds that complete a waiting hand (13 counting melds as 3) into a win, leaving
    out kinds of which the seat holds all four (in hand and melds): those cannot come."""
    out = []
    held = held_with_melds(counts, melds)
    c = list(counts[:KINDS]) + [0] * (34 - KINDS)
    for t in range(KINDS):
        if held[t] >= 4:
            continue
        c[t] += 1
        if is_win(c, melds):
            out.append(t)
        c[t] -= 1
    return tuple(out)


def _best_standard_overlap(
    hand: Sequence[int], caps: Sequence[int], groups: int, pair_kinds: frozenset[int], runs: bool
) -> int:
    """The most tiles a standard target W (``groups`` groups and one pair of a kind in
    ``pair_kinds``; runs only if ``runs``; at most ``caps[k]`` of kind ``k``) shares with
    ``hand`` (Σ min(hand[k], W[k])), or −1 if no such W exists. Exhaustive over W, kind by
    kind: at each kind a triplet or not, how many runs start there, the pair or not, with the
    runs started at the two kinds before carried over."""

    @cache
    def best(k: int, r1: int, r2: int, left: int, pair: bool) -> int:
        # r1, r2: runs started at k-1 and k-2 (they need a k tile)
        if k == KINDS:
            return 0 if (left == 0 and pair and r1 == 0 and r2 == 0) else -(10**6)
        if k % 9 == 0 and (r1 or r2):
            return -(10**6)
        out = -(10**6)
        for t in (0, 1):
            for p in (0, 1) if (not pair and k in pair_kinds) else (0,):
                for n in range(0, 5 if (runs and k % 9 <= 6) else 1):
                    if t + n > left:
                        break
                    w = 3 * t + n + r1 + r2 + 2 * p
                    if w > caps[k]:
                        break
                    rest = best(k + 1, n, r1, left - t - n, pair or p == 1)
                    if rest >= 0:
                        out = max(out, min(hand[k], w) + rest)
        return out

    result = best(0, 0, 0, groups, False)
    return result if result >= 0 else -1


def shanten(counts: Sequence[int], melds: Melds = (), *, caps: Sequence[int] | None = None) -> int:
    """Shanten: the fewest tiles a winning 14-tile hand W holds that the hand lacks, minus
    one (|W − H| − 1: −1 a winning hand, 0 ready), over every winning form: standard with a
    2-5-8 pair, 碰碰胡 (triplets, any pair, no chow meld), 清一色 (one suit, standard or
    seven pairs), 七小对 (no melds) and 将将胡 (any tiles, all 2-5-8). W holds at most four
    of a kind, melds included (``caps``, if given: at most ``caps[k]`` concealed of kind
    ``k`` instead); the melds are kept."""
    hand = list(counts[:KINDS])
    if caps is None:
        held = held_with_melds([0] * KINDS, melds)
        caps = [4 - held[k] for k in range(KINDS)]
    groups = 4 - len(melds)
    size = 14 - 3 * len(melds)
    chow = any(kind == MeldKind.CHOW for kind, _ in melds)
    overlaps = [
        _best_standard_overlap(hand, caps, groups, TWO_FIVE_EIGHT, True),
    ]
    if not chow:
        overlaps.append(_best_standard_overlap(hand, caps, groups, frozenset(range(KINDS)), False))
    meld_suits = {t // 9 for t in _all_tiles([0] * KINDS, melds)}
    for suit in range(3):
        if meld_suits - {suit}:
            continue
        in_suit = frozenset(range(9 * suit, 9 * suit + 9))
        suit_caps = [caps[k] if k in in_suit else 0 for k in range(KINDS)]
        overlaps.append(_best_standard_overlap(hand, suit_caps, groups, in_suit, True))
        if not melds:
            overlaps.append(_seven_pairs_overlap(hand, in_suit))
    if not melds:
        overlaps.append(_seven_pairs_overlap(hand, frozenset(range(KINDS))))
    if all(t in TWO_FIVE_EIGHT for t in _all_tiles([0] * KINDS, melds)):
        overlaps.append(min(size, sum(min(hand[k], caps[k]) for k in TWO_FIVE_EIGHT)))
    return size - max(overlaps) - 1


def _seven_pairs_overlap(hand: Sequence[int], kinds: frozenset[int]) -> int:
    """The most tiles seven pairs of ``kinds`` (a kind at most twice) share with the hand."""
    values = []
    for k in kinds:
        values.append(min(hand[k], 2))
        values.append(min(hand[k], 4) - min(hand[k], 2))
    return sum(sorted(values, reverse=True)[:7])


def shanten_by_exchanges(counts: Sequence[int], melds: Melds = ()) -> int:
    """Slow: the fewest tile exchanges (one tile out, any kind in) that make a winning hand, minus
    one; a 13-tile hand (counting melds as 3) is first completed by one free tile, so a hand
    with winning tiles has shanten 0 and a winning 14-tile hand −1. Breadth-first over
    exchanges, each level keeping the distinct count vectors reached."""
    c = tuple(counts[:KINDS])
    size = sum(c) + 3 * len(melds)
    if size == 13:
        level = {c[:t] + (c[t] + 1,) + c[t + 1 :] for t in range(KINDS) if c[t] < 4}
        base = 0
    else:
        level = {c}
        base = -1
    seen = set(level)
    depth = 0
    while True:
        if any(is_win(x, melds) for x in level):
            return depth + base
        nxt = set()
        for x in level:
            for out in range(KINDS):
                if not x[out]:
                    continue
                y = list(x)
                y[out] -= 1
                for into in range(KINDS):
                    if into != out and y[into] < 4:
                        y[into] += 1
                        z = tuple(y)
                        y[into] -= 1
                        if z not in seen:
                            seen.add(z)
                            nxt.add(z)
        level = nxt
        depth += 1


def opening_wins(dealt: Sequence[int]) -> list[str]:
    """The opening small wins (起手小胡) of a dealt hand, by name: 四喜 once per kind held
    four times, 板板胡 (no 2, 5 or 8), 缺一色 (a suit absent), 六六顺 (two kinds held three
    times or more)."""
    out = ["four_of_a_kind" for k in range(KINDS) if dealt[k] == 4]
    if not any(dealt[k] for k in TWO_FIVE_EIGHT):
        out.append("no_258")
    if any(not any(dealt[s * 9 : s * 9 + 9]) for s in range(3)):
        out.append("missing_suit")
    if sum(1 for k in range(KINDS) if dealt[k] >= 3) >= 2:
        out.append("two_triplets")
    return out


# -- the deal ---------------------------------------------------------------------------------


def seeded_changsha_deal(seed: int) -> tuple[list[int], list[tuple[int, int]]]:
    """The wall of seed ``seed`` (the 108 tiles in kind order, shuffled) and the hand's four
    dice rolls, drawn right after the shuffle, each die ``1 + below(6)``, first a then b."""
    rng = Xoshiro256(seed)
    wall = [k for k in range(KINDS) for _ in range(4)]
    rng.shuffle(wall)
    dice = []
    for _ in range(4):
        a = 1 + rng.below(6)
        b = 1 + rng.below(6)
        dice.append((a, b))
    return wall, dice


def _tiles_of(counts: Sequence[int]) -> list[int]:
    return [k for k in range(34) for _ in range(counts[k])]


# -- the game ---------------------------------------------------------------------------------


class ReferenceChangshaGame:
    """One hand of 长沙麻将 under ``Rules.preset("changsha")``.

    - ``ReferenceChangshaGame(rules, seed=S)``: the wall and the dice from the seeded
      generator;
    - ``ReferenceChangshaGame(rules, wall=[...], dice=[(a, b), ...])``: exactly that hand.

    Drive it with :attr:`to_act`, :meth:`legal_actions` and :meth:`step` until
    :attr:`is_over`; then :attr:`result` holds the settlement.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        dealer: int = 0,
        wall: Iterable[int] | None = None,
        dice: Iterable[tuple[int, int]] | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        rules = Rules.preset("changsha") if rules is None else rules
        if not isinstance(rules, Rules) or rules.to_dict().get("profile") != "changsha":
            raise InvalidArgumentError("the changsha reference plays the changsha profile only")
        check_seat(dealer)
        if wall is None:
            if seed is None:
                seed = secrets.randbits(64)
            wall_list, dice_list = seeded_changsha_deal(seed)
        else:
            wall_list = list(wall)
            if len(wall_list) != 4 * KINDS or any(wall_list.count(k) != 4 for k in range(KINDS)):
                raise InvalidWallError("a changsha wall holds each of the 27 kinds four times")
            dice_list = [(int(a), int(b)) for a, b in (dice or ())]
        self._rules = rules
        self._dealer = dealer
        self._scores = (0, 0, 0, 0) if scores is None else tuple(scores)
        self._wall = wall_list
        self._dice = dice_list
        self._dice_used = 0
        self._taken = [False] * len(wall_list)
        self._hands = [[0] * 34 for _ in range(4)]
        self._melds: list[list[list[Any]]] = [[] for _ in range(4)]  # [MeldKind, tile, source]
        self._discards: list[list[int]] = [[] for _ in range(4)]
        self._events: list[dict[str, Any]] = []
        self._result: HandResult | None = None
        for i in range(4):
            seat = (dealer + i) % 4
            for pos in range(13 * i, 13 * i + 13):
                self._take(pos, seat)
        self._take(52, dealer)
        self._opening = [opening_wins(self._hands[s]) for s in range(4)]
        self._declared_openings: list[list[str]] = [[] for _ in range(4)]
        self._has_discarded = [False] * 4
        self._locked = [False] * 4  # after a dice kong: discards every drawn tile
        self._missed: list[set[int]] = [set() for _ in range(4)]  # 漏胡 kinds, until a draw
        self._kongs_made = False
        self._discard_count = 0
        # The 海底: who was first asked, who took it, or who drew it as a replacement.
        self._haidi_first: int | None = None
        self._haidi_taker: int | None = None
        self._haidi_replacement: int | None = None
        self._haidi_refusals = 0
        # The drawn tile of the seat on turn, and how it came.
        self._turn = dealer
        self._drawn: int | None = wall_list[52]
        self._draw_how = "deal"  # deal / front / back / dice / haidi / replacement_haidi
        self._dice_replacement = False  # the drawn tile is a dice kong's replacement
        self._kong_discard_pending = False  # the next discard is the dice konger's 杠上炮 tile
        self._phase = "turn"
        self._options: dict[int, list[Action]] = {}
        self._answers: dict[int, Action] = {}
        self._claim_tile: int | None = None
        self._claim_source: int | None = None
        self._claim_kind = "discard"  # discard / rob / haidi
        self._claim_kong_discard = False
        self._rob: tuple[int, int, bool] | None = None  # (konger, kind, dice) being robbed
        self._events.append(
            {
                "type": "start_hand",
                "dealer": dealer,
                "rules": rules.to_dict(),
                "wildcards": [],
                "wall": list(wall_list),
                **({"dice": [list(d) for d in dice_list]} if dice_list else {}),
                "scores": list(self._scores),
            }
        )
        self._advance()

    # -- the wall ---------------------------------------------------------------------------

    def _take(self, pos: int, seat: int) -> int:
        self._taken[pos] = True
        tile = self._wall[pos]
        self._hands[seat][tile] += 1
        return tile

    @property
    def wall_remaining(self) -> int:
        return self._taken.count(False)

    def _front_pos(self) -> int | None:
        """The next front tile: the first position not yet taken."""
        return next((p for p, t in enumerate(self._taken) if not t), None)

    def _stacks_from_back(self) -> list[int]:
        """The stacks (by index i: positions 2i, 2i+1) still holding a tile, last first."""
        n = len(self._wall) // 2
        return [
            i for i in range(n - 1, -1, -1) if not (self._taken[2 * i] and self._taken[2 * i + 1])
        ]

    def _stack_tile(self, i: int) -> int:
        """A stack's top tile, or its bottom when the top is gone."""
        return 2 * i if not self._taken[2 * i] else 2 * i + 1

    # -- public state -----------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now, in seat order; empty only when the hand is over."""
        if self._phase in ("turn", "haidi"):
            return (self._turn,)
        if self._phase == "claim":
            return tuple(s for s in sorted(self._options) if s not in self._answers)
        return ()

    @property
    def phase(self) -> str:
        """``turn``, ``claim``, ``haidi`` (a seat is asked to take the 海底) or ``over``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def result(self) -> HandResult | None:
        return self._result

    @property
    def events(self) -> list[dict[str, Any]]:
        """The full event log (a copy)."""
        return copy.deepcopy(self._events)

    def hand(self, seat: int) -> list[Tile]:
        """Seat ``seat``'s concealed tiles, sorted."""
        check_seat(seat)
        return [TILES[k] for k in _tiles_of(self._hands[seat])]

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now; empty when it need not act."""
        check_seat(seat)
        if self._phase == "turn" and seat == self._turn:
            return self._turn_actions(seat)
        if self._phase == "haidi" and seat == self._turn:
            return [action_of(ActionKind.HAIDI), action_of(ActionKind.PASS)]
        if self._phase == "claim" and seat in self._options and seat not in self._answers:
            return list(self._options[seat])
        return []

    # -- evaluation in play -----------------------------------------------------------------

    def _meld_pairs(self, seat: int) -> list[tuple[int, int]]:
        return [(int(m[0]), int(m[1])) for m in self._melds[seat]]

    def _wins(self, seat: int, extra: int | None = None) -> bool:
        counts = list(self._hands[seat])
        if extra is not None:
            counts[extra] += 1
        return is_win(counts, self._meld_pairs(seat))

    def _ready_after_kong(self, seat: int, kind: int, how: str) -> bool:
        """Whether the hand has a winning tile after a kong of ``kind``: ``how`` is
        ``concealed`` (four in hand), ``added`` (onto a pong) or ``claim`` (three in hand and
        the discard)."""
        counts = list(self._hands[seat])
        melds = self._meld_pairs(seat)
        if how == "concealed":
            counts[kind] -= 4
            melds.append((int(MeldKind.CONCEALED_KONG), kind))
        elif how == "added":
            counts[kind] -= 1
            melds = [
                (int(MeldKind.ADDED_KONG), t) if (k == MeldKind.PONG and t == kind) else (k, t)
                for k, t in melds
            ]
        else:
            counts[kind] -= 3
            melds.append((int(MeldKind.KONG), kind))
        return bool(winning_tiles(counts, melds))

    def _turn_actions(self, seat: int) -> list[Action]:
        """A seat's turn: 自摸 (after a draw, if the hand wins), then its opening wins (until
        its first discard, if not yet declared), 补张 kongs (concealed, then added) and dice
        kongs (ascending kind; ready after the kong; dice left) — kongs only after a draw and
        while the wall holds a tile to replace them — then discards (ascending kind). A
        locked seat and the 海底's taker: 自摸 if it wins, and the discard of the drawn
        tile."""
        hand = self._hands[seat]
        drawn = self._drawn
        out: list[Action] = []
        can_win = drawn is not None and self._wins(seat)
        if can_win:
            out.append(action_of(ActionKind.SELF_DRAW_WIN))
        if self._locked[seat] or self._draw_how in ("haidi",):
            assert drawn is not None
            out.append(action_of(ActionKind.DISCARD, drawn))
            return out
        if (
            not self._has_discarded[seat]
            and self._opening[seat]
            and not self._declared_openings[seat]
        ):
            out.append(action_of(ActionKind.OPENING_WIN))
        if drawn is not None and self.wall_remaining > 0:
            out.extend(
                action_of(ActionKind.CONCEALED_KONG, k) for k in range(KINDS) if hand[k] == 4
            )
            added = [int(m[1]) for m in self._melds[seat] if m[0] == MeldKind.PONG and hand[m[1]]]
            out.extend(action_of(ActionKind.ADDED_KONG, k) for k in added)
            if self._dice_used < len(self._dice):
                dice_kinds = sorted(
                    [
                        k
                        for k in range(KINDS)
                        if hand[k] == 4 and self._ready_after_kong(seat, k, "concealed")
                    ]
                    + [k for k in added if self._ready_after_kong(seat, k, "added")]
                )
                out.extend(action_of(ActionKind.DICE_KONG, k) for k in dice_kinds)
        out.extend(action_of(ActionKind.DISCARD, k) for k in range(KINDS) if hand[k])
        return out

    # -- stepping ---------------------------------------------------------------------------

    def step(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action`` (checked against the legal actions)."""
        check_seat(seat)
        if seat not in self.to_act:
            raise NotYourTurnError(f"seat {seat} is not to act now")
        if not isinstance(action, Action) or action not in self.legal_actions(seat):
            raise IllegalActionError(f"{action} is not legal for seat {seat} now")
        self._apply(seat, action, auto=False)
        self._advance()

    def _advance(self) -> None:
        """The engine's own moves: a locked seat or the 海底's taker that cannot win
        discards its drawn tile."""
        while self._phase == "turn":
            seat = self._turn
            if not (self._locked[seat] or self._draw_how == "haidi"):
                return
            legal = self._turn_actions(seat)
            if len(legal) != 1:
                return
            self._apply(seat, legal[0], auto=True)

    def _apply(self, seat: int, action: Action, *, auto: bool) -> None:
        kind = action.kind
        tile = None if action.tile is None else int(action.tile)
        if self._phase == "haidi":
            take = kind is ActionKind.HAIDI
            self._events.append({"type": "haidi", "seat": seat, "take": take})
            if take:
                self._haidi_taker = seat
                self._draw(seat, "haidi")
                return
            self._haidi_refusals += 1
            if self._haidi_refusals == 4:
                self._end_drawn()
                return
            self._turn = (seat + 1) % 4
            return
        if self._phase == "turn":
            if kind is ActionKind.DISCARD:
                assert tile is not None
                self._discard(seat, tile, auto=auto)
            elif kind is ActionKind.SELF_DRAW_WIN:
                assert self._drawn is not None
                self._settle([seat], self._drawn, WinKind.SELF_DRAW, None)
            elif kind is ActionKind.OPENING_WIN:
                names = list(self._opening[seat])
                self._declared_openings[seat] = names
                self._events.append({"type": "opening_win", "seat": seat, "wins": names})
            elif kind is ActionKind.CONCEALED_KONG:
                assert tile is not None
                self._events.append({"type": "concealed_kong", "seat": seat, "tile": tile})
                self._hands[seat][tile] -= 4
                self._melds[seat].append([MeldKind.CONCEALED_KONG, tile, None])
                self._kongs_made = True
                self._draw(seat, "back")
            elif kind is ActionKind.ADDED_KONG:
                assert tile is not None
                self._events.append({"type": "added_kong", "seat": seat, "tile": tile})
                self._hands[seat][tile] -= 1
                self._open_claims(seat, tile, "rob", dice=False)
            elif kind is ActionKind.DICE_KONG:
                assert tile is not None
                concealed = self._hands[seat][tile] == 4
                self._events.append(
                    {
                        "type": "dice_kong",
                        "seat": seat,
                        "tile": tile,
                        "from": None,
                        "concealed": concealed,
                    }
                )
                if concealed:
                    self._hands[seat][tile] -= 4
                    self._melds[seat].append([MeldKind.CONCEALED_KONG, tile, None])
                    self._kongs_made = True
                    self._dice_draw(seat)
                else:
                    self._hands[seat][tile] -= 1
                    self._open_claims(seat, tile, "rob", dice=True)
            else:  # pragma: no cover - legal actions only
                raise AssertionError(action)
            return
        # a claim: record the answer; resolve once everyone asked has answered
        self._answers[seat] = action
        event: dict[str, Any] = {
            "type": "answer",
            "seat": seat,
            "action": kind.name.lower(),
            "auto": auto,
        }
        if kind in (ActionKind.CHOW, ActionKind.DICE_KONG):
            event["tile"] = tile
        self._events.append(event)
        if len(self._answers) == len(self._options):
            self._resolve_claims()

    # -- draws ------------------------------------------------------------------------------

    def _draw(self, seat: int, how: str) -> None:
        """Give ``seat`` a tile: ``front`` (an ordinary draw; with one tile left the 海底 is
        offered instead), ``haidi`` (the 海底, taken), ``back`` (补张: the top of the last
        stack still holding a tile, else its bottom)."""
        remaining = self.wall_remaining
        if how == "front":
            if remaining == 0:
                self._end_drawn()
                return
            if remaining == 1:
                self._phase = "haidi"
                self._turn = seat
                self._haidi_first = seat
                self._haidi_refusals = 0
                return
            pos = self._front_pos()
        elif how == "haidi":
            pos = self._front_pos()
        else:
            if remaining == 0:  # pragma: no cover - kongs need a tile
                self._end_drawn()
                return
            pos = self._stack_tile(self._stacks_from_back()[0])
        assert pos is not None
        if how == "back" and remaining == 1:
            self._haidi_replacement = seat
            how = "replacement_haidi"
        self._give(seat, pos, how, replacement=how in ("back", "replacement_haidi"))

    def _dice_draw(self, seat: int) -> None:
        """杠 with dice: roll the next pair; n = the total; the n-th stack holding a tile,
        counted from the back (the front-most such stack if fewer), its top tile, else its
        bottom. The 海底 alone left: it is the replacement. The seat is locked from now."""
        a, b = self._dice[self._dice_used]
        self._dice_used += 1
        self._events.append({"type": "dice", "seat": seat, "dice": [a, b]})
        self._locked[seat] = True
        stacks = self._stacks_from_back()
        if not stacks:  # pragma: no cover - dice kongs need a tile
            self._end_drawn()
            return
        n = a + b
        stack = stacks[min(n, len(stacks)) - 1]
        pos = self._stack_tile(stack)
        how = "dice"
        if self.wall_remaining == 1:
            self._haidi_replacement = seat
            how = "replacement_haidi"
        self._give(seat, pos, how, replacement=True)
        self._kong_discard_pending = True
        self._dice_replacement = True

    def _give(self, seat: int, pos: int, how: str, *, replacement: bool) -> None:
        tile = self._take(pos, seat)
        self._missed[seat].clear()
        self._phase = "turn"
        self._turn = seat
        self._drawn = tile
        self._draw_how = how
        self._kong_discard_pending = False
        self._dice_replacement = False
        self._events.append(
            {"type": "draw", "seat": seat, "tile": tile, "replacement": replacement}
        )

    # -- discards and claims ----------------------------------------------------------------

    def _discard(self, seat: int, tile: int, *, auto: bool) -> None:
        kong_discard = self._kong_discard_pending
        haidi = self._draw_how == "haidi"
        self._hands[seat][tile] -= 1
        self._discards[seat].append(tile)
        self._has_discarded[seat] = True
        self._discard_count += 1
        self._drawn = None
        self._events.append(
            {"type": "discard", "seat": seat, "tile": tile, "declare": False, "auto": auto}
        )
        self._claim_kong_discard = kong_discard
        self._kong_discard_pending = False
        self._open_claims(seat, tile, "haidi" if haidi else "discard", dice=False)

    def _open_claims(self, source: int, tile: int, how: str, *, dice: bool) -> None:
        """Ask the other seats about ``source``'s discard (``discard``), its discard of the
        海底 (``haidi``: wins only) or its added kong (``rob``: wins only), each in the order
        win, pong, kong, dice kong, chows (the 下家 only), pass."""
        options: dict[int, list[Action]] = {}
        tiles_left = self.wall_remaining > 0
        for i in (1, 2, 3):
            s = (source + i) % 4
            acts: list[Action] = []
            if tile not in self._missed[s] and self._wins(s, tile):
                acts.append(action_of(ActionKind.WIN))
            if how == "discard" and not self._locked[s]:
                held = self._hands[s][tile]
                if held >= 2:
                    acts.append(action_of(ActionKind.PONG))
                if held == 3 and tiles_left:
                    acts.append(action_of(ActionKind.KONG))
                    if self._dice_used < len(self._dice) and self._ready_after_kong(
                        s, tile, "claim"
                    ):
                        acts.append(action_of(ActionKind.DICE_KONG, tile))
                if i == 1:
                    h = self._hands[s]
                    for low in range(tile - 2, tile + 1):
                        if low < 0 or low // 9 != tile // 9 or (low + 2) // 9 != tile // 9:
                            continue
                        run = [low, low + 1, low + 2]
                        if all(h[k] for k in run if k != tile):
                            acts.append(action_of(ActionKind.CHOW, low))
            if acts:
                options[s] = [*acts, action_of(ActionKind.PASS)]
        self._phase = "claim"
        self._claim_tile = tile
        self._claim_source = source
        self._claim_kind = how
        self._rob = (source, tile, dice) if how == "rob" else None
        self._options = options
        self._answers = {}
        if not options:
            self._resolve_claims()

    def _resolve_claims(self) -> None:
        """Every 胡 answer wins (通炮); else a pong, kong or dice kong; else a chow; else the
        added kong stands (robbing) or the next seat draws (a 海底 discard: the hand is
        drawn)."""
        source, tile, how = self._claim_source, self._claim_tile, self._claim_kind
        assert source is not None and tile is not None
        options, answers = self._options, self._answers
        self._options, self._answers = {}, {}
        for s, acts in options.items():
            if acts[0].kind is ActionKind.WIN and answers[s].kind is not ActionKind.WIN:
                self._missed[s].add(tile)  # 漏胡
        winners = [
            (source + i) % 4
            for i in (1, 2, 3)
            if (source + i) % 4 in answers and answers[(source + i) % 4].kind is ActionKind.WIN
        ]
        if winners:
            kind = WinKind.ROBBED_KONG if how == "rob" else WinKind.DISCARD
            self._settle(winners, tile, kind, source)
            return
        if how == "rob":
            assert self._rob is not None
            _, _, dice = self._rob
            for m in self._melds[source]:
                if m[0] == MeldKind.PONG and m[1] == tile:
                    m[0] = MeldKind.ADDED_KONG
                    break
            self._kongs_made = True
            if dice:
                self._dice_draw(source)
            else:
                self._draw(source, "back")
            return
        if how == "haidi":
            self._end_drawn()
            return
        for s, a in answers.items():
            if a.kind is ActionKind.PONG:
                self._hands[s][tile] -= 2
                self._melds[s].append([MeldKind.PONG, tile, source])
                self._events.append({"type": "pong", "seat": s, "tile": tile, "from": source})
                self._phase, self._turn, self._drawn, self._draw_how = "turn", s, None, "claim"
                return
            if a.kind is ActionKind.KONG or a.kind is ActionKind.DICE_KONG:
                self._hands[s][tile] -= 3
                self._melds[s].append([MeldKind.KONG, tile, source])
                self._kongs_made = True
                if a.kind is ActionKind.KONG:
                    self._events.append({"type": "kong", "seat": s, "tile": tile, "from": source})
                    self._draw(s, "back")
                else:
                    self._events.append(
                        {
                            "type": "dice_kong",
                            "seat": s,
                            "tile": tile,
                            "from": source,
                            "concealed": False,
                        }
                    )
                    self._dice_draw(s)
                return
        for s, a in answers.items():
            if a.kind is ActionKind.CHOW:
                low = int(a.tile)  # type: ignore[arg-type]
                for k in (low, low + 1, low + 2):
                    if k != tile:
                        self._hands[s][k] -= 1
                self._melds[s].append([MeldKind.CHOW, low, source])
                self._events.append(
                    {"type": "chow", "seat": s, "tile": low, "from": source, "claimed": tile}
                )
                self._phase, self._turn, self._drawn, self._draw_how = "turn", s, None, "claim"
                return
        self._draw((source + 1) % 4, "front")

    # -- the end ----------------------------------------------------------------------------

    def _big_wins(self, seat: int, kind: WinKind, source: int | None) -> list[str]:
        """The 大胡 of a win, in the order of :data:`BIG_WINS`."""
        counts, melds = self._hands[seat], self._meld_pairs(seat)
        names = big_wins_of_shape(counts, melds)
        self_draw = kind is WinKind.SELF_DRAW
        if self_draw and self._draw_how == "haidi":
            names.add("last_tile")
        if kind is WinKind.DISCARD and self._claim_kind == "haidi":
            names.add("last_discard")
        if self_draw and self._dice_replacement:
            names.add("kong_bloom")
        if kind is WinKind.DISCARD and self._claim_kong_discard:
            names.add("kong_discard")
        if kind is WinKind.ROBBED_KONG:
            names.add("robbed_kong")
        if (
            self_draw
            and seat == self._dealer
            and self._discard_count == 0
            and not self._melds[seat]
        ):
            names.add("heavenly")
        if (
            kind is WinKind.DISCARD
            and source == self._dealer
            and self._discard_count == 1
            and not any(self._melds[s] for s in range(4))
        ):
            names.add("earthly")
        return [n for n, _ in BIG_WINS if n in names]

    def _settle(self, winners: list[int], tile: int, kind: WinKind, source: int | None) -> None:
        """The wins, the bird, the opening wins; then the hand ends."""
        self_draw = kind is WinKind.SELF_DRAW
        bigs = {}
        for s in winners:
            if not self_draw:
                self._hands[s][tile] += 1
            bigs[s] = self._big_wins(s, kind, source)
            self._events.append(
                {
                    "type": "win",
                    "seat": s,
                    "tile": tile,
                    "kind": kind.value,
                    "from": source,
                    "auto": False,
                }
            )
        # the bird: the 海底 itself after a 海底 win, else the next front tile
        if (self_draw and self._draw_how == "haidi") or (
            not self_draw and self._claim_kind == "haidi"
        ):
            bird_tile: int | None = tile
        else:
            pos = self._front_pos()
            bird_tile = None if pos is None else self._wall[pos]
            if pos is not None:
                self._taken[pos] = True  # turned over: off the wall
        bird = None
        if bird_tile is not None:
            bird = Bird(TILES[bird_tile], (self._dealer + bird_tile % 9) % 4)
            self._events.append({"type": "bird", "tile": bird_tile, "seat": bird.seat})
        transfers: list[Transfer] = []
        summaries = []
        for s in winners:
            n = len(bigs[s])
            transfers.extend(self._win_transfers(s, n, self_draw, source, bird))
            items = self._items(bigs[s])
            summaries.append(WinSummary(s, kind, TILES[tile], n, 1, items))
        transfers.extend(self._opening_transfers(bird))
        first = summaries[0]
        haidi = self._haidi_state()
        self._finish(
            HandResult(
                dealer=self._dealer,
                winner=winners[0],
                win_kind=kind,
                discarder=source,
                win_tile=TILES[tile],
                points=first.points,
                factor=1,
                patterns=(),
                transfers=tuple(transfers),
                deltas=_deltas(transfers),
                kongs_made=self._kongs_made,
                winners=tuple(winners),
                score_items=first.score_items,
                wins=tuple(summaries),
                opening_wins=tuple(tuple(w) for w in self._declared_openings),
                bird=bird,
                haidi=haidi,
            ),
            winners=winners,
            source=source,
            bird=bird,
        )

    @staticmethod
    def _items(names: list[str]) -> tuple[ScoreItem, ...]:
        """``small_win`` alone, or each 大胡 (the first the base, the others added), value 1."""
        if not names:
            return (ScoreItem("small_win", "小胡", 1, "base"),)
        return tuple(
            ScoreItem(n, _CHINESE[n], 1, "base" if i == 0 else "add") for i, n in enumerate(names)
        )

    def _self_draw_shares(self, seat: int, n: int, bird: Bird | None) -> list[Transfer]:
        """A self-draw by ``seat`` with ``n`` 大胡 (0: a 小胡): each other seat's share, the
        bird doubling every payer (on the winner) or one payer (on it)."""
        out = []
        for p in range(4):
            if p == seat:
                continue
            if n == 0:
                amount = 20 if (seat == self._dealer or p == self._dealer) else 10
            else:
                amount = 40 * n if (seat == self._dealer or p == self._dealer) else 30 * n
            if bird is not None and bird.seat in (seat, p):
                amount *= 2
            out.append((p, seat, amount))
        return out  # type: ignore[return-value]

    def _win_transfers(
        self, seat: int, n: int, self_draw: bool, source: int | None, bird: Bird | None
    ) -> list[Transfer]:
        if self_draw:
            return [Transfer(p, w, a, "win") for p, w, a in self._self_draw_shares(seat, n, bird)]  # type: ignore[misc]
        assert source is not None
        amount = 10 if n == 0 else 60 * n
        if self._dealer in (seat, source):
            amount += 10
        if bird is not None and bird.seat in (seat, source):
            amount *= 2
        return [Transfer(source, seat, amount, "win")]

    def _opening_transfers(self, bird: Bird | None) -> list[Transfer]:
        """Each declared opening win: a 小胡 self-draw by its seat (the bird, if any)."""
        out = []
        for s in range(4):
            for _ in self._declared_openings[s]:
                out.extend(
                    Transfer(p, w, a, "opening_win")
                    for p, w, a in self._self_draw_shares(s, 0, bird)  # type: ignore[misc]
                )
        return out

    def _haidi_state(self) -> Haidi | None:
        if self._haidi_replacement is not None:
            return Haidi(self._haidi_replacement, "replacement")
        if self._haidi_taker is not None:
            return Haidi(self._haidi_taker, "taken")
        if self._haidi_first is not None and self._haidi_refusals == 4:
            return Haidi(self._haidi_first, "refused")
        return None

    def _end_drawn(self) -> None:
        transfers = self._opening_transfers(None)
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
                kongs_made=self._kongs_made,
                opening_wins=tuple(tuple(w) for w in self._declared_openings),
                haidi=self._haidi_state(),
            ),
            winners=[],
            source=None,
            bird=None,
        )

    def _finish(
        self, result: HandResult, *, winners: list[int], source: int | None, bird: Bird | None
    ) -> None:
        self._result = result
        self._phase = "over"
        self._options, self._answers = {}, {}
        self._next_dealer = self._dealer_after(winners, source, bird)
        self._events.append(
            {
                "type": "end_hand",
                "result": result.to_dict(),
                "hands": [_tiles_of(h) for h in self._hands],
                "melds": [[[int(m[0]), m[1], m[2]] for m in ms] for ms in self._melds],
                "discards": [list(ds) for ds in self._discards],
            }
        )

    def _dealer_after(self, winners: list[int], source: int | None, bird: Bird | None) -> int:
        """Who deals next: ≥ 2 seats with opening wins and a bird → the bird's seat; several
        winners on one discard → the discarder; one winner → the winner; nobody: the 海底's
        taker, else the first seat asked (all refused), else the seat that drew it as a
        replacement, else the dealer."""
        openers = sum(1 for w in self._declared_openings if w)
        if openers >= 2 and bird is not None:
            return bird.seat
        if len(winners) >= 2:
            assert source is not None
            return source
        if winners:
            return winners[0]
        if self._haidi_taker is not None:
            return self._haidi_taker
        if self._haidi_first is not None and self._haidi_refusals == 4:
            return self._haidi_first
        if self._haidi_replacement is not None:
            return self._haidi_replacement
        return self._dealer

    def next_dealer(self) -> int | None:
        """Who deals the next hand, once this one is over."""
        return self._next_dealer if self._phase == "over" else None


def _deltas(transfers: Sequence[Transfer]) -> tuple[int, int, int, int]:
    d = [0, 0, 0, 0]
    for t in transfers:
        d[t.payer] -= t.amount
        d[t.payee] += t.amount
    return (d[0], d[1], d[2], d[3])
