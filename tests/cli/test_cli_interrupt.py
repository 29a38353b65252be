"""``koudiandian simulate`` stopped by Ctrl-C (SIGINT) and asked for too much: it stops at
once in one process, on threads and with worker processes, keeps every hand it wrote,
prints the summary of those hands and says how many they were; a run too large to hold is
refused with one line."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from koudiandian.cli import main

#: How long a stopped run may take to exit: a correctness bound (it used to take 17 s
#: with two workers), not a speed target.
STOP_WITHIN = 10.0


def _as_from_a_terminal() -> None:
    """The child's Ctrl-C as a terminal starts a program: at its default. A test run started
    in the background of a shell without job control (``pytest &``) has SIGINT ignored,
    and a child inherits that, so the run would never see the signal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize(
    ("extra", "whole_group"),
    [
        ([], True),
        (["--threads", "2"], True),
        (["--workers", "2"], True),  # a terminal's Ctrl-C reaches every process of the group
        (["--workers", "2"], False),  # SIGINT to the parent alone
    ],
)
def test_ctrl_c_stops_at_once_and_keeps_what_was_written(
    tmp_path: Path, extra: list[str], whole_group: bool
) -> None:
    log = tmp_path / "hands.jsonl"
    command = [sys.executable, "-m", "koudiandian", "simulate", "--hands", "10000000"]
    command += ["--bots", "greedy", "--quiet", "--log", str(log), *extra]
    with subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_as_from_a_terminal,
    ) as proc:
        try:
            deadline = time.monotonic() + 60
            while not (log.exists() and log.stat().st_size > 0):  # lines come as hands finish
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                assert time.monotonic() < deadline, "no line written after 60 s"
                time.sleep(0.05)
            time.sleep(0.5)
            sent = time.monotonic()
            if whole_group:
                os.killpg(proc.pid, signal.SIGINT)
            else:
                proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=STOP_WITHIN)
            took = time.monotonic() - sent
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert took < STOP_WITHIN and "Traceback" not in err, err
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["hand"] for line in lines] == list(range(len(lines)))
    said = re.search(r"koudiandian: interrupted after ([\d,]+) of 10,000,000 hands", err)
    assert said is not None, err
    assert int(said[1].replace(",", "")) == len(lines) > 0
    assert out.startswith(f"{len(lines)} hands, seed 0") and "win rate" in out


@pytest.mark.parametrize("hands", ["10000000000000000000000", str(2**40 + 1)])
def test_a_run_too_large_to_hold_is_refused(capsys: pytest.CaptureFixture[str], hands: str) -> None:
    assert main(["simulate", "--hands", hands]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"koudiandian: error: --hands must be at most 2**40, got {hands}\n"
