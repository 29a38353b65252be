"""The browser's log reads every event of a hand that goes on after a win in words: the
decisions before play (a seat's own picks and void suit, the exchanges, the void suits
revealed), the winners who leave, the payments made as the hand goes, as a seat and as a
spectator sees them (``tiles.js``'s ``describeEvent``, from the names of ``GET /names``)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from koudiandian import Game, Tile  # noqa: E402
from koudiandian.bots import GreedyBot  # noqa: E402

from tests.support.browser import CHROMIUM  # noqa: E402
from tests.support.browser_table import open_page, serve_site  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")

#: Each event as the page's log writes it: its parts as text, tiles by name.
_LINES = """(events) => events.map((e) => describeEvent(e)
    .map((p) => Array.isArray(p) ? p.map(tileName).join("") : String(p)).join(""))"""


def _played_tiny_hand() -> Game:
    """A seeded tiny hand of greedy bots in which a winner left and play went on."""
    for seed in range(50):
        game = Game("tiny", seed=seed)
        bot = GreedyBot()
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, bot.act(game.view(seat), game.legal_actions(seat)))
        if any(e["type"] == "leave" for e in game.events):
            return game
    raise AssertionError("no tiny hand of 50 where a winner left")


def test_a_tiny_hand_reads_in_words_to_a_seat_and_a_spectator(db: str, chromium: Any) -> None:
    game = _played_tiny_hand()
    with serve_site(db, chromium) as (port, browser):
        errors: list[str] = []
        page = open_page(browser, errors)
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_function("() => Object.keys(NAMES.events.types).length > 0")
        for viewer in (0, None):
            events = game.events_for(viewer)[1:-1]  # between the deal and the settlement
            lines = page.evaluate(_LINES, events)
            assert len(lines) == len(events)
            for e, line in zip(events, lines, strict=True):
                assert not any(bad in line for bad in ("undefined", "[object", "?")), (e, line)
            by_type = {e["type"]: line for e, line in zip(events, lines, strict=True)}
            assert "换三张" in by_type["exchange"] and "定缺" in by_type["void"]
            assert "离场" in by_type["leave"] and "→" in by_type["pay"]
            if viewer == 0:  # its own picks and void suit, named
                own = [
                    (e, line)
                    for e, line in zip(events, lines, strict=True)
                    if e["type"] == "answer" and e["action"] in ("exchange", "void")
                ]
                assert len(own) == 3
                for e, line in own:
                    name = (
                        str(Tile(e["tile"])) if e["action"] == "exchange" else "万筒条"[e["tile"]]
                    )
                    assert line.endswith(name), (e, line)
        assert errors == []
