"""What a room's monitoring reads of one server process: ``GET /health`` and ``GET /metrics``
(Prometheus's text format, version 0.0.4).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ..errors import StorageError
from .store import COMMIT_BUCKETS

if TYPE_CHECKING:
    from .lobby import Lobby

__all__ = ["health", "metrics_text"]

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


def metrics_text(lobby: Lobby) -> str:
    """The process's figures as Prometheus text: tables played here, sockets, actions
    committed (``rate()`` of it is actions/s) and the latency of their commits (a histogram),
    lease takeovers and tables lost to another process."""
    store = lobby.store
    lines: list[str] = []

    def metric(name: str, kind: str, text: str, value: float, labels: str = "") -> None:
        lines.append(f"# HELP koudiandian_{name} {text}")
        lines.append(f"# TYPE koudiandian_{name} {kind}")
        lines.append(f"koudiandian_{name}{labels} {value:g}")

    metric("tables", "gauge", "Tables being played by this process.", lobby.live_count())
    metric("sockets", "gauge", "WebSockets open on this process.", _sockets(lobby))
    metric(
        "actions_total", "counter", "Actions committed by this process.", store.committed_actions
    )
    metric(
        "lease_takeovers_total",
        "counter",
        "Tables taken over from a process that stopped renewing.",
        lobby.takeovers,
    )
    metric(
        "lease_lost_total", "counter", "Tables another process took over from this one.", lobby.lost
    )
    metric("start_time_seconds", "gauge", "When this process started (Unix time).", _STARTED)
    name = "koudiandian_commit_seconds"
    lines.append(f"# HELP {name} Latency of a commit of actions to the database.")
    lines.append(f"# TYPE {name} histogram")
    for bound, n in zip(COMMIT_BUCKETS, store.commit_buckets):
        lines.append(f'{name}_bucket{{le="{bound:g}"}} {n}')
    lines.append(f'{name}_bucket{{le="+Inf"}} {store.commits}')
    lines.append(f"{name}_sum {store.commit_seconds:.6f}")
    lines.append(f"{name}_count {store.commits}")
    return "\n".join(lines) + "\n"
