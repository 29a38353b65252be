"""What a dataset holds (:class:`DatasetInfo`, its ``meta.json``) and the arrays of its
samples (:data:`FIELDS`): the format :mod:`koudiandian.rl.dataset` writes and
:class:`~koudiandian.rl.dataset_read.Dataset` reads."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InvalidArgumentError

__all__ = [
    "FIELDS",
    "META_FILE",
    "DATASET_FORMAT",
    "DATASET_VERSION",
    "MAX_SHARD_SAMPLES",
    "LogRecord",
    "DatasetInfo",
]

#: Each array of a sample and its dtype, in the order a shard stores them: ``obs`` the
#: seat's observation ``(planes, 34)``, ``mask`` its legal actions ``(n,)``, ``action`` the
#: number of the action it took, ``ret`` its final delta in the hand (points), ``seat`` the
#: seat, ``hand`` the hand's number in the dataset (from 0, in the order the logs are read).
FIELDS: dict[str, np.dtype[Any]] = {
    "obs": np.dtype(np.uint8),
    "mask": np.dtype(np.bool_),
    "action": np.dtype(np.int16),
    "ret": np.dtype(np.float32),
    "seat": np.dtype(np.int8),
    "hand": np.dtype(np.int32),
}

#: The file in a dataset's directory that describes it (written last: a directory without
#: it holds no finished dataset).
META_FILE = "meta.json"
#: The ``format`` of ``meta.json``.
DATASET_FORMAT = "koudiandian-dataset"
#: The version of that format this release writes and reads.
DATASET_VERSION = 1
#: The most samples a shard holds (``build_dataset``'s largest ``shard_size``).
MAX_SHARD_SAMPLES = 2**24
#: A shard's file name (``dataset_shards.shard_name``): in the dataset's directory, no path.
_SHARD = re.compile(r"shard-[0-9]{5,}\.npz")


@dataclass(frozen=True, slots=True)
class LogRecord:
    """One log a dataset was built from: its file ``name`` (without its directory), the
    ``sha256`` of its bytes (hex), how many ``hands`` it held and how many ``samples`` they
    gave. Its hands are numbered after the earlier logs' (``hand`` in the samples)."""

    name: str
    sha256: str
    hands: int
    samples: int


@dataclass(frozen=True, slots=True)
class DatasetInfo:
    """A dataset's description (its ``meta.json``): the observation ``version`` and its
    ``obs_shape`` ``(planes, 34)``, the ``action_space`` and its size ``n_actions``, how
    many ``samples`` and ``hands`` it holds, its ``shards`` as ``(file name, samples)`` in
    order, the ``logs`` read (:class:`LogRecord`, in order), and whose decisions it holds:
    ``seats`` (``None``: every seat) or ``bot`` (the seats a bot of that name played)."""

    version: str
    action_space: int
    obs_shape: tuple[int, int]
    n_actions: int
    samples: int
    hands: int
    shards: tuple[tuple[str, int], ...]
    logs: tuple[LogRecord, ...]
    seats: tuple[int, ...] | None = None
    bot: str | None = None

    def to_json(self) -> str:
        """``meta.json``'s text (deterministic: keys sorted, no time or path in it)."""
        document = {
            "format": DATASET_FORMAT,
            "format_version": DATASET_VERSION,
            "version": self.version,
            "action_space": self.action_space,
            "obs_shape": list(self.obs_shape),
            "n_actions": self.n_actions,
            "samples": self.samples,
            "hands": self.hands,
            "shards": [{"file": f, "samples": n} for f, n in self.shards],
            "logs": [
                {"name": r.name, "sha256": r.sha256, "hands": r.hands, "samples": r.samples}
                for r in self.logs
            ],
            "seats": None if self.seats is None else list(self.seats),
            "bot": self.bot,
            "fields": {name: dtype.str for name, dtype in FIELDS.items()},
        }
        return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str, where: str = META_FILE) -> DatasetInfo:
        """The description in ``meta.json``'s ``text``. Raises :class:`InvalidArgumentError`
        naming ``where`` for text that is not one of this format."""
        try:
            d = json.loads(text)
        except (ValueError, RecursionError) as e:  # (nested too deep: RecursionError)
            raise InvalidArgumentError(f"{where}: not JSON: {e}") from None
        if not isinstance(d, dict) or d.get("format") != DATASET_FORMAT:
            raise InvalidArgumentError(f"{where}: not a koudiandian dataset's description")
        if d.get("format_version") != DATASET_VERSION:
            raise InvalidArgumentError(
                f"{where}: a dataset of format version {d.get('format_version')!r}; "
                f"this release reads {DATASET_VERSION}"
            )
        try:
            seats = d["seats"]
            info = cls(
                version=str(d["version"]),
                action_space=int(d["action_space"]),
                obs_shape=(int(d["obs_shape"][0]), int(d["obs_shape"][1])),
                n_actions=int(d["n_actions"]),
                samples=int(d["samples"]),
                hands=int(d["hands"]),
                shards=tuple((str(s["file"]), int(s["samples"])) for s in d["shards"]),
                logs=tuple(
                    LogRecord(str(r["name"]), str(r["sha256"]), int(r["hands"]), int(r["samples"]))
                    for r in d["logs"]
                ),
                seats=None if seats is None else tuple(int(s) for s in seats),
                bot=None if d["bot"] is None else str(d["bot"]),
            )
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise InvalidArgumentError(
                f"{where}: a malformed dataset description ({e!r})"
            ) from None
        if sum(n for _, n in info.shards) != info.samples:
            raise InvalidArgumentError(f"{where}: its shards do not add up to its samples")
        info._check(where)
        return info

    def _check(self, where: str) -> None:
        """:class:`InvalidArgumentError` naming ``where`` unless the shapes are the version's
        and the action space's, the counts are not negative, and each shard is named as
        the writer names them (a file of the directory, nowhere else) and holds 1 to
        :data:`MAX_SHARD_SAMPLES` samples."""
        from .actions import ACTION_SPACES
        from .encoding import OBS_SHAPES

        if self.version not in OBS_SHAPES or self.obs_shape != OBS_SHAPES[self.version]:
            raise InvalidArgumentError(
                f"{where}: observations {self.obs_shape} of version {self.version!r} "
                f"(known: {', '.join(f'{v} {s}' for v, s in OBS_SHAPES.items())})"
            )
        if ACTION_SPACES.get(self.action_space) != self.n_actions:
            raise InvalidArgumentError(
                f"{where}: {self.n_actions} actions in action space {self.action_space!r} "
                f"(known: {', '.join(f'{a}: {n}' for a, n in ACTION_SPACES.items())})"
            )
        if self.samples < 0 or self.hands < 0:
            raise InvalidArgumentError(
                f"{where}: {self.samples} samples of {self.hands} hands (counts are not negative)"
            )
        for name, n in self.shards:
            if _SHARD.fullmatch(name) is None or not 1 <= n <= MAX_SHARD_SAMPLES:
                raise InvalidArgumentError(
                    f"{where}: a shard is a file shard-NNNNN.npz of its directory with 1 to "
                    f"{MAX_SHARD_SAMPLES} samples, got {name!r:.80} of {n} samples"
                )
