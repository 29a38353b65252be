"""A Botzone log opened in the browser's replay viewer, in a real headless Chromium (Debian's
``chromium``, driven by Playwright): it shows like any hand, step by step to its settlement
(a verdict's too); a malformed one shows the server's message. Screenshots are kept in
``artifacts/`` (or ``$KOUDIANDIAN_ARTIFACTS``)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from koudiandian.botzone import botzone_log  # noqa: E402

from tests.botzone.test_convert import played  # noqa: E402
from tests.support.browser import ARTIFACTS, CHROMIUM  # noqa: E402
from tests.support.browser_table import open_page, serve_site  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")


@pytest.fixture
def site(db: str, chromium: Any) -> Iterator[tuple[int, Any]]:
    """A server over ``db`` on a free port, and the headless Chromium."""
    with serve_site(db, chromium) as served:
        yield served


def test_a_botzone_log_in_the_replay_viewer(site: tuple[int, Any], tmp_path: Path) -> None:
    port, browser = site
    game = played(31)
    log = tmp_path / "botzone.json"
    log.write_text(botzone_log(game.events).to_json(indent=2))
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/replay", data=log.read_bytes(), method="POST"
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        n = len(json.loads(r.read())["frames"]) - 1
    errors: list[str] = []
    page = open_page(browser, errors)
    page.goto(f"http://127.0.0.1:{port}/")
    page.click("nav button[data-show=replay]")
    page.set_input_files("#replay-file", str(log))
    page.click("#replay-load-file")
    page.wait_for_function(f"() => document.querySelector('#rp-pos').textContent === '0 / {n}'")
    assert page.locator("#replay-board .seat .hand .tile").count() >= 52  # four hands, open
    page.click("#rp-fwd")
    assert page.inner_text("#rp-pos").startswith("1 /")
    page.click("#rp-last")
    page.wait_for_selector("#replay-settlement .settlement-title")
    page.screenshot(path=str(ARTIFACTS / "browser-replay-botzone.png"), full_page=True)
    # a game a verdict ended (seat 1 answers nonsense to the deal): its last step
    wa = json.loads(log.read_text())
    wa["log"] = wa["log"][:4]
    wa["log"][3]["1"] = {"verdict": "OK", "response": "NONSENSE"}
    ended = tmp_path / "wa.json"
    ended.write_text(json.dumps(wa))
    page.set_input_files("#replay-file", str(ended))
    page.click("#replay-load-file")
    page.wait_for_function("() => document.querySelector('#rp-pos').textContent === '0 / 1'")
    page.click("#rp-last")
    assert page.inner_text("#rp-step").startswith("seat 1: verdict WA")
    page.wait_for_selector("#replay-settlement .settlement-title")
    # a malformed Botzone log: the server's message, nothing replayed
    document = json.loads(log.read_text())
    document["log"][4] = document["log"][3]  # answers where the judge's output is due
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    page.set_input_files("#replay-file", str(bad))
    page.click("#replay-load-file")
    page.wait_for_function("() => document.querySelector('#replay-error').textContent !== ''")
    assert "BotzoneInputError" in page.inner_text("#replay-error")
    assert "log[4] (turn 3)" in page.inner_text("#replay-error")
    assert errors == []
    page.close()
