"""Botzone's bot protocol: how a bot's turn is framed, run and judged.

A Botzone bot (docs/botzone.md, BOTZONE.md §5) reads its turn on its standard input in one
of two forms:

- **JSON interaction**: one object ``{"requests": [...], "responses": [...], "data": "",
  "globaldata": "", "time_limit": T, "memory_limit": M}`` (every request so far, the bot's
  answers to all but the last) on one line; the bot prints an object ``{"response": "...",
  ...}`` (``data``, ``globaldata`` and ``debug`` optional).
- **simple interaction**: a line with the turn number ``n``, then ``2n-1`` lines
  alternating request, answer, ..., request, then the ``data`` line and ``globaldata``; the
  bot's first output line is its answer, the third its ``data``, the fourth on its
  ``globaldata`` (the second is debug text).

A bot that ends a turn's output with the line ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` keeps
running, and its next input is the new request alone (:meth:`BotRunner.request_line`);
:class:`~koudiandian.botzone.session.BotSession` keeps it between turns.

:class:`BotRunner` holds a bot's command and limits, starts its process
(:class:`~koudiandian.botzone.process.BotProcess`) and judges a turn
(:meth:`BotRunner.exchange`) with the platform's verdict: ``TLE`` when the bot is still
running at the time limit (wall-clock seconds), ``MLE`` when its processes' resident
memory passes the memory limit, ``OLE`` when it prints more than the output limit (1 MiB)
in a turn, ``RE`` when it exits with a nonzero status or is killed by a signal, ``NJ`` when
its output in JSON interaction is not a JSON object (or its ``response`` is not a string),
else ``OK`` (a lone surrogate escaped in a JSON bot's text is read as ``?``).
:meth:`BotRunner.run_turn` runs one turn in a process of its own (restart mode), killed
with all its processes when the turn ends.
"""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..errors import ArgumentTypeError, InvalidArgumentError
from .process import BotProcess

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
#: The verdicts this runner gives (WA and WH are the judge's).
VERDICTS: tuple[str, ...] = ("OK", "TLE", "MLE", "OLE", "RE", "NJ")
#: Seconds of wall-clock time per turn (Botzone gives Python bots 6 s).
DEFAULT_TIME_LIMIT = 6.0
#: Megabytes of resident memory a bot's processes may hold (Botzone's 256 MB).
DEFAULT_MEMORY_LIMIT = 256
#: Bytes a bot may print in one turn (more is OLE): the output limit Botzone's own runner
#: gives its sandbox's wrapper (``-o 1048576``, ``ailab-pku/botzone-local``).
MAX_OUTPUT = 1 << 20


@dataclass(frozen=True, slots=True)
class TurnResult:
    """What one turn of a bot gave: the platform's ``verdict`` (one of :data:`VERDICTS`),
    its ``response`` (``""`` unless the verdict is ``OK``), the ``data`` and ``globaldata``
    it keeps for its next turn, its raw ``output`` (standard output as text, undecodable
    bytes replaced; in a turn that kept running, what came before the marker line),
    ``keep_running`` (whether it ended the turn asking to keep running) and ``seconds``
    (the turn's wall-clock time, not compared)."""

    verdict: str
    response: str
    data: str = ""
    globaldata: str = ""
    output: str = ""
    keep_running: bool = False
    seconds: float = field(default=0.0, compare=False)

    def log_entry(self) -> dict[str, str]:
        """The entry of the judge's log for this bot: ``{"verdict", "response"}``."""
        return {"verdict": self.verdict, "response": self.response}


def argv_of(command: str | Sequence[str], what: str = "bot") -> list[str]:
    """The command as an argument vector (a string is split as a POSIX shell would);
    ``what`` names it in errors (a bot's, a judge's): :class:`InvalidArgumentError` for an
    empty command or text a shell cannot split (an unclosed quote)."""
    if isinstance(command, str):
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise InvalidArgumentError(f"cannot read the {what} command {command!r}: {e}") from None
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
    """One Botzone bot's command and limits: how its turns are framed, run and judged.

    ``command``: the program and its arguments (a string is split by :func:`shlex.split`;
    no shell is run); ``interaction``: ``"json"`` or ``"simple"``; ``time_limit``: seconds
    of wall-clock time per turn (> 0; the first turn has twice that); ``memory_limit``:
    megabytes of resident memory of the bot's processes (also told to a JSON bot);
    ``output_limit``: bytes the bot may print in a turn; ``cwd``: the bot's working
    directory (``None``: the caller's); ``name``: how errors name the bot (default: the
    command).
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
        output_limit: int = MAX_OUTPUT,
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
        if isinstance(output_limit, bool) or not isinstance(output_limit, int) or output_limit <= 0:
            raise InvalidArgumentError(
                f"output_limit must be a positive number of bytes, not {output_limit!r}"
            )
        self.memory_limit = memory_limit
        self.output_limit = output_limit
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

    def turn_seconds(self, turn: int) -> float:
        """Seconds the bot's turn ``turn`` (counting from 1) may take: :attr:`time_limit`,
        double for the first turn (the platform's first-turn allowance)."""
        return self.time_limit * 2 if turn == 1 else self.time_limit

    def request_line(self, request: str) -> str:
        """The input of a turn of a bot that kept running: the new request alone, one line
        (in both interactions: a string request as its text, as the platform writes it)."""
        if not isinstance(request, str):
            raise ArgumentTypeError(f"a request must be a string, not {request!r}")
        if "\n" in request:
            raise InvalidArgumentError(f"a request holds a line break: {request!r}")
        return request + "\n"

    def start(self) -> BotProcess:
        """The bot's program started (nothing written to it yet)."""
        return BotProcess(self.argv, cwd=self.cwd, name=self.name, output_bytes=self.output_limit)

    def exchange(self, process: BotProcess, text: str, seconds: float) -> TurnResult:
        """One turn of a started bot: ``text`` written to it, at most ``seconds`` of time,
        its output judged. The result's ``keep_running`` says whether the bot asked to keep
        running (it is then still running); a bot that failed is left to the caller to kill."""
        began = time.monotonic()
        ex = process.exchange(
            text.encode(),
            seconds=seconds,
            memory_bytes=self.memory_limit << 20,
            output_bytes=self.output_limit,
        )
        spent = time.monotonic() - began
        output = ex.output.decode("utf-8", errors="replace")
        if ex.end in ("TLE", "MLE", "OLE"):
            return TurnResult(ex.end, "", output=output, seconds=spent)
        if ex.end == "exit" and ex.returncode != 0:
            return TurnResult("RE", "", output=output, seconds=spent)
        result = _json_result(output) if self.interaction == "json" else _simple_result(output)
        return replace(result, keep_running=ex.end == "keep", seconds=spent)

    def run_turn(
        self,
        requests: Sequence[str],
        responses: Sequence[str],
        data: str = "",
        globaldata: str = "",
    ) -> TurnResult:
        """Run the bot for one turn in a process of its own, killed with all its processes
        when the turn ends (restart mode; see :meth:`turn_input` for the arguments), and
        judge what it printed. The first turn (one request) has twice the time. Raises
        :class:`~koudiandian.errors.BotError` when the program cannot be started at all."""
        text = self.turn_input(requests, responses, data, globaldata)
        process = self.start()
        try:
            return self.exchange(process, text, self.turn_seconds(len(requests)))
        finally:
            process.close()


def _json_result(output: str) -> TurnResult:
    """The result of a JSON bot's output: its first JSON value must be an object whose
    ``response`` (if any) is a string; text after that value is ignored. A value nested
    deeper than Python's recursion limit is no JSON here."""
    try:
        value, _ = json.JSONDecoder().raw_decode(output.lstrip())
    except (ValueError, RecursionError):  # nested deeper than Python's parser goes
        return TurnResult("NJ", "", output=output)
    if not isinstance(value, dict):
        return TurnResult("NJ", "", output=output)
    fields = {}
    for key in ("response", "data", "globaldata"):
        field = value.get(key, "")
        if not isinstance(field, str):
            return TurnResult("NJ", "", output=output)
        fields[key] = _text(field)
    return TurnResult("OK", fields["response"], fields["data"], fields["globaldata"], output)


def _text(field: str) -> str:
    """``field`` as text that UTF-8 can carry: a lone surrogate (JSON's ``"\\ud800"``,
    which no judge's input or next turn's input can hold) becomes ``?``."""
    try:
        field.encode()
    except UnicodeEncodeError:
        return field.encode("utf-8", "replace").decode()
    return field


def _simple_result(output: str) -> TurnResult:
    """The result of a simple bot's output: line 1 the answer, line 2 debug text, line 3
    ``data``, lines 4 on ``globaldata`` (a line's ``\\r\\n`` or ``\\n`` is not part of it)."""
    lines = output.split("\n")
    lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    response = lines[0] if lines else ""
    data = lines[2] if len(lines) > 2 else ""
    globaldata = "\n".join(lines[3:]).rstrip("\n") if len(lines) > 3 else ""
    return TurnResult("OK", response, data, globaldata, output)
