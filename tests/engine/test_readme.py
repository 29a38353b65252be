"""The README's examples are tests: every ``>>>`` block must run as written."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys

from tests.support import ROOT

README = ROOT / "README.md"


def test_readme_examples() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "README has no python examples"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    # One doctest for all blocks: later examples use earlier imports.
    test = parser.get_doctest("\n".join(blocks), {}, "README", str(README), 0)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} README example(s) failed"


def test_readme_passes_plain_doctest() -> None:
    """``python -m doctest README.md`` with no options: every output matches exactly."""
    done = subprocess.run(
        [sys.executable, "-m", "doctest", str(README)],
        capture_output=True,
        text=True,
        cwd=README.parent,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
