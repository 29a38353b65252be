"""``koudiandian botzone bot NAME`` as the platform runs it: a process per seat, keep-running
(in both interactions, the later turns written one line each) and restart mode through
``BotSession`` (koudiandian.botzone.spec), each game under koudiandian's judge, finished
with no WA or WH; and ``python -m koudiandian.botzone.botmain``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import koudiandian.botzone.botmain as botmain
import pytest
from koudiandian._core import BotzonePlayer
from koudiandian.botzone.spec import BotzoneBot

from .test_player import initdata, play

BOTMAIN = Path(botmain.__file__)
# where the package these tests import lives (the source tree's python/, or site-packages
# where CI installs it): a bot process imports the same one
PYTHON = Path(botmain.__file__).resolve().parents[2]


class KeepRunningBot:
    """A bot process in keep-running mode, given its requests one turn at a time."""

    def __init__(self, argv: list[str], interaction: str, later: str = "string") -> None:
        env = {**os.environ, "PYTHONPATH": str(PYTHON)}
        self.proc = subprocess.Popen(
            argv + ["--interaction", interaction],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.interaction = interaction
        self.later = later
        self.turn = 0
        self.requests: list[str] = []
        self.responses: list[str] = []

    def answer(self, request: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.turn += 1
        if self.interaction == "simple":
            text = f"1\n{request}\n\n\n" if self.turn == 1 else request + "\n"
        elif self.turn == 1:
            frame = {"requests": [request], "responses": [], "data": "", "globaldata": ""}
            text = json.dumps(frame) + "\n"
        elif self.later == "string":
            text = json.dumps(request) + "\n"
        elif self.later == "object":
            text = json.dumps({"request": request}) + "\n"
        elif self.later == "history":
            frame = {"requests": self.requests + [request], "responses": self.responses}
            text = json.dumps(frame) + "\n"
        else:
            text = request + "\n"
        self.proc.stdin.write(text)
        self.proc.stdin.flush()
        line = self.proc.stdout.readline().rstrip("\n")
        marker = self.proc.stdout.readline().rstrip("\n")
        assert marker == botmain.KEEP_RUNNING, (line, marker)
        answer = str(json.loads(line)["response"]) if self.interaction == "json" else line
        self.requests.append(request)
        self.responses.append(answer)
        return answer

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()


@pytest.mark.parametrize(
    ("interaction", "later"),
    [
        ("json", "string"),
        ("json", "object"),
        ("json", "history"),
        ("json", "text"),
        ("simple", "line"),
    ],
)
def test_four_keep_running_bots_play_a_game(interaction: str, later: str) -> None:
    names = ["greedy", "expert", "random", "greedy"]
    bots = [
        KeepRunningBot([sys.executable, str(BOTMAIN), n, "--seed", str(s)], interaction, later)
        for s, n in enumerate(names)
    ]
    try:
        for seed in range(2):
            if seed:
                for b in bots:
                    b.close()
                bots = [
                    KeepRunningBot([sys.executable, str(BOTMAIN), n], interaction, later)
                    for n in names
                ]
            out = play(bots, initdata(seed, seed == 1, seed + 2))
            assert out["display"]["action"] in ("HU", "HUANG"), out["display"]
    finally:
        for b in bots:
            b.close()


class SessionSeat:
    """A seat played through a BotSession (the runner's way to run a Botzone bot)."""

    def __init__(self, spec: str) -> None:
        self.session = BotzoneBot.from_spec(spec).session()

    def answer(self, request: str) -> str:
        result = self.session.turn(request)
        assert result.verdict == "OK", result
        return result.response


@pytest.mark.parametrize(
    ("prefix", "mode"),
    [("botzone:", "--keep-running"), ("botzone-simple:", "--no-keep-running")],
)
def test_a_session_plays_it_under_the_judge(prefix: str, mode: str) -> None:
    # A process per turn while the runner restarts bots (each answers and, its input
    # ended, exits): one seat of four, the others in-process.
    interaction = "simple" if prefix == "botzone-simple:" else "json"
    command = f"{sys.executable} {BOTMAIN} greedy --interaction {interaction} {mode}"
    seat = SessionSeat(prefix + command)
    players: list[Any] = [BotzonePlayer("expert", s) for s in range(4)]
    players[1] = seat
    try:
        out = play(players, initdata(5, False, 0))
    finally:
        seat.session.close()
    assert out["display"]["action"] in ("HU", "HUANG"), out["display"]


def test_python_m_botmain_answers_one_turn() -> None:
    frame = json.dumps({"requests": ["0 3 2"], "responses": []})
    done = subprocess.run(
        [sys.executable, "-m", "koudiandian.botzone.botmain", "expert", "--no-keep-running"],
        input=frame + "\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(PYTHON)},
        timeout=60,
        check=True,
    )
    assert json.loads(done.stdout) == {"response": "PASS"}


def test_the_command_line_runs_it() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "koudiandian",
            "botzone",
            "bot",
            "random",
            "--interaction",
            "simple",
            "--no-keep-running",
            "--seed",
            "3",
        ],
        input="1\n0 0 0\n\n\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(PYTHON)},
        timeout=60,
        check=True,
    )
    assert done.stdout == "PASS\n"


def test_a_bad_name_exits_2() -> None:
    done = subprocess.run(
        [sys.executable, str(BOTMAIN), "nobody"],
        input="",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(PYTHON)},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "unknown built-in bot" in done.stderr


@pytest.mark.parametrize(
    ("interaction", "given", "said"),
    [
        ("json", "", "the input ended before a whole JSON object"),
        ("json", "[1, 2]\n", "the input is no JSON object"),
        ("json", '{"requests": []}\n', "not a list of requests"),
        ("json", '{"requests": "0 0 0"}\n', "not a list of requests"),
        ("json", '{"requests": ["0 0 0"], "responses": "PASS"}\n', "not a list"),
        ("simple", "", "the input ended before the turn number"),
        ("simple", "0\n", "is no turn number"),
        ("simple", "2\n0 0 0\n", "the input ended inside the history"),
    ],
)
def test_a_first_turn_it_cannot_read_exits_2_with_a_message(
    interaction: str, given: str, said: str
) -> None:
    done = subprocess.run(
        [sys.executable, str(BOTMAIN), "greedy", "--interaction", interaction],
        input=given,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(PYTHON)},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_the_program_starts_the_bot_without_the_command_lines_other_commands() -> None:
    # a Botzone bot's start-up counts against its first turn: `koudiandian botzone bot`
    # (koudiandian.command) answers without importing koudiandian.cli
    script = (
        "import sys\n"
        "from koudiandian.command import main\n"
        "code = main(['botzone', 'bot', 'greedy', '--interaction', 'simple', '--no-keep-running'])\n"
        "print('cli imported' if 'koudiandian.cli' in sys.modules else 'cli not imported')\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input="1\n0 0 1\n\n\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(PYTHON)},
        timeout=60,
        check=True,
    )
    assert done.stdout.split("\n")[:2] == ["PASS", "cli not imported"]
