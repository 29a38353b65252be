"""A hand that decides before play and goes on after a win (血战到底), played by clicking in a
real headless Chromium shown no CJK font, at a ``tiny`` table (the test profile with every
such mechanism) against three greedy bots: the person picks the tiles it passes on by
clicking them in its hand (each pick marked, the tiles it may not pick dimmed) and its void
suit by a button (万 筒 条); every seat's void suit shows as a badge, each seat's score is
the running one, a seat that wins and leaves is shown out with the tiles it showed and its
win, and each payment floats by the seats it moves as it is made (+1 ←, −1 →). A spectator
sees the same public parts, and the replay viewer shows them step by step. Screenshots are
kept in ``artifacts/`` (or ``$KOUDIANDIAN_ARTIFACTS``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from koudiandian import Action, ActionKind, Match, Rules  # noqa: E402
from koudiandian.simulate import BOTS  # noqa: E402

from tests.support.browser import ARTIFACTS, CHROMIUM  # noqa: E402
from tests.support.browser_table import TILES_DRAWN, get, open_page, post, serve_site  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")

_SUITS = "万筒条"

#: What the page shows, read at each of the person's decisions.
_SNAPSHOT = """() => {
  const seats = [...document.querySelectorAll('#board .seat')].map((seat) => ({
    seat: Number(seat.dataset.seat),
    void: (seat.querySelector('.badge.void') || {}).textContent || null,
    running: Number(seat.querySelector('.score').dataset.running),
    left: seat.classList.contains('left'),
    shown: [...seat.querySelectorAll('.hand.shown .tile')].map((t) => Number(t.dataset.tile)),
    departure: (seat.querySelector('.departure') || {}).textContent || null,
    departureTile: Number((seat.querySelector('.departure .tile') || {dataset: {}}).dataset.tile),
  }));
  const v = state.view;
  return {
    over: !document.querySelector('#settlement').hidden,
    pending: state.pending,
    phase: v && v.phase,
    running: v && v.running,
    voids: v && v.voids,
    picked: v ? v.picked : [],
    hand: v ? v.hand : [],
    legal: state.legal.map((a) => a.kind),
    exchange: state.legal.filter((a) => a.kind === 'exchange').map((a) => a.tile),
    seats: seats.sort((a, b) => a.seat - b.seat),
    playable: [...document.querySelectorAll('#my-hand .tile.playable')].map((t) => Number(t.dataset.tile)),
    dimmed: [...document.querySelectorAll('#my-hand .tile.dimmed')].map((t) => Number(t.dataset.tile)),
    pickedShown: [...document.querySelectorAll('#my-hand .tile.picked')].map((t) => Number(t.dataset.tile)),
    voidButtons: [...document.querySelectorAll('#actions button.act-void')].map((b) => b.textContent),
    heldBySuit: [0, 1, 2].map((k) => (v ? v.hand : []).filter((t) => Math.floor(t / 9) === k).length),
    message: document.querySelector('#message').textContent,
    note: (document.querySelector('#actions .exchange-note') || {}).textContent || null,
  };
}"""

#: Every payment float ever drawn on the board, as "seat:text" (the board is redrawn on
#: every view: a set keeps each once).
_WATCH_FLOATS = """() => {
  window.floatsSeen = new Set();
  const board = document.querySelector('#board');
  new MutationObserver(() => {
    for (const f of board.querySelectorAll('.pay-float')) {
      window.floatsSeen.add(`${f.closest('.seat').dataset.seat}:${f.textContent}`);
    }
  }).observe(board, { childList: true, subtree: true });
}"""


@pytest.fixture
def site(db: str, chromium: Any) -> Iterator[tuple[int, Any]]:
    """A server over ``db`` on a free port, and the headless Chromium."""
    with serve_site(db, chromium) as served:
        yield served


def _ready(page: Any) -> dict[str, Any]:
    """The page once the person may act (or the hand is over): its snapshot."""
    page.wait_for_function(
        "() => !document.querySelector('#settlement').hidden"
        " || (state.legal.length > 0 && !state.pending)",
        timeout=20_000,
    )
    return page.evaluate(_SNAPSHOT)


def _floats(transfers: list[dict[str, Any]]) -> set[str]:
    """The floats a payment draws: each seat it moves, its net amount."""
    out = set()
    for s in range(4):
        net = sum(t["amount"] * ((t["payee"] == s) - (t["payer"] == s)) for t in transfers)
        if net:
            out.add(f"{s}:+{net} ←" if net > 0 else f"{s}:−{-net} →")
    return out


def _person(legal: list[Action]) -> Action:
    """What the test clicks: a win; before play the highest tile it may pick, then the
    void suit 条 (s); a pass when asked about another seat's tile; else its lowest discard."""
    kinds = {a.kind for a in legal}
    for kind in (ActionKind.SELF_DRAW_WIN, ActionKind.WIN):
        if kind in kinds:
            return next(a for a in legal if a.kind is kind)
    if ActionKind.EXCHANGE in kinds:
        return max((a for a in legal if a.kind is ActionKind.EXCHANGE), key=lambda a: a.tile)
    if ActionKind.VOID in kinds:
        return Action.void("s")
    if ActionKind.PASS in kinds:
        return Action(ActionKind.PASS)
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    return min(discards, key=lambda a: int(a.tile or 0))


def _seed(rules: str) -> int:
    """The first seed whose hand, the person at seat 0 playing as :func:`_person` against
    the server's greedy bots, has another seat win and leave, paid as it wins, and asks the
    person again after it (the person never leaving)."""
    for seed in range(1, 60):
        match = Match(Rules.parse(rules), seed=seed, length=1)
        game = match.game
        bots = [BOTS["greedy"](seed + s) for s in range(4)]
        asked_after = 0
        while not game.is_over:
            s = game.to_act[0]
            legal = game.legal_actions(s)
            if s == 0:
                asked_after += any(e["type"] == "leave" for e in game.events)
                action = _person(legal)
            else:
                action = bots[s].act(game.view(s), legal)
            match.step(s, action)
        result = game.result
        assert result is not None
        leaves = [e for e in game.events if e["type"] == "leave"]
        if leaves and result.left[0] is None and asked_after > 2:
            return seed
    raise AssertionError(f"no {rules} hand where a winner leaves and the person plays on")


@pytest.mark.parametrize("rules", ["tiny", "sichuan"])
def test_a_person_decides_before_play_and_sees_winners_leave(
    site: tuple[int, Any], rules: str
) -> None:
    port, browser = site
    t = post(port, "/tables", {"rules": rules, "seed": _seed(rules), "bot_delay": 0})
    table, token, watch = t["id"], t["tokens"][0], t["watch_token"]
    errors: list[str] = []
    page = open_page(browser, errors)
    page.goto(f"http://127.0.0.1:{port}/#table={table}&token={token}")
    spectator = open_page(browser, errors)
    spectator.goto(f"http://127.0.0.1:{port}/#table={table}&token={watch}")
    page.wait_for_selector("#my-hand .tile")
    page.evaluate(_WATCH_FLOATS)

    picks: list[int] = []
    dimmed = 0  # tiles seen dimmed while picking
    notes: list[str] = []  # what the page said while picking
    snapshots: list[dict[str, Any]] = []
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the hand did not end"
        s = _ready(page)
        snapshots.append(s)
        assert not s["message"], s["message"]  # no click was refused
        if s["over"]:
            break
        # The score beside each seat is the running one.
        assert [x["running"] for x in s["seats"]] == s["running"]
        if s["exchange"]:
            # Click the highest tile it may pick; the ones picked so far are marked, the
            # others it may not pick dimmed.
            assert sorted(s["pickedShown"]) == sorted(s["picked"]) == sorted(picks)
            assert set(s["playable"]) == set(s["exchange"])
            rest = list(s["hand"])
            for k in s["picked"]:
                rest.remove(k)
            assert sorted(s["dimmed"]) == sorted(k for k in rest if k not in s["exchange"])
            dimmed += len(s["dimmed"])
            notes.append(s["note"])
            if picks:
                page.screenshot(path=str(ARTIFACTS / f"browser-play-on-{rules}-exchange.png"))
            tile = max(s["exchange"])
            page.locator(f'#my-hand .tile.playable[data-tile="{tile}"]').first.click()
            picks.append(tile)
            page.wait_for_function(  # the pick taken (or, the last, the tiles passed)
                "() => state.view.phase !== 'exchange'"
                f" || state.view.picked.length === {len(picks)}"
            )
        elif "void" in s["legal"]:
            # 万 筒 条, each with the number of its tiles in the hand.
            held = s["heldBySuit"]
            assert s["voidButtons"] == [f"{c} {x} ×{n}" for c, x, n in zip(_SUITS, "mps", held)]
            page.screenshot(path=str(ARTIFACTS / f"browser-play-on-{rules}-void.png"))
            page.click("#actions button.act-void[data-suit=s]")
        else:
            for kind in ("self_draw_win", "win", "pass"):
                if kind in s["legal"]:
                    page.click(f"#actions button.act[data-kind={kind}]")
                    break
            else:
                tile = min(s["playable"])
                page.locator(f'#my-hand .tile.playable[data-tile="{tile}"]').first.click()
        page.wait_for_function("() => !state.pending || state.legal.length === 0")

    full = get(port, f"/tables/{table}/hands/0?token={token}")["events"]
    # The tiles clicked were the ones passed on; the suit clicked is its void suit.
    mine = next(e for e in full if e["type"] == "exchange" and e["seat"] == 0)
    assert mine["tiles"] == picks and len(picks) == Rules.parse(rules).exchange_tiles
    voids = [e["suit"] for e in full if e["type"] == "void"]
    if rules == "sichuan":  # three of one suit: once one is picked, the other suits dimmed
        assert len({k // 9 for k in picks}) == 1 and dimmed > 0
        # The direction drawn for the hand is said while picking: the seat the tiles go to.
        direction = full[0]["exchange_direction"]
        assert all(f"{direction}, seat {mine['to']}" in n for n in notes), (direction, notes)
    assert voids[0] == 2
    # Once declared, every seat's void suit is a badge by the seat.
    playing = [s for s in snapshots if s["phase"] == "turn"]
    assert playing and all(
        [x["void"] for x in s["seats"]] == [f"缺{_SUITS[v]}" for v in voids] for s in playing
    )
    assert any(any(s["running"]) for s in playing)  # a score moved during the hand
    # Each seat that left is shown out, with the tiles it showed and its winning tile, at
    # every decision of the person after it left.
    leaves = [e for e in full if e["type"] == "leave"]
    assert leaves and all(e["seat"] != 0 for e in leaves)
    for e in leaves:
        win = next(w for w in full if w["type"] == "win" and w["seat"] == e["seat"])
        after = [s for s in playing if s["seats"][e["seat"]]["left"]]
        assert after, f"seat {e['seat']} was never seen out"
        for s in after:
            shown = s["seats"][e["seat"]]
            assert shown["shown"] == e["hand"]
            assert shown["departure"].startswith("胡 离场 won, left")
            assert shown["departureTile"] == win["tile"]
    page.screenshot(path=str(ARTIFACTS / f"browser-play-on-{rules}-over.png"))
    assert page.evaluate(TILES_DRAWN) == []
    # Every payment made as played floated by the seats it moved.
    seen = set(page.evaluate("() => [...window.floatsSeen]"))
    pays = [e for e in full if e["type"] == "pay"]
    assert pays
    for e in pays:
        assert _floats(e["transfers"]) <= seen, (e, seen)

    # The spectator sees the void suits, the running scores and the seats that left.
    spectator.wait_for_selector("#settlement:not([hidden])")
    seats = spectator.evaluate(_SNAPSHOT)["seats"]
    deltas = next(e for e in full if e["type"] == "end_hand")["result"]["deltas"]
    assert [x["void"] for x in seats] == [f"缺{_SUITS[v]}" for v in voids]
    assert [x["running"] for x in seats] == deltas
    assert [x["seat"] for x in seats if x["left"]] == sorted(e["seat"] for e in leaves)
    assert spectator.evaluate("() => state.view.hand") == []  # nothing hidden shown
    spectator.screenshot(path=str(ARTIFACTS / f"browser-play-on-{rules}-spectator.png"))

    # The replay viewer: at the step of the first leave, the seat is out with its tiles
    # and its win's payment floats.
    page.click("nav button[data-show=replay]")
    page.fill("#replay-hand", "0")
    page.click("#replay-load-table")
    page.wait_for_function("() => replay.frames.length > 0")
    step = page.evaluate(
        "() => replay.frames.findIndex((f) => f.events.some((e) => e.type === 'leave'))"
    )
    assert step > 0
    page.evaluate(f"() => step({step})")
    out = leaves[0]["seat"]
    board = f'#replay-board .seat[data-seat="{out}"]'
    assert page.locator(f"{board}.left .departure").count() == 1
    assert page.locator(f"{board} .pay-float.still.plus").count() == 1
    shown = page.evaluate(
        f"() => [...document.querySelectorAll('{board} .hand.shown .tile')]"
        ".map((t) => Number(t.dataset.tile))"
    )
    assert shown == leaves[0]["hand"]
    page.screenshot(path=str(ARTIFACTS / f"browser-play-on-{rules}-replay.png"))
    assert errors == []
