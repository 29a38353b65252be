"""Profile ``hebei`` (中原河北麻将): the Rust engine against the readable reference
(``tests/support/reference/``: the game with the ``hebei`` switches, ``hebei.py`` and
``hebei_score.py``) on seeded hands with random decisions and with greedy bots, the greedy
bot's bids, and the reference's independence of the engine."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from koudiandian import Game, Rules

from tests.support import REFERENCE
from tests.support.hebei_play import EAGER, OPTION_SETS
from tests.support.independence import assert_independent
from tests.support.reference.game import ReferenceGame
from tests.support.reference.hebei import score_options, unit_scorer


def _without_factors(result: Any) -> Any:
    """A result with every win's factor, items and value, the win payments and the deltas
    blanked: what the state machine decides, apart from the score of each win."""
    if result is None:
        return None
    return dataclasses.replace(
        result,
        factor=0,
        score_items=(),
        wins=tuple(dataclasses.replace(w, factor=0, score_items=(), value=()) for w in result.wins),
        transfers=tuple(
            dataclasses.replace(t, amount=0) if t.reason == "win" else t for t in result.transfers
        ),
        deltas=(0, 0, 0, 0),
    )


def _events_without_factors(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for e in events:
        if e["type"] == "end_hand":
            r = e["result"]
            e = {
                **e,
                "result": {
                    **r,
                    "factor": 0,
                    "score_items": [],
                    "wins": [{**w, "factor": 0, "score_items": [], "value": []} for w in r["wins"]],
                    "transfers": [
                        {**t, "amount": 0} if t["reason"] == "win" else t for t in r["transfers"]
                    ],
                    "deltas": [0, 0, 0, 0],
                },
            }
        out.append(e)
    return out


def _same_scores(fast: Any, slow: Any, label: str) -> None:
    """Each win's factor is the brute force's, its items one of the best item lists, and
    with those the results and logs are the same."""
    assert fast.result.winners == slow.result.winners, label
    for w_fast, w_slow in zip(fast.result.wins, slow.result.wins):
        counts = [0] * 34
        for tile in slow.hand(w_slow.seat):
            counts[tile] += 1
        context = slow.win_context(w_slow.seat)
        melds = [(int(k), t) for k, t, _src in slow.melds(w_slow.seat)]
        factor, options = score_options(counts, melds, int(w_slow.tile), context)
        assert w_fast.factor == factor == w_slow.factor, f"{label}: factor of seat {w_fast.seat}"
        assert w_fast.score_items in options, f"{label}: items of seat {w_fast.seat}"
    if all(w.score_items == v.score_items for w, v in zip(fast.result.wins, slow.result.wins)):
        assert fast.result == slow.result, label
        assert fast.events == slow.events, label


def _view(g: Any, seat: int) -> Any:
    """``g.view(seat)`` without its result and the running scores that follow it (results
    are compared on their own)."""
    view = dataclasses.replace(g.view(seat), result=None)
    if hasattr(view, "running"):  # a SeatView of issue 37
        view = dataclasses.replace(view, running=(0, 0, 0, 0))
    return view


@pytest.mark.parametrize("name", OPTION_SETS)
def test_engine_matches_reference(name: str) -> None:
    """150 seeded hands per option set, random decisions (eager claims 70% of the time):
    the same seats to act and legal actions at every step, the views of the seats to act
    every other step and every seat's view every fourth step, the same events, result,
    hands, views and next dealer at the end, apart from each win's score
    (:func:`test_engine_matches_reference_greedy` compares those)."""
    options = OPTION_SETS[name]
    rules = Rules(profile="hebei", **options)
    for seed in range(150):
        fast = Game(rules, seed=seed, dealer=seed % 4)
        # scores are compared in the greedy test; the placeholder scorer saves time here
        slow = ReferenceGame(rules, seed=seed, dealer=seed % 4, scorer=unit_scorer)
        rng = random.Random(seed)
        step = 0
        assert fast.events == slow.events, f"{name} seed {seed}: the deal"
        while True:
            label = f"{name} seed {seed} step {step}"
            assert fast.to_act == slow.to_act, f"{label}: to_act"
            for seat in range(4) if step % 4 == 0 else fast.to_act if step % 2 else ():
                assert _view(fast, seat) == _view(slow, seat), f"{label}: view of seat {seat}"
            if not fast.to_act:
                break
            seat = rng.choice(fast.to_act)
            legal = fast.legal_actions(seat)
            assert legal == slow.legal_actions(seat), f"{label}: legal actions of seat {seat}"
            eager = [a for a in legal if a.kind in EAGER]
            action = rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(legal)
            fast.step(seat, action)
            slow.step(seat, action)
            step += 1
        label = f"{name} seed {seed}"
        assert _events_without_factors(fast.events) == _events_without_factors(slow.events), (
            f"{label}: event logs differ"
        )
        assert _without_factors(fast.result) == _without_factors(slow.result), label
        assert fast.next_dealer() == slow.next_dealer(), f"{label}: next dealer"
        for seat in range(4):
            assert fast.hand(seat) == slow.hand(seat), f"{label}: hand {seat}"
            assert _view(fast, seat) == _view(slow, seat), f"{label}: final view {seat}"


_GREEDY = [
    pytest.param("default", False, id="default"),
    pytest.param("pao-all-three-pay-voids", False, id="pao-all-three-pay-voids"),
    pytest.param("default", True, id="default-scores"),
    pytest.param("pao-all-three-pay-voids", True, id="pao-all-three-pay-voids-scores"),
]


@pytest.mark.parametrize(("name", "scores"), _GREEDY)
def test_engine_matches_reference_greedy(name: str, scores: bool) -> None:
    """Random play wins a third of the hands; greedy bots (15% random moves) win nearly all,
    with chows, kongs and now and then several winners: the same comparison on 150 hands,
    and (``scores``) every win's factor and items against the brute-force scorer."""
    from koudiandian.bots import GreedyBot

    options = OPTION_SETS[name]
    rules = Rules(profile="hebei", **options)
    for seed in range(150):
        fast = Game(rules, seed=seed, dealer=seed % 4)
        slow = ReferenceGame(rules, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        bots = [GreedyBot(seed=seed * 4 + s) for s in range(4)]
        while fast.to_act:
            assert fast.to_act == slow.to_act, f"{name} greedy seed {seed}: to_act"
            seat = rng.choice(fast.to_act)
            legal = fast.legal_actions(seat)
            assert legal == slow.legal_actions(seat), f"{name} greedy seed {seed}: legal"
            if rng.random() < 0.15:
                action = rng.choice(legal)
            else:
                action = bots[seat].act(fast.view(seat), legal)
            fast.step(seat, action)
            slow.step(seat, action)
        label = f"{name} greedy seed {seed}"
        assert slow.is_over, f"{label}: to_act"
        assert _events_without_factors(fast.events) == _events_without_factors(slow.events), (
            f"{label}: event logs differ"
        )
        assert _without_factors(fast.result) == _without_factors(slow.result), label
        assert fast.next_dealer() == slow.next_dealer(), label
        if scores:
            _same_scores(fast, slow, label)


def test_greedy_bot_bids() -> None:
    from koudiandian.bots import GreedyBot

    g = Game(Rules(profile="hebei", pao=True), seed=1)
    legal = g.legal_actions(0)
    assert GreedyBot(seed=0).act(g.view(0), legal) in legal


# -- the reference stays independent ----------------------------------------------------------

_PLAIN = {"action", "errors", "meld", "result", "rules", "score", "tile", "view"}


def test_reference_is_independent_of_the_engine() -> None:
    """The reference's ``hebei`` modules (``tests/support/reference/hebei.py``,
    ``hebei_score.py``) take only plain data types from the package (no ``_core``, no
    evaluator, no settlement); ``tests/support/walls_hebei.py`` none at all."""
    for name in ("hebei.py", "hebei_score.py"):
        assert_independent(REFERENCE / name, _PLAIN)
    assert_independent(REFERENCE.parent / "walls_hebei.py", ())
