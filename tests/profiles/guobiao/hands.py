"""Random won hands of every guobiao shape, for the oracle tests: the standard shape (with
declared chows, pongs, 直杠, 补杠 and concealed kongs), 七对 (连七对), 十三幺, 全不靠, 七星不靠,
组合龙 and 九莲宝灯, with random flowers, winds and situation flags. Tiles are the package's
kinds (0–8 万, 9–17 筒, 18–26 条, 27–30 东南西北, 31 白, 32 发, 33 中)."""

from __future__ import annotations

import random
from dataclasses import dataclass

PONG, KONG, ADDED_KONG, CONCEALED_KONG, CHOW = 0, 1, 2, 3, 4

#: Ranks 1, 4, 7 / 2, 5, 8 / 3, 6, 9 of a suit, as offsets.
KNITS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
HONORS = tuple(range(27, 34))
ORPHANS = (0, 8, 9, 17, 18, 26, *HONORS)
GREEN = (19, 20, 21, 23, 25, 32)


@dataclass(frozen=True)
class WonHand:
    """One won hand: concealed tiles without the winning tile, melds as (kind, tile) with
    their offers, the winning tile, flowers, winds and flags."""

    tiles: tuple[int, ...]
    melds: tuple[tuple[int, int], ...]
    offers: tuple[int, ...]
    win_tile: int
    flowers: int
    self_drawn: bool
    last_copy: bool
    kong: bool
    wall_last: bool
    seat_wind: int
    prevalent_wind: int

    def kwargs(self) -> dict[str, object]:
        """The keyword arguments of `guobiao_fans` beside the tiles."""
        return {
            "flowers": self.flowers,
            "self_drawn": self.self_drawn,
            "last_copy": self.last_copy,
            "kong": self.kong,
            "wall_last": self.wall_last,
            "seat_wind": self.seat_wind,
            "prevalent_wind": self.prevalent_wind,
        }


def _pool(rng: random.Random) -> list[int]:
    """The kinds a hand's groups are drawn from: all, or a narrow set that makes the rarer
    fans (one suit, one suit and honors, honors, terminals, green, small or large ranks)."""
    choice = rng.randrange(12)
    suit = 9 * rng.randrange(3)
    if choice == 0:
        return list(range(suit, suit + 9))
    if choice == 1:
        return list(range(suit, suit + 9)) + list(HONORS)
    if choice == 2:
        return list(HONORS) + [0, 8, 9, 17, 18, 26]
    if choice == 3:
        return list(GREEN)
    if choice == 4:
        return [
            s + r
            for s in (0, 9, 18)
            for r in rng.choice(((0, 1, 2, 3), (5, 6, 7, 8), (3, 4, 5), (1, 3, 5, 7)))
        ]
    if choice == 5:
        return [s + r for s in (0, 9, 18) for r in range(9)]
    return list(range(34))


def _groups(
    rng: random.Random, counts: list[int], n: int, pool: list[int]
) -> list[tuple[str, int]] | None:
    """`n` groups (('chow', lowest) or ('pung', tile)) from `pool`, within four of a kind."""
    out: list[tuple[str, int]] = []
    for _ in range(n):
        for _attempt in range(30):
            t = rng.choice(pool)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.55:
                if all(counts[t + i] < 4 for i in range(3)):
                    for i in range(3):
                        counts[t + i] += 1
                    out.append(("chow", t))
                    break
            elif counts[t] <= 1:
                counts[t] += 3
                out.append(("pung", t))
                break
        else:
            return None
    return out


def _pair(rng: random.Random, counts: list[int], pool: list[int]) -> int | None:
    options = [t for t in pool if counts[t] <= 2]
    if not options:
        return None
    t = rng.choice(options)
    counts[t] += 2
    return t


def _situation(
    rng: random.Random,
    tiles: list[int],
    melds: list[tuple[int, int]],
    offers: list[int],
    win_from: list[int],
) -> WonHand:
    win = rng.choice(win_from)
    tiles = list(tiles)
    tiles.remove(win)
    return WonHand(
        tiles=tuple(sorted(tiles)),
        melds=tuple(melds),
        offers=tuple(offers),
        win_tile=win,
        flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
        self_drawn=rng.random() < 0.5,
        last_copy=rng.random() < 0.2,
        kong=rng.random() < 0.15,
        wall_last=rng.random() < 0.15,
        seat_wind=rng.randrange(4),
        prevalent_wind=rng.randrange(4),
    )


def _template(rng: random.Random) -> tuple[list[tuple[str, int]], int]:
    """The groups and pair of a hand made for one of the rarer fans (双龙会, 四喜, 四同顺,
    四步高, 四节高, 清幺九, 全带五, 清龙, 花龙)."""
    a, b, c = rng.sample((0, 9, 18), 3)
    r = rng.randrange(4)
    pick = rng.randrange(9)
    if pick == 0:
        return [("chow", a), ("chow", a), ("chow", a + 6), ("chow", a + 6)], a + 4
    if pick == 1:
        return [("chow", a), ("chow", a + 6), ("chow", b), ("chow", b + 6)], c + 4
    if pick == 2:
        return [("pung", w) for w in (27, 28, 29, 30)], rng.randrange(34)
    if pick == 3:
        return [("chow", a + r)] * 4, rng.randrange(34)
    if pick == 4:
        step = rng.choice((1, 2)) if r == 0 else 1
        return [("chow", a + r + step * i) for i in range(4)], rng.randrange(34)
    if pick == 5:
        return [("pung", a + r + i) for i in range(4)], rng.randrange(34)
    if pick == 6:
        ends = rng.sample((0, 8, 9, 17, 18, 26), 5)
        return [("pung", t) for t in ends[:4]], ends[4]
    if pick == 7:
        return [("chow", s + rng.randrange(2, 5)) for s in (a, b, c, a)], rng.choice((a, b, c)) + 4
    straight = (
        [("chow", a), ("chow", a + 3), ("chow", a + 6)]
        if r < 2
        else [("chow", a), ("chow", b + 3), ("chow", c + 6)]
    )
    return straight + [rng.choice((("chow", b + r), ("pung", rng.randrange(34))))], rng.randrange(
        34
    )


def standard(rng: random.Random, template: bool = False) -> WonHand | None:
    """Four groups and a pair, some of the groups declared."""
    pool = _pool(rng)
    counts = [0] * 34
    if template:
        groups, pair = _template(rng)
        for what, t in groups:
            for k in (t, t + 1, t + 2) if what == "chow" else (t, t, t):
                counts[k] += 1
        counts[pair] += 2
        if max(counts) > 4:
            return None
    else:
        found = _groups(rng, counts, 4, pool)
        if found is None:
            return None
        groups = found
        pair_found = _pair(rng, counts, pool)
        if pair_found is None:
            return None
        pair = pair_found
    declared = rng.choice((0, 0, 1, 1, 2, 3, 4))
    tiles: list[int] = [pair, pair]
    melds: list[tuple[int, int]] = []
    offers: list[int] = []
    for i, (what, t) in enumerate(groups):
        if i < declared:
            if what == "chow":
                melds.append((CHOW, t))
                offers.append(rng.randrange(1, 4))
            else:
                kind = rng.choice((PONG, PONG, KONG, ADDED_KONG, CONCEALED_KONG))
                if kind != PONG and counts[t] != 3:
                    kind = PONG
                melds.append((kind, t))
                offers.append(0 if kind == CONCEALED_KONG else rng.randrange(1, 4))
                if kind != PONG:
                    counts[t] += 1
        else:
            tiles += [t, t + 1, t + 2] if what == "chow" else [t, t, t]
    return _situation(rng, tiles, melds, offers, tiles)


def seven_pairs(rng: random.Random) -> WonHand:
    """Seven pairs (a kind twice is four of a kind), or seven consecutive pairs."""
    if rng.random() < 0.15:
        s, low = 9 * rng.randrange(3), rng.randrange(3)
        kinds = [s + low + i for i in range(7)]
    else:
        pool = _pool(rng)
        kinds = []
        while len(kinds) < 7:
            t = rng.choice(pool if rng.random() < 0.9 else list(range(34)))
            if kinds.count(t) < 2:
                kinds.append(t)
    tiles = [t for t in kinds for _ in range(2)]
    return _situation(rng, tiles, [], [], tiles)


def _knitted(rng: random.Random) -> list[int]:
    suits = rng.sample((0, 9, 18), 3)
    return [s + r for s, knit in zip(suits, KNITS) for r in knit]


def knitted_honors(rng: random.Random) -> WonHand:
    """全不靠 (14 of the knitted nine and the seven honors) or 七星不靠 (all seven honors)."""
    tiles = _knitted(rng) + list(HONORS)
    if rng.random() < 0.3:
        tiles = rng.sample(tiles[:9], 7) + list(HONORS)
    else:
        tiles = rng.sample(tiles, 14)
    return _situation(rng, tiles, [], [], tiles)


def knitted_straight(rng: random.Random) -> WonHand | None:
    """组合龙: the knitted nine, one group (declared or not) and a pair."""
    counts = [0] * 34
    nine = _knitted(rng)
    for t in nine:
        counts[t] += 1
    pool = _pool(rng)
    group = _groups(rng, counts, 1, pool)
    pair = _pair(rng, counts, pool)
    if group is None or pair is None:
        return None
    ((what, t),) = group
    tiles = nine + [pair, pair]
    melds: list[tuple[int, int]] = []
    offers: list[int] = []
    if rng.random() < 0.4:
        if what == "chow":
            melds.append((CHOW, t))
            offers.append(rng.randrange(1, 4))
        else:
            kind = rng.choice((PONG, KONG, ADDED_KONG, CONCEALED_KONG))
            if kind != PONG and counts[t] != 3:
                kind = PONG
            melds.append((kind, t))
            offers.append(0 if kind == CONCEALED_KONG else rng.randrange(1, 4))
    else:
        tiles += [t, t + 1, t + 2] if what == "chow" else [t, t, t]
    return _situation(rng, tiles, melds, offers, tiles)


def thirteen_orphans(rng: random.Random) -> WonHand:
    tiles = list(ORPHANS) + [rng.choice(ORPHANS)]
    return _situation(rng, tiles, [], [], tiles)


def nine_gates(rng: random.Random) -> WonHand:
    s = 9 * rng.randrange(3)
    tiles = [s, s, s] + [s + r for r in range(1, 8)] + [s + 8] * 3 + [s + rng.randrange(9)]
    return _situation(rng, tiles, [], [], tiles)


#: Each shape with its share of the hands.
def templated(rng: random.Random) -> WonHand | None:
    """A standard hand made for a rarer fan."""
    return standard(rng, template=True)


SHAPES = (
    (standard, 52),
    (templated, 8),
    (seven_pairs, 12),
    (knitted_honors, 8),
    (knitted_straight, 12),
    (thirteen_orphans, 3),
    (nine_gates, 5),
)


def won_hands(seed: int, n: int) -> list[WonHand]:
    """`n` random won hands from `seed`, of every shape."""
    rng = random.Random(seed)
    makers = [m for m, w in SHAPES for _ in range(w)]
    out: list[WonHand] = []
    while len(out) < n:
        hand = rng.choice(makers)(rng)
        if hand is not None:
            out.append(hand)
    return out
