"""The bot templates for Botzone (examples/botzone/template.py and template.cpp): four
copies of each play whole seeded games under koudiandian's judge in both interactions and
both modes with no verdict but OK; keep-running mode over a pipe prints the marker after
every answer and reads a later request in each shape; the two templates answer alike; a
seven-pairs hand is won legally on a draw and on a discard."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from koudiandian.botzone import botzone_check, botzone_judge, tile_name
from koudiandian.botzone.game import GameLog, play_game
from koudiandian.botzone.spec import BotzoneBot
from koudiandian.game import Game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "botzone"
MARKER = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
PYTHON_TEMPLATE = [sys.executable, str(EXAMPLES / "template.py")]


@pytest.fixture(scope="module")
def cpp_template(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """template.cpp built as the README says (g++ -O2 -std=c++17, JsonCpp by pkg-config)."""
    if shutil.which("g++") is None or shutil.which("pkg-config") is None:
        pytest.skip("g++ or pkg-config is not installed (.ci/run installs them)")
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "jsoncpp"], capture_output=True, text=True
    )
    if flags.returncode != 0:
        pytest.skip("JsonCpp is not installed (Debian's libjsoncpp-dev; .ci/run installs it)")
    out = tmp_path_factory.mktemp("template") / "template"
    built = subprocess.run(
        ["g++", "-O2", "-std=c++17", "-Wall", "-Wextra", "-Werror", str(EXAMPLES / "template.cpp")]
        + ["-o", str(out), *flags.stdout.split()],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert built.returncode == 0, built.stderr
    return [str(out)]


@pytest.fixture(params=["python", "cpp"])
def template(request: pytest.FixtureRequest) -> list[str]:
    """Each template's command."""
    if request.param == "python":
        return PYTHON_TEMPLATE
    return request.getfixturevalue("cpp_template")


def seeded_initdata(seed: int, rules: str = "botzone") -> dict[str, Any]:
    """The initdata of a seeded game (136 tiles, or 144 under ``botzone,flowers``), as
    `koudiandian botzone play` gives it."""
    start = Game(rules, seed=seed).events[0]
    walltiles = " ".join(tile_name(k) for k in start["wall"])
    return {"walltiles": walltiles, "quan": seed % 4, "srand": seed}


def play(command: Sequence[str], interaction: str, mode: str, initdata: dict[str, Any]) -> GameLog:
    """One game of four copies of a template under koudiandian's judge."""
    bot = BotzoneBot(
        [*command, f"--{mode}"], interaction=interaction, time_limit=10.0, time_factor=1.0
    )
    return play_game([bot] * 4, botzone_judge, initdata)


def answers(game: GameLog) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every bot's log entry of a game, with its seat."""
    for entry in game.log[1::2]:
        for seat, answer in entry.items():
            yield int(seat), answer


def assert_clean(game: GameLog) -> None:
    """The game finished with every answer OK, scores summing to 0, and the judge, run
    again on the log, agrees with it turn for turn."""
    assert game.finished
    verdicts = {a["verdict"] for _, a in answers(game)}
    assert verdicts == {"OK"}, verdicts
    assert game.log[-1]["output"]["display"]["action"] in ("HU", "HUANG")
    assert game.scores is not None and sum(game.scores) == 0
    assert botzone_check(game.to_json()) == []


MODES = ["keep-running", "restart"]
#: Three seeded games: two of 136 tiles, one of 144 (flowers dealt and drawn).
SEEDED = [seeded_initdata(1), seeded_initdata(2), seeded_initdata(3, "botzone,flowers")]


# The C++ template is fast in either mode, and so is the Python one kept running; started
# afresh every turn, the Python one costs a process a request (four a turn, about 700 a
# game): one game for it.
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("interaction", ["simple", "json"])
def test_cpp_template_plays_seeded_games(
    cpp_template: list[str], interaction: str, mode: str
) -> None:
    for initdata in SEEDED:
        game = play(cpp_template, interaction, mode, initdata)
        assert_clean(game)
        pongs = [a for _, a in answers(game) if a["response"].startswith("PENG")]
        assert pongs, "the template pongs when it holds a pair"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("interaction", ["simple", "json"])
def test_python_template_plays_seeded_games(interaction: str, mode: str) -> None:
    for initdata in SEEDED if mode == "keep-running" else [seeded_initdata(4)]:
        assert_clean(play(PYTHON_TEMPLATE, interaction, mode, initdata))


def requests_of(game: GameLog, seat: int) -> list[str]:
    """The requests the judge sent a seat in a game."""
    return [
        e["output"]["content"][str(seat)]
        for e in game.log[:-1:2]
        if str(seat) in e["output"]["content"]
    ]


@pytest.fixture(scope="module")
def cpp_game(cpp_template: list[str]) -> GameLog:
    """A seeded game the C++ template played in restart mode."""
    game = play(cpp_template, "simple", "restart", seeded_initdata(5))
    assert_clean(game)
    return game


def test_templates_answer_alike(cpp_game: GameLog) -> None:
    """Every request of a game the C++ template played (restart mode) gets the same answer
    from the Python template kept running, all the game's requests on one pipe."""
    game = cpp_game
    for seat in range(4):
        requests = requests_of(game, seat)
        logged = [a["response"] for s, a in answers(game) if s == seat]
        text = f"1\n{requests[0]}\n\n\n" + "".join(r + "\n" for r in requests[1:])
        out = subprocess.run(
            [*PYTHON_TEMPLATE, "--keep-running"], input=text, capture_output=True, text=True
        )
        lines = out.stdout.splitlines()
        assert lines[1::2] == [MARKER] * len(requests)
        assert lines[0::2] == logged, f"seat {seat}"


@pytest.mark.parametrize("interaction", ["simple", "json"])
def test_a_session_keeps_one_process(
    template: list[str], cpp_game: GameLog, interaction: str
) -> None:
    """Through koudiandian's runner (BotSession), a template kept running answers a game's
    requests from one process, as the logged game did."""
    requests = requests_of(cpp_game, 2)
    logged = [a["response"] for s, a in answers(cpp_game) if s == 2]
    bot = BotzoneBot(
        [*template, "--keep-running"], interaction=interaction, time_limit=10.0, time_factor=1.0
    )
    with bot.session() as session:
        pids = set()
        for request, response in zip(requests, logged, strict=True):
            result = session.turn(request)
            assert (result.verdict, result.response, result.keep_running) == ("OK", response, True)
            pids.add(session.pid)
        assert len(pids) == 1


class KeptRunning:
    """A template in keep-running mode on a pipe: one input in, its answer and the marker
    line out."""

    def __init__(self, command: Sequence[str]) -> None:
        self.proc = subprocess.Popen(
            [*command, "--keep-running"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, text: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(text)
        self.proc.stdin.flush()
        response = self.proc.stdout.readline().rstrip("\n")
        assert self.proc.stdout.readline() == MARKER + "\n", "the marker follows the answer"
        return response

    def close(self) -> int:
        """End of input: the template exits; its exit status."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=10)
        finally:
            self.proc.kill()
            self.proc.wait()
            self.proc.stdout.close()


DEAL = "1 0 0 0 0 W1 W1 W2 W3 W4 B5 B5 F1 F1 J1 J2 T7 T9"


def test_keep_running_simple_over_a_pipe(template: list[str]) -> None:
    bot = KeptRunning(template)
    try:
        assert bot.ask("1\n0 1 0\n\n\n") == "PASS"
        assert bot.ask(DEAL + "\n") == "PASS"
        assert bot.ask("3 0 DRAW\n") == "PASS"
        assert bot.ask("3 0 PLAY W1\n") == "PENG J1", "pong, then the least useful tile"
        assert bot.ask("3 1 PENG J1\n") == "PASS"
        assert bot.ask("3 2 DRAW\n") == "PASS"
        assert bot.ask("3 2 PLAY T1\n") == "PASS"
        assert bot.ask("3 3 DRAW\n") == "PASS"
        assert bot.ask("3 3 BUHUA H1\n") == "PASS"
        assert bot.ask("3 3 GANG\n") == "PASS"
        assert bot.ask("3 3 PLAY W5\n") == "PASS"
        assert bot.ask("2 J3\n") == "PLAY J2"
        assert bot.ask("3 1 PLAY J2\n") == "PASS"
    finally:
        assert bot.close() == 0


def test_keep_running_json_reads_each_framing(template: list[str]) -> None:
    """Later requests as a bare line, a JSON string, an object holding only the new
    request, or the whole history again: each read once."""
    bot = KeptRunning(template)
    try:
        first = {"requests": ["0 1 0"], "responses": [], "data": "", "globaldata": ""}
        assert bot.ask(json.dumps(first) + "\n") == '{"response":"PASS"}'
        assert bot.ask(json.dumps(DEAL) + "\n") == '{"response":"PASS"}'
        assert bot.ask('{"requests": ["3 0 DRAW"]}\n') == '{"response":"PASS"}'
        history = {"requests": ["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W1"], "responses": []}
        assert bot.ask(json.dumps(history) + "\n") == '{"response":"PENG J1"}'
        assert bot.ask("3 1 PENG J1\n") == '{"response":"PASS"}'
        assert bot.ask("2 J3\n") == '{"response":"PLAY J2"}'
    finally:
        assert bot.close() == 0


def wall_dealing(hands: Sequence[Sequence[str]], seed: int = 7) -> str:
    """A 136-tile wall whose parts deal seat i ``hands[i]`` in order (13 tiles, and for
    seat 0 its first draw after them); the rest from a seeded game's wall. Seat i takes
    from the end of part i (tiles 34i to 34i+33), the last tile first."""
    rest = [tile_name(k) for k in Game("botzone", seed=seed).events[0]["wall"]]
    for hand in hands:
        for tile in hand:
            rest.remove(tile)
    wall: list[str] = []
    for hand in hands:
        filler, rest = rest[: 34 - len(hand)], rest[34 - len(hand) :]
        wall += filler + list(reversed(hand))
    return " ".join(wall)


def test_a_seven_pairs_hand_wins_on_the_draw(template: list[str]) -> None:
    pairs = "W1 W1 W3 W3 W5 W5 B2 B2 B4 B4 T6 T6 F1 F1".split()
    walltiles = wall_dealing([pairs, "B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 T4".split(), [], []])
    game = play(template, "simple", "restart", {"walltiles": walltiles, "quan": 0, "srand": 0})
    assert_clean(game)
    end = game.log[-1]["output"]
    assert (end["display"]["action"], end["display"]["player"]) == ("HU", 0)
    assert "七对" in [f["name"] for f in end["display"]["fan"]]
    assert game.scores is not None and game.scores[0] > 0


def test_a_seven_pairs_hand_wins_on_a_discard(template: list[str]) -> None:
    # seat 0 draws J1 and discards it (its least useful tile); seat 1 waits on J1
    seat0 = "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 T1 J1".split()
    seat1 = "B4 B4 B5 B5 B6 B6 B7 B7 B8 B8 B9 B9 J1".split()
    walltiles = wall_dealing([seat0, seat1, [], []])
    game = play(template, "json", "restart", {"walltiles": walltiles, "quan": 1, "srand": 0})
    assert_clean(game)
    end = game.log[-1]["output"]
    assert (end["display"]["action"], end["display"]["player"]) == ("HU", 1)
    assert "七对" in [f["name"] for f in end["display"]["fan"]]
