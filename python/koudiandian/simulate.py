"""Seeded self-play at scale: :func:`simulate` plays hands with bots and sums them up."""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import IO, cast

from . import _core
from .botzone.spec import BotzoneBot, is_botzone
from .botzone.table import check_botzone_rules
from .errors import ArgumentTypeError, InvalidArgumentError
from .execbot import ExecBot, is_exec, split_bots
from .progress import progress_bar
from .rules import Rules
from .scaleout import run_on_ray
from .selfplay import (
    BOTS,
    BotSpec,
    Job,
    Part,
    UnitChunks,
    bot_name,
    builtin_names,
    factories,
    play_chunk,
    play_hand,
)
from .summary import BotStats, SimulationSummary, Tally, describe_rules
from .workers import play_in_processes

__all__ = [
    "SimulationSummary",
    "SimulationInterrupted",
    "BotStats",
    "simulate",
    "play_hand",
    "play_chunk",
    "describe_rules",
    "BOTS",
    "BACKENDS",
    "DEFAULT_BOTS",
    "MAX_UNITS",
]

#: The bots of :func:`simulate` and ``koudiandian simulate`` when none are named: two greedy
#: bots against two random ones.
DEFAULT_BOTS = ("greedy", "greedy", "random", "random")

#: The most threads :func:`simulate` starts in one process.
MAX_THREADS = 256

#: Where :func:`simulate` plays: on this machine (threads and processes), or as tasks on a
#: Ray cluster (the ``[ray]`` extra).
BACKENDS = ("local", "ray")

#: The most units (hands, matches or duplicate walls) one :func:`simulate` call plays:
#: 2**40, decades of play on a large cluster; a larger count is a mistake, refused at once.
MAX_UNITS = 2**40


class SimulationInterrupted(KeyboardInterrupt):
    """What :func:`simulate` raises when it is interrupted (Ctrl-C: a
    :class:`KeyboardInterrupt`, which it still is): the log holds every unit played before
    it, whole and flushed, and ``summary`` sums up exactly those. ``done`` and ``total``
    count the units played and asked for (hands, matches or duplicate walls)."""

    def __init__(
        self, summary: SimulationSummary, done: int, total: int, unit: str = "hands"
    ) -> None:
        played = f"{done:,} of {total:,} {unit}"
        if unit != "hands":
            played += f" ({summary.hands:,} hands)"
        super().__init__(f"interrupted after {played}")
        self.summary = summary
        self.done = done
        self.total = total


def simulate(
    hands: int,
    *,
    rules: Rules | None = None,
    bots: Sequence[BotSpec] | BotSpec | None = None,
    seed: int | None = 0,
    workers: int = 1,
    threads: int = 1,
    backend: str = "local",
    address: str | None = None,
    duplicate: bool = False,
    log: str | os.PathLike[str] | IO[str] | None = None,
    progress: Callable[[int, int], None] | bool | None = None,
    match: int | str | None = None,
) -> SimulationSummary:
    """Play ``hands`` seeded hands and summarise them.

    ``bots``: four bots, or one for every seat (default :data:`DEFAULT_BOTS`, as on the
    command line: two greedy, two random), each a name (``"random"``, ``"greedy"``,
    ``"policy:PATH"``, a trained policy's ``.npz`` played in NumPy
    (:class:`~koudiandian.rl.policy.PolicyBot`), or ``"exec:COMMAND"``, a program in any language speaking the protocol of ``docs/bots.md``,
    one process per seat listed, closed at the end of the run; ``"botzone:COMMAND"`` or
    ``"botzone-simple:COMMAND"``, a Botzone bot, or a
    :class:`~koudiandian.botzone.spec.BotzoneBot`, under the botzone rules only: a hand
    with one is played by koudiandian's judge, docs/botzone.md), a bot
    class or factory called with the bot's seed (``f(seed) -> Bot``) or with nothing, or a
    bot instance, the same object for every hand (:mod:`koudiandian.bots` says what that
    means for seeds and workers); a string may list names separated by commas or spaces.
    Hand ``i`` is seeded with ``hand_seed(seed, i)`` and dealt by seat ``i % 4``, and each
    bot is built fresh for it from a seed derived from the hand's, so the result is the
    same however the run is carried out. When every bot is built in, hands are played inside
    Rust with the GIL released, on ``threads`` threads; bots written in Python are played
    by a Python loop that makes the same choices (``threads`` must then be 1).
    ``workers > 1`` adds processes (the bot factories and instances must then be
    picklable).
    ``backend="ray"`` runs the hands as chunks of Ray tasks on the cluster at ``address``
    (``None``: the cluster this process is connected to, else a local one started for the
    run), one CPU a task (the summary's ``workers`` is then the cluster's CPUs and its
    ``threads`` 1); see ``docs/scale-out.md``. ``log``: a path (opened before anything is
    played) or a text file to receive every hand's event log as JSON Lines, for replay:
    ``{"hand": i, "seed": s, "events": [...]}`` (``{"match": i, "hand": j, "events": ...}``
    in matches; duplicate play adds ``"rotation"`` and the seating, ``"bots"``). The log
    streams: each chunk of hands (up to 2,000; 500 in the Python loop) is written in hand
    order and flushed as soon as it and every chunk before it are played, and nothing of it
    is kept, nor any hand's record (the summary is summed up chunk by chunk), so memory
    stays flat however many hands are played. ``progress=True`` draws a progress bar on
    standard error (tqdm's, :mod:`tqdm.auto`: a widget in a notebook); a callable
    ``progress(done, total)`` is called instead after each chunk is written, with the
    units written so far; off by default. ``match``: ``"one_round"`` or a
    number of hands makes each of the ``hands`` units a whole :class:`Match` of that length:
    match ``i`` is ``Match(rules, seed=hand_seed(seed, i))``, first dealt where the profile
    says (seat 0 under Taiyuan and hebei, drawn from the match's seed under queyimen,
    changsha and sichuan); the summary then also counts first places and mean ranks, and its per-hand
    figures cover every hand played. ``duplicate=True`` plays each of the ``hands`` walls
    four times with the bots rotated one seat each time (the bot listed for seat ``b`` sits
    in seat ``(b + r) % 4`` in rotation ``r``), so every bot plays every wall from every
    seat; the summary's ``bot_stats`` gives each bot's mean points per hand with a 95%
    confidence interval, its win rate and its deal-in rate. ``seed=None`` draws a random
    seed; the summary's ``seed`` says which, so the run can be repeated. The summary's
    ``hands_per_second`` is the steady rate, its start-up (the bots' tables built, a Ray
    cluster reached) timed apart as ``startup_seconds``.

    ``hands`` (units: hands, matches or walls) is at most :data:`MAX_UNITS` (2**40), else
    :class:`InvalidArgumentError`. Interrupted (Ctrl-C: :class:`KeyboardInterrupt`, also
    from ``progress``), ``simulate`` stops at once (worker processes terminated, Ray tasks
    cancelled) and raises :class:`SimulationInterrupted`, a :class:`KeyboardInterrupt`
    whose ``summary`` covers exactly the units written to the log before it (each chunk is
    counted and written whole: a first Ctrl-C during a write waits for its end, a second one
    does not)."""
    rules = Rules() if rules is None else rules
    _check_run(hands, workers, threads, backend, address, duplicate)
    seed = _run_seed(seed)
    _check_match(match, duplicate)
    _check_progress(progress)
    specs = _bot_specs(bots)
    check_botzone_rules(rules, specs)
    builtin = builtin_names(specs)
    if builtin is None and threads > 1:
        raise InvalidArgumentError(
            "threads > 1 needs built-in bots (played inside Rust); bots written in Python "
            "run in parallel with workers=N processes"
        )
    job = Job(rules, tuple(specs), seed, log is not None, match, duplicate, threads, builtin)
    names = list(builtin) if builtin is not None else [bot_name(s) for s in specs]
    tally = Tally(rules, names, seed, duplicate=duplicate)
    cluster: list[int] = []  # the Ray cluster's CPUs, once connected
    started = time.perf_counter()
    ready: list[float] = []  # when the start-up ended: the first hand is asked for

    def connected(cpus: int) -> None:
        cluster.append(cpus)
        ready.append(time.perf_counter())

    def summary() -> SimulationSummary:
        ran = (cluster[0] if cluster else 0, 1) if backend == "ray" else (workers, threads)
        now = time.perf_counter()
        return tally.summary(
            workers=ran[0],
            threads=ran[1],
            backend=backend,
            seconds=now - started,
            startup=(ready[0] if ready else now) - started,
        )

    done = 0
    unit = "walls" if duplicate else "hands" if match is None else "matches"
    with (
        _log_file(log) as out,
        _closing_exec_bots(specs, bots),
        _progress(progress, hands, unit) as report,
    ):
        if backend == "ray":
            parts = run_on_ray(job, hands, address, connected)
        else:
            # The bots' tables built before the hands are timed (they would be at the first
            # decision), here, where this process or its threads play them.
            _core.warm_up_bots()
            ready.append(time.perf_counter())
            parts = _run_local(job, hands, workers)
        try:
            for units, (records, rankings, lines) in parts:
                with _interrupts_held():  # the chunk counted and written whole, or not at all
                    tally.add(records, rankings)
                    _write_lines(out, lines)
                    done += units
                if report is not None:
                    report(done, hands)
        except KeyboardInterrupt:
            raise SimulationInterrupted(summary(), done, hands, unit) from None
        finally:
            parts.close()  # an early end stops the worker processes or the Ray tasks
    return summary()


def _check_progress(progress: object) -> None:
    """Raise :class:`ArgumentTypeError` for a ``progress`` that is no bool, callable or
    ``None``."""
    if not (progress is None or isinstance(progress, bool) or callable(progress)):
        raise ArgumentTypeError(
            f"progress must be a bool or a callable progress(done, total), got {progress!r}"
        )


@contextlib.contextmanager
def _progress(
    progress: Callable[[int, int], None] | bool | None, total: int, unit: str
) -> Iterator[Callable[[int, int], None] | None]:
    """What reports a run's progress: a bar (:func:`~koudiandian.progress.progress_bar`)
    for ``True``, the caller's callable, or nothing."""
    if progress is True:
        with progress_bar(total, unit) as bar:
            yield bar
    else:
        yield progress if callable(progress) else None


def _positive(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidArgumentError(f"{what} must be a positive int, got {value!r}")
    return value


def _check_run(
    hands: object,
    workers: object,
    threads: object,
    backend: object,
    address: object,
    duplicate: object,
) -> None:
    """Raise :class:`InvalidArgumentError` (:class:`ArgumentTypeError` for ``duplicate``)
    for a run's sizes and backend that make no sense, before anything is played."""
    if _positive(hands, "hands") > MAX_UNITS:
        raise InvalidArgumentError(f"hands must be at most 2**40, got {hands}")
    _positive(workers, "workers")
    threads = _positive(threads, "threads")
    if threads > MAX_THREADS:
        raise InvalidArgumentError(f"threads must be at most {MAX_THREADS}, got {threads}")
    if backend not in BACKENDS:
        raise InvalidArgumentError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise InvalidArgumentError("address is the Ray cluster's: it needs backend='ray'")
    if not isinstance(duplicate, bool):
        raise ArgumentTypeError(f"duplicate must be a bool, got {duplicate!r}")


def _run_seed(seed: object) -> int:
    """The run's seed: ``seed``, or a random one for ``None``."""
    if seed is None:
        seed = secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    return seed


def _check_match(match: object, duplicate: bool) -> None:
    """Raise :class:`InvalidArgumentError` for a match length that is none, or one under
    duplicate play."""
    if (
        match is not None
        and match != "one_round"
        and (isinstance(match, bool) or not isinstance(match, int) or match < 1)
    ):
        raise InvalidArgumentError(f"match must be 'one_round' or a positive int, got {match!r}")
    if duplicate and match is not None:
        raise InvalidArgumentError("duplicate play rotates single hands: it takes no match")


def _bot_specs(bots: Sequence[BotSpec] | BotSpec | None) -> list[BotSpec]:
    """The four seats' bots of ``simulate(bots=...)``: names in a string (commas or
    spaces; an ``exec:`` bot last, :func:`~koudiandian.execbot.split_bots`), one factory or
    bot instance, or a list; one bot plays every seat. Checked (see
    :func:`~koudiandian.selfplay.factories`) before anything is played; each ``exec:`` name
    becomes an :class:`~koudiandian.execbot.ExecBot` of its own, which the run closes."""
    if isinstance(bots, str):
        specs: list[BotSpec] = list(split_bots(bots))
    elif callable(bots) or callable(getattr(bots, "act", None)):
        specs = [cast(BotSpec, bots)]
    elif bots is None or isinstance(bots, Iterable):
        specs = list(bots or DEFAULT_BOTS)
    else:
        raise ArgumentTypeError(
            f"bots is a bot, names in a string, or a list of four bots, got {bots!r}"
        )
    if len(specs) == 1:
        specs *= 4  # one bot for every seat
    factories(specs)
    for i, spec in enumerate(specs):
        if isinstance(spec, ExecBot) and any(spec is other for other in specs[:i]):
            raise InvalidArgumentError(
                f"the exec bot {spec.name!r} is given for several seats: its process plays "
                "one seat; give each seat its own ExecBot, or its exec: name"
            )
    # Each seat listed as an exec: name gets its own process, kept for the whole run; a
    # Botzone bot's name becomes its description (its sessions made hand by hand).
    return [
        ExecBot(cast(str, s))
        if is_exec(s)
        else BotzoneBot.from_spec(cast(str, s))
        if is_botzone(s)
        else s
        for s in specs
    ]


@contextlib.contextmanager
def _closing_exec_bots(specs: Sequence[BotSpec], given: object) -> Iterator[None]:
    """Close, at the end of the run, the :class:`ExecBot` processes it started for the
    ``exec:`` names it was given (not the bot instances the caller gave: theirs to close)."""
    given_list = list(given) if isinstance(given, (list, tuple)) else [given]
    try:
        yield
    finally:
        for spec in specs:
            if isinstance(spec, ExecBot) and not any(spec is g for g in given_list):
                spec.close()


@contextlib.contextmanager
def _log_file(log: str | os.PathLike[str] | IO[str] | None) -> Iterator[IO[str] | None]:
    """Where a run's log lines go: a path, opened at once (so that a path that cannot be
    written fails before anything is played) and closed at the end, or a text file, left
    open. Raises :class:`ArgumentTypeError` for anything else."""
    if log is None:
        yield None
    elif isinstance(log, (str, os.PathLike)):
        with open(log, "w", encoding="utf-8") as f:
            yield f
    elif callable(getattr(log, "write", None)):
        yield log
    else:
        raise ArgumentTypeError(f"log must be a path or a text file, got {log!r}")


def _write_lines(out: IO[str] | None, lines: Sequence[str]) -> None:
    """A chunk's log lines to ``out``, flushed, so that a reader (or an interrupt) finds
    every hand played so far."""
    if out is None or not lines:
        return
    out.write("\n".join(lines) + "\n")
    flush = getattr(out, "flush", None)
    if callable(flush):
        flush()


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold a first Ctrl-C (SIGINT) back until the block is done, then raise it as
    :class:`KeyboardInterrupt`; a second one raises at once (a write blocked on a pipe
    nobody reads stays stoppable). Only where Python's own handler would raise it, in the
    main thread; elsewhere the block runs as it is."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    held: list[int] = []

    def hold(signum: int, frame: object) -> None:
        if held:
            raise KeyboardInterrupt
        held.append(signum)

    signal.signal(signal.SIGINT, hold)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if held:
        raise KeyboardInterrupt


def _run_local(job: Job, hands: int, workers: int) -> Generator[tuple[int, Part], None, None]:
    """Each chunk's units and result, in order, played here: in this process, or in
    ``workers`` processes (:func:`~koudiandian.workers.play_in_processes`: a bounded number
    of chunks in flight, cut as they are sent; closed early, it stops the processes at
    once)."""
    cut = UnitChunks(job, hands, workers * 8, 2000 if job.builtin is not None else 500)
    parts = (
        play_in_processes(job, cut, workers)
        if workers > 1
        else ((b - a, play_chunk(job, a, b)) for a, b in cut)
    )
    try:
        for units, part in parts:
            cut.played(units, len(part[0]))
            yield units, part
    finally:
        parts.close()
