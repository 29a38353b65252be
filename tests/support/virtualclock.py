"""A table's clock and sleep for tests: time moves only when the test says so."""

from __future__ import annotations

import asyncio
import heapq

__all__ = ["VirtualClock"]


class VirtualClock:
    """``clock`` and ``sleep`` to give a :class:`Lobby` (or :class:`Table`): ``now`` moves
    only by :meth:`advance` (to the first sleeper's time) or :meth:`advance_to`. A sleep
    cancelled meanwhile is skipped."""

    def __init__(self) -> None:
        self.now = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._count = 0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._count += 1
        heapq.heappush(self._sleepers, (self.now + seconds, self._count, future))
        await future

    async def settle(self) -> None:
        for _ in range(30):
            await asyncio.sleep(0)

    def _drop_cancelled(self) -> None:
        while self._sleepers and self._sleepers[0][2].done():
            heapq.heappop(self._sleepers)

    async def advance(self) -> bool:
        """Wake the first sleeper (moving the clock to its time); ``False`` if none sleeps."""
        await self.settle()
        self._drop_cancelled()
        if not self._sleepers:
            return False
        self.now, _, future = heapq.heappop(self._sleepers)
        future.set_result(None)
        await self.settle()
        return True

    async def advance_to(self, when: float) -> None:
        """Move the clock to ``when``, waking each sleeper due by then at its own time."""
        while True:
            await self.settle()
            self._drop_cancelled()
            if not self._sleepers or self._sleepers[0][0] > when:
                break
            self.now, _, future = heapq.heappop(self._sleepers)
            future.set_result(None)
        self.now = max(self.now, when)
        await self.settle()
