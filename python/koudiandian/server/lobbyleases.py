"""The lobby's place among the processes that share the database (:mod:`.leases`): the
tables it takes at start, its leases renewed every ``lease / 3`` seconds, the tables it
takes over from a process that stopped renewing, and those it loses to another."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from typing import TYPE_CHECKING

from ..errors import StorageError

if TYPE_CHECKING:
    from .groupcommit import GroupCommit
    from .store import Store
    from .tables import Table

__all__ = ["LobbyLeases"]

_log = logging.getLogger("koudiandian.server")


class LobbyLeases:
    """The leases of a :class:`~.lobby.Lobby`'s tables (a mixin of it)."""

    if TYPE_CHECKING:
        store: Store
        commits: GroupCommit | None
        server: str
        url: str
        lease: float
        tables: dict[str, Table]
        unavailable: dict[str, str]
        peers: set[str]
        takeovers: int
        lost: int

        def _take(self, table_id: str, epoch: int) -> Table | None: ...

    def load(self) -> int:
        """Join the database's processes and take every table being played that is free:
        this process's own from before a restart, tables whose process is gone, and tables
        no process holds; returns how many tables are being played here. A table that does
        not load is logged and set aside in ``unavailable``."""
        self.store.register(self.server, self.url)
        for table_id in dict.fromkeys(self.store.orphans() + self.store.owned(self.server)):
            epoch = self.store.claim(table_id, self.server, self.lease)
            if epoch is not None and table_id not in self.tables:
                self._take(table_id, epoch)
        return len(self.tables)

    def tick(self, renewed: tuple[dict[str, int], set[str]] | None = None) -> None:
        """Renew this process's leases and heartbeat; let go of the tables it no longer
        holds; play the tables the database newly assigns it; take its share of the tables
        whose process stopped renewing. ``renewed``: the leases already renewed (where the
        commits are written, :meth:`_tick_forever`) and the tables played here then."""
        if renewed is None:
            renewed = self.store.renew(self.server, self.lease), set(self.tables)
        held, known = renewed
        for table in list(self.tables.values()):
            if table.id not in known:  # (made after the renewal: its lease is fresh)
                continue
            if table.epoch is not None and held.get(table.id) != table.epoch:
                if not table.match.is_over:
                    self._lost(table)
        for table_id, epoch in held.items():
            if table_id not in self.tables and table_id not in self.unavailable:
                self._take(table_id, epoch)  # created here for this process, by another
        live = self.store.servers(self.lease)
        self.peers = {url for _, url, _ in live if url}
        orphans = self.store.orphans()
        if orphans:
            share = math.ceil(len(orphans) / max(1, len(live)))
            for table_id in orphans[:share]:
                claimed = self.store.claim(table_id, self.server, self.lease)
                if claimed is not None and self._take(table_id, claimed) is not None:
                    self.takeovers += 1
                    _log.warning("table %s taken over (epoch %d)", table_id, claimed)

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                renewed = None
                if self.commits is not None:  # (PostgreSQL: off the loop, after the commits)
                    known = set(self.tables)
                    held = await self.commits.write(self.store.renew, self.server, self.lease)
                    renewed = held, known
                self.tick(renewed)
            except StorageError as e:  # the database is away: the leases run out
                _log.warning("the leases were not renewed: %s", e)
            except Exception:
                _log.exception("the lobby's tick failed")

    def _lost(self, table: Table) -> None:
        """Another process took ``table`` over: stop playing it and send its sockets there
        (``redirect``, close 4307)."""
        if self.tables.get(table.id) is not table:
            return
        del self.tables[table.id]
        self.lost += 1
        table.abandon()
        owner = None
        with contextlib.suppress(StorageError):
            owner = self.store.owner(table.id)
        table.move_connections(owner.url if owner is not None and owner.live else None)
