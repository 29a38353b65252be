"""``koudiandian serve`` and ``koudiandian prune``: the game server, and its old tables deleted."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import InvalidArgumentError
from ..server.store import DEFAULT_LEASE
from ..server.windows import DEFAULT_CLAIM_WAIT
from .options import Commands

__all__ = ["add_serve", "add_prune"]


def _serve(args: argparse.Namespace) -> int:
    from ..server.botregistry import bots_of_options
    from ..server.limits import Limits
    from ..server.serve import serve

    limits = Limits(
        tables=args.max_tables,
        tables_per_minute=args.max_tables_per_minute,
        sockets_per_table=args.max_sockets_per_table,
        sockets_per_address=args.max_sockets_per_address,
        messages_per_second=args.max_messages_per_second,
        message_burst=args.max_message_burst,
        bot_share=args.bot_share,
        header_timeout=args.header_timeout,
        unknown_rooms_per_minute=args.max_unknown_rooms_per_minute,
    )
    serve(
        args.host,
        args.port,
        args.db,
        bot_delay=args.bot_delay,
        claim_wait=args.claim_wait,
        durable=args.durable,
        log_level="warning" if args.quiet else "info",
        allow_seeds=args.allow_seeds,
        limits=limits,
        allowed_origins=args.allow_origin,
        public_url=args.public_url,
        server_id=args.server_id,
        lease=args.lease,
        bots=bots_of_options(args.bot, args.bot_timeout, args.bot_memory),
    )
    return 0


def _prune(args: argparse.Namespace) -> int:
    from ..server.store import Store, is_postgres_url

    if not is_postgres_url(args.db) and not Path(args.db).exists():
        raise InvalidArgumentError(f"no database {args.db!r}")
    store = Store(args.db)
    try:
        pruned = store.prune(args.days)
    finally:
        store.close()
    print(f"pruned {len(pruned)} finished table(s) from {args.db}")
    return 0


def _add_limits(sv: argparse.ArgumentParser) -> None:
    """``koudiandian serve``'s limits (``koudiandian.server.limits.Limits``)."""
    from ..server.limits import Limits

    d = Limits()
    for flag, kind, default, text in [
        ("--max-tables", int, d.tables, "tables not over, at once"),
        (
            "--max-tables-per-minute",
            int,
            d.tables_per_minute,
            "tables one address may create a minute",
        ),
        ("--max-sockets-per-table", int, d.sockets_per_table, "sockets on one table"),
        ("--max-sockets-per-address", int, d.sockets_per_address, "sockets from one address"),
        (
            "--max-messages-per-second",
            float,
            d.messages_per_second,
            "messages a socket may send a second",
        ),
        ("--max-message-burst", int, d.message_burst, "messages a socket may send at once"),
        ("--bot-share", float, d.bot_share, "share (0-1] of the loop for tables without a person"),
        (
            "--header-timeout",
            float,
            d.header_timeout,
            "seconds a connection may take to send a request's headers, then its body",
        ),
        (
            "--max-unknown-rooms-per-minute",
            int,
            d.unknown_rooms_per_minute,
            "unknown room numbers one address may ask for a minute",
        ),
    ]:
        sv.add_argument(flag, type=kind, default=default, help=f"{text} (default {default:g})")


def _add_bot_seats(sv: argparse.ArgumentParser) -> None:
    """``koudiandian serve``'s registered bots (``koudiandian.server.botregistry``)."""
    from ..execbot import DEFAULT_MEMORY, DEFAULT_TIMEOUT

    sv.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=exec:COMMAND",
        help="register a bot that tables may seat by NAME (a lower-case word): a program "
        "speaking docs/bots.md's protocol, one process per seat, or a Botzone bot "
        "(NAME=botzone:COMMAND, botzone-simple:COMMAND; botzone tables only), or a trained "
        "policy played in the server's process (NAME=policy:PATH, an .npz); a table's "
        "creator names it, never a command (repeatable)",
    )
    sv.add_argument(
        "--bot-timeout",
        action="append",
        default=[],
        metavar="NAME=SECONDS",
        help=f"a registered bot's time per decision (default {DEFAULT_TIMEOUT:g}); "
        "past it, greedy plays its seat",
    )
    sv.add_argument(
        "--bot-memory",
        action="append",
        default=[],
        metavar="NAME=BYTES",
        help="a registered bot's address space (RLIMIT_AS): bytes, 512M, 4G or none "
        f"(default {DEFAULT_MEMORY >> 30}G)",
    )


_SERVE_EPILOG = """\
bot seats (docs/server.md, "Bot seats in the server"):
  Register bots by name; tables then seat them by that name ("seats": ["human", "mybot",
  "greedy", "greedy"]), never by a command:

    koudiandian serve --bot mybot="exec:python examples/bots/simple_bot.py" \\
        --bot-timeout mybot=2 --bot-memory mybot=1G

  A bot that fails (no start, too slow, a crash, garbage, an illegal action) is stopped,
  greedy plays its seat, and the table is told (bot_fallback); the details are logged.
  Its process gets only PATH, HOME, LANG, LC_*, TZ and TMPDIR of the environment.

several processes (docs/server.md, "Several processes"):
  Run each process on its own port over one PostgreSQL database, each with the URL its
  clients reach it at; any of them takes any request and sends the client on to the
  process that plays its table (new tables go to the least loaded one):

    koudiandian serve --db postgresql://kdd@db:5432/kdd --port 8001 --public-url http://host:8001
    koudiandian serve --db postgresql://kdd@db:5432/kdd --port 8002 --public-url http://host:8002

  Behind a load balancer, route /tables/ID/... to any process (affinity by table id saves
  a redirect). A process that dies loses its tables to the others within --lease seconds
  (plus a third of it); its clients reconnect and get the events they missed. A process
  stopped with SIGTERM hands its tables over at once. GET /health and GET /metrics
  (Prometheus text) are for monitoring.
"""


def add_serve(sub: Commands) -> None:
    """``koudiandian serve``: the game server."""
    sv = sub.add_parser(
        "serve",
        help="run the game server: tables over WebSockets and a browser table "
        "(needs the [server] extra)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_SERVE_EPILOG,
    )
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    sv.add_argument(
        "--db",
        default="koudiandian.sqlite",
        help="the database of tables: a SQLite file, created if missing, its tables resumed "
        "if not (default koudiandian.sqlite); or a PostgreSQL URL "
        "(postgresql://USER@HOST:PORT/DB) that several server processes share",
    )
    sv.add_argument(
        "--public-url",
        metavar="URL",
        help="where clients reach this process (default http://HOST:PORT); with several "
        "processes, the other processes send the clients of this one's tables there",
    )
    sv.add_argument(
        "--server-id",
        metavar="ID",
        help="this process's id in the database (default the public URL): a process "
        "restarted with the same id takes its tables back at once",
    )
    sv.add_argument(
        "--lease",
        type=float,
        default=DEFAULT_LEASE,
        metavar="SECONDS",
        help="how long a table's lease lasts unless its process renews it (every third of "
        f"it): a table whose process dies moves within about that long (default {DEFAULT_LEASE:g})",
    )
    sv.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        help="seconds a server-side bot waits before it acts, for tables that do not say "
        "(default 0.5)",
    )
    sv.add_argument(
        "--claim-wait",
        type=float,
        default=DEFAULT_CLAIM_WAIT,
        help="seconds the next draw waits after each discard at a table with a person, "
        "whether or not a seat may claim it (0 for benchmarks; default "
        f"{DEFAULT_CLAIM_WAIT})",
    )
    sv.add_argument(
        "--durable",
        action="store_true",
        help="fsync every action (survives a power cut, not only a crash of the server)",
    )
    sv.add_argument(
        "--allow-seeds",
        action="store_true",
        help="let POST /tables pick a table's seed (for tests and replays: whoever picks "
        "the seed can compute every wall); refused by default",
    )
    sv.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="an origin (scheme://host[:port]) whose pages may create tables and open sockets "
        "besides the server's own: another server process's public URL (repeatable)",
    )
    _add_limits(sv)
    _add_bot_seats(sv)
    sv.add_argument("--quiet", action="store_true", help="log warnings only")
    sv.set_defaults(run=_serve)


def add_prune(sub: Commands) -> None:
    """``koudiandian prune``: delete the game server's old finished tables."""
    pr = sub.add_parser(
        "prune",
        help="delete the game server's tables whose match ended more than --days days ago "
        "(safe while the server runs)",
    )
    pr.add_argument(
        "--db",
        default="koudiandian.sqlite",
        help="the server's database (a SQLite file or a PostgreSQL URL)",
    )
    pr.add_argument(
        "--days", type=float, required=True, help="keep tables that ended fewer days ago"
    )
    pr.set_defaults(run=_prune)
