"""A throwaway PostgreSQL cluster for the server's tests: Debian's ``postgresql`` binaries
(``initdb`` and ``pg_ctl`` from ``/usr/lib/postgresql/*/bin``, not the ``PATH``), run as the
``postgres`` user when the tests run as root (``initdb`` refuses root), in a temporary
folder, listening on 127.0.0.1 and a Unix socket in that folder only. Each test gets a
schema of its own in it (:func:`fresh_url`), which is far quicker than a database each.

Without the binaries :func:`cluster` raises :class:`PostgresMissing`; the tests' fixture
then skips the PostgreSQL half of the tests, saying why, unless
``KOUDIANDIAN_REQUIRE_POSTGRES=1`` (``.ci/run`` sets it): then it fails. The load benchmark
(``benches/server_load.py --db postgres``) starts its cluster here too.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["Cluster", "PostgresMissing", "cluster", "fresh_url"]

_schemas = itertools.count()


class PostgresMissing(RuntimeError):
    """Debian's postgresql binaries are not installed."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class Cluster:
    """A running PostgreSQL cluster: ``url`` reaches its ``postgres`` database over TCP."""

    def __init__(self, folder: Path, port: int) -> None:
        self.folder = folder
        self.port = port
        self.url = f"postgresql://postgres@127.0.0.1:{port}/postgres"

    def sql(self, statement: str) -> None:
        """Run ``statement`` (autocommit) as the superuser."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as con:
            con.execute(statement)  # type: ignore[arg-type]


def _as_postgres(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@contextlib.contextmanager
def cluster(durable: bool = False) -> Iterator[Cluster]:
    """Start a cluster in a temporary folder; stop it and remove the folder at the end.
    Without ``durable`` (the tests) it does not fsync; with it (the load benchmark) it
    commits as a deployment's database does, fsync and all."""
    binaries = _bin()
    if binaries is None:
        raise PostgresMissing("PostgreSQL is not installed (Debian's postgresql package)")
    folder = Path(tempfile.mkdtemp(prefix="kdd-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data = folder / "data"
    port = _free_port()
    subprocess.run(
        _as_postgres([str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"])
        + ["--no-sync", "-E", "UTF8"],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections=200"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    subprocess.run(
        _as_postgres([str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-w"])
        + ["-l", str(folder / "log"), "start"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        yield Cluster(folder, port)
    finally:
        subprocess.run(
            _as_postgres([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(folder, ignore_errors=True)


def fresh_url(pg: Cluster) -> str:
    """A URL of the cluster whose tables go to a new, empty schema."""
    schema = f"t{os.getpid()}_{next(_schemas)}"
    pg.sql(f"CREATE SCHEMA {schema}")
    return f"{pg.url}?options=-csearch_path%3D{schema}"
