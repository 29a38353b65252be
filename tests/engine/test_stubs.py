"""The hand-written stubs of the Rust extension (python/koudiandian/_core.pyi) agree with the
compiled module, checked by mypy's stubtest."""

from __future__ import annotations

import subprocess
import sys


def test_core_stubs_match_extension():
    proc = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "koudiandian._core"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, f"stubtest failed:\n{proc.stdout}\n{proc.stderr}"
