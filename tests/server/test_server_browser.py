"""The browser table end to end, in a real headless Chromium (Debian's ``chromium``, driven
by Playwright): open the page, start a hand against three bots, play it to its end by
clicking tiles and claim buttons, read the settlement, then watch the hand again in the
replay viewer (from the server's log and from an uploaded ``simulate --log`` file).
Screenshots are kept in ``artifacts/`` (or ``$KOUDIANDIAN_ARTIFACTS``)."""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from koudiandian import Game, simulate  # noqa: E402

from tests.support import ROOT  # noqa: E402
from tests.support.server_util import free_port, server_process  # noqa: E402

CHROMIUM = (
    os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
ARTIFACTS = Path(os.environ.get("KOUDIANDIAN_ARTIFACTS") or ROOT / "artifacts")

_STATE = """() => ({
  over: !document.querySelector('#settlement').hidden,
  kinds: [...document.querySelectorAll('#actions button.act')].map(b => b.dataset.kind),
  playable: document.querySelectorAll('#my-hand .tile.playable').length,
  message: document.querySelector('#message').textContent,
})"""


def _post(port: int, path: str, body: Any) -> Any:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def _get(port: int, path: str) -> Any:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
        return json.loads(r.read())


def test_play_a_hand_in_chromium_by_clicking(tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = tmp_path / "hands.jsonl"
    simulate(3, seed=5, log=log)
    port = free_port()
    with (
        server_process(tmp_path / "k.sqlite", port, "--bot-delay", "0"),
        sync_api.sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"http://127.0.0.1:{port}/")
        page.select_option("select[name=rules]", "taiyuan,wildcards=random")
        page.fill("input[name=bot_delay]", "0")
        page.click("#start")
        page.wait_for_selector("#board .seat")
        assert page.locator("#board .seat").count() == 4
        assert page.locator(".middle .wildcards .tile.wild").count() == 1  # the 耗子, marked
        first = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('table')")
        assert _get(port, f"/tables/{first}")["seats"][0]["connected"] == 1
        for _ in range(3):  # click a tile to discard it, three turns running
            page.wait_for_selector("#my-hand .tile.playable, #actions button.act[data-kind=pass]")
            if page.locator("#actions button.act[data-kind=pass]").count():
                page.click("#actions button.act[data-kind=pass]")
                continue
            before = _get(port, f"/tables/{first}")["actions"]
            page.locator("#my-hand .tile.playable").last.click()
            deadline = time.monotonic() + 10
            while _get(port, f"/tables/{first}")["actions"] == before:
                assert time.monotonic() < deadline, "the click sent nothing"
                time.sleep(0.02)
            assert _get(port, f"/tables/{first}")["actions"] > before
        page.screenshot(path=str(ARTIFACTS / "browser-table-playing.png"))
        page.close()
        # The hand played to its end: a seeded one, whose dealer (seat 0) may declare (报听)
        # at once, opened from its link (the token stays in the fragment).
        t = _post(
            port,
            "/tables",
            {"rules": "taiyuan,wildcards=random", "seed": 1, "bot_delay": 0},
        )
        table = t["id"]
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"http://127.0.0.1:{port}/#table={table}&token={t['tokens'][0]}")
        page.wait_for_selector("#my-hand .tile")
        clicks = 0
        declared = False
        seen_kinds: set[str] = set()
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            s = page.evaluate(_STATE)
            if s["over"]:
                break
            seen_kinds.update(s["kinds"])
            assert not s["message"], s["message"]  # no click was refused
            for kind in ("self_draw_win", "win", "pass"):
                if kind in s["kinds"]:
                    page.click(f"#actions button.act[data-kind={kind}]")
                    break
            else:
                if "declare" in s["kinds"]:  # 报听: the button, then the tile to lay face down
                    page.click("#actions button.act[data-kind=declare]")
                    page.wait_for_selector("#actions button.act.active[data-kind=declare]")
                    page.locator("#my-hand .tile.playable").last.click()
                    declared = True
                elif s["playable"]:
                    drawn = page.locator("#my-hand .tile.playable.drawn")
                    (
                        drawn if drawn.count() else page.locator("#my-hand .tile.playable").last
                    ).click()
                elif s["kinds"]:
                    page.click("#actions button.act >> nth=0")
                else:
                    page.wait_for_timeout(20)
                    continue
            clicks += 1
            page.wait_for_timeout(30)
        else:
            pytest.fail("the hand did not end in 90 s")
        page.wait_for_selector("#settlement .settlement-title")
        page.screenshot(path=str(ARTIFACTS / "browser-table-settlement.png"), full_page=True)
        assert clicks >= 1
        state = _get(port, f"/tables/{table}")
        assert state["over"] and state["phase"] == "over"
        result = state["results"][0]
        shown = page.locator("#settlement .deltas td").all_inner_texts()
        assert [int(x) for x in shown] == result["deltas"]
        assert page.locator("#settlement .revealed").count() == 4
        assert page.locator("#board .seat-bottom .badge.declared").count() == 1  # 听
        title = page.inner_text("#settlement .settlement-title")
        assert ("荒庄" in title) == (result["winner"] is None)
        # the others' discards are on the table, face up
        assert page.locator("#board .seat-top .discards .tile:not(.back)").count() > 0

        # The replay viewer: the hand just played, from the server's log.
        page.click("nav button[data-show=replay]")
        page.click("#replay-load-table")
        page.wait_for_function(
            "() => document.querySelector('#rp-pos').textContent.startsWith('0 /')"
        )
        frames = int(page.inner_text("#rp-pos").split("/")[1])
        full = _get(port, f"/tables/{table}/hands/0")["events"]
        assert frames == sum(1 for e in full if _is_decision(e)) > 5
        assert page.locator("#replay-board .seat .hand .tile.back").count() == 0  # all open
        page.click("#rp-fwd")
        page.click("#rp-fwd")
        page.click("#rp-back")
        assert page.inner_text("#rp-pos").startswith("1 /")
        page.select_option("#rp-seat", "2")  # seat 2's view: the others' tiles are backs
        assert page.locator("#replay-board .seat-bottom .hand .tile.back").count() == 0
        assert page.locator("#replay-board .seat-top .hand .tile.back").count() == 13
        page.click("#rp-last")
        page.wait_for_selector("#replay-settlement .settlement-title")
        # ... and a hand of an uploaded simulate --log file
        page.set_input_files("#replay-file", str(log))
        page.fill("#replay-line", "2")
        page.click("#replay-load-file")
        hand2 = json.loads(log.read_text().splitlines()[2])["events"]
        n2 = sum(1 for e in hand2 if _is_decision(e))
        page.wait_for_function(
            f"() => document.querySelector('#rp-pos').textContent === '0 / {n2}'"
        )
        page.click("#rp-last")
        page.screenshot(path=str(ARTIFACTS / "browser-replay.png"), full_page=True)
        assert Game.replay(hand2).is_over
        assert errors == []
        browser.close()
    assert declared and "declare" in seen_kinds


def _is_decision(e: dict[str, Any]) -> bool:
    """Whether a full-log event records a decision (a frame of the replay)."""
    kind = e["type"]
    if kind == "discard":
        return not e["auto"]
    if kind in ("concealed_kong", "added_kong", "bid", "opening_win", "haidi"):
        return True
    if kind == "answer":
        return not e["auto"]
    if kind == "win":
        return e["kind"] == "self_draw" and not e["auto"]
    if kind == "dice_kong":
        return e["from"] is None
    return False
