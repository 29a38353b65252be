"""The seeded deal of a hand (RULES §2, §6; docs/rules.md §2) and the argument checks of the
reference game, in pure Python.

The generator is xoshiro256** (Blackman & Vigna) with its state seeded by SplitMix64 from a
64-bit seed. The wall is the tiles in play in kind order (``0,0,0,0,1,…``) shuffled by
Fisher–Yates from the top index down, each index drawn with Lemire's unbiased bounded-integer
method; then the wildcard kinds are drawn one by one from the pool of allowed kinds (the
seven honors for ``honor``, else the kinds in play), each taken out of the pool once drawn.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence

from koudiandian.errors import InvalidArgumentError, InvalidWallError
from koudiandian.rules import Rules

from tests.support.reference.queyimen import flags_of

__all__ = ["Xoshiro256", "check_seat", "deal", "seeded_deal", "wildcard_kinds_of"]

_MASK = (1 << 64) - 1

#: Wildcard kinds a hand has in each mode (RULES §6).
_WILDCARD_KINDS = {"none": 0, "random": 1, "honor": 1, "double": 2}


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


class Xoshiro256:
    """xoshiro256** with its state seeded by SplitMix64."""

    def __init__(self, seed: int) -> None:
        x = seed
        state = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & _MASK
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            state.append(z ^ (z >> 31))
        self.s = state

    def next_u64(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """Uniform in ``0..n-1`` by Lemire's method (a 128-bit product, rejecting the low
        products below ``2**64 mod n``). Precondition: ``n > 0``."""
        m = self.next_u64() * n
        if m & _MASK < n:
            threshold = (1 << 64) % n
            while m & _MASK < threshold:
                m = self.next_u64() * n
        return m >> 64

    def shuffle(self, items: list[int]) -> None:
        """Fisher–Yates, from the top index down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def wildcard_kinds_of(rules: Rules) -> int:
    """How many wildcard kinds a hand has under ``rules``."""
    return _WILDCARD_KINDS[flags_of(rules).wildcards]


def seeded_deal(seed: int, rules: Rules) -> tuple[list[int], list[int]]:
    """The shuffled wall and the wildcard kinds (in the order drawn) of seed ``seed``."""
    rng = Xoshiro256(seed)
    kinds = 27 if flags_of(rules).no_honors else 34
    wall = [k for k in range(kinds) for _ in range(4)]
    rng.shuffle(wall)
    honor_mode = flags_of(rules).wildcards == "honor"
    pool = list(range(27, 34)) if honor_mode else list(range(kinds))
    chosen = []
    for _ in range(min(wildcard_kinds_of(rules), len(pool))):
        chosen.append(pool.pop(rng.below(len(pool))))
    return wall, chosen


def check_seat(seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise InvalidArgumentError(f"seat must be 0–3, got {seat!r}")


def deal(
    rules: Rules | None,
    seed: int | None,
    dealer: int,
    wall: Iterable[int] | None,
    wildcards: Iterable[int] | None,
    scores: Sequence[int],
) -> tuple[Rules, list[int], list[int]]:
    """Check a hand's arguments; the rules, the wall and the wildcard kinds, from the seeded
    generator or checked from the given wall (a list of tile indices, RULES §2 order)."""
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules, got {type(rules).__name__}")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
        raise InvalidArgumentError(f"dealer must be a seat 0–3, got {dealer!r}")
    if len(scores) != 4 or not all(isinstance(s, int) for s in scores):
        raise InvalidArgumentError(f"scores must be four ints, got {scores!r}")
    if wall is None:
        if wildcards is not None:
            raise InvalidArgumentError("wildcards are given only together with a wall")
        if seed is None:
            seed = secrets.randbits(64)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
        wall_list, wild = seeded_deal(seed, rules)
        return rules, wall_list, wild
    if seed is not None:
        raise InvalidArgumentError("give a seed or a wall, not both")
    return rules, *_check_wall(rules, wall, wildcards)


def _check_wall(
    rules: Rules, wall: Iterable[int], wildcards: Iterable[int] | None
) -> tuple[list[int], list[int]]:
    if isinstance(wall, str):
        raise InvalidWallError("the reference takes a wall as tile indices, not text")
    tiles = list(wall)
    kinds = 27 if flags_of(rules).no_honors else 34
    counts = [0] * 34
    for pos, t in enumerate(tiles):
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < kinds:
            raise InvalidWallError(f"tile {t!r} at wall position {pos} is not in play")
        counts[t] += 1
    if len(tiles) != 4 * kinds or any(counts[k] != 4 for k in range(kinds)):
        raise InvalidWallError(
            f"a wall holds each of the {kinds} kinds in play four times ({4 * kinds} tiles)"
        )
    mode = flags_of(rules).wildcards
    wild = [] if wildcards is None else list(wildcards)
    if len(wild) != wildcard_kinds_of(rules) or len(set(wild)) != len(wild):
        raise InvalidWallError(
            f"wildcards={mode!r} needs {wildcard_kinds_of(rules)} distinct wildcard kind(s), "
            f"got {wild}"
        )
    for k in wild:
        if isinstance(k, bool) or not isinstance(k, int):
            raise InvalidWallError(f"wildcards must be tile indices 0–33, got {wild!r}")
        if not 0 <= k < kinds or (mode == "honor" and k < 27):
            raise InvalidWallError(f"wildcard kind {k} is not allowed under wildcards={mode!r}")
    return tiles, wild
