"""Bad logs, bad arguments and bad datasets are refused with the error that names them: the
file and line of a log, the event that does not replay; and nothing is left that reads as a
dataset."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from koudiandian import Rules
from koudiandian.errors import ArgumentTypeError, InvalidArgumentError, InvalidEventLogError
from koudiandian.rl import Dataset, build_dataset

from tests.rl.test_dataset import played, write_log


@pytest.fixture(scope="module")
def events() -> list[dict[str, object]]:
    return played(Rules.preset("taiyuan"), 5).events


def refused(tmp_path: Path, text: str | bytes, match: str) -> None:
    log = tmp_path / "bad.jsonl"
    if isinstance(text, bytes):
        log.write_bytes(text)
    else:
        log.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidEventLogError, match=match):
        build_dataset(log, tmp_path / "ds")
    assert not (tmp_path / "ds" / "meta.json").exists()
    assert not list((tmp_path / "ds").glob("shard-*"))  # nothing half-written is kept


def test_logs_that_are_no_logs_are_refused_naming_the_file_and_line(
    tmp_path: Path, events: list[dict[str, object]]
) -> None:
    good = json.dumps({"hand": 0, "events": events}) + "\n"
    refused(tmp_path, good + "not json\n", r"bad\.jsonl: line 2: not JSON")
    refused(tmp_path, good + '{"players": 4}\n', r"bad\.jsonl: line 2: a JSON object of no known")
    refused(tmp_path, good + good[:100], r"bad\.jsonl: line 2: the log ends early")
    refused(tmp_path, "\n\n", r"bad\.jsonl: holds no logged hands")
    refused(tmp_path, b'{"hand": 0, "events": "\xff"}\n', r"bad\.jsonl: line 1: not UTF-8")
    scoreboard = json.dumps({"table": "t", "hands": [], "totals": [0, 0, 0, 0]})
    refused(tmp_path, scoreboard, r"line 1: a match's scoreboard")


def test_a_log_that_does_not_replay_names_its_event(
    tmp_path: Path, events: list[dict[str, object]]
) -> None:
    n = next(i for i, e in enumerate(events) if e["type"] == "discard" and i > 5)
    changed = json.loads(json.dumps(events))
    changed[n]["tile"] = (changed[n]["tile"] + 1) % 34
    text = json.dumps({"hand": 0, "events": events}) + "\n"
    text += json.dumps({"hand": 1, "events": changed}) + "\n"
    refused(tmp_path, text, r"bad\.jsonl: line 2: hand 1: .*event \d+ \(\w+\)")
    # one that stops before the hand is over: no final delta to learn from
    decision = max(i for i, e in enumerate(events) if e["type"] == "discard")
    cut = json.dumps({"hand": 0, "events": events[:decision]})
    refused(tmp_path, cut, r"line 1: hand 0: the log ends before the hand is over")


def test_bad_arguments(tmp_path: Path) -> None:
    log = write_log(tmp_path / "h.jsonl", [played(Rules.preset("taiyuan"), 1)])
    out = tmp_path / "ds"
    for kw, error, match in [
        ({"seats": [4]}, InvalidArgumentError, "a seat is 0-3"),
        ({"seats": [True]}, ArgumentTypeError, "a seat is an int"),
        ({"seats": []}, InvalidArgumentError, "no seats"),
        ({"seats": "01"}, ArgumentTypeError, "seats must be"),
        ({"seats": [0], "bot": "greedy"}, InvalidArgumentError, "not both"),
        ({"version": "v9"}, InvalidArgumentError, "unknown encoding version"),
        ({"action_space": 3}, InvalidArgumentError, "unknown action space"),
        ({"shard_size": 0}, InvalidArgumentError, "shard_size"),
        ({"shard_size": 1.5}, ArgumentTypeError, "shard_size"),
        ({"progress": "yes"}, ArgumentTypeError, "progress"),
        ({"bot": "greedy"}, InvalidArgumentError, r"h\.jsonl: line 1: .*does not name the bots"),
    ]:
        with pytest.raises(error, match=match):
            build_dataset(log, out, **kw)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="no logs"):
        build_dataset([], out)
    with pytest.raises(ArgumentTypeError, match="a log must be a path"):
        build_dataset([3], out)  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError, match="no log file .*nowhere.jsonl"):
        build_dataset(tmp_path / "nowhere.jsonl", out)
    build_dataset(log, out, action_space=np.int64(1))  # a NumPy integer is an int
    for kw in ({"progress": "yes"}, {"seats": [9]}, {"version": "v0"}):  # checked first:
        with pytest.raises((ArgumentTypeError, InvalidArgumentError)):
            build_dataset(log, out, **kw)  # type: ignore[arg-type]
        assert Dataset(out).info.action_space == 1  # the dataset there is kept
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("mine")
    with pytest.raises(InvalidArgumentError, match="not a dataset's"):
        build_dataset(log, tmp_path / "busy")
    assert (tmp_path / "busy" / "notes.txt").read_text() == "mine"


def test_a_space_too_small_for_the_rules_names_the_log(tmp_path: Path) -> None:
    log = write_log(tmp_path / "s.jsonl", [played(Rules.preset("sichuan"), 1)])
    with pytest.raises(InvalidArgumentError, match=r"s\.jsonl: line 1: .*action space 2"):
        build_dataset(log, tmp_path / "ds", version="v3", action_space=1)


def test_a_bot_no_log_names(tmp_path: Path) -> None:
    from koudiandian import simulate

    log = tmp_path / "dup.jsonl"
    simulate(1, bots="greedy", duplicate=True, log=log)
    with pytest.raises(InvalidArgumentError, match="no log names a bot 'expert'"):
        build_dataset(log, tmp_path / "ds", bot="expert")


def test_what_is_not_a_dataset_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="no meta.json"):
        Dataset(tmp_path)
    log = write_log(tmp_path / "h.jsonl", [played(Rules.preset("taiyuan"), 1)])
    build_dataset(log, tmp_path / "ds", shard_size=10)
    ds = Dataset(tmp_path / "ds")
    with pytest.raises(InvalidArgumentError, match="shard 99"):
        ds.shard(99)
    with pytest.raises(InvalidArgumentError, match="batch_size"):
        next(ds.batches(0))
    shard = tmp_path / "ds" / "shard-00001.npz"
    shard.write_bytes(b"not a zip")
    with pytest.raises(InvalidArgumentError, match="shard-00001.npz: not a dataset shard"):
        ds.arrays()
    shard.unlink()
    with pytest.raises(InvalidArgumentError, match="shard shard-00001.npz is missing"):
        Dataset(tmp_path / "ds")
    (tmp_path / "ds" / "meta.json").write_text('{"format": "other"}')
    with pytest.raises(InvalidArgumentError, match="not a koudiandian dataset"):
        Dataset(tmp_path / "ds")
