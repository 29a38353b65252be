"""What a new user trips over (issue 14): the package's surfaces around the engine."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from typing import Any

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
from koudiandian.bots import GreedyBot
from koudiandian.play import play_terminal


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


def _play(seed: int, *, seat: int = 0, answers: list[str] | None = None, **kw: Any) -> str:
    """The text of a game played in the terminal by a person who answers ``answers`` and
    then always picks the first option."""
    out = io.StringIO()
    replies = iter(answers or [])
    options: dict[str, Any] = {
        "rules": Rules(),
        "bots": ["greedy"] * 3,
        "style": "mpsz",
        "match": False,
    }
    options.update(kw)
    code = play_terminal(
        seed=seed, seat=seat, out=out, read=lambda: next(replies, "1") + "\n", **options
    )
    assert code == 0
    return out.getvalue()


def _first_option_game(seed: int, seat: int) -> Game:
    """The game :func:`_play` plays: greedy bots, and the person always picking option 1."""
    game = Game(Rules(), seed=seed)
    bots = [GreedyBot() for _ in range(4)]
    while not game.is_over:
        s = game.to_act[0]
        legal = game.legal_actions(s)
        game.step(s, legal[0] if s == seat else bots[s].act(game.view(s), legal))
    return game


@pytest.mark.parametrize("seed, seat", [(3, 0), (11, 2)])
def test_play_reports_every_bot_action(seed: int, seat: int) -> None:
    text = _play(seed, seat=seat)
    game = _first_option_game(seed, seat)
    bot_events = [
        e
        for e in game.events_for(seat)
        if e.get("seat") not in (None, seat) and e["type"] not in ("draw", "answer")
    ]
    reported = [line for line in text.splitlines() if re.search(r"· seat \d ", line)]
    assert len(reported) == len(bot_events)
    assert any(e["type"] in ("pong", "kong") for e in bot_events)  # a claim happened
    discards = [e for e in bot_events if e["type"] == "discard"]
    assert sum(" discards " in line or " declares " in line for line in reported) == len(discards)
