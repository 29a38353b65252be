"""The decisions before play as Python actions: ``exchange <tile>`` (换三张, one pick per
decision) and ``void <suit>`` (定缺), in every shape a caller writes an action, stepped on a
``tiny`` hand (the test profile that asks both), and typed at the terminal prompt."""

from __future__ import annotations

import io
import pickle
import random

import pytest
from koudiandian import (
    Action,
    ActionKind,
    ArgumentTypeError,
    Game,
    IllegalActionError,
    Tile,
)
from koudiandian.action import read_action
from koudiandian.prompt import ask


def test_the_kinds_and_their_codes() -> None:
    assert (ActionKind.EXCHANGE, ActionKind.VOID) == (14, 15)
    assert Action.exchange("3m").code == 14 * 34 + 2
    assert Action.void("s").code == 15 * 34 + 2
    assert ActionKind.EXCHANGE.takes_tile and not ActionKind.VOID.takes_tile


@pytest.mark.parametrize(
    ("action", "text", "data"),
    [
        (Action.exchange("3m"), "exchange 3m", {"kind": "exchange", "tile": 2}),
        (Action.exchange(Tile.parse("7z")), "exchange 7z", {"kind": "exchange", "tile": 33}),
        (Action.void("m"), "void m", {"kind": "void", "tile": 0}),
        (Action.void(1), "void p", {"kind": "void", "tile": 1}),
        (Action.void("S"), "void s", {"kind": "void", "tile": 2}),
    ],
)
def test_text_and_objects_read_back(action: Action, text: str, data: dict[str, object]) -> None:
    assert str(action) == text and action.to_dict() == data
    assert Action.parse(text) == action == Action.parse(text.upper())
    assert Action.from_dict(data) == action == read_action(text) == read_action(data)


def test_a_void_suit_reads_as_its_letter_or_number() -> None:
    assert Action.from_dict({"kind": "void", "tile": "p"}) == Action.void(1)
    assert Action("void", "s") == Action(ActionKind.VOID, 2) == Action(15, 2)
    for bad in (3, -1, "z", "1", None):
        with pytest.raises(IllegalActionError, match="VOID needs a suit"):
            Action.void(bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        Action.void(1.0)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="EXCHANGE needs a tile"):
        Action.parse("exchange")


def test_a_tiny_hand_is_stepped_in_every_shape() -> None:
    game = Game("tiny", seed=4)
    assert game.phase == "exchange" and game.to_act == (0, 1, 2, 3)
    for seat in range(4):
        first, second = game.legal_actions(seat)[:2]
        assert {a.kind for a in game.legal_actions(seat)} == {ActionKind.EXCHANGE}
        game.step(seat, str(first))  # "exchange 4m"
        game.step(seat, second.to_dict())
    assert game.phase == "void"
    # Each pick is logged at once as an answer only its seat sees, then the four revealed.
    assert [e["type"] for e in game.events[1:]] == ["answer"] * 8 + ["exchange"] * 4
    assert [e["type"] for e in game.events_for(1)[1:]] == ["answer"] * 2 + ["exchange"] * 4
    assert game.legal_actions(0) == [Action.void(s) for s in "mps"]
    game.step(0, "void p")
    game.step(1, {"kind": "void", "tile": "s"})
    game.step(2, {"kind": "void", "tile": 0})
    with pytest.raises(IllegalActionError):
        game.step(3, "discard 1m")
    game.step(3, Action.void(2))
    voids = [e for e in game.events if e["type"] == "void"]
    assert [(e["seat"], e["suit"]) for e in voids] == [(0, 1), (1, 2), (2, 0), (3, 2)]
    assert game.phase == "turn" and game.to_act == (game.dealer,)
    # Past the decisions before play, a saved game plays on as the original.
    copy = pickle.loads(pickle.dumps(game))
    assert copy == game and copy.legal_actions(game.dealer) == game.legal_actions(game.dealer)


def test_the_prompt_takes_typed_exchange_and_void() -> None:
    game = Game("tiny", seed=1)
    legal = game.legal_actions(0)
    replies = iter(["exchange 9z", f"exchange {legal[1].tile}"])
    out = io.StringIO()
    chosen = ask(game.view(0), legal, "mpsz", out, lambda: next(replies), 1)
    assert chosen == legal[1]
    assert "pick 2 tiles to pass on (换三张), one at a time (2 left)" in out.getvalue()
    assert f"exchange (换三张) {legal[1].tile}" in out.getvalue()
    for seat in range(4):
        for _ in range(2):
            game.step(seat, game.default_action(seat))
    for reply, suit in (("void p", 1), ("定缺 条", 2), ("void (定缺) m 万", 0), ("2", 1)):
        out = io.StringIO()
        chosen = ask(game.view(0), game.legal_actions(0), "mpsz", out, lambda r=reply: r, 1)
        assert chosen == Action.void(suit), reply
    assert "declare a suit void (定缺)" in out.getvalue()


def test_a_tiny_hand_replays_and_round_trips_from_every_decision() -> None:
    """The log replays to the same game, cut at any decision (between two seats' picks too:
    each pick is logged at once) and whole, and a JSON copy plays on as the original."""
    for seed in range(4):
        game = Game("tiny", seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        copies: list[Game] = []
        while not game.is_over:
            seat = game.to_act[0]
            if rng.random() < 0.1:
                assert Game.replay(game.events).legal_actions(seat) == game.legal_actions(seat)
                copies.append(Game.from_json(game.to_json()))
            action = rng.choice(game.legal_actions(seat))
            for g in (game, *copies):
                g.step(seat, action)
        assert Game.replay(game.events) == game
        assert all(c.events == game.events and c.result == game.result for c in copies)
