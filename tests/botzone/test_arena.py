"""``koudiandian botzone arena`` on 2 walls × 24 seatings (48 games) of fast bots: every
game judged as the judge does (its log re-judged agrees), scores summing to 0 in every game,
rank points 10 a wall, the report's fields, the walls and seatings as the format says."""

from __future__ import annotations

import contextlib
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from koudiandian.botzone import botzone_check
from koudiandian.botzone.arena import seatings
from koudiandian.botzone.walls import seeded_walltiles
from koudiandian.cli import main

from tests.botzone.arena_bots import FOUR

SEED = 7


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The arena run once on the command line: its output directory and standard output."""
    out = tmp_path_factory.mktemp("arena") / "run"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(
            ["botzone", "arena", "--bots", *FOUR, "--walls", "2", "--seed", str(SEED)]
            + ["--jobs", "2", "--out", f"{out}/"]
        )
    assert code == 0
    return out, printed.getvalue()


def _games(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]


def test_every_game_is_kept_and_judged_again_without_a_difference(
    played: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = played
    lines = (out / "games.jsonl").read_text().splitlines()
    assert len(lines) == 48
    for line in lines:
        assert botzone_check(line) == []
    assert main(["botzone", "check", str(out / "games.jsonl")]) == 0
    assert "48 of 48 games agree" in capsys.readouterr().out
    assert main(["replay", str(out / "games.jsonl")]) == 0
    assert "48 hand(s) replayed and verified" in capsys.readouterr().out


def test_the_walls_are_seeded_and_the_wind_goes_east_to_north(played: tuple[Path, str]) -> None:
    games = _games(played[0])
    for n, g in enumerate(games):
        wall = n // 24
        assert g["initdata"]["walltiles"] == seeded_walltiles(SEED + wall)
        assert g["initdata"]["quan"] == wall
    assert games[0]["initdata"]["walltiles"] != games[24]["initdata"]["walltiles"]


def test_scores_sum_to_zero_in_every_game(played: tuple[Path, str]) -> None:
    for g in _games(played[0]):
        end = g["log"][-1]["output"]
        assert end["command"] == "finish"
        assert sum(end["content"].values()) == 0


def test_rank_points_are_ten_a_wall_and_the_report_adds_up(played: tuple[Path, str]) -> None:
    out, _ = played
    report = json.loads((out / "report.json").read_text())
    assert report["games"] == 48 and report["walls"] == 2 and report["orders"] == 24
    assert report["seed"] == SEED and report["flowers"] is False
    assert report["bots"] == list(FOUR)
    assert report["logs"] == str(out / "games.jsonl")
    assert [sum(points) for points in report["wall_points"]] == [10, 10]
    standings = {s["bot"]: s for s in report["standings"]}
    assert sum(s["rank_points"] for s in standings.values()) == 20
    # each bot's scores from the logs, through the seatings in play order
    totals = [0, 0, 0, 0]
    by_wall = [[0] * 4 for _ in range(2)]
    games = _games(out)
    for n, g in enumerate(games):
        seating = seatings(24)[n % 24]
        for seat, bot in enumerate(seating):
            score = g["log"][-1]["output"]["content"][str(seat)]
            totals[bot] += score
            by_wall[n // 24][bot] += score
    assert report["wall_scores"] == by_wall
    for b in range(4):
        s = standings[b]
        assert s["name"] == FOUR[b] and s["games"] == 48
        assert s["total_score"] == totals[b]
        assert s["mean_score"] == pytest.approx(totals[b] / 48)
        low, high = s["ci95"]
        assert low <= s["mean_score"] <= high
    # the two bots that never answer wrongly share first place on each wall; the WA bot
    # and the WH bot end the games between them and share the last two places
    assert [standings[b]["rank_points"] for b in range(4)] == [7, 7, 3, 3]
    assert [standings[b]["place"] for b in range(4)] == [1, 1, 3, 3]
    assert [standings[b]["verdicts"] for b in range(4)] == [{}, {}, {"WA": 24}, {"WH": 24}]
    assert report["endings"] == {"WA": 24, "WH": 24}
    assert all(s["wins"] == 0 and s["deal_ins"] == 0 for s in standings.values())
    assert [s["place"] for s in report["standings"]] == [1, 1, 3, 3]


def test_each_wall_seats_every_bot_at_every_seat_six_times(played: tuple[Path, str]) -> None:
    report = json.loads((played[0] / "report.json").read_text())
    assert report["games"] == 48
    orders = seatings(24)
    assert len(set(orders)) == 24
    assert Counter((seat, bot) for o in orders for seat, bot in enumerate(o)) == {
        (s, b): 6 for s in range(4) for b in range(4)
    }


def test_the_table_names_every_bot(played: tuple[Path, str]) -> None:
    table = played[1]
    for name in FOUR:
        assert name in table
    assert "48 games: 2 walls × 24 seatings (seed 7); endings: WA 24, WH 24" in table
