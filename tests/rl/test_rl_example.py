"""examples/train_policy.py runs (a few iterations, as CI runs it)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support import ROOT

EXAMPLE = ROOT / "examples" / "train_policy.py"


def test_train_policy_runs_briefly() -> None:
    if not EXAMPLE.exists():
        pytest.skip("examples/ is not in this tree (an installed wheel)")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "iteration    3/3" in done.stdout
    assert "trained policy vs three random bots" in done.stdout
    assert "RandomBot objects via Game" in done.stdout
    for opponents in ("greedy", "expert"):
        assert f"trained policy vs three {opponents} bots:" in done.stdout
