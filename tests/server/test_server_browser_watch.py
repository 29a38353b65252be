"""Watching tables in a real headless Chromium (Debian's ``chromium``, driven by Playwright)
that is shown no CJK font: a hebei, a changsha and a guobiao hand to their settlements, which
explain their score items (guobiao's fans) and payments; the log shows an answer once and the
claim label what may be done; the page follows its table to the process that plays it.
Screenshots are kept in ``artifacts/`` (or ``$KOUDIANDIAN_ARTIFACTS``)."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from koudiandian import simulate  # noqa: E402

from tests.support.browser import ARTIFACTS, CHROMIUM  # noqa: E402
from tests.support.browser_table import (  # noqa: E402
    TILES_DRAWN,
    check_transfers,
    get,
    open_page,
    post,
    serve_site,
)
from tests.support.server_util import free_port, server_process, taken_by_the_log  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")


@pytest.fixture
def site(db: str, chromium: Any) -> Iterator[tuple[int, Any]]:
    """A server over ``db`` on a free port, and the headless Chromium."""
    with serve_site(db, chromium) as served:
        yield served


# -- hands of other profiles, watched to their settlements -----------------------------------


def _bots_table(port: int, rules: str, wanted: Any) -> tuple[str, dict[str, Any]]:
    """A table of four greedy bots under ``rules`` whose hand, played at once, ends as
    ``wanted(result, full_log)`` asks."""
    for seed in range(1, 200):
        t = post(
            port, "/tables", {"rules": rules, "seed": seed, "bot_delay": 0, "seats": ["greedy"] * 4}
        )
        deadline = time.monotonic() + 10
        while not (state := get(port, f"/tables/{t['id']}"))["over"]:
            assert time.monotonic() < deadline, "four bots did not finish a hand"
            time.sleep(0.02)
        full = get(port, f"/tables/{t['id']}/hands/0")["events"]
        if wanted(state["results"][0], full):
            return t["id"], state["results"][0]
    pytest.fail(f"no {rules} hand as wanted")


@pytest.mark.parametrize(
    ("rules", "wanted"),
    [
        # a win with several score items (底, 门清, 花, ...) and a claim on the table
        ("hebei", lambda r, log: len(r["score_items"]) >= 3 and any(taken_by_the_log(log))),
        # a win and the bird, a claim on the table
        ("changsha", lambda r, log: r["bird"] is not None and any(taken_by_the_log(log))),
        # a win of 8 fans or more: 底分 and its fans, named by the core
        ("guobiao", lambda r, log: len(r["score_items"]) >= 4),
    ],
)
def test_a_watched_hand_settles_with_its_items_its_bird_and_reasons(
    site: tuple[int, Any], rules: str, wanted: Any
) -> None:
    port, browser = site
    table, result = _bots_table(
        port, rules, lambda r, log: r["winner"] is not None and wanted(r, log)
    )
    errors: list[str] = []
    page = open_page(browser, errors)
    page.goto(f"http://127.0.0.1:{port}/#table={table}")  # a spectator
    page.wait_for_selector("#settlement .settlement-title")
    page.wait_for_selector("#board .seat")
    page.screenshot(path=str(ARTIFACTS / f"browser-{rules}-settlement.png"), full_page=True)
    # each win with its score items, by their Chinese and English names, as they combine
    wins = page.locator("#settlement .win-line")
    assert wins.count() == len(result["wins"])
    for i, w in enumerate(result["wins"]):
        items = wins.nth(i).locator(".score-item")
        assert items.count() == len(w["score_items"])
        for j, item in enumerate(w["score_items"]):
            op = {"base": "", "multiply": "×", "add": "+"}[item["combine"]] if j else ""
            name = item["name"].replace("_", " ")
            expected = f"{op} {item['chinese']} {name} {item['value']}".split()
            assert items.nth(j).inner_text().split() == expected
        assert wins.nth(i).locator(f".tile[data-tile='{w['tile']}']").count() == 1
    bird = page.locator("#settlement .bird")
    if result["bird"] is None:
        assert bird.count() == 0
    else:
        assert f"seat {result['bird']['seat']}" in bird.inner_text()
        assert bird.locator(f".tile[data-tile='{result['bird']['tile']}']").count() == 1
    check_transfers(page, result)
    assert " 点 × " not in page.inner_text("#settlement")  # no Taiyuan formula elsewhere
    # The discards taken stay in their rows, marked.
    full = get(port, f"/tables/{table}/hands/0")["events"]
    taken = taken_by_the_log(full)
    for s in range(4):
        marked = page.locator(f"#board .seat[data-seat='{s}'] .discards .tile").evaluate_all(
            "ts => ts.flatMap((t, i) => t.classList.contains('claimed') ? [i] : [])"
        )
        assert marked == taken[s], f"seat {s}"
    if rules == "hebei":  # the wildcard by the profile's own name
        assert page.inner_text("#board .middle .wildcards").startswith("混")
        assert "耗子" not in page.inner_text("#board")
    assert page.evaluate(TILES_DRAWN) == []
    assert errors == []
    page.close()


# -- the log's lines and the claim label ----------------------------------------------------


def test_the_log_shows_an_answer_once_and_the_claim_label_what_may_be_done(
    site: tuple[int, Any], tmp_path: Path
) -> None:
    port, browser = site
    errors: list[str] = []
    page = open_page(browser, errors)
    page.goto(f"http://127.0.0.1:{port}/")
    # a table's page logs events once it has the names (GET /names): so does this one
    page.wait_for_function("() => Object.keys(NAMES.events.types).length > 0")
    lines = page.evaluate(
        """() => {
          const log = document.querySelector('#log');
          log.replaceChildren();
          for (const e of [
            {type: 'discard', seat: 1, tile: 5, declare: false, auto: false},
            {type: 'answer', seat: 0, action: 'pong', auto: false},
            {type: 'pong', seat: 0, tile: 5, from: 1},
            {type: 'discard', seat: 0, tile: 30, declare: false, auto: false},
            {type: 'answer', seat: 0, action: 'pong', auto: false},
            {type: 'win', seat: 2, tile: 30, kind: 'discard', from: 0, auto: false},
            {type: 'answer', seat: 3, action: 'pass', auto: false},
          ]) logEvent(e);
          return [...log.children].map(li => [li.dataset.type, li.querySelectorAll('.tile').length]);
        }"""
    )
    # the first answer gave its line to its pong; the second, overtaken by a win, stays
    assert lines == [
        ["discard", 1],
        ["pong", 3],
        ["discard", 1],
        ["answer", 0],
        ["win", 1],
        ["answer", 0],
    ]
    # The centre label says what the seat asked may do: in Taiyuan, which has no chow,
    # never 吃. A frame of a logged hand where seat 0 is asked about a discard:
    found = None
    for seed in range(40):
        log = tmp_path / f"{seed}.jsonl"
        simulate(1, seed=seed, log=log, bots="greedy")
        req = urllib.request.Request(
            f"http://127.0.0.1:{port}/replay?hand=0", data=log.read_bytes(), method="POST"
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            frames = json.loads(r.read())["frames"]
        for i, f in enumerate(frames):
            v = f["views"][0]
            kinds = {a["kind"] for a in v["legal_actions"]}
            if v["claim_tile"] is not None and "pong" in kinds:
                found = (log, i, kinds)
                break
        if found:
            break
    assert found, "no logged hand asks seat 0 to pong"
    log, i, kinds = found
    page.click("nav button[data-show=replay]")
    page.set_input_files("#replay-file", str(log))
    page.click("#replay-load-file")
    page.wait_for_function("() => document.querySelector('#rp-pos').textContent.startsWith('0 /')")
    page.select_option("#rp-seat", "0")
    page.evaluate(f"() => step({i})")
    label = page.inner_text("#replay-board .middle .claim")
    assert "吃" not in label and "chow" not in label
    for kind, name in (("pong", "碰"), ("kong", "杠"), ("win", "胡")):
        assert (name in label) == (kind in kinds), (label, kinds)
    assert errors == []
    page.close()


# -- a table that moves between the server's processes ------------------------------------


def test_the_page_follows_its_table_to_the_process_that_plays_it(db: str, chromium: Any) -> None:
    """Two processes on one database: the page opened at the process that does not play the
    table is sent to the one that does; when that one is killed, the page finds the table
    again at the survivor, which took it over, and its seat plays on."""
    import signal

    browser = chromium
    ports = [free_port(), free_port()]
    extra = ("--bot-delay", "0", "--claim-wait", "0", "--lease", "1")
    with server_process(db, ports[0], *extra) as p0, server_process(db, ports[1], *extra) as p1:
        time.sleep(1)  # both have heartbeated: both are live
        made = post(ports[0], "/tables", {"seats": ["human", "greedy", "greedy", "greedy"]})
        owner = made["url"]
        home, other = (ports[0], ports[1]) if owner.endswith(f":{ports[0]}") else ports[::-1]
        errors: list[str] = []
        page = open_page(browser, errors)
        page.goto(f"http://127.0.0.1:{other}/#table={made['id']}&token={made['tokens'][0]}")
        page.wait_for_url(f"http://127.0.0.1:{home}/**", timeout=10_000)
        page.wait_for_function("() => document.querySelectorAll('#my-hand .tile').length >= 13")
        assert page.locator("#connection").text_content() == "connected"
        {ports[0]: p0, ports[1]: p1}[home].send_signal(signal.SIGKILL)
        page.wait_for_url(f"http://127.0.0.1:{other}/**", timeout=20_000)
        page.wait_for_function("() => document.querySelectorAll('#my-hand .tile').length >= 13")
        page.wait_for_function(
            "() => document.querySelector('#connection').textContent === 'connected'"
        )
        state = get(other, f"/tables/{made['id']}?token={made['tokens'][0]}")
        assert state["url"] == f"http://127.0.0.1:{other}"
        assert errors == []
        page.close()
