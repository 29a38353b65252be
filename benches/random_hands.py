"""Random hands for the Python API's benchmarks (``test_bench_python.py``), vectorised and
seeded: near-complete 14-tile hands and 13-tile waiting hands with 0-8 wildcards and 0-4
melds as ``uint8`` count arrays, and the same rows in the forms the peers take (34-kind tile
lists, riichienv's 136-tile ids), with the rows on which riichi waits equal RULES §4 waits."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

U8 = npt.NDArray[np.uint8]


def _complete(rng: np.random.Generator, melds: U8) -> U8:
    """Random complete concealed parts, one per row: ``4 - melds`` random melds (a third
    triplets of any kind, the rest runs) and a pair; one in eight meld-less rows is seven
    distinct pairs instead. Rows with a count above 4 are drawn again."""
    n = len(melds)
    out = np.zeros((n, 34), np.uint8)
    todo = np.arange(n)
    while todo.size:
        m = melds[todo].astype(np.int64)
        size = todo.size
        rows = np.arange(size)
        c = np.zeros((size, 34), np.int16)
        for slot in range(4):
            active = slot < 4 - m
            trip = rng.random(size) < 1 / 3
            kind = rng.integers(0, 34, size)
            start = rng.integers(0, 3, size) * 9 + rng.integers(0, 7, size)
            t = active & trip
            c[rows[t], kind[t]] += 3
            r = active & ~trip
            for d in range(3):
                c[rows[r], start[r] + d] += 1
        c[rows, rng.integers(0, 34, size)] += 2
        pairs = (m == 0) & (rng.random(size) < 1 / 8)
        if pairs.any():
            kinds = np.argsort(rng.random((int(pairs.sum()), 34)), axis=1)[:, :7]
            p = np.zeros((kinds.shape[0], 34), np.int16)
            np.put_along_axis(p, kinds, 2, axis=1)
            c[pairs] = p
        ok = (c <= 4).all(axis=1)
        out[todo[ok]] = c[ok]
        todo = todo[~ok]
    return out


def _take(rng: np.random.Generator, counts: U8, rows: npt.NDArray[np.int64]) -> Any:
    """Remove one natural tile (uniform over the tiles held) from each of ``rows``."""
    if rows.size == 0:
        return np.zeros(0, np.int64)
    cs = counts[rows].cumsum(axis=1, dtype=np.int64)
    r = (rng.random(rows.size) * cs[:, -1]).astype(np.int64)
    kind = (cs > r[:, None]).argmax(axis=1)
    counts[rows, kind] -= 1
    return kind


def near_complete(
    rng: np.random.Generator, n: int, *, max_wild: int = 8, max_melds: int = 4
) -> tuple[U8, U8, U8]:
    """``(counts, wild, melds)`` of ``n`` 14-tile hands: a complete hand with 0-``max_wild``
    of its concealed tiles turned into wildcards, and in half of the rows one natural tile
    swapped for another kind (so that about half do not win)."""
    melds = rng.integers(0, max_melds + 1, n).astype(np.uint8)
    counts = _complete(rng, melds)
    size = 14 - 3 * melds.astype(np.int64)
    wild = np.minimum(rng.integers(0, max_wild + 1, n), size)
    for step in range(max_wild):
        _take(rng, counts, np.flatnonzero(wild > step))
    rows = np.flatnonzero((wild < size) & (rng.random(n) < 0.5))
    old = _take(rng, counts, rows)
    new = rng.integers(0, 34, rows.size)
    while True:
        bad = (new == old) | (counts[rows, new] >= 4)
        if not bad.any():
            break
        new[bad] = rng.integers(0, 34, int(bad.sum()))
    counts[rows, new] += 1
    return counts, wild.astype(np.uint8), melds


def waiting(
    rng: np.random.Generator, n: int, *, max_wild: int = 8, max_melds: int = 4
) -> tuple[U8, U8, U8]:
    """``(counts, wild, melds)`` of ``n`` 13-tile waiting hands: a complete hand with
    0-``max_wild`` wildcards, less one random tile (a wildcard or a natural one)."""
    melds = rng.integers(0, max_melds + 1, n).astype(np.uint8)
    counts = _complete(rng, melds)
    size = 14 - 3 * melds.astype(np.int64)
    wild = np.minimum(rng.integers(0, max_wild + 1, n), size)
    for step in range(max_wild):
        _take(rng, counts, np.flatnonzero(wild > step))
    lose_wild = rng.random(n) * size < wild
    wild = wild - lose_wild
    _take(rng, counts, np.flatnonzero(~lose_wild))
    return counts, wild.astype(np.uint8), melds


def tile_lists(counts: U8) -> list[list[int]]:
    """Each row of counts as a sorted list of 34-kind ints."""
    return [np.repeat(np.arange(34), row).tolist() for row in counts]


def ids136(counts: U8) -> list[list[int]]:
    """Each row as sorted 136-tile ids (kind k, copy j -> 4k + j), riichienv's input."""
    return [[4 * k + j for k in range(34) for j in range(int(row[k]))] for row in counts]


def riichi_compatible_waiting(counts: U8) -> Any:
    """Rows where riichi waits equal RULES §4 waits: no kind held four times, and not one
    odd count that is a 3 (then the 14th tile could make our seven pairs with a quad, which
    riichi's seven pairs does not allow)."""
    odd = counts % 2 == 1
    quad_pairs = (odd.sum(axis=1) == 1) & ((counts == 3) & odd).any(axis=1)
    return (counts.max(axis=1) < 4) & ~quad_pairs
