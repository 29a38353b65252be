"""Benchmarks of the Python API (pytest-benchmark), with the peers side by side.

Run from the repository root (``benches/`` is outside ``testpaths``, so a plain ``pytest``
never runs these)::

    python -m pytest benches -p no:cacheprovider --benchmark-only

Add ``-k waits``, ``-k agari``, ``-k batch``, ``-k threads`` or ``-k import`` for one part.
A summary with the figures per hand, the ratios and the targets is printed at the end.
``python benches/test_bench_python.py`` measures only the import time and memory.

(a) ``koudiandian.winning_tiles`` vs riichienv's ``HandEvaluator(tiles).get_waits()`` and
    ``koudiandian.is_win`` vs ``mahjong.agari.Agari().is_agari``, on the same hands, in
    the form each API takes (lists of 34-kind ints for us, 136-tile ids for riichienv,
    34-count lists for mahjong). Both peers are riichi engines: only hands on which the rules
    agree are used (no wildcards, no melds, no 风嘴子, no kind held four times, and no
    waiting hand that only our seven pairs with a quad could complete), and the answers are
    checked to be identical before timing. Target: ours >= 2x faster.
(b) ``is_win_batch`` (target >= 20M hands/s) and ``winning_tiles_batch`` (>= 2M hands/s)
    on ~1M-row ``uint8`` arrays of random near-complete hands with 0-8 wildcards, 0-4 melds.
(c) two threads each running a batch kernel on half of the rows at once, vs one thread on
    all of them (the kernels release the GIL). Target: speedup >= 1.7x.
(d) ``import koudiandian`` in a fresh interpreter (target < 200 ms) and the resident memory
    it adds (target < 32 MB), with the share of the lookup tables measured on its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import koudiandian as kdd
import numpy as np
import pytest
from api_summary import RESULTS, SummaryPlugin, record, summary_lines
from import_cost import measure_import
from koudiandian.batch import is_win_batch, winning_tiles_batch
from random_hands import (
    U8,
    ids136,
    near_complete,
    riichi_compatible_waiting,
    tile_lists,
    waiting,
)

SEED = 20240613
N_COMPARE = 2000  # hands per peer comparison
N_BATCH = 1 << 20  # rows per batch array (~1M)


@pytest.fixture(scope="session", autouse=True)
def _summary(pytestconfig: pytest.Config) -> Iterator[None]:
    name = "koudiandian-bench-summary"
    if pytestconfig.pluginmanager.get_plugin(name) is None:
        pytestconfig.pluginmanager.register(SummaryPlugin(), name)
    yield


# ---------------------------------------------------------------------------------------------
# (a) Against the peers, hand by hand
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def waits_hands() -> dict[str, Any]:
    """Waiting hands, no wildcards, no melds, riichi-compatible; with both answers checked."""
    riichienv = pytest.importorskip("riichienv")
    rng = np.random.default_rng(SEED)
    counts, _, _ = waiting(rng, 4 * N_COMPARE, max_wild=0, max_melds=0)
    counts = counts[riichi_compatible_waiting(counts)][:N_COMPARE]
    assert len(counts) == N_COMPARE
    ours_in, peer_in = tile_lists(counts), ids136(counts)
    for tiles, ids in zip(ours_in, peer_in):
        ours = [int(t) for t in kdd.winning_tiles(tiles)]
        peer = sorted(riichienv.HandEvaluator(ids).get_waits())
        assert ours == peer, f"{kdd.format_tiles(tiles)}: ours {ours}, riichienv {peer}"
    waits = sum(len(kdd.winning_tiles(t)) for t in ours_in)
    return {"ours": ours_in, "peer": peer_in, "avg_waits": waits / len(ours_in)}


@pytest.fixture(scope="module")
def agari_hands() -> dict[str, Any]:
    """Near-complete 14-tile hands, no wildcards, no melds, no kind held four times (where
    riichi's seven pairs and ours differ); both answers checked to be equal."""
    agari = pytest.importorskip("mahjong.agari")
    rng = np.random.default_rng(SEED + 1)
    counts, _, _ = near_complete(rng, 2 * N_COMPARE, max_wild=0, max_melds=0)
    counts = counts[counts.max(axis=1) < 4][:N_COMPARE]
    assert len(counts) == N_COMPARE
    ours_in, peer_in = tile_lists(counts), [row.tolist() for row in counts]
    checker = agari.Agari()
    wins = 0
    for tiles, c34 in zip(ours_in, peer_in):
        ours, peer = kdd.is_win(tiles), checker.is_agari(c34)
        assert ours == peer, f"{kdd.format_tiles(tiles)}: ours {ours}, mahjong {peer}"
        wins += ours
    return {"ours": ours_in, "peer": peer_in, "checker": checker, "wins": wins}


@pytest.mark.benchmark(group="a: winning tiles, per set of hands")
def test_waits_ours(benchmark: Any, waits_hands: dict[str, Any]) -> None:
    hands = waits_hands["ours"]
    winning_tiles = kdd.winning_tiles

    def run() -> None:
        for tiles in hands:
            winning_tiles(tiles)

    benchmark(run)
    benchmark.extra_info["avg_waits"] = waits_hands["avg_waits"]
    record(benchmark, "waits/ours", len(hands))


@pytest.mark.benchmark(group="a: winning tiles, per set of hands")
def test_waits_riichienv(benchmark: Any, waits_hands: dict[str, Any]) -> None:
    from riichienv import HandEvaluator  # type: ignore[import-untyped]

    hands = waits_hands["peer"]

    def run() -> None:
        for ids in hands:
            HandEvaluator(ids).get_waits()

    benchmark(run)
    record(benchmark, "waits/riichienv", len(hands))


@pytest.mark.benchmark(group="a: winning tiles, per set of hands")
def test_waits_riichienv_core(benchmark: Any, waits_hands: dict[str, Any]) -> None:
    """riichienv's Rust class directly, without its Python wrapper (for reference)."""
    from riichienv import _riichienv

    hands = waits_hands["peer"]
    core = _riichienv.HandEvaluator
    no_melds: list[Any] = []

    def run() -> None:
        for ids in hands:
            core(ids, no_melds).get_waits()

    benchmark(run)
    record(benchmark, "waits/riichienv_core", len(hands))


@pytest.mark.benchmark(group="a: is_win, per set of hands")
def test_agari_ours(benchmark: Any, agari_hands: dict[str, Any]) -> None:
    hands = agari_hands["ours"]
    is_win = kdd.is_win

    def run() -> None:
        for tiles in hands:
            is_win(tiles)

    benchmark(run)
    benchmark.extra_info["wins"] = agari_hands["wins"]
    record(benchmark, "agari/ours", len(hands))


@pytest.mark.benchmark(group="a: is_win, per set of hands")
def test_agari_mahjong(benchmark: Any, agari_hands: dict[str, Any]) -> None:
    hands, checker = agari_hands["peer"], agari_hands["checker"]

    def run() -> None:
        for c34 in hands:
            checker.is_agari(c34)

    benchmark(run)
    record(benchmark, "agari/mahjong", len(hands))


# ---------------------------------------------------------------------------------------------
# (b) Batch throughput
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def complete_batch() -> tuple[U8, U8, U8]:
    return near_complete(np.random.default_rng(SEED + 2), N_BATCH)


@pytest.fixture(scope="module")
def waiting_batch() -> tuple[U8, U8, U8]:
    return waiting(np.random.default_rng(SEED + 3), N_BATCH)


def _check_rows(counts: U8, wild: U8, melds: U8, full: int) -> None:
    assert counts.dtype == np.uint8 and counts.flags.c_contiguous
    assert counts.max() <= 4 and wild.max() <= 8
    sizes = counts.sum(axis=1, dtype=np.int64) + wild + 3 * melds.astype(np.int64)
    assert (sizes == full).all()


@pytest.mark.benchmark(group="b: batch kernels, 1M rows")
def test_batch_is_win(benchmark: Any, complete_batch: tuple[U8, U8, U8]) -> None:
    counts, wild, melds = complete_batch
    _check_rows(counts, wild, melds, 14)
    out = benchmark.pedantic(
        is_win_batch, (counts, wild), {"melds": melds}, rounds=10, warmup_rounds=1
    )
    benchmark.extra_info["win_fraction"] = float(out.mean())
    record(benchmark, "batch/is_win", len(counts))


@pytest.mark.benchmark(group="b: batch kernels, 1M rows")
def test_batch_winning_tiles(benchmark: Any, waiting_batch: tuple[U8, U8, U8]) -> None:
    counts, wild, melds = waiting_batch
    _check_rows(counts, wild, melds, 13)
    out = benchmark.pedantic(
        winning_tiles_batch, (counts, wild), {"melds": melds}, rounds=5, warmup_rounds=1
    )
    benchmark.extra_info["avg_waits"] = float(out.sum(axis=1).mean())
    record(benchmark, "batch/winning_tiles", len(counts))


# ---------------------------------------------------------------------------------------------
# (c) Two threads at once vs one
# ---------------------------------------------------------------------------------------------

KERNELS: dict[str, Callable[..., Any]] = {
    "is_win": is_win_batch,
    "winning_tiles": winning_tiles_batch,
}


@pytest.fixture(scope="module")
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=2) as ex:
        yield ex


def _threads_case(
    benchmark: Any,
    pool: ThreadPoolExecutor,
    kernel: str,
    threads: int,
    data: tuple[U8, U8, U8],
) -> None:
    """The same rows, split into ``threads`` contiguous parts run at once on the pool."""
    counts, wild, melds = data
    fn = KERNELS[kernel]
    bounds = np.linspace(0, len(counts), threads + 1).astype(int)
    parts = [(counts[a:b], wild[a:b], melds[a:b]) for a, b in zip(bounds, bounds[1:])]

    spent = {"cpu": 0.0, "wall": 0.0}

    def run() -> None:
        cpu, wall = time.process_time(), time.perf_counter()
        futures = [pool.submit(fn, c, w, melds=m) for c, w, m in parts]
        for f in futures:
            f.result()
        spent["cpu"] += time.process_time() - cpu
        spent["wall"] += time.perf_counter() - wall

    benchmark.pedantic(run, rounds=7 if kernel == "is_win" else 4, warmup_rounds=1)
    key = f"threads/{kernel}/{threads}"
    record(benchmark, key, len(counts))
    # CPU time / wall time of the process: ~2 when both threads really ran at once. Less
    # means they waited (for the GIL, or for a CPU that other processes were using).
    busy = spent["cpu"] / spent["wall"] if spent["wall"] else float("nan")
    if key in RESULTS:
        RESULTS[key]["cpu_per_wall"] = busy
    benchmark.extra_info.update({"threads": threads, "cpus": os.cpu_count(), "cpu_per_wall": busy})


@pytest.mark.benchmark(group="c: threads, is_win_batch, 1M rows")
@pytest.mark.parametrize("threads", [1, 2])
def test_threads_is_win(
    benchmark: Any, pool: ThreadPoolExecutor, complete_batch: tuple[U8, U8, U8], threads: int
) -> None:
    _threads_case(benchmark, pool, "is_win", threads, complete_batch)


@pytest.mark.benchmark(group="c: threads, winning_tiles_batch, 1M rows")
@pytest.mark.parametrize("threads", [1, 2])
def test_threads_winning_tiles(
    benchmark: Any, pool: ThreadPoolExecutor, waiting_batch: tuple[U8, U8, U8], threads: int
) -> None:
    _threads_case(benchmark, pool, "winning_tiles", threads, waiting_batch)


# ---------------------------------------------------------------------------------------------
# (d) Import time and memory, in fresh interpreters
# ---------------------------------------------------------------------------------------------


@pytest.mark.benchmark(group="d: import in a fresh interpreter")
def test_import(benchmark: Any) -> None:
    """The benchmark times whole ``python -c 'import koudiandian'`` processes (interpreter
    start-up included); the import itself and the memory are measured inside them."""
    benchmark.pedantic(
        subprocess.run,
        ([sys.executable, "-c", "import koudiandian"],),
        {"check": True},
        rounds=10,
        warmup_rounds=1,
    )
    figures = measure_import()
    benchmark.extra_info.update(figures)
    RESULTS["import"] = figures


if __name__ == "__main__":
    RESULTS["import"] = measure_import()
    print("\n".join(summary_lines()))
