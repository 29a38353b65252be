"""What a hostile review of the runner found (koudiandian.botzone.process, .runner,
.session): output a bot prints before its input is read, text that UTF-8 cannot carry, a
program that cannot start. Each test is a bot the platform would accept."""

from __future__ import annotations

import os
import shutil
import signal
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest
from koudiandian.botzone import botzone_judge
from koudiandian.botzone.game import play_game
from koudiandian.botzone.runner import BotRunner
from koudiandian.botzone.session import BotSession
from koudiandian.botzone.spec import BotzoneBot
from koudiandian.errors import BotError

from tests.botzone.test_runner_keep import ANSWERS, BOTS, REQUESTS, alive, gone, keep_bot
from tests.botzone.test_runner_verdicts import FIRST, no_bot_left


def python_bot(body: str, interaction: str = "json", **limits: float) -> BotzoneBot:
    """A bot running ``python -c body`` with the time factor 1."""
    return BotzoneBot(
        [sys.executable, "-c", body],
        interaction=interaction,
        time_factor=1,
        **limits,  # type: ignore[arg-type]
    )


def test_what_a_bot_prints_before_its_input_is_written_is_its_answer() -> None:
    # a bot that answers without reading (the runner used to drop what came before the
    # turn began: a third of such turns lost their answer)
    runner = BotRunner([sys.executable, "-c", "print('PASS')"], interaction="simple")
    process = runner.start()
    try:
        deadline = time.monotonic() + 10
        while process.running() and time.monotonic() < deadline:
            time.sleep(0.01)
        result = runner.exchange(process, runner.turn_input([FIRST], []), 5.0)
    finally:
        process.close()
    assert (result.verdict, result.response) == ("OK", "PASS")


LONE_SURROGATE = (
    "import sys; sys.stdin.readline(); "
    'print(\'{"response": "PASS\\\\ud800", "data": "\\\\udc00", "globaldata": "x"}\')'
)


def test_a_lone_surrogate_in_a_json_answer_is_read_as_a_question_mark() -> None:
    with python_bot(LONE_SURROGATE).session() as session:
        first = session.turn(FIRST)
        assert (first.verdict, first.response, first.data) == ("OK", "PASS?", "?")
        # the data goes back to the bot in its next turn's input without an error
        assert session.turn("1 0 0 0 0 W1").verdict == "OK"


def test_a_lone_surrogate_in_an_answer_is_the_judges_wa_not_a_crash() -> None:
    bots = [python_bot(LONE_SURROGATE), keep_bot("json"), keep_bot("json"), keep_bot("json")]
    game = play_game(bots, botzone_judge, {"srand": 5, "quan": 0})
    assert game.finished
    display = game.log[-1]["output"]["display"]
    assert (display["action"], display["player"]) == ("WA", 0)
    assert no_bot_left()


def test_a_program_that_cannot_start_leaves_the_history_as_it_was() -> None:
    with BotzoneBot("/nonexistent/bot").session() as session:
        with pytest.raises(BotError):
            session.turn(FIRST)
        assert session.requests == [] and session.responses == []
        assert session.failed is None


def escape_bot(mode: str, pid_file: Path) -> BotzoneBot:
    """The bot whose child tries to escape (``bots/runfix_escape.py``)."""
    script = BOTS / "runfix_escape.py"
    # 10 s for the first turn: the child's 400 MB must be seen (MLE) before any time limit,
    # however loaded the machine
    return BotzoneBot(
        [sys.executable, str(script), mode, str(pid_file)], time_limit=5.0, time_factor=1
    )


def escaped_pid(pid_file: Path) -> int:
    """The escaping child's process id the bot wrote."""
    deadline = time.monotonic() + 10
    while not pid_file.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return int(pid_file.read_text())


def fds_and_threads() -> tuple[int, int]:
    """This process's open descriptors and threads."""
    return len(os.listdir("/proc/self/fd")), threading.active_count()


@pytest.mark.parametrize("mode", ["group", "session"])
def test_memory_held_by_a_child_that_left_the_group_is_counted(mode: str, tmp_path: Path) -> None:
    # the runner counted only the bot's process group: a child that moved to a group or a
    # session of its own held its memory unseen and outlived the game
    pid_file = tmp_path / "child"
    with escape_bot(mode, pid_file).session() as session:
        assert session.turn(FIRST).verdict == "MLE"
    assert gone(escaped_pid(pid_file))
    assert no_bot_left()


def test_a_child_that_left_the_session_holding_the_output_is_killed(tmp_path: Path) -> None:
    # it kept the output open: every turn waited a second for its end, then left the child,
    # a thread and a descriptor behind
    before = fds_and_threads()
    for game in range(3):
        pid_file = tmp_path / f"child{game}"
        with escape_bot("open", pid_file).session() as session:
            assert session.turn(FIRST).response == "PASS"
        assert gone(escaped_pid(pid_file))
    assert fds_and_threads() == before
    assert no_bot_left()


def test_an_exited_bot_keeps_its_process_id_until_its_group_is_killed() -> None:
    # a bot's process id is its group's: reaped before the group is killed, the id could
    # go to another bot, which the kill would then reach
    process = BotRunner(["sh", "-c", "exit 3"]).start()
    deadline = time.monotonic() + 10
    while process.running() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not process.running()
    with open(f"/proc/{process.pid}/stat") as f:
        assert f.read().rsplit(") ", 1)[1][0] == "Z"  # exited, not yet reaped
    process.close()
    assert process.proc.returncode == 3
    assert not os.path.exists(f"/proc/{process.pid}")


def test_a_bot_that_never_reads_its_input_never_holds_the_runner_up() -> None:
    # it keeps running without reading: its first input (data of 200 kB) fills its pipe;
    # the runner's next write blocked for ever (and a writer thread stayed blocked)
    body = (
        "import sys\n"
        "while True:\n"
        '    print(\'{"response": "PASS"}\')\n'
        "    print('>>>BOTZONE_REQUEST_KEEP_RUNNING<<<', flush=True)\n"
        "    __import__('time').sleep(0.01)\n"
    )
    runner = python_bot(body, time_limit=5).runner()
    results = []

    def play() -> None:
        with runner_session(runner) as session:
            session.data = "x" * 200_000
            results.extend(session.turn(r).verdict for r in ("0 1 0", "1 0 0 0 0 W1", "2 W1"))

    player = threading.Thread(target=play, daemon=True)
    player.start()
    player.join(30)
    assert not player.is_alive() and results == ["OK", "OK", "OK"]
    assert no_bot_left()


def runner_session(runner: BotRunner) -> BotSession:
    """A session of ``runner``."""
    return BotSession(runner)


@pytest.mark.parametrize("end", ["", "\\r"])
def test_a_marker_without_its_lines_end_keeps_the_bot_running(end: str) -> None:
    # the bot prints the marker, flushes and waits for its next request: the runner waited
    # for the line's end until the time ran out (TLE)
    body = (
        "import sys\n"
        "line = sys.stdin.readline()\n"
        "while line:\n"
        f"    sys.stdout.write('PASS\\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<{end}')\n"
        "    sys.stdout.flush()\n"
        "    line = sys.stdin.readline()\n"
    )
    with python_bot(body, "simple", time_limit=5).session() as session:
        for request in ("0 1 0", "1 0 0 0 0 W1", "2 W1"):
            result = session.turn(request)
            assert (result.verdict, result.response, result.keep_running) == ("OK", "PASS", True)
        pid = session.pid
        assert pid is not None
    assert gone(pid)


def test_the_marker_in_the_middle_of_a_line_is_no_marker() -> None:
    body = (
        "import sys\n"
        "sys.stdin.readline()\n"
        "print('PASS >>>BOTZONE_REQUEST_KEEP_RUNNING<<<', flush=True)\n"
    )
    with python_bot(body, "simple").session() as session:
        result = session.turn(FIRST)
        assert (result.verdict, result.keep_running) == ("OK", False)
        assert result.response == "PASS >>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def test_a_daemon_that_closed_every_descriptor_is_killed(tmp_path: Path) -> None:
    # fork, setsid, fork again, close everything: nothing linked it to the bot once its
    # parents had exited, and it outlived the game
    pid_file = tmp_path / "daemon"
    with escape_bot("daemon", pid_file).session() as session:
        assert session.turn(FIRST).response == "PASS"
    assert gone(escaped_pid(pid_file))
    assert no_bot_left()


def test_a_bot_whose_input_was_ended_is_not_kept_running() -> None:
    # a keep-running bot behind `cat |`: cat reads the input to its end, the runner gives
    # it the end; the bot kept running could read no later request, answered nothing (the
    # judge's WA): it is restarted each turn with the whole history instead
    script = BOTS / "runner_keep_simple.py"
    argv = ["sh", "-c", 'cat | "$0" "$1"', sys.executable, str(script)]
    bot = BotzoneBot(argv, interaction="simple", time_limit=5, time_factor=1)
    with bot.session() as session:
        for request, answer in zip(REQUESTS, ANSWERS, strict=True):
            result = session.turn(request)
            assert (result.verdict, result.response) == ("OK", answer)
    assert no_bot_left()


def test_json_nested_too_deep_is_nj_not_a_crash() -> None:
    # a megabyte of '[' made the JSON parser raise RecursionError out of session.turn
    body = "import sys; sys.stdin.readline(); print('[' * 100000)"
    with python_bot(body).session() as session:
        assert session.turn(FIRST).verdict == "NJ"


@pytest.mark.parametrize(("args", "verdict"), [((), "OK"), (("write",), "MLE")])
def test_pages_a_fork_shares_are_counted_once(args: tuple[str, ...], verdict: str) -> None:
    # 150 MB and a forked worker: resident memory summed over both said 300 MB (MLE)
    script = BOTS / "runfix_fork_shares.py"
    bot = BotzoneBot([sys.executable, str(script), *args], time_limit=10, time_factor=1)
    with bot.session() as session:
        assert session.turn(FIRST).verdict == verdict
    assert no_bot_left()


def test_a_process_forked_from_the_runners_own_is_never_taken_for_the_bots() -> None:
    # a fork of the runner's process (a worker pool started while a bot runs) holds the
    # bot's pipes too: the search for what holds them open must not kill it
    with keep_bot("simple").session() as session:
        assert session.turn(FIRST).keep_running
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # fork with threads running
            worker = os.fork()
        if worker == 0:  # pragma: no cover - the child only sleeps
            time.sleep(30)
            os._exit(0)
        try:
            session.close()
            assert alive(worker)
        finally:
            os.kill(worker, signal.SIGKILL)
            os.waitpid(worker, 0)


def test_the_wait_for_an_exit_takes_no_cpu_with_a_thousand_descriptors_open() -> None:
    # the bot closes its output, then takes a second to exit: the runner waits for the
    # exit on a pidfd, numbered above 1023 here, which select() refused at once (the
    # turn's loop then spun a second of CPU)
    body = "import os, time; print('PASS', flush=True); os.close(1); time.sleep(1)"
    held = []
    try:
        while len(os.listdir("/proc/self/fd")) < 1100:
            held.append(os.open(os.devnull, os.O_RDONLY))
        runner = BotRunner([sys.executable, "-c", body], interaction="simple")
        cpu = time.process_time()
        assert runner.run_turn([FIRST], []).response == "PASS"
        assert time.process_time() - cpu < 0.5
    finally:
        for fd in held:
            os.close(fd)


def test_what_a_kept_bot_prints_between_turns_is_dropped() -> None:
    # printed after the marker, before the bot reads its next request: not the next answer
    body = (
        "import sys\n"
        "line = sys.stdin.readline()\n"
        "while line:\n"
        "    print('PASS')\n"
        "    print('>>>BOTZONE_REQUEST_KEEP_RUNNING<<<')\n"
        "    print('debug after the marker ' * 100, flush=True)\n"
        "    line = sys.stdin.readline()\n"
    )
    with python_bot(body, "simple", time_limit=5).session() as session:
        for request in ("0 1 0", "1 0 0 0 0 W1", "2 W1"):
            result = session.turn(request)
            assert (result.response, result.keep_running) == ("PASS", True)
            time.sleep(0.05)  # the debug line printed meanwhile


@pytest.mark.parametrize(
    ("end", "verdict"),
    [
        ("sys.exit(1)", "OLE"),  # more output than the limit, then an error: OLE
        ("time.sleep(60)", "OLE"),  # more output, then too long: OLE at once
        ("os.kill(os.getpid(), 9)", "OLE"),
    ],
)
def test_more_output_than_the_limit_comes_first(end: str, verdict: str) -> None:
    body = f"import os, sys, time; sys.stdin.readline(); os.write(1, b'x' * (2 << 20)); {end}"
    with python_bot(body, time_limit=2).session() as session:
        assert session.turn(FIRST).verdict == verdict
    assert no_bot_left()


def test_an_answer_then_an_error_is_re() -> None:
    body = (
        'import sys; sys.stdin.readline(); print(\'{"response": "PASS"}\', flush=True); sys.exit(3)'
    )
    with python_bot(body).session() as session:
        assert session.turn(FIRST).verdict == "RE"


THREAD_READS_TO_END = (
    "import json, sys, threading\n"
    "got = []\n"
    "reader = threading.Thread(target=lambda: got.append(sys.stdin.read()))\n"
    "reader.start()\n"
    "reader.join()\n"
    "print(json.dumps({'response': str(len(json.loads(got[0])['requests']))}))\n"
)
ASYNCIO_READS_TO_END = (
    "import asyncio, json, sys\n"
    "async def main():\n"
    "    loop = asyncio.get_running_loop()\n"
    "    reader = asyncio.StreamReader()\n"
    "    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)\n"
    "    turn = json.loads(await reader.read())\n"
    "    print(json.dumps({'response': str(len(turn['requests']))}))\n"
    "asyncio.run(main())\n"
)


@pytest.mark.parametrize("body", [THREAD_READS_TO_END, ASYNCIO_READS_TO_END])
def test_a_bot_waiting_for_the_end_of_its_input_off_its_main_thread_is_given_it(
    body: str,
) -> None:
    # only the main thread's read was looked at: a JVM (whose main thread is not the
    # process's first), Node.js ('end' of process.stdin: an epoll wait) and Go waited for
    # ever (TLE every turn)
    with python_bot(body, time_limit=5).session() as session:
        assert [session.turn(r).response for r in REQUESTS[:3]] == ["1", "2", "3"]


@pytest.mark.skipif(shutil.which("node") is None, reason="no Node.js")
def test_a_node_bot_reading_its_input_to_the_end() -> None:
    body = (
        "let text = ''; process.stdin.on('data', d => text += d);"
        "process.stdin.on('end', () => console.log(JSON.stringify("
        "{response: String(JSON.parse(text).requests.length)})));"
    )
    bot = BotzoneBot(["node", "-e", body], time_limit=5, time_factor=1)
    with bot.session() as session:
        assert [session.turn(r).response for r in REQUESTS[:2]] == ["1", "2"]


def test_a_kept_bot_with_a_reader_thread_is_not_given_the_end_while_it_thinks() -> None:
    # its reader thread waits for the next line while its main thread computes the first
    # answer: the input must stay open (no thread of it is idle)
    body = (
        "import queue, sys, threading, time\n"
        "lines = queue.Queue()\n"
        "def read():\n"
        "    for line in sys.stdin:\n"
        "        lines.put(line)\n"
        "    lines.put(None)\n"
        "threading.Thread(target=read, daemon=True).start()\n"
        "n = int(lines.get())\n"
        "for _ in range(2 * n + 1):\n"
        "    lines.get()\n"
        "while True:\n"
        "    end = time.process_time() + 0.3\n"
        "    while time.process_time() < end:\n"
        "        pass\n"
        "    print('PASS')\n"
        "    print('>>>BOTZONE_REQUEST_KEEP_RUNNING<<<', flush=True)\n"
        "    if lines.get() is None:\n"
        "        break\n"
    )
    with python_bot(body, "simple", time_limit=10).session() as session:
        pids = set()
        for request in REQUESTS[:3]:
            assert session.turn(request).response == "PASS"
            assert session.keeps_running
            pids.add(session.pid)
        assert len(pids) == 1


def test_a_python_bot_started_through_env_or_its_script_has_pythons_time(
    tmp_path: Path,
) -> None:
    # `env python3 bot.py` and `./bot.py` (#!/usr/bin/env python3) were given a compiled
    # bot's 1 s instead of Python's 6 s
    script = tmp_path / "bot.py"
    script.write_text("#!/usr/bin/env python3\nprint('PASS')\n")
    script.chmod(0o755)
    assert BotzoneBot(f"env python3 {script}").time_factor == 6
    assert BotzoneBot(["env", "-i", "PYTHONHASHSEED=0", "python3", str(script)]).time_factor == 6
    assert BotzoneBot([str(script)]).time_factor == 6
    assert BotzoneBot("node bot.js").time_factor == 2
    assert BotzoneBot("./a.out").time_factor == 1
