"""Keep-running mode through BotSession (koudiandian.botzone.session): a bot that ends its
answer with the keep-running line is given the next request alone, in both interactions; a
bot that exits goes back to restart mode; close() kills a bot still running; a game under
koudiandian's judge with keep-running bots leaves no process behind."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest
from koudiandian.botzone import botzone_judge
from koudiandian.botzone.game import play_game
from koudiandian.botzone.spec import BotzoneBot

BOTS = Path(__file__).resolve().parent / "bots"


def keep_bot(interaction: str, *args: str) -> BotzoneBot:
    """The keep-running test bot of ``interaction`` (``args`` its arguments)."""
    script = BOTS / f"runner_keep_{interaction}.py"
    return BotzoneBot([sys.executable, str(script), *args], interaction=interaction)


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(") ", 1)[1][0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def gone(pid: int, wait: float = 10.0) -> bool:
    """Whether ``pid`` is gone (waiting up to ``wait`` seconds for it to be)."""
    deadline = time.monotonic() + wait
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return not alive(pid)


def pid_of(interaction: str, output: str, data: str) -> int:
    """The process id the keep-running test bot told (debug line or data)."""
    return int(output.split("\n")[1]) if interaction == "simple" else int(data)


REQUESTS = [
    "0 2 1",
    "1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4",
    "2 T5",
    "3 1 PLAY F1",
    "2 J2",
]
ANSWERS = ["PASS", "PASS", "PLAY T5", "PASS", "PLAY J2"]


@pytest.mark.parametrize("interaction", ["simple", "json"])
def test_a_bot_that_keeps_running_gets_each_request_alone(interaction: str) -> None:
    with keep_bot(interaction).session() as session:
        pids = set()
        for request, expected in zip(REQUESTS, ANSWERS, strict=True):
            result = session.turn(request)
            assert (result.verdict, result.response, result.keep_running) == ("OK", expected, True)
            pids.add(pid_of(interaction, result.output, result.data))
            assert session.keeps_running and session.pid in pids
        # one process answered every turn: each later input was the request alone
        assert len(pids) == 1
        pid = pids.pop()
        assert alive(pid)
        assert session.responses == ANSWERS
    assert not session.keeps_running
    assert gone(pid)


def test_a_bot_that_exits_goes_back_to_restart_mode_with_the_whole_history() -> None:
    with keep_bot("simple", "2").session() as session:
        pids = []
        for request, expected in zip(REQUESTS, ANSWERS, strict=True):
            result = session.turn(request)
            assert (result.verdict, result.response) == ("OK", expected)
            pids.append(int(result.output.split("\n")[1]))
        # answers 1-2 by one process, which exits; 3-4 by a new one given the whole
        # history (it answers turn 3's request), which exits; 5 by a third
        assert pids[0] == pids[1] != pids[2] == pids[3] != pids[4]
        assert result.keep_running and session.pid == pids[4]
        assert not alive(pids[0]) and not alive(pids[2])
    assert all(gone(p) for p in pids)


def test_the_first_turn_has_twice_the_time() -> None:
    # a bot that sleeps 2 s on its first turn only, limit 1.5 s: 3 s on turn 1
    body = (
        "import sys, time\n"
        "n = int(sys.stdin.readline())\n"
        "time.sleep(2.0 if n == 1 else 0)\n"
        "print('PASS')\n"
    )
    bot = BotzoneBot(
        [sys.executable, "-c", body], interaction="simple", time_limit=1.5, time_factor=1
    )
    with bot.session() as session:
        assert session.runner.turn_seconds(1) == pytest.approx(3.0)
        assert session.runner.turn_seconds(2) == pytest.approx(1.5)
        assert session.turn("0 1 0").verdict == "OK"
    slow_later = body.replace("2.0 if n == 1 else 0", "0 if n == 1 else 2.0")
    bot = BotzoneBot(
        [sys.executable, "-c", slow_later], interaction="simple", time_limit=1.5, time_factor=1
    )
    with bot.session() as session:
        assert session.turn("0 1 0").verdict == "OK"
        assert session.turn("1 0 0 0 0 W1").verdict == "TLE"


@pytest.mark.parametrize("interaction", ["simple", "json"])
def test_a_game_of_keep_running_bots_under_the_judge_leaves_no_process(interaction: str) -> None:
    bots = [keep_bot(interaction) for _ in range(4)]
    game = play_game(bots, botzone_judge, {"srand": 3, "quan": 0})
    assert game.finished and sum(game.scores or [1]) == 0
    assert all(a["verdict"] == "OK" for entry in game.log[1::2] for a in entry.values())
    end = game.log[-1]["output"]["display"]["action"]
    assert end in ("HUANG", "HU") or end == "WA"
    assert not [p for p in children() if alive(p)]


def children() -> list[int]:
    """Processes whose parent is this test's process."""
    me = str(os.getpid())
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(") ", 1)[1].split()
            except (OSError, IndexError):
                continue
            if fields[1] == me:
                found.append(int(name))
    return found


def test_the_json_request_line_is_the_requests_text() -> None:
    runner = keep_bot("json").session().runner
    assert runner.request_line("3 1 PLAY F1") == "3 1 PLAY F1\n"
    frame = json.loads(runner.turn_input(["0 1 0"], []))
    assert frame["requests"] == ["0 1 0"]


def test_bad_limits_and_requests_raise_specific_errors() -> None:
    from koudiandian.errors import ArgumentTypeError, InvalidArgumentError

    with pytest.raises(ArgumentTypeError, match="time_limit"):
        BotzoneBot("true", time_limit="1")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="time_limit"):
        BotzoneBot("true", time_limit=0)
    with pytest.raises(InvalidArgumentError, match="memory_limit"):
        BotzoneBot("true", memory_limit=0)
    with keep_bot("simple").session() as session:
        with pytest.raises(ArgumentTypeError, match="request"):
            session.turn(3)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError, match="line break"):
            session.turn("0 1\n0")
        assert session.turn("0 1 0").keep_running
        with pytest.raises(InvalidArgumentError, match="line break"):
            session.turn("2 W1\n2 W2")


@pytest.mark.parametrize("wrapped", [False, True])
def test_a_bot_that_reads_its_input_to_the_end_is_given_the_end(wrapped: bool) -> None:
    # json.load(sys.stdin) waits for the end of the input: a restart-mode bot gets it once it
    # has read everything and waits (also when a shell runs it as a child)
    body = "import json, sys; t = json.load(sys.stdin); print(json.dumps({'response': str(len(t['requests']))}))"
    argv = [sys.executable, "-c", body]
    if wrapped:
        argv = ["sh", "-c", '"$0" -c "$1"', sys.executable, body]
    with BotzoneBot(argv, time_limit=5, time_factor=1).session() as session:
        assert [session.turn(r).response for r in REQUESTS[:3]] == ["1", "2", "3"]
        assert not session.keeps_running
