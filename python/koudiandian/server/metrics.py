"""What a room's monitoring reads of one server process: ``GET /health`` and ``GET /metrics``
(Prometheus's text format, written by ``prometheus_client``).

Each app has a registry of its own (:class:`Metrics`), so that several apps in one process
(tests) do not share their figures: its commit-latency histogram and count of actions
committed, the lobby's figures read when scraped, and the process's CPU, memory and open
files (``prometheus_client``'s process collector, on Linux).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4
from prometheus_client.registry import Collector

from ..errors import StorageError

if TYPE_CHECKING:
    from .lobby import Lobby

__all__ = ["health", "Metrics", "COMMIT_BUCKETS", "CONTENT_TYPE"]

#: The upper bounds (seconds) of the commit-latency histogram's buckets (``GET /metrics``).
COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
#: The media type of ``GET /metrics``: Prometheus's text format, version 0.0.4 (what
#: :meth:`Metrics.text` writes).
CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4

_STARTED = time.time()


def _sockets(lobby: Lobby) -> int:
    return sum(len(t.connections) for t in lobby.tables.values())


def health(lobby: Lobby) -> tuple[dict[str, Any], bool]:
    """This process's health: its id, URL, tables and sockets, the live processes it knows,
    and whether its database answers (``False``: it cannot commit, so it does not serve)."""
    try:
        lobby.store.now()
        database = "ok"
    except StorageError as e:
        database = str(e)
    body = {
        "status": "ok" if database == "ok" else "unavailable",
        "server": lobby.server,
        "url": lobby.url,
        "tables": lobby.live_count(),
        "sockets": _sockets(lobby),
        "peers": sorted(lobby.peers),
        "database": database,
    }
    return body, database == "ok"


class _LobbyFigures(Collector):
    """The lobby's figures, read when scraped: tables and sockets here, lease takeovers and
    tables lost, when the process started."""

    def __init__(self, lobby: Lobby) -> None:
        self._lobby = lobby

    def collect(self) -> Iterator[Metric]:
        lobby = self._lobby
        yield GaugeMetricFamily(
            "koudiandian_tables", "Tables being played by this process.", lobby.live_count()
        )
        yield GaugeMetricFamily(
            "koudiandian_sockets", "WebSockets open on this process.", _sockets(lobby)
        )
        yield CounterMetricFamily(
            "koudiandian_lease_takeovers",
            "Tables taken over from a process that stopped renewing.",
            lobby.takeovers,
        )
        yield CounterMetricFamily(
            "koudiandian_lease_lost",
            "Tables another process took over from this one.",
            lobby.lost,
        )
        yield GaugeMetricFamily(
            "koudiandian_start_time_seconds", "When this process started (Unix time).", _STARTED
        )


class Metrics:
    """One app's figures, in a registry of its own: the lobby's (read when scraped), each
    commit of actions (:meth:`committed`, which the store calls, from its writer thread
    too) and the process's (CPU, memory, open files)."""

    def __init__(self, lobby: Lobby) -> None:
        self.registry = CollectorRegistry()
        self._actions = Counter(
            "koudiandian_actions", "Actions committed by this process.", registry=self.registry
        )
        self._commits = Histogram(
            "koudiandian_commit_seconds",
            "Latency of a commit of actions to the database.",
            buckets=COMMIT_BUCKETS,
            registry=self.registry,
        )
        self.registry.register(_LobbyFigures(lobby))
        ProcessCollector(registry=self.registry)

    def committed(self, actions: int, seconds: float) -> None:
        """Count a commit of ``actions`` (≥ 0) that took ``seconds``."""
        self._actions.inc(actions)
        self._commits.observe(seconds)

    def text(self) -> bytes:
        """The figures in Prometheus's text format (``GET /metrics``)."""
        return generate_latest(self.registry)
