"""``koudiandian replay``'s line per hand says what the win was worth as the profile scores
it (its score items: 点数 × factors, 番 added, the factors of hebei, changsha's 小胡 or 大胡),
never a constant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from koudiandian import Game
from koudiandian.cli import main


def _formula(items: list[dict[str, object]], profile: str) -> str:
    """The items as the test expects them written: names alone for changsha (they name the
    win), else each name with its value, ``+`` or ``×`` between, and the total."""
    if profile == "changsha":
        return " + ".join(str(i["chinese"]) for i in items)
    text, total = "", 0
    for i in items:
        value = int(str(i["value"]))
        if i["combine"] == "base":
            text, total = f"{i['chinese']} {value}", value
        elif i["combine"] == "add":
            text, total = text + f" + {i['chinese']} {value}", total + value
        else:
            text, total = text + f" × {i['chinese']} {value}", total * value
    return text + (f" = {total}" if len(items) > 1 else "")


@pytest.mark.parametrize("profile", ["taiyuan", "queyimen", "hebei", "changsha"])
def test_replay_prints_each_wins_score_items(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, profile: str
) -> None:
    log = tmp_path / "hands.jsonl"
    args = ["simulate", "--hands", "12", "--quiet", "--bots", "greedy", "--rules", profile]
    assert main([*args, "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert all("p=" not in line for line in out), out
    won = 0
    for line, text in zip(out, log.read_text().splitlines(), strict=False):
        entry = json.loads(text)
        result = Game.replay(entry["events"]).result
        assert result is not None
        if result.winner is None:
            assert line == f"hand {entry['hand']}: drawn, deltas {list(result.deltas)}; verified"
            continue
        won += 1
        for win in result.wins:
            items = [i.to_dict() for i in win.score_items]
            assert (
                f"seat {win.seat} won ({win.kind.value}) with {win.tile}: "
                f"{_formula(items, profile)}"
            ) in line, line
        assert line.endswith(f"deltas {list(result.deltas)}; verified"), line
    assert won >= 3


def test_replay_says_which_winners_left_the_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """In sichuan the hand goes on after a win: the line says each winner that left."""
    log = tmp_path / "hands.jsonl"
    args = ["simulate", "--hands", "4", "--quiet", "--bots", "greedy", "--rules", "sichuan"]
    assert main([*args, "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    left = 0
    for line, text in zip(out, log.read_text().splitlines(), strict=False):
        result = Game.replay(json.loads(text)["events"]).result
        assert result is not None
        for w in result.wins:
            said = f"seat {w.seat} won ({w.kind.value}) with {w.tile}"
            gone = result.left[w.seat] is not None
            assert (said + " and left:" in line) == gone and (said + ":" in line) != gone, line
            left += gone
    assert left
