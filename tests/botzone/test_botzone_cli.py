"""Botzone logs on the command line: ``koudiandian replay`` takes one as it takes any log,
and ``koudiandian botzone convert`` turns one into the engine's game and back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from koudiandian import Game
from koudiandian.botzone import botzone_log, read_botzone_log
from koudiandian.cli import main
from koudiandian.cli.botzone_convert import add_botzone_convert
from koudiandian.cli.options import Parser
from koudiandian.errors import BotzoneInputError

from tests.botzone.test_convert import played


def _convert(*argv: str) -> int:
    """``koudiandian botzone convert ARGV`` (the botzone command's parser holds it)."""
    p = Parser(prog="koudiandian botzone")
    add_botzone_convert(p.add_subparsers(dest="command", parser_class=Parser))
    args = p.parse_args(["convert", *argv])
    return int(args.run(args))


def test_replay_takes_a_botzone_log_in_each_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played(11)
    log = botzone_log(game.events)
    judge_input = tmp_path / "input.json"
    judge_input.write_text(log.to_json(indent=2))  # one document over several lines
    entries = json.loads(log.to_json())["log"]
    entries[0]["output"]["initdata"] = log.initdata  # a match page's list: initdata inside
    page = tmp_path / "page.json"
    page.write_text(json.dumps(entries))
    lines = tmp_path / "games.jsonl"
    lines.write_text(log.to_json() + "\n" + botzone_log(played(12).events).to_json() + "\n")
    assert main(["replay", str(judge_input)]) == 0
    out = capsys.readouterr().out
    assert "the Botzone game: " in out and f"deltas {list(game.result.deltas)}" in out
    assert "1 hand(s) replayed and verified, read as a Botzone log" in out
    assert main(["replay", str(page)]) == 0
    assert "read as a Botzone log" in capsys.readouterr().out
    assert main(["replay", str(lines)]) == 0
    assert "2 hand(s) replayed and verified" in capsys.readouterr().out


def test_replay_names_where_a_botzone_log_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads(botzone_log(played(11).events).to_json())
    document["log"][5] = document["log"][4]  # an output where the answers are due
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 1: a Botzone log" in err and "log[5] (turn 3) is a judge's output" in err


def test_convert_both_ways(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = played(13)
    source = tmp_path / "game.json"
    source.write_text(game.to_json())
    log_file = tmp_path / "botzone.json"
    assert _convert(str(source), "--to", "botzone", "--out", str(log_file)) == 0
    log = read_botzone_log(log_file.read_text())
    assert log == botzone_log(game.events)
    engine_file = tmp_path / "engine.json"
    assert _convert(str(log_file), "--to", "engine", "--out", str(engine_file)) == 0
    again = Game.from_json(engine_file.read_text())
    assert again.result == game.result
    assert _convert(str(log_file), "--to", "engine") == 0  # to standard output
    assert Game.from_json(capsys.readouterr().out).result == game.result


def test_convert_checks_the_logged_outputs_unless_told_not_to(tmp_path: Path) -> None:
    document = json.loads(botzone_log(played(13).events).to_json())
    document["log"][2]["output"]["content"]["0"] = "1 0 0 0 0 W1"  # the deal, changed
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(document))
    with pytest.raises(BotzoneInputError, match="turn 2: the log's judge gave content"):
        _convert(str(source), "--to", "engine", "--out", str(tmp_path / "out.json"))
    assert _convert(str(source), "--to", "engine", "--no-check", "--out", str(tmp_path / "o")) == 0


def test_convert_asks_for_a_hand_the_log_has(tmp_path: Path) -> None:
    source = tmp_path / "game.json"
    source.write_text(played(13).to_json())
    with pytest.raises(Exception, match="hand 1 asked for; .* holds 1"):
        _convert(str(source), "--to", "botzone", "--hand", "1")
