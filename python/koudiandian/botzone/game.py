"""One Botzone game: four bots under a judge, turn by turn, the way the platform runs it.

The judge is called once per turn with ``{"initdata": ..., "log": [...]}`` and answers
``{"command": "request", "content": {"0": request, ...}, "display": ...}`` or ``{"command":
"finish", "content": {"0": score, ...}, ...}`` (BOTZONE.md §6). A judge here is any
callable ``judge(input: dict) -> dict``: koudiandian's own judge in-process, or an external
judge program wrapped by :func:`command_judge` (run once per turn, the input JSON on its
standard input, the output JSON read from its standard output).

:func:`play_game` plays one game: it asks the judge, runs the bots that got a request
(concurrently, one thread each, each bot through a
:class:`~koudiandian.botzone.session.BotSession` of its own for the game, in restart or
keep-running mode), puts their verdicts and answers in the log, and asks the judge again,
until it says ``finish``; every session is then closed (also when the game fails), so no
bot's process outlives its game. The first output may carry an ``initdata`` (the judge's
choice of wall, wind and seed); it becomes the game's ``initdata`` for every later call.
The result, :class:`GameLog`, is the game's whole log in the judge's input format.
"""

from __future__ import annotations

import json
import shlex
import subprocess
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..errors import ArgumentTypeError, InvalidArgumentError, KoudiandianError
from .runner import BotRunner, TurnResult, argv_of
from .session import BotSession
from .spec import BotzoneBot

__all__ = ["Judge", "JudgeError", "GameLog", "command_judge", "play_game", "SEATS", "MAX_TURNS"]

#: A judge: one call per turn, the judge's input object in, its output object out.
Judge = Callable[[dict[str, Any]], dict[str, Any]]
#: Seats of a game (keys of ``content`` and of the bots' log entries are their strings).
SEATS = 4
#: A game longer than this many judge calls is stopped as broken (Botzone's mahjong needs
#: well under 500).
MAX_TURNS = 2000


class JudgeError(KoudiandianError, RuntimeError):
    """A judge failed: an external judge program that cannot start, exits with an error,
    runs too long or prints no JSON object, or a judge whose output is no request or
    finish, or a game that does not end within :data:`MAX_TURNS` calls."""


@dataclass(slots=True)
class GameLog:
    """A game's whole log in the judge's input format: ``initdata`` (as the judge's first
    output set it, else as given) and ``log`` (alternating ``{"output": judge output}`` and
    ``{"0": {"verdict", "response"}, ...}``, ending with the ``finish`` output).
    ``scores``: the finish's ``content`` read as ints by seat."""

    initdata: dict[str, Any]
    log: list[dict[str, Any]] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        """Whether the last entry is the judge's ``finish``."""
        return bool(self.log) and self.log[-1].get("output", {}).get("command") == "finish"

    @property
    def scores(self) -> list[int] | None:
        """The final scores by seat, or ``None`` before the finish."""
        if not self.finished:
            return None
        content = self.log[-1]["output"].get("content", {})
        return [int(content.get(str(s), 0)) for s in range(SEATS)]

    def judge_input(self) -> dict[str, Any]:
        """The judge's input for the next call."""
        return {"initdata": self.initdata, "log": self.log}

    def to_json(self) -> dict[str, Any]:
        """The log as one JSON object ``{"initdata", "log"}``."""
        return {"initdata": self.initdata, "log": self.log}


def command_judge(
    command: str | Sequence[str], *, timeout: float = 30.0, cwd: str | None = None
) -> Judge:
    """A judge that runs an external program once per call (e.g. Botzone's official judge,
    compiled to read standard input): the input JSON written to its standard input, its
    standard output read as one JSON object. ``timeout``: seconds per call. Failures raise
    :class:`JudgeError`."""
    argv = argv_of(command, "judge")
    name = shlex.join(argv)

    def judge(judge_input: dict[str, Any]) -> dict[str, Any]:
        try:
            done = subprocess.run(
                argv,
                input=json.dumps(judge_input, ensure_ascii=False).encode(),
                capture_output=True,
                timeout=timeout,
                cwd=cwd,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as e:
            raise JudgeError(f"judge {name!r} failed: {e}") from e
        if done.returncode != 0:
            tail = done.stderr.decode("utf-8", "replace")[-300:]
            raise JudgeError(f"judge {name!r} exited with status {done.returncode}: {tail}")
        try:
            output = json.loads(done.stdout.decode("utf-8", "replace"))
        except ValueError as e:
            raise JudgeError(f"judge {name!r} printed no JSON: {e}") from e
        if not isinstance(output, dict):
            raise JudgeError(f"judge {name!r} printed {output!r}, not a JSON object")
        return output

    return judge


#: What may sit at a seat of :func:`play_game`: a bot's description, a runner, or a session.
Seat = BotzoneBot | BotRunner | BotSession


def _session(bot: Seat) -> BotSession:
    """The seat's session for the game (a description or runner starts a new one)."""
    if isinstance(bot, BotSession):
        return bot
    if isinstance(bot, BotzoneBot):
        return bot.session()
    return BotSession(bot)


def _checked_output(output: Any, turn: int) -> dict[str, Any]:
    """The judge's output, checked to be a request or a finish with a ``content`` object."""
    if not isinstance(output, dict):
        raise JudgeError(f"judge call {turn} returned {output!r}, not an object")
    command = output.get("command")
    if command not in ("request", "finish") or not isinstance(output.get("content"), dict):
        raise JudgeError(f"judge call {turn} returned no request or finish: {output!r}")
    return output


def play_game(
    bots: Sequence[Seat],
    judge: Judge,
    initdata: dict[str, Any] | None = None,
    *,
    on_turn: Callable[[GameLog], None] | None = None,
) -> GameLog:
    """Play one game of four ``bots`` (seat i is ``bots[i]``) under ``judge``.

    A bot is a :class:`~koudiandian.botzone.spec.BotzoneBot` (a new session is made for the
    game), a :class:`~koudiandian.botzone.runner.BotRunner` (likewise), or a
    :class:`~koudiandian.botzone.session.BotSession` (used as it is); every session is closed
    when the game ends or fails, killing any bot still running. ``initdata``: the judge's
    initial data (for Botzone's mahjong: ``walltiles``, ``quan``, ``srand``; ``None`` or
    ``{}``: the judge chooses). ``on_turn`` is called with the log after every judge call
    (e.g. to show progress). Returns the whole log; a bot's failure is its verdict in the
    log (the judge decides what follows), a judge's failure raises :class:`JudgeError`."""
    kinds = (BotzoneBot, BotRunner, BotSession)
    if isinstance(bots, str | bytes) or len(bots) != SEATS:
        raise InvalidArgumentError(f"a game needs {SEATS} bots, not {bots!r}")
    if not all(isinstance(b, kinds) for b in bots):
        raise ArgumentTypeError(
            f"a game's bots must be BotzoneBot, BotRunner or BotSession objects, not {bots!r}"
        )
    if initdata is not None and not isinstance(initdata, dict):
        raise ArgumentTypeError(f"initdata must be a JSON object, not {initdata!r}")
    if not callable(judge):
        raise ArgumentTypeError(f"judge must be callable, not {judge!r}")
    sessions = [_session(b) for b in bots]
    if len({id(s) for s in sessions}) != SEATS:
        raise InvalidArgumentError("a session can sit at one seat only")
    try:
        return _play(sessions, judge, GameLog(dict(initdata or {})), on_turn)
    finally:
        for session in sessions:
            session.close()


def _play(
    sessions: list[BotSession],
    judge: Judge,
    game: GameLog,
    on_turn: Callable[[GameLog], None] | None,
) -> GameLog:
    """The game's turns (see :func:`play_game`)."""
    with ThreadPoolExecutor(max_workers=SEATS) as pool:
        for turn in range(MAX_TURNS):
            output = _checked_output(judge(game.judge_input()), turn)
            if turn == 0 and isinstance(output.get("initdata"), dict):
                game.initdata = dict(output["initdata"])
            game.log.append({"output": output})
            if on_turn is not None:
                on_turn(game)
            if output["command"] == "finish":
                return game
            asked = sorted(int(k) for k in output["content"] if k in ("0", "1", "2", "3"))
            requests = [str(output["content"][str(s)]) for s in asked]
            seated = [sessions[s] for s in asked]
            results = list(pool.map(_play_seat, seated, requests))
            answers: dict[str, Any] = {}
            for s, result in zip(asked, results, strict=True):
                answers[str(s)] = result.log_entry()
            game.log.append(answers)
    raise JudgeError(f"the game did not finish within {MAX_TURNS} judge calls")


def _play_seat(session: BotSession, request: str) -> TurnResult:
    """One seat's answer to its request; a bot whose game already ended (a judge that asks
    it again) gets its verdict again."""
    if session.failed is not None:
        return TurnResult(session.failed, "")
    return session.turn(request)
