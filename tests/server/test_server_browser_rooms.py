"""Rooms in the browser, end to end: four people, each in a browser context of their own of a
real headless Chromium (Debian's ``chromium``, driven by Playwright, shown no CJK font), fill
a room by its number. One creates it from the lobby's form; the others join by the share link
(``/#room=NUMBER``, the number filled in) or by typing the number; a taken name is refused in
the page; a reload takes the same seat back. All four say ready, play the hand by clicking,
read the scoreboard (积分表: one row, the same as the server's record), and play again
(再来一局): the room's next table deals and every page plays there.
Screenshots are kept in ``artifacts/`` (or ``$KOUDIANDIAN_ARTIFACTS``)."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from koudiandian import Action, Match, Rules  # noqa: E402
from koudiandian.result import HandResult  # noqa: E402

from tests.support.browser import ARTIFACTS, CHROMIUM  # noqa: E402
from tests.support.server_util import free_port, server_process  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
NAMES = ["Ann", "Bo", "Chen", "Dee"]
# A hand that the clicking below (declare when it may, win when it may) ends with a win on
# a discard (seat 3's, from seat 1) after some forty decisions.
SEED = 22

# What a page shows: the room's status, and the seat's choices at the table.
_STATE = """() => ({
  status: document.querySelector('#room').dataset.status || null,
  table: state.table,
  kinds: [...document.querySelectorAll('#actions button.act')].map(b => b.dataset.kind),
  playable: document.querySelectorAll('#my-hand .tile.playable').length,
  message: document.querySelector('#message').textContent,
})"""

# Every label of the room's panels reads in Latin letters too (no CJK font is shown).
_CJK_ONLY = """() => [...document.querySelectorAll(
    '#room button, #room .room-seat span, #room .room-status, #room .room-note,'
    + ' #scores th, #scores td, #scores button, #scores h3, #lobby h2, #lobby label')]
  .filter(e => e.offsetParent !== null)
  .map(e => e.textContent.trim())
  .filter(t => t && /[\\u2e80-\\u9fff]/.test(t) && !/[A-Za-z0-9]/.test(t))"""


@pytest.fixture
def site(sqlite_db: str, chromium: Any) -> Iterator[tuple[int, Any]]:
    """A server over a SQLite file on a free port (seeds allowed), and the Chromium."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = free_port()
    with server_process(
        sqlite_db,
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


def _get(port: int, path: str) -> Any:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
        return json.loads(r.read())


def _person(browser: Any, errors: list[str], who: str) -> tuple[Any, Any]:
    """A browser context of its own (one person: its own sessionStorage) and its page; the
    page's errors and console errors are collected in ``errors``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(f"{who}: {e}"))
    page.on("console", lambda m: errors.append(f"{who}: {m.text}") if m.type == "error" else None)
    return context, page


def _wait_status(port: int, number: str, status: str, timeout: float = 15) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while (room := _get(port, f"/rooms/{number}"))["status"] != status:
        assert time.monotonic() < deadline, f"room {number}: {room['status']}, not {status}"
        time.sleep(0.05)
    return room


def _click(page: Any, selector: str) -> bool:
    """Click ``selector`` if it is still there (another seat's play may have taken the
    choice away since the page was read)."""
    try:
        page.locator(selector).first.click(timeout=1500)
    except sync_api.TimeoutError:
        return False
    return True


def _act(page: Any, s: dict[str, Any]) -> bool:
    """What a person does when asked: win, else pass, else declare (报听: the button, then
    the tile), else discard; the tile is the one drawn if it may be, else the last that
    may; else the first button. Returns whether it clicked. (:func:`_policy`, in Python.)"""
    for kind in ("self_draw_win", "win", "pass"):
        if kind in s["kinds"]:
            return _click(page, f"#actions button.act[data-kind={kind}]")
    if "declare" in s["kinds"]:
        if not page.locator("#actions button.act.active[data-kind=declare]").count():
            if not _click(page, "#actions button.act[data-kind=declare]"):
                return False
            page.wait_for_selector("#actions button.act.active[data-kind=declare]")
        s = {**s, "playable": page.locator("#my-hand .tile.playable").count()}
    if s["playable"]:
        if page.locator("#my-hand .tile.playable.drawn").count():
            return _click(page, "#my-hand .tile.playable.drawn")
        return _click(page, "#my-hand .tile.playable >> nth=-1")
    others = [k for k in s["kinds"] if k != "declare"]
    if others:
        return _click(page, f"#actions button.act[data-kind={others[0]}]")
    return False


def _policy(match: Match, seat: int) -> Action:
    """:func:`_act`'s choice, made on a match here: what the page's clicks will play."""
    legal = match.legal_actions(seat)
    view = match.view(seat)
    kinds = [a.kind.name.lower() for a in legal]
    for kind in ("self_draw_win", "win", "pass"):
        if kind in kinds:
            return legal[kinds.index(kind)]
    for kind in ("declare", "discard"):
        by_tile = {int(a.tile): a for a, k in zip(legal, kinds) if k == kind}
        if by_tile:
            if view.drawn is not None and int(view.drawn) in by_tile:
                return by_tile[int(view.drawn)]
            return [by_tile[int(t)] for t in view.hand if int(t) in by_tile][-1]
    return next(a for a, k in zip(legal, kinds) if k not in ("declare", "discard"))


def _expected_hand(rules: str, seed: int) -> HandResult:
    """The result of the hand dealt from ``seed`` when every seat plays :func:`_policy`."""
    match = Match(Rules.parse(rules), seed=seed, length=1)
    while not match.is_over:
        seat = match.to_act[0]
        match.step(seat, _policy(match, seat))
    return match.results[0]


def _play_until_over(pages: list[Any], timeout: float) -> int:
    """Each page clicks what its seat is asked until the room's match is over on every
    page; returns the number of clicks."""
    clicks = 0
    deadline = time.monotonic() + timeout
    while True:
        states = [p.evaluate(_STATE) for p in pages]
        if all(s["status"] == "over" for s in states):
            return clicks
        assert time.monotonic() < deadline, f"the hand did not end in {timeout} s: {states}"
        acted = False
        for page, s in zip(pages, states):
            assert not s["message"], s["message"]  # no click was refused
            if s["status"] == "playing" and (s["kinds"] or s["playable"]):
                if _act(page, s):
                    clicks += 1
                    acted = True
        if not acted:
            pages[0].wait_for_timeout(15)


def _scoreboard(page: Any) -> list[dict[str, Any]]:
    """The scoreboard's rows of the newest match, as the page shows them."""
    return page.evaluate(
        """() => {
          const m = document.querySelector('#scoreboard .match-record');
          return [...m.querySelectorAll('tr.hand-row')].map(tr => ({
            hand: Number(tr.dataset.hand),
            deltas: [...tr.querySelectorAll('td.seat-delta')].map(td => Number(td.dataset.delta)),
            totals: [...tr.querySelectorAll('td.seat-delta')].map(td => Number(td.dataset.total)),
            shown: [...tr.querySelectorAll('td.seat-delta .delta')].map(b => b.textContent),
            winners: tr.querySelector('td.winners').textContent,
            how: tr.querySelector('td.how').textContent,
            items: [...tr.querySelectorAll('.score-item .value')].map(v => Number(v.textContent)),
            replay: tr.querySelectorAll('button.replay-hand').length,
          }));
        }"""
    )


def test_four_people_fill_a_room_play_a_hand_and_play_again(site: tuple[int, Any]) -> None:
    port, browser = site
    base = f"http://127.0.0.1:{port}"
    errors: list[str] = []
    people = [_person(browser, errors, name) for name in NAMES]
    pages = [page for _, page in people]
    host = pages[0]
    try:
        # The host creates the room: four people, one hand; the test's server deals it
        # from a seed (the form names none: the request is given one).
        posted: list[dict[str, Any]] = []

        def seeded(route: Any) -> None:
            if route.request.method != "POST":
                route.continue_()
                return
            body = json.loads(route.request.post_data or "{}")
            posted.append(body)
            route.continue_(post_data=json.dumps({**body, "seed": SEED}))

        host.route("**/rooms", seeded)
        host.goto(base + "/")
        host.fill("input[name=host_name]", NAMES[0])
        host.select_option("select[name=room_rules]", "taiyuan")
        for s in (1, 2, 3):
            host.select_option(f"select[name=seat{s}]", "human")
        host.select_option("select[name=room_match]", "")
        host.click("#create-room")
        host.wait_for_selector("#room:not([hidden]) #room-number")
        host.wait_for_function(
            "() => /^[0-9]{6}$/.test(document.querySelector('#room-number').textContent)"
        )
        number = host.inner_text("#room-number")
        assert posted == [
            {
                "rules": "taiyuan",
                "seats": ["human"] * 4,
                "match": None,
                "bot_delay": 0.6,
                "clock": {"turn": 20, "claim": 8, "bank": 60},
                "name": NAMES[0],
            }
        ]
        link = host.input_value("#room-link")
        assert link == f"{base}/#room={number}"
        fragment = host.evaluate("() => location.hash")
        assert fragment.startswith(f"#room={number}&token=")
        assert host.locator("#room-close").is_visible()  # the host's
        assert not host.locator("#room-leave").is_visible()
        room = _get(port, f"/rooms/{number}")
        assert room["status"] == "waiting" and room["seats"][0]["name"] == NAMES[0]
        first = room["table"]

        # Bo opens the share link: the join form, the number filled in.
        pages[1].goto(link)
        pages[1].wait_for_selector("#lobby:not([hidden]) #join-room")
        assert pages[1].input_value("input[name=room_number]") == number
        pages[1].fill("input[name=player_name]", NAMES[1])
        pages[1].click("#join")
        # Chen types the number, and a name taken in the room first: refused, said why.
        pages[2].goto(base + "/")
        pages[2].fill("input[name=room_number]", number)
        pages[2].fill("input[name=player_name]", NAMES[0].lower())
        pages[2].click("#join")
        pages[2].wait_for_function(
            "() => document.querySelector('#join-room-error').textContent.includes('NameTakenError')"
        )
        assert "taken" in pages[2].inner_text("#join-room-error")
        pages[2].fill("input[name=player_name]", NAMES[2])
        pages[2].click("#join")
        # Dee opens the link too, joins, and reloads: the same seat, from the fragment.
        pages[3].goto(link)
        pages[3].fill("input[name=player_name]", NAMES[3])
        pages[3].click("#join")
        for page in pages[1:]:
            page.wait_for_selector("#room:not([hidden]) .room-seat .badge.you")
        pages[3].reload()
        pages[3].wait_for_selector("#room:not([hidden]) .room-seat[data-seat='3'] .badge.you")
        # Every page shows the four names, each seat connected, none ready yet.
        seats_shown = """() => [...document.querySelectorAll('#room-seats .room-seat')].map(li => [
            li.querySelector('.seat-player').textContent, li.dataset.ready, li.dataset.connected])"""
        for page in pages:
            page.wait_for_function(
                f"() => ({seats_shown})().every(([n, r, c]) => n !== '空位 empty' && c === '1')"
            )
            assert [n for n, _, _ in page.evaluate(seats_shown)] == NAMES
        for i, page in enumerate(pages):
            assert page.locator(".room-seat .badge.you").count() == 1
            assert page.locator(f".room-seat[data-seat='{i}'] .badge.you").count() == 1
            assert page.locator(".room-seat .badge.host").count() == 1
            assert page.locator("#room-ready").is_visible()
        assert host.locator("#room-seats button.remove").count() == 3  # the host may remove
        assert pages[1].locator("#room-seats button.remove").count() == 0
        assert pages[1].locator("#room-leave").is_visible()
        assert not pages[1].locator("#room-close").is_visible()
        assert host.evaluate(_CJK_ONLY) == []
        host.screenshot(path=str(ARTIFACTS / "browser-room-waiting.png"), full_page=True)

        # Ready, one after the other: the marks show; the last one deals.
        for i, page in enumerate(pages[:3]):
            page.click("#room-ready")
            host.wait_for_selector(f".room-seat[data-seat='{i}'][data-ready=true] .ready-mark.on")
        assert _get(port, f"/rooms/{number}")["status"] == "waiting"
        assert pages[3].locator("#room-ready").is_visible()
        pages[3].click("#room-ready")
        start = time.monotonic()
        for page in pages:
            page.wait_for_selector("#play:not([hidden]) #board .seat")
            page.wait_for_function("() => document.querySelectorAll('#my-hand .tile').length >= 13")
        assert _get(port, f"/rooms/{number}")["status"] == "playing"
        # the names of the room at the table
        assert NAMES[1] in pages[0].inner_text("#board")

        clicks = _play_until_over(pages, timeout=40)
        played = time.monotonic() - start
        assert clicks > 4

        # The scoreboard on every page: one row, the server's record.
        record = _get(port, f"/rooms/{number}/record")
        assert [m["table"] for m in record["matches"]] == [first]
        (match,) = record["matches"]
        assert match["over"] and len(match["hands"]) == 1
        (row,) = match["hands"]
        assert sum(row["deltas"]) == 0
        expected = _expected_hand("taiyuan", SEED)  # the seeded hand, played as clicked
        assert row["winners"] == list(expected.winners) != []
        assert row["deltas"] == list(expected.deltas)
        assert row["how"] == "discard" and row["discarder"] == expected.discarder
        for page in pages:
            page.wait_for_selector("#scores:not([hidden]) #scoreboard tr.hand-row")
            page.wait_for_function(
                "() => document.querySelector('#scoreboard .match-record').dataset.over === 'true'"
            )
            (shown,) = _scoreboard(page)
            assert shown["deltas"] == row["deltas"] and sum(shown["deltas"]) == 0
            assert shown["totals"] == row["totals"] == match["totals"]
            assert shown["shown"] == [f"{'+' if d > 0 else ''}{d}" for d in row["deltas"]]
            assert shown["items"] == [i["value"] for w in row["wins"] for i in w["items"]]
            assert shown["replay"] == 1
            for w in row["winners"]:
                assert NAMES[w] in shown["winners"]
            assert shown["how"] == f"点炮 on a discard ← {NAMES[row['discarder']]}"
            assert page.locator("#scores-rematch").is_visible()
            assert page.evaluate(_CJK_ONLY) == []
        host.screenshot(path=str(ARTIFACTS / "browser-room-scoreboard.png"), full_page=True)
        # The one match's record, read with a seat's token, is the room's.
        token = host.evaluate("() => state.room.token")
        assert _get(port, f"/tables/{first}/record?token={token}") == match

        # A hand's replay, from the scoreboard, in the replay viewer.
        pages[1].click("#scoreboard tr.hand-row button.replay-hand")
        pages[1].wait_for_function(
            "() => document.querySelector('#rp-pos').textContent.startsWith('0 /')"
        )
        pages[1].click("nav button[data-show=scores]")

        # 再来一局: every page says ready again; the room's next table deals, played there.
        for page in pages:
            page.click("#scores-rematch")
        room = _wait_status(port, number, "playing")
        second = room["table"]
        assert second != first and room["tables"] == [first, second]
        for page in pages:
            page.wait_for_function(f"() => state.table === {json.dumps(second)}")
            page.wait_for_selector("#play:not([hidden]) #board .seat")
            page.wait_for_function("() => document.querySelectorAll('#my-hand .tile').length >= 13")
            assert (
                page.evaluate("() => document.querySelector('#room').dataset.status") == "playing"
            )
        host.screenshot(path=str(ARTIFACTS / "browser-room-rematch.png"), full_page=True)
        # the scoreboard keeps the first match, and the second's (no hand over yet)
        pages[2].click("nav button[data-show=scores]")
        pages[2].wait_for_function(
            "() => document.querySelectorAll('#scoreboard .match-record').length === 2"
        )
        assert played < 45, f"the hand took {played:.1f} s"
        # The one console error: the browser's own line for the refused join (409).
        refused = [e for e in errors if e.startswith(f"{NAMES[2]}: Failed to load resource")]
        assert len(refused) == 1 and "409" in refused[0], errors
        assert [e for e in errors if e not in refused] == []
    finally:
        for context, _ in people:
            context.close()


def test_the_host_removes_a_guest_who_joins_again_and_leaves_then_closes_the_room(
    site: tuple[int, Any],
) -> None:
    """Two people and two bots: a refused join shows the server's message; the host removes
    the guest (whose page says so, back at the join form), who joins again and leaves; the
    host closes the room, which the page then says, and a join of it is refused."""
    port, browser = site
    base = f"http://127.0.0.1:{port}"
    errors: list[str] = []
    people = [_person(browser, errors, name) for name in NAMES[:2]]
    host, guest = (page for _, page in people)
    try:
        host.goto(base + "/")
        host.fill("input[name=host_name]", NAMES[0])
        host.select_option("select[name=seat1]", "human")
        host.select_option("select[name=seat2]", "greedy")
        host.select_option("select[name=seat3]", "expert")
        host.click("#create-room")
        host.wait_for_function(
            "() => /^[0-9]{6}$/.test(document.querySelector('#room-number').textContent)"
        )
        number = host.inner_text("#room-number")
        bots = host.locator("#room-seats .seat-player.bot").all_inner_texts()
        assert bots == ["机器人 bot greedy", "机器人 bot expert"]
        assert host.locator("#room-seats .room-seat[data-kind=greedy][data-ready=true]").count()

        # An unknown number: the server's message in the page.
        guest.goto(base + "/")
        guest.fill("input[name=room_number]", "000000" if number != "000000" else "000001")
        guest.fill("input[name=player_name]", NAMES[1])
        guest.click("#join")
        guest.wait_for_function(
            "() => document.querySelector('#join-room-error').textContent.includes('RoomNotFoundError')"
        )
        guest.fill("input[name=room_number]", number)
        guest.click("#join")
        guest.wait_for_selector("#room:not([hidden]) .room-seat[data-seat='1'] .badge.you")
        host.wait_for_selector(".room-seat[data-seat='1'][data-connected='1']")

        # The host removes the guest: back at the join form, the number filled in, told why.
        host.click(".room-seat[data-seat='1'] button.remove")
        guest.wait_for_selector("#lobby:not([hidden])")
        guest.wait_for_function("() => document.querySelector('#join-room-error').textContent")
        assert guest.input_value("input[name=room_number]") == number
        assert "room" in guest.inner_text("#join-room-error")
        host.wait_for_selector(".room-seat[data-seat='1'] .seat-player.empty")
        assert _get(port, f"/rooms/{number}")["seats"][1]["name"] is None

        # ... joins again, and leaves.
        guest.click("#join")
        guest.wait_for_selector("#room:not([hidden]) .room-seat[data-seat='1'] .badge.you")
        host.wait_for_selector(".room-seat[data-seat='1'] .seat-player:not(.empty)")
        guest.click("#room-leave")
        guest.wait_for_selector("#lobby:not([hidden])")
        assert "you left" in guest.inner_text("#join-room-error")
        assert guest.evaluate("() => location.hash") in ("", "#")
        host.wait_for_selector(".room-seat[data-seat='1'] .seat-player.empty")

        # The host closes the room: the page says so; a join is refused, with the reason.
        host.click("#room-close")
        host.wait_for_selector("#room[data-status=closed]")
        assert "closed" in host.inner_text("#room-note")
        assert not host.locator("#room-ready").is_visible()
        assert _get(port, f"/rooms/{number}")["status"] == "closed"
        guest.click("#join")
        guest.wait_for_function(
            "() => document.querySelector('#join-room-error').textContent.includes('RoomStateError')"
        )
        refused = [e for e in errors if e.startswith(f"{NAMES[1]}: Failed to load resource")]
        assert [("404" in e, "409" in e) for e in refused] == [(True, False), (False, True)]
        assert [e for e in errors if e not in refused] == []
    finally:
        for context, _ in people:
            context.close()


def test_a_rooms_link_opened_at_another_process_moves_to_the_one_that_serves_it(
    sqlite_db: str, chromium: Any
) -> None:
    """Two processes on one database: the room's link, with its token, opened at the
    process that does not serve the room, moves the page to the one that does (its fetch
    asks to be told, 421, instead of a 307 it could not follow), where the seat is shown."""
    ports = [free_port(), free_port()]
    extra = ("--bot-delay", "0", "--claim-wait", "0", "--lease", "1")
    with server_process(sqlite_db, ports[0], *extra), server_process(sqlite_db, ports[1], *extra):
        time.sleep(1)  # both have heartbeated: both are live
        body = {"seats": ["human", "human", "greedy", "greedy"], "name": "Ann"}
        req = urllib.request.Request(
            f"http://127.0.0.1:{ports[0]}/rooms",
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            made = json.loads(r.read())
        # a room is served where it was made
        assert made["url"] == "" or made["url"].endswith(f":{ports[0]}")
        errors: list[str] = []
        context, page = _person(chromium, errors, "Ann")
        page.goto(f"http://127.0.0.1:{ports[1]}/#room={made['room']}&token={made['token']}")
        page.wait_for_url(f"http://127.0.0.1:{ports[0]}/**", timeout=10_000)
        page.wait_for_function("() => document.querySelector('#room').dataset.status === 'waiting'")
        assert page.locator("#room-number").text_content() == made["room"]
        context.close()
        # the only console error: the 421 the page was told to move by
        assert all("421" in e for e in errors), errors
