"""examples/rl_figures.py's torch parts (behaviour cloning, masked PPO, MaskablePPO) run and print
their figures under the date and the machine (their --quick modes, as CI runs them)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support import ROOT
from tests.support.train_extra import require

require("torch")

FIGURES = ROOT / "examples" / "rl_figures.py"


def test_rl_figures_runs_the_torch_parts_briefly() -> None:
    if not FIGURES.exists():
        pytest.skip("examples/ is not in this tree (an installed wheel)")
    done = subprocess.run(
        [sys.executable, str(FIGURES), "--quick", "bc", "ppo", "sb3"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    out = done.stdout
    assert out.startswith("date: ") and "\nmachine: " in out
    assert "skipped" not in out
    assert "agreement with expert:" in out and "duplicate play vs 3 greedy" in out
    assert "trained policy vs three greedy bots: mean reward" in out  # ppo
    assert "MaskablePPO('MlpPolicy')" in out and "random legal policy vs three greedy" in out
