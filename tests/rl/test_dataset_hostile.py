"""Hostile logs and hostile dataset directories: every one is refused with a
:class:`KoudiandianError` naming the file, nothing outside a dataset's directory is read, a
lying header allocates nothing, and no log is deleted."""

from __future__ import annotations

import io
import json
import os
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from koudiandian import Rules
from koudiandian.errors import InvalidArgumentError, InvalidEventLogError
from koudiandian.rl import Dataset, build_dataset

from tests.rl.test_dataset import played, write_log

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dataset of two hands in shards of 50 samples."""
    root = tmp_path_factory.mktemp("built")
    games = [played(Rules.preset("taiyuan"), s) for s in (3, 4)]
    log = write_log(root / "log.jsonl", games)
    build_dataset(log, root / "ds", shard_size=50)
    return root / "ds"


def test_a_log_nested_too_deep_is_refused_naming_its_line(tmp_path: Path) -> None:
    log = tmp_path / "deep.jsonl"
    log.write_text(DEEP + "\n", encoding="utf-8")
    with pytest.raises(InvalidEventLogError, match=r"deep\.jsonl: line 1: not JSON"):
        build_dataset(log, tmp_path / "ds")


def test_a_log_that_is_a_directory_or_a_fifo_is_refused_unopened(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="not a regular file"):
        build_dataset(tmp_path, tmp_path / "ds")
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)  # opening it would block until a writer comes
    with pytest.raises(InvalidArgumentError, match=r"fifo\.jsonl.*not a regular file"):
        build_dataset(fifo, tmp_path / "ds")


@pytest.mark.parametrize("name", ["meta.json", "shard-00000.npz"])
def test_a_log_inside_the_output_directory_is_never_deleted(tmp_path: Path, name: str) -> None:
    out = tmp_path / "ds"
    out.mkdir()
    log = write_log(out / name, [played(Rules.preset("taiyuan"), 5)])
    before = log.read_bytes()
    with pytest.raises(InvalidArgumentError, match="emptied first"):
        build_dataset(log, out)
    assert log.read_bytes() == before


def test_a_directory_named_like_a_shard_in_the_output_is_foreign(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    (out / "shard-00000.npz").mkdir(parents=True)
    log = write_log(tmp_path / "log.jsonl", [played(Rules.preset("taiyuan"), 5)])
    with pytest.raises(InvalidArgumentError, match="not a dataset's"):
        build_dataset(log, out)


@pytest.mark.parametrize(
    "report",
    [
        {"bots": ["a"], "orders": 4},
        {"bots": "abcd", "orders": 4},
        {"bots": ["a", "b", "c", "d"], "orders": 7},
        {"bots": ["a", "b", "c", 4], "orders": 24},
        {"bots": ["a", "b", "c", "d"], "orders": 1e300},
    ],
)
def test_a_forged_arena_report_is_refused_naming_it(tmp_path: Path, report: object) -> None:
    log = write_log(tmp_path / "games.jsonl", [played(Rules.preset("taiyuan"), 5)])
    (tmp_path / "report.json").write_text(json.dumps(report), encoding="utf-8")
    with pytest.raises(InvalidEventLogError, match=r"report\.json: an arena's report"):
        build_dataset(log, tmp_path / "ds", bot="a")


def test_an_arena_report_nested_too_deep_names_no_bots(tmp_path: Path) -> None:
    log = write_log(tmp_path / "games.jsonl", [played(Rules.preset("taiyuan"), 5)])
    (tmp_path / "report.json").write_text(DEEP, encoding="utf-8")
    with pytest.raises(InvalidArgumentError, match="does not name the bots"):
        build_dataset(log, tmp_path / "ds", bot="a")


def forged(built: Path, tmp_path: Path, change: Callable[[dict, Path], object]) -> Path:
    """A copy of ``built`` whose meta.json (as a dict) and directory ``change`` edits."""
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    meta = json.loads((copy / "meta.json").read_text(encoding="utf-8"))
    if change(meta, copy) is None:
        (copy / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return copy


def first_shard(meta: dict, samples: int | None = None, file: str | None = None) -> None:
    shard = meta["shards"][0]
    meta["shards"][0] = {
        "file": shard["file"] if file is None else file,
        "samples": shard["samples"] if samples is None else samples,
    }


META_LIES = {
    "an absolute shard path": (lambda m, d: first_shard(m, file="/etc/passwd"), "shard-NNNNN"),
    "a shard outside": (lambda m, d: first_shard(m, file="../log.jsonl"), "shard-NNNNN"),
    "negative counts": (
        lambda m, d: (m.update(samples=m["samples"] - m["shards"][0]["samples"] - 5),
                      first_shard(m, samples=-5))[-1],
        "shard-NNNNN",
    ),
    "a shard too large": (
        lambda m, d: (m.update(samples=m["samples"] - m["shards"][0]["samples"] + 10**30),
                      first_shard(m, samples=10**30))[-1],
        "shard-NNNNN",
    ),
    "negative hands": (lambda m, d: m.update(hands=-1), "not negative"),
    "an unknown version": (lambda m, d: m.update(version="v9"), "version 'v9'"),
    "a shape not the version's": (lambda m, d: m.update(obs_shape=[1, 34]), r"\(1, 34\)"),
    "an unknown action space": (lambda m, d: m.update(action_space=7), "action space 7"),
    "nested too deep": (lambda m, d: (d / "meta.json").write_text(DEEP), "not JSON"),
    "not UTF-8": (lambda m, d: (d / "meta.json").write_bytes(b"\xff\xfe{"), "not UTF-8"),
}  # fmt: skip


@pytest.mark.parametrize("lie", list(META_LIES))
def test_a_meta_json_that_lies_is_refused_naming_it(built: Path, tmp_path: Path, lie: str) -> None:
    change, match = META_LIES[lie]
    copy = forged(built, tmp_path, change)
    with pytest.raises(InvalidArgumentError, match=match):
        Dataset(copy)


def test_a_shard_header_that_claims_terabytes_is_refused_unallocated(
    built: Path, tmp_path: Path
) -> None:
    def bomb(meta: dict, d: Path) -> None:
        buffer = io.BytesIO()
        header = {"descr": "|u1", "fortran_order": False, "shape": (10**13, 25, 34)}
        np.lib.format.write_array_header_1_0(buffer, header)
        with zipfile.ZipFile(d / meta["shards"][0]["file"], "w") as z:
            z.writestr("obs.npy", buffer.getvalue())

    copy = forged(built, tmp_path, bomb)
    with pytest.raises(InvalidArgumentError, match=r"shard-00000\.npz: obs is uint8"):
        Dataset(copy).shard(0)


def test_a_shard_cut_short_is_refused(built: Path, tmp_path: Path) -> None:
    def cut(meta: dict, d: Path) -> None:
        path = d / meta["shards"][0]["file"]
        arrays = dict(np.load(path))
        with zipfile.ZipFile(path, "w") as z:
            for name, a in arrays.items():
                buffer = io.BytesIO()
                np.lib.format.write_array(buffer, a)
                z.writestr(f"{name}.npy", buffer.getvalue()[: -1 if name == "mask" else None])

    copy = forged(built, tmp_path, cut)
    with pytest.raises(InvalidArgumentError, match=r"shard-00000\.npz: not a dataset shard"):
        Dataset(copy).shard(0)


def test_the_checked_reader_reads_what_was_written(built: Path) -> None:
    data = Dataset(built)
    whole = data.arrays()
    start = 0
    for name, n in data.info.shards:
        with np.load(built / name, allow_pickle=False) as z:
            for field in whole:
                assert np.array_equal(z[field], whole[field][start : start + n])
                assert z[field].dtype == whole[field].dtype
        start += n
    assert start == len(data) > 50


def test_a_negative_shuffle_seed_is_refused_naming_it(built: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="seed must be at least 0, got -1"):
        Dataset(built).batches(10, shuffle=True, seed=-1)
