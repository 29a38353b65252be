"""A dataset's shards on disk: each a NumPy ``.npz`` archive (deflate) of the
:data:`FIELDS` arrays of consecutive samples, written byte for byte the same for the same
arrays (no timestamp in it) and read back checked; :class:`ShardWriter` cuts samples
gathered hand by hand into shards."""

from __future__ import annotations

import io
import zipfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidArgumentError
from .dataset_info import FIELDS

__all__ = ["SHARD_SIZE", "shard_name", "is_shard_name", "write_shard", "read_shard", "ShardWriter"]

#: The time every archive member is stamped with (zip's earliest), so the bytes depend on
#: the arrays only.
_STAMP = (1980, 1, 1, 0, 0, 0)
#: zlib's level: the fastest (a dataset is written once per run of logs, read many times;
#: level 6, ``np.savez_compressed``'s, halves the size and the writing speed, decoding alike).
COMPRESSLEVEL = 1

#: Samples per shard unless told (``build_dataset(shard_size=)``, ``--shard-size``): 73 MB
#: of v3 samples with action space 2 in memory, a few MB on disk.
SHARD_SIZE = 65536

_PREFIX, _SUFFIX = "shard-", ".npz"


def shard_name(index: int) -> str:
    """The file name of shard ``index`` (from 0): ``shard-00000.npz``."""
    return f"{_PREFIX}{index:05d}{_SUFFIX}"


def is_shard_name(name: str) -> bool:
    """Whether ``name`` is a shard's file name (:func:`shard_name`)."""
    digits = name[len(_PREFIX) : -len(_SUFFIX)]
    return name.startswith(_PREFIX) and name.endswith(_SUFFIX) and digits.isdigit()


def write_shard(path: Path, arrays: dict[str, npt.NDArray[Any]]) -> None:
    """Write ``arrays`` (every field of :data:`FIELDS`, of its dtype, the same length) to
    ``path`` as an ``.npz`` archive that :func:`numpy.load` reads."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, allowZip64=True) as zf:
        for name in FIELDS:
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, np.ascontiguousarray(arrays[name]))
            info = zipfile.ZipInfo(f"{name}.npy", date_time=_STAMP)
            info.external_attr = 0o644 << 16
            zf.writestr(
                info,
                buffer.getvalue(),
                compress_type=zipfile.ZIP_DEFLATED,
                compresslevel=COMPRESSLEVEL,
            )


def read_shard(
    path: Path, samples: int, obs_shape: tuple[int, int], n_actions: int
) -> dict[str, npt.NDArray[Any]]:
    """The arrays of the shard at ``path``, checked to hold ``samples`` samples of every
    field with its dtype, observations of ``obs_shape`` and masks of ``n_actions``. Raises
    :class:`InvalidArgumentError` naming the file for anything else (and
    :class:`FileNotFoundError` for a missing one)."""
    shapes = {"obs": (samples, *obs_shape), "mask": (samples, n_actions)}
    out: dict[str, npt.NDArray[Any]] = {}
    try:
        with zipfile.ZipFile(path) as z:
            for name, dtype in FIELDS.items():
                with z.open(f"{name}.npy") as member:
                    # the header first: a shape or dtype not meta.json's is refused before
                    # anything is allocated for it (a header may claim terabytes)
                    version = np.lib.format.read_magic(member)
                    shape, fortran, found = _read_header(member, version)
                    expected = shapes.get(name, (samples,))
                    if found != dtype or shape != expected or fortran:
                        raise InvalidArgumentError(
                            f"{path}: {name} is {found} {shape}, not {dtype} {expected}: the "
                            "shard does not match meta.json"
                        )
                    member.seek(0)  # (the header again: NumPy's own reader, as np.load)
                    out[name] = np.lib.format.read_array(member, allow_pickle=False)
    except (zipfile.BadZipFile, KeyError, ValueError, EOFError, OSError) as e:
        if isinstance(e, InvalidArgumentError):
            raise
        raise InvalidArgumentError(f"{path}: not a dataset shard ({e})") from None
    return out


def _read_header(member: Any, version: tuple[int, int]) -> tuple[tuple[int, ...], bool, Any]:
    """``(shape, fortran_order, dtype)`` of the ``.npy`` header after its magic."""
    if version == (1, 0):
        return np.lib.format.read_array_header_1_0(member)
    if version == (2, 0):
        return np.lib.format.read_array_header_2_0(member)
    raise ValueError(f"an .npy format version {version} this release does not read")


class ShardWriter:
    """Samples gathered hand by hand and written in shards of ``shard_size``, each on a
    helper thread while the next is gathered (at most one written at a time)."""

    def __init__(self, directory: Path, shard_size: int) -> None:
        self.directory = directory
        self.shard_size = shard_size
        self.shards: list[tuple[str, int]] = []
        self.samples = 0
        self.hands = 0
        self._parts: list[dict[str, npt.NDArray[Any]]] = []
        self._pending = 0
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dataset-shard")
        self._writing: Future[None] | None = None

    def add(self, arrays: dict[str, npt.NDArray[Any]] | None) -> None:
        """One more hand, with its samples (``None``: none of its decisions were chosen)."""
        self.hands += 1
        if arrays is None or not len(arrays["action"]):
            return
        self._parts.append(arrays)
        self._pending += len(arrays["action"])
        self.samples += len(arrays["action"])
        while self._pending >= self.shard_size:
            self._flush(self.shard_size)

    def _flush(self, n: int) -> None:
        joined = {k: np.concatenate([p[k] for p in self._parts]) for k in FIELDS}
        rest = {k: v[n:].copy() for k, v in joined.items()}  # not a view: joined is freed
        self._parts = [rest] if len(rest["action"]) else []
        self._pending -= n
        name = shard_name(len(self.shards))
        self.shards.append((name, n))
        self._wait()
        head = {k: v[:n] for k, v in joined.items()}
        self._writing = self._pool.submit(write_shard, self.directory / name, head)

    def _wait(self) -> None:
        if self._writing is not None:
            writing, self._writing = self._writing, None
            writing.result()

    def close(self) -> None:
        """Write the last shard, and wait for every shard to be written."""
        if self._pending:
            self._flush(self._pending)
        self._wait()
        self._pool.shutdown()

    def abandon(self) -> None:
        """Stop, and remove the shards written: they make no dataset."""
        self._parts = []
        try:
            self._wait()
        except BaseException:  # the writing's own error: the one being raised says why
            pass
        self._pool.shutdown()
        for name, _ in self.shards:
            (self.directory / name).unlink(missing_ok=True)
