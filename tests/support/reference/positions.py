"""Random positions for the property tests: ``HandGenerator`` draws hands biased towards
complete or nearly complete ones, each a ``Case`` of physical tiles (every kind has four copies
in all), described as :mod:`tests.support.reference.hands` reads a hand: ``counts`` of the
natural tiles, ``wild`` wildcards, ``melds`` declared melds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from tests.support.reference.hands import (
    DRAGONS,
    MELD_SIZES,
    N_KINDS,
    ORPHANS,
    WINDS,
    kinds_in_play,
)


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
