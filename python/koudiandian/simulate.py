"""Seeded self-play at scale: :func:`simulate` plays hands with bots and sums them up."""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import IO

from .errors import ArgumentTypeError, InvalidArgumentError
from .rules import Rules
from .scaleout import run_on_ray
from .selfplay import (
    BOTS,
    BotSpec,
    Job,
    Part,
    bot_name,
    builtin_names,
    chunks,
    factories,
    play_chunk,
    play_hand,
)
from .selfplay import _LazyView as _LazyView  # server/tables.py drives its bots with it
from .summary import BotStats, SimulationSummary, describe_rules, summarise

__all__ = [
    "SimulationSummary",
    "BotStats",
    "simulate",
    "play_hand",
    "play_chunk",
    "describe_rules",
    "BOTS",
    "BACKENDS",
    "DEFAULT_BOTS",
]

#: The bots of :func:`simulate` and ``koudiandian simulate`` when none are named: two greedy
#: bots against two random ones.
DEFAULT_BOTS = ("greedy", "greedy", "random", "random")

#: The most threads :func:`simulate` starts in one process.
MAX_THREADS = 256

#: Where :func:`simulate` plays: on this machine (threads and processes), or as tasks on a
#: Ray cluster (the ``[ray]`` extra).
BACKENDS = ("local", "ray")


def simulate(
    hands: int,
    *,
    rules: Rules | None = None,
    bots: Sequence[BotSpec] | str | None = None,
    seed: int | None = 0,
    workers: int = 1,
    threads: int = 1,
    backend: str = "local",
    address: str | None = None,
    duplicate: bool = False,
    log: str | os.PathLike[str] | IO[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    match: int | str | None = None,
) -> SimulationSummary:
    """Play ``hands`` seeded hands and summarise them.

    ``bots``: four names (``"random"``, ``"greedy"``) or factories ``f(seed) -> Bot``, or
    one for every seat (default :data:`DEFAULT_BOTS`, as on the command line: two greedy,
    two random); a string may list them separated by commas or spaces. Hand
    ``i`` is seeded with ``hand_seed(seed, i)`` and dealt by seat ``i % 4``, and each bot is
    built fresh for it from a seed derived from the hand's, so the result is the same
    however the run is carried out. When every bot is built in, hands are played inside
    Rust with the GIL released, on ``threads`` threads; bots written in Python are played
    by a Python loop that makes the same choices (``threads`` must then be 1).
    ``workers > 1`` adds processes (the bot factories must then be picklable).
    ``backend="ray"`` runs the hands as chunks of Ray tasks on the cluster at ``address``
    (``None``: the cluster this process is connected to, else a local one started for the
    run), one CPU a task (the summary's ``workers`` is then the cluster's CPUs and its
    ``threads`` 1); see ``docs/scale-out.md``. ``log``: a path or text file to receive every hand's
    event log as JSON Lines, for replay: ``{"hand": i, "seed": s, "events": [...]}``
    (``{"match": i, "hand": j, "events": ...}`` in matches; duplicate play adds
    ``"rotation"`` and the seating, ``"bots"``).
    ``progress(done, total)`` is called as chunks of hands finish. ``match``:
    ``"one_round"`` or a number of hands makes each of the ``hands`` units a whole
    :class:`Match` of that length: match ``i`` is ``Match(rules, seed=hand_seed(seed, i))``,
    first dealt where the profile says (seat 0 under Taiyuan and hebei, drawn from the
    match's seed under queyimen and changsha); the summary then also counts first places and
    mean ranks, and its per-hand
    figures cover every hand played. ``duplicate=True`` plays each of the ``hands`` walls
    four times with the bots rotated one seat each time (the bot listed for seat ``b`` sits
    in seat ``(b + r) % 4`` in rotation ``r``), so every bot plays every wall from every
    seat; the summary's ``bot_stats`` gives each bot's mean points per hand with a 95%
    confidence interval, its win rate and its deal-in rate. ``seed=None`` draws a random
    seed; the summary's ``seed`` says which, so the run can be repeated."""
    rules = Rules() if rules is None else rules
    _check_run(hands, workers, threads, backend, address, duplicate)
    seed = _run_seed(seed)
    _check_match(match, duplicate)
    specs = _bot_specs(bots)
    builtin = builtin_names(specs)
    if builtin is None and threads > 1:
        raise InvalidArgumentError(
            "threads > 1 needs built-in bots (played inside Rust); bots written in Python "
            "run in parallel with workers=N processes"
        )
    job = Job(rules, tuple(specs), seed, log is not None, match, duplicate, threads, builtin)
    names = list(builtin) if builtin is not None else [bot_name(s) for s in specs]
    started = time.perf_counter()
    if backend == "ray":
        parts, workers = run_on_ray(job, hands, address, progress)
        threads = 1  # a Ray task is one CPU of the cluster
    else:
        parts = list(_run_local(job, hands, workers, progress))
    seconds = time.perf_counter() - started
    if log is not None:
        _write_log(log, parts)
    return summarise(
        [r for part in parts for r in part[0]],
        [r for part in parts for r in part[1]],
        rules,
        names,
        seed,
        workers=workers,
        threads=threads,
        backend=backend,
        duplicate=duplicate,
        seconds=seconds,
    )


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
    _positive(hands, "hands")
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


def _bot_specs(bots: Sequence[BotSpec] | str | None) -> list[BotSpec]:
    """The four seats' bots of ``simulate(bots=...)``: names in a string (commas or
    spaces), one factory, or a list; one bot plays every seat. Checked (see
    :func:`~koudiandian.selfplay.factories`) before anything is played."""
    if isinstance(bots, str):
        specs: list[BotSpec] = [b.strip() for b in bots.replace(" ", ",").split(",") if b.strip()]
    elif callable(bots):
        specs = [bots]
    else:
        specs = list(bots or DEFAULT_BOTS)
    if len(specs) == 1:
        specs *= 4  # one bot for every seat
    factories(specs)
    return specs


def _write_log(log: str | os.PathLike[str] | IO[str], parts: Sequence[Part]) -> None:
    """Every hand's log line, in order, to the path or text file ``log``."""
    text = "".join(line + "\n" for part in parts for line in part[2])
    if isinstance(log, (str, os.PathLike)):
        with open(log, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        log.write(text)


def _run_local(
    job: Job, hands: int, workers: int, progress: Callable[[int, int], None] | None
) -> Iterator[Part]:
    """The chunks' results in order, played here: in this process or in ``workers``."""
    most = 2000 if job.builtin is not None else 500
    ranges = chunks(hands, workers * 8, most)
    done = 0
    with contextlib.ExitStack() as stack:
        results: Iterator[Part]
        if workers == 1:
            results = (play_chunk(job, a, b) for a, b in ranges)
        else:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=workers))
            futures = [pool.submit(play_chunk, job, a, b) for a, b in ranges]
            results = (f.result() for f in futures)
        for (a, b), part in zip(ranges, results):
            done += b - a
            if progress:
                progress(done, hands)
            yield part
