"""A log that does not replay to itself: every place that replays a log and compares it
(``koudiandian replay``, ``Game.replay``, ``Match.from_json``, the server's ``POST /replay``)
names the hand, the event and the first field that differs, with both values, in a line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from koudiandian import Game, InvalidEventLogError, Match, Rules, Tile
from koudiandian.cli import main
from koudiandian.simulate import BOTS


def _tampered(path: Path) -> tuple[dict[str, Any], int, int, int]:
    """A logged hand with a payment and the first such line's ``end_hand`` edited: its
    ``result.transfers[k].amount`` is one more. Returns the entry, the end event's number,
    ``k`` and the amount the engine pays."""
    assert main(["simulate", "--hands", "10", "--quiet", "--log", str(path)]) == 0
    for line in path.read_text().splitlines():
        entry = json.loads(line)
        end = entry["events"][-1]
        if len(end["result"]["transfers"]) > 2:
            k = 2
            amount = end["result"]["transfers"][k]["amount"]
            end["result"]["transfers"][k]["amount"] = amount + 1
            path.write_text(json.dumps(entry) + "\n")
            return entry, len(entry["events"]) - 1, k, amount
    raise AssertionError("no hand with three transfers in ten")


def test_cli_replay_names_the_hand_event_and_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "tampered.jsonl"
    entry, n, k, amount = _tampered(log)
    capsys.readouterr()
    code = main(["replay", str(log)])
    _, err = capsys.readouterr()
    assert code == 2
    first, *view = err.splitlines()
    assert first == (
        f"koudiandian: error: line 1: hand {entry['hand']}: the log does not replay to itself: "
        f"event {n} (end_hand) differs at result.transfers[{k}].amount: "
        f"logged {amount + 1}, replayed {amount}"
    )
    # then, in brief, the view of the last seat to decide (the winner's, or the discarder's)
    assert view[0].startswith("  seat ") and "the last to decide before event" in view[0]
    assert "the hand is over" in view[1] and len(view) <= 5


def test_a_tampered_draw_names_its_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "hands.jsonl"
    assert main(["simulate", "--hands", "1", "--quiet", "--log", str(log)]) == 0
    entry = json.loads(log.read_text())
    n, draw = next((i, e) for i, e in enumerate(entry["events"]) if e["type"] == "draw")
    tile = draw["tile"]
    draw["tile"] = (tile + 1) % 34
    log.write_text(json.dumps(entry) + "\n")
    capsys.readouterr()
    assert main(["replay", str(log)]) == 2
    err = capsys.readouterr().err
    first, *view = err.splitlines()
    assert first.endswith(
        f"event {n} (draw) differs at tile: logged {(tile + 1) % 34}, replayed {tile}"
    )
    assert len(first) < 300 and len(view) <= 5
    # the drawer's view, as the engine replays it: the tile it drew, not the one logged
    assert (
        view[0]
        == f"  seat {draw['seat']}'s view (the seat of event {n}), as the engine replays it:"
    )
    assert f"(drew {Tile(tile)})" in view[2]


def test_game_and_match_replay_name_the_field() -> None:
    match = Match(Rules(), seed=5, length=2)
    bots = [BOTS["greedy"](s) for s in range(4)]
    while not match.is_over:
        s = match.to_act[0]
        match.step(s, bots[s].act(match.game.view(s), match.legal_actions(s)))
    saved = json.loads(match.to_json())
    end = saved["games"][1][-1]
    deltas = end["result"]["deltas"]
    end["result"]["deltas"] = [d + 1 for d in deltas]
    where = (
        f"event {len(saved['games'][1]) - 1} (end_hand) differs at result.deltas[0]: "
        f"logged {deltas[0] + 1}, replayed {deltas[0]}"
    )
    with pytest.raises(InvalidEventLogError) as game_error:
        Game.replay(saved["games"][1])
    assert str(game_error.value).endswith(where)
    with pytest.raises(InvalidEventLogError) as match_error:
        Match.from_json(json.dumps(saved))
    assert str(match_error.value) == f"hand 1, the log does not replay to itself: {where}"


def test_the_servers_replay_names_the_field(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from koudiandian.server import create_app
    from starlette.testclient import TestClient

    log = tmp_path / "tampered.jsonl"
    _, n, k, amount = _tampered(log)
    with TestClient(create_app(":memory:", bot_delay=0)) as client:
        r = client.post("/replay", content=log.read_bytes())
    assert r.status_code == 400 and r.json()["error"] == "InvalidEventLogError"
    assert r.json()["message"].endswith(
        f"event {n} (end_hand) differs at result.transfers[{k}].amount: "
        f"logged {amount + 1}, replayed {amount}"
    )
