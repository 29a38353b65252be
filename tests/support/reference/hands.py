"""A slow, deliberately simple reference evaluator for the winning shapes of RULES §4 and §6
(the random positions of the property tests are ``positions.py``'s).

Nothing here is shared with the package's algorithm (the Rust core uses per-suit lookup
tables of minimal wildcard counts). This module does a direct, exhaustive recursive search:

* standard shape: take the lowest natural tile still in hand and try *every* group that can
  contain it (its triplet, each sequence through it, each 风嘴子 run through it, and the pair
  if the pair is still missing), filling each tile of the group either with a natural tile
  of that kind (if one is left) or with a wildcard, in every possible way. When no natural
  tile is left, the remaining wildcards can form any groups on their own, so they must
  number a multiple of three, plus two if the pair is still missing.
* seven pairs: take the lowest natural tile and pair it with another natural of its kind or
  with a wildcard; leftover wildcards pair among themselves.
* thirteen orphans: for each choice of the duplicated orphan kind, check that the naturals
  fit inside the wanted multiset and that the wildcards fill exactly the rest.

Before a search, a quick necessary condition saves time on hands far from complete: the
natural tiles fall into blocks of kinds that could share a group, every group's naturals lie in
one block, so a block of ``t`` tiles needs ``-t % 3`` wildcards (``(2 - t) % 3`` if it holds
the pair); seven pairs needs a wildcard for each odd count. ``cached_is_win`` and
``cached_winning_tiles`` memoise the answers for the reference game (``game.py``).

A hand is described by ``counts`` (34 counts of the *natural* tiles, i.e. not counting the
tiles of wildcard kinds), ``wild`` (the number of wildcards held), and ``melds`` (the number
of declared melds; each takes three tiles off the fourteen).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence

N_KINDS = 34


SUITED_KINDS = tuple(range(27))


ALL_KINDS = tuple(range(34))


WINDS = (27, 28, 29, 30)  # 东 南 西 北


DRAGONS = (31, 32, 33)  # 白 发 中


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def kinds_in_play(no_honors: bool) -> tuple[int, ...]:
    """The 34 kinds, or only the 27 suited ones under ``no_honors`` (不带风)."""
    return SUITED_KINDS if no_honors else ALL_KINDS


def groups_containing(kind: int, wind_runs: bool) -> list[tuple[int, int, int]]:
    """Every three-tile group (meld) that contains ``kind``, as a sorted tuple of kinds:
    the triplet, each sequence 123 of one suit through it, and with ``wind_runs`` each run of
    three different winds through it or 白发中."""
    groups = [(kind, kind, kind)]
    if kind < 27:
        rank = kind % 9  # 0..8
        suit_base = kind - rank
        for start in (rank - 2, rank - 1, rank):
            if 0 <= start and start + 2 <= 8:
                groups.append((suit_base + start, suit_base + start + 1, suit_base + start + 2))
    elif wind_runs:
        if kind in WINDS:
            for trio in itertools.combinations(WINDS, 3):
                if kind in trio:
                    groups.append(trio)
        else:
            groups.append(DRAGONS)
    return groups


def _lowest_natural(counts: tuple[int, ...]) -> int:
    for k in range(N_KINDS):
        if counts[k] > 0:
            return k
    return -1


def _remove_group(
    counts: tuple[int, ...], wild: int, group: Sequence[int], forced: int
) -> set[tuple[tuple[int, ...], int]]:
    """All the ways to take ``group`` (a multiset of kinds) out of the hand, where the tile
    ``forced`` must supply at least one natural tile (the tile we are placing) and every other
    tile of the group is either a natural tile of its kind or a wildcard.
    Returns the set of resulting ``(counts, wild)`` states."""
    need: dict[int, int] = {}
    for k in group:
        need[k] = need.get(k, 0) + 1
    kinds = sorted(need)
    # For each kind of the group: how many of its tiles come from naturals.
    choices = []
    for k in kinds:
        lo = 1 if k == forced else 0
        hi = min(need[k], counts[k])
        if lo > hi:
            return set()
        choices.append(range(lo, hi + 1))
    out = set()
    for naturals in itertools.product(*choices):
        wild_used = sum(need[k] - n for k, n in zip(kinds, naturals))
        if wild_used > wild:
            continue
        new = list(counts)
        for k, n in zip(kinds, naturals):
            new[k] -= n
        out.add((tuple(new), wild - wild_used))
    return out


@functools.lru_cache(maxsize=1 << 18)
def _standard(counts: tuple[int, ...], wild: int, need_pair: bool, wind_runs: bool) -> bool:
    """Can the natural ``counts`` plus ``wild`` wildcards be split into groups of three and
    (if ``need_pair``) exactly one pair?"""
    k = _lowest_natural(counts)
    if k < 0:
        # Only wildcards are left: three wildcards form any triplet, two any pair.
        return wild % 3 == (2 if need_pair else 0)
    options: list[tuple[Sequence[int], bool]] = [
        (group, need_pair) for group in groups_containing(k, wind_runs)
    ]
    if need_pair:
        options.append(((k, k), False))
    for group, pair_still_needed in options:
        for new_counts, new_wild in _remove_group(counts, wild, group, k):
            if _standard(new_counts, new_wild, pair_still_needed, wind_runs):
                return True
    return False


@functools.lru_cache(maxsize=1 << 16)
def _seven_pairs(counts: tuple[int, ...], wild: int) -> bool:
    """Can the hand be split entirely into pairs (equal kinds; a quad is two pairs)?"""
    k = _lowest_natural(counts)
    if k < 0:
        return wild % 2 == 0
    for new_counts, new_wild in _remove_group(counts, wild, (k, k), k):
        if _seven_pairs(new_counts, new_wild):
            return True
    return False


def _thirteen_orphans(counts: Sequence[int], wild: int) -> bool:
    if any(counts[k] for k in range(N_KINDS) if k not in ORPHANS):
        return False
    for duplicated in ORPHANS:
        wanted = [0] * N_KINDS
        for k in ORPHANS:
            wanted[k] = 1
        wanted[duplicated] = 2
        if all(counts[k] <= wanted[k] for k in range(N_KINDS)):
            missing = sum(wanted[k] - counts[k] for k in range(N_KINDS))
            if missing == wild:
                return True
    return False


_PARTNERS = {
    wind_runs: tuple(
        tuple(sorted({j for g in groups_containing(k, wind_runs) for j in g} - {k}))
        for k in range(N_KINDS)
    )
    for wind_runs in (False, True)
}


def _block_sizes(counts: Sequence[int], wind_runs: bool) -> list[int]:
    """The natural tiles split into blocks: kinds that could share a group (``_PARTNERS``)
    are in one block. Every group's natural tiles lie in one block. Returns each block's
    number of tiles."""
    partners = _PARTNERS[wind_runs]
    seen: set[int] = set()
    sizes = []
    for start in range(N_KINDS):
        if counts[start] == 0 or start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            k = stack.pop()
            size += counts[k]
            for j in partners[k]:
                if counts[j] and j not in seen:
                    seen.add(j)
                    stack.append(j)
        sizes.append(size)
    return sizes


def _standard_lower_bound(sizes: Sequence[int]) -> int:
    """Fewest wildcards the standard shape could need, from the block sizes: a block of
    ``t`` tiles fills whole groups with ``-t % 3`` wildcards, or holds the pair with
    ``(2 - t) % 3``; only one block holds the pair, else two wildcards make it alone."""
    need = sum(-t % 3 for t in sizes)
    return need - 1 if any(t % 3 for t in sizes) else need + 2


def _check_hand(counts: Sequence[int], wild: int, melds: int, size: int, no_honors: bool) -> None:
    assert len(counts) == N_KINDS, counts
    assert all(c >= 0 for c in counts), counts
    assert 0 <= melds <= 4, melds
    assert wild >= 0, wild
    assert sum(counts) + wild == size - 3 * melds, (counts, wild, melds)
    if no_honors:
        assert all(counts[k] == 0 for k in range(27, 34)), counts


def ref_is_win(
    counts: Sequence[int],
    wild: int,
    melds: int,
    *,
    wind_runs: bool = False,
    no_honors: bool = False,
) -> bool:
    """Whether the concealed hand (natural ``counts`` + ``wild`` wildcards, 14 - 3*melds
    tiles) with ``melds`` declared melds is complete (RULES §4, §6)."""
    _check_hand(counts, wild, melds, 14, no_honors)
    c = tuple(int(x) for x in counts)
    # Quick necessary conditions first (blocks; an odd count needs a wildcard), then the
    # exhaustive searches.
    if _standard_lower_bound(_block_sizes(c, wind_runs)) <= wild and _standard(
        c, int(wild), True, bool(wind_runs)
    ):
        return True
    if melds == 0:
        if sum(x % 2 for x in c) <= wild and _seven_pairs(c, int(wild)):
            return True
        # Thirteen orphans needs the honors: without them in play no wildcard can stand for one.
        if not no_honors and _thirteen_orphans(c, int(wild)):
            return True
    return False


def ref_may_be_ready(
    counts: Sequence[int],
    wild: int,
    melds: int,
    *,
    wind_runs: bool = False,
    no_honors: bool = False,
) -> bool:
    """A quick necessary condition for some discard to leave a complete-size hand (natural
    ``counts`` + ``wild`` wildcards, 14 - 3*melds tiles) ready: false means none does.

    Ready after discarding ``d`` means winning with ``d`` replaced by a wildcard. One discard
    lowers the blocks' bound on the wildcards the standard shape needs by at most two (the
    discarded tile's block, or the blocks it splits into, need at most two fewer), and the
    numbers of odd counts and of non-orphan tiles by at most one each."""
    _check_hand(counts, wild, melds, 14, no_honors)
    if _standard_lower_bound(_block_sizes(counts, wind_runs)) - 2 <= wild + 1:
        return True
    if melds > 0:
        return False
    if sum(c % 2 for c in counts) - 1 <= wild + 1:
        return True
    return not no_honors and sum(counts[k] for k in range(N_KINDS) if k not in ORPHANS) <= 1


MELD_SIZES = {"pong": 3, "kong": 4, "added_kong": 4, "concealed_kong": 4}


def ref_winning_tiles(
    counts: Sequence[int],
    wild: int,
    melds: int,
    meld_kinds: Iterable[tuple[int, int]] = (),
    wildcard_kinds: Iterable[int] = (),
    *,
    wind_runs: bool = False,
    no_honors: bool = False,
) -> list[int]:
    """The winning tiles (听口, RULES §6) of a waiting hand (13 - 3*melds concealed tiles).

    ``meld_kinds`` lists the declared melds as ``(tile_kind, tiles_in_meld)`` pairs (3 for a
    pong, 4 for a kong), used only to leave out kinds the seat holds four of; it may be left
    empty (then only the concealed counts are looked at, as the batch API does).
    ``wildcard_kinds`` are left out of the answer."""
    _check_hand(counts, wild, melds, 13, no_honors)
    held = [int(c) for c in counts]
    for kind, size in meld_kinds:
        held[kind] += size
    wildcard_kinds = set(wildcard_kinds)
    out = []
    for x in kinds_in_play(no_honors):
        if x in wildcard_kinds or held[x] >= 4:
            continue
        with_x = [int(c) for c in counts]
        with_x[x] += 1
        if ref_is_win(with_x, wild, melds, wind_runs=wind_runs, no_honors=no_honors):
            out.append(x)
    return out


@functools.lru_cache(maxsize=1 << 16)
def cached_is_win(
    counts: tuple[int, ...], wild: int, melds: int, wind_runs: bool, no_honors: bool
) -> bool:
    """:func:`ref_is_win`, memoised on the hashable arguments (the reference game asks the
    same positions again and again)."""
    return ref_is_win(counts, wild, melds, wind_runs=wind_runs, no_honors=no_honors)


@functools.lru_cache(maxsize=1 << 16)
def cached_winning_tiles(
    counts: tuple[int, ...],
    wild: int,
    melds: int,
    excluded: tuple[int, ...],
    wind_runs: bool,
    no_honors: bool,
) -> tuple[int, ...]:
    """The winning tiles of a waiting hand (natural ``counts`` + ``wild`` wildcards,
    13 - 3*melds tiles) among the kinds in play but ``excluded`` (the wildcard kinds and the
    kinds held four times, melds included), memoised."""
    out = []
    for x in kinds_in_play(no_honors):
        if x not in excluded:
            with_x = list(counts)
            with_x[x] += 1
            if cached_is_win(tuple(with_x), wild, melds, wind_runs, no_honors):
                out.append(x)
    return tuple(out)


def clear_caches() -> None:
    _standard.cache_clear()
    _seven_pairs.cache_clear()
    cached_is_win.cache_clear()
    cached_winning_tiles.cache_clear()
