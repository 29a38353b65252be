"""``koudiandian serve``: the server under uvicorn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from ..botzone.spec import BotzoneBot
from ..errors import InvalidArgumentError
from ..execbot import ExecBot
from .limits import Limits
from .store import DEFAULT_LEASE
from .windows import DEFAULT_CLAIM_WAIT

__all__ = ["serve", "MISSING_EXTRA"]

#: The message of the error raised when the ``[server]`` extra is not installed.
MISSING_EXTRA = (
    'the server needs the [server] extra: pip install "koudiandian[server]" (Starlette and uvicorn)'
)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "koudiandian.sqlite",
    *,
    bot_delay: float = 0.5,
    claim_wait: float = DEFAULT_CLAIM_WAIT,
    durable: bool = False,
    log_level: str = "info",
    allow_seeds: bool = False,
    limits: Limits | None = None,
    allowed_origins: Sequence[str] = (),
    public_url: str | None = None,
    server_id: str | None = None,
    lease: float = DEFAULT_LEASE,
    bots: Mapping[str, str | ExecBot | BotzoneBot] | None = None,
) -> None:
    """Serve tables on ``host:port``, stored in the database ``db`` (a SQLite file, or a
    PostgreSQL URL that several processes share), until stopped.
    ``claim_wait`` (0–10 seconds) is the wait after each discard at a table with a person
    (docs/server.md, "The claim window"); ``allow_seeds`` lets a table's creator pick its
    seed (see :func:`create_app`); ``limits`` are the server's limits (default
    ``Limits()``), ``header_timeout`` included: a connection that sends no complete request
    headers for that long, or no complete body after them, is closed; ``allowed_origins`` are the origins whose pages may act
    besides the server's own. ``public_url`` is where clients reach this process (default
    ``http://host:port``): a client of a table played here is sent there by the other
    processes; ``server_id`` its id in the database (default ``public_url``); ``lease`` the
    seconds a table's lease lasts unless renewed (a table of a process that died moves
    within about that long). ``bots`` are the operator's ``exec:`` bots by name, which
    tables may seat (see :func:`create_app`)."""
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port < 65536:
        raise InvalidArgumentError(f"port must be 0–65535, got {port!r}")
    if not 0 <= bot_delay <= 10:
        raise InvalidArgumentError(f"bot_delay must be 0–10 seconds, got {bot_delay!r}")
    if not 0 <= claim_wait <= 10:
        raise InvalidArgumentError(f"claim_wait must be 0–10 seconds, got {claim_wait!r}")
    if not 0.3 <= lease <= 600:
        raise InvalidArgumentError(f"lease must be 0.3–600 seconds, got {lease!r}")
    url = public_url if public_url is not None else f"http://{host}:{port}"
    if not url.startswith(("http://", "https://")) or len(url) > 200:
        raise InvalidArgumentError(f"public_url must be an http(s) URL, got {url[:200]!r}")
    try:
        import uvicorn

        from .app import WS_MAX_SIZE, create_app
        from .deadline import header_deadline_protocol
        from .logs import log_config
    except ImportError:
        raise InvalidArgumentError(MISSING_EXTRA) from None

    limits = Limits() if limits is None else limits
    app = create_app(
        db,
        bot_delay=bot_delay,
        claim_wait=claim_wait,
        durable=durable,
        allow_seeds=allow_seeds,
        limits=limits,
        allowed_origins=allowed_origins,
        server=server_id or url,
        url=url.rstrip("/"),
        lease=lease,
        bots=bots,
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        # Every handler drops query strings (where a token may be): see logs.py.
        log_config=log_config(),
        # Half-sent requests are closed after header_timeout (deadline.py); h11, if it is
        # the parser, buffers at most 16 KiB of an unfinished request.
        http=header_deadline_protocol(limits.header_timeout),
        h11_max_incomplete_event_size=16 * 1024,
        ws_max_size=WS_MAX_SIZE,
        # Compression costs more CPU than it saves on the small messages of a table.
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
    )
