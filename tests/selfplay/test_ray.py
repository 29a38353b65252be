"""The Ray backend (the ``[ray]`` extra) on a local two-CPU cluster that the test starts:
the same summary and log, bit for bit, as a local run with the same seed; progress from
finished chunks; the command line."""

from __future__ import annotations

import functools
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from koudiandian import InvalidArgumentError, Rules, simulate
from koudiandian.bots import RandomBot

ray = pytest.importorskip("ray")


# A bot factory the Python loop plays (not a built-in one), importable on Ray's workers
# (a factory defined in this test module would not be: see docs/scale-out.md).
python_random = functools.partial(RandomBot)


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rules": Rules.preset("taiyuan"), "bots": "greedy,random,greedy,random"},
        {"rules": Rules.preset("hebei"), "bots": "greedy", "match": 2},
        {
            "rules": Rules.preset("changsha"),
            "bots": "random,greedy,greedy,greedy",
            "duplicate": True,
        },
        {"rules": Rules.preset("taiyuan"), "bots": [python_random, "greedy"] * 2},
    ],
)
def test_ray_gives_the_local_summary_and_log(cluster: None, kwargs: dict[str, Any]) -> None:
    done: list[tuple[int, int]] = []
    ray_log, local_log = io.StringIO(), io.StringIO()
    on_ray = simulate(
        90,
        seed=21,
        backend="ray",
        log=ray_log,
        progress=lambda d, t: done.append((d, t)),
        **kwargs,
    )
    local = simulate(90, seed=21, log=local_log, **kwargs)
    assert on_ray.comparable() == local.comparable()
    assert ray_log.getvalue() == local_log.getvalue()
    assert on_ray.backend == "ray" and on_ray.workers == 2
    assert len(done) > 1 and done[-1] == (90, 90)
    assert [d for d, _ in done] == sorted(d for d, _ in done)


def test_an_existing_connection_and_an_address_conflict(cluster: None) -> None:
    with pytest.raises(InvalidArgumentError, match="already connected"):
        simulate(4, backend="ray", address="auto")


def test_the_command_line_runs_on_ray() -> None:
    # A run of its own: the command line starts a local cluster and stops it.
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "koudiandian",
            "simulate",
            "--hands",
            "40",
            "--bots",
            "greedy",
            "--backend",
            "ray",
            "--json",
            "--seed",
            "5",
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    ).stdout
    on_ray = json.loads(out)
    local = simulate(40, bots="greedy", seed=5).to_dict()
    assert on_ray["backend"] == "ray"
    for key in ("seconds", "startup_seconds", "hands_per_second", "workers", "backend"):
        del on_ray[key], local[key]
    assert on_ray == local
