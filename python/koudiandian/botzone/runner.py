"""Botzone's bot protocol, the minimal runner: one bot command, one process per turn.

A Botzone bot (docs/botzone.md, BOTZONE.md §5) is started afresh every turn ("restart"
mode) and given the whole game so far on its standard input, in one of two forms:

- **JSON interaction**: one object ``{"requests": [...], "responses": [...], "data": "",
  "globaldata": "", "time_limit": T, "memory_limit": M}`` (every request so far, the bot's
  answers to all but the last); the bot prints an object ``{"response": "...", ...}``
  (``data``, ``globaldata`` and ``debug`` optional).
- **simple interaction**: a line with the turn number ``n``, then ``2n-1`` lines
  alternating request, answer, ..., request, then the ``data`` line and ``globaldata``; the
  bot's first output line is its answer, the third its ``data``, the fourth on its
  ``globaldata`` (the second is debug text).

:class:`BotRunner` runs one turn and returns a :class:`TurnResult` with the platform's
verdict: ``TLE`` when the bot is still running after ``time_limit`` seconds of wall-clock
time, ``RE`` when it exits with a nonzero status or is killed by a signal, ``NJ`` when its
output in JSON interaction is not a JSON object (or its ``response`` is not a string),
else ``OK``. The bot runs in a session of its own; its whole process group is killed when
the turn ends, so nothing it started outlives the turn. Keep-running mode, memory limits and
the verdicts ``MLE``/``OLE`` are not part of this runner.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import signal
import subprocess
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import ArgumentTypeError, BotError, InvalidArgumentError

__all__ = [
    "BotRunner",
    "TurnResult",
    "Interaction",
    "INTERACTIONS",
    "VERDICTS",
    "DEFAULT_TIME_LIMIT",
    "DEFAULT_MEMORY_LIMIT",
    "MAX_OUTPUT",
]

#: How a bot reads its turn: ``"json"`` (Botzone's default) or ``"simple"``.
Interaction = Literal["json", "simple"]
#: The interactions a bot may speak.
INTERACTIONS: tuple[str, ...] = ("json", "simple")
#: The verdicts this runner gives.
VERDICTS: tuple[str, ...] = ("OK", "TLE", "RE", "NJ")
#: Seconds of wall-clock time per turn (Botzone gives Python bots 6 s).
DEFAULT_TIME_LIMIT = 6.0
#: The memory limit told to a JSON bot, in megabytes (told only: not enforced here).
DEFAULT_MEMORY_LIMIT = 256
#: Bytes of a bot's output kept per turn (the rest is read and dropped).
MAX_OUTPUT = 1 << 20
#: Seconds to wait for the output pipe to close once the bot's group is killed.
_DRAIN_WAIT = 5.0
#: Environment variables a bot inherits; nothing else of the parent's reaches it.
_KEPT_ENVIRONMENT = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR")


@dataclass(frozen=True, slots=True)
class TurnResult:
    """What one turn of a bot gave: the platform's ``verdict`` (one of :data:`VERDICTS`),
    its ``response`` (``""`` unless the verdict is ``OK`` or ``NJ`` gave nothing better),
    the ``data`` and ``globaldata`` it keeps for its next turn, and its raw ``output``
    (standard output as text, undecodable bytes replaced)."""

    verdict: str
    response: str
    data: str = ""
    globaldata: str = ""
    output: str = ""

    def log_entry(self) -> dict[str, str]:
        """The entry of the judge's log for this bot: ``{"verdict", "response"}``."""
        return {"verdict": self.verdict, "response": self.response}


def argv_of(command: str | Sequence[str], what: str = "bot") -> list[str]:
    """The command as an argument vector (a string is split as a POSIX shell would);
    ``what`` names it in errors (a bot's, a judge's)."""
    if isinstance(command, str):
        argv = shlex.split(command)
    elif isinstance(command, Sequence) and all(isinstance(a, str) for a in command):
        argv = list(command)
    else:
        raise ArgumentTypeError(
            f"a {what} command must be a string or a list of strings, not {command!r}"
        )
    if not argv:
        raise InvalidArgumentError(f"empty {what} command {command!r}")
    return argv


def _strings(name: str, values: Sequence[str], one_line: bool) -> list[str]:
    """``values`` as a list of strings (each without a line break if ``one_line``)."""
    if isinstance(values, str) or not all(isinstance(v, str) for v in values):
        raise ArgumentTypeError(f"{name} must be a list of strings, not {values!r}")
    for v in values:
        if one_line and "\n" in v:
            raise InvalidArgumentError(f"{name} holds a string with a line break: {v!r}")
    return list(values)


class BotRunner:
    """One Botzone bot, run once per turn (restart mode).

    ``command``: the program and its arguments (a string is split by :func:`shlex.split`;
    no shell is run); ``interaction``: ``"json"`` or ``"simple"``; ``time_limit``: seconds
    of wall-clock time per turn (> 0); ``memory_limit``: megabytes, only told to a JSON bot;
    ``cwd``: the bot's working directory (``None``: the caller's); ``name``: how errors name
    the bot (default: the command).
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        interaction: str = "json",
        time_limit: float = DEFAULT_TIME_LIMIT,
        memory_limit: int = DEFAULT_MEMORY_LIMIT,
        cwd: str | None = None,
        name: str | None = None,
    ) -> None:
        self.argv = argv_of(command)
        if interaction not in INTERACTIONS:
            raise InvalidArgumentError(
                f"unknown interaction {interaction!r}: expected one of {', '.join(INTERACTIONS)}"
            )
        if isinstance(time_limit, bool) or not isinstance(time_limit, int | float):
            raise ArgumentTypeError(f"time_limit must be a number of seconds, not {time_limit!r}")
        if not time_limit > 0:
            raise InvalidArgumentError(f"time_limit must be positive, not {time_limit!r}")
        if isinstance(memory_limit, bool) or not isinstance(memory_limit, int) or memory_limit <= 0:
            raise InvalidArgumentError(
                f"memory_limit must be a positive number of megabytes, not {memory_limit!r}"
            )
        self.interaction: str = interaction
        self.time_limit = float(time_limit)
        self.memory_limit = memory_limit
        self.cwd = cwd
        self.name = name if name is not None else shlex.join(self.argv)

    def __repr__(self) -> str:
        return f"BotRunner({self.name!r}, interaction={self.interaction!r}, time_limit={self.time_limit})"

    def turn_input(
        self,
        requests: Sequence[str],
        responses: Sequence[str],
        data: str = "",
        globaldata: str = "",
    ) -> str:
        """The text the bot reads on its standard input for a turn.

        ``requests``: every request so far (at least one); ``responses``: the bot's answers
        to all but the last (one fewer than ``requests``).
        """
        simple = self.interaction == "simple"
        reqs = _strings("requests", requests, simple)
        resps = _strings("responses", responses, simple)
        if not reqs or len(resps) != len(reqs) - 1:
            raise InvalidArgumentError(
                f"a turn needs n >= 1 requests and n-1 responses, not {len(reqs)} and {len(resps)}"
            )
        if not isinstance(data, str) or not isinstance(globaldata, str):
            raise ArgumentTypeError("data and globaldata must be strings")
        if not simple:
            frame: dict[str, Any] = {
                "requests": reqs,
                "responses": resps,
                "data": data,
                "globaldata": globaldata,
                "time_limit": self.time_limit,
                "memory_limit": self.memory_limit,
            }
            return json.dumps(frame, ensure_ascii=False) + "\n"
        if "\n" in data:
            raise InvalidArgumentError(f"data holds a line break: {data!r}")
        lines = [str(len(reqs))]
        for i, request in enumerate(reqs):
            lines.append(request)
            if i < len(resps):
                lines.append(resps[i])
        lines.append(data)
        lines.append(globaldata)
        return "\n".join(lines) + "\n"

    def run_turn(
        self,
        requests: Sequence[str],
        responses: Sequence[str],
        data: str = "",
        globaldata: str = "",
    ) -> TurnResult:
        """Run the bot for one turn (see :meth:`turn_input` for the arguments) and judge
        what it printed. Raises :class:`~koudiandian.errors.BotError` when the program
        cannot be started at all."""
        text = self.turn_input(requests, responses, data, globaldata).encode()
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=self.cwd,
                env={k: os.environ[k] for k in _KEPT_ENVIRONMENT if k in os.environ},
                start_new_session=True,
                close_fds=True,
            )
        except OSError as e:
            raise BotError(f"cannot start bot {self.name!r}: {e}", bot=self.name) from e
        timed_out, out = _exchange(proc, text, self.time_limit)
        output = out.decode("utf-8", errors="replace")
        if timed_out:
            return TurnResult("TLE", "", output=output)
        if proc.returncode != 0:
            return TurnResult("RE", "", output=output)
        if self.interaction == "json":
            return _json_result(output)
        return _simple_result(output)


def _exchange(proc: subprocess.Popen[bytes], text: bytes, limit: float) -> tuple[bool, bytes]:
    """Give the bot its input, wait for it to exit (at most ``limit`` seconds), kill its
    process group, and return (whether it timed out, what it printed). The bot is judged
    when its own process exits: a child left holding its output does not keep the turn
    open. Output past :data:`MAX_OUTPUT` bytes is read and dropped."""
    chunks: list[bytes] = []

    def feed() -> None:
        assert proc.stdin is not None
        with contextlib.suppress(OSError):
            proc.stdin.write(text)
        with contextlib.suppress(OSError):
            proc.stdin.close()

    def drain() -> None:
        assert proc.stdout is not None
        kept = 0
        while chunk := os.read(proc.stdout.fileno(), 65536):
            if kept < MAX_OUTPUT:
                chunks.append(chunk[: MAX_OUTPUT - kept])
                kept += len(chunk)

    threads = [
        threading.Thread(target=feed, daemon=True),
        threading.Thread(target=drain, daemon=True),
    ]
    for t in threads:
        t.start()
    timed_out = False
    try:
        proc.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        timed_out = True
    _kill_group(proc.pid)
    proc.wait()
    for t in threads:
        # a process that left the group (a new session of its own) may keep the pipe open
        t.join(timeout=_DRAIN_WAIT)
    if not threads[1].is_alive():
        assert proc.stdout is not None
        proc.stdout.close()
    return timed_out, b"".join(chunks)


def _kill_group(pid: int) -> None:
    """Kill the process group led by ``pid`` (the bot and whatever it started); a group
    already gone is fine."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _json_result(output: str) -> TurnResult:
    """The result of a JSON bot's output: its first JSON value must be an object whose
    ``response`` (if any) is a string; text after that value is ignored."""
    try:
        value, _ = json.JSONDecoder().raw_decode(output.lstrip())
    except ValueError:
        return TurnResult("NJ", "", output=output)
    if not isinstance(value, dict):
        return TurnResult("NJ", "", output=output)
    fields = {}
    for key in ("response", "data", "globaldata"):
        field = value.get(key, "")
        if not isinstance(field, str):
            return TurnResult("NJ", "", output=output)
        fields[key] = field
    return TurnResult("OK", fields["response"], fields["data"], fields["globaldata"], output)


def _simple_result(output: str) -> TurnResult:
    """The result of a simple bot's output: line 1 the answer, line 2 debug text, line 3
    ``data``, lines 4 on ``globaldata`` (a line's ``\\r\\n`` or ``\\n`` is not part of it)."""
    lines = output.split("\n")
    lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    response = lines[0] if lines else ""
    data = lines[2] if len(lines) > 2 else ""
    globaldata = "\n".join(lines[3:]).rstrip("\n") if len(lines) > 3 else ""
    return TurnResult("OK", response, data, globaldata, output)
