"""The seeded deal of a hand (RULES §2, §6; docs/rules.md §2; RULES-hebei and
RULES-changsha for flowers and dice) and the argument checks of the reference game, in pure
Python.

The generator is xoshiro256** (Blackman & Vigna) with its state seeded by SplitMix64 from a
64-bit seed. The wall is the tiles in play in kind order (``0,0,0,0,1,…``, then the flowers
34–41 once each where the profile has them) shuffled by Fisher–Yates from the top index
down, each index drawn with Lemire's unbiased bounded-integer method; then the wildcard
kinds are drawn one by one from the pool of allowed kinds (the seven honors for ``honor``,
else the kinds in play), each taken out of the pool once drawn; then the dice, each die
``1 + below(6)``, the first of a pair first; then, where the exchange's direction is drawn
per hand (``Switches.exchange_drawn``, with an exchange), ``below(3)`` picks it from
``EXCHANGE_DIRECTIONS``.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence

from koudiandian.errors import InvalidArgumentError, InvalidWallError

from tests.support.reference.switches import Switches

__all__ = [
    "EXCHANGE_DIRECTIONS",
    "FLOWERS",
    "Xoshiro256",
    "check_seat",
    "deal",
    "full_set",
    "seeded_deal",
]

_MASK = (1 << 64) - 1

#: The flowers 梅 兰 竹 菊 春 夏 秋 冬, one of each (RULES-hebei).
FLOWERS = tuple(range(34, 42))

#: The directions of a drawn exchange, in the order the generator picks them, and the
#: places on that each seat passes its tiles (RULES-sichuan "换三张": ``next`` to seat+1,
#: ``previous`` to seat−1, ``opposite`` to seat+2).
EXCHANGE_DIRECTIONS = {"next": 1, "previous": 3, "opposite": 2}

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


def full_set(sw: Switches) -> list[int]:
    """Every tile of a wall in kind order: four of each kind in play, then the flowers."""
    return [k for k in range(sw.kinds) for _ in range(4)] + (list(FLOWERS) if sw.flowers else [])


#: What a hand is dealt with: the wall, the wildcard kinds, the dice, the exchange's
#: direction (a key of ``EXCHANGE_DIRECTIONS``, or ``None`` where it is not drawn).
Dealt = tuple[list[int], list[int], list[tuple[int, int]], str | None]


def seeded_deal(seed: int, sw: Switches) -> Dealt:
    """The shuffled wall, the wildcard kinds (in the order drawn), the dice and the drawn
    exchange direction of seed ``seed``."""
    rng = Xoshiro256(seed)
    wall = full_set(sw)
    rng.shuffle(wall)
    pool = list(range(27, 34)) if sw.wildcards == "honor" else list(range(sw.kinds))
    chosen = []
    for _ in range(min(_WILDCARD_KINDS[sw.wildcards], len(pool))):
        chosen.append(pool.pop(rng.below(len(pool))))
    dice = [(1 + rng.below(6), 1 + rng.below(6)) for _ in range(sw.dice)]
    direction = None
    if sw.exchange_drawn and sw.exchange:
        direction = list(EXCHANGE_DIRECTIONS)[rng.below(3)]
    return wall, chosen, dice, direction


def check_seat(seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise InvalidArgumentError(f"seat must be 0–3, got {seat!r}")


def deal(
    sw: Switches,
    seed: int | None,
    dealer: int,
    wall: Iterable[int] | None,
    wildcards: Iterable[int] | None,
    dice: Iterable[tuple[int, int]] | None,
    scores: Sequence[int],
    exchange_direction: str | None = None,
) -> Dealt:
    """Check a hand's arguments; the wall, the wildcard kinds, the dice and the exchange
    direction, from the seeded generator or checked from the given wall (a list of tile
    indices, RULES §2 order) and direction (``"next"`` if not given where it is drawn,
    refused elsewhere)."""
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
        raise InvalidArgumentError(f"dealer must be a seat 0–3, got {dealer!r}")
    if len(scores) != 4 or not all(isinstance(s, int) for s in scores):
        raise InvalidArgumentError(f"scores must be four ints, got {scores!r}")
    if wall is None:
        if wildcards is not None or dice is not None or exchange_direction is not None:
            raise InvalidArgumentError(
                "wildcards, dice and an exchange direction are given only together with a wall"
            )
        if seed is None:
            seed = secrets.randbits(64)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
        return seeded_deal(seed, sw)
    if seed is not None:
        raise InvalidArgumentError("give a seed or a wall, not both")
    direction = _check_direction(sw, exchange_direction)
    return _check_wall(sw, wall), _check_wildcards(sw, wildcards), _check_dice(dice), direction


def _check_direction(sw: Switches, direction: str | None) -> str | None:
    drawn = sw.exchange_drawn and bool(sw.exchange)
    if direction is None and drawn:
        return "next"  # as the engine's explicit hands
    if direction is not None and not drawn:
        raise InvalidArgumentError("these rules exchange no tiles in a drawn direction")
    if direction is not None and direction not in EXCHANGE_DIRECTIONS:
        raise InvalidArgumentError(
            f"exchange_direction must be one of {list(EXCHANGE_DIRECTIONS)}, got {direction!r}"
        )
    return direction


def _check_wall(sw: Switches, wall: Iterable[int]) -> list[int]:
    if isinstance(wall, str):
        raise InvalidWallError("the reference takes a wall as tile indices, not text")
    tiles = list(wall)
    wanted = full_set(sw)
    for pos, t in enumerate(tiles):
        if isinstance(t, bool) or not isinstance(t, int) or t not in wanted:
            raise InvalidWallError(f"tile {t!r} at wall position {pos} is not in play")
    if sorted(tiles) != wanted:
        raise InvalidWallError(
            f"a wall holds each of the {sw.kinds} kinds in play four times"
            + (" and the flowers 34–41 once each" if sw.flowers else "")
            + f" ({len(wanted)} tiles)"
        )
    return tiles


def _check_wildcards(sw: Switches, wildcards: Iterable[int] | None) -> list[int]:
    mode, n = sw.wildcards, _WILDCARD_KINDS[sw.wildcards]
    wild = [] if wildcards is None else list(wildcards)
    if len(wild) != n or len(set(wild)) != len(wild):
        raise InvalidWallError(
            f"wildcards={mode!r} needs {n} distinct wildcard kind(s), got {wild}"
        )
    for k in wild:
        if isinstance(k, bool) or not isinstance(k, int):
            raise InvalidWallError(f"wildcards must be tile indices 0–33, got {wild!r}")
        if not 0 <= k < sw.kinds or (mode == "honor" and k < 27):
            raise InvalidWallError(f"wildcard kind {k} is not allowed under wildcards={mode!r}")
    return wild


def _check_dice(dice: Iterable[tuple[int, int]] | None) -> list[tuple[int, int]]:
    pairs = [(a, b) for a, b in (dice or ())]
    if not all(isinstance(d, int) and 1 <= d <= 6 for pair in pairs for d in pair):
        raise InvalidArgumentError(f"dice are pairs of 1–6, got {pairs}")
    return pairs
