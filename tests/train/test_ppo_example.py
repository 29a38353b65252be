"""examples/ppo_masked.py runs (its --quick mode, as CI runs it)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.support import ROOT
from tests.support.train_extra import require

require("torch")

EXAMPLE = ROOT / "examples" / "ppo_masked.py"


def test_ppo_masked_runs_quickly() -> None:
    if not EXAMPLE.exists():
        pytest.skip("examples/ is not in this tree (an installed wheel)")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--quick", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert re.search(r"iteration +2/2", done.stdout)
    for opponents in ("greedy", "random"):
        for who in ("trained policy", "random legal policy"):
            assert re.search(
                rf"{who} vs three {opponents} bots: mean reward [+-]\d+\.\d\d ± \d+\.\d\d",
                done.stdout,
            ), done.stdout
