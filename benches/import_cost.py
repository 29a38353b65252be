"""What ``import koudiandian`` costs: the time and resident memory of a fresh interpreter
that imports it, and the share of the lookup tables measured on their own (medians over
several interpreters)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

import koudiandian as kdd

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
