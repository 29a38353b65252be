"""``HandResult.haidi`` (issue 22, item 9): what became of the 海底, the wall's last tile,
once a hand reaches it, whether the hand is then won or drawn (docs/events.md). In a won
hand it says who took the last tile (the 海底捞月 winner, the 海底炮 discarder) or that a
kong's replacement took it (so no win on it is a 海底 win and no bird follows); in a drawn
hand it names the next dealer. ``None`` when the hand ends before its last tile and in the
profiles that offer no 海底 (hebei scores 海底捞月 but offers nothing)."""

from __future__ import annotations

import re

from koudiandian import Game, HandResult, Rules
from koudiandian.bots import GreedyBot
from koudiandian.result import Haidi

from tests.support import ROOT
from tests.support.changsha_scenario import haidi_game


def _end_hand_haidi(game: Game) -> object:
    return game.events[-1]["result"]["haidi"]


def test_a_won_hand_says_who_took_the_haidi() -> None:
    """Seat 3 refuses the 海底, the dealer takes it and its discard is won by seat 3
    (海底炮): the result names the dealer as the taker, in the log and its round trip."""
    b = haidi_game()
    b.do(3, "pass")
    b.do(0, "haidi")
    b.do(3, "win")
    res = b.game.result
    assert res.winners == (3,) and res.discarder == 0
    assert res.haidi == Haidi(0, "taken")
    assert _end_hand_haidi(b.game) == {"seat": 0, "how": "taken"}
    assert HandResult.from_dict(res.to_dict()).haidi == Haidi(0, "taken")


def test_a_drawn_hand_names_the_next_dealer_by_the_haidi() -> None:
    """Seat 1 takes the 海底 and nobody wins on its discard: drawn, seat 1 deals next."""
    b = haidi_game(haidi="9p")
    b.do(3, "pass")
    b.do(0, "pass")
    b.do(1, "haidi")
    b.pass_claims()
    res = b.game.result
    assert res.drawn and res.haidi == Haidi(1, "taken")
    assert _end_hand_haidi(b.game) == {"seat": 1, "how": "taken"}
    assert b.game.next_dealer() == 1


def test_a_hand_won_before_its_last_tile_has_no_haidi() -> None:
    for seed in range(40):
        game = Game(Rules.preset("changsha"), seed=seed)
        bots = [GreedyBot(seed=s) for s in range(4)]
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        reached = any(e["type"] == "haidi" for e in game.events) or game.wall_remaining == 0
        assert (game.result.haidi is not None) == reached, seed


def test_hebei_offers_no_haidi() -> None:
    for seed in range(20):
        game = Game(Rules.preset("hebei"), seed=seed)
        bots = [GreedyBot(seed=s) for s in range(4)]
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        assert game.result.haidi is None and _end_hand_haidi(game) is None


def test_the_docs_say_haidi_is_kept_in_a_won_hand() -> None:
    """docs/events.md and the Rust field's doc comment say the same as the engine does."""
    row = re.search(r"^\| `haidi` \| object or `null` \|(.*)$", _read("docs/events.md"), re.M)
    assert row is not None
    assert "nobody won" not in row.group(1) and "won or drawn" in row.group(1)
    field = re.search(r"((?:\s*///.*\n)+)\s*pub haidi:", _read("rust/outcome.rs"))
    assert field is not None
    assert "nobody won" not in field.group(1) and "won or drawn" in field.group(1)


def _read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")
