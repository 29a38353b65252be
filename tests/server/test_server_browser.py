"""The browser table end to end, in a real headless Chromium (Debian's ``chromium``, driven
by Playwright) that is shown no CJK font (a fontconfig file naming only a Latin font
folder): the tiles must be readable all the same. Open the page, start a hand against three
bots, play it to its end by clicking tiles and claim buttons (the 听口 shown while choosing
the 报听 discard), read the settlement, watch the hand again in the replay viewer (from the
server's log and from an uploaded ``simulate --log`` file), and watch a hebei, a changsha
and a guobiao hand to their settlements, which explain their score items (guobiao's fans)
and payments.
Screenshots are kept in ``artifacts/`` (or ``$KOUDIANDIAN_ARTIFACTS``)."""

from __future__ import annotations

import json
import re
import struct
import time
import urllib.request
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from koudiandian import Game, Match, Rules, ready_discards, simulate  # noqa: E402
from koudiandian.result import REASONS  # noqa: E402

from tests.support.browser import ARTIFACTS, CHROMIUM  # noqa: E402
from tests.support.server_util import free_port, server_process, taken_by_the_log  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]")
MPSZ = re.compile(r"\b[1-9][mpszf]\b")

_STATE = """() => ({
  over: !document.querySelector('#settlement').hidden,
  kinds: [...document.querySelectorAll('#actions button.act')].map(b => b.dataset.kind),
  playable: document.querySelectorAll('#my-hand .tile.playable').length,
  message: document.querySelector('#message').textContent,
})"""

# Every face-up tile on the page is drawn (an SVG face) and no tile shows a CJK character.
_TILES_DRAWN = """() => [...document.querySelectorAll('.tile')].filter(t => {
  if (t.classList.contains('back')) return false;
  const face = t.querySelector('svg.face');
  const box = face && face.getBoundingClientRect();
  return !face || box.width < 5 || box.height < 5 || /[\\u2e80-\\u9fff]/.test(t.textContent);
}).map(t => t.outerHTML.slice(0, 120))"""


@pytest.fixture
def site(db: str, chromium: Any) -> Iterator[tuple[int, Any]]:
    """A server over ``db`` on a free port, and the headless Chromium."""
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


def _page(browser: Any, errors: list[str]) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


# -- the tiles, drawn ---------------------------------------------------------------------


def _png_rgb(data: bytes) -> tuple[int, int, list[bytes]]:
    """A PNG's width, height and rows of RGB bytes (8-bit RGB or RGBA, not interlaced:
    what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        (size,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + size]
        pos += 12 + size
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        rows.append(bytes(v for x in range(width) for v in line[x * channels : x * channels + 3]))
    return width, height, rows


def _ink(png: bytes) -> tuple[float, bytes]:
    """The share of a tile image's inner pixels that are not the tile's face colour, and
    the mask of those pixels (what tells two tiles apart)."""
    width, height, rows = _png_rgb(png)
    face = (0xFB, 0xF7, 0xEA)
    mask = bytearray()
    margin = 4
    for row in rows[margin : height - margin]:
        for x in range(margin, width - margin):
            r, g, b = row[3 * x : 3 * x + 3]
            mask.append(abs(r - face[0]) + abs(g - face[1]) + abs(b - face[2]) > 90)
    return sum(mask) / max(1, len(mask)), bytes(mask)


def test_every_tile_face_is_drawn_without_a_cjk_font(site: tuple[int, Any]) -> None:
    port, browser = site
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"http://127.0.0.1:{port}/")
    page.evaluate(
        """() => {
          const g = document.createElement('div');
          g.id = 'gallery';
          g.style.cssText = 'background:#1d5c3a;padding:8px;display:flex;flex-wrap:wrap;gap:4px';
          for (let t = 0; t < 42; t++) {
            const e = tileEl(t, { wild: t === 4, wildName: 'wildcard' });
            e.style.fontSize = '30px';
            g.append(e);
          }
          const back = tileEl(null);
          back.style.fontSize = '30px';
          g.append(back);
          document.body.prepend(g);
        }"""
    )
    page.locator("#gallery").screenshot(path=str(ARTIFACTS / "browser-tiles.png"))
    assert page.evaluate(_TILES_DRAWN) == []
    masks: dict[bytes, int] = {}
    for t in range(42):
        share, mask = _ink(page.locator(f"#gallery .tile[data-tile='{t}']").screenshot())
        assert share > 0.04, f"tile {t}: {share:.1%} of its face is drawn"
        assert mask not in masks, f"tiles {masks.get(mask)} and {t} look the same"
        masks[mask] = t
    assert errors == []
    page.close()


# -- a hand played by clicking --------------------------------------------------------------


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
    page = _page(browser, errors)

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
    assert _get(port, f"/tables/{first}?token={mine}")["seats"][0]["connected"] == 1
    for _ in range(3):  # click a tile to discard it, three turns running
        page.wait_for_selector("#my-hand .tile.playable, #actions button.act[data-kind=pass]")
        if page.locator("#actions button.act[data-kind=pass]").count():
            page.click("#actions button.act[data-kind=pass]")
            continue
        before = _get(port, f"/tables/{first}?token={mine}")["actions"]
        page.locator("#my-hand .tile.playable").last.click()
        deadline = time.monotonic() + 10
        while _get(port, f"/tables/{first}?token={mine}")["actions"] == before:
            assert time.monotonic() < deadline, "the click sent nothing"
            time.sleep(0.02)
        assert _get(port, f"/tables/{first}?token={mine}")["actions"] > before
    page.screenshot(path=str(ARTIFACTS / "browser-table-playing.png"))
    assert page.evaluate(_TILES_DRAWN) == []
    page.close()
    # The hand played to its end: a seeded one, whose dealer (seat 0) may declare (报听)
    # at once, opened from its link (the token stays in the fragment).
    rules = "taiyuan,wildcards=random"
    t = _post(port, "/tables", {"rules": rules, "seed": 1, "bot_delay": 0})
    table = t["id"]
    mine = Match(Rules.parse(rules), seed=1, length=1).game.view(0)
    declarable = {
        int(r.discard): [(int(w), w.points) for w in r.winning_tiles]
        for r in ready_discards(mine.hand, wildcards=mine.wildcards, rules=mine.rules)
        if r.declarable
    }
    assert declarable
    page = _page(browser, errors)
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
    state = _get(port, f"/tables/{table}?token={t['tokens'][0]}")
    assert state["over"] and state["phase"] == "over"
    result = state["results"][0]
    shown = page.locator("#settlement .deltas td").all_inner_texts()
    assert [int(x) for x in shown] == result["deltas"]
    assert page.locator("#settlement .revealed").count() == 4
    assert page.locator("#board .seat-bottom .badge.declared").count() == 1  # 听
    title = page.inner_text("#settlement .settlement-title")
    assert ("荒庄" in title) == (result["winner"] is None)
    _check_transfers(page, result)
    # the others' discards are on the table, face up
    assert page.locator("#board .seat-top .discards .tile:not(.back)").count() > 0
    # The log: one line per event of the seat's log, tiles drawn, no MPSZ text.
    full = _get(port, f"/tables/{table}/hands/0?token={t['tokens'][0]}")["events"]
    own = Game.replay(full).events_for(0)
    page.click("#log-box summary")
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) == _log_lines(own)
    assert not [x for x in lines if MPSZ.search(x)], lines
    assert page.locator("#log li[data-type=discard] .tile").count() >= sum(
        e["type"] == "discard" and e["seat"] == 0 for e in own
    )
    assert page.evaluate(_TILES_DRAWN) == []

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


def _check_transfers(page: Any, result: dict[str, Any]) -> None:
    """Each payment is shown with its reason's Chinese and English names."""
    shown = page.locator("#settlement .transfer").all_inner_texts()
    assert len(shown) == len(result["transfers"])
    for text, t in zip(shown, result["transfers"]):
        chinese, english = REASONS[t["reason"]]
        assert f"seat {t['payer']} → seat {t['payee']}: {t['amount']}" in text
        assert f"{chinese} {english}" in text and t["reason"] not in text.replace(english, "")


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


# -- hands of other profiles, watched to their settlements -----------------------------------


def _bots_table(port: int, rules: str, wanted: Any) -> tuple[str, dict[str, Any]]:
    """A table of four greedy bots under ``rules`` whose hand, played at once, ends as
    ``wanted(result, full_log)`` asks."""
    for seed in range(1, 200):
        t = _post(
            port, "/tables", {"rules": rules, "seed": seed, "bot_delay": 0, "seats": ["greedy"] * 4}
        )
        deadline = time.monotonic() + 10
        while not (state := _get(port, f"/tables/{t['id']}"))["over"]:
            assert time.monotonic() < deadline, "four bots did not finish a hand"
            time.sleep(0.02)
        full = _get(port, f"/tables/{t['id']}/hands/0")["events"]
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
    page = _page(browser, errors)
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
    _check_transfers(page, result)
    assert " 点 × " not in page.inner_text("#settlement")  # no Taiyuan formula elsewhere
    # The discards taken stay in their rows, marked.
    full = _get(port, f"/tables/{table}/hands/0")["events"]
    taken = taken_by_the_log(full)
    for s in range(4):
        marked = page.locator(f"#board .seat[data-seat='{s}'] .discards .tile").evaluate_all(
            "ts => ts.flatMap((t, i) => t.classList.contains('claimed') ? [i] : [])"
        )
        assert marked == taken[s], f"seat {s}"
    if rules == "hebei":  # the wildcard by the profile's own name
        assert page.inner_text("#board .middle .wildcards").startswith("混")
        assert "耗子" not in page.inner_text("#board")
    assert page.evaluate(_TILES_DRAWN) == []
    assert errors == []
    page.close()


# -- the log's lines and the claim label ----------------------------------------------------


def test_the_log_shows_an_answer_once_and_the_claim_label_what_may_be_done(
    site: tuple[int, Any], tmp_path: Path
) -> None:
    port, browser = site
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"http://127.0.0.1:{port}/")
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
        made = _post(ports[0], "/tables", {"seats": ["human", "greedy", "greedy", "greedy"]})
        owner = made["url"]
        home, other = (ports[0], ports[1]) if owner.endswith(f":{ports[0]}") else ports[::-1]
        errors: list[str] = []
        page = _page(browser, errors)
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
        state = _get(other, f"/tables/{made['id']}?token={made['tokens'][0]}")
        assert state["url"] == f"http://127.0.0.1:{other}"
        assert errors == []
        page.close()
