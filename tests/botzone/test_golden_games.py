"""The golden Botzone games (tests/golden/botzone/games.jsonl.gz, judged by Botzone's official
judge; README.md there names the sources): each is a whole log in the judge's input format,
together they cover what the README says they cover, and koudiandian's judge gives every
output of each (botzone_check: no difference)."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

GAMES = Path(__file__).resolve().parents[1] / "golden" / "botzone" / "games.jsonl.gz"
ACTIONS = {"INIT", "DEAL", "DRAW", "BUHUA", "PLAY", "PENG", "CHI", "GANG", "BUGANG"}
ENDS = {"HU", "HUANG", "WA", "WH"}
PLATFORM_VERDICTS = {"TLE", "MLE", "OLE", "NJ", "RE"}


@cache
def games() -> list[dict[str, Any]]:
    with gzip.open(GAMES, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def outputs(game: dict[str, Any]) -> list[dict[str, Any]]:
    return [e["output"] for e in game["log"][0::2]]


def test_every_game_is_a_whole_log_in_the_judges_input_format() -> None:
    assert len(games()) >= 200
    for game in games():
        log = game["log"]
        assert set(game["initdata"]) == {"srand", "quan", "walltiles"}
        assert len(game["initdata"]["walltiles"].split()) in (136, 144)
        assert all(set(e) == {"output"} for e in log[0::2])
        for answers in log[1::2]:
            assert set(answers) <= {"0", "1", "2", "3"}
            assert all(set(a) == {"verdict", "response"} for a in answers.values())
        commands = [o["command"] for o in outputs(game)]
        assert commands[-1] == "finish" and set(commands[:-1]) <= {"request"}
        assert len(log) % 2 == 1
        scores = [outputs(game)[-1]["content"][str(s)] for s in range(4)]
        assert sum(scores) == 0, game["source"]
        assert game["source"]["judge"]["commit"] == "5e818212d833a74f0ed1f4e6fb24c5b533a48ef9"


def test_the_games_cover_every_action_end_and_win() -> None:
    actions: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    walls: Counter[int] = Counter()
    for game in games():
        outs = outputs(game)
        actions.update(o["display"]["action"] for o in outs)
        walls[len(game["initdata"]["walltiles"].split())] += 1
        last, before = outs[-1]["display"], outs[-2]["display"]
        if last["action"] == "HU":
            fans = {f["name"] for f in last["fan"]}
            kind = {"DRAW": "self-drawn", "BUGANG": "robbed kong"}.get(before["action"], "discard")
            wins[kind] += 1
            wins["杠上开花"] += "杠上开花" in fans
    assert ACTIONS | ENDS <= set(actions)
    assert PLATFORM_VERDICTS & set(actions)
    assert min(wins[k] for k in ("self-drawn", "discard", "robbed kong", "杠上开花")) > 0
    assert walls[136] > 0 and walls[144] > 0


def test_koudiandians_judge_gives_every_output_of_every_golden_game() -> None:
    from koudiandian.botzone import botzone_check

    for game in games():
        differences = botzone_check({"initdata": game["initdata"], "log": game["log"]})
        assert differences == [], (game["source"]["file"], game["source"]["seed"], differences[:3])
