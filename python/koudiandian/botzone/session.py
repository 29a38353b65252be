"""One Botzone bot through one game: :class:`BotSession` gives it each new request and
returns its answer, keeping what the protocol carries between turns (the requests and its
answers so far, its ``data`` and ``globaldata``).

The runner (:class:`~koudiandian.botzone.runner.BotRunner`) decides how a turn is run: a
fresh process given the whole history (restart mode), or, once the bot has asked to keep
running, only the new request written to the process it left running. A session must be
closed (:meth:`BotSession.close`, or ``with``): a bot still running is then killed with
its whole process group.
"""

from __future__ import annotations

from .runner import BotRunner, TurnResult

__all__ = ["BotSession"]


class BotSession:
    """One bot in one game (see the module's doc). ``runner``: how the bot is run."""

    def __init__(self, runner: BotRunner) -> None:
        self.runner = runner
        #: Every request given so far, and the bot's answers to them.
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.data = ""
        self.globaldata = ""
        #: The verdict of the turn that ended the bot's game (``None`` while it plays).
        self.failed: str | None = None

    def __enter__(self) -> BotSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def turn(self, request: str) -> TurnResult:
        """The bot's answer to ``request``, the next request of its game (its turn number is
        ``len(self.requests)`` after the call). A verdict other than ``OK`` ends the bot's
        game: a later call raises :class:`RuntimeError`."""
        if self.failed is not None:
            raise RuntimeError(
                f"the bot's game ended with {self.failed} on turn {len(self.requests)}"
            )
        self.requests.append(request)
        result = self.runner.run_turn(self.requests, self.responses, self.data, self.globaldata)
        self.responses.append(result.response)
        self.data = result.data
        self.globaldata = result.globaldata
        if result.verdict != "OK":
            self.failed = result.verdict
        return result

    def close(self) -> None:
        """End the bot's game: a process it left running is killed (restart mode has none)."""
