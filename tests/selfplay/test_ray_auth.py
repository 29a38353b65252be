"""Joining a Ray cluster that uses token authentication (issue 22, item 17): a real head
started with ``RAY_AUTH_MODE=token`` on this machine, and drivers run as ``koudiandian
simulate --backend ray --address ...`` without the mode, without a token, with a wrong one,
and with the head's. A refused driver gets a ``BackendError`` that names the cause."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

#: Ray's retries before it gives up on a cluster (20 s by default): one is enough here.
_ONE_TRY = {"RAY_gcs_server_port_wait_time_s": "1"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _clean_env(home: Path) -> dict[str, str]:
    """This process's environment with no Ray address, mode or token, and a home of its own
    (so that no ``~/.ray/auth_token`` is found)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("RAY_ADDRESS", "RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
    }
    env["HOME"] = str(home)
    return env


@pytest.fixture(scope="module")
def head() -> Iterator[tuple[str, str, Path]]:
    """A head node with token authentication: its address, its token and a fresh home."""
    root = Path(tempfile.mkdtemp(prefix="kdd-ray-"))  # short: Ray's socket paths are limited
    home = root / "home"
    home.mkdir()
    token = secrets.token_hex(32)
    port = _free_port()
    env = {**_clean_env(home), "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token}
    log = (root / "head.log").open("w")
    ray_cli = [sys.executable, "-c", "from ray.scripts.scripts import main; main()"]
    proc = subprocess.Popen(
        [
            *ray_cli,
            "start",
            "--head",
            "--block",
            "--node-ip-address=127.0.0.1",
            f"--port={port}",
            "--num-cpus=1",
            "--include-dashboard=false",
            f"--dashboard-port={_free_port()}",
            f"--dashboard-agent-listen-port={_free_port()}",
            "--disable-usage-stats",
            f"--temp-dir={root / 'tmp'}",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while "Ray runtime started" not in (root / "head.log").read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.skip(f"no Ray head within a minute: {(root / 'head.log').read_text()}")
            time.sleep(0.5)
        yield f"127.0.0.1:{port}", token, home
    finally:
        proc.send_signal(signal.SIGTERM)  # ray start --block stops its node's processes
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()
        shutil.rmtree(root, ignore_errors=True)


def _drive(address: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "koudiandian",
            "simulate",
            "--hands",
            "8",
            "--bots",
            "greedy",
            "--backend",
            "ray",
            "--address",
            address,
            "--seed",
            "3",
        ],
        env={**env, **_ONE_TRY},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_driver_without_token_mode_is_told_to_set_it(head: tuple[str, str, Path]) -> None:
    address, token, home = head
    # The head's token in the environment is not enough: Ray reads it only in token mode.
    out = _drive(address, {**_clean_env(home), "RAY_AUTH_TOKEN": token})
    assert out.returncode != 0
    assert "token authentication" in out.stderr and "RAY_AUTH_MODE=token" in out.stderr
    assert "sends no token" in out.stderr and "Traceback" not in out.stderr


def test_a_driver_in_token_mode_without_a_token_is_told_where_to_put_it(
    head: tuple[str, str, Path],
) -> None:
    address, _, home = head
    out = _drive(address, {**_clean_env(home), "RAY_AUTH_MODE": "token"})
    assert out.returncode != 0
    assert "has no token" in out.stderr and "RAY_AUTH_TOKEN" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_driver_with_a_wrong_token_is_told_it_is_not_the_heads(
    head: tuple[str, str, Path],
) -> None:
    address, _, home = head
    env = {**_clean_env(home), "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}
    out = _drive(address, env)
    assert out.returncode != 0
    assert "not the head's" in out.stderr and "ray get-auth-token" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_driver_with_the_heads_token_plays(head: tuple[str, str, Path]) -> None:
    address, token, home = head
    out = _drive(address, {**_clean_env(home), "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token})
    assert out.returncode == 0, out.stderr
    assert "8 hands" in out.stdout or "hands" in out.stdout


def test_the_translation_reads_rays_own_error_class() -> None:
    from koudiandian.scaleout import _auth_refusal

    error = ray.exceptions.AuthenticationError("RPC error: InvalidAuthToken: missing")
    assert _auth_refusal(error) is not None
    wrapped = ConnectionError("Failed to connect to Ray cluster at 10.0.0.1:6379")
    wrapped.__cause__ = RuntimeError("... ray.exceptions.AuthenticationError: RPC error ...")
    assert _auth_refusal(wrapped) is not None
    assert _auth_refusal(ConnectionError("Failed to connect to Ray cluster")) is None
