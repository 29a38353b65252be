"""What a new user trips over (issue 14): the package's surfaces around the engine."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_main_module_runs_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import koudiandian.__main__"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
