"""One Botzone bot through one game: :class:`BotSession` gives it each new request and
returns its answer, keeping what the protocol carries between turns (the requests and its
answers so far, its ``data`` and ``globaldata``).

How a turn runs (docs/botzone.md, "The runner"):

- **restart mode**: a fresh process given the whole history; when its own process exits the
  turn is over and all its processes are killed;
- **keep-running mode**: a bot that ends a turn's output with the line
  ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` is not killed; its next turn's input is the new
  request alone, one line, written to the process left running. The CPU time its
  processes use between two turns is taken from the next turn's time. A bot that exits
  instead (or is found gone when its next turn comes, or was given the end of its input:
  one of its processes read the input to its end, see :mod:`.process`) is back in restart
  mode: its next turn starts a new process with the whole history.

The first turn of a game (the session's first request) has twice the time limit. A verdict
other than ``OK`` ends the bot's game and kills its processes. A session must be closed
(:meth:`BotSession.close`, or ``with``): a bot still running is then killed with all its
processes.
"""

from __future__ import annotations

from ..errors import ArgumentTypeError
from .process import BotProcess
from .runner import BotRunner, TurnResult

__all__ = ["BotSession"]


class BotSession:
    """One bot in one game (see the module's doc). ``runner``: how the bot is run."""

    def __init__(self, runner: BotRunner) -> None:
        if not isinstance(runner, BotRunner):
            raise ArgumentTypeError(f"a session needs a BotRunner, not {runner!r}")
        self.runner = runner
        #: Every request given so far, and the bot's answers to them.
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.data = ""
        self.globaldata = ""
        #: The verdict of the turn that ended the bot's game (``None`` while it plays).
        self.failed: str | None = None
        #: The process the bot left running (``None`` in restart mode).
        self._kept: BotProcess | None = None
        #: The bot's CPU seconds at the end of the last turn that kept running.
        self._cpu_after = 0.0

    def __enter__(self) -> BotSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, object]:
        """A session pickles as its state between turns; a process it keeps does not go
        with it (the copy continues in restart mode)."""
        state = dict(self.__dict__)
        state["_kept"] = None
        return state

    @property
    def keeps_running(self) -> bool:
        """Whether the bot is running between turns (keep-running mode)."""
        return self._kept is not None

    @property
    def pid(self) -> int | None:
        """The process the bot left running (its group's id), or ``None``."""
        return self._kept.pid if self._kept is not None else None

    def turn(self, request: str) -> TurnResult:
        """The bot's answer to ``request``, the next request of its game (its turn number is
        ``len(self.requests)`` after the call). A verdict other than ``OK`` ends the bot's
        game: a later call raises :class:`RuntimeError`. Raises
        :class:`~koudiandian.errors.BotError` when the program cannot be started."""
        if self.failed is not None:
            raise RuntimeError(
                f"the bot's game ended with {self.failed} on turn {len(self.requests)}"
            )
        if not isinstance(request, str):
            raise ArgumentTypeError(f"a request must be a string, not {request!r}")
        runner = self.runner
        seconds = runner.turn_seconds(len(self.requests) + 1)
        process = self._kept
        if process is not None and not process.running():
            self._drop()  # it exited between turns: back to restart mode
            process = None
        if process is not None:
            text = runner.request_line(request)
            seconds -= max(process.usage.cpu_seconds() - self._cpu_after, 0.0)
        else:
            text = runner.turn_input(
                [*self.requests, request], self.responses, self.data, self.globaldata
            )
            process = runner.start()  # a BotError leaves the history as it was
        self.requests.append(request)
        try:
            result = runner.exchange(process, text, seconds)
        except BaseException:
            process.close()
            self._kept = None
            raise
        self.responses.append(result.response)
        self.data = result.data
        self.globaldata = result.globaldata
        if result.verdict != "OK":
            self.failed = result.verdict
        if result.verdict == "OK" and result.keep_running and process.input_open:
            self._kept = process
            self._cpu_after = process.usage.cpu_seconds()
        else:
            process.close()
            self._kept = None
        return result

    def _drop(self) -> None:
        """Let go of the kept process (killing what is left of its group)."""
        if self._kept is not None:
            self._kept.close()
            self._kept = None

    def close(self) -> None:
        """End the bot's game: a process it left running is killed with its whole process
        group. Closing twice is harmless; the session's history stays readable."""
        self._drop()
