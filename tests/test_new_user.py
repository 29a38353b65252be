"""What a new user trips over (issue 14): the package's surfaces around the engine."""

from __future__ import annotations

import subprocess
import sys

import pytest
from koudiandian import Match, Rules


def test_importing_the_main_module_runs_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import koudiandian.__main__"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_match_scores_cannot_be_changed_from_outside() -> None:
    m = Match(Rules(), seed=5, length=2)
    while not m.is_over:
        seat = m.to_act[0]
        m.step(seat, m.legal_actions(seat)[0])
    scores = m.scores
    assert isinstance(scores, tuple) and len(scores) == 4 and sum(scores) == 0
    with pytest.raises(TypeError):
        m.scores[0] = 999  # type: ignore[index]
    assert m.scores == scores
    assert m.scores == tuple(sum(r.deltas[s] for r in m.results) for s in range(4))
