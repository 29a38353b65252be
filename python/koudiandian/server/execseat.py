"""A server seat played by an ``exec:`` bot, off the event loop.

:class:`ExecBot`'s exchange with its process blocks for up to its ``timeout``; the server's
event loop must not. So each seat's bot gets a thread of its own (a one-worker executor):
the frame is built on the loop (it reads the game, which only the loop changes), the
exchange runs in the seat's thread, and so does the bot's close, after any exchange still
running: one seat's process is never touched by two threads at once (but for
:meth:`ExecBot.kill`, which only sends a signal).

The frames are :class:`ExecBot`'s (docs/bots.md, the protocol): the server's WebSocket
messages of the seat, their ``hand`` the table's hand.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from ..action import Action
from ..botzone.seatbot import BotzoneSeatBot
from ..errors import BotError
from ..execbot import ExecBot
from ..game import Game
from ..liveview import LiveView

__all__ = ["ExecSeat"]


class _TableSeatView(LiveView):
    """A seat's view of a table's game, for an exec bot: the game itself, and the table's
    number of the hand (the ``hand`` of the WebSocket's messages)."""

    __slots__ = ("_hand",)

    def __init__(self, game: Game, seat: int, hand: int) -> None:
        super().__init__(game, seat)
        self._hand = hand

    @property
    def live_hand(self) -> int:
        return self._hand


class ExecSeat:
    """One seat's :class:`ExecBot` (not started: its process starts at the first
    decision), or a Botzone bot's :class:`BotzoneSeatBot` (which has the same ``frame``
    and ``exchange``), driven from the event loop without blocking it."""

    def __init__(self, bot: ExecBot | BotzoneSeatBot) -> None:
        self.bot = bot
        self._thread = ThreadPoolExecutor(1, thread_name_prefix=f"bot-{bot.name}")
        self._asked: Future[Action] | None = None  # the last exchange
        self._closed: Future[None] | None = None

    async def decide(self, game: Game, seat: int, hand: int, legal: Sequence[Action]) -> Action:
        """The bot's answer to ``seat``'s decision in ``game`` (hand ``hand`` of its table),
        one of ``legal``. Must be awaited on the event loop that changes ``game``, and
        only while no other decision of this seat is awaited; the frame is built at once,
        the answer awaited from the seat's thread. Raises :class:`BotError` as
        :meth:`ExecBot.act` does (its process is then stopped)."""
        if self._closed is not None:
            raise RuntimeError(f"bot {self.bot.name!r} is closed")
        frame = self.bot.frame(_TableSeatView(game, seat, hand))  # type: ignore[arg-type]
        self._asked = self._thread.submit(self._exchange, frame, legal)
        return await asyncio.wrap_future(self._asked)

    def _exchange(self, frame: Any, legal: Sequence[Action]) -> Action:
        if self._closed is not None:  # closed while this waited for the seat's thread
            raise BotError(f"bot {self.bot.name!r} was closed", bot=self.bot.name)
        return self.bot.exchange(frame, legal)  # (a frame of this bot's own kind)

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (an answer awaited then is not to be played)."""
        return self._closed is not None

    def close(self) -> Future[None]:
        """Stop the bot (once): a decision still awaited is cut short (its process killed,
        so the table's stop waits for no bot's timeout), then the bot is closed in its
        thread (the last hand's end sent, its input closed, a second to exit). Returns
        that close's future; call it from the event loop."""
        if self._closed is None:
            self._closed = self._thread.submit(self.bot.close)
            if self._asked is not None and not self._asked.done():
                self.bot.kill()  # it is exchanging now
            self._thread.shutdown(wait=False)
        return self._closed

    async def aclose(self) -> None:
        """:meth:`close`, and wait until the process has ended."""
        await asyncio.wrap_future(self.close())
