"""Bots in any language: a child process that reads JSON lines on its standard input and
answers each decision on its standard output (docs/bots.md, the protocol).

A bot is named ``exec:COMMAND``: the command line is read as a POSIX shell would split it
(:func:`shlex.split`, no shell is run), e.g. ``exec:python my_bot.py`` or
``exec:node "my bot.js"``. :func:`koudiandian.simulate`, :mod:`koudiandian.ladder`,
``koudiandian play`` and the command line's ``--bots`` take that name; a program builds an
:class:`ExecBot`, a :class:`~koudiandian.bots.Bot` like any other.

The frames it sends and the answers it reads are the pipe protocol's
(:mod:`koudiandian.pipeprotocol`), through a :class:`~koudiandian.botprocess.BotProcess`;
:class:`ExecBot` keeps what the protocol carries from one decision to the next: the hand,
the decision's number, and how much of the seat's log has been sent.

The process is started at its first decision and plays every hand it is given, one seat at
a time, until :meth:`ExecBot.close` (or the end of the run that built it) closes its
standard input. Its limits: ``timeout`` seconds per decision, ``memory`` bytes of address
space (``RLIMIT_AS``), an environment holding only
:data:`~koudiandian.botprocess.KEPT_ENVIRONMENT` (no tokens or keys of the parent), no file
descriptors but its three pipes, and its own session (a Ctrl-C meant for the parent does not
reach it). Anything it does wrong is a :class:`~koudiandian.errors.BotError` naming the bot,
the hand and the decision.
"""

from __future__ import annotations

import contextlib
import math
import re
import shlex
import subprocess
import time
import weakref
from collections.abc import Sequence
from typing import Any

from .action import Action
from .botprocess import KEPT_ENVIRONMENT, BotProcess
from .bots import is_policy
from .errors import ArgumentTypeError, BotError, InvalidArgumentError, KoudiandianError
from .pipeprotocol import (
    PROTOCOL,
    answer_action,
    answer_parts,
    event_message,
    frame_line,
    hello_message,
    seat_view_json,
    view_message,
)
from .view import SeatView

__all__ = [
    "ExecBot",
    "EXEC_PREFIX",
    "PROTOCOL",
    "KEPT_ENVIRONMENT",
    "DEFAULT_TIMEOUT",
    "DEFAULT_MEMORY",
    "split_bots",
    "is_exec",
]

#: How a bot's name says it is a command to run.
EXEC_PREFIX = "exec:"

#: Seconds a bot may take for one decision (its first one includes its start).
DEFAULT_TIMEOUT = 10.0

#: Bytes of address space (``RLIMIT_AS``) a bot process may map: 4 GiB (Node.js reserves
#: much more address space than it uses).
DEFAULT_MEMORY = 4 << 30


def is_exec(spec: object) -> bool:
    """Whether ``spec`` is an ``exec:`` bot's name."""
    return isinstance(spec, str) and spec[: len(EXEC_PREFIX)].lower() == EXEC_PREFIX


def split_bots(text: str) -> list[str]:
    """The bots named in ``text``: names separated by commas and/or spaces, except that an
    ``exec:`` bot (or a Botzone bot, ``botzone:`` or ``botzone-simple:``) runs to the end
    of ``text`` (its command may hold both), so it comes last
    in a list: ``"greedy,random exec:python my bot.py"`` is ``["greedy", "random",
    "exec:python my bot.py"]``. Built-in names are lower-cased; a command, and the path of a
    ``policy:PATH`` (which holds no comma or space), are kept as they are.
    On the command line, give each ``exec:`` bot its own (quoted) argument."""
    match = re.search(r"(?:^|[,\s])(exec:|botzone:|botzone-simple:)", text, flags=re.IGNORECASE)
    head, command = (text[: match.start(1)], text[match.start(1) :]) if match else (text, "")
    names = [w if is_policy(w) else w.lower() for w in re.split(r"[,\s]+", head) if w]
    if command:
        prefix = match.group(1).lower() if match else EXEC_PREFIX
        names.append(prefix + command[len(prefix) :].strip())
    return names


class ExecBot:
    """A bot played by a child process over JSON lines (:mod:`koudiandian.pipeprotocol`
    and docs/bots.md give the protocol).

    ``command``: the command line, as text (split like a shell's, with :func:`shlex.split`)
    or a list of arguments; ``name``: the bot's name in summaries and errors (default
    ``exec:`` and the command); ``timeout``: seconds per decision (a positive number);
    ``memory``: the process's address-space limit in bytes (``None``: none). Bad values
    are :class:`ArgumentTypeError` or :class:`InvalidArgumentError` naming them. Nothing is
    started until the first decision; a copy (a pickle, sent to a worker process) starts
    its own process. Use it as a context manager, or call :meth:`close`, to end the
    process; one left open is killed when the bot is collected."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        name: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        memory: int | None = DEFAULT_MEMORY,
    ) -> None:
        self.argv = _argv(command)
        if name is not None and not isinstance(name, str):
            raise ArgumentTypeError(f"an exec bot's name must be a str, got {name!r}")
        #: The bot's name in summaries, rankings and errors.
        self.name = name or EXEC_PREFIX + shlex.join(self.argv)
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, (int, float))
            or not math.isfinite(timeout)
            or timeout <= 0
        ):
            raise InvalidArgumentError(
                f"an exec bot's timeout must be a positive number of seconds, got {timeout!r}"
            )
        self.timeout = float(timeout)
        if memory is not None and (
            isinstance(memory, bool) or not isinstance(memory, int) or memory < 1 << 20
        ):
            raise InvalidArgumentError(
                f"an exec bot's memory limit must be None or at least 1 MiB in bytes, got {memory!r}"
            )
        self.memory = memory
        self._reset()

    def _reset(self) -> None:
        self._process: BotProcess | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._game: Any = None  # the live game of the current hand (a simulation's)
        self._seat = 0  # the seat it plays in that game
        self._sent = 0  # that game's events sent so far (of the seat's log)
        self._read = 0  # how far into the game's full log they were read
        self._deal_pending = False  # its deal was sent empty (bids first): to send again
        self._wall = -1  # the wall left at the last decision (a new hand when it grows)
        #: The hand being played, counted from 0 (``-1`` before the first).
        self.hand = -1
        #: The last decision asked, counted from 1 over the process's life (0: none yet).
        self.decision = 0

    def __getstate__(self) -> dict[str, Any]:
        return {
            "argv": self.argv,
            "name": self.name,
            "timeout": self.timeout,
            "memory": self.memory,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.argv = state["argv"]
        self.name = state["name"]
        self.timeout = state["timeout"]
        self.memory = state["memory"]
        self._reset()

    def __repr__(self) -> str:
        return f"ExecBot({self.name!r})"

    def __enter__(self) -> ExecBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the process --------------------------------------------------------------------

    def _error(self, what: str) -> BotError:
        where = f"hand {self.hand}, decision {self.decision}" if self.decision else "its start"
        return BotError(
            f"bot {self.name!r} {what} (at {where})",
            bot=self.name,
            hand=self.hand if self.hand >= 0 else None,
            decision=self.decision or None,
        )

    def _failed(self, what: str) -> BotError:
        """The error of a bot that did ``what``, with its exit status and the end of its
        standard error; the process is stopped."""
        process = self._process
        tail = ""
        if process is not None:
            status = process.popen.poll()
            if status is None and "exited" in what:  # its output closed: it is exiting
                try:
                    status = process.popen.wait(1.0)
                except subprocess.TimeoutExpired:
                    pass
            if status:  # it ended by itself (a bot still running is killed, not blamed)
                what += f"; it exited with status {status}"
            tail = process.stderr_tail()
            self._drop()
        return self._error(what + (f"; its standard error ends: {tail}" if tail else ""))

    def _drop(self) -> None:
        process, self._process = self._process, None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if process is not None:
            process.stop(0.0)

    def _start(self) -> BotProcess:
        try:
            process = BotProcess(self.argv, self.memory)
        except OSError as e:
            raise self._error(f"could not start: {e}") from None
        self._process = process
        # A bot left open: its process stopped at once when the bot is collected.
        self._finalizer = weakref.finalize(self, process.stop, 0.0)
        self._send([hello_message(self.name)])
        return process

    def _send(self, frame: list[str]) -> None:
        self._write(frame_line(frame))

    def _write(self, line: bytes) -> None:
        process = self._process
        assert process is not None
        try:
            process.write(line)
        except OSError:
            raise self._failed("closed its standard input") from None

    def close(self) -> None:
        """Send the events that ended the last hand, close the bot's standard input and
        give it a second to exit (then kill it). The bot may be used again: a new process
        starts at its next decision."""
        if self._process is not None:
            with_end = self._game_events()
            if with_end:
                try:
                    self._send(with_end)
                except BotError:
                    pass
            process, self._process = self._process, None
            if self._finalizer is not None:
                self._finalizer.detach()
            process.stop(1.0)
        self._reset()

    # -- a decision ---------------------------------------------------------------------

    def _game_events(self) -> list[str]:
        """The ``event`` messages of the current game not sent yet, as JSON."""
        game = self._game
        if game is None:
            return []
        start = self._sent
        # The seat's log from the full log's event self._read on: only the new events are
        # rendered, as JSON by the engine.
        engine = game.engine
        events = engine.events_for_json(self._seat, self._read)
        self._read = engine.event_count()
        new = [event_message(self.hand, n, e) for n, e in enumerate(events, start=start)]
        self._sent += len(new)
        if start == 0 and new:  # a deal sent while the seats bid holds no tiles yet
            self._deal_pending = not engine.deal_shown()
        return new

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        """The bot's answer to the seat's decision: the view (and the seat's new events)
        sent as one frame, one line read back within ``timeout`` seconds. Raises
        :class:`BotError` if the bot cannot start, takes too long, exits, writes a line that
        is no answer or answers an action not in ``legal_actions``."""
        return self.exchange(self.frame(view), legal_actions)

    def frame(self, view: SeatView) -> bytes:
        """The frame that asks the seat's next decision, as the line to write: its new
        ``event`` messages and its ``view``. It reads the game (a live view's) and counts
        the decision, so it must be sent, by :meth:`exchange`, before the next one is built;
        it starts nothing. (The game server builds it on its event loop and exchanges it in
        a thread of its own.)

        A live view (a simulation's or the server's: ``live_game``, ``live_seat``,
        ``table_view_json()``) of a game the bot has not played yet starts a hand: its
        events are sent from the first, so a bot started mid-hand gets the whole hand so
        far. The hand is numbered ``live_hand`` when the view has one (the game server's:
        the table's hand, as on its WebSocket), else one more than the last. The view of a
        live game is written as the engine renders it (``Game.table_view_json``), without a
        Python dict."""
        game = getattr(view, "live_game", None)  # a simulation's view: the game itself
        frame: list[str] = []
        self.decision += 1
        if game is not None:
            seat = int(view.live_seat)  # type: ignore[attr-defined]
            if game is not self._game:
                frame += self._game_events()  # what ended the last hand
                self._game, self._seat, self._sent, self._read = game, seat, 0, 0
                number = getattr(view, "live_hand", None)
                self.hand = self.hand + 1 if number is None else int(number)
            elif self._deal_pending and game.phase != "bid":
                # The bids are in: the deal, sent empty, is sent again (as the server does).
                deal = game.engine.events_for_json(seat, 0)[0]
                frame.append(event_message(self.hand, 0, deal, replaces=True))
                self._deal_pending = False
            frame += self._game_events()
            shown = view.table_view_json(self.decision)  # type: ignore[attr-defined]
        else:
            if self._game is not None or view.wall_remaining > self._wall:
                frame += self._game_events()
                self._game = None
                self.hand += 1
            self._wall = view.wall_remaining
            shown = seat_view_json(view, self.decision)
        frame.append(view_message(self.hand, shown))
        return frame_line(frame)

    def exchange(self, frame: bytes, legal_actions: Sequence[Action]) -> Action:
        """Send ``frame`` (:meth:`frame`'s, the last one built), starting the process if
        it has none, and read the answer within ``timeout`` seconds: one of
        ``legal_actions``, else :class:`BotError` (the process is then stopped). It blocks
        for up to ``timeout`` seconds and touches no game: a thread may run it."""
        process = self._process or self._start()
        self._write(frame)
        try:
            line = process.read_line(time.monotonic() + self.timeout)
        except TimeoutError:
            raise self._failed(f"did not answer within {self.timeout:g} s") from None
        except ValueError as e:
            raise self._failed(f"wrote {e}") from None
        except OSError as e:  # its pipe closed under it (the bot was killed meanwhile)
            raise self._failed(f"could not be read: {e}") from None
        if line is None:
            raise self._failed("exited or closed its standard output without answering")
        return self._answer(line, legal_actions)

    def kill(self) -> None:
        """Kill the bot's process at once, if it runs (safe from another thread while an
        :meth:`exchange` waits on it: that exchange then fails with :class:`BotError`).
        :meth:`close` still has to be called to reap it."""
        process = self._process
        if process is not None:
            with contextlib.suppress(OSError):
                process.popen.kill()

    def _answer(self, line: bytes, legal: Sequence[Action]) -> Action:
        """The legal action ``line`` names; else a :class:`BotError` (the process is
        stopped)."""
        text = line.decode("utf-8", "replace").strip()
        shown = text if len(text) <= 200 else text[:200] + "..."
        try:
            number, written = answer_parts(text, self.decision)
            if number != self.decision:
                raise self._failed(
                    f"answered decision {number!r}, not the decision asked, {self.decision}"
                )
            chosen = answer_action(written)
        except BotError:
            raise
        except (KoudiandianError, ValueError) as e:
            raise self._failed(f"wrote {shown!r}, which is no answer ({e})") from None
        if chosen not in legal:
            raise self._failed(
                f"answered {str(chosen)!r}, which is not legal now; legal: "
                + ", ".join(str(a) for a in legal)
            )
        return chosen


def _argv(command: object) -> list[str]:
    """The arguments of an ``exec:`` bot's ``command`` (text after an optional ``exec:``,
    split like a shell's, or a list of str); :class:`InvalidArgumentError` for an empty or
    unreadable one, :class:`ArgumentTypeError` for another type."""
    if isinstance(command, str):
        text = command[len(EXEC_PREFIX) :] if is_exec(command) else command
        try:
            argv = shlex.split(text)
        except ValueError as e:
            raise InvalidArgumentError(f"cannot read the bot command {command!r}: {e}") from None
    elif isinstance(command, Sequence) and all(isinstance(a, str) for a in command):
        argv = list(command)
    else:
        raise ArgumentTypeError(f"an exec bot's command is text or a list of str, got {command!r}")
    if not argv or not argv[0]:
        raise InvalidArgumentError(f"an exec bot needs a command to run, got {command!r}")
    return argv
