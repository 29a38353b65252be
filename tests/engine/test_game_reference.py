"""The Rust state machine against its readable Python reference
(``tests/support/reference/game.py``): the same hands, the same decisions, the same legal
actions at every step, the same logs and the same settlements."""

from __future__ import annotations

import math
import random

import pytest
from koudiandian import ActionKind, Game, HandResult, Rules, WinKind

from tests.support import REFERENCE
from tests.support.independence import assert_independent
from tests.support.reference.game import ReferenceGame

OPTION_SETS = {
    "default": Rules(),
    "taiyuan": Rules.preset("taiyuan"),
    "random-wildcard-must-win": Rules(wildcards="random", must_win=True),
    "double-wildcard-kong-options": Rules(
        wildcards="double", kong_keeps_waits=True, delayed_kong=True, feeder_pays_all=True
    ),
    "honor-wildcard-wind-runs": Rules(wildcards="honor", wind_runs=True, draw5_win6=True),
    "no-honors-patterns": Rules(no_honors=True, bonus_patterns=True, dealer_bonus=True),
    "queyimen": Rules.preset("queyimen"),
}

_EAGER = (
    ActionKind.WIN,
    ActionKind.SELF_DRAW_WIN,
    ActionKind.DECLARE,
    ActionKind.KONG,
    ActionKind.ADDED_KONG,
    ActionKind.CONCEALED_KONG,
    ActionKind.PONG,
)


def _check_score_items(result: HandResult, label: str) -> None:
    """A won hand's items multiply to one payer's share before the dealer bonus."""
    if result.winner is None:
        assert result.winners == () and result.score_items == (), label
        return
    assert result.winners == (result.winner,), label
    items = result.score_items
    if items[0].name == "plain":
        # Additive fan (queyimen): the items sum to the fan, paid whole by each payer.
        assert items[0].combine == "base" and items[0].value == 1, label
        assert all(item.combine == "add" for item in items[1:]), label
        assert sum(item.value for item in items) == result.points and result.factor == 1, label
        return
    assert items[0].name == "points" and items[0].combine == "base", label
    assert all(item.combine == "multiply" for item in items[1:]), label
    self_draw = result.win_kind is WinKind.SELF_DRAW
    share = result.points * result.factor * (2 if self_draw else 1)
    assert math.prod(item.value for item in items) == share, f"{label}: {items}"


@pytest.mark.parametrize("name", OPTION_SETS)
def test_rust_engine_matches_reference(name: str) -> None:
    rules = OPTION_SETS[name]
    for seed in range(150):
        fast = Game(rules, seed=seed, dealer=seed % 4)
        slow = ReferenceGame(rules, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        steps = 0
        while True:
            assert fast.to_act == slow.to_act, f"{name} seed {seed} step {steps}: to_act"
            if not fast.to_act:
                break
            seat = rng.choice(fast.to_act)
            legal = fast.legal_actions(seat)
            assert legal == slow.legal_actions(seat), f"{name} seed {seed} step {steps}: legal"
            eager = [a for a in legal if a.kind in _EAGER]
            action = rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(legal)
            fast.step(seat, action)
            slow.step(seat, action)
            steps += 1
        label = f"{name} seed {seed}"
        assert fast.result is not None and slow.result is not None
        _check_score_items(fast.result, label)
        assert fast.events == slow.events, f"{label}: event logs differ"
        assert fast.result == slow.result, f"{label}: results differ"
        for seat in range(4):
            assert fast.view(seat) == slow.view(seat), f"{label}: view of seat {seat}"


#: What the reference may take from the package: plain data types and errors.
_PLAIN_MODULES = {"action", "errors", "meld", "result", "rules", "score", "tile", "view"}
_PLAIN_NAMES = {
    "Action",
    "ActionKind",
    "action_of",
    "Bird",
    "Haidi",
    "HandResult",
    "WinSummary",
    "WinValue",
    "MeldKind",
    "MeldView",
    "Pattern",
    "Rules",
    "ScoreItem",
    "SeatView",
    "TILES",
    "Tile",
    "Transfer",
    "WinKind",
}


def test_reference_is_independent_of_the_engine() -> None:
    """Every module of the reference (``tests/support/reference/``) takes only plain data
    types from the package: no evaluator (``_core``, ``koudiandian.hand``), no settlement, no
    private helper of ``koudiandian.game``; and of the tests only the reference's own
    modules."""
    modules = sorted(REFERENCE.glob("*.py"))
    assert {"game.py", "hands.py", "switches.py"} <= {m.name for m in modules}, modules
    for path in modules:
        assert_independent(path, _PLAIN_MODULES, _PLAIN_NAMES)


def test_rust_engine_matches_reference_with_greedy_play_queyimen() -> None:
    """Random play rarely wins under 缺一门; greedy bots (with some random moves) win most
    hands, so every fan item and both payment shapes are compared."""
    from koudiandian.bots import GreedyBot

    rules = Rules.preset("queyimen")
    names: set[str] = set()
    for seed in range(150):
        fast = Game(rules, seed=seed, dealer=seed % 4)
        slow = ReferenceGame(rules, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        bots = [GreedyBot(seed=seed * 4 + s) for s in range(4)]
        while fast.to_act:
            assert fast.to_act == slow.to_act, f"queyimen seed {seed}: to_act"
            seat = rng.choice(fast.to_act)
            legal = fast.legal_actions(seat)
            assert legal == slow.legal_actions(seat), f"queyimen seed {seed}: legal"
            if rng.random() < 0.15:
                action = rng.choice(legal)
            else:
                action = bots[seat].act(fast.view(seat), legal)
            fast.step(seat, action)
            slow.step(seat, action)
        label = f"queyimen greedy seed {seed}"
        assert fast.result is not None and slow.result is not None
        _check_score_items(fast.result, label)
        assert fast.events == slow.events, f"{label}: event logs differ"
        assert fast.result == slow.result, f"{label}: results differ"
        names |= {i.name for i in fast.result.score_items}
    assert {"plain", "self_draw", "all_one_suit"} <= names, names
