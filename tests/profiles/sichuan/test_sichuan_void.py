"""The hand functions under a void suit (定缺, ``void_suit=``): a hand holding a tile of its
void suit cannot win, its winning tiles are outside that suit, only void-suit tiles may be
discarded while one is held, and shanten counts each void-suit tile as one exchange.

The fast answers (the core's ``eval::void``) are checked against slow references written
from those definitions with ``is_win`` without a void suit: the shanten by its definition,
the fewest draws (each any tile) that complete the hand once as many tiles are thrown away,
every void-suit tile among them; the winning tiles and the ready discards by asking
``is_win`` of each kind added."""

from __future__ import annotations

import itertools
from collections import Counter

import koudiandian as kd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from koudiandian import InvalidArgumentError, Meld, MeldKind, Tile
from koudiandian.tile import TILES

RULES = "sichuan"
SUITED = range(27)


def suit_of(k: int) -> int:
    return k // 9


def ref_is_win(tiles: list[int], melds: list[Meld], void: int) -> bool:
    if any(suit_of(t) == void for t in tiles) or any(suit_of(m.tile) == void for m in melds):
        return False
    return kd.is_win(tiles, melds=melds, rules=RULES)


def held(tiles: list[int], melds: list[Meld]) -> Counter[int]:
    c = Counter(tiles)
    for m in melds:
        c[m.tile] += 4 if m.kind.is_kong else 3
    return c


def ref_winning(tiles: list[int], melds: list[Meld], void: int) -> list[int]:
    c = held(tiles, melds)
    return [k for k in SUITED if c[k] < 4 and ref_is_win([*tiles, k], melds, void)]


def ref_shanten(tiles: list[int], melds: list[Meld], void: int) -> int | None:
    """Shanten by its definition (as ``rust/tests/brute.rs`` defines it, a void suit added):
    the fewest draws ``d`` that complete the hand once ``r`` tiles are thrown away, every
    void-suit tile among them (``r = d`` for a complete-size hand, ``d − 1`` for a waiting
    one), each draw standing for any tile (a wildcard of a kind the hand does not hold:
    like the usual shanten it counts tiles, not copies); minus one. 14 with a void meld;
    ``None`` beyond eight draws (two wildcard kinds, four tiles each)."""
    if any(suit_of(m.tile) == void for m in melds):
        return 14
    rest = [t for t in tiles if suit_of(t) != void]
    gone = len(tiles) - len(rest)
    complete = 14 - 3 * len(melds)
    unheld = [k for k in SUITED if suit_of(k) != void and held(rest, melds)[k] == 0]
    for draws in range(9):
        thrown = len(tiles) + draws - complete
        if thrown < gone:
            continue
        wild = [unheld[i // 4] for i in range(draws)]  # at most four of a kind
        for kept in set(itertools.combinations(sorted(rest), len(rest) - (thrown - gone))):
            if kd.is_win([*kept, *wild], melds=melds, wildcards=unheld[:2], rules=RULES):
                return draws - 1
    return None


def check_shanten(tiles: list[int], melds: list[Meld], void: int) -> None:
    """The fast shanten is the reference's, or at least 8 where the reference finds no
    completion within eight draws."""
    fast = kd.shanten(tiles, melds=melds, rules=RULES, void_suit=void)
    ref = ref_shanten(tiles, melds, void)
    label = (label_of(tiles), melds, void)
    assert fast == ref if ref is not None else fast >= 8, (fast, ref, label)


def ref_ready_discards(
    tiles: list[int], melds: list[Meld], void: int
) -> list[tuple[int, list[int]]]:
    holds_void = any(suit_of(t) == void for t in tiles)
    out = []
    for d in sorted(set(tiles)):
        if holds_void and suit_of(d) != void:
            continue
        after = list(tiles)
        after.remove(d)
        waits = ref_winning(after, melds, void)
        if waits:
            out.append((d, waits))
    return out


@st.composite
def positions(draw: st.DrawFn, size: int) -> tuple[list[int], list[Meld], int]:
    """A hand of 108-tile kinds near complete (four groups and a pair, 0–1 of them a pong
    meld), ``size`` = 14 or 13 concealed-or-melded tiles, then 0–3 tiles exchanged for any
    tile (void-suit ones included); and a void suit."""
    count: Counter[int] = Counter()

    def group() -> list[int]:
        for _ in range(30):
            k = draw(st.integers(0, 26))
            ks = [k, k + 1, k + 2] if k % 9 <= 6 and draw(st.booleans()) else [k, k, k]
            if all(count[x] + ks.count(x) <= 4 for x in set(ks)):
                count.update(ks)
                return ks
        return []

    melds: list[Meld] = []
    if draw(st.booleans()):
        for _ in range(30):
            k = draw(st.integers(0, 26))
            if count[k] == 0:
                count[k] += 3
                melds.append(Meld(MeldKind.PONG, k))
                break
    tiles: list[int] = []
    for _ in range(4 - len(melds)):
        tiles += group()
    for _ in range(30):
        k = draw(st.integers(0, 26))
        if count[k] <= 2:
            count[k] += 2
            tiles += [k, k]
            break
    want = size - 3 * len(melds)
    while len(tiles) > want:
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    while len(tiles) < want:  # a group or the pair was not found: any tiles
        k = draw(st.integers(0, 26))
        if count[k] < 4:
            count[k] += 1
            tiles.append(k)
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(tiles) - 1))
        k = draw(st.integers(0, 26))
        if held(tiles, melds)[k] < 4:
            tiles[i] = k
    return tiles, melds, draw(st.integers(0, 2))


PROPERTY = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)


@PROPERTY
@given(positions(13))
def test_waiting_hands_match_the_reference(position: tuple[list[int], list[Meld], int]) -> None:
    tiles, melds, void = position
    got = [int(t) for t in kd.winning_tiles(tiles, melds=melds, rules=RULES, void_suit=void)]
    assert got == ref_winning(tiles, melds, void), (label_of(tiles), melds, void)
    check_shanten(tiles, melds, void)


@PROPERTY
@given(positions(14))
def test_complete_hands_match_the_reference(position: tuple[list[int], list[Meld], int]) -> None:
    tiles, melds, void = position
    label = (label_of(tiles), melds, void)
    assert kd.is_win(tiles, melds=melds, rules=RULES, void_suit=void) == ref_is_win(
        tiles, melds, void
    ), label
    got = [
        (int(r.discard), [int(t) for t in r.winning_tiles])
        for r in kd.ready_discards(tiles, melds=melds, rules=RULES, void_suit=void)
    ]
    assert got == ref_ready_discards(tiles, melds, void), label
    check_shanten(tiles, melds, void)


def label_of(tiles: list[int]) -> str:
    return " ".join(TILES[t].format("mpsz") for t in sorted(tiles))


@pytest.mark.parametrize(
    ("hand", "void", "shanten"),
    [
        ("123456789m123p55p", "s", -1),  # complete, nothing of 条
        ("123456789m123p55p", "p", 4),  # five 筒 to exchange: one of them with a 万 kept
        ("123456789m123p5p", "s", 0),
        ("123456789m123p5p", "p", 4),
        ("123456789m11p55s", "m", 9),  # nine 万 to exchange
        ("123456789m11p55s", "s", 2),  # both 5s go; 2p 3p after them: ready
        ("123456789m112p5s", "s", 1),
    ],
)
def test_shanten_counts_each_void_tile(hand: str, void: str, shanten: int) -> None:
    assert kd.shanten(hand, rules=RULES, void_suit=void) == shanten


def test_a_void_tile_held_blocks_the_win_and_the_waits() -> None:
    assert kd.is_win("123456789m123p55p", rules=RULES, void_suit="s")
    assert not kd.is_win("123456789m123p55p", rules=RULES, void_suit="p")
    assert kd.winning_tiles("1112345678999p", rules=RULES, void_suit="m") == [
        Tile.parse(f"{n}p") for n in range(1, 10)
    ]
    assert kd.winning_tiles("1112345678999p", rules=RULES, void_suit="p") == []
    assert kd.winning_tiles("123456789m123p5s", rules=RULES, void_suit="s") == []
    pong = [Meld(MeldKind.PONG, Tile.parse("9s"))]
    assert kd.winning_tiles("123456789m5p", melds=pong, rules=RULES, void_suit="s") == []
    assert kd.shanten("123456789m5p", melds=pong, rules=RULES, void_suit="s") == 14


def test_only_void_tiles_are_discarded_while_held() -> None:
    ready = kd.ready_discards("123456789m1123p5s", rules=RULES, void_suit="s")
    assert [(r.discard, r.winning_tiles) for r in ready] == [
        (Tile.parse("5s"), (Tile.parse("1p"), Tile.parse("4p")))
    ]
    assert kd.ready_discards("123456789m113p55s", rules=RULES, void_suit="s") == []
    # Without a void suit, discarding 5s is one of several ready discards.
    assert len(kd.ready_discards("123456789m1123p5s", rules=RULES)) > 1


def test_void_suit_is_the_same_in_any_spelling_and_any_profile() -> None:
    for void in ("p", 1):
        assert kd.shanten("123456789m11p55s", rules=RULES, void_suit=void) == 2
    # Generic: a profile without 定缺 reads it too.
    assert kd.winning_tiles("123456789m123p5s", rules="queyimen", void_suit="p") == []


@pytest.mark.parametrize("bad", ["z", "mp", "", 3, -1, True, 1.0, ["m"]])
@pytest.mark.parametrize("function", ["is_win", "winning_tiles", "shanten", "ready_discards"])
def test_a_bad_void_suit_is_named(function: str, bad: object) -> None:
    hand = "123456789m123p55p" if function in ("is_win", "ready_discards") else "123456789m123p5p"
    with pytest.raises(InvalidArgumentError, match="void_suit") as err:
        getattr(kd, function)(hand, rules=RULES, void_suit=bad)
    assert repr(bad) in str(err.value)


def test_a_wildcard_kind_of_the_void_suit_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="wildcard"):
        kd.shanten("123456789m123p5p", wildcards="1s", rules="taiyuan", void_suit="s")
