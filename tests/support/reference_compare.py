"""One step of a hand compared between the engine (``Game``) and the reference engine
(``ReferenceGame``): who must act, every seat's legal actions, and the views a seat has at
that moment (the seat on turn; every seat during the decisions before play). The
comparison tests of the profiles that play on after a win (``tiny``, ``sichuan``) walk a
hand with it."""

from __future__ import annotations

from koudiandian import Game

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
