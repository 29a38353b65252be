"""The browser table end to end, in a real headless Chromium (Debian's ``chromium``, driven
by Playwright) that is shown no CJK font: open the page, start a hand against three bots,
play it to its end by clicking tiles and claim buttons (the 听口 shown while choosing the 报听
discard), read the settlement, watch the hand again in the replay viewer (from the server's
log and from an uploaded ``simulate --log`` file). Screenshots are kept in ``artifacts/`` (or
``$KOUDIANDIAN_ARTIFACTS``)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from koudiandian import Game, Match, Rules, ready_discards, simulate  # noqa: E402

from tests.support.browser import ARTIFACTS, CHROMIUM  # noqa: E402
from tests.support.browser_table import (  # noqa: E402
    MPSZ,
    STATE,
    TILES_DRAWN,
    check_transfers,
    get,
    open_page,
    post,
    serve_site,
)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")


@pytest.fixture
def site(db: str, chromium: Any) -> Iterator[tuple[int, Any]]:
    """A server over ``db`` on a free port, and the headless Chromium."""
    with serve_site(db, chromium) as served:
        yield served


def _log_lines(events: list[dict[str, Any]]) -> int:
    """How many lines the page's log shows for a seat's log: one per event, but a seat's
    answer (pong, ...) and the claim it asked for, which follows it, share one."""
    merged = sum(
        1
        for a, e in zip(events, events[1:])
        if a["type"] == "answer"
        and a["action"] != "pass"
        and e.get("seat") == a["seat"]
        and (e["type"] == a["action"] or (a["action"] == "kong" and e["type"] == "dice_kong"))
    )
    return len(events) - merged


def test_play_a_hand_in_chromium_by_clicking(site: tuple[int, Any], tmp_path: Path) -> None:
    port, browser = site
    log = tmp_path / "hands.jsonl"
    simulate(3, seed=5, log=log)
    errors: list[str] = []
    page = open_page(browser, errors)

    def seeded(route: Any) -> None:
        """The lobby's form names no seed, so a hand dealt at random may end (a bot's win)
        before the three turns below: the table the form creates is given one."""
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data or "{}")
        posted.append(body)
        route.continue_(post_data=json.dumps({**body, "seed": 2}))

    posted: list[dict[str, Any]] = []
    page.route("**/tables", seeded)
    page.goto(f"http://127.0.0.1:{port}/")
    page.select_option("select[name=rules]", "taiyuan,wildcards=random")
    page.fill("input[name=bot_delay]", "0")
    page.click("#start")
    page.wait_for_selector("#board .seat")
    assert [b["rules"] for b in posted] == ["taiyuan,wildcards=random"]  # the form's, seeded
    assert page.locator("#board .seat").count() == 4
    assert page.locator(".middle .wildcards .tile.wild").count() == 1  # the 耗子, marked
    assert page.inner_text(".middle .wildcards").startswith("耗子")  # the profile's name
    first = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('table')")
    mine = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('token')")
    assert get(port, f"/tables/{first}?token={mine}")["seats"][0]["connected"] == 1
    for _ in range(3):  # click a tile to discard it, three turns running
        page.wait_for_selector("#my-hand .tile.playable, #actions button.act[data-kind=pass]")
        if page.locator("#actions button.act[data-kind=pass]").count():
            page.click("#actions button.act[data-kind=pass]")
            continue
        before = get(port, f"/tables/{first}?token={mine}")["actions"]
        page.locator("#my-hand .tile.playable").last.click()
        deadline = time.monotonic() + 10
        while get(port, f"/tables/{first}?token={mine}")["actions"] == before:
            assert time.monotonic() < deadline, "the click sent nothing"
            time.sleep(0.02)
        assert get(port, f"/tables/{first}?token={mine}")["actions"] > before
    page.screenshot(path=str(ARTIFACTS / "browser-table-playing.png"))
    assert page.evaluate(TILES_DRAWN) == []
    page.close()
    # The hand played to its end: a seeded one, whose dealer (seat 0) may declare (报听)
    # at once, opened from its link (the token stays in the fragment).
    rules = "taiyuan,wildcards=random"
    t = post(port, "/tables", {"rules": rules, "seed": 1, "bot_delay": 0})
    table = t["id"]
    mine = Match(Rules.parse(rules), seed=1, length=1).game.view(0)
    declarable = {
        int(r.discard): [(int(w), w.points) for w in r.winning_tiles]
        for r in ready_discards(mine.hand, wildcards=mine.wildcards, rules=mine.rules)
        if r.declarable
    }
    assert declarable
    page = open_page(browser, errors)
    page.goto(f"http://127.0.0.1:{port}/#table={table}&token={t['tokens'][0]}")
    page.wait_for_selector("#my-hand .tile")
    clicks = 0
    declared = False
    seen_kinds: set[str] = set()
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        s = page.evaluate(STATE)
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
                # The 听口 of each discard it may declare with: the winning tiles, points.
                shown = page.evaluate(
                    """() => [...document.querySelectorAll('#waits .ready-discard')].map(r => [
                      Number(r.dataset.discard),
                      [...r.querySelectorAll('.wait')].map(w =>
                        [Number(w.dataset.tile), Number(w.querySelector('.points').textContent)]),
                    ])"""
                )
                assert {d: [tuple(w) for w in ws] for d, ws in shown} == declarable
                page.screenshot(path=str(ARTIFACTS / "browser-table-declare.png"))
                tile = page.locator("#my-hand .tile.playable").last
                choice = int(tile.get_attribute("data-tile") or -1)
                tile.click()
                page.wait_for_selector("#waits .my-waits")  # now ready: its waits
                waits = page.locator("#waits .my-waits .wait").evaluate_all(
                    "ws => ws.map(w => Number(w.dataset.tile))"
                )
                assert waits == [w for w, _ in declarable[choice]]
                page.screenshot(path=str(ARTIFACTS / "browser-table-waits.png"))
                declared = True
            elif s["playable"]:
                drawn = page.locator("#my-hand .tile.playable.drawn")
                (drawn if drawn.count() else page.locator("#my-hand .tile.playable").last).click()
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
    # a table with a person is private: read with its token
    state = get(port, f"/tables/{table}?token={t['tokens'][0]}")
    assert state["over"] and state["phase"] == "over"
    result = state["results"][0]
    shown = page.locator("#settlement .deltas td").all_inner_texts()
    assert [int(x) for x in shown] == result["deltas"]
    assert page.locator("#settlement .revealed").count() == 4
    assert page.locator("#board .seat-bottom .badge.declared").count() == 1  # 听
    title = page.inner_text("#settlement .settlement-title")
    assert ("荒庄" in title) == (result["winner"] is None)
    check_transfers(page, result)
    # the others' discards are on the table, face up
    assert page.locator("#board .seat-top .discards .tile:not(.back)").count() > 0
    # The log: one line per event of the seat's log, tiles drawn, no MPSZ text.
    full = get(port, f"/tables/{table}/hands/0?token={t['tokens'][0]}")["events"]
    own = Game.replay(full).events_for(0)
    page.click("#log-box summary")
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) == _log_lines(own)
    assert not [x for x in lines if MPSZ.search(x)], lines
    assert page.locator("#log li[data-type=discard] .tile").count() >= sum(
        e["type"] == "discard" and e["seat"] == 0 for e in own
    )
    assert page.evaluate(TILES_DRAWN) == []

    # The replay viewer: the hand just played, from the server's log.
    page.click("nav button[data-show=replay]")
    page.click("#replay-load-table")
    page.wait_for_function("() => document.querySelector('#rp-pos').textContent.startsWith('0 /')")
    frames = int(page.inner_text("#rp-pos").split("/")[1])
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
    page.wait_for_function(f"() => document.querySelector('#rp-pos').textContent === '0 / {n2}'")
    page.click("#rp-last")
    page.screenshot(path=str(ARTIFACTS / "browser-replay.png"), full_page=True)
    assert Game.replay(hand2).is_over
    assert errors == []
    page.close()
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
