"""The ``koudiandian`` command line: simulate, play, analyze, replay, ladder, serve, prune."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeAlias

from . import __version__
from .bots import KNOWN_BOTS, builtin_factory
from .errors import InvalidArgumentError, KoudiandianError
from .execbot import is_exec, split_bots
from .meld import Meld
from .rules import Rules
from .server.store import DEFAULT_LEASE
from .server.windows import DEFAULT_CLAIM_WAIT
from .settlement import score_formula
from .simulate import DEFAULT_BOTS, MAX_UNITS, SimulationInterrupted, simulate
from .tile import Tile, TileStyle, format_tiles, parse_tiles

__all__ = ["main"]


class _Progress:
    """A one-line progress bar on stderr, redrawn at most ten times a second."""

    def __init__(self, enabled: bool, unit: str = "hands") -> None:
        self.enabled = enabled
        self.unit = unit
        self.started = time.perf_counter()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // total
        rate = done / max(now - self.started, 1e-9)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.unit}, {rate:,.0f}/s"
        )
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def end(self) -> None:
        """End a bar drawn short of the total (a run interrupted) with its line."""
        if self.enabled and self.last:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _match_length(text: str | None) -> int | str | None:
    if text is None or text == "one_round":
        return text
    if text.isdigit() and int(text) > 0:
        return int(text)
    raise KoudiandianError(f"--match takes one_round or a number of hands, got {text!r}")


def _rules(text: str | None) -> Rules:
    # Option, preset and value names are all lower case: any case is accepted.
    return Rules.parse(text.lower()) if text else Rules()


def _cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _bots(words: Sequence[str] | None, default: Sequence[str], seats: int) -> list[str]:
    """The bots of ``--bots``: names separated by commas and/or spaces (in one argument or
    several), in any case; an ``exec:`` bot runs to the end of its argument
    (:func:`~koudiandian.execbot.split_bots`: give it its own, quoted); one bot plays every
    seat."""
    if not words:
        return list(default)
    names = [name for word in words for name in split_bots(word)]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise KoudiandianError(
            f"--bots takes one bot for every seat or {seats}, one per seat; got {len(names)}"
        )
    for name in names:
        if not is_exec(name):
            builtin_factory(name)  # raises for a name that is no bot
    return names


def _simulate(args: argparse.Namespace) -> int:
    if args.hands < 1:
        raise KoudiandianError(f"--hands must be positive, got {args.hands}")
    if args.hands > MAX_UNITS:
        raise KoudiandianError(f"--hands must be at most 2**40, got {args.hands}")
    workers, threads = args.workers, args.threads
    for flag, value in (("--workers", workers), ("--threads", threads)):
        if value < 1:
            raise KoudiandianError(f"{flag} must be positive, got {value}")
    local = args.backend == "local"
    if local and workers * threads > _cpus():
        workers = max(1, min(workers, _cpus()))
        threads = max(1, min(threads, _cpus() // workers))
        asked, using = f"--workers {args.workers}", f"{workers}"
        if args.threads > 1:
            asked += f" × --threads {args.threads}"
            using += f" × {threads}"
        print(
            f"koudiandian: {asked} is more than the {_cpus()} CPU(s) here; using {using}",
            file=sys.stderr,
        )
    units = "walls" if args.duplicate else ("matches" if args.match else "hands")
    progress = _Progress(not args.quiet and sys.stderr.isatty(), units)
    code = 0
    try:
        summary = simulate(
            args.hands,
            rules=_rules(args.rules),
            bots=_bots(args.bots, DEFAULT_BOTS, 4),
            seed=args.seed,
            workers=workers,
            threads=threads,
            backend=args.backend,
            address=args.address,
            duplicate=args.duplicate,
            log=sys.stdout if args.log == "-" else args.log,
            progress=progress,
            match=_match_length(args.match),
        )
    except SimulationInterrupted as stopped:
        # Ctrl-C: the log holds every hand played so far; sum those up, and say how many.
        progress.end()
        print(f"koudiandian: {stopped}; the summary and the log cover those", file=sys.stderr)
        summary, code = stopped.summary, 130
    # With the log on standard output, the summary goes to standard error, out of its way.
    out = sys.stderr if args.log == "-" else sys.stdout
    print(json.dumps(summary.to_dict(), indent=2) if args.json else summary.table(), file=out)
    return code


def _style(args: argparse.Namespace) -> TileStyle:
    return "mpsz" if args.ascii else ("unicode" if args.glyphs else "chinese")


def _analyze(args: argparse.Namespace) -> int:
    from .analyze import analyze_text

    melds = []
    for m in args.meld or []:
        kind, sep, tile = m.partition(":")
        if not sep:
            raise KoudiandianError(f"--meld takes KIND:TILE like pong:7z, got {m!r}")
        melds.append(Meld.of(kind, tile))
    # --self-draw: a self-draw; --win alone: a win on a discard; neither: both ways.
    self_draw = True if args.self_draw else (False if args.win else None)
    text = analyze_text(
        parse_tiles(args.hand),
        melds=melds,
        wildcards=parse_tiles(args.wildcards) if args.wildcards else [],
        rules=_rules(args.rules),
        win=Tile.parse(args.win) if args.win else None,
        self_draw=self_draw,
        style=_style(args),
    )
    print(text)
    return 0


def _replay(args: argparse.Namespace) -> int:
    name = "standard input" if args.log == "-" else args.log
    with contextlib.ExitStack() as stack:
        f = sys.stdin if args.log == "-" else stack.enter_context(open(args.log, encoding="utf-8"))
        count = 0
        for n, line in enumerate(f, start=1):
            if line.strip():
                _replay_line(n, line, args.verbose)
                count += 1
    if count == 0:
        raise KoudiandianError(f"{name} holds no logged hands")
    print(f"{count} hand(s) replayed and verified")
    return 0


def _replay_line(n: int, line: str, verbose: bool) -> None:
    """Replay and report the hand logged on line ``n``."""
    from .game import Game

    try:
        entry = json.loads(line)
    except ValueError as e:
        if not line.endswith("\n"):
            raise KoudiandianError(f"line {n}: the log ends early: the line is cut off") from None
        raise KoudiandianError(f"line {n}: not a logged hand: {e}") from None
    events = entry["events"] if isinstance(entry, dict) and "events" in entry else entry
    hand = entry.get("hand", n) if isinstance(entry, dict) else n
    if not isinstance(events, list) or not events:
        raise KoudiandianError(f"line {n}: not a logged hand: no list of events")
    try:
        game = Game.replay(events)
    except KoudiandianError as e:
        last = events[-1]
        if isinstance(last, dict) and last.get("type") != "end_hand":
            raise KoudiandianError(
                f"line {n}: the log ends early: hand {hand} stops after event "
                f"{len(events) - 1} ({last.get('type')}), before the hand is over"
            ) from None
        raise KoudiandianError(f"line {n}: hand {hand}: {e}") from None
    if verbose:
        for event in events:
            print(f"  {_describe(event)}")
    r = game.result
    if r is None:
        print(f"hand {hand}: unfinished (the log stops before the hand is over), verified")
    elif r.winner is None:
        print(f"hand {hand}: drawn, deltas {list(r.deltas)}; verified")
    else:
        payment = game.rules.score_items_are_payment
        wins = ", ".join(
            f"seat {w.seat} won ({w.kind.value}) with {w.tile}: "
            f"{score_formula(w.score_items, payment=payment)[0]}"
            for w in r.wins
        )
        print(f"hand {hand}: {wins}; deltas {list(r.deltas)}; verified")


def _describe(e: dict[str, Any]) -> str:
    t = e.get("tile")
    tile = str(Tile(t)) if isinstance(t, int) else "?"
    kind = e["type"]
    if kind == "start_hand":
        return f"start: dealer {e['dealer']}, wildcards {format_tiles(e['wildcards']) or '-'}"
    if kind == "draw":
        return f"seat {e['seat']} draws {tile}" + (" (replacement)" if e["replacement"] else "")
    if kind == "discard":
        return f"seat {e['seat']} {'declares ready, discarding face down' if e['declare'] else 'discards'} {tile}"
    if kind == "answer":
        return f"seat {e['seat']} answers {e['action']}"
    if kind in ("pong", "kong"):
        return f"seat {e['seat']} {kind}s {tile} from seat {e['from']}"
    if kind in ("added_kong", "concealed_kong"):
        return f"seat {e['seat']} makes {kind.replace('_', ' ')} of {tile}"
    if kind == "win":
        return f"seat {e['seat']} wins ({e['kind']}) with {tile}"
    if kind == "end_hand":
        return f"end: deltas {e['result']['deltas']}"
    return json.dumps(e)


def _play(args: argparse.Namespace) -> int:
    from .play import play_terminal

    return play_terminal(
        rules=_rules(args.rules),
        seed=args.seed,
        seat=args.seat,
        bots=_bots(args.bots, ("greedy",) * 3, 3),
        style=_style(args),
        match=args.match,
    )


def _serve(args: argparse.Namespace) -> int:
    from .server.botregistry import bots_of_options
    from .server.limits import Limits
    from .server.serve import serve

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


def _ladder(args: argparse.Namespace) -> int:
    from .ladder import ladder

    names = [name for word in args.bots for name in split_bots(word)]
    result = ladder(
        names,
        rules=[_rules(text) for text in args.rules] if args.rules else None,
        walls=args.walls,
        batch=args.batch,
        seed=args.seed,
    )
    print(json.dumps(result.to_dict(), indent=2) if args.json else result.table())
    return 0


def _prune(args: argparse.Namespace) -> int:
    from .server.store import Store, is_postgres_url

    if not is_postgres_url(args.db) and not Path(args.db).exists():
        raise InvalidArgumentError(f"no database {args.db!r}")
    store = Store(args.db)
    try:
        pruned = store.prune(args.days)
    finally:
        store.close()
    print(f"pruned {len(pruned)} finished table(s) from {args.db}")
    return 0


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"koudiandian: error: {message}\n")


_RULES_HELP = (
    f"a preset ({', '.join(Rules.PRESETS)}) and/or options "
    f"({', '.join(o['name'] for o in Rules.options())}), comma-separated, in any case: "
    '"taiyuan", "wind_runs,wildcards=random", "taiyuan,must_win"; default: every option off; '
    "`koudiandian rules` describes each"
)


def _rules_reference(args: argparse.Namespace) -> int:
    from .rules import options_reference

    del args
    print(options_reference(), end="")
    return 0


_BOTS_HELP = (
    f"bots by name ({KNOWN_BOTS}: exec:COMMAND is a program speaking docs/bots.md's "
    "protocol, quoted as one argument: an exec: bot runs to the end of its argument), "
    "separated by commas or spaces, one per seat, or one name for every seat"
)


def _add_style(p: argparse.ArgumentParser) -> None:
    style = p.add_mutually_exclusive_group()
    style.add_argument(
        "--ascii", action="store_true", help="tiles in MPSZ notation (5m) instead of Chinese"
    )
    style.add_argument("--glyphs", action="store_true", help="tiles as Unicode mahjong glyphs")


#: The subcommands' parsers, as ``add_subparsers`` gives them.
_Commands: TypeAlias = "argparse._SubParsersAction[_Parser]"


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="koudiandian", description="Shanxi Koudiandian (扣点点) mahjong engine")
    p.add_argument("--version", action="version", version=f"koudiandian {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    for add in (
        _add_simulate,
        _add_rules_reference,
        _add_analyze,
        _add_replay,
        _add_play,
        _add_ladder,
        _add_serve,
        _add_prune,
    ):
        add(sub)
    return p


def _add_simulate(sub: _Commands) -> None:
    """``koudiandian simulate``: a seeded run of bots, summarised."""
    s = sub.add_parser("simulate", help="play seeded hands with bots and summarise them")
    s.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    s.add_argument("--bots", nargs="+", help=f"{_BOTS_HELP} (default {' '.join(DEFAULT_BOTS)})")
    s.add_argument("--rules", help=_RULES_HELP)
    s.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the run's seed: the same seed deals the same hands (default 0)",
    )
    s.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes, at most one per CPU (the same result for any number; default 1)",
    )
    s.add_argument(
        "--threads",
        type=int,
        default=1,
        help="threads per process for built-in bots, played inside Rust "
        "(the same result for any number; default 1)",
    )
    s.add_argument(
        "--backend",
        choices=["local", "ray"],
        default="local",
        help="local (this machine) or ray (Ray tasks; the [ray] extra; default local)",
    )
    s.add_argument(
        "--address",
        help="the Ray cluster to run on, host:port (default: start a local one)",
    )
    s.add_argument(
        "--duplicate",
        action="store_true",
        help="play every wall four times with the bots rotated through the seats; "
        "--hands counts walls",
    )
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument(
        "--log",
        help="write every hand's events as JSON Lines to this file "
        "(- for standard output; the summary then goes to standard error)",
    )
    s.add_argument(
        "--quiet", action="store_true", help="no progress bar (drawn only on a terminal)"
    )
    s.add_argument(
        "--match",
        help="play whole matches (one_round, or a number of hands each); --hands counts matches",
    )
    s.set_defaults(run=_simulate)


def _add_rules_reference(sub: _Commands) -> None:
    """``koudiandian rules``: the profiles' options and presets."""
    ru = sub.add_parser("rules", help="every rule profile's options and presets (Markdown)")
    ru.set_defaults(run=_rules_reference)


def _add_analyze(sub: _Commands) -> None:
    """``koudiandian analyze``: one hand's shanten, waits and value."""
    a = sub.add_parser("analyze", help="shanten, winning tiles, ready discards and value of a hand")
    a.add_argument("hand", help='concealed tiles, e.g. "123p456p789p11s469m"')
    a.add_argument("--wildcards", help='wildcard kinds (耗子), e.g. "5m" or "5m1z"')
    a.add_argument(
        "--meld", action="append", help='a declared meld as KIND:TILE, e.g. "pong:7z" (repeatable)'
    )
    a.add_argument("--rules", help=_RULES_HELP)
    a.add_argument(
        "--win",
        metavar="TILE",
        help="the winning tile: one of a complete hand, or one that completes a waiting hand "
        "(default: the last tile of a complete hand)",
    )
    a.add_argument(
        "--self-draw",
        action="store_true",
        help="the win is a self-draw (with --win alone: on a discard; with neither: both)",
    )
    _add_style(a)
    a.set_defaults(run=_analyze)


def _add_replay(sub: _Commands) -> None:
    """``koudiandian replay``: logged hands replayed and verified."""
    r = sub.add_parser("replay", help="replay and verify logged hands (JSON Lines)")
    r.add_argument("log", help="a file written by simulate --log, or - for standard input")
    r.add_argument("--verbose", "-v", action="store_true", help="print every event")
    r.set_defaults(run=_replay)


def _add_play(sub: _Commands) -> None:
    """``koudiandian play``: a hand or a match at the terminal."""
    pl = sub.add_parser("play", help="play a hand (or a one_round match) against three bots")
    pl.add_argument("--rules", help=_RULES_HELP)
    pl.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the deal's seed, to play a hand again (default: a random one, shown at the start)",
    )
    pl.add_argument("--seat", type=int, default=0, help="your seat 0–3 (default 0)")
    pl.add_argument(
        "--bots",
        nargs="+",
        metavar="NAME",
        help=f"the other three seats' {_BOTS_HELP} (default greedy)",
    )
    pl.add_argument("--match", action="store_true", help="play a one_round match, not one hand")
    _add_style(pl)
    pl.set_defaults(run=_play)


def _add_ladder(sub: _Commands) -> None:
    """``koudiandian ladder``: every pair of bots on duplicate walls, ranked."""
    la = sub.add_parser(
        "ladder",
        help="play every pair of bots on duplicate walls (each against three copies of the "
        "other) and rank them",
    )
    la.add_argument(
        "--bots",
        nargs="+",
        required=True,
        help=f"two or more bots: names ({KNOWN_BOTS}) separated by commas or spaces, "
        "and exec:COMMAND bots, each quoted as its own argument (an exec: bot runs to the "
        "end of its argument)",
    )
    la.add_argument(
        "--rules",
        nargs="+",
        help=f"one or more rule sets, each {_RULES_HELP}",
    )
    la.add_argument(
        "--walls",
        type=int,
        default=2000,
        help="the most walls a pair plays per rule set, each 8 hands (default 2000)",
    )
    la.add_argument(
        "--batch",
        type=int,
        default=100,
        help="walls between two checks of the stop: a pair stops once the 95%% interval of "
        "its mean difference excludes 0 (default 100)",
    )
    la.add_argument("--seed", type=int, default=0, help="the walls' seed (default 0)")
    la.add_argument("--json", action="store_true", help="print the figures as JSON")
    la.set_defaults(run=_ladder)


def _add_limits(sv: argparse.ArgumentParser) -> None:
    """``koudiandian serve``'s limits (``koudiandian.server.limits.Limits``)."""
    from .server.limits import Limits

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
    from .execbot import DEFAULT_MEMORY, DEFAULT_TIMEOUT

    sv.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=exec:COMMAND",
        help="register a bot that tables may seat by NAME (a lower-case word): a program "
        "speaking docs/bots.md's protocol, one process per seat; a table's creator names "
        "it, never a command (repeatable)",
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


def _add_serve(sub: _Commands) -> None:
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


def _add_prune(sub: _Commands) -> None:
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. Errors print one line to stderr."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        code = int(args.run(args))
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except BrokenPipeError:
        _silence_stdout()
        return 128 + 13  # as if killed by SIGPIPE, like other tools whose reader left
    except (KoudiandianError, ValueError, OSError) as e:
        print(f"koudiandian: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("koudiandian: interrupted", file=sys.stderr)
        return 130


def _silence_stdout() -> None:
    """Point stdout at the null device: its reader is gone (``koudiandian ... | head``), and
    Python's own flush at exit must not complain about the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # stdout is no file (a test's capture): nothing to silence
