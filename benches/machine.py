"""The date and the machine that a script's figures were measured on, printed above them
(``speed_figures.py``, ``examples/rl_figures.py``)."""

from __future__ import annotations

import datetime
import os
import platform
import subprocess
from pathlib import Path

import koudiandian as kdd
import numpy as np


def machine() -> str:
    """The date (UTC) and the machine: CPU model and count, load, system, Python, the
    package's version and commit."""
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            cwd=Path(__file__).parent,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "?"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"date: {now}\n"
        f"machine: {os.cpu_count()} CPUs ({model}), load average {load}; "
        f"{platform.system()} {platform.release()}; Python {platform.python_version()}, "
        f"numpy {np.__version__}, koudiandian {kdd.__version__} ({commit})"
    )
