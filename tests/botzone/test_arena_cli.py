"""``koudiandian botzone arena``'s other runs: the 4 rotations, 144-tile walls, the report
as JSON on standard output, the logs to a file; and bad input, each refused with a message
(exit code 2) before a game is played, or, for a judge that fails, with its games stopped."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from koudiandian.botzone import botzone_check
from koudiandian.botzone.arena import arena, arena_bot, seatings
from koudiandian.botzone.spec import BotzoneBot
from koudiandian.cli import main
from koudiandian.errors import ArgumentTypeError, InvalidArgumentError

from tests.botzone.arena_bots import FOUR, JSON, SIMPLE


def test_four_rotations_on_flower_walls_with_the_report_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = tmp_path / "games.jsonl"
    argv = ["botzone", "arena", "--bots", *FOUR, "--walls", "2", "--orders", "4", "--flowers"]
    assert main([*argv, "--seed", "5", "--out", str(logs), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 8 and report["orders"] == 4 and report["flowers"] is True
    assert [sum(p) for p in report["wall_points"]] == [10, 10]
    assert report["logs"] == str(logs)
    games = [json.loads(line) for line in logs.read_text().splitlines()]
    assert len(games) == 8
    for n, g in enumerate(games):
        assert len(g["initdata"]["walltiles"].split()) == 144
        assert g["initdata"]["quan"] == n // 4 and g["initdata"]["srand"] == 5 + n // 4
        assert sum(g["log"][-1]["output"]["content"].values()) == 0
    # the rotations seat each bot once at each seat
    assert seatings(4) == [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)]
    assert main(["botzone", "check", str(logs)]) == 0


def test_the_library_takes_bot_objects_and_reports_games_in_play_order() -> None:
    seen: list[tuple[int, int, tuple[int, ...]]] = []
    progress: list[int] = []
    bots = [arena_bot(SIMPLE), BotzoneBot(JSON.split(), name="json bot"), SIMPLE, JSON]
    report = arena(
        bots,
        walls=1,
        orders=4,
        jobs=3,
        on_game=lambda g: seen.append((g.number, g.wall, g.seating)),
        progress=lambda done, total: progress.append(done),
    )
    assert seen == [(n, 0, s) for n, s in enumerate(seatings(4))]
    assert progress == [1, 2, 3, 4]
    assert report.names[1] == "json bot"
    assert report.endings() == {"HUANG": 4}
    assert [s.rank_points for s in report.standings] == [2.5] * 4


def test_keep_running_bots_play_their_games_through(tmp_path: Path) -> None:
    keep = Path(__file__).parent / "bots" / "runner_keep_simple.py"
    kept: list[str] = []
    spec = f"botzone-simple:{sys.executable} {keep}"
    report = arena(
        [spec, SIMPLE, spec, JSON],
        walls=1,
        orders=4,
        jobs=2,
        on_game=lambda g: kept.append(json.dumps(g.log.to_json())),
    )
    assert report.endings() == {"HUANG": 4}
    assert [botzone_check(k) for k in kept] == [[]] * 4


def _refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> str:
    out = tmp_path / "out"
    assert main(["botzone", "arena", *argv, "--out", f"{out}/"]) == 2
    assert not (out / "games.jsonl").exists() or not (out / "games.jsonl").read_text()
    return capsys.readouterr().err


def test_an_unknown_bot_program_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _refused(
        capsys, tmp_path, "--bots", SIMPLE, JSON, SIMPLE, "no-such-bot --x", "--walls", "1"
    )
    assert "bot 'no-such-bot --x': no program 'no-such-bot'" in err
    err = _refused(capsys, tmp_path, "--bots", "botzone-simple:", *FOUR[1:], "--walls", "1")
    assert "empty bot command" in err


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--walls", "0"], "--walls must be positive, got 0"),
        (["--walls", "-3"], "--walls must be positive, got -3"),
        (["--walls", "1", "--jobs", "0"], "--jobs must be positive, got 0"),
    ],
)
def test_counts_must_be_positive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str], message: str
) -> None:
    assert message in _refused(capsys, tmp_path, "--bots", *FOUR, *option)


@pytest.mark.parametrize(
    "argv",
    [
        ["--bots", *FOUR, "--walls", "1", "--orders", "6"],
        ["--bots", *FOUR[:3], "--walls", "1"],
        ["--bots", *FOUR],
        ["--bots", *FOUR, "--walls", "two"],
    ],
)
def test_malformed_options_exit_2(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["botzone", "arena", *argv])
    assert e.value.code == 2


def test_a_log_file_that_cannot_be_written_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "missing" / "games.jsonl"
    argv = ["botzone", "arena", "--bots", *FOUR, "--walls", "1", "--out", str(out)]
    assert main(argv) == 2
    assert "No such file or directory" in capsys.readouterr().err


def test_a_judge_that_fails_stops_the_arena(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _refused(
        capsys, tmp_path, "--bots", *FOUR, "--walls", "1", "--orders", "4", "--judge", "false"
    )
    assert "judge 'false' exited with status 1" in err


def test_the_library_refuses_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="needs 4 bots"):
        arena(FOUR[:3], walls=1)
    with pytest.raises(InvalidArgumentError, match="needs 4 bots"):
        arena("abcd", walls=1)
    with pytest.raises(ArgumentTypeError, match="walls must be an int"):
        arena(FOUR, walls="2")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="walls must be at least 1, not 0"):
        arena(FOUR, walls=0)
    with pytest.raises(InvalidArgumentError, match="orders must be 24 or 4, not 12"):
        arena(FOUR, walls=1, orders=12)
    with pytest.raises(ArgumentTypeError, match="seed must be an int"):
        arena(FOUR, walls=1, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="jobs must be at least 1"):
        arena(FOUR, walls=1, jobs=0)
    with pytest.raises(ArgumentTypeError, match="a bot is a BotzoneBot or a command"):
        arena([*FOUR[:3], 7], walls=1)  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="judge must make"):
        arena(FOUR, walls=1, judge=3)  # type: ignore[arg-type]
