"""The report of a ``server_memory.py`` run: the least-squares slope of its RSS samples (KB per
hand), the report as JSON (written by ``--json``, read back by ``--plot-add``) and the SVG line
chart of one or more runs' samples (MB against hands) with each fitted line from the warm-up
on.
"""

from __future__ import annotations

import json
import math
from html import escape
from pathlib import Path
from typing import Any


def fit(points: list[tuple[int, int]]) -> tuple[float, float]:
    """The least-squares line through ``points`` (hands, KB): (slope in KB per hand,
    intercept in KB); NaNs if there are fewer than two."""
    n = len(points)
    if n < 2:
        return float("nan"), float("nan")
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if not sxx:
        return float("nan"), float("nan")
    b = sum((x - mx) * (y - my) for x, y in points) / sxx
    return b, my - b * mx


def slope(points: list[tuple[int, int]]) -> float:
    """The least-squares slope of ``points`` (hands, KB): KB per hand."""
    return fit(points)[0]


# -- the chart ----------------------------------------------------------------------------

_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def _ticks(hi: float, n: int = 6) -> tuple[float, list[float]]:
    """A round top at or above ``hi`` (> 0) and the ticks from 0 to it, about ``n``."""
    raw = hi / n
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    top = math.ceil(hi / step - 1e-9) * step
    return top, [i * step for i in range(int(round(top / step)) + 1)]


def _number(v: float) -> str:
    return f"{v:,.0f}" if v == int(v) else f"{v:,.1f}"


def _who(report: dict[str, Any]) -> str:
    if report.get("mode", "tables") != "tables":
        return "the client at seat 0 of every room"
    every = report.get("people_every", 4)
    return "no person" if not every else f"the client at seat 0 of every {every}th table"


def _run_lines(report: dict[str, Any]) -> tuple[str, str]:
    """A run's settings and figures, in two lines of the legend."""
    rss = report.get("rss_mb", {})
    return (
        f"{report.get('label') or '?'}: {report.get('mode', 'tables')}, "
        f"{report.get('concurrent_tables')} at once, {report.get('per_table', 8)}-hand "
        f"matches, {_who(report)}; {report.get('hands', 0):,} hands in "
        f"{report.get('seconds')} s",
        f"RSS {rss.get('at_start')} MB at the start, {rss.get('at_warmup')} MB at the warm-up "
        f"({report.get('warmup_hands', 1000):,} hands), {rss.get('at_end')} MB at the end; "
        f"slope after the warm-up {report.get('slope_kb_per_hand_after_warmup')} KB/hand",
    )


def svg_chart(reports: list[dict[str, Any]]) -> str:
    """The RSS samples of ``reports`` (MB against hands played) as a self-contained SVG
    line chart: axes, ticks, a title naming the first run's settings, a legend line per
    run, and each run's least-squares line from its warm-up on (dashed)."""
    width, left, right, top = 900, 70, 40, 70
    plot_h = 380
    legend_h = 34 * len(reports) + 10
    height = top + plot_h + 48 + legend_h
    plot_w = width - left - right
    max_h = max(max(h for h, _ in r["samples"]) for r in reports) or 1
    max_mb = max(max(kb for _, kb in r["samples"]) for r in reports) / 1024 or 1
    x_top, x_ticks = _ticks(max_h)
    y_top, y_ticks = _ticks(max_mb * 1.05)

    def x(h: float) -> float:
        return left + plot_w * h / x_top

    def y(mb: float) -> float:
        return top + plot_h * (1 - mb / y_top)

    first = reports[0]
    title = "koudiandian serve: resident memory (VmRSS) against hands played"
    subtitle = (
        f"{first.get('mode', 'tables')}: {first.get('concurrent_tables')} tables at once, "
        f"{first.get('per_table', 8)}-hand matches of greedy bots (bot_delay 0, claim wait 0), "
        f"{_who(first)} acting at once",
        f"{first.get('hands', 0):,} hands; RSS sampled every {first.get('sample_every', 500)} "
        "hands; dashed: the least-squares line from the warm-up on",
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15" '
        f'font-weight="bold">{escape(title)}</text>',
        f'<text x="{width / 2}" y="39" text-anchor="middle" font-size="11">'
        f"{escape(subtitle[0])}</text>",
        f'<text x="{width / 2}" y="53" text-anchor="middle" font-size="11">'
        f"{escape(subtitle[1])}</text>",
    ]
    for v in y_ticks:
        out.append(
            f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + plot_w}" y2="{y(v):.1f}" '
            f'stroke="#e5e5e5"/>'
        )
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{_number(v)}</text>')
    for v in x_ticks:
        out.append(
            f'<line x1="{x(v):.1f}" y1="{top}" x2="{x(v):.1f}" y2="{top + plot_h}" '
            f'stroke="#f0f0f0"/>'
        )
        out.append(
            f'<line x1="{x(v):.1f}" y1="{top + plot_h}" x2="{x(v):.1f}" '
            f'y2="{top + plot_h + 5}" stroke="black"/>'
        )
        out.append(
            f'<text x="{x(v):.1f}" y="{top + plot_h + 18}" text-anchor="middle">{_number(v)}</text>'
        )
    out.append(
        f'<polyline points="{left},{top} {left},{top + plot_h} {left + plot_w},{top + plot_h}" '
        f'fill="none" stroke="black"/>'
    )
    out.append(
        f'<text x="{left + plot_w / 2}" y="{top + plot_h + 36}" text-anchor="middle">'
        f"hands played</text>"
    )
    out.append(
        f'<text x="18" y="{top + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 18 {top + plot_h / 2})">RSS (MB)</text>'
    )
    for i, r in enumerate(reports):
        colour = _COLOURS[i % len(_COLOURS)]
        points = [(int(h), int(kb)) for h, kb in r["samples"]]
        line = " ".join(f"{x(h):.1f},{y(kb / 1024):.1f}" for h, kb in points)
        out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="1.6"/>')
        for h, kb in points:
            out.append(f'<circle cx="{x(h):.1f}" cy="{y(kb / 1024):.1f}" r="1.8" fill="{colour}"/>')
        warmup = int(r.get("warmup_hands", 1000))
        tail = [p for p in points if p[0] >= warmup]
        b, a = fit(tail)
        if tail and math.isfinite(b):
            h0, h1 = tail[0][0], tail[-1][0]
            out.append(
                f'<line x1="{x(h0):.1f}" y1="{y((a + b * h0) / 1024):.1f}" x2="{x(h1):.1f}" '
                f'y2="{y((a + b * h1) / 1024):.1f}" stroke="black" stroke-width="1" '
                f'stroke-dasharray="6 4"/>'
            )
            out.append(
                f'<line x1="{x(warmup):.1f}" y1="{top}" x2="{x(warmup):.1f}" '
                f'y2="{top + plot_h}" stroke="{colour}" stroke-dasharray="2 3" '
                f'stroke-width="0.8"/>'
            )
            out.append(
                f'<text x="{x(warmup) + 3:.1f}" y="{top + 12 + 12 * i}" font-size="10" '
                f'fill="{colour}">warm-up ({warmup:,})</text>'
            )
        ly = top + plot_h + 58 + 34 * i
        out.append(
            f'<line x1="{left}" y1="{ly - 4}" x2="{left + 24}" y2="{ly - 4}" '
            f'stroke="{colour}" stroke-width="2.5"/>'
        )
        first_line, second_line = _run_lines(r)
        out.append(f'<text x="{left + 30}" y="{ly}" font-size="11">{escape(first_line)}</text>')
        out.append(
            f'<text x="{left + 30}" y="{ly + 14}" font-size="11">{escape(second_line)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def read_report(path: str) -> dict[str, Any]:
    """A run's JSON report from ``path`` (the file ``--json`` wrote, or the run's printed
    output: the first JSON object in it), with its samples."""
    text = Path(path).read_text()
    report, _ = json.JSONDecoder().raw_decode(text[text.index("{") :])
    if not isinstance(report, dict) or not report.get("samples"):
        raise SystemExit(f"{path}: no report with samples (a run of this script with --json)")
    return report


def report_text(report: dict[str, Any]) -> str:
    """The report as JSON: indented, its samples one row of pairs."""
    rest = {k: v for k, v in report.items() if k != "samples"}
    body = json.dumps(rest, indent=1, ensure_ascii=False)
    return body[:-2] + ',\n "samples": ' + json.dumps(report["samples"]) + "\n}\n"
