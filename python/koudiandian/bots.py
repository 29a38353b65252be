"""Bots: anything with ``act(view, legal_actions) -> Action`` can play a seat.

The protocol (:class:`Bot`): ``act`` receives the seat's :class:`SeatView` and its legal
actions (never empty) and returns one of those actions. It must not keep a reference to the
view beyond the call. A bot may be stateful; :func:`koudiandian.simulate` builds fresh bots
for every hand from a factory, so a bot sees one hand at a time. The view a simulation
passes is computed when first used, so a bot that never reads it costs nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from . import _core
from .action import Action, action_from_code
from .view import SeatView

__all__ = ["Bot", "RandomBot", "GreedyBot"]


@runtime_checkable
class Bot(Protocol):
    """Plays one seat: returns one of ``legal_actions`` for the seat whose ``view`` it is."""

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniform over the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self._rng.randrange(len(legal_actions))]


class GreedyBot:
    """A one-step greedy player: wins whenever it may; discards to the lowest shanten, then
    the most live winning tiles (of those it has not seen), then the highest-value wait;
    declares ready (报听) as soon as it can, with its best declarable discard; kongs and
    pongs when that does not raise its shanten; once declared, makes every kong it is
    offered. The policy runs in the Rust core (``rust/greedy.rs``) on what the view shows.
    Deterministic: ``seed`` is accepted for a uniform bot factory and ignored."""

    def __init__(self, seed: int | None = None) -> None:
        del seed

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        fast = getattr(view, "greedy_action", None)  # a simulation's view of a live game
        if fast is not None:
            code = fast()
        else:
            code = _core.greedy_choice(view.to_dict(), view.rules, [a.code for a in legal_actions])
        action = action_from_code(code)
        return action if action in legal_actions else legal_actions[0]
