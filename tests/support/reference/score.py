"""What the reference game needs to know about a hand of RULES §4's shapes (RULES §4–§6,
docs/rules.md §4–§6; the 混 of RULES-hebei is a wildcard kind too): whether it wins, its
winning tiles, which discards allow 报听, the point value ``p`` of a win, and the patterns
and factor of the reading that scores most.

Written from the rules on top of the brute-force evaluator of ``hands.py``; nothing
here comes from the package's evaluators. A position is given as the game holds it:
``counts``, 34 counts of the concealed tiles (wildcard kinds included); ``melds``,
``(MeldKind, tile)`` pairs; ``wildcards``, the wildcard kinds; ``sw``, the reference's
switches (``switches.py``: ``wind_runs``, ``no_honors``, ``draw5_win6``, ``bonus_patterns``).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from koudiandian.result import ScoreItem
from koudiandian.score import Pattern

from tests.support.reference.common import POINTS, held_with_melds
from tests.support.reference.hands import (
    _lowest_natural,
    _remove_group,
    _thirteen_orphans,
    cached_is_win,
    cached_winning_tiles,
    groups_containing,
    ref_may_be_ready,
)
from tests.support.reference.switches import Switches

__all__ = [
    "POINTS",
    "WinValue",
    "allows_win",
    "best_patterns",
    "declarable",
    "is_win",
    "score_win",
    "win_points",
    "winning_tiles",
]

#: Factors of RULES §5.1 (they apply only under ``bonus_patterns`` and without wildcards).
FACTOR = {
    Pattern.PLAIN: 1,
    Pattern.ALL_ONE_SUIT: 2,
    Pattern.STRAIGHT: 2,
    Pattern.SEVEN_PAIRS: 2,
    Pattern.GOLDEN_SEVEN_PAIRS: 4,
    Pattern.LUXURY_SEVEN_PAIRS: 8,
    Pattern.LUXURY_GOLDEN_SEVEN_PAIRS: 16,
    Pattern.THIRTEEN_ORPHANS: 1,
}

#: The seven-pairs family by number of quads.
_SEVEN_PAIRS = (
    Pattern.SEVEN_PAIRS,
    Pattern.GOLDEN_SEVEN_PAIRS,
    Pattern.LUXURY_SEVEN_PAIRS,
    Pattern.LUXURY_GOLDEN_SEVEN_PAIRS,
)

Melds = Sequence[tuple[int, int]]


def _split(counts: Sequence[int], wildcards: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The natural counts (wildcard kinds zeroed) and the number of wildcards."""
    if not wildcards:
        return tuple(counts), 0
    naturals = tuple(0 if k in wildcards else c for k, c in enumerate(counts))
    return naturals, sum(counts[k] for k in wildcards)


def is_win(counts: Sequence[int], melds: Melds, wildcards: Sequence[int], sw: Switches) -> bool:
    """Whether a complete position (14 tiles, melds counting three) wins (RULES §4, §6)."""
    naturals, wild = _split(counts, wildcards)
    return cached_is_win(naturals, wild, len(melds), sw.wind_runs, sw.no_honors)


def winning_tiles(
    counts: Sequence[int], melds: Melds, wildcards: Sequence[int], sw: Switches
) -> tuple[int, ...]:
    """Winning tiles (听口, RULES §6) of a waiting position (13 tiles), ascending: the kinds
    not wildcards nor held four times (melds included) whose natural tile completes it."""
    naturals, wild = _split(counts, wildcards)
    held = held_with_melds(counts, melds)
    excluded = tuple(k for k in range(34) if k in wildcards or held[k] >= 4)
    return cached_winning_tiles(naturals, wild, len(melds), excluded, sw.wind_runs, sw.no_honors)


def allows_win(points: int, self_draw: bool, sw: Switches) -> bool:
    """RULES §4 thresholds: a win on a discard needs 6; a self-draw 3 (5 under
    ``draw5_win6``)."""
    if not self_draw:
        return points >= 6
    return points >= (5 if sw.draw5_win6 else 3)


def win_points(
    counts: Sequence[int],
    melds: Melds,
    tile: int,
    self_draw: bool,
    wildcards: Sequence[int],
    sw: Switches,
) -> int:
    """``p`` of a win with ``tile`` (``counts`` hold it). A self-drawn wildcard is worth the
    best of the winning tiles of the position before the draw, or its own value when there
    are none (the max-point rule, RULES §6)."""
    if self_draw and tile in wildcards:
        before = list(counts)
        before[tile] -= 1
        waits = winning_tiles(before, melds, wildcards, sw)
        return max((POINTS[k] for k in waits), default=POINTS[tile])
    return POINTS[tile]


def declarable(
    counts: Sequence[int], melds: Melds, wildcards: Sequence[int], sw: Switches
) -> list[int]:
    """The kinds whose discard may go with 报听 (RULES §4, §6; docs/rules.md §4): after it
    the hand is ready and its winning tiles include one worth 6 or more; with no winning tile
    at all, a drawn wildcard that completes the hand must be worth 6 or more by the max-point
    rule (its own value; with two wildcard kinds the better one)."""
    naturals, wild = _split(counts, wildcards)
    if not ref_may_be_ready(
        naturals, wild, len(melds), wind_runs=sw.wind_runs, no_honors=sw.no_honors
    ):
        return []
    out = []
    for k in range(34):
        if counts[k] == 0:
            continue
        after = list(counts)
        after[k] -= 1
        naturals, wild = _split(after, wildcards)
        # Whatever completes the hand, a wildcard standing for it does too: a quick first test.
        if not cached_is_win(naturals, wild + 1, len(melds), sw.wind_runs, sw.no_honors):
            continue
        waits = winning_tiles(after, melds, wildcards, sw)
        if waits:
            best = max(POINTS[t] for t in waits)
        else:  # only a drawn wildcard completes it, if there are wildcards at all
            best = max((POINTS[w] for w in wildcards), default=0)
        if best >= 6:
            out.append(k)
    return out


# -- readings and patterns -----------------------------------------------------------------

Groups = tuple[tuple[int, ...], ...]


@functools.lru_cache(maxsize=1 << 12)
def _standard_readings(
    counts: tuple[int, ...], wild: int, need_pair: bool, wind_runs: bool
) -> frozenset[tuple[Groups, int]]:
    """Every reading of the naturals ``counts`` and ``wild`` wildcards as groups of three and
    (when ``need_pair``) one pair: ``(groups, free)``, the groups that hold a natural tile
    (sorted kind tuples, each wildcard written as the kind it stands for) and the number of
    groups of three made of wildcards alone, which may stand for any group. A pair of
    wildcards alone is left out: it may be any pair."""
    k = _lowest_natural(counts)
    if k < 0:
        if wild % 3 != (2 if need_pair else 0):
            return frozenset()
        return frozenset({((), wild // 3)})
    options: list[tuple[tuple[int, ...], bool]] = [
        (group, need_pair) for group in groups_containing(k, wind_runs)
    ]
    if need_pair:
        options.append(((k, k), False))
    out = set()
    for group, pair_still_needed in options:
        for rest, rest_wild in _remove_group(counts, wild, group, k):
            for groups, free in _standard_readings(rest, rest_wild, pair_still_needed, wind_runs):
                out.add((tuple(sorted((*groups, tuple(group)))), free))
    return frozenset(out)


@functools.lru_cache(maxsize=1 << 12)
def _seven_pairs_readings(counts: tuple[int, ...], wild: int) -> frozenset[tuple[Groups, int]]:
    """Every reading as seven pairs: ``(pairs, free)``, the pairs that hold a natural tile and
    the number of pairs of wildcards alone."""
    k = _lowest_natural(counts)
    if k < 0:
        return frozenset({((), wild // 2)}) if wild % 2 == 0 else frozenset()
    out = set()
    for rest, rest_wild in _remove_group(counts, wild, (k, k), k):
        for pairs, free in _seven_pairs_readings(rest, rest_wild):
            out.add((tuple(sorted((*pairs, (k, k)))), free))
    return frozenset(out)


def _one_suit(kinds: Sequence[int], suit: int) -> bool:
    return all(k // 9 == suit for k in kinds)


def _standard_patterns(
    groups: Groups, free: int, meld_tiles: list[int]
) -> list[tuple[Pattern, ...]]:
    """The pattern sets a standard reading can be given, by the suit its free groups take:
    清一色 when every tile and meld is of that suit, 一条龙 when 123 456 789 of it are three
    of its groups (free groups filling the missing ones)."""
    kinds = [k for g in groups for k in g] + meld_tiles
    out: list[tuple[Pattern, ...]] = [(Pattern.PLAIN,)]
    for suit in range(3):
        runs = [tuple(range(9 * suit + start, 9 * suit + start + 3)) for start in (0, 3, 6)]
        straight = sum(run not in groups for run in runs) <= free
        patterns = [Pattern.ALL_ONE_SUIT] if _one_suit(kinds, suit) else []
        if straight:
            patterns.append(Pattern.STRAIGHT)
        if patterns:
            out.append(tuple(patterns))
    return out


def _most_quads(pairs: Groups, free: int) -> int:
    """Most quads (two pairs of a kind) when each pair of wildcards joins any kind: one of
    the reading's, or a kind of its own."""
    kinds = sorted({p[0] for p in pairs}) + [-1 - i for i in range(free)]
    best = 0
    for choice in itertools.product(kinds, repeat=free):
        n = Counter(p[0] for p in pairs) + Counter(choice)
        best = max(best, sum(c // 2 for c in n.values()))
    return best


def _seven_pairs_patterns(pairs: Groups, free: int) -> tuple[Pattern, ...]:
    quads = _most_quads(pairs, free)
    kinds = [k for p in pairs for k in p]
    one_suit = any(_one_suit(kinds, suit) for suit in range(3))
    return ((Pattern.ALL_ONE_SUIT,) if one_suit else ()) + (_SEVEN_PAIRS[quads],)


def factor_of(patterns: Sequence[Pattern]) -> int:
    return math.prod(FACTOR[p] for p in patterns)


def best_patterns(
    counts: Sequence[int], melds: Melds, wildcards: Sequence[int], sw: Switches
) -> tuple[Pattern, ...]:
    """The patterns of the reading of a winning position that scores most (RULES §5.1):
    factors multiply; of equal factors the standard reading is taken, then seven pairs. With
    or without ``bonus_patterns`` (the patterns name the hand either way)."""
    naturals, wild = _split(counts, wildcards)
    meld_tiles = [tile for _, tile in melds]
    candidates: list[tuple[Pattern, ...]] = []
    for groups, free in sorted(_standard_readings(naturals, wild, True, sw.wind_runs)):
        candidates.extend(_standard_patterns(groups, free, meld_tiles))
    if not melds:  # seven pairs and thirteen orphans are concealed only
        for pairs, free in sorted(_seven_pairs_readings(naturals, wild)):
            candidates.append(_seven_pairs_patterns(pairs, free))
        if not sw.no_honors and _thirteen_orphans(naturals, wild):
            candidates.append((Pattern.THIRTEEN_ORPHANS,))
    assert candidates, f"not a winning hand: {counts} {melds} wildcards {wildcards}"
    return max(candidates, key=factor_of)  # the first of the highest


class WinValue(NamedTuple):
    """The value of a win: ``points`` is ``p`` after the max-point rule; ``factor`` the
    pattern factor in force (1 without ``bonus_patterns``); ``items`` what one payer's share
    is made of (their product), before the dealer bonus."""

    points: int
    factor: int
    patterns: tuple[Pattern, ...]
    items: tuple[ScoreItem, ...]


def score_win(
    counts: Sequence[int],
    melds: Melds,
    tile: int,
    self_draw: bool,
    wildcards: Sequence[int],
    sw: Switches,
) -> WinValue:
    """Score a win with ``tile``; ``counts`` hold it. Precondition: the position wins."""
    points = win_points(counts, melds, tile, self_draw, wildcards, sw)
    patterns = best_patterns(counts, melds, wildcards, sw)
    scored = sw.bonus_patterns and not wildcards
    items = [ScoreItem("points", "点数", points, "base")]
    if self_draw:
        items.append(ScoreItem("self_draw", "自摸", 2, "multiply"))
    if scored:
        items.extend(
            ScoreItem(p.name.lower(), p.chinese, FACTOR[p], "multiply")
            for p in patterns
            if FACTOR[p] > 1
        )
    return WinValue(points, factor_of(patterns) if scored else 1, patterns, tuple(items))
