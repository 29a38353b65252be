"""A hand compared between the engine (``Game``) and the reference engine
(``ReferenceGame``): at every step who must act, every seat's legal actions, and the views a
seat has at that moment (the seat on turn; every seat during the decisions before play);
at the end the logs, results and views, and the reference's log replayed by the engine. The
comparison tests of the profiles that play on after a win (``tiny``, ``sichuan``) play
their hands with it."""

from __future__ import annotations

import random
from collections.abc import Callable

from koudiandian import Game
from koudiandian.action import action_from_code

from tests.support.reference.game import ReferenceGame


def check_step(fast: Game, slow: ReferenceGame, where: str) -> None:
    """Assert that both engines agree now; ``where`` names the step in a failure."""
    assert fast.to_act == slow.to_act, f"{where}: to_act"
    for seat in range(4):
        legal = list(fast.engine.legal_actions(seat))
        mine = [a.code for a in slow.legal_actions(seat)]
        assert legal == mine, f"{where}: legal actions of seat {seat}"
    if fast.phase == "turn":  # the seat on turn sees its drawn tile, its waits
        assert fast.view(fast.engine.turn()) == slow.view(slow.turn), f"{where}: view"
    elif fast.phase in ("exchange", "void"):  # each seat sees its own picks, its void
        for seat in range(4):
            assert fast.view(seat) == slow.view(seat), f"{where}: view of seat {seat}"


#: A test's choice of ``seat``'s action among its ``legal`` codes in ``game``.
Choose = Callable[[Game, int, list[int], random.Random], int]


def play_both(
    fast: Game,
    slow: ReferenceGame,
    rng: random.Random,
    choose: Choose,
    label: str,
    before_step: Callable[[int, int], None] | None = None,
) -> None:
    """Play one hand to its end under both engines, a seat to act drawn by ``rng`` and its
    action by ``choose`` (``before_step(seat, code)`` sees each before it is taken),
    checking every step and the end; ``label`` names the hand in a failure."""
    step = 0
    while True:
        check_step(fast, slow, f"{label} step {step}")
        if not fast.to_act:
            break
        seat = rng.choice(fast.to_act)
        code = choose(fast, seat, list(fast.engine.legal_actions(seat)), rng)
        if before_step is not None:
            before_step(seat, code)
        fast.engine.step(seat, code)
        slow.step(seat, action_from_code(code))
        step += 1
    events = fast.events
    assert events == slow.events, f"{label}: event logs differ"
    assert fast.result is not None and fast.result == slow.result, f"{label}: results"
    for seat in range(4):
        assert fast.view(seat) == slow.view(seat), f"{label}: view of seat {seat}"
    assert Game.replay(slow.events).events == events, f"{label}: the reference's log replays"
