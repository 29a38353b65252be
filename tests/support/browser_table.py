"""The browser table's tests' shared parts (``tests/server/test_server_browser*.py``): a server
process for the page on a free port, JSON over HTTP to it, a Chromium page that records its
script errors, the scripts that read the page's state and find a tile drawn badly (no SVG face,
or a CJK character: the browser is shown no CJK font), and the check of a settlement's
payments with their reasons' names."""

from __future__ import annotations

import contextlib
import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

from koudiandian.result import REASONS

from tests.support.browser import ARTIFACTS
from tests.support.server_util import free_port, server_process

CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]")
MPSZ = re.compile(r"\b[1-9][mpszf]\b")


STATE = """() => ({
  over: !document.querySelector('#settlement').hidden,
  kinds: [...document.querySelectorAll('#actions button.act')].map(b => b.dataset.kind),
  playable: document.querySelectorAll('#my-hand .tile.playable').length,
  message: document.querySelector('#message').textContent,
})"""


# Every face-up tile on the page is drawn (an SVG face) and no tile shows a CJK character.
TILES_DRAWN = """() => [...document.querySelectorAll('.tile')].filter(t => {
  if (t.classList.contains('back')) return false;
  const face = t.querySelector('svg.face');
  const box = face && face.getBoundingClientRect();
  return !face || box.width < 5 || box.height < 5 || /[\\u2e80-\\u9fff]/.test(t.textContent);
}).map(t => t.outerHTML.slice(0, 120))"""


@contextlib.contextmanager
def serve_site(db: str, chromium: Any) -> Iterator[tuple[int, Any]]:
    """A server over ``db`` on a free port (no bot delay, a short claim wait, seeds allowed, no
    limit on new tables that a test would meet), and the headless Chromium ``chromium``; the
    server stopped at the end. Makes the artifacts folder for screenshots."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = free_port()
    with server_process(
        db,
        port,
        "--bot-delay",
        "0",
        "--claim-wait",
        "0.05",
        "--allow-seeds",
        "--max-tables-per-minute",
        "5000",
    ):
        yield port, chromium


def post(port: int, path: str, body: Any) -> Any:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def get(port: int, path: str) -> Any:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
        return json.loads(r.read())


def open_page(browser: Any, errors: list[str]) -> Any:
    """A new page of ``browser`` whose script errors are appended to ``errors``."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def check_transfers(page: Any, result: dict[str, Any]) -> None:
    """Each payment is shown with its reason's Chinese and English names."""
    shown = page.locator("#settlement .transfer").all_inner_texts()
    assert len(shown) == len(result["transfers"])
    for text, t in zip(shown, result["transfers"]):
        chinese, english = REASONS[t["reason"]]
        assert f"seat {t['payer']} → seat {t['payee']}: {t['amount']}" in text
        assert f"{chinese} {english}" in text and t["reason"] not in text.replace(english, "")
