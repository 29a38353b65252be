"""The browser lobby's botzone table in a real headless Chromium: chosen from the lobby's
rules and dealt by seat 0, each seat's part's tiles shown beside the wall's, no script
error."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from tests.support.browser import CHROMIUM, chromium, no_cjk_fonts  # noqa: E402, F401
from tests.support.browser_table import get, open_page, serve_site  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")


@pytest.fixture
def site(tmp_path: Path, chromium: Any) -> Iterator[tuple[int, Any]]:  # noqa: F811
    with serve_site(str(tmp_path / "k.sqlite"), chromium) as served:
        yield served


def test_a_botzone_table_from_the_lobby_shows_the_parts(site: tuple[int, Any]) -> None:
    port, browser = site
    errors: list[str] = []
    page = open_page(browser, errors)
    page.goto(f"http://127.0.0.1:{port}/")
    page.select_option("select[name=rules]", "botzone")
    page.fill("input[name=bot_delay]", "0")
    page.click("#start")
    page.wait_for_selector("#board .seat")
    info = page.inner_text("#info")
    parts = re.search(r"wall (\d+) \(东 (\d+) · 南 (\d+) · 西 (\d+) · 北 (\d+)\)", info)
    assert parts is not None, info
    wall, *each = (int(n) for n in parts.groups())
    assert sum(each) == wall
    table = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('table')")
    token = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('token')")
    state = get(port, f"/tables/{table}?token={token}")
    assert state["rules"]["botzone"] is True and state["dealer"] == 0
    assert not errors, errors
