"""The server's limits, in one place: how many tables, sockets and messages, how long a
request's headers may take, and how much of the event loop bots without a person may use.

:class:`Limits` holds the numbers (``create_app(limits=...)``; ``koudiandian serve`` sets
them from its ``--max-*``, ``--bot-share`` and ``--header-timeout`` flags). A limit reached
raises :class:`~koudiandian.errors.LimitError` naming it: an HTTP 429 (a rate) or 503 (a
capacity) with the JSON error, or on a socket an ``error`` message and close code
:data:`CLOSE_LIMIT`; a socket's messages over their rate are only slowed to it. :class:`Gate` keeps the counts, :class:`RateBucket` a rate and
:class:`BotGate` the bots' share of the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, fields

from ..errors import InvalidArgumentError, LimitError

__all__ = ["Limits", "RateBucket", "Gate", "BotGate", "CLOSE_LIMIT"]

#: The close code of a socket over a limit (1013 "try again later").
CLOSE_LIMIT = 1013
# Addresses whose rate buckets are kept at most (creations, and unknown room numbers).
_ADDRESSES_KEPT = 10_000


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits (each > 0). Counts are per server process; a client is known by
    its address (``scope["client"]``: behind a proxy, every client is the proxy's address).

    - ``tables``: tables not yet over, at once (``POST /tables`` then answers 503);
    - ``tables_per_minute``: tables one address may create per minute (a burst of that
      many, refilled evenly over the minute; then 429);
    - ``sockets_per_table``: sockets on one table, seats and spectators;
    - ``sockets_per_address``: sockets from one address, over every table;
    - ``messages_per_second``: messages one socket's are taken at, after a burst of
      ``message_burst``: over it, the server reads the socket's next message only when
      the rate allows (TCP pushes back on a flood; nothing is lost or refused);
    - ``message_burst``: messages a socket may send at once before the rate counts;
    - ``bot_share``: the share (0–1] of the event loop that tables without a person may
      take for their bots' actions (with ``bot_delay`` 0): after each slice of
      ``bot_slice`` seconds they rest so that their time stays under that share;
    - ``bot_slice``: the longest a table without a person runs its bots at once, seconds;
    - ``unknown_rooms_per_minute``: room numbers one address may ask for that name no open
      room, per minute (a burst of that many, refilled evenly; then 429 for every room
      request from that address until the bucket refills: guessing numbers is slow);
    - ``header_timeout``: seconds a connection may take to send a request's headers, and
      then its body (and the time an idle keep-alive connection is kept), ``serve`` only.
    """

    tables: int = 1000
    tables_per_minute: int = 120
    sockets_per_table: int = 64
    sockets_per_address: int = 256
    messages_per_second: float = 50.0
    message_burst: int = 200
    bot_share: float = 0.5
    bot_slice: float = 0.002
    header_timeout: float = 10.0
    unknown_rooms_per_minute: int = 10

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
                or not value > 0
                or (f.type == "int" and not isinstance(value, int))
            ):
                raise InvalidArgumentError(f"limit {f.name} must be a number > 0, got {value!r}")
        if self.bot_share > 1:
            raise InvalidArgumentError(f"limit bot_share must be in (0, 1], got {self.bot_share!r}")


class RateBucket:
    """A token bucket: ``rate`` events a second, bursts of ``burst``. ``clock`` is
    :func:`time.monotonic` unless given (tests inject one)."""

    __slots__ = ("rate", "burst", "_tokens", "_at", "_clock")

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._clock = clock
        self._at = clock()

    def delay(self) -> float:
        """Count one more event; the seconds it must wait to keep to the rate (0 if it fits
        in the burst)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate) - 1
        self._at = now
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate

    def full(self) -> bool:
        """Whether the bucket has refilled to its burst (as if no event had come)."""
        now = self._clock()
        return self._tokens + (now - self._at) * self.rate >= self.burst

    def peek(self) -> bool:
        """Whether one more event would fit (counting nothing)."""
        now = self._clock()
        return min(self.burst, self._tokens + (now - self._at) * self.rate) >= 1

    def take(self) -> bool:
        """Whether one more event fits (and count it if so)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False


class Gate:
    """The counts a server's limits are checked against: sockets per address, table
    creations per address."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._sockets: dict[str, int] = {}
        self._creations: dict[str, RateBucket] = {}
        self._guesses: dict[str, RateBucket] = {}

    def check_tables(self, open_tables: int) -> None:
        """Raise :class:`LimitError` if ``open_tables`` (tables not over) leave no room for
        one more."""
        limits = self.limits
        if open_tables >= limits.tables:
            raise LimitError(
                f"the server has {open_tables} tables in play, its limit (tables={limits.tables})"
            )

    def count_creation(self, address: str) -> None:
        """Count a table creation from ``address``; raises :class:`LimitError` if it is over
        the rate."""
        limits = self.limits
        bucket = self._bucket(self._creations, address, limits.tables_per_minute)
        if not bucket.take():
            raise LimitError(
                f"more than {limits.tables_per_minute} tables a minute from {address} "
                f"(tables_per_minute={limits.tables_per_minute})"
            )

    def check_guesses(self, address: str) -> None:
        """Raise :class:`LimitError` if ``address`` has used up its unknown room numbers
        (:meth:`count_unknown_room`): it may not ask for a room, known or not, until the
        bucket refills (so a guess that hits says nothing more than one that misses)."""
        bucket = self._guesses.get(address)
        if bucket is not None and not bucket.peek():
            raise LimitError(
                f"more than {self.limits.unknown_rooms_per_minute} unknown room numbers a "
                f"minute from {address} (unknown_rooms_per_minute="
                f"{self.limits.unknown_rooms_per_minute}); try again later"
            )

    def count_unknown_room(self, address: str) -> None:
        """Count a room number from ``address`` that named no open room."""
        self._bucket(self._guesses, address, self.limits.unknown_rooms_per_minute).take()

    def _bucket(self, buckets: dict[str, RateBucket], address: str, n: int) -> RateBucket:
        """``address``'s bucket of ``n`` a minute in ``buckets`` (made full if it has none).
        At :data:`_ADDRESSES_KEPT` addresses, those whose bucket has refilled are forgotten
        (they are as a new one), then the oldest, down to nine tenths (so that the sweep
        comes once per many new addresses)."""
        bucket = buckets.get(address)
        if bucket is None:
            if len(buckets) >= _ADDRESSES_KEPT:
                for a in [a for a, b in buckets.items() if b.full()]:
                    del buckets[a]
                for a in list(buckets)[: max(0, len(buckets) - _ADDRESSES_KEPT * 9 // 10)]:
                    del buckets[a]
            bucket = buckets[address] = RateBucket(n / 60, n, self._clock)
        return bucket

    @contextlib.contextmanager
    def socket(self, address: str, table_sockets: int) -> Iterator[None]:
        """Hold one socket from ``address`` on a table that has ``table_sockets`` already,
        for the ``with`` block; raises :class:`LimitError` if it is one too many."""
        limits = self.limits
        if table_sockets >= limits.sockets_per_table:
            raise LimitError(
                f"the table has {table_sockets} sockets, its limit "
                f"(sockets_per_table={limits.sockets_per_table})"
            )
        held = self._sockets.get(address, 0)
        if held >= limits.sockets_per_address:
            raise LimitError(
                f"{address} has {held} sockets open, its limit "
                f"(sockets_per_address={limits.sockets_per_address})"
            )
        self._sockets[address] = held + 1
        try:
            yield
        finally:
            left = self._sockets[address] - 1
            if left:
                self._sockets[address] = left
            else:
                del self._sockets[address]

    def messages(self) -> RateBucket:
        """A fresh bucket for one socket's messages."""
        return RateBucket(self.limits.messages_per_second, self.limits.message_burst, self._clock)


class BotGate:
    """The event loop's share for bots at tables without a person: one such table runs its
    bots at a time, for at most ``slice`` seconds, and then every such table rests long
    enough that bots took at most ``share`` of the time."""

    def __init__(self, share: float, slice: float) -> None:
        self.share = share
        self.slice = slice
        self._lock = asyncio.Lock()
        self._rest_until = 0.0

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[float]:
        """Wait for the bots' turn; yields the :func:`time.monotonic` time by which the
        caller stops running bots."""
        async with self._lock:
            rest = self._rest_until - time.monotonic()
            if rest > 0:
                await asyncio.sleep(rest)
            start = time.monotonic()
            try:
                yield start + self.slice
            finally:
                spent = time.monotonic() - start
                self._rest_until = time.monotonic() + spent * (1 - self.share) / self.share
