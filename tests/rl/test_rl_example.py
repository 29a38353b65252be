"""examples/train_policy.py runs (a few iterations, as CI runs it), and gives the same
figures for a seed whatever VecEnv's threads; examples/rl_figures.py runs every part and
prints them under the date and the machine."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from koudiandian.rl import DEFAULT_ACTION_SPACE, DEFAULT_VERSION

from tests.support import ROOT

EXAMPLE = ROOT / "examples" / "train_policy.py"
FIGURES = ROOT / "examples" / "rl_figures.py"


def _run(*args: str) -> str:
    if not EXAMPLE.exists():
        pytest.skip("examples/ is not in this tree (an installed wheel)")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--quick", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_train_policy_runs_briefly() -> None:
    done = _run()
    want = f"observation {DEFAULT_VERSION}, action space {DEFAULT_ACTION_SPACE}, taiyuan, seed 0"
    assert done.startswith(want), "the package's defaults"
    assert "iteration    3/3" in done
    assert "trained policy vs three random bots" in done
    assert "RandomBot objects via Game" in done
    for opponents in ("greedy", "expert"):
        assert f"trained policy vs three {opponents} bots:" in done


def test_train_policy_gives_the_same_figures_on_two_threads() -> None:
    def figures(out: str) -> str:  # without the timings and the thread count
        return re.sub(r", +[0-9.]+ s$|[0-9]+ thread\(s\)", "", out, flags=re.M)

    one, two = _run("--seed", "5"), _run("--seed", "5", "--threads", "2")
    assert "2 thread(s)" in two and "per hand" in one
    assert figures(one) == figures(two)


def test_rl_figures_runs_its_numpy_parts_briefly() -> None:
    if not FIGURES.exists():
        pytest.skip("examples/ is not in this tree (an installed wheel)")
    done = subprocess.run(
        # the NumPy parts (bc and ppo need torch: tests/train runs them)
        [sys.executable, str(FIGURES), "--quick", "train", "train-v1", "vecenv"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    out = done.stdout
    assert out.startswith("date: ") and "\nmachine: " in out and "koudiandian " in out
    assert out.count("trained policy vs three random bots") == 2  # the defaults and v1's
    assert "observation v1, action space 1" in out
    assert "M table decisions/s" in out
    bad = subprocess.run(
        [sys.executable, str(FIGURES), "nothing"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and "unknown part" in bad.stderr
