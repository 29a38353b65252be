"""A game server on the engine: tables over WebSockets, SQLite or PostgreSQL persistence
(several processes on one database), a browser table.

Install the extra (``pip install "koudiandian[server]"``) and run ``koudiandian serve``.
The HTTP and WebSocket protocol is ``docs/server.md``; the modules:

- :mod:`.app`: the Starlette application; its routes :mod:`.tableroutes` and
  :mod:`.roomroutes`, a table's WebSocket :mod:`.seatsocket`
- :mod:`.tables`: a table (its match, bots, connections); :mod:`.lobby`: the tables this
  process plays, their leases, takeovers and redirects
- :mod:`.store`: the database of tables, token digests, actions and leases (the tables
  read back: :mod:`.tablerows`; the leases: :mod:`.leases`), with its backends
  :mod:`.sqlite` (WAL) and :mod:`.postgres`
- :mod:`.client`: a program's client of one seat, that follows its table when it moves
- :mod:`.metrics`: ``GET /health`` and ``GET /metrics``
- :mod:`.auth`: seat tokens; :mod:`.spec`: a table's settings
- :mod:`.visibility`: what a seat or a spectator may see; :mod:`.windows`: every discard
  shown alike, whether or not a seat may claim it
- :mod:`.names`: the names the browser table shows, from the core
- :mod:`.protocol`: client messages; :mod:`.replay`: a finished hand as frames
- :mod:`.limits`: the server's limits; :mod:`.origin`: the Origin check and security
  headers; :mod:`.deadline`: half-sent requests closed; :mod:`.logs`: no token logged
- :mod:`.serve`: ``koudiandian serve``
"""

from __future__ import annotations

# The database's backends register themselves with Store as they are defined: Store(db)
# opens the one db names (store.py imports neither: they build on it).
from . import postgres, sqlite  # noqa: F401

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> object:
    # Imported on use: the extra's packages (Starlette, uvicorn) may be absent.
    if name == "create_app":
        from .app import create_app

        return create_app
    if name == "serve":
        from .serve import serve

        return serve
    raise AttributeError(name)
