"""Hand evaluation of the ``changsha`` profile (长沙麻将), brute force, in Python: whether a
hand wins (a standard hand with a 2-5-8 pair, or a 大胡 shape), its winning tiles, shanten
two ways, the 大胡 of a hand's tiles and the opening small wins of a dealt hand.

Written from the contract (RULES-changsha.md "Winning", "Scoring (points)") and the engine's
decisions recorded in docs/rules.md §11 ("Winning", "Opening small wins"), not from the Rust
code; the engine's hand functions are tested against it
(``tests/profiles/changsha/test_changsha_hands.py``), and the reference game (``game.py``,
``changsha.py``) plays with it. Decomposition tries every pair and every leftmost group.

Tiles are ints 0–26 (1m–9m, 1p–9p, 1s–9s); hands are count lists of length 34 (the kinds
27–33 are never held) so that the package's ``TILES`` index them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from koudiandian.meld import MeldKind

from tests.support.reference.common import held_with_melds, meld_tiles

__all__ = [
    "BIG_WINS",
    "TWO_FIVE_EIGHT",
    "big_wins_of_shape",
    "is_win",
    "opening_wins",
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
    """Every tile in the hand, melds included."""
    out = [k for k in range(KINDS) for _ in range(counts[k])]
    for kind, t in melds:
        out.extend(meld_tiles(kind, t))
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
