"""``koudiandian dataset``: the samples of simulate's logs, seats by number or by bot name,
and bad input refused in one line with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from koudiandian.cli import main
from koudiandian.rl import Dataset, build_dataset
from koudiandian.rl.encoding import DEFAULT_VERSION


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_dataset_from_simulates_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    assert run(capsys, "simulate", "--hands", "6", "--quiet", "--log", str(log))[0] == 0
    out = tmp_path / "ds"
    code, text, err = run(capsys, "dataset", str(log), "--out", str(out), "--seats", "0,2")
    assert code == 0 and "samples/s" in err  # its speed (no bar off a terminal)
    ds = Dataset(out)
    assert text.startswith(f"{len(ds)} samples (seats 0, 2) from 6 hands of 1 log(s)")
    assert ds.info.version == DEFAULT_VERSION and ds.info.seats == (0, 2)
    assert set(ds.arrays()["seat"].tolist()) == {0, 2}
    # the same as the library's, byte for byte
    build_dataset(log, tmp_path / "lib", seats=[0, 2])
    for name in ("meta.json", "shard-00000.npz"):
        assert (out / name).read_bytes() == (tmp_path / "lib" / name).read_bytes()
    code, text, err = run(
        capsys,
        "dataset",
        str(log),
        str(log),
        "--out",
        str(out),
        "--version",
        "v3",
        "--action-space",
        "2",
        "--shard-size",
        "100",
        "--quiet",
    )
    assert code == 0 and err == "" and "from 12 hands of 2 log(s)" in text
    again = Dataset(out)
    assert again.info.obs_shape == (25, 34) and again.info.n_actions == 252
    assert len(again.info.shards) == -(-len(again) // 100)


def test_the_seats_a_bot_played(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "dup.jsonl"
    argv = ["simulate", "--hands", "2", "--duplicate", "--quiet", "--log", str(log)]
    assert run(capsys, *argv, "--bots", "expert", "greedy", "greedy", "greedy")[0] == 0
    code, text, _ = run(
        capsys, "dataset", str(log), "--out", str(tmp_path / "ds"), "--bot", "expert"
    )
    assert code == 0 and "(bot expert) from 8 hands" in text
    got = Dataset(tmp_path / "ds").arrays()
    rotations = [json.loads(line)["bots"].index("expert") for line in log.read_text().splitlines()]
    assert np.array_equal(got["seat"], np.asarray(rotations)[got["hand"]])


def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"hand": 0, "events": []}\n')
    out = str(tmp_path / "ds")
    for argv, message in [
        ([str(log), "--out", out], "bad.jsonl: line 1: not a logged hand"),
        ([str(tmp_path / "none.jsonl"), "--out", out], "no log file"),
        ([str(log), "--out", out, "--seats", "5"], "--seats takes seat numbers 0-3"),
        ([str(log), "--out", out, "--version", "v0"], "unknown encoding version 'v0'"),
        ([str(log), "--out", out, "--action-space", "7"], "unknown action space 7"),
    ]:
        code, _, err = run(capsys, "dataset", *argv)
        assert code == 2 and err.startswith("koudiandian: error: ") and message in err, err
        assert err.count("\n") == 1
    with pytest.raises(SystemExit) as stop:  # argparse: the two choices exclude each other
        main(["dataset", str(log), "--out", out, "--seats", "1", "--bot", "greedy"])
    assert stop.value.code == 2
