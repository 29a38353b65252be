"""A table's bots: the built-in ones, played in process, and the operator's ``exec:`` bots
(:mod:`.botregistry`), played by a process per seat off the event loop (:mod:`.execseat`),
which fall back to ``greedy`` when they fail.

A seat whose registered bot fails (it cannot start, takes longer than its time per
decision, exits, writes garbage or answers an illegal action: a :class:`BotError`) is
played by :data:`FALLBACK` for the rest of the table's life in this process: its process is
stopped and the details are logged here, never shown to the table (its standard error and
its error's text may hold the seat's tiles). A stored table naming a bot this server has not
registered (one whose operator dropped it) is played likewise from the start. A fallback the
table was told of is stored in the table's spec (``fallbacks``, :mod:`.tables`): a process
that takes the table over, or restarts, keeps greedy there, and starts every other seat's
registered bot again (docs/server.md, "Bot seats in the server").
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from concurrent.futures import Future

from ..action import Action
from ..bots import Bot
from ..errors import BotError
from ..game import Game
from ..simulate import BOTS
from .botregistry import BotRegistry
from .execseat import ExecSeat
from .spec import HUMAN, TableSpec

__all__ = ["SeatBots", "FALLBACK"]

#: The built-in bot that plays a seat whose registered bot failed.
FALLBACK = "greedy"

_log = logging.getLogger("koudiandian.server")


class SeatBots:
    """The bots of table ``table_id`` (``spec``'s seats): built-in bots made afresh each
    hand from the table's seed, and one :class:`ExecSeat` per seat of a bot in
    ``registry``, started at its first decision and kept across hands until
    :meth:`close`. ``fallen`` maps each seat :data:`FALLBACK` plays instead of its bot to
    that bot's name."""

    def __init__(self, table_id: str, spec: TableSpec, registry: BotRegistry) -> None:
        self._table = table_id
        self._kinds = spec.seats
        self._seed = spec.seed
        self._registry = registry
        self._hand = -1
        self._built: list[Bot | None] = []
        self._exec: dict[int, ExecSeat] = {}
        self.fallen: dict[int, str] = {seat: spec.seats[seat] for seat in spec.fallbacks}
        for seat, kind in enumerate(spec.seats):
            if seat in self.fallen:
                continue
            if kind != HUMAN and kind not in BOTS and kind not in registry:
                _log.warning(
                    "table %s: seat %d's bot %r is not registered on this server; %s plays it",
                    table_id,
                    seat,
                    kind,
                    FALLBACK,
                )
                self.fallen[seat] = kind

    def apart(self, seat: int) -> bool:
        """Whether bot seat ``seat`` is played by a registered bot's process (its decisions
        awaited with :meth:`decide`), not by a bot in process (:meth:`in_process`)."""
        kind = self._kinds[seat]
        return (
            seat not in self.fallen
            and kind in self._registry
            and not self._registry.in_process(kind)
        )

    def in_process(self, seat: int, hand: int) -> Bot:
        """The bot in process that plays bot seat ``seat`` in hand ``hand`` (not
        :meth:`apart`): its built-in bot, its registered policy, or :data:`FALLBACK`; made afresh for each hand,
        seeded by the table's seed, the hand and the seat."""
        if hand != self._hand:
            self._hand = hand
            self._built = [None, None, None, None]
        bot = self._built[seat]
        if bot is None:
            kind = self._kinds[seat]
            seed = (self._seed * 1_000_003 + hand * 4 + seat) % 2**63
            if seat not in self.fallen and kind in self._registry:
                bot = self._registry.policy_bot(kind, seed)  # (not apart: a trained policy)
            else:
                bot = BOTS[kind if kind in BOTS else FALLBACK](seed)
            self._built[seat] = bot
        return bot

    async def decide(
        self, seat: int, game: Game, hand: int, legal: Sequence[Action]
    ) -> Action | None:
        """The answer of seat ``seat``'s registered bot (:meth:`apart`) to its decision in
        ``game``, hand ``hand`` of the table, one of ``legal``; ``None`` if the bots were
        closed meanwhile (the answer is not to be played). Raises :class:`BotError` if the
        bot failed: call :meth:`fall_back`."""
        bot = self._exec.get(seat)
        if bot is None:
            bot = self._exec[seat] = ExecSeat(self._registry.new(self._kinds[seat]))
        try:
            return await bot.decide(game, seat, hand, legal)
        except Exception as e:
            if bot.closed:
                return None
            if isinstance(e, BotError):
                raise
            # (not the bot's: a fault of the pipe's reading) the seat falls back all the same
            raise BotError(f"bot {self._kinds[seat]!r} failed: {e!r}", bot=self._kinds[seat]) from e

    def fall_back(self, seat: int, error: BotError) -> None:
        """Seat ``seat``'s bot failed with ``error``: log it (with its details, here only),
        stop its process and let :data:`FALLBACK` play the seat from now on."""
        name = self._kinds[seat]
        _log.warning(
            "table %s: seat %d's bot %r failed; %s plays it from now on: %s",
            self._table,
            seat,
            name,
            FALLBACK,
            error,
        )
        self.fallen[seat] = name
        bot = self._exec.pop(seat, None)
        if bot is not None:
            bot.close()

    def close(self) -> list[Future[None]]:
        """Close every seat's process (:meth:`ExecSeat.close`, without waiting); a later
        decision starts a fresh one (and the built-in bots are made afresh). Returns the
        closes' futures."""
        closing = [bot.close() for bot in self._exec.values()]
        self._exec.clear()
        self._hand = -1  # the built-in bots, made afresh too
        return closing

    async def aclose(self) -> None:
        """:meth:`close`, and wait until every process has ended."""
        for future in self.close():
            await asyncio.wrap_future(future)
