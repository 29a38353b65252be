"""Datasets from logs (``docs/observation.md``, "Datasets from logs"): every decision of
chosen seats in logged hands, as training samples written to shards.

A sample is what its seat knew when it decided (``obs``: the ``version`` encoding of the
game as it stood, the same array as :func:`~koudiandian.rl.encode` of the seat's view), its
legal actions then (``mask``, over ``action_space``), the number of the action it took
(``action``), its final delta in that hand (``ret``, points), the ``seat`` and the hand's
number in the dataset (``hand``): :data:`~koudiandian.rl.dataset_info.FIELDS`. The core
replays each log (the hand dealt from its ``start_hand``, every decision taken again, the
replayed log checked to be the logged one: ``_core.rl_log_samples``), so a log this engine
plays differently is refused, never misread.

Logs are read in every shape ``koudiandian replay`` reads (:mod:`koudiandian.logsources`):
``simulate --log`` files, a server's finished hands, games and matches as JSON, Botzone
logs (a judge's input or a match's log, and ``games.jsonl`` of ``botzone arena``).

A dataset is a directory: shards ``shard-00000.npz``, … of ``shard_size`` samples (the last
fewer; :mod:`.dataset_shards`) and ``meta.json`` (:class:`DatasetInfo`), written last. Its
bytes depend only on the logs (their bytes and file names) and the arguments.
:class:`Dataset` reads it back, shard by shard.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from .. import _core
from ..errors import ArgumentTypeError, InvalidArgumentError, InvalidEventLogError, KoudiandianError
from ..logsources import LoggedHand, logged_hands
from .actions import ACTION_SPACES, DEFAULT_ACTION_SPACE, check_action_space
from .dataset_info import META_FILE, DatasetInfo, LogRecord
from .dataset_read import Dataset
from .dataset_shards import SHARD_SIZE, ShardWriter, is_shard_name
from .encoding import DEFAULT_VERSION, OBS_SHAPES, check_version

__all__ = ["build_dataset", "Dataset", "DatasetInfo", "LogRecord"]

#: A path to a log, as :func:`build_dataset` takes it.
LogPath = str | os.PathLike[str]


def build_dataset(
    logs: LogPath | Iterable[LogPath],
    out: LogPath,
    *,
    seats: Iterable[int] | None = None,
    bot: str | None = None,
    version: str = DEFAULT_VERSION,
    action_space: int = DEFAULT_ACTION_SPACE,
    shard_size: int = SHARD_SIZE,
    progress: bool | Callable[[int, int], None] | None = None,
) -> DatasetInfo:
    """Write the samples of the logged hands in ``logs`` (a path or several, read in
    order) to the directory ``out`` (created; one holding an earlier dataset is rewritten,
    one holding other files refused); the new dataset's :class:`DatasetInfo`.

    Whose decisions: every seat's (``seats=None``), the seats numbered in ``seats`` (0–3),
    or those a bot named ``bot`` played, where the log names them (``simulate --log`` in
    duplicate play records ``"bots"``; ``botzone arena``'s ``games.jsonl`` beside its
    ``report.json``). ``version`` and ``action_space`` choose the encoding and the action
    numbering (``docs/observation.md``); ``shard_size`` the samples per shard.
    ``progress=True`` draws a bar on standard error (tqdm's, over the logs' bytes); a
    callable ``progress(done, total)`` is called with the bytes read after each hand.

    Raises :class:`InvalidEventLogError` naming the file and line (and hand) of a log that
    is not one, cannot be replayed, or ends before its hand is over;
    :class:`InvalidArgumentError` for bad arguments (also a bot no log names, or an action
    space too small for a log's rules, with the file and line); :class:`ArgumentTypeError`
    for arguments of the wrong type. A missing log is an :class:`InvalidArgumentError` too
    (as a missing policy file or dataset directory), and so is one that is no regular file
    or that lies in ``out`` among the files it would remove: all raised before anything is
    written."""
    paths = _paths(logs)
    chosen = _seat_mask(seats, bot)
    check_version(version)
    action_space = check_action_space(action_space)  # a NumPy integer too
    if isinstance(shard_size, bool) or not isinstance(shard_size, int):
        raise ArgumentTypeError(f"shard_size must be an int, got {shard_size!r}")
    if not 1 <= shard_size <= 2**24:
        raise InvalidArgumentError(f"shard_size must be 1 to 2**24, got {shard_size}")
    for p in paths:
        if not p.exists():
            raise InvalidArgumentError(f"no log file {str(p)!r}")
        if not p.is_file():  # a directory, a FIFO (never opened: it could block), a device
            raise InvalidArgumentError(f"the log {str(p)!r} is not a regular file")
    total = sum(p.stat().st_size for p in paths)
    shown = _Progress(progress, total)
    directory = _fresh_directory(Path(out), paths)
    writer = ShardWriter(directory, shard_size)
    records: list[LogRecord] = []
    named = False
    try:
        with shown as report:
            done = 0
            for path in paths:
                reader = _LogReader(path, writer, chosen, bot, version, action_space)
                for read in reader.read():
                    report(done + read, total)
                done += path.stat().st_size
                records.append(reader.record())
                named = named or reader.named
        writer.close()
    except BaseException:
        writer.abandon()
        raise
    if bot is not None and not named:
        writer.abandon()
        raise InvalidArgumentError(f"no log names a bot {bot!r}: no samples were taken")
    info = DatasetInfo(
        version=version,
        action_space=action_space,
        obs_shape=OBS_SHAPES[version],
        n_actions=ACTION_SPACES[action_space],
        samples=writer.samples,
        hands=writer.hands,
        shards=tuple(writer.shards),
        logs=tuple(records),
        seats=None if seats is None else tuple(s for s in range(4) if chosen[s]),
        bot=bot,
    )
    (directory / META_FILE).write_text(info.to_json(), encoding="utf-8")
    return info


class _LogReader:
    """One log file's hands, replayed into samples for ``writer``."""

    def __init__(
        self,
        path: Path,
        writer: ShardWriter,
        chosen: list[bool],
        bot: str | None,
        version: str,
        action_space: int,
    ) -> None:
        self.path, self.writer, self.chosen, self.bot = path, writer, chosen, bot
        self.version, self.action_space = version, action_space
        self.name = str(path)
        self._sha = hashlib.sha256()
        self._read = 0
        self.hands = 0
        self.samples = 0
        self.named = False
        self._arena = _arena_names(path) if bot is not None else None

    def _lines(self) -> Iterator[str]:
        with open(self.path, "rb") as f:
            for n, raw in enumerate(f, start=1):
                self._sha.update(raw)
                self._read += len(raw)
                try:
                    yield raw.decode("utf-8")
                except UnicodeDecodeError as e:
                    raise InvalidEventLogError(
                        f"{self.name}: line {n}: not UTF-8 text ({e})"
                    ) from None

    def read(self) -> Iterator[int]:
        """Replay every hand of the log into the writer; yields the bytes read after each."""
        hands = logged_hands(self._lines())
        while True:
            try:
                hand = next(hands)
            except StopIteration:
                break
            except InvalidEventLogError:
                raise
            except KoudiandianError as e:
                raise InvalidEventLogError(f"{self.name}: {e}") from None
            self._hand(hand)
            yield self._read
        if not self.hands:
            raise InvalidEventLogError(f"{self.name}: holds no logged hands")

    def _hand(self, hand: LoggedHand) -> None:
        where = f"{self.name}: {hand.where}: {hand.label}"
        seats = self._seats(hand, where)
        arrays = None
        if any(seats):
            try:
                obs, mask, action, seat, deltas = _core.rl_log_samples(
                    hand.events, seats, self.version, self.action_space
                )
            except InvalidEventLogError as e:
                raise InvalidEventLogError(f"{where}: {e}") from None
            except KoudiandianError as e:
                raise type(e)(f"{where}: {e}") from None
            n = len(action)
            arrays = {
                "obs": obs,
                "mask": mask,
                "action": action,
                "ret": np.asarray(deltas, dtype=np.float32)[seat],
                "seat": seat,
                "hand": np.full(n, self.writer.hands, dtype=np.int32),
            }
            self.samples += n
        if hand.check is not None:
            try:
                hand.check()
            except KoudiandianError as e:
                raise InvalidEventLogError(f"{self.name}: {e}") from None
        self.writer.add(arrays)
        self.hands += 1

    def _seats(self, hand: LoggedHand, where: str) -> list[bool]:
        """Which seats' decisions of ``hand`` to take."""
        if self.bot is None:
            return self.chosen
        names = hand.bots
        if names is None and self._arena is not None:
            names = self._arena(self.hands)
        if names is None:
            raise InvalidArgumentError(
                f"{where}: the log does not name the bots at its seats, so --bot/bot= cannot "
                "choose them (simulate --log names them in duplicate play); choose seats instead"
            )
        self.named = self.named or self.bot in names
        return [name == self.bot for name in names]

    def record(self) -> LogRecord:
        """What the dataset says of this log, once read."""
        return LogRecord(self.path.name, self._sha.hexdigest(), self.hands, self.samples)


def _arena_names(path: Path) -> Callable[[int], tuple[str, ...]] | None:
    """For ``games.jsonl`` of ``botzone arena`` with its ``report.json`` beside it: the
    names at the seats of its game ``i`` (the arena's seatings, in play order)."""
    import json

    report = path.with_name("report.json")
    if path.name != "games.jsonl" or not report.is_file():
        return None
    try:
        document = json.loads(report.read_text(encoding="utf-8"))
    except (ValueError, RecursionError):
        return None  # not the arena's report: the log's hands name no bots
    names = document.get("bots") if isinstance(document, dict) else None
    orders = document.get("orders") if isinstance(document, dict) else None
    if (
        not isinstance(names, list)
        or len(names) != 4
        or not all(isinstance(b, str) for b in names)
        or orders not in (4, 24)
        or isinstance(orders, bool)
    ):
        raise InvalidEventLogError(
            f"{report}: an arena's report names four bots ('bots', a list of four names) "
            f"and its seatings ('orders', 4 or 24); got bots {names!r:.80}, orders {orders!r:.20}"
        )
    from ..botzone.arena import seatings

    order = seatings(int(orders))
    return lambda i: tuple(names[b] for b in order[i % len(order)])


def _paths(logs: object) -> list[Path]:
    if isinstance(logs, str | os.PathLike):
        return [Path(logs)]
    if isinstance(logs, bytes) or not isinstance(logs, Iterable):
        raise ArgumentTypeError(f"logs must be a path or an iterable of paths, got {logs!r}")
    paths = list(logs)
    for p in paths:
        if not isinstance(p, str | os.PathLike):
            raise ArgumentTypeError(f"a log must be a path, got {p!r}")
    if not paths:
        raise InvalidArgumentError("no logs given")
    return [Path(p) for p in paths]


def _seat_mask(seats: Iterable[int] | None, bot: str | None) -> list[bool]:
    if bot is not None:
        if seats is not None:
            raise InvalidArgumentError("give seats or bot, not both")
        if not isinstance(bot, str) or not bot:
            raise ArgumentTypeError(f"bot must be a bot's name, got {bot!r}")
        return [False] * 4
    if seats is None:
        return [True] * 4
    if isinstance(seats, str | bytes) or not isinstance(seats, Iterable):
        raise ArgumentTypeError(f"seats must be seat numbers 0-3, got {seats!r}")
    chosen = [False] * 4
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int | np.integer):
            raise ArgumentTypeError(f"a seat is an int 0-3, got {s!r}")
        if not 0 <= s <= 3:
            raise InvalidArgumentError(f"a seat is 0-3, got {s}")
        chosen[int(s)] = True
    if not any(chosen):
        raise InvalidArgumentError("no seats chosen")
    return chosen


def _fresh_directory(out: Path, logs: list[Path]) -> Path:
    """``out``, created, emptied of an earlier dataset; :class:`InvalidArgumentError` for a
    file, a directory holding anything else, or one of ``logs`` among the files it would
    remove (a log named ``meta.json`` or like a shard, inside ``out``)."""
    if out.exists() and not out.is_dir():
        raise InvalidArgumentError(f"{out} is a file, not a directory for the dataset")
    out.mkdir(parents=True, exist_ok=True)
    entries = list(out.iterdir())
    foreign = sorted(
        e.name
        for e in entries
        if not (e.name == META_FILE or is_shard_name(e.name)) or (e.is_dir() and not e.is_symlink())
    )
    if foreign:
        raise InvalidArgumentError(
            f"{out} holds files that are not a dataset's ({', '.join(foreign[:3])}): "
            "give a new or empty directory"
        )
    inputs = {log.resolve() for log in logs}
    for e in entries:
        if e.resolve() in inputs:
            raise InvalidArgumentError(
                f"the log {str(e)!r} is in the dataset's directory {str(out)!r}, which is "
                "emptied first: give another directory"
            )
    (out / META_FILE).unlink(missing_ok=True)  # first: no description of a half-written set
    for e in entries:
        e.unlink(missing_ok=True)
    return out


class _Progress:
    """The progress callback of ``progress`` over ``total`` bytes (a context manager)."""

    def __init__(self, progress: bool | Callable[[int, int], None] | None, total: int) -> None:
        if progress is not None and not isinstance(progress, bool) and not callable(progress):
            raise ArgumentTypeError(f"progress must be a bool or a callable, got {progress!r}")
        self._given = progress
        self._total = total
        self._bar: Any = None

    def __enter__(self) -> Callable[[int, int], None]:
        if callable(self._given):
            return self._given
        if not self._given:
            return lambda _done, _total: None
        from tqdm.auto import tqdm

        self._bar = tqdm(total=self._total, unit="B", unit_scale=True, dynamic_ncols=True)
        bar = self._bar
        return lambda done, _total: bar.update(done - bar.n)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.close()
