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

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import koudiandian as kdd
import numpy as np
import numpy.typing as npt
import pytest
from koudiandian.batch import is_win_batch, winning_tiles_batch

SEED = 20240613
N_COMPARE = 2000  # hands per peer comparison
N_BATCH = 1 << 20  # rows per batch array (~1M)
U8 = npt.NDArray[np.uint8]

# ---------------------------------------------------------------------------------------------
# Hand generation (vectorised; seeded)
# ---------------------------------------------------------------------------------------------


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


def _tiles(counts: U8) -> list[list[int]]:
    """Each row of counts as a sorted list of 34-kind ints."""
    return [np.repeat(np.arange(34), row).tolist() for row in counts]


def _ids136(counts: U8) -> list[list[int]]:
    """Each row as sorted 136-tile ids (kind k, copy j -> 4k + j), riichienv's input."""
    return [[4 * k + j for k in range(34) for j in range(int(row[k]))] for row in counts]


def _riichi_compatible_waiting(counts: U8) -> Any:
    """Rows where riichi waits equal RULES §4 waits: no kind held four times, and not one
    odd count that is a 3 (then the 14th tile could make our seven pairs with a quad, which
    riichi's seven pairs does not allow)."""
    odd = counts % 2 == 1
    quad_pairs = (odd.sum(axis=1) == 1) & ((counts == 3) & odd).any(axis=1)
    return (counts.max(axis=1) < 4) & ~quad_pairs


# ---------------------------------------------------------------------------------------------
# Results and the end-of-run summary
# ---------------------------------------------------------------------------------------------

RESULTS: dict[str, dict[str, Any]] = {}


def _median(benchmark: Any) -> float | None:
    stats = getattr(benchmark, "stats", None)
    return None if stats is None else float(stats.stats.median)


def _record(benchmark: Any, key: str, items: int, unit: str = "hand") -> None:
    """Store the median and the per-item figures, and show them in the benchmark table."""
    med = _median(benchmark)
    if med is None:
        return
    RESULTS[key] = {"median_s": med, "items": items, "unit": unit}
    benchmark.extra_info.update(
        {"items": items, "ns_per_item": med / items * 1e9, "items_per_s": items / med}
    )


def _per_item_ns(key: str) -> float | None:
    r = RESULTS.get(key)
    return None if r is None else r["median_s"] / r["items"] * 1e9


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def _summary_lines() -> list[str]:
    lines: list[str] = []

    def pair(title: str, ours: str, peer: str, target: float) -> None:
        a, b = _per_item_ns(ours), _per_item_ns(peer)
        if a is None or b is None:
            return
        ratio = b / a
        lines.append(
            f"{title:<44} ours {a:>9.0f} ns/hand   peer {b:>9.0f} ns/hand   "
            f"ours {ratio:5.2f}x faster  (target >= {target:g}x: {_verdict(ratio >= target)})"
        )

    pair("winning_tiles vs riichienv HandEvaluator", "waits/ours", "waits/riichienv", 2)
    pair("winning_tiles vs riichienv core (no wrapper)", "waits/ours", "waits/riichienv_core", 2)
    pair("is_win vs mahjong Agari().is_agari", "agari/ours", "agari/mahjong", 2)

    for key, target in (("batch/is_win", 20e6), ("batch/winning_tiles", 2e6)):
        r = RESULTS.get(key)
        if r:
            rate = r["items"] / r["median_s"]
            lines.append(
                f"{key:<44} {rate / 1e6:7.2f}M hands/s ({r['median_s'] / r['items'] * 1e9:6.1f} "
                f"ns/hand)  (target >= {target / 1e6:g}M: {_verdict(rate >= target)})"
            )

    for kernel in ("is_win", "winning_tiles"):
        one, two = RESULTS.get(f"threads/{kernel}/1"), RESULTS.get(f"threads/{kernel}/2")
        if one and two:
            speedup = one["median_s"] / two["median_s"]
            busy1, busy2 = (r.get("cpu_per_wall", float("nan")) for r in (one, two))
            lines.append(
                f"{kernel + '_batch, 2 threads vs 1':<44} {one['median_s'] * 1e3:7.1f} ms -> "
                f"{two['median_s'] * 1e3:7.1f} ms for the same rows: speedup {speedup:4.2f}x "
                f"(target >= 1.7x: {_verdict(speedup >= 1.7)}); CPU/wall "
                f"{busy1:.2f} -> {busy2:.2f}"
            )

    imp = RESULTS.get("import")
    if imp:
        lines.append(
            f"{'import koudiandian (fresh interpreter)':<44} median {imp['import_ms']:6.1f} ms "
            f"(min {imp['import_ms_min']:.1f})  (target < 200 ms: "
            f"{_verdict(imp['import_ms'] < 200)})"
        )
        lines.append(
            f"{'  resident memory added by the import':<44} VmRSS +{imp['rss_mb']:.1f} MB, "
            f"peak VmHWM +{imp['hwm_mb']:.1f} MB  (target < 32 MB: {_verdict(imp['rss_mb'] < 32)})"
        )
        lines.append(
            f"{'  of which the lookup tables (warm_up)':<44} VmRSS +{imp['tables_rss_mb']:.1f} MB, "
            f"peak +{imp['tables_hwm_mb']:.1f} MB, built in {imp['tables_ms']:.1f} ms"
        )
    return lines


class _SummaryPlugin:
    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        lines = _summary_lines()
        if lines:
            terminalreporter.section("koudiandian benchmark summary (medians)")
            for line in lines:
                terminalreporter.write_line(line)


@pytest.fixture(scope="session", autouse=True)
def _summary(pytestconfig: pytest.Config) -> Iterator[None]:
    name = "koudiandian-bench-summary"
    if pytestconfig.pluginmanager.get_plugin(name) is None:
        pytestconfig.pluginmanager.register(_SummaryPlugin(), name)
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
    counts = counts[_riichi_compatible_waiting(counts)][:N_COMPARE]
    assert len(counts) == N_COMPARE
    ours_in, peer_in = _tiles(counts), _ids136(counts)
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
    ours_in, peer_in = _tiles(counts), [row.tolist() for row in counts]
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
    _record(benchmark, "waits/ours", len(hands))


@pytest.mark.benchmark(group="a: winning tiles, per set of hands")
def test_waits_riichienv(benchmark: Any, waits_hands: dict[str, Any]) -> None:
    from riichienv import HandEvaluator  # type: ignore[import-untyped]

    hands = waits_hands["peer"]

    def run() -> None:
        for ids in hands:
            HandEvaluator(ids).get_waits()

    benchmark(run)
    _record(benchmark, "waits/riichienv", len(hands))


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
    _record(benchmark, "waits/riichienv_core", len(hands))


@pytest.mark.benchmark(group="a: is_win, per set of hands")
def test_agari_ours(benchmark: Any, agari_hands: dict[str, Any]) -> None:
    hands = agari_hands["ours"]
    is_win = kdd.is_win

    def run() -> None:
        for tiles in hands:
            is_win(tiles)

    benchmark(run)
    benchmark.extra_info["wins"] = agari_hands["wins"]
    _record(benchmark, "agari/ours", len(hands))


@pytest.mark.benchmark(group="a: is_win, per set of hands")
def test_agari_mahjong(benchmark: Any, agari_hands: dict[str, Any]) -> None:
    hands, checker = agari_hands["peer"], agari_hands["checker"]

    def run() -> None:
        for c34 in hands:
            checker.is_agari(c34)

    benchmark(run)
    _record(benchmark, "agari/mahjong", len(hands))


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
    _record(benchmark, "batch/is_win", len(counts))


@pytest.mark.benchmark(group="b: batch kernels, 1M rows")
def test_batch_winning_tiles(benchmark: Any, waiting_batch: tuple[U8, U8, U8]) -> None:
    counts, wild, melds = waiting_batch
    _check_rows(counts, wild, melds, 13)
    out = benchmark.pedantic(
        winning_tiles_batch, (counts, wild), {"melds": melds}, rounds=5, warmup_rounds=1
    )
    benchmark.extra_info["avg_waits"] = float(out.sum(axis=1).mean())
    _record(benchmark, "batch/winning_tiles", len(counts))


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
    _record(benchmark, key, len(counts))
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

_IMPORT_PROBE = r"""
import json, time
def status():
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    return out
before = status()
t = time.perf_counter()
import koudiandian
elapsed = time.perf_counter() - t
after = status()
print(json.dumps({"import_ms": elapsed * 1e3,
                  "rss_kb": after["VmRSS"] - before["VmRSS"],
                  "hwm_kb": after["VmHWM"] - before["VmHWM"]}))
"""

# The extension module alone, loaded without the package's __init__ (which builds the
# tables), so that the tables' share can be measured around warm_up().
_TABLES_PROBE = r"""
import importlib.machinery, importlib.util, json, sys, time
def status():
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    return out
path = sys.argv[1]
loader = importlib.machinery.ExtensionFileLoader("koudiandian._core", path)
spec = importlib.util.spec_from_file_location("koudiandian._core", path, loader=loader)
core = importlib.util.module_from_spec(spec)
spec.loader.exec_module(core)
before = status()
t = time.perf_counter()
core.warm_up()
elapsed = time.perf_counter() - t
after = status()
print(json.dumps({"tables_ms": elapsed * 1e3,
                  "rss_kb": after["VmRSS"] - before["VmRSS"],
                  "hwm_kb": after["VmHWM"] - before["VmHWM"]}))
"""


def _probe(code: str, *args: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        check=True,
        capture_output=True,
        text=True,
        cwd=os.path.dirname(os.path.abspath(__file__)),  # not the source tree
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def measure_import(runs: int = 15) -> dict[str, float]:
    """Medians over ``runs`` fresh interpreters."""
    imports = [_probe(_IMPORT_PROBE) for _ in range(runs)]
    tables = [_probe(_TABLES_PROBE, kdd._core.__file__) for _ in range(max(3, runs // 3))]

    def med(rows: list[dict[str, float]], key: str) -> float:
        return float(statistics.median(r[key] for r in rows))

    return {
        "import_ms": med(imports, "import_ms"),
        "import_ms_min": min(r["import_ms"] for r in imports),
        "rss_mb": med(imports, "rss_kb") / 1024,
        "hwm_mb": med(imports, "hwm_kb") / 1024,
        "tables_ms": med(tables, "tables_ms"),
        "tables_rss_mb": med(tables, "rss_kb") / 1024,
        "tables_hwm_mb": med(tables, "hwm_kb") / 1024,
    }


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
    print("\n".join(_summary_lines()))
