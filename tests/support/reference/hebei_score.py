"""A slow, deliberately simple reference for the score of a win under the ``hebei`` profile
(RULES-hebei "Scoring", docs/rules.md "hebei: scoring decisions"), and a random generator
of winning hands for the property test.

Nothing here uses the package's evaluators. A hand is its concealed tiles (kinds 0–33, the
winning tile included), its melds as ``(kind, tile)`` with kind one of ``"pong"``,
``"chow"`` (tile: the lowest of the run), ``"kong"``, ``"added_kong"``,
``"concealed_kong"``, and the 混 kind (or ``None``); every concealed tile of the 混 kind is
a 混, which may stand for any of the 34 kinds.

Readings are enumerated by brute force:

* standard: take the lowest natural tile left and try every group that can hold it (its
  triplet, each run through it, its pair while the pair is missing), each other tile of the
  group a natural tile if one is left or a 混, in every way. When no natural tile is left,
  the 混 left form any groups of 混 only: a pair of any kind, triplets and runs of any kind.
* seven pairs (no melds): an odd count of a kind takes a 混; the 混 left pair up as any
  kinds. A kind read four times is a quad (豪华).
* thirteen orphans (no melds): the naturals are orphans, at most one of them twice; the
  混 fill the rest.

Every reading and, on a standard reading, every tile that may be the winning one (a
natural tile of its kind; when the winning tile is a 混, any 混 of the reading, taken as
what it stands for) gives one list of items. The score is the highest product; several
lists may reach it, and ``best_scores`` returns them all.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from koudiandian.meld import MeldKind
from koudiandian.result import ScoreItem

from tests.support.reference.common import meld_tiles
from tests.support.reference.hands import ORPHANS

__all__ = ["HebeiHand", "best_scores", "random_winning_hand", "readings"]

FIVE_CHARACTERS = 4  # 5万
# Every group that 混 alone can make: 34 triplets and 21 runs.
WILD_MELDS = [("triplet", (k, k, k)) for k in range(34)] + [
    ("run", (s * 9 + r, s * 9 + r + 1, s * 9 + r + 2)) for s in range(3) for r in range(7)
]

# A tile of a reading: (kind as read, is a 混).
Tile = tuple[int, bool]


@dataclass(frozen=True)
class Group:
    kind: str  # "run", "triplet", "kong", "pair", "orphans"
    tiles: tuple[Tile, ...]
    declared: bool = False


@dataclass(frozen=True)
class Reading:
    shape: str  # "standard", "seven_pairs", "thirteen_orphans"
    groups: tuple[Group, ...]


@dataclass(frozen=True)
class HebeiHand:
    """A complete hand and how it was won."""

    tiles: tuple[int, ...]  # concealed, the winning tile included
    melds: tuple[tuple[str, int], ...]
    hun: int | None
    win_tile: int
    self_draw: bool = False
    replacement: bool = False
    last_tile: bool = False
    flowers: int = 0
    dealer: bool = False
    hun_on: bool = True


def _declared(melds: Sequence[tuple[str, int]]) -> list[Group]:
    out = []
    for kind, t in melds:
        if kind == "pong":
            out.append(Group("triplet", ((t, False),) * 3, True))
        elif kind == "chow":
            out.append(Group("run", ((t, False), (t + 1, False), (t + 2, False)), True))
        else:
            out.append(Group("kong", ((t, False),) * 4, True))
    return out


def _groups_through(k: int, need_pair: bool) -> list[tuple[str, tuple[int, ...]]]:
    """The groups that hold kind ``k``: triplet, runs, and the pair if still wanted."""
    out: list[tuple[str, tuple[int, ...]]] = [("triplet", (k, k, k))]
    if k < 27:
        rank = k % 9
        for start in (rank - 2, rank - 1, rank):
            if 0 <= start <= 6:
                base = k - rank + start
                out.append(("run", (base, base + 1, base + 2)))
    if need_pair:
        out.append(("pair", (k, k)))
    return out


def _fillings(
    shape: tuple[int, ...], low: int, counts: Counter[int], hun: int
) -> Iterator[tuple[tuple[Tile, ...], Counter[int], int]]:
    """Each way to fill ``shape`` with ``low`` natural at its first place of kind ``low``,
    every other place a natural left in ``counts`` or a 混: ``(tiles, counts, hun left)``."""
    first = shape.index(low)
    rest = [k for i, k in enumerate(shape) if i != first]
    for mask in range(1 << len(rest)):
        left = Counter(counts)
        left[low] -= 1
        tiles: list[Tile] = [(low, False)]
        used = 0
        ok = True
        for i, k in enumerate(rest):
            if mask >> i & 1:
                if left[k] <= 0:
                    ok = False
                    break
                left[k] -= 1
                tiles.append((k, False))
            else:
                used += 1
                tiles.append((k, True))
        if ok and used <= hun:
            yield tuple(sorted(tiles)), +left, hun - used


def _wild_only(hun: int, need_pair: bool) -> Iterator[list[Group]]:
    """Every set of groups that ``hun`` 混 alone make (melds nondecreasing, then the pair)."""

    def melds(n: int, start: int) -> Iterator[list[Group]]:
        if n == 0:
            yield []
            return
        for i in range(start, len(WILD_MELDS)):
            kind, kinds = WILD_MELDS[i]
            g = Group(kind, tuple((k, True) for k in kinds))
            for more in melds(n - 1, i):
                yield [g, *more]

    if need_pair:
        if hun < 2 or (hun - 2) % 3:
            return
        for k in range(34):
            for ms in melds((hun - 2) // 3, 0):
                yield [*ms, Group("pair", ((k, True), (k, True)))]
    elif hun % 3 == 0:
        yield from melds(hun // 3, 0)


def _standard(counts: Counter[int], hun: int, need_pair: bool) -> Iterator[list[Group]]:
    naturals = sorted(k for k, c in counts.items() if c > 0)
    if not naturals:
        yield from _wild_only(hun, need_pair)
        return
    low = naturals[0]
    for kind, shape in _groups_through(low, need_pair):
        for tiles, left, hun_left in _fillings(shape, low, counts, hun):
            for rest in _standard(left, hun_left, need_pair and kind != "pair"):
                yield [Group(kind, tiles), *rest]


def _seven_pairs(counts: Counter[int], hun: int) -> Iterator[list[Group]]:
    pairs: list[Group] = []
    for k, c in sorted(counts.items()):
        pairs += [Group("pair", ((k, False), (k, False)))] * (c // 2)
        if c % 2:
            pairs.append(Group("pair", ((k, False), (k, True))))
            hun -= 1
    if hun < 0 or hun % 2:
        return

    def spare(n: int, start: int) -> Iterator[list[Group]]:
        if n == 0:
            yield []
            return
        for k in range(start, 34):
            for more in spare(n - 1, k):
                yield [Group("pair", ((k, True), (k, True))), *more]

    for extra in spare(hun // 2, 0):
        yield pairs + extra


def _thirteen_orphans(counts: Counter[int], hun: int) -> Iterator[list[Group]]:
    """One of each orphan kind and one more: naturals where held, 混 for the rest."""
    if any(c and (k not in ORPHANS or c > 2) for k, c in counts.items()):
        return
    doubled = [k for k, c in counts.items() if c == 2]
    missing = [k for k in ORPHANS if not counts[k]]
    if len(doubled) > 1 or hun != len(missing) + (0 if doubled else 1):
        return
    tiles = [(k, False) for k in ORPHANS for _ in range(counts[k])]
    tiles += [(k, True) for k in missing]
    for extra in [None] if doubled else ORPHANS:
        more = [] if extra is None else [(extra, True)]
        yield [Group("orphans", tuple(sorted(tiles + more)))]


def readings(hand: HebeiHand) -> list[Reading]:
    """Every reading of the hand (repeats possible; they score the same)."""
    hun = sum(1 for t in hand.tiles if t == hand.hun)
    counts = Counter(t for t in hand.tiles if t != hand.hun)
    fixed = _declared(hand.melds)
    out = [
        Reading("standard", tuple(fixed + groups))
        for groups in _standard(counts, hun, need_pair=True)
    ]
    if not hand.melds:
        out += [Reading("seven_pairs", tuple(g)) for g in _seven_pairs(counts, hun)]
        out += [Reading("thirteen_orphans", tuple(g)) for g in _thirteen_orphans(counts, hun)]
    return out


def _wait(group: Group, pos: int, self_draw: bool) -> str | None:
    """边, 卡, 捉五魁, 吊 (or 吊 + 混吊) of the winning tile at ``pos`` of a concealed group."""
    kind = group.tiles[pos][0]
    if group.kind == "pair":
        other_hun = any(t[1] for i, t in enumerate(group.tiles) if i != pos)
        return "hun_single" if self_draw and other_hun else "single"
    if group.kind == "run":
        low = min(k for k, _ in group.tiles)
        if kind == low + 1:
            return "five_in_the_middle" if kind == FIVE_CHARACTERS else "closed"
        if (kind == low + 2 and low % 9 == 0) or (kind == low and low % 9 == 6):
            return "edge"
    return None


def _items(hand: HebeiHand, reading: Reading, wait: str | None) -> tuple[ScoreItem, ...]:
    kinds = [k for g in reading.groups for k, _ in g.tiles]
    suits = {k // 9 for k in kinds if k < 27}
    honors = any(k >= 27 for k in kinds)
    runs = {min(k for k, _ in g.tiles) for g in reading.groups if g.kind == "run"}
    straight = reading.shape == "standard" and any(
        {s * 9, s * 9 + 3, s * 9 + 6} <= runs for s in range(3)
    )
    quads = sum(c // 4 for c in Counter(kinds).values())
    hun_held = sum(1 for t in hand.tiles if t == hand.hun)
    drawn = hand.self_draw
    # 四归一: four natural tiles of a kind outside kongs (concealed, pong or chow).
    natural = Counter(t for t in hand.tiles if t != hand.hun)
    for kind, t in hand.melds:
        if kind == "pong":
            natural[t] += 3
        elif kind == "chow":
            natural.update([t, t + 1, t + 2])
    fours = [k for k in range(34) if natural[k] == 4 and k != hand.hun]
    seven = [
        ("seven_pairs", "七对", 2),
        ("luxury_seven_pairs", "豪华七对", 4),
        ("super_luxury_seven_pairs", "超级豪华七对", 8),
        ("supreme_luxury_seven_pairs", "至尊豪华七对", 16),
    ][min(quads, 3)]
    table = [
        (reading.shape == "seven_pairs", seven),
        (len(suits) == 1 and not honors, ("all_one_suit", "清一色", 2)),
        (not suits, ("all_honors", "清风", 2)),
        (straight, ("straight", "一条龙", 2)),
        (reading.shape == "thirteen_orphans", ("thirteen_orphans", "十三幺", 10)),
        (wait == "five_in_the_middle", ("five_in_the_middle", "捉五魁", 4)),
        (not hand.melds, ("concealed", "门清", 2)),
        (len(suits) in (1, 2), ("missing_suit", "缺门", 2)),
        (wait == "edge", ("edge", "边", 2)),
        (wait == "closed", ("closed", "卡", 2)),
        (wait in ("single", "hun_single"), ("single", "吊", 2)),
        (drawn and hand.replacement, ("kong_bloom", "杠上开花", 2)),
        (drawn and hand.last_tile, ("last_tile", "海底捞月", 2)),
        (hand.hun_on and hun_held == 0, ("no_hun", "素和", 2)),
        (wait == "hun_single", ("hun_single", "混吊", 2)),
    ]
    if reading.shape == "standard":
        table += [(True, ("four_in_one", "四归一", 2)) for _ in fours]
    table += [
        (hand.dealer, ("dealer", "庄", 2)),
        (hand.flowers > 0, ("flowers", "花", 2**hand.flowers)),
    ]
    items = [ScoreItem("base", "底", 1, "base")]
    items += [ScoreItem(n, c, v, "multiply") for on, (n, c, v) in table if on]
    return tuple(items)


def _product(items: Sequence[ScoreItem]) -> int:
    f = 1
    for i in items:
        f *= i.value
    return f


def best_scores(hand: HebeiHand) -> tuple[int, set[tuple[str, tuple[ScoreItem, ...]]]]:
    """The highest factor and every ``(shape, items)`` that reaches it; ``(0, set())`` if
    the hand does not win."""
    found: dict[tuple[str, tuple[ScoreItem, ...]], int] = {}
    win_is_hun = hand.win_tile == hand.hun
    for r in readings(hand):
        waits: list[str | None] = [None]
        if r.shape == "standard":
            for g in r.groups:
                if g.declared:
                    continue
                for pos, (k, wild) in enumerate(g.tiles):
                    if wild if win_is_hun else (not wild and k == hand.win_tile):
                        waits.append(_wait(g, pos, hand.self_draw))
            if len(waits) > 1:
                waits = waits[1:]  # the winning tile sits somewhere
        for w in waits:
            items = _items(hand, r, w)
            found[(r.shape, items)] = _product(items)
    if not found:
        return 0, set()
    top = max(found.values())
    return top, {key for key, f in found.items() if f == top}


# ---------------------------------------------------------------------------------------
# random winning hands
# ---------------------------------------------------------------------------------------

MELD_KINDS = ("pong", "chow", "kong", "added_kong", "concealed_kong")


def _meld_kinds(kind: str, t: int) -> list[int]:
    return meld_tiles(MeldKind[kind.upper()], t)


def random_winning_hand(rng: random.Random) -> HebeiHand | None:
    """A random complete hand: standard (0–4 random melds of every kind), sometimes seven
    pairs or thirteen orphans, its kinds drawn from all 34, from one suit (now and then
    with honors), from the honors only, or holding a 一条龙; then 0–3 of its concealed tiles
    become 混. ``None`` when the draw broke the four-copies limit (the caller draws
    again)."""
    hun_kind = rng.randrange(34)
    shape = rng.choices(["standard", "seven_pairs", "thirteen_orphans"], [12, 3, 1])[0]
    palette = rng.choices(["any", "one_suit", "honors", "straight"], [6, 3, 1, 1])[0]
    suit = rng.randrange(3)
    with_honors = rng.random() < 0.3
    melds: list[tuple[str, int]] = []
    concealed: list[int] = []

    def kind() -> int:
        if palette == "honors" or (palette != "any" and with_honors and rng.random() < 0.2):
            return 27 + rng.randrange(7)
        if palette == "any":
            return rng.randrange(34)
        return suit * 9 + rng.randrange(9)

    def run_start() -> int | None:
        if palette == "honors":
            return None
        return (rng.randrange(3) if palette == "any" else suit) * 9 + rng.randrange(7)

    if shape == "standard":
        n_melds = rng.randrange(5)
        runs = [suit * 9, suit * 9 + 3, suit * 9 + 6] if palette == "straight" else []
        for _ in range(n_melds):
            kind_of_meld = rng.choice(MELD_KINDS)
            start = runs.pop() if runs and rng.random() < 0.5 else run_start()
            if kind_of_meld == "chow" and start is not None:
                melds.append(("chow", start))
            else:
                melds.append((kind_of_meld if kind_of_meld != "chow" else "pong", kind()))
        for _ in range(4 - n_melds):
            start = runs.pop() if runs else run_start()
            if start is not None and (palette == "straight" or rng.random() < 0.5):
                concealed += [start, start + 1, start + 2]
            else:
                concealed += [kind()] * 3
        concealed += [kind()] * 2
    elif shape == "seven_pairs":
        for _ in range(7):
            concealed += [kind()] * 2
    else:
        concealed = [*ORPHANS, rng.choice(ORPHANS)]
    # No meld of the 混 kind; the tiles of the 混 kind in hand are 混.
    if any(hun_kind in _meld_kinds(k, t) for k, t in melds):
        return None
    use_hun = rng.random() < 0.9
    n_hun = min(rng.choice([0, 0, 1, 1, 2, 3]), len(concealed)) if use_hun else 0
    for i in rng.sample(range(len(concealed)), n_hun):
        concealed[i] = hun_kind
    held = Counter(concealed)
    for k, t in melds:
        held.update(_meld_kinds(k, t))
    if any(c > 4 for c in held.values()):
        return None
    if sum(1 for t in concealed if t == hun_kind) > 3:
        return None
    self_draw = rng.random() < 0.5
    return HebeiHand(
        tiles=tuple(sorted(concealed)),
        melds=tuple(melds),
        hun=hun_kind if use_hun else None,
        win_tile=rng.choice(concealed),
        self_draw=self_draw,
        replacement=self_draw and rng.random() < 0.2,
        last_tile=self_draw and rng.random() < 0.2,
        flowers=rng.choice([0, 0, 0, 1, 2, 5, 8]),
        dealer=rng.random() < 0.25,
    )
