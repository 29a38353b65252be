"""What a new user trips over (issue 14): the package's surfaces around the engine."""

from __future__ import annotations

import subprocess
import sys

import pytest
from koudiandian import (
    Action,
    ActionKind,
    Game,
    IllegalActionError,
    InvalidEventLogError,
    Match,
    Rules,
)


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


@pytest.mark.parametrize("tile", [99, 34, -1])
def test_an_action_with_a_tile_out_of_range_names_it(tile: int) -> None:
    with pytest.raises(IllegalActionError, match=f"^invalid tile {tile}; expected 0–33$"):
        Action(ActionKind.DISCARD, tile)
    with pytest.raises(IllegalActionError, match="DISCARD needs a tile, got None"):
        Action(ActionKind.DISCARD)


def test_a_replayed_discard_out_of_range_names_the_tile() -> None:
    game = Game(Rules(), seed=2)
    game.step(0, Action(ActionKind.DISCARD, game.view(0).hand[0]))
    events = game.events
    discard = next(e for e in events if e["type"] == "discard")
    discard["tile"] = 99
    with pytest.raises(InvalidEventLogError, match="invalid tile 99; expected 0–33"):
        Game.replay(events)
