"""koudiandian's built-in bots as Botzone bots: the bot program.

``python -m koudiandian.botzone.botmain NAME`` (or ``koudiandian botzone bot NAME``) is a
Botzone bot for Chinese Standard Mahjong playing the built-in bot ``NAME`` (``random``,
``greedy``, ``expert``, ``search[:…]``) from its own seat's view: the requests. It speaks
both interactions (``--interaction json|simple``) and, by default, keep-running mode: after
each answer it prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` and waits for the next request
(``--no-keep-running``: it answers one turn, rebuilt from the history it is given, and
exits, as the platform's restart mode runs a bot).

The decisions are the core's (:class:`koudiandian._core.BotzonePlayer`). So that the first
answer comes fast, the program imports only the standard library and the compiled core:
run as a file (``python …/koudiandian/botzone/botmain.py NAME``) it loads the core beside
it without importing the package at all.

Input is read defensively: a turn's input is read as far as it goes (never to the end of
standard input, which stays open in keep-running mode); in JSON keep-running mode a later
turn's line may be a JSON string (the request), an object with ``requests`` (the new ones
answered) or ``request``, or the request's bare text.
"""

from __future__ import annotations

import json
import os
import select
import sys
from typing import Any

__all__ = ["KEEP_RUNNING", "main", "add_arguments", "run", "load_core", "LineInput"]

#: The line a bot ends a turn's output with to keep running.
KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def load_core() -> Any:
    """The compiled core: the package's ``_core`` when the package is imported already or
    the file is not beside this one, else the extension file loaded on its own (no
    ``import koudiandian``, which costs most of a bot's start-up), its tables built as the
    package builds them at import."""
    if __package__ or "koudiandian" in sys.modules:
        from koudiandian import _core

        return _core
    import importlib.machinery
    import importlib.util

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in sorted(os.listdir(here)):
        if name.startswith("_core.") and name.endswith((".so", ".pyd")):
            path = os.path.join(here, name)
            loader = importlib.machinery.ExtensionFileLoader("koudiandian._core", path)
            spec = importlib.util.spec_from_file_location("koudiandian._core", path, loader=loader)
            assert spec is not None
            module = importlib.util.module_from_spec(spec)
            loader.exec_module(module)
            module.warm_up()  # the tables the package builds at import: not at a decision
            return module
    from koudiandian import _core

    return _core


class LineInput:
    """Lines of a file descriptor, read as they come (never waiting past the line asked
    for), and whatever has already arrived, dropped on request."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buf = b""
        self.closed = False

    def readline(self) -> str | None:
        """The next line without its line break; ``None`` at the end of the input."""
        while b"\n" not in self.buf:
            chunk = os.read(self.fd, 65536)
            if not chunk:
                self.closed = True
                if not self.buf:
                    return None
                line, self.buf = self.buf, b""
                return _text(line)
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return _text(line)

    def drop_arrived(self) -> None:
        """Drop what has arrived and is not yet read (the rest of a turn's input)."""
        self.buf = b""
        while not self.closed and select.select([self.fd], [], [], 0)[0]:
            if not os.read(self.fd, 65536):
                self.closed = True


def _text(line: bytes) -> str:
    text = line.decode("utf-8", errors="replace")
    return text[:-1] if text.endswith("\r") else text


class _Bot:
    """One game of the built-in bot, with its answers so far."""

    def __init__(self, core: Any, name: str, seed: int) -> None:
        self.player = core.BotzonePlayer(name, seed)

    def history(self, requests: list[str], responses: list[str]) -> str:
        """Replay all requests but the last with their answers; answer the last."""
        for i, request in enumerate(requests[:-1]):
            self.player.replay(str(request), str(responses[i]) if i < len(responses) else "")
        return self.answer(str(requests[-1]))

    def answer(self, request: str) -> str:
        try:
            return str(self.player.answer(request))
        except ValueError as e:  # no request: the judge decides what a PASS is worth
            print(f"koudiandian bot: {e}", file=sys.stderr)
            return "PASS"


def _first_json(lines: LineInput) -> dict[str, Any]:
    """The first turn's JSON object, read line by line until it is whole."""
    text = ""
    decoder = json.JSONDecoder()
    while True:
        line = lines.readline()
        if line is None:
            raise ValueError("the input ended before a whole JSON object")
        text += line + "\n"
        try:
            value, _ = decoder.raw_decode(text.lstrip())
        except ValueError:
            continue
        if not isinstance(value, dict):
            raise ValueError("the input is no JSON object")
        return value


def _first_simple(lines: LineInput) -> tuple[list[str], list[str]]:
    """The first turn in simple interaction: ``n``, then ``2n-1`` lines of requests and
    answers (the ``data`` and ``globaldata`` lines after them are not read here)."""
    first = lines.readline()
    try:
        n = int((first or "").strip())
    except ValueError:
        n = 0
    if first is None:
        raise ValueError("the input ended before the turn number")
    if n < 1:
        raise ValueError(f"{first!r} is no turn number (1 or more)")
    requests: list[str] = []
    responses: list[str] = []
    for i in range(2 * n - 1):
        line = lines.readline()
        if line is None:
            raise ValueError("the input ended inside the history")
        (responses if i % 2 else requests).append(line)
    return requests, responses


def _later_json(line: str, bot: _Bot) -> str:
    """A later turn's answer in JSON keep-running mode (see the module's doc)."""
    if len(line) > 1 and line[0] == '"' == line[-1] and "\\" not in line:
        return bot.answer(line[1:-1])  # a JSON string without escapes: the request
    try:
        value: Any = json.loads(line)
    except ValueError:
        return bot.answer(line.strip())
    if isinstance(value, dict):
        requests = value.get("requests")
        if isinstance(requests, list) and requests:
            seen = bot.player.turns
            new = [str(r) for r in requests[seen:]] or [str(requests[-1])]
            return bot.history(new, [str(r) for r in value.get("responses", [])[seen:]])
        value = value.get("request", "")
    return bot.answer(str(value))


def _output(interaction: str, answer: str, keep_running: bool) -> bytes:
    """A turn's output: the answer (a JSON object's ``response`` in JSON interaction), then
    the keep-running line if the bot keeps running."""
    if interaction == "json":
        text = '{"response":' + json.dumps(answer, ensure_ascii=False) + "}\n"
    else:
        text = answer + "\n"
    if keep_running:
        text += KEEP_RUNNING + "\n"
    return text.encode()


def _write(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd`` at once (no buffer to flush)."""
    while data:
        data = data[os.write(fd, data) :]


def play(name: str, seed: int, interaction: str, keep_running: bool) -> int:
    """Play one game on standard input and output (see the module's doc)."""
    core = load_core()
    bot = _Bot(core, name, seed)
    lines = LineInput(sys.stdin.fileno())
    out = sys.stdout.fileno()
    if interaction == "json":
        turn = _first_json(lines)
        requests, responses = turn.get("requests"), turn.get("responses", [])
        if not isinstance(requests, list) or not requests:
            raise ValueError(f"the input's requests are {requests!r}, not a list of requests")
        if not isinstance(responses, list):
            raise ValueError(f"the input's responses are {responses!r}, not a list")
        requests, responses = [str(r) for r in requests], [str(r) for r in responses]
    else:
        requests, responses = _first_simple(lines)
    answer = bot.history(requests, responses)
    if keep_running:
        lines.drop_arrived()
    sys.stdout.flush()
    _write(out, _output(interaction, answer, keep_running))
    if keep_running:
        _keep_running(lines, out, bot, interaction)
    return 0


def _keep_running(lines: LineInput, out: int, bot: _Bot, interaction: str) -> None:
    """The later turns of a bot that keeps running, until its input ends: one request a
    line, each answered at once (the loop kept short: it is most of a turn's cost)."""
    simple = interaction == "simple"
    tail = "\n" + KEEP_RUNNING + "\n"
    write = os.write
    while True:
        line = lines.readline()
        if line is None:
            return
        if not line or line.isspace():
            continue
        if simple:
            text = bot.answer(line) + tail
        else:
            answer = _later_json(line, bot)
            if answer.isalnum() or set(answer) <= _PLAIN:
                text = '{"response":"' + answer + '"}' + tail
            else:
                text = '{"response":' + json.dumps(answer, ensure_ascii=False) + "}" + tail
        data = text.encode()
        while data:
            data = data[write(out, data) :]


#: Characters an answer is written with that JSON writes as they are.
_PLAIN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ")


def add_arguments(p: Any) -> None:
    """The program's arguments (``NAME``, ``--interaction``, ``--keep-running``, ``--seed``)
    added to the :class:`argparse.ArgumentParser` ``p``: the program's own and
    ``koudiandian botzone bot``'s."""
    import argparse

    p.add_argument("name", metavar="NAME", help="random, greedy, expert or search[:…]")
    p.add_argument(
        "--interaction",
        choices=("json", "simple"),
        default="json",
        help="Botzone's JSON interaction (default) or its simple interaction",
    )
    p.add_argument(
        "--keep-running",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="keep running between turns (default), or answer one turn and exit",
    )
    p.add_argument("--seed", type=int, default=0, help="the bot's seed (default 0)")


def main(argv: list[str] | None = None, prog: str = "botmain") -> int:
    """The program's entry point (see the module's doc); ``prog`` names it in its help."""
    import argparse

    p = argparse.ArgumentParser(
        prog=prog, description="a koudiandian built-in bot as a Botzone mahjong bot"
    )
    add_arguments(p)
    args = p.parse_args(argv)
    return run(args.name, args.seed, args.interaction, args.keep_running)


def run(name: str, seed: int, interaction: str, keep_running: bool) -> int:
    """:func:`play`, with a bad bot name or seed, or a first turn's input it cannot read,
    reported as the command line reports bad input: a message, exit code 2."""
    try:
        return play(name, seed, interaction, keep_running)
    except ValueError as e:  # InvalidArgumentError (the name or seed), unreadable input
        print(f"koudiandian bot: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
