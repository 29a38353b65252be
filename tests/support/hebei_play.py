"""Playing a hand of profile ``hebei`` (中原河北麻将, ``RULES-hebei.md``) on the Rust engine or
on the readable reference (``tests/support/reference/``: the game with the ``hebei`` switches,
``hebei.py`` and ``hebei_score.py``), for ``tests/profiles/hebei/``: the game's constructor,
the moves (pass the claims and act, discard the drawn tile, play out the wall), the events
read back, the check of a settled hand's transfers; and the option sets and eager actions
of the seeded and random play.

The two waiting hands used throughout:

- ``W1`` = 123m 456p 789p 23s 99m, waiting on 1s / 4s (a two-sided wait);
- ``W2`` = 456m 123p 789p 56s 11m, waiting on 4s / 7s.

Either, completed by 4s without melds, no 混 and no flowers, is worth 门清 ×2 · 素和 ×2 = 4
(every suit present, no 边 / 卡 / 吊); a dealer winner doubles it (庄). ``IND`` (西) as the
indicator makes the 混 北 (4z), which no scenario hand holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from koudiandian import Action, ActionKind, Game, Rules, Transfer

from tests.support.reference.game import ReferenceGame
from tests.support.reference.switches import HebeiOptions

K = ActionKind


PASS = Action(K.PASS)


W1 = "123m 456p 789p 23s 99m"


W2 = "456m 123p 789p 56s 11m"


IND = "3z"  # 西: the 混 is 北


IMPLS = ("engine", "reference")


def new_game(
    impl: str,
    wall: list[int],
    *,
    dealer: int = 0,
    factors: Sequence[int] = (),
    **options: bool,
) -> Any:
    """A hand of ``hebei`` with these options on ``wall``: the engine's or the reference's
    (with the brute-force scorer; ``factors``, the contract's factors worked out by hand,
    are documentation here: :func:`test_factors_follow_the_contract` checks them)."""
    if impl == "engine":
        return Game(Rules(profile="hebei", **options), wall=wall, dealer=dealer)
    return ReferenceGame(HebeiOptions(**options), wall=wall, dealer=dealer)


def act(g: Any, seat: int, action: Action) -> None:
    """Pass every other seat asked about a discard until ``seat`` is to act; then act."""
    while seat not in g.to_act:
        assert g.to_act, f"the hand is over; seat {seat} cannot {action}"
        other = g.to_act[0]
        assert PASS in g.legal_actions(other), (other, g.legal_actions(other))
        g.step(other, PASS)
    g.step(seat, action)


def drawn(g: Any, seat: int) -> int:
    """The tile ``seat`` drew last (its last ``draw`` event; the dealer's first turn: the
    last tile of its hand's kind order that it may discard)."""
    for e in reversed(g.events):
        if e["type"] == "draw" and e["seat"] == seat:
            return int(e["tile"])
    return int(g.legal_actions(seat)[-1].tile)


def discard_drawn(g: Any, seat: int) -> None:
    act(g, seat, Action(K.DISCARD, drawn(g, seat)))


def play_out(g: Any) -> None:
    """Everyone passes every claim and discards what it draws, to the end of the wall."""
    while g.to_act:
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        if PASS in legal:
            g.step(seat, PASS)
        else:
            g.step(seat, Action(K.DISCARD, drawn(g, seat)))


def after(g: Any, kind: str) -> list[dict[str, Any]]:
    """The events from the first of type ``kind`` on."""
    ev: list[dict[str, Any]] = g.events
    i = next(i for i, e in enumerate(ev) if e["type"] == kind)
    return ev[i:]


def typed(g: Any, *kinds: str) -> list[dict[str, Any]]:
    return [e for e in g.events if e["type"] in kinds]


def win_factors(g: Any) -> list[int]:
    return [w.factor for w in g.result.wins]


def T(payer: int, payee: int, amount: int, reason: str) -> Transfer:
    return Transfer(payer, payee, amount, reason)


def check_end(g: Any, transfers: list[Transfer], next_dealer: int) -> None:
    """The hand is over with exactly these transfers, deltas that follow them, and this
    next dealer."""
    r = g.result
    assert g.is_over and r is not None
    assert list(r.transfers) == transfers
    d = [0, 0, 0, 0]
    for t in transfers:
        d[t.payer] -= t.amount
        d[t.payee] += t.amount
    assert list(r.deltas) == d and sum(d) == 0
    assert g.next_dealer() == next_dealer


# -- the seeded and random play ----------------------------------------------------------------

OPTION_SETS: dict[str, dict[str, bool]] = {
    "default": {},
    "no-flowers": {"flowers": False},
    "no-hun": {"hun": False},
    "pao-all-three-pay-voids": {"pao": True, "all_three_pay": True, "draw_voids_kongs": True},
}


EAGER = (K.WIN, K.SELF_DRAW_WIN, K.KONG, K.ADDED_KONG, K.CONCEALED_KONG, K.PONG, K.CHOW)
