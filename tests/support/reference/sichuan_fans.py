"""The fan table of profile ``sichuan`` (RULES-sichuan "Winning and fans"), by brute force:
every reading of a winning hand is listed (each way to split the concealed tiles into
triplets, sequences and one pair beside the declared melds, and seven pairs), each reading
is given the highest pattern of the table it satisfies, and the reading with the most fans
(pattern + 根) counts. Written from the contract alone, for clarity, not speed.

A hand is ``counts`` (27 counts of the concealed tiles, the winning tile included) and
``melds`` (``(MeldKind value, tile)`` pairs: pongs and kongs, sichuan has no chow).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from koudiandian.meld import MeldKind
from koudiandian.score import ScoreItem

__all__ = [
    "PATTERNS",
    "Pattern",
    "Reading",
    "best_reading",
    "readings",
    "ready_fans",
    "roots",
    "win_items",
]

Melds = Sequence[tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Pattern:
    """One line of the table: its name, its Chinese name, its fans."""

    name: str
    chinese: str
    fans: int


#: The table, in the order DESIGN of issue 38 lists it; of two patterns of equal fans that
#: a reading satisfies, the first listed names it.
PATTERNS = {
    p.name: p
    for p in (
        Pattern("plain", "平胡", 0),
        Pattern("all_pongs", "对对胡", 1),
        Pattern("one_suit", "清一色", 2),
        Pattern("seven_pairs", "七对", 2),
        Pattern("golden_hook", "金钩钓", 2),
        Pattern("terminals", "带幺九", 2),
        Pattern("one_suit_pongs", "清对", 3),
        Pattern("pure_pongs", "将对", 3),
        Pattern("dragon_seven_pairs", "龙七对", 4),
        Pattern("one_suit_seven_pairs", "清七对", 4),
        Pattern("one_suit_golden_hook", "清金钩钓", 4),
        Pattern("one_suit_terminals", "清幺九", 4),
        Pattern("pure_golden_hook", "将金钩钓", 4),
        Pattern("one_suit_dragon_seven_pairs", "清龙七对", 5),
    )
}

#: A group of a reading: the kinds of its tiles, sorted (a pair two, a triplet or
#: sequence three, a declared kong four).
Group = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a winning hand: ``groups`` (the concealed triplets and sequences and
    the declared melds) and ``pair``, or (``seven``) the seven pairs in ``groups``."""

    groups: tuple[Group, ...]
    pair: Group
    declared: int  # how many of the groups are declared melds
    seven: bool


def _split(counts: list[int]) -> list[tuple[list[Group], Group | None]]:
    """Every split of ``counts`` into groups of three and one pair: ``(groups, pair)``."""
    k = next((k for k in range(27) if counts[k]), None)
    if k is None:
        return [([], None)]
    out = []
    options: list[Group] = [(k, k, k), (k, k)]
    if k % 9 <= 6:
        options.append((k, k + 1, k + 2))
    for group in options:
        if any(counts[j] < group.count(j) for j in set(group)):
            continue
        for j in group:
            counts[j] -= 1
        for groups, pair in _split(counts):
            if len(group) == 2 and pair is None:
                out.append((groups, group))
            elif len(group) == 3:
                out.append(([group, *groups], pair))
        for j in group:
            counts[j] += 1
    return out


def readings(counts: Sequence[int], melds: Melds) -> list[Reading]:
    """Every reading of the winning hand (none if it does not win)."""
    declared = [(t,) * (3 if kind == MeldKind.PONG else 4) for kind, t in melds]
    out = [
        Reading((*declared, *sorted(groups)), pair, len(declared), seven=False)
        for groups, pair in _split(list(counts[:27]))
        if pair is not None and len(groups) + len(declared) == 4
    ]
    if not melds and sum(counts[:27]) == 14 and all(c % 2 == 0 for c in counts[:27]):
        pairs = tuple((k, k) for k in range(27) for _ in range(counts[k] // 2))
        out.append(Reading(pairs, (), 0, seven=True))
    return out


def roots(counts: Sequence[int], melds: Melds) -> int:
    """根: the kinds of which the hand (concealed tiles, melds) holds all four copies."""
    held = list(counts[:27])
    for kind, t in melds:
        held[t] += 3 if kind == MeldKind.PONG else 4
    return sum(1 for c in held if c == 4)


def _pattern(reading: Reading) -> Pattern:
    """The highest pattern ``reading`` satisfies (the first listed of equal fans)."""
    kinds = [k for g in (*reading.groups, reading.pair) for k in g]
    one_suit = len({k // 9 for k in kinds}) == 1
    names = ["plain"]
    if reading.seven:
        quad = any(kinds.count(k) == 4 for k in kinds)
        names.append("seven_pairs")
        if quad:
            names.append("dragon_seven_pairs")
        if one_suit:
            names.append("one_suit_dragon_seven_pairs" if quad else "one_suit_seven_pairs")
    else:
        pongs = all(len(set(g)) == 1 for g in reading.groups)
        hook = pongs and reading.declared == 4
        pure = pongs and all(k % 9 in (1, 4, 7) for k in kinds)
        terminals = all(any(k % 9 in (0, 8) for k in g) for g in (*reading.groups, reading.pair))
        wanted = [
            (pongs, "all_pongs"),
            (one_suit, "one_suit"),
            (hook, "golden_hook"),
            (terminals, "terminals"),
            (one_suit and pongs, "one_suit_pongs"),
            (pure, "pure_pongs"),
            (one_suit and hook, "one_suit_golden_hook"),
            (one_suit and terminals, "one_suit_terminals"),
            (pure and hook, "pure_golden_hook"),
        ]
        names += [name for on, name in wanted if on]
    found = [PATTERNS[n] for n in names]
    best = max(p.fans for p in found)
    return next(p for p in PATTERNS.values() if p in found and p.fans == best)


def best_reading(counts: Sequence[int], melds: Melds) -> tuple[Pattern, int]:
    """The pattern and the 根 of the reading with the most fans (pattern + 根); of readings
    with equal fans, the one whose pattern the table lists first. In 龙七对 and 清龙七对 the
    first kind held four times is part of the pattern, not a 根. Precondition: the hand
    wins."""
    return _best_reading(tuple(counts[:27]), tuple(melds))


@functools.lru_cache(maxsize=1 << 14)
def _best_reading(
    counts: tuple[int, ...], melds: tuple[tuple[int, int], ...]
) -> tuple[Pattern, int]:
    n = roots(counts, melds)
    order = list(PATTERNS.values())
    scored = []
    for reading in readings(counts, melds):
        pattern = _pattern(reading)
        r = n - 1 if "dragon" in pattern.name else n
        scored.append((pattern.fans + r, -order.index(pattern), pattern, r))
    assert scored, f"not a winning hand: {list(counts)} {list(melds)}"
    _, _, pattern, r = max(scored, key=lambda s: s[:2])
    return pattern, r


#: The +1s of a win's moment, in the order its items list them.
SITUATIONS = (
    ("kong_bloom", "杠上花"),
    ("kong_discard", "杠上炮"),
    ("robbed_kong", "抢杠胡"),
    ("last_tile", "海底捞月"),
    ("last_discard", "海底炮"),
    ("self_draw", "自摸"),
)


def win_items(
    counts: Sequence[int],
    melds: Melds,
    flags: Sequence[str],
    *,
    cap: int,
    heaven: str | None = None,
) -> tuple[int, tuple[ScoreItem, ...]]:
    """A win's fans (before the cap) and its score items: the pattern (``base``), its 根
    (one item, their number), then the +1s of its moment that ``flags`` names (``SITUATIONS``' names; ``self_draw``
    only where it is a fan). ``heaven`` (``"heaven"`` 天胡 or ``"earth"`` 地胡): the fans
    are ``cap`` whatever the hand, one item worth them (docs/rules.md §14)."""
    if heaven is not None:
        chinese = "天胡" if heaven == "heaven" else "地胡"
        return cap, (ScoreItem(heaven, chinese, cap, "base"),)
    pattern, n = best_reading(counts, melds)
    base = ScoreItem(pattern.name, pattern.chinese, pattern.fans, "base")
    items = [base] + [ScoreItem("root", "根", n, "add")] * (n > 0)
    items += [ScoreItem(name, chinese, 1, "add") for name, chinese in SITUATIONS if name in flags]
    return sum(i.value for i in items), tuple(items)


def ready_fans(counts: Sequence[int], melds: Melds, void: int | None) -> int | None:
    """查大叫: the most pattern + 根 fans of a waiting hand (13 tiles, melds counting three)
    over its winning tiles: kinds outside the ``void`` suit, held fewer than four times
    (concealed and melds), that complete a win; ``None`` when there is none (not ready)."""
    held = list(counts[:27])
    for kind, t in melds:
        held[t] += 3 if kind == MeldKind.PONG else 4
    if void is not None and any(counts[9 * void : 9 * void + 9]):
        return None
    best = None
    for k in range(27):
        if held[k] >= 4 or (void is not None and k // 9 == void):
            continue
        with_k = list(counts[:27])
        with_k[k] += 1
        if readings(with_k, melds):
            pattern, n = best_reading(with_k, melds)
            best = max(best or 0, pattern.fans + n)
    return best
