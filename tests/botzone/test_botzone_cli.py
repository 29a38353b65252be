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
    """``koudiandian botzone convert ARGV``, errors raised (the botzone command's parser
    holds it)."""
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


#: A simple-interaction Botzone bot in sh (it starts in a millisecond): it plays the tile it
#: draws and passes on everything else, so its games end drawn.
DRAW_DISCARD_BOT = """read n
i=0
while [ "$i" -lt $((2 * n - 1)) ]; do read line; i=$((i + 1)); done
case "$line" in
  "2 "*) echo "PLAY ${line#2 }" ;;
  *) echo PASS ;;
esac
"""


def test_botzone_play_writes_logs_the_check_agrees_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "bot.sh"
    bot.write_text(DRAW_DISCARD_BOT)
    out = tmp_path / "games.jsonl"
    spec = f"botzone-simple:sh {bot}"
    assert (
        main(
            [
                "botzone",
                "play",
                spec,
                spec,
                spec,
                spec,
                "--games",
                "2",
                "--flowers",
                "--seed",
                "3",
                "--quan",
                "2",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(games) == 2
    for n, g in enumerate(games):
        assert g["initdata"]["quan"] == 2 and g["initdata"]["srand"] == 3 + n
        assert len(g["initdata"]["walltiles"].split()) == 144
        end = g["log"][-1]["output"]
        assert end["command"] == "finish" and end["display"]["action"] == "HUANG"
        actions = {e["output"]["display"]["action"] for e in g["log"][::2]}
        assert {"INIT", "DEAL", "DRAW", "PLAY", "BUHUA"} <= actions
    assert games[0]["initdata"]["walltiles"] != games[1]["initdata"]["walltiles"]
    assert "total scores by seat: +0 +0 +0 +0" in capsys.readouterr().err
    assert main(["botzone", "check", str(out)]) == 0
    assert "2 of 2 games agree" in capsys.readouterr().out


def test_botzone_play_refuses_no_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["botzone", "play", "a", "b", "c", "d", "--games", "0", "--out", str(tmp_path / "x")])
        == 2
    )
    assert "--games must be positive, got 0" in capsys.readouterr().err
