"""The server's fixtures: the database every server test runs on, SQLite and PostgreSQL.

``db`` is parametrised: a test that takes it runs once on a SQLite file and once on a schema
of its own in a throwaway PostgreSQL cluster (started once per session,
``tests/support/postgres.py``). Tests of what only one backend has (SQLite's pragmas, a full
disk made with ``max_page_count``) take ``sqlite_db`` instead.
"""

from __future__ import annotations

import gc
import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.browser import chromium, no_cjk_fonts  # noqa: F401 (the browser tests')
from tests.support.postgres import Cluster, PostgresMissing, cluster, fresh_url


@pytest.fixture(autouse=True)
def _nothing_left_open() -> Iterator[None]:
    """Collect the garbage after every server test, so that a store, connection or file the
    test (or the server under it) left open warns there (``ResourceWarning``, an error
    here) and fails that test, not whichever test the collector happened to run in."""
    yield
    gc.collect()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """The session's PostgreSQL cluster (skipped without Debian's postgresql, unless
    ``KOUDIANDIAN_REQUIRE_POSTGRES=1``: then it fails)."""
    try:
        started = cluster()
        pg = started.__enter__()
    except PostgresMissing as e:
        if os.environ.get("KOUDIANDIAN_REQUIRE_POSTGRES") == "1":
            pytest.fail(str(e))
        pytest.skip(str(e))
    try:
        yield pg
    finally:
        started.__exit__(None, None, None)


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database: a SQLite file, or a PostgreSQL URL of an empty schema."""
    if request.param == "sqlite":
        return str(tmp_path / "k.sqlite")
    return fresh_url(request.getfixturevalue("postgres"))


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    """A fresh SQLite file (for tests of what only SQLite has)."""
    return str(tmp_path / "k.sqlite")


@pytest.fixture
def new_db(request: pytest.FixtureRequest, db: str, tmp_path: Path) -> Callable[[], str]:
    """Another fresh database of ``db``'s backend at each call (a test that needs two)."""
    made = itertools.count(1)

    def make() -> str:
        if db.startswith("postgresql://"):
            return fresh_url(request.getfixturevalue("postgres"))
        return str(tmp_path / f"k{next(made)}.sqlite")

    return make
