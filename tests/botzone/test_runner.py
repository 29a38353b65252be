"""Botzone's bot protocol (koudiandian.botzone.runner) and the game driver
(koudiandian.botzone.game): both interactions, the verdicts TLE/RE/NJ/OK, the process group
killed after each turn, and a game's log under a judge callable."""

from __future__ import annotations

import json
import os
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from koudiandian.botzone.game import GameLog, JudgeError, command_judge, play_game
from koudiandian.botzone.runner import BotRunner, TurnResult
from koudiandian.errors import ArgumentTypeError, BotError, InvalidArgumentError


def bot(tmp_path: Path, body: str, name: str = "bot.py") -> list[str]:
    """A Python bot written as a file; the command that runs it."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


# A JSON bot that answers what it was given: the counts of requests and responses, the last
# request, its data; it keeps a turn counter in data.
ECHO_JSON = """
    import json, sys
    turn = json.load(sys.stdin)
    answer = {
        "response": "%d %d %s" % (len(turn["requests"]), len(turn["responses"]), turn["requests"][-1]),
        "data": str(int(turn["data"] or 0) + 1),
        "debug": "seen %s" % sorted(turn),
    }
    print(json.dumps(answer))
"""

# A simple-interaction bot that answers the turn number, the line count and its data line.
ECHO_SIMPLE = """
    import sys
    lines = sys.stdin.read().split("\\n")
    n = int(lines[0])
    data = lines[2 * n]
    print("%d %d %s" % (n, len(lines), lines[2 * n - 1]))
    print("debug text")
    print(str(int(data or 0) + 1))
"""

PASS_JSON = """
    import json, sys
    json.load(sys.stdin)
    print(json.dumps({"response": "PASS"}))
"""

SLEEPER = """
    import sys, time
    sys.stdin.read()
    time.sleep(600)
"""

EXIT_1 = """
    import sys
    sys.stdin.read()
    print('{"response": "PASS"}')
    sys.exit(1)
"""

NOT_JSON = """
    import sys
    sys.stdin.read()
    print("PLAY W1")
"""

# A bot that leaves a child behind (its pid written to a file) and answers at once.
SPAWNER = """
    import subprocess, sys
    sys.stdin.read()
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    open(sys.argv[1], "w").write(str(child.pid))
    print('{"response": "PASS"}')
"""


def test_json_interaction_frames_the_whole_history(tmp_path: Path) -> None:
    runner = BotRunner(bot(tmp_path, ECHO_JSON))
    result = runner.run_turn(["0 1 0", "1 0 0 0 0 W1", "3 0 DRAW"], ["PASS", "PASS"], data="4")
    assert result.verdict == "OK"
    assert result.response == "3 2 3 0 DRAW"
    assert result.data == "5"
    assert result.log_entry() == {"verdict": "OK", "response": "3 2 3 0 DRAW"}
    frame = json.loads(runner.turn_input(["0 1 0"], [], "d", "g"))
    assert frame["requests"] == ["0 1 0"] and frame["responses"] == []
    assert (frame["data"], frame["globaldata"]) == ("d", "g")
    assert {"time_limit", "memory_limit"} <= set(frame)


def test_simple_interaction_frames_lines_and_reads_the_first_line(tmp_path: Path) -> None:
    runner = BotRunner(bot(tmp_path, ECHO_SIMPLE), interaction="simple")
    text = runner.turn_input(["0 1 0", "1 0 0 0 0 W1"], ["PASS"], "7", "g")
    assert text == "2\n0 1 0\nPASS\n1 0 0 0 0 W1\n7\ng\n"
    result = runner.run_turn(["0 1 0", "1 0 0 0 0 W1"], ["PASS"], data="7")
    # the turn number, 2n-1 history lines + the first line + data + globaldata + the end
    assert result == TurnResult("OK", "2 7 1 0 0 0 0 W1", "8", "", result.output)


def test_simple_interaction_keeps_answers_as_printed(tmp_path: Path) -> None:
    # no JSON check in simple interaction: the first line is the answer, spaces and all
    runner = BotRunner(
        bot(tmp_path, 'import sys\nsys.stdin.read()\nprint("PASS ")\n'), interaction="simple"
    )
    assert runner.run_turn(["0 1 0"], []) == TurnResult("OK", "PASS ", output="PASS \n")
    runner = BotRunner(bot(tmp_path, NOT_JSON, "p.py"), interaction="simple")
    assert runner.run_turn(["0 1 0"], []).response == "PLAY W1"


@pytest.mark.parametrize("interaction", ["json", "simple"])
def test_a_bot_still_running_at_the_limit_is_tle(tmp_path: Path, interaction: str) -> None:
    runner = BotRunner(bot(tmp_path, SLEEPER), interaction=interaction, time_limit=0.5)
    result = runner.run_turn(["0 1 0"], [])
    assert (result.verdict, result.response) == ("TLE", "")


@pytest.mark.parametrize("interaction", ["json", "simple"])
def test_a_nonzero_exit_is_re_whatever_it_printed(tmp_path: Path, interaction: str) -> None:
    runner = BotRunner(bot(tmp_path, EXIT_1), interaction=interaction)
    assert runner.run_turn(["0 1 0"], []).log_entry() == {"verdict": "RE", "response": ""}


@pytest.mark.parametrize(
    "printed",
    ["PLAY W1", "", "[1, 2]", '{"response": 3}', '"PASS"'],
)
def test_output_that_is_no_json_object_is_nj(tmp_path: Path, printed: str) -> None:
    body = f"import sys\nsys.stdin.read()\nsys.stdout.write({printed!r})\n"
    result = BotRunner(bot(tmp_path, body)).run_turn(["0 1 0"], [])
    assert result.verdict == "NJ"
    assert result.output == printed


def test_json_output_may_span_lines_and_be_followed_by_text(tmp_path: Path) -> None:
    # jsoncpp's styled writer (the sample bot's output) prints an object on several lines
    body = 'import sys\nsys.stdin.read()\nprint(\'{\\n\\t"response" : "PASS"\\n}\\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<\')\n'
    assert BotRunner(bot(tmp_path, body)).run_turn(["0 1 0"], []).log_entry() == {
        "verdict": "OK",
        "response": "PASS",
    }


def test_the_bots_process_group_is_killed_after_the_turn(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    runner = BotRunner([*bot(tmp_path, SPAWNER), str(pid_file)])
    assert runner.run_turn(["0 1 0"], []).verdict == "OK"
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 30
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def test_bad_arguments_raise_specific_errors(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="interaction"):
        BotRunner("true", interaction="keep")
    with pytest.raises(InvalidArgumentError, match="time_limit"):
        BotRunner("true", time_limit=0)
    with pytest.raises(InvalidArgumentError, match="empty"):
        BotRunner("")
    with pytest.raises(InvalidArgumentError, match="cannot read the bot command"):
        BotRunner('python "bot.py')  # an unclosed quote
    with pytest.raises(ArgumentTypeError):
        BotRunner(["python", 3])  # type: ignore[list-item]
    runner = BotRunner(bot(tmp_path, PASS_JSON))
    with pytest.raises(InvalidArgumentError, match="n-1 responses"):
        runner.run_turn(["0 1 0"], ["PASS"])
    with pytest.raises(InvalidArgumentError, match="line break"):
        BotRunner("true", interaction="simple").turn_input(["0 1 0\n2"], [])
    with pytest.raises(BotError, match="cannot start"):
        BotRunner(str(tmp_path / "no-such-bot")).run_turn(["0 1 0"], [])


class ScriptedJudge:
    """A judge callable: two request turns, then a finish; it records its inputs."""

    def __init__(self) -> None:
        self.inputs: list[dict[str, Any]] = []

    def __call__(self, judge_input: dict[str, Any]) -> dict[str, Any]:
        self.inputs.append(json.loads(json.dumps(judge_input)))
        turn = len(judge_input["log"]) // 2
        if turn == 0:
            return {
                "command": "request",
                "content": {str(s): f"0 {s} 0" for s in range(4)},
                "display": {"action": "INIT"},
                "initdata": {"srand": 5, "quan": 0, "walltiles": "W1"},
            }
        if turn == 1:
            return {"command": "request", "content": {"2": "2 W1"}, "display": {"action": "DRAW"}}
        return {
            "command": "finish",
            "content": {"0": 10, "1": 10, "2": -30, "3": 10},
            "display": {},
        }


def test_a_game_logs_every_judge_output_and_every_answer(tmp_path: Path) -> None:
    judge = ScriptedJudge()
    bots = [BotRunner(bot(tmp_path, ECHO_JSON))] * 2 + [
        BotRunner(bot(tmp_path, ECHO_SIMPLE, "s.py"), interaction="simple"),
        BotRunner(bot(tmp_path, NOT_JSON, "n.py")),
    ]
    game = play_game(bots, judge, {"srand": 1})
    assert isinstance(game, GameLog)
    assert game.finished and game.scores == [10, 10, -30, 10]
    # the first output's initdata is the game's from then on
    assert game.initdata == {"srand": 5, "quan": 0, "walltiles": "W1"}
    assert judge.inputs[0] == {"initdata": {"srand": 1}, "log": []}
    assert judge.inputs[1]["initdata"] == game.initdata
    assert [sorted(e) for e in game.log] == [
        ["output"],
        ["0", "1", "2", "3"],
        ["output"],
        ["2"],
        ["output"],
    ]
    assert game.log[1]["0"] == {"verdict": "OK", "response": "1 0 0 0 0"}
    assert game.log[1]["3"] == {"verdict": "NJ", "response": ""}
    # seat 2 (simple) saw its second turn: two requests, its first answer in between
    assert game.log[3]["2"] == {"verdict": "OK", "response": "2 7 2 W1"}
    assert judge.inputs[2]["log"] == game.log[:4]
    assert game.to_json() == {"initdata": game.initdata, "log": game.log}


def test_a_judge_that_answers_nonsense_raises(tmp_path: Path) -> None:
    bots = [BotRunner(bot(tmp_path, PASS_JSON))] * 4
    with pytest.raises(JudgeError, match="no request or finish"):
        play_game(bots, lambda _: {"command": "wait"})
    with pytest.raises(InvalidArgumentError, match="4 bots"):
        play_game(bots[:3], ScriptedJudge())


def test_an_external_judge_command_reads_stdin_and_prints_json(tmp_path: Path) -> None:
    body = """
        import json, sys
        given = json.load(sys.stdin)
        print(json.dumps({"command": "finish", "content": {"0": len(given["log"])}, "display": {}}))
    """
    judge = command_judge(bot(tmp_path, body, "judge.py"))
    assert judge({"initdata": {}, "log": []})["content"] == {"0": 0}
    broken = command_judge(bot(tmp_path, NOT_JSON, "broken.py"))
    with pytest.raises(JudgeError, match="no JSON"):
        broken({"initdata": {}, "log": []})
    failing = command_judge(bot(tmp_path, EXIT_1, "failing.py"))
    with pytest.raises(JudgeError, match="status 1"):
        failing({"initdata": {}, "log": []})


# A bot in simple interaction: it discards every tile it draws and passes otherwise, until
# its 20th request: a draw then, it declares a win its hand is not.
TSUMOGIRI = """
    import sys
    lines = sys.stdin.read().split("\\n")
    turn = int(lines[0])
    request = lines[2 * turn - 1].split()
    if request[0] != "2":
        print("PASS")
    else:
        print("HU" if turn >= 20 else "PLAY " + request[1])
"""


def test_a_game_under_koudiandians_judge_and_the_official_one(tmp_path: Path) -> None:
    """Four bots on a given wall: nobody claims, then the first wrong HU ends the game
    (WH, its fans counted as the calculator counts a hand that does not win). With
    BOTZONE_OFFICIAL_JUDGE naming the official judge's program, the same game under it
    gives the same log, displays and all."""
    from koudiandian.botzone import botzone_judge

    tiles = [s + str(n) for s in "WBT" for n in range(1, 10)] + [f"F{n}" for n in range(1, 5)]
    tiles += [f"J{n}" for n in range(1, 4)]
    wall = " ".join(t for n in range(4) for t in tiles)
    initdata = {"srand": 7, "quan": 1, "walltiles": wall}
    bots = [BotRunner(bot(tmp_path, TSUMOGIRI), interaction="simple")] * 4
    ours = play_game(bots, botzone_judge, initdata)
    assert ours.initdata == initdata
    end = ours.log[-1]["output"]["display"]
    assert end["action"] == "WH" and end["fanCnt"] < 8
    assert ours.scores == [-30 if s == end["player"] else 10 for s in range(4)]
    assert all(a["verdict"] == "OK" for entry in ours.log[1::2] for a in entry.values())
    program = os.environ.get("BOTZONE_OFFICIAL_JUDGE")
    if program:
        official = play_game(bots, command_judge(program), initdata)
        assert official.to_json() == ours.to_json()
