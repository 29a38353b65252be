"""``koudiandian replay`` reads every log the project writes (``simulate --log``, a hand of
the server's, ``Game.to_json``, ``Match.to_json``, ``Game.events``; one per line or one
document over several lines), says which it read, refuses a scoreboard or anything else
naming what it takes, and where a log stops replaying shows the view there of the seat
that acted, as the engine replays it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from koudiandian import Game, Match, Rules, Tile, format_tiles
from koudiandian.cli import main
from koudiandian.simulate import BOTS

#: The last line of a replay that read one shape.
VERIFIED = "{n} hand(s) replayed and verified, read as {shape}"
HANDS = "logged hands (simulate --log, GET /tables/{id}/hands/{hand})"


def _match(seed: int = 5, length: int = 2) -> Match:
    match = Match(Rules(), seed=seed, length=length)
    bots = [BOTS["greedy"](s) for s in range(4)]
    while not match.is_over:
        s = match.to_act[0]
        match.step(s, bots[s].act(match.game.view(s), match.legal_actions(s)))
    return match


def _replay(capsys: pytest.CaptureFixture[str], path: Path, text: str) -> tuple[int, str, str]:
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_simulate_log_is_read_as_logged_hands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "hands.jsonl"
    assert main(["simulate", "--hands", "3", "--quiet", "--log", str(log)]) == 0
    code, out, err = _replay(capsys, log, log.read_text())
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == VERIFIED.format(n=3, shape=HANDS)


@pytest.mark.parametrize("indent", [None, 2])
def test_a_game_a_list_of_events_and_a_servers_hand_each_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, indent: int | None
) -> None:
    """Each document on one line or pretty-printed over many: the same hand, verified."""
    game = _match().games[1]
    shapes: list[tuple[Any, str, str]] = [
        (json.loads(game.to_json()), "a game (Game.to_json)", "the hand"),
        (game.events, "a list of events (Game.events)", "the hand"),
        ({"hand": 1, "events": game.events}, HANDS, "hand 1"),  # GET /tables/{id}/hands/1
    ]
    assert game.result is not None
    for document, shape, label in shapes:
        code, out, err = _replay(capsys, tmp_path / "log.json", json.dumps(document, indent=indent))
        assert (code, err) == (0, ""), err
        first, last = out.splitlines()
        assert first.startswith(f"{label}: seat ") and first.endswith(
            f"deltas {list(game.result.deltas)}; verified"
        )
        assert last == VERIFIED.format(n=1, shape=shape)


def test_a_match_is_read_hand_by_hand_and_as_a_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = _match(length=3)
    code, out, err = _replay(capsys, tmp_path / "match.json", match.to_json())
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == ["hand 0", "hand 1", "hand 2"]
    assert lines[-1] == VERIFIED.format(n=3, shape="a match (Match.to_json)")
    # Each hand replays to itself, but not as the match deals it: another seed.
    saved = json.loads(match.to_json())
    saved["seed"] += 1
    code, out, err = _replay(capsys, tmp_path / "match.json", json.dumps(saved, indent=1))
    assert code == 2 and out.count("verified") == 3
    assert err.startswith(
        "koudiandian: error: the document from line 1: the match as a whole: hand 0, "
    )


def test_several_shapes_in_one_file_are_each_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _match().games[0]
    text = f"{json.dumps({'hand': 0, 'events': game.events})}\n{game.to_json()}\n"
    code, out, _ = _replay(capsys, tmp_path / "mixed.jsonl", text)
    assert code == 0
    assert out.splitlines()[-1] == (
        f"2 hand(s) replayed and verified, read as {HANDS}: 1; a game (Game.to_json): 1"
    )


def test_a_scoreboard_is_refused_with_where_its_hands_are(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("starlette")
    from koudiandian.server.record import match_record

    record = match_record("t1", _match(), shown=2, over=True)  # GET /tables/t1/record
    code, out, err = _replay(capsys, tmp_path / "record.json", json.dumps(record, indent=2))
    assert (code, out) == (2, "")
    assert err == (
        "koudiandian: error: the document from line 1: a match's scoreboard "
        "(GET /tables/{id}/record): it holds no events to replay; each hand's log is at "
        "GET /tables/{id}/hands/{hand}, and koudiandian replay takes those\n"
    )
    room = {"room": "123456", "matches": [record]}  # GET /rooms/123456/record
    code, _, err = _replay(capsys, tmp_path / "room.json", json.dumps(room))
    assert code == 2 and "a room's scoreboard (GET /rooms/{number}/record)" in err


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ('{"moves": [1, 2]}\n', "line 1: a JSON object of no known shape (keys moves)"),
        ("42\n", "line 1: a JSON int"),
        ("{not json\n", "line 1: not JSON: "),
        (
            '{"format": "koudiandian-game", "version": 9, "events": []}\n',
            "line 1: a game (Game.to_json) of version 9; this replay reads 1",
        ),
    ],
)
def test_anything_else_is_refused_naming_the_shapes_taken(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, what: str
) -> None:
    code, out, err = _replay(capsys, tmp_path / "other.json", text)
    assert (code, out) == (2, "")
    assert err.startswith(f"koudiandian: error: {what}") and err.count("\n") == 1
    if "of version" not in what:
        for shape in ("simulate --log", "Game.to_json", "Match.to_json", "Game.events"):
            assert shape in err


def test_an_illegal_decision_shows_the_deciders_view(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A discard of a tile the seat does not hold: its view there, the engine's, shows the
    hand it holds and what it may do, not the tile logged."""
    events = json.loads(json.dumps(_match().games[0].events))
    n, discard = next(
        (i, e) for i, e in enumerate(events) if e["type"] == "discard" and not e["auto"]
    )
    view = Game.replay(events[:n]).view(discard["seat"])
    absent = next(t for t in range(27) if Tile(t) not in view.hand)
    discard["tile"] = absent
    code, _, err = _replay(
        capsys, tmp_path / "bad.jsonl", json.dumps({"hand": 0, "events": events})
    )
    assert code == 2
    first, head, state, hand, discards, may = err.splitlines()
    assert first.startswith(f"koudiandian: error: line 1: hand 0: event {n} (discard) cannot be ")
    assert head == (
        f"  seat {discard['seat']}'s view (the seat of event {n}), as the engine replays it:"
    )
    assert state.startswith(f"    phase turn, seat {discard['seat']}'s turn, ")
    assert hand.startswith(f"    hand {format_tiles(view.hand)}")
    assert discards.startswith("    discards by seat: 0: ")
    assert may.startswith("    may: discard ") and f"discard {Tile(absent)}," not in may


def test_a_log_cut_short_shows_the_view_where_it_stops(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A hand whose last decisions are missing (its end kept): the view of the last seat to
    decide, where the log stops replaying."""
    events = _match().games[0].events
    cut = [*events[:30], events[-1]]
    code, _, err = _replay(capsys, tmp_path / "cut.jsonl", json.dumps({"hand": 0, "events": cut}))
    assert code == 2
    lines = err.splitlines()
    assert lines[0].startswith("koudiandian: error: line 1: hand 0: ")
    assert lines[1].startswith("  seat ") and "as the engine replays it:" in lines[1]
    assert len(lines) == 6
