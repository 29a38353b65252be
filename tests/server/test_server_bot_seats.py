"""Bot seats played by the operator's ``exec:`` bots (docs/server.md, "Bot seats in the
server"): registered by name, seated by name only, driven off the event loop with the
seat's WebSocket messages, falling back to greedy (and the table told) when they fail,
closed when the table ends or the server stops, started again after a failover."""

from __future__ import annotations

import json
import logging
import os
import shlex
import shutil
import signal
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from koudiandian.errors import ArgumentTypeError, InvalidArgumentError  # noqa: E402
from koudiandian.execbot import KEPT_ENVIRONMENT, ExecBot  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.botregistry import BotRegistry, bots_of_options  # noqa: E402
from koudiandian.server.store import Store  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import (  # noqa: E402, F401
    act_message,
    choose,
    deadline,
    free_port,
    recv,
    server_process,
    stored_matches,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "bots"
PY_BOT = f"exec:{shlex.join([sys.executable, str(EXAMPLES / 'simple_bot.py')])}"
JS_BOT = f"exec:{shlex.join(['node', str(EXAMPLES / 'simple_bot.js')])}"

# A bot that logs (to argv[1]) its start, its environment's names, every frame and its end,
# and plays as the mode (argv[2]) says: "play" well, or fail in one of the ways a bot fails.
_RECORDER = """\
import json, os, sys, time
log = open(sys.argv[1], "a")
mode = sys.argv[2]
def note(**kw):
    log.write(json.dumps(kw) + "\\n")
    log.flush()
def choose(view):
    legal = view["legal_actions"]
    for kind in ("self_draw_win", "win", "pass"):
        for a in legal:
            if a["kind"] == kind:
                return a
    for a in legal:
        if a["kind"] == "discard" and a["tile"] == view["drawn"]:
            return a
    return legal[0]
note(start=os.getpid(), env=sorted(os.environ))
for line in sys.stdin:
    frame = json.loads(line)
    note(frame=frame)
    views = [m["view"] for m in frame if m["type"] == "view"]
    if not views:
        continue
    view = views[0]
    claim = view["phase"] in ("claim", "rob")
    if mode == "crash" or (mode == "crash_on_claim" and claim):
        sys.stderr.write("SECRET-STDERR: my hand is " + str(view["hand"]))
        sys.exit(3)
    if mode == "slow":
        time.sleep(30)
    if mode == "garbage":
        print("{not json", flush=True)
        continue
    if mode == "illegal":
        held = set(view["hand"]) | {view["drawn"]}
        tile = min(t for t in range(34) if t not in held)
        print(json.dumps({"action": {"kind": "discard", "tile": tile}}), flush=True)
        continue
    print(json.dumps({"decision": view["decision"], "action": choose(view)}), flush=True)
note(closed=os.getpid())
"""


def recorder(tmp_path: Path, mode: str = "play", name: str = "bot") -> tuple[str, Path]:
    """An ``exec:`` command of the recording bot in ``mode``, and the file it logs to."""
    script = tmp_path / "recorder.py"
    script.write_text(_RECORDER)
    log = tmp_path / f"{name}.jsonl"
    return f"exec:{shlex.join([sys.executable, str(script), str(log), mode])}", log


def records(log: Path) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.endswith("}")]


def until(what: Any, timeout: float = 20, step: float = 0.05) -> Any:
    """Wait until ``what()`` is true (and return it); fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        got = what()
        if got:
            return got
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(step)


def _app(db: str, bots: Mapping[str, str | ExecBot], **kw: Any) -> Any:
    return create_app(db, bot_delay=0, claim_wait=0, allow_seeds=True, bots=bots, **kw)


def _over(client: TestClient, tid: str) -> dict[str, Any] | None:
    state: dict[str, Any] = client.get(f"/tables/{tid}").json()
    return state if state["over"] else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:  # a zombie (exited, not reaped) is not alive
        return f.read().split(") ")[-1][0] != "Z"


# -- playing ------------------------------------------------------------------------------


def test_an_exec_bot_seat_plays_a_match_with_a_person(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person and the example bot at one table, to the end; the bot is sent exactly what
    its seat's socket would be (events numbered by the table's hands), in a clean
    environment, and its process ends with the match."""
    command, log = recorder(tmp_path)
    monkeypatch.setenv("KDD_TEST_SECRET", "hunter2")  # the server's environment: not the bot's
    if True:
        with TestClient(_app(db, {"simple": PY_BOT, "rec": command})) as client:
            seats = ["human", "rec", "simple", "greedy"]
            made = client.post("/tables", json={"seats": seats, "seed": 21, "match": 2}).json()
            tid, token = made["id"], made["tokens"][0]
            with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
                while True:
                    m = recv(ws)
                    if m["type"] == "match_end":
                        break
                    if m["type"] == "view" and m["view"]["legal_actions"]:
                        view = m["view"]
                        ws.send_json(
                            act_message(view, choose(view["legal_actions"], view["drawn"]))
                        )
                    assert m["type"] != "bot_fallback", m
            state = client.get(f"/tables/{tid}?token={token}").json()
            assert state["over"] and [s["fallback"] for s in state["seats"]] == [None] * 4
            kept = until(lambda: records(log)[-1].get("closed") and records(log))
    match = stored_matches(db)[tid]
    assert match.is_over and len(match.games) == 2
    # One process for the whole match, in a clean environment; told every event of its
    # seat's log once, in order, by the table's hand numbers; asked every decision it made.
    assert [r for r in kept if "start" in r] == [kept[0]]
    assert set(kept[0]["env"]) <= set(KEPT_ENVIRONMENT)
    frames = [r["frame"] for r in kept if "frame" in r]
    assert frames[0][0] == {"type": "hello", "protocol": 1, "bot": "rec"}
    events: dict[int, list[Any]] = {}
    for message in (m for f in frames for m in f if m["type"] == "event"):
        log_of_hand = events.setdefault(message["hand"], [])
        assert message["n"] == len(log_of_hand) or message.get("replaces")
        log_of_hand.append(message["event"])
    assert events == {h: game.events_for(1) for h, game in enumerate(match.games)}
    stored = Store(db)
    try:
        decisions = sum(seat == 1 for seat, _ in stored.table(tid).actions)
    finally:
        stored.close()
    assert sum(any(m["type"] == "view" for m in f) for f in frames) == decisions


@pytest.mark.parametrize("bot", ["python", "node"])
def test_a_table_of_exec_bots_plays_to_its_end(sqlite_db: str, bot: str) -> None:
    if bot == "node" and shutil.which("node") is None:
        pytest.skip("node is not installed")
    command = PY_BOT if bot == "python" else JS_BOT
    with TestClient(_app(sqlite_db, {"mine": command})) as client:
        seats = ["mine", "greedy", "mine", "random"]
        made = client.post("/tables", json={"seats": seats, "seed": 3, "match": 2}).json()
        assert made["tokens"] == [None] * 4
        state = until(lambda: _over(client, made["id"]))
        assert [s["kind"] for s in state["seats"]] == seats
        assert [s["fallback"] for s in state["seats"]] == [None] * 4
    assert stored_matches(sqlite_db)[made["id"]].is_over


# -- registering, and seating by name only --------------------------------------------------


def test_a_creator_seats_registered_bots_by_name_and_never_a_command(
    sqlite_db: str, tmp_path: Path
) -> None:
    with TestClient(_app(sqlite_db, {"mybot": PY_BOT})) as client:
        # A search costs its budget a decision: no creator puts one on the server's loop.
        for kind in (
            PY_BOT,
            "exec:python -c 'import os'",
            "python bot.py",
            "otherbot",
            7,
            "search",
            "search:10",
        ):
            r = client.post("/tables", json={"seats": ["human", kind, "greedy", "greedy"]})
            assert r.status_code == 400, kind
            body = r.json()
            assert body["error"] == "InvalidArgumentError"
            assert f"seat 1: {kind!r} is neither 'human' nor a bot" in body["message"]
            assert "(random, greedy, expert, mybot)" in body["message"]
        r = client.post("/tables", json={"seats": ["human", "MyBot", "greedy", "greedy"]})
        assert r.status_code == 201 and r.json()["state"]["seats"][1]["kind"] == "mybot"
    # A server with no bots registered takes the built-in names only.
    with TestClient(_app(str(tmp_path / "other.sqlite"), {})) as client:
        r = client.post("/tables", json={"seats": ["human", "mybot", "greedy", "greedy"]})
        assert r.status_code == 400 and "(random, greedy, expert)" in r.json()["message"]


@pytest.mark.parametrize(
    ("bots", "error", "named"),
    [
        ({"Big": PY_BOT}, InvalidArgumentError, "'Big'"),
        ({"greedy": PY_BOT}, InvalidArgumentError, "'greedy'"),
        ({"human": PY_BOT}, InvalidArgumentError, "'human'"),
        ({"exec:x": PY_BOT}, InvalidArgumentError, "'exec:x'"),
        ({"a" * 33: PY_BOT}, InvalidArgumentError, "'aaaa"),
        ({"ok": ""}, InvalidArgumentError, "''"),
        ({"ok": "exec:'unclosed"}, InvalidArgumentError, "'unclosed"),
        ({"ok": 3}, ArgumentTypeError, "int"),
    ],
)
def test_registered_bots_are_checked(bots: Any, error: type[Exception], named: str) -> None:
    with pytest.raises(error, match=named.replace("*", r"\*")):
        BotRegistry(bots)
    with pytest.raises(error):
        create_app(":memory:", bots=bots)


def test_the_command_line_options_name_their_bots_limits() -> None:
    bots = bots_of_options(
        ["a=exec:python a.py", "b=node b.js"],
        ["a=2.5"],
        ["a=512M", "b=none"],
    )
    assert (bots["a"].argv, bots["a"].timeout, bots["a"].memory) == (
        ["python", "a.py"],
        2.5,
        512 << 20,
    )
    assert (bots["b"].argv, bots["b"].timeout, bots["b"].memory) == (["node", "b.js"], 10.0, None)
    for commands, timeouts, memories, named in [
        (["a"], [], [], "--bot takes NAME=exec:COMMAND, got 'a'"),
        (["a=x", "a=y"], [], [], "--bot a: registered twice"),
        (["a=x"], ["b=1"], [], "--bot-timeout b: no bot 'b' is registered"),
        (["a=x"], ["a=soon"], [], "--bot-timeout a: seconds, got 'soon'"),
        (["a=x"], ["a=-1"], [], "timeout must be a positive number of seconds, got -1.0"),
        (["a=x"], [], ["a=lots"], "--bot-memory a: bytes .* got 'lots'"),
    ]:
        with pytest.raises(InvalidArgumentError, match=named):
            bots_of_options(commands, timeouts, memories)


# -- a bot that fails -------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["crash", "slow", "garbage", "illegal"])
def test_a_failing_bot_falls_back_to_greedy_and_the_table_says_so(
    db: str, tmp_path: Path, mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    command, log = recorder(tmp_path, mode)
    bots = {"flaky": ExecBot(command, timeout=0.5)}
    caplog.set_level(logging.WARNING, logger="koudiandian.server")
    with TestClient(_app(db, bots)) as client:
        seats = ["flaky", "greedy", "greedy", "greedy"]  # seat 0 deals: it fails at once
        made = client.post("/tables", json={"seats": seats, "seed": 5, "match": 2}).json()
        tid = made["id"]
        state = until(lambda: _over(client, tid))
        assert [s["fallback"] for s in state["seats"]] == ["greedy", None, None, None]
        # A socket opened later is told after its hello; the message says nothing more.
        with client.websocket_connect(f"/tables/{tid}/ws") as ws:
            assert recv(ws)["type"] == "hello"
            told = recv(ws)
        assert told == {"type": "bot_fallback", "seat": 0, "bot": "flaky", "plays": "greedy"}
        said = json.dumps(client.get(f"/tables/{tid}").json())
    # One process, stopped at its first decision; the game went on, greedy playing seat 0.
    kept = records(log)
    assert len([r for r in kept if "start" in r]) == 1
    assert sum(any(m["type"] == "view" for m in r["frame"]) for r in kept if "frame" in r) == 1
    assert not _alive(kept[0]["start"])
    match = stored_matches(db)[tid]
    assert match.is_over and len(match.games) == 2
    # The details are in the server's log, and only there.
    failure = [
        r.getMessage() for r in caplog.records if "failed; greedy plays it" in r.getMessage()
    ]
    assert len(failure) == 1 and f"table {tid}: seat 0's bot 'flaky' failed" in failure[0]
    expected = {
        "crash": "SECRET-STDERR",
        "slow": "did not answer within 0.5 s",
        "garbage": "which is no answer",
        "illegal": "which is not legal now",
    }[mode]
    assert expected in failure[0] and expected not in said


def test_a_bot_failing_on_a_claim_is_told_only_once_the_seat_plays(
    sqlite_db: str, tmp_path: Path
) -> None:
    """Whether a seat was asked about a discard is not public: a bot that fails answering
    one is told to the table with the seat's next public event (or the hand's end), so the
    message says nothing about the claim."""
    command, log = recorder(tmp_path, "crash_on_claim")
    app = _app(sqlite_db, {"flaky": command})
    with TestClient(app) as client:
        made = client.post(
            "/tables",
            json={
                "seats": ["greedy", "flaky", "greedy", "greedy"],
                "seed": 2,
                "match": 4,
                "bot_delay": 0.01,
                "private": False,
            },
        ).json()
        tid = made["id"]
        frames: list[list[dict[str, Any]]] = []
        with client.websocket_connect(f"/tables/{tid}/ws") as ws:
            while not any(m["type"] == "match_end" for m in (frames[-1] if frames else [])):
                frames.append(ws.receive_json())
    claims = [
        r
        for r in records(log)
        if "frame" in r
        and any(m["type"] == "view" and m["view"]["phase"] in ("claim", "rob") for m in r["frame"])
    ]
    assert claims, "the bot was never asked about a discard: pick another seed"
    told = [f for f in frames if any(m["type"] == "bot_fallback" for m in f)]
    assert len(told) == 1
    frame = told[0]
    at = next(i for i, m in enumerate(frame) if m["type"] == "bot_fallback")
    # Told with (just before) the events that show seat 1 play, or its hand end.
    shown = [m["event"] for m in frame[at + 1 :] if m["type"] == "event"]
    assert any(e.get("seat") == 1 or e["type"] == "end_hand" for e in shown), frame


# -- the event loop, the server's stop, a failover ---------------------------------------------


def test_a_thinking_bot_blocks_nothing_and_the_stop_ends_it(sqlite_db: str, tmp_path: Path) -> None:
    command, log = recorder(tmp_path, "slow")  # it thinks for 30 s
    with TestClient(_app(sqlite_db, {"slow": command})) as client:
        made = client.post("/tables", json={"seats": ["slow", "greedy", "greedy", "greedy"]})
        tid = made.json()["id"]
        until(lambda: any("frame" in r for r in records(log)))
        started = time.monotonic()
        for _ in range(5):
            assert client.get("/health").status_code == 200
            assert client.get(f"/tables/{tid}").json()["actions"] == 0  # still thinking
        assert time.monotonic() - started < 1.0
        pid = records(log)[0]["start"]
        stopping = time.monotonic()
    # The server's stop (the client's exit) cut the decision short and ended the process.
    assert time.monotonic() - stopping < 5
    assert not _alive(pid)


def test_after_a_failover_the_new_owner_starts_the_bot_again(db: str, tmp_path: Path) -> None:
    """Two ``koudiandian serve`` processes; the one playing a table with a registered bot is
    killed (``kill -9``): the other takes the table over and starts the bot afresh, which
    is sent the hand so far in its first frame; the match ends."""
    command, log = recorder(tmp_path)
    ports = [free_port(), free_port()]
    urls = [f"http://127.0.0.1:{p}" for p in ports]
    extra = ["--lease", "1", "--claim-wait", "0", "--allow-seeds", "--bot", f"rec={command}"]
    with server_process(db, ports[0], *extra) as first, server_process(db, ports[1], *extra):
        spec = {"seats": ["rec", "greedy", "greedy", "greedy"], "seed": 8, "bot_delay": 0.03}
        body = json.dumps(spec).encode()
        request = urllib.request.Request(
            urls[0] + "/tables", data=body, headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            made = json.loads(r.read())
        tid, owner = made["id"], made["url"]
        victim = first if owner == urls[0] else None
        assert victim is not None, "both idle: the creating process keeps the table"
        until(lambda: sum("frame" in r for r in records(log)) >= 3)
        victim.send_signal(signal.SIGKILL)
        victim.wait()

        def over() -> bool:
            try:  # (sent on to the killed process until its lease runs out)
                with urllib.request.urlopen(f"{urls[1]}/tables/{tid}", timeout=5) as r:
                    return bool(json.loads(r.read())["over"])
            except urllib.error.URLError:
                return False

        until(over, timeout=40, step=0.2)
        kept = until(lambda: records(log)[-1].get("closed") and records(log))
    starts = [i for i, r in enumerate(kept) if "start" in r]
    assert len(starts) == 2
    old_pid, new_pid = kept[starts[0]]["start"], kept[starts[1]]["start"]
    assert old_pid != new_pid and not _alive(old_pid)
    # The new process's first frames: its hello, then the seat's hand so far, from event 0,
    # and the view of its decision.
    assert kept[starts[1] + 1]["frame"] == [{"type": "hello", "protocol": 1, "bot": "rec"}]
    first_frame = kept[starts[1] + 2]["frame"]
    events = [m for m in first_frame if m["type"] == "event"]
    assert [m["n"] for m in events] == list(range(len(events))) and len(events) > 3
    assert {m["hand"] for m in events} == {0} and first_frame[-1]["type"] == "view"
    match = stored_matches(db)[tid]
    assert match.is_over
    assert [m["event"] for m in events] == match.game.events_for(0)[: len(events)]


def test_a_fallback_told_stays_after_the_table_moves(db: str, tmp_path: Path) -> None:
    """A fallback the table was told of is stored with it: the process that plays the table
    next keeps greedy on the seat and starts no bot there."""
    command, log = recorder(tmp_path, "crash")
    seats = ["flaky", "human", "greedy", "greedy"]  # seat 0 deals: it fails at once
    with TestClient(_app(db, {"flaky": command})) as a:
        made = a.post("/tables", json={"seats": seats, "seed": 5, "private": False}).json()
        tid = made["id"]
        until(lambda: a.get(f"/tables/{tid}").json()["seats"][0]["fallback"])
    # a stopped (it gives its leases up): b takes the table over when asked.
    with TestClient(_app(db, {"flaky": command})) as b:
        state = b.get(f"/tables/{tid}").json()
        assert [s["fallback"] for s in state["seats"]] == ["greedy", None, None, None]
        with b.websocket_connect(f"/tables/{tid}/ws?token={made['tokens'][1]}") as ws:
            assert recv(ws)["type"] == "hello"
            assert recv(ws)["type"] == "bot_fallback"
    stored = Store(db)
    try:
        assert stored.table(tid).spec.fallbacks == (0,)
    finally:
        stored.close()
    assert len([r for r in records(log) if "start" in r]) == 1
