"""Turn clocks, 托管 (auto-play) and dismiss votes (解散) in the browser, end to end: four
people, each in a browser context of their own of a real headless Chromium (shown no CJK
font), sit in a room of four human seats on a server on 127.0.0.1.

Three play by clicking and one does not: its clock runs out, the server plays it (托管), and
every page shows the mark on its seat until it takes the seat back (收回). Then one proposes to
dismiss the match: a refusal lets play resume, the next proposal is accepted by all and every
page shows the match dismissed, and by whom.
Screenshots are kept in ``artifacts/`` (or ``$KOUDIANDIAN_ARTIFACTS``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from tests.server.test_server_browser_rooms import _act, _get, _person  # noqa: E402
from tests.support.browser import ARTIFACTS, CHROMIUM  # noqa: E402
from tests.support.browser_table import post as _post  # noqa: E402
from tests.support.server_util import free_port, server_process  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
NAMES = ["Ann", "Bo", "Chen", "Dee"]
IDLE = 3  # the seat whose player stops playing
# Short clocks: a decision of the seat's turn waits 3 s, a claim 2 s, no bank.
CLOCK = {"turn": 3, "claim": 2, "bank": 0}

# What a page shows: the room's status, the seat's choices, the 托管 marks and clocks.
_STATE = """() => ({
  status: document.querySelector('#room').dataset.status || null,
  kinds: [...document.querySelectorAll('#actions button.act')].map(b => b.dataset.kind),
  playable: document.querySelectorAll('#my-hand .tile.playable').length,
  message: document.querySelector('#message').textContent,
  auto: [...document.querySelectorAll('#board .seat')]
    .filter(s => s.querySelector('.seat-auto')).map(s => Number(s.dataset.seat)),
  clocks: [...document.querySelectorAll('#board .seat .clock')]
    .map(c => [Number(c.closest('.seat').dataset.seat), Number(c.dataset.left)]),
  mine: [...document.querySelectorAll('#my-clock .clock')].map(c => c.textContent),
  takeBack: !document.querySelector('#take-back').hidden,
})"""


@pytest.fixture
def site(sqlite_db: str, chromium: Any) -> Iterator[tuple[int, Any]]:
    """A server over a SQLite file on a free port of 127.0.0.1, and the Chromium."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = free_port()
    extra = ("--bot-delay", "0", "--claim-wait", "0.05", "--max-tables-per-minute", "5000")
    with server_process(sqlite_db, port, *extra):
        yield port, chromium


def _seat_four(port: int, browser: Any, errors: list[str], **spec: Any) -> tuple[str, list[Any]]:
    """A room of four human seats made with ``spec``, each joined by a page of its own (by
    its link with the token) which says ready; returns the room's number and the contexts
    with their pages, once every page shows its hand."""
    made = _post(port, "/rooms", {"seats": ["human"] * 4, "name": NAMES[0], **spec})
    number = made["room"]
    tokens = [made["token"]]
    for name in NAMES[1:]:
        tokens.append(_post(port, f"/rooms/{number}/join", {"name": name})["token"])
    people = [_person(browser, errors, name) for name in NAMES]
    for (_, page), token in zip(people, tokens):
        page.set_default_timeout(15_000)
        page.goto(f"http://127.0.0.1:{port}/#room={number}&token={token}")
        page.wait_for_selector("#room:not([hidden]) #room-ready")
        page.click("#room-ready")
    for _, page in people:
        page.wait_for_selector("#play:not([hidden]) #board .seat")
        page.wait_for_function("() => document.querySelectorAll('#my-hand .tile').length >= 13")
    return number, people


def _play_until(
    pages: list[Any],
    playing: list[bool],
    done: Callable[[list[dict[str, Any]]], bool],
    timeout: float,
    seen: list[list[dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """The pages of ``playing`` click what their seats are asked until ``done(states)``
    holds for the pages' states (:data:`_STATE`), which it returns; every reading of the
    states is appended to ``seen``."""
    deadline = time.monotonic() + timeout
    while True:
        states = [p.evaluate(_STATE) for p in pages]
        if seen is not None:
            seen.append(states)
        if done(states):
            return states
        assert time.monotonic() < deadline, f"not done in {timeout} s: {states}"
        acted = False
        for page, s, plays in zip(pages, states, playing):
            assert not s["message"], s["message"]  # no click was refused
            if plays and s["status"] == "playing" and (s["kinds"] or s["playable"]):
                acted = _act(page, s) or acted
        if not acted:
            pages[0].wait_for_timeout(30)


def test_a_seat_whose_clock_runs_out_goes_on_auto_play_on_every_page_and_takes_it_back(
    site: tuple[int, Any],
) -> None:
    port, browser = site
    errors: list[str] = []
    number, people = _seat_four(port, browser, errors, match=4, clock=CLOCK)
    pages = [page for _, page in people]
    try:
        room = _get(port, f"/rooms/{number}")
        assert room["clock"]["turn"] == 3 and room["clock"]["bank"] == 0
        assert [s["auto"] for s in room["seats"]] == [False] * 4
        assert all(p.locator("#dismiss").is_visible() for p in pages)
        assert not any(p.locator("#take-back").is_visible() for p in pages)

        # Three play, Dee does not: within a few seconds her seat is played by the server,
        # and every page marks it.
        seen: list[list[dict[str, Any]]] = []
        start = time.monotonic()
        states = _play_until(
            pages,
            [s != IDLE for s in range(4)],
            lambda ss: all(s["auto"] == [IDLE] for s in ss),
            25,
            seen,
        )
        took = time.monotonic() - start
        assert took < 15, f"托管 came after {took:.1f} s"
        # Before it did: clocks on the seats on turn (3 s at most), and Dee's own with the bank.
        assert any(0 <= left <= 3 for ss in seen for s in ss for _, left in s["clocks"])
        mine = [m for ss in seen for m in ss[IDLE]["mine"]]
        assert mine and all("倒计时 clock" in m and "bank" in m for m in mine), mine
        for page, s in zip(pages, states):
            mark = page.locator(f"#board .seat[data-seat='{IDLE}'] .seat-auto")
            assert mark.inner_text() == "托管 Auto-play"
            assert s["takeBack"] == (page is pages[IDLE])
        assert "收回 Take back" in pages[IDLE].inner_text("#take-back")
        assert _get(port, f"/rooms/{number}")["seats"][IDLE]["auto"] is True
        pages[0].screenshot(path=str(ARTIFACTS / "browser-clock-auto.png"), full_page=True)

        # She takes her seat back and plays again: the mark is gone on every page.
        pages[IDLE].click("#take-back")
        _play_until(pages, [True] * 4, lambda ss: all(s["auto"] == [] for s in ss), 10)
        for page in pages:
            page.wait_for_selector("#take-back", state="hidden")
        assert _get(port, f"/rooms/{number}")["seats"][IDLE]["auto"] is False

        # A seat not on 托管 cannot take itself back: refused, and said so.
        pages[1].evaluate("() => sendControl({type: 'resume'})")
        pages[1].wait_for_function(
            "() => document.querySelector('#message').textContent.includes('AutoPlayError')"
        )
        assert errors == []
    finally:
        for context, _ in people:
            context.close()


def test_a_dismiss_vote_refused_then_accepted_dismisses_the_match_on_every_page(
    site: tuple[int, Any],
) -> None:
    port, browser = site
    errors: list[str] = []
    # Long clocks: nobody plays while the votes are taken.
    number, people = _seat_four(
        port, browser, errors, match=4, clock={"turn": 60, "claim": 30, "bank": 0}
    )
    pages = [page for _, page in people]
    try:
        # Bo proposes (the button asks first); every page shows the vote, his answer given.
        pages[1].click("#dismiss")
        pages[1].click("#dismiss-yes")
        for page in pages:
            page.wait_for_selector("#vote:not([hidden])")
            assert page.get_attribute("#vote", "data-by") == "1"
            assert NAMES[1] in page.inner_text("#vote-by")
            page.wait_for_selector("#vote .vote-seat[data-seat='1'][data-vote=true]")
            assert page.locator("#vote .clock").count() == 1
            assert not page.locator("#dismiss").is_visible()
        assert not pages[1].locator("#vote-accept").is_visible()  # the proposer's vote is in
        for page in pages[2:]:
            assert page.locator("#vote-accept").is_visible()
            assert page.locator("#vote-refuse").is_visible()
        assert "同意 Accept" in pages[0].inner_text("#vote-accept")
        assert "拒绝 Refuse" in pages[0].inner_text("#vote-refuse")
        # Ann accepts: the others see her answer; her buttons are gone.
        pages[0].click("#vote-accept")
        for page in pages:
            page.wait_for_selector("#vote .vote-seat[data-seat='0'][data-vote=true]")
        assert not pages[0].locator("#vote-accept").is_visible()
        pages[0].screenshot(path=str(ARTIFACTS / "browser-dismiss-vote.png"), full_page=True)
        # Chen refuses: the vote closes, play resumes on every page.
        pages[2].click("#vote-refuse")
        for page in pages:
            page.wait_for_selector("#vote", state="hidden")
            page.wait_for_selector("#vote-outcome[data-outcome=resumed]:not([hidden])")
            assert "继续 Play resumes" in page.inner_text("#vote-outcome")
            page.wait_for_selector("#dismiss:not([hidden])")
        assert _get(port, f"/rooms/{number}")["status"] == "playing"

        # Bo may not propose again so soon: refused, and said so.
        pages[1].click("#dismiss")
        pages[1].click("#dismiss-yes")
        pages[1].wait_for_function(
            "() => document.querySelector('#message').textContent.includes('DismissVoteError')"
        )
        # Dee proposes; the three others accept: the match is dismissed on every page.
        pages[3].click("#dismiss")
        pages[3].click("#dismiss-yes")
        for page in pages[:3]:
            page.click("#vote-accept")
        for i, page in enumerate(pages):
            page.wait_for_selector("#room[data-status=over]", state="attached")
            assert page.locator("#info .match-end[data-dismissed='3']").count() == 1
            assert "dismissed" in (page.text_content("#info .match-end") or "")
            # the scoreboard says so, naming who proposed it
            page.wait_for_selector("#scores:not([hidden]) .match-record[data-dismissed='3']")
            head = page.inner_text("#scoreboard .match-record h3")
            assert "已解散 dismissed" in head and NAMES[3] in head, (i, head)
            assert not page.locator("#vote").is_visible()
        (match,) = _get(port, f"/rooms/{number}/record")["matches"]
        assert match["dismissed"] == {"by": 3} and match["over"]
        pages[0].screenshot(path=str(ARTIFACTS / "browser-dismissed.png"), full_page=True)
        assert errors == []
    finally:
        for context, _ in people:
            context.close()
