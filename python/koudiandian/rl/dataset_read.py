"""A dataset read back (:class:`Dataset`): its description, and its samples streamed shard
by shard in batches, never the whole dataset in memory (the next shard is read on a helper
thread while the current one is handed out)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import ArgumentTypeError, InvalidArgumentError
from .dataset_info import FIELDS, META_FILE, DatasetInfo
from .dataset_shards import read_shard

__all__ = ["Dataset", "Batch"]

#: A batch: each field of :data:`~koudiandian.rl.dataset_info.FIELDS` (``obs``, ``mask``,
#: ``action``, ``ret``, ``seat``, ``hand``) and its array, all of the same length.
Batch = dict[str, npt.NDArray[Any]]


class Dataset:
    """The dataset :func:`~koudiandian.rl.dataset.build_dataset` wrote to directory
    ``path``: ``len(dataset)`` samples, described by :attr:`info`.

    Raises :class:`InvalidArgumentError` for a directory without a finished dataset (no
    ``meta.json``, or one of another format, or a shard missing)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        if not isinstance(path, str | os.PathLike):
            raise ArgumentTypeError(f"a dataset's path is a directory's path, got {path!r}")
        self.path = Path(path)
        meta = self.path / META_FILE
        if not meta.is_file():
            raise InvalidArgumentError(
                f"{self.path}: no {META_FILE}: not a dataset's directory, or one whose "
                "writing did not finish"
            )
        try:
            text = meta.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise InvalidArgumentError(f"{meta}: not UTF-8 text ({e})") from None
        self._info = DatasetInfo.from_json(text, str(meta))
        for name, _ in self._info.shards:
            if not (self.path / name).is_file():
                raise InvalidArgumentError(f"{self.path}: its shard {name} is missing")

    @property
    def info(self) -> DatasetInfo:
        """What the dataset holds (its ``meta.json``)."""
        return self._info

    def __len__(self) -> int:
        return self._info.samples

    def __repr__(self) -> str:
        i = self._info
        return (
            f"<Dataset {str(self.path)!r}: {i.samples} samples of {i.hands} hands, "
            f"{i.version}, action space {i.action_space}, {len(i.shards)} shards>"
        )

    def shard(self, index: int) -> Batch:
        """Every sample of shard ``index`` (from 0), in order. Raises
        :class:`InvalidArgumentError` for an index out of range, or a shard that is not
        what ``meta.json`` says."""
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise ArgumentTypeError(f"a shard's index is an int, got {index!r}")
        shards = self._info.shards
        if not 0 <= index < len(shards):
            raise InvalidArgumentError(f"shard {index} of a dataset of {len(shards)} shards")
        name, samples = shards[index]
        i = self._info
        return read_shard(self.path / name, samples, i.obs_shape, i.n_actions)

    def batches(
        self,
        batch_size: int,
        *,
        shuffle: bool = False,
        seed: int | None = None,
        drop_last: bool = False,
    ) -> Iterator[Batch]:
        """The samples in batches of ``batch_size`` (the last one smaller, unless
        ``drop_last``), one shard in memory at a time (and the next being read).

        In order by default; with ``shuffle``, the shards in a random order and each
        shard's samples shuffled (a shard holds the samples of consecutive hands: small
        shards mix less), the same order for the same ``seed`` (``None``: a fresh one).
        A batch's arrays may be views of the shard's: copy what is kept and changed."""
        if isinstance(batch_size, bool) or not isinstance(batch_size, int | np.integer):
            raise ArgumentTypeError(f"batch_size must be an int, got {batch_size!r}")
        if batch_size < 1:
            raise InvalidArgumentError(f"batch_size must be positive, got {batch_size}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentTypeError(f"seed must be an int or None, got {seed!r}")
        if seed is not None and seed < 0:
            raise InvalidArgumentError(f"seed must be at least 0, got {seed}")
        rng = np.random.default_rng(seed) if shuffle else None
        order: Sequence[int] = range(len(self._info.shards))
        if rng is not None:
            order = [int(i) for i in rng.permutation(len(order))]
        return self._batches(order, int(batch_size), rng, drop_last)

    def _batches(
        self,
        order: Sequence[int],
        size: int,
        rng: np.random.Generator | None,
        drop_last: bool,
    ) -> Iterator[Batch]:
        carry: Batch | None = None
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="dataset-read") as pool:
            following = pool.submit(self.shard, order[0]) if order else None
            for k in range(len(order)):
                assert following is not None
                data = following.result()
                following = pool.submit(self.shard, order[k + 1]) if k + 1 < len(order) else None
                if rng is not None:
                    perm = rng.permutation(len(data["action"]))
                    data = {f: v[perm] for f, v in data.items()}
                start = 0
                n = len(data["action"])
                if carry is not None:
                    start = min(size - len(carry["action"]), n)
                    carry = {f: np.concatenate([carry[f], data[f][:start]]) for f in FIELDS}
                    if len(carry["action"]) < size:
                        continue
                    yield carry
                    carry = None
                while start + size <= n:
                    yield {f: v[start : start + size] for f, v in data.items()}
                    start += size
                if start < n:
                    carry = {f: v[start:] for f, v in data.items()}
        if carry is not None and not drop_last:
            yield carry

    def arrays(self) -> Batch:
        """Every sample at once, in order (for a small dataset: it is all in memory)."""
        parts = [self.shard(i) for i in range(len(self._info.shards))]
        if not parts:
            i = self._info
            shapes = {"obs": (0, *i.obs_shape), "mask": (0, i.n_actions)}
            return {f: np.zeros(shapes.get(f, (0,)), dtype=d) for f, d in FIELDS.items()}
        return {f: np.concatenate([p[f] for p in parts]) for f in FIELDS}
