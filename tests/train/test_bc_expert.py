"""Behaviour cloning (examples/bc_expert.py, torch): the NumPy policy computes what the torch
network it was exported from computes, and the example runs end to end, the same weights for
the same seed. Skipped without torch, unless KOUDIANDIAN_REQUIRE_TRAIN=1 (then failing)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from tests.support.train_extra import require

torch = require("torch")

from koudiandian.rl import OBS_SHAPES  # noqa: E402
from koudiandian.rl.dataset import Dataset  # noqa: E402
from koudiandian.rl.policy import Policy  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bc_expert.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bc_expert", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("hidden", [[], [24], [24, 16]])
def test_numpy_forward_equals_torch_forward(hidden: list[int], tmp_path: Path) -> None:
    bc = _example()
    torch.manual_seed(3)
    planes = OBS_SHAPES[bc.VERSION][0]
    scale = np.random.default_rng(0).uniform(0.1, 1.0, planes * 34).astype(np.float32)
    net = bc.Net(scale, planes, [6, 5], hidden, 252)
    for p in net.parameters():
        p.data.normal_(0.0, 0.3)
    net.policy({"seed": 3}).save(tmp_path / "p.npz")
    policy = Policy.load(tmp_path / "p.npz")
    obs = np.random.default_rng(1).integers(0, 5, (32, planes, 34), dtype=np.uint8)
    with torch.no_grad():
        expected = net(torch.from_numpy(obs)).numpy()
    got = policy.logits(obs)
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4 * np.abs(expected).max())
    mask = np.random.default_rng(2).random((32, 252)) < 0.1
    mask[:, 0] = True
    torch_choice = np.where(mask, expected, -np.inf).argmax(axis=1)
    assert (policy(obs, mask) == torch_choice).mean() > 0.95  # ties of float rounding aside


def _quick(out: Path, *extra: str) -> dict[str, object]:
    subprocess.run(
        [sys.executable, str(EXAMPLE), "--quick", "--out", str(out), *extra],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    summary: dict[str, object] = json.loads((out / "summary.json").read_text())
    return summary


def test_bc_expert_quick_runs_and_repeats(tmp_path: Path) -> None:
    first = _quick(tmp_path / "a")
    again = _quick(tmp_path / "b", "--threads", "2")
    # the same weights run after run, and whatever --threads (torch trains on one thread)
    assert first["weights_sha"] == again["weights_sha"]
    assert (first["threads"], again["threads"]) == (1, 2)
    # The held-out decisions (every tenth hand): the clone agrees with the expert more often
    # than a uniformly random legal choice would, even after the quick run's two epochs.
    data = Dataset(tmp_path / "a" / "dataset").arrays()
    mask = data["mask"][data["hand"] % 10 == 9]
    chance = float((1.0 / mask.sum(axis=1)).mean())
    assert float(first["agreement_held_out"]) > chance + 0.05  # type: ignore[arg-type]
    policy = Policy.load(tmp_path / "a" / "policy.npz")
    assert policy.version == "v3" and policy.meta["rules"] == "taiyuan"
