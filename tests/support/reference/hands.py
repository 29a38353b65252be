"""A slow, deliberately simple reference evaluator for the winning shapes of RULES §4 and §6,
and a random hand generator for the property tests.

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
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

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


# --------------------------------------------------------------------------------------------
# Random hands for the property tests.
# --------------------------------------------------------------------------------------------


@dataclass
class Case:
    """One random position, with physical tiles: every kind has four copies in all
    (concealed + melds); the tiles of the wildcard kinds in hand are the wildcards."""

    tiles: list[int]  # concealed tiles, including tiles of wildcard kinds
    melds: list[tuple[str, int]]  # (meld kind name, tile kind)
    wildcard_kinds: tuple[int, ...]
    wind_runs: bool
    no_honors: bool
    counts: list[int] = field(init=False)  # natural counts (wildcard kinds excluded)
    wild: int = field(init=False)

    def __post_init__(self) -> None:
        self.counts = [0] * N_KINDS
        self.wild = 0
        for t in self.tiles:
            if t in self.wildcard_kinds:
                self.wild += 1
            else:
                self.counts[t] += 1

    @property
    def meld_sizes(self) -> list[tuple[int, int]]:
        return [(t, MELD_SIZES[name]) for name, t in self.melds]

    def key(self) -> tuple:
        return (
            tuple(self.counts),
            self.wild,
            tuple(sorted(self.melds)),
            self.wildcard_kinds,
            self.wind_runs,
            self.no_honors,
        )

    def describe(self) -> str:
        return (
            f"tiles={sorted(self.tiles)} melds={self.melds} wildcards={list(self.wildcard_kinds)}"
            f" wind_runs={self.wind_runs} no_honors={self.no_honors}"
            f" (natural counts={self.counts}, wild={self.wild})"
        )


class HandGenerator:
    """Random positions biased towards complete or nearly complete hands.

    A complete hand is built from random groups (sequences, triplets, 风嘴子 runs when
    enabled, a pair; sometimes seven pairs or thirteen orphans), some of its tiles are turned
    into wildcard tiles, then 0–2 tiles are replaced by random ones; a waiting hand then loses
    one more random tile. Physical limits always hold: four copies per kind, melds included.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    # Options ---------------------------------------------------------------------------------

    def options(self) -> tuple[bool, bool]:
        """(wind_runs, no_honors): never both (RULES §8)."""
        r = self.rng.random()
        if r < 0.35:
            return True, False
        if r < 0.6:
            return False, True
        return False, False

    def wildcard_kinds(self, no_honors: bool, n_kinds: int | None = None) -> tuple[int, ...]:
        if n_kinds is None:
            n_kinds = self.rng.choices((0, 1, 2), weights=(3, 3, 4))[0]
        return tuple(sorted(self.rng.sample(kinds_in_play(no_honors), n_kinds)))

    # Hands -----------------------------------------------------------------------------------

    def case(
        self,
        *,
        waiting: bool,
        wind_runs: bool,
        no_honors: bool,
        wildcard_kinds: tuple[int, ...],
        max_wild: int = 8,
        n_melds: int | None = None,
    ) -> Case:
        while True:
            case = self._try_case(waiting, wind_runs, no_honors, wildcard_kinds, max_wild, n_melds)
            if case is not None:
                return case

    def _try_case(
        self,
        waiting: bool,
        wind_runs: bool,
        no_honors: bool,
        wildcard_kinds: tuple[int, ...],
        max_wild: int,
        n_melds: int | None,
    ) -> Case | None:
        rng = self.rng
        play = kinds_in_play(no_honors)
        naturals = [k for k in play if k not in wildcard_kinds]
        left = [0] * N_KINDS  # physical copies still available
        for k in play:
            left[k] = 4

        if n_melds is None:
            n_melds = rng.choices((0, 1, 2, 3, 4), weights=(40, 20, 15, 15, 10))[0]
        melds: list[tuple[str, int]] = []
        for kind in rng.sample(naturals, n_melds):
            name = rng.choice(tuple(MELD_SIZES))
            melds.append((name, kind))
            left[kind] -= MELD_SIZES[name]

        size = 14 - 3 * n_melds
        tiles = self._complete_shape(size, n_melds, wind_runs, no_honors, left)
        if tiles is None:
            return None
        for t in tiles:
            left[t] -= 1

        def n_wild() -> int:
            return sum(1 for t in tiles if t in wildcard_kinds)

        # Turn some tiles into wildcard tiles (a complete hand stays complete).
        if wildcard_kinds and max_wild > 0:
            target = rng.choices(range(9), weights=(8, 8, 7, 6, 5, 4, 3, 2, 2))[0]
            order = list(range(len(tiles)))
            rng.shuffle(order)
            for i in order:
                if n_wild() >= min(target, max_wild):
                    break
                if tiles[i] in wildcard_kinds:
                    continue
                free = [w for w in wildcard_kinds if left[w] > 0]
                if not free:
                    break
                w = rng.choice(free)
                left[tiles[i]] += 1
                left[w] -= 1
                tiles[i] = w

        # Perturb: replace 0–2 tiles by random tiles.
        n_perturb = rng.choices((0, 1, 2), weights=(4, 3, 2))[0]
        for _ in range(n_perturb):
            i = rng.randrange(len(tiles))
            candidates = [k for k in play if left[k] > 0 and k != tiles[i]]
            new = rng.choice(candidates)
            left[tiles[i]] += 1
            left[new] -= 1
            tiles[i] = new

        if waiting:
            tiles.pop(rng.randrange(len(tiles)))

        if n_wild() > max_wild:
            return None
        rng.shuffle(tiles)
        assert all(v >= 0 for v in left)
        return Case(tiles, melds, wildcard_kinds, wind_runs, no_honors)

    def _complete_shape(
        self, size: int, n_melds: int, wind_runs: bool, no_honors: bool, left: list[int]
    ) -> list[int] | None:
        """A list of ``size`` tile kinds forming a winning shape, within ``left``."""
        rng = self.rng
        play = kinds_in_play(no_honors)
        r = rng.random()
        if r < 0.03 and not no_honors:
            return self._fully_random(size, play, left)
        if n_melds == 0 and r < 0.15:
            # Seven pairs, sometimes with quads.
            tiles: list[int] = []
            avail = list(left)
            while len(tiles) < 14:
                k = rng.choice(play)
                n = 4 if rng.random() < 0.15 and len(tiles) <= 10 else 2
                if avail[k] >= n:
                    avail[k] -= n
                    tiles += [k] * n
            return tiles
        if n_melds == 0 and r < 0.2 and not no_honors:
            tiles = list(ORPHANS) + [rng.choice(ORPHANS)]
            if all(tiles.count(k) <= left[k] for k in set(tiles)):
                return tiles
            return None
        if r < 0.25:
            return self._fully_random(size, play, left)
        avail = list(left)
        tiles = []
        pair_kind = rng.choice(play)
        if avail[pair_kind] < 2:
            return None
        avail[pair_kind] -= 2
        tiles += [pair_kind, pair_kind]
        for _ in range((size - 2) // 3):
            for _attempt in range(20):
                group = self._random_group(play, wind_runs)
                if all(group.count(k) <= avail[k] for k in set(group)):
                    for k in group:
                        avail[k] -= 1
                    tiles += group
                    break
            else:
                return None
        return tiles

    def _fully_random(self, size: int, play: Sequence[int], left: list[int]) -> list[int]:
        pool = [k for k in play for _ in range(left[k])]
        return self.rng.sample(pool, size)

    def _random_group(self, play: Sequence[int], wind_runs: bool) -> list[int]:
        rng = self.rng
        r = rng.random()
        if wind_runs and r < 0.3:
            if rng.random() < 0.7:
                return sorted(rng.sample(WINDS, 3))
            return list(DRAGONS)
        if r < 0.6:
            suit = rng.randrange(3)
            start = rng.randrange(7)
            return [9 * suit + start + i for i in range(3)]
        k = rng.choice(play)
        return [k, k, k]
