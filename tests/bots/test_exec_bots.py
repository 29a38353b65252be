"""Bots in any language (``exec:``, docs/bots.md): the pipe protocol, the example bots in a
match, the errors naming bot, hand and decision, and the process's limits."""

from __future__ import annotations

import io
import json
import os
import pickle
import shlex
import shutil
import sys
import textwrap
from pathlib import Path

import pytest
from koudiandian import BotError, Match, Rules, simulate
from koudiandian.cli import main
from koudiandian.errors import ArgumentTypeError, InvalidArgumentError
from koudiandian.execbot import KEPT_ENVIRONMENT, ExecBot, split_bots
from koudiandian.play import _bots as play_bots
from koudiandian.play import play_terminal

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "bots"
PY_BOT = f"exec:{shlex.join([sys.executable, str(EXAMPLES / 'simple_bot.py')])}"
JS_BOT = f"exec:{shlex.join(['node', str(EXAMPLES / 'simple_bot.js')])}"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def script(tmp_path: Path, body: str, name: str = "bot.py") -> str:
    """An exec: name running ``body`` (Python) as a bot; ``view_of(frame)`` is a frame's
    view (``None`` if it has none)."""
    path = tmp_path / name
    path.write_text(
        "import json, os, sys\n"
        "def view_of(frame):\n"
        "    view = [m for m in frame if m['type'] == 'view']\n"
        "    return view[0]['view'] if view else None\n" + textwrap.dedent(body)
    )
    return f"exec:{shlex.join([sys.executable, str(path)])}"


@needs_node
def test_the_example_bots_play_a_match() -> None:
    summary = simulate(2, bots=[PY_BOT, JS_BOT, "greedy", "random"], match=4, seed=5)
    assert summary.hands == 8 and summary.matches == 2
    assert summary.bots == (PY_BOT, JS_BOT, "greedy", "random")
    # The same run again plays the same hands: the example bots draw no random numbers.
    again = simulate(2, bots=[PY_BOT, JS_BOT, "greedy", "random"], match=4, seed=5)
    assert again.to_dict()["score_mean"] == summary.to_dict()["score_mean"]


def test_the_python_example_does_not_import_koudiandian() -> None:
    assert "koudiandian" not in "".join(
        line
        for line in (EXAMPLES / "simple_bot.py").read_text().splitlines(True)
        if line.lstrip().startswith(("import", "from"))
    )


def test_a_bot_drives_a_match_from_its_seat_view() -> None:
    match = Match(Rules.preset("taiyuan"), seed=11, length=2)
    with ExecBot(PY_BOT) as bot:
        while not match.is_over:
            seat = match.to_act[0]
            match.step(seat, bot.act(match.view(seat), match.legal_actions(seat)))
        assert bot.hand == 1 and bot.decision > 20  # two hands, told apart by the wall
    assert len(match.results) == 2


def test_frames_are_the_servers_messages(tmp_path: Path) -> None:
    log = tmp_path / "frames.jsonl"
    bot = script(
        tmp_path,
        f"""
        with open({str(log)!r}, "w") as out:
            for line in sys.stdin:
                out.write(line)
                out.flush()
                view = view_of(json.loads(line))
                if view is not None:
                    answer = {{"type": "action", "decision": view["decision"],
                              "action": view["legal_actions"][0]}}
                    print(json.dumps(answer), flush=True)
        """,
    )
    simulate(2, bots=[bot, "greedy", "greedy", "greedy"], seed=1)
    frames = [json.loads(line) for line in log.read_text().splitlines()]
    assert frames[0] == [{"type": "hello", "protocol": 1, "bot": bot}]
    views = [m for f in frames for m in f if m["type"] == "view"]
    assert [m["view"]["decision"] for m in views] == list(range(1, len(views) + 1))
    assert {m["hand"] for m in views} == {0, 1}
    view = views[0]["view"]
    for key in ("legal_actions", "hand_sizes", "waits", "ready_discards", "seat", "phase"):
        assert key in view
    for hand in (0, 1):  # every event of the seat's log, numbered from 0, once, in order
        events = [m for f in frames for m in f if m["type"] == "event" and m["hand"] == hand]
        assert [m["n"] for m in events] == list(range(len(events)))
        assert events[0]["event"]["type"] == "start_hand"
        assert events[-1]["event"]["type"] == "end_hand"  # sent on the next hand, or at close


def test_the_deal_is_sent_again_once_the_bids_are_in(tmp_path: Path) -> None:
    log = tmp_path / "frames.jsonl"
    bot = script(
        tmp_path,
        f"""
        with open({str(log)!r}, "w") as out:
            for line in sys.stdin:
                out.write(line)
                out.flush()
                view = view_of(json.loads(line))
                if view is not None:
                    print(json.dumps({{"action": view["legal_actions"][0]}}), flush=True)
        """,
    )
    simulate(1, rules=Rules.parse("hebei,pao"), bots=[bot, "greedy", "greedy", "greedy"])
    events = [m for line in log.read_text().splitlines() for m in json.loads(line)]
    events = [m for m in events if m["type"] == "event" and m["n"] == 0]
    assert [bool(m.get("replaces")) for m in events] == [False, True]
    assert events[0]["event"]["hand"] == [] and len(events[1]["event"]["hand"]) in (13, 14)


def test_answers_as_action_text(tmp_path: Path) -> None:
    bot = script(
        tmp_path,
        """
        def text(action):
            tile = action["tile"]
            if tile is None:
                return action["kind"]
            name = f"{tile % 9 + 1}{'mps'[tile // 9]}" if tile < 27 else f"{tile - 26}z"
            return f"{action['kind']} {name}"

        for line in sys.stdin:
            view = view_of(json.loads(line))
            if view is not None:
                print(text(view["legal_actions"][-1]), flush=True)
        """,
    )
    summary = simulate(3, bots=[bot, "greedy", "random", "greedy"], seed=2)
    assert summary.hands == 3


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("import time\nfor line in sys.stdin:\n    time.sleep(5)\n", "did not answer within 0.5 s"),
        (
            "sys.stdin.readline()\nsys.stdin.readline()\n"
            "sys.stderr.write('it went wrong')\nsys.exit(3)\n",
            "exited or closed its standard output without answering; it exited with "
            "status 3; its standard error ends: it went wrong",
        ),
        ("for line in sys.stdin:\n    print('{not json', flush=True)\n", "which is no answer"),
        (
            "for line in sys.stdin:\n    print('pass', flush=True)\n",
            "answered 'pass', which is not legal now",
        ),
        (
            "for line in sys.stdin:\n    v = view_of(json.loads(line))\n"
            "    if v: print(json.dumps({'decision': 99, 'action': v['legal_actions'][0]}), flush=True)\n",
            "answered decision 99, not the decision asked, 1",
        ),
    ],
    ids=["timeout", "crash", "garbage", "illegal", "stale"],
)
def test_a_failing_bot_is_a_bot_error_naming_it(tmp_path: Path, body: str, expected: str) -> None:
    name = script(tmp_path, body)
    bot = ExecBot(name, timeout=0.5)
    with pytest.raises(BotError) as caught:
        simulate(1, bots=[bot, "greedy", "greedy", "greedy"], seed=3)
    error = caught.value
    assert expected in str(error)
    assert str(error).startswith(f"bot {name!r} ")
    assert "(at hand 0, decision 1)" in str(error)
    assert (error.bot, error.hand, error.decision) == (name, 0, 1)
    bot.close()


def test_a_bot_error_from_a_worker_process_keeps_its_figures(tmp_path: Path) -> None:
    error = BotError("bot 'exec:x' did not answer", bot="exec:x", hand=3, decision=41)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.bot, copy.hand, copy.decision) == (str(error), "exec:x", 3, 41)
    name = script(tmp_path, "for line in sys.stdin:\n    print('pass', flush=True)\n")
    with pytest.raises(BotError, match="which is not legal now") as caught:
        simulate(4, bots=[name, "greedy", "greedy", "greedy"], workers=2)
    assert caught.value.bot == name


def test_a_bot_that_cannot_start() -> None:
    with pytest.raises(BotError, match="could not start"):
        simulate(1, bots=["exec:/no/such/program", "greedy", "greedy", "greedy"])


def test_the_bot_gets_a_clean_environment_and_no_other_fds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KDD_SECRET_TOKEN", "hunter2")
    report = tmp_path / "env.json"
    keep = os.open(tmp_path / "parent.txt", os.O_CREAT | os.O_WRONLY, 0o600)  # not inheritable
    os.set_inheritable(keep, True)  # even an inheritable one is closed
    try:
        bot = script(
            tmp_path,
            f"""
            fds = sorted(int(f) for f in os.listdir("/proc/self/fd"))
            with open({str(report)!r}, "w") as out:
                json.dump({{"env": sorted(os.environ), "fds": fds}}, out)
            for line in sys.stdin:
                view = view_of(json.loads(line))
                if view is not None:
                    print(json.dumps({{"action": view["legal_actions"][0]}}), flush=True)
            """,
        )
        simulate(1, bots=[bot, "greedy", "greedy", "greedy"])
    finally:
        os.close(keep)
    seen = json.loads(report.read_text())
    assert "KDD_SECRET_TOKEN" not in seen["env"]
    assert set(seen["env"]) <= set(KEPT_ENVIRONMENT) | {"LC_CTYPE"}  # Python may set LC_CTYPE
    assert seen["fds"][:3] == [0, 1, 2] and keep not in seen["fds"][3:4]
    assert len(seen["fds"]) <= 4  # 0-2 and the listing's own descriptor


def test_the_memory_limit_stops_a_greedy_bot(tmp_path: Path) -> None:
    name = script(tmp_path, "hog = bytearray(400 << 20)\nfor line in sys.stdin:\n    pass\n")
    with pytest.raises(BotError, match="MemoryError"):
        simulate(1, bots=[ExecBot(name, memory=256 << 20), "greedy", "greedy", "greedy"])


def test_arguments_are_checked() -> None:
    with pytest.raises(InvalidArgumentError, match="needs a command"):
        ExecBot("exec:")
    with pytest.raises(InvalidArgumentError, match="cannot read the bot command"):
        ExecBot('exec:python "unclosed')
    with pytest.raises(InvalidArgumentError, match="timeout"):
        ExecBot("python x.py", timeout=0)
    with pytest.raises(InvalidArgumentError, match="memory"):
        ExecBot("python x.py", memory=5)
    with pytest.raises(ArgumentTypeError, match="command"):
        ExecBot(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="name"):
        ExecBot("python x.py", name=3)  # type: ignore[arg-type]
    shared = ExecBot(PY_BOT)
    with pytest.raises(InvalidArgumentError, match="several seats"):
        simulate(1, bots=shared)


def test_a_copy_starts_its_own_process() -> None:
    with ExecBot(PY_BOT, timeout=20) as bot:
        simulate(1, bots=[bot, "greedy", "greedy", "greedy"])
        copy = pickle.loads(pickle.dumps(bot))
        assert copy.name == bot.name and copy.decision == 0 and bot.decision > 0
        simulate(1, bots=[copy, "greedy", "greedy", "greedy"])
        copy.close()


def test_workers_each_start_the_bot() -> None:
    one = simulate(4, bots=[PY_BOT, "greedy", "random", "greedy"], seed=9)
    two = simulate(4, bots=[PY_BOT, "greedy", "random", "greedy"], seed=9, workers=2)
    assert one.to_dict()["score_mean"] == two.to_dict()["score_mean"]


def test_split_bots_keeps_an_exec_command_whole() -> None:
    assert split_bots("greedy,random exec:python my bot.py,x") == [
        "greedy",
        "random",
        "exec:python my bot.py,x",
    ]
    assert split_bots("Greedy, RANDOM") == ["greedy", "random"]
    assert split_bots("EXEC:node b.js") == ["exec:node b.js"]


def test_the_command_line_takes_exec_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--hands", "3", "--json", "--bots", "greedy,greedy", "random", PY_BOT])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["bots"][3] == PY_BOT
    code = main(["simulate", "--hands", "1", "--bots", "greedy", "nobot", "random", "greedy"])
    assert code == 2 and "unknown bot 'nobot'" in capsys.readouterr().err


def test_play_takes_exec_opponents() -> None:
    players = play_bots(["greedy", PY_BOT, "random"], 1, 0)
    assert players[1] is None and isinstance(players[2], ExecBot)
    # A person who always picks the first option plays a hand against an exec bot.
    out = io.StringIO()
    answers = iter(["1"] * 400)
    code = play_terminal(
        rules=Rules(),
        seed=3,
        seat=0,
        bots=[PY_BOT, "greedy", "greedy"],
        style="mpsz",
        match=False,
        out=out,
        read=lambda: next(answers) + "\n",
    )
    assert code == 0 and "your hand:" in out.getvalue()
