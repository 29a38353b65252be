"""A dataset's shard on disk: a NumPy ``.npz`` archive (deflate) of the :data:`FIELDS`
arrays of consecutive samples, written byte for byte the same for the same arrays (no
timestamp in it), and read back checked."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidArgumentError
from .dataset_info import FIELDS

__all__ = ["shard_name", "is_shard_name", "write_shard", "read_shard"]

#: The time every archive member is stamped with (zip's earliest), so the bytes depend on
#: the arrays only.
_STAMP = (1980, 1, 1, 0, 0, 0)
#: zlib's level: the fastest (a dataset is written once per run of logs, read many times;
#: level 6, ``np.savez_compressed``'s, halves the size and the writing speed, decoding alike).
COMPRESSLEVEL = 1

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
        with np.load(path, allow_pickle=False) as z:
            for name, dtype in FIELDS.items():
                a = z[name]
                if a.dtype != dtype or a.shape != shapes.get(name, (samples,)):
                    raise InvalidArgumentError(
                        f"{path}: {name} is {a.dtype} {a.shape}, not {dtype} "
                        f"{shapes.get(name, (samples,))}: the shard does not match meta.json"
                    )
                out[name] = a
    except (zipfile.BadZipFile, KeyError, ValueError, EOFError) as e:
        if isinstance(e, InvalidArgumentError):
            raise
        raise InvalidArgumentError(f"{path}: not a dataset shard ({e})") from None
    return out
