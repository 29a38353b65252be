"""The results of the Python API's benchmarks (``test_bench_python.py``) and the summary
printed at the end of the run: the figures per hand, the ratios to the peers, the batch rates,
the threads' speedup and the import cost, each against its target."""

from __future__ import annotations

from typing import Any

RESULTS: dict[str, dict[str, Any]] = {}


def _median(benchmark: Any) -> float | None:
    stats = getattr(benchmark, "stats", None)
    return None if stats is None else float(stats.stats.median)


def record(benchmark: Any, key: str, items: int, unit: str = "hand") -> None:
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


def summary_lines() -> list[str]:
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


class SummaryPlugin:
    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        lines = summary_lines()
        if lines:
            terminalreporter.section("koudiandian benchmark summary (medians)")
            for line in lines:
                terminalreporter.write_line(line)
