"""What a program that runs its own clocks needs of the engine (issue 34, items 3 and 4): a
match numbers each seat's decisions and refuses a late or repeated action as the game
server does (``Match.decision``, ``Match.step(..., decision=n)``), and the engine names
the action it would take for a seat whose player does not act (``Game.default_action``:
the expert's choice from the seat's own view)."""

from __future__ import annotations

import random

import pytest
from koudiandian import Match, Rules
from koudiandian.bots import ExpertBot
from koudiandian.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    NotYourTurnError,
    StaleDecisionError,
)

PROFILES = ["taiyuan", "queyimen", "hebei,pao", "changsha", "guobiao"]


@pytest.mark.parametrize("rules", PROFILES)
def test_a_late_or_repeated_action_is_refused_and_changes_nothing(rules: str) -> None:
    rng = random.Random(rules)
    match = Match(Rules.parse(rules), seed=3, length=2)
    steps = 0
    while not match.is_over:
        seat = rng.choice(match.to_act)
        number = match.decision(seat)
        assert number is not None and number >= 1
        for s in range(4):  # asked exactly when it is to act
            assert (match.decision(s) is None) == (s not in match.to_act)
        action = rng.choice(match.legal_actions(seat))
        before = match.to_json()
        for stale in (number - 1, number + 1):  # taken already / not offered yet
            if stale >= 1:
                with pytest.raises(StaleDecisionError):
                    match.step(seat, action, decision=stale)
                assert match.to_json() == before  # refused before the engine saw it
        match.step(seat, action, decision=number)
        steps += 1
        if not match.is_over and seat not in match.to_act:
            with pytest.raises(StaleDecisionError):  # the same message, sent twice
                match.step(seat, action, decision=number)
    assert steps > 50


def test_numbers_follow_the_actions_alone() -> None:
    """A match rebuilt from its JSON (its actions) numbers every seat's decisions as the
    one that played them."""
    rng = random.Random(7)
    match = Match(Rules.preset("taiyuan"), seed=9, length=2)
    for _ in range(120):
        if match.is_over:
            break
        seat = rng.choice(match.to_act)
        match.step(seat, rng.choice(match.legal_actions(seat)))
    again = Match.from_json(match.to_json())
    assert [again.decision(s) for s in range(4)] == [match.decision(s) for s in range(4)]


def test_decision_arguments_are_checked() -> None:
    match = Match(seed=1)
    seat = match.to_act[0]
    for bad in (4, -1, True, "0"):
        with pytest.raises(InvalidArgumentError):
            match.decision(bad)  # type: ignore[arg-type]
    for bad in ("1", 1.0, True):
        with pytest.raises(ArgumentTypeError):
            match.step(seat, match.legal_actions(seat)[0], decision=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", PROFILES)
def test_the_default_action_is_the_experts_from_the_seats_view(rules: str) -> None:
    """At every decision of random play, the default action is legal, and it is what the
    expert bot chooses from the seat's view alone (no hidden state reaches it)."""
    rng = random.Random(rules)
    expert = ExpertBot()
    match = Match(Rules.parse(rules), seed=5, length=2)
    checked = 0
    while not match.is_over:
        for seat in match.to_act:
            legal = match.legal_actions(seat)
            chosen = match.default_action(seat)
            assert chosen in legal
            view = match.view(seat)
            assert expert.act(view, legal) == chosen
            checked += 1
        seat = rng.choice(match.to_act)
        match.step(seat, rng.choice(match.legal_actions(seat)))
    assert checked > 50
    with pytest.raises(NotYourTurnError):
        match.default_action(0)


def test_the_default_action_of_a_seat_not_to_act_is_refused() -> None:
    match = Match(seed=2)
    idle = next(s for s in range(4) if s not in match.to_act)
    with pytest.raises(NotYourTurnError):
        match.game.default_action(idle)
    with pytest.raises(InvalidArgumentError):
        match.game.default_action(7)
