"""Whole hands from explicit walls (RULES §2–§8): every claim, kong, declaration, win rule,
payment, option and the dealer rotation of a match, with the exact transfers.

Every expected number below is worked out by hand from RULES.md (and the engine decisions
of docs/rules.md where RULES.md is silent); the comment above each expectation shows the
sum. The walls come from ``walls.build_wall``: the hands a scenario needs, the draws in
order (``None`` = any filler tile), the kong replacement draws in order.

Conventions used throughout: dealer seat 0 unless said; ``H69`` is the ready hand
``123m456m789m11p78p`` waiting on 6p / 9p (both worth >= 6, so it may declare); a seat
declares by drawing a useless honor and discarding it face down.
"""

from __future__ import annotations

from collections import Counter

import pytest

import koudiandian as kd
from koudiandian import (
    Action,
    ActionKind,
    Game,
    IllegalActionError,
    Match,
    NotYourTurnError,
    Rules,
    Tile,
    Transfer,
    WinKind,
)
from walls import build_wall, tiles

K = ActionKind
H69 = "123m456m789m11p78p"  # waits 6p, 9p


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------


def T(text: str) -> Tile:
    return Tile.parse(text)


def new_game(
    rules: Rules | None = None,
    *,
    hands=None,
    draws=(),
    replacements=(),
    dealer: int = 0,
    wildcards: str = "",
    scores=(0, 0, 0, 0),
) -> Game:
    rules = Rules() if rules is None else rules
    wall = build_wall(hands or {}, draws, replacements, dealer=dealer, no_honors=rules.no_honors)
    return Game(rules, wall=wall, wildcards=tiles(wildcards), dealer=dealer, scores=scores)


def kinds(game: Game, seat: int) -> set[ActionKind]:
    return {a.kind for a in game.legal_actions(seat)}


def phase(game: Game) -> str:
    return game.view(0).phase


def act(game: Game, seat: int, kind: ActionKind, tile: str | None = None) -> None:
    game.step(seat, Action(kind, None if tile is None else T(tile)))


def pass_claims(game: Game) -> None:
    """Every seat asked about a discard (or added kong) passes; none of them may be offered
    a win (a scenario that expects one answers it itself)."""
    while phase(game) in ("claim", "rob"):
        for s in game.to_act:
            legal = kinds(game, s)
            assert K.WIN not in legal, f"seat {s} unexpectedly offered a win"
            act(game, s, K.PASS)


def discard(game: Game, seat: int, tile: str | None = None, *, passing: bool = True) -> None:
    """``seat`` (whose turn it is) discards ``tile``, or the tile it just drew; then, unless
    ``passing`` is false, every claim on it is passed."""
    assert game.to_act == (seat,), (game.to_act, seat)
    assert phase(game) == "turn"
    if tile is None:
        drawn = game.view(seat).drawn
        assert drawn is not None
        game.step(seat, Action(K.DISCARD, drawn))
    else:
        act(game, seat, K.DISCARD, tile)
    if passing:
        pass_claims(game)


def declare(game: Game, seat: int, tile: str) -> None:
    assert game.to_act == (seat,), (game.to_act, seat)
    act(game, seat, K.DECLARE, tile)
    assert game.view(seat).declared[seat]


def drawn(game: Game, seat: int) -> Tile | None:
    return game.view(seat).drawn


def tr(payer: int, payee: int, amount: int, reason: str = "win", share_of: int | None = None):
    return Transfer(payer, payee, amount, reason, share_of)


def check(game: Game, transfers: list[Transfer], deltas: tuple[int, int, int, int]) -> None:
    """The hand is over and settled with exactly these transfers (in any order) and deltas."""
    assert game.is_over
    res = game.result
    assert res is not None
    key = lambda t: (t.payer, t.payee, t.amount, t.reason, -1 if t.share_of is None else t.share_of)  # noqa: E731
    assert sorted(res.transfers, key=key) == sorted(transfers, key=key)
    assert Counter(res.transfers) == Counter(transfers)
    assert res.deltas == deltas
    assert sum(deltas) == 0
    # the deltas are the transfers, added up
    d = [0, 0, 0, 0]
    for t in transfers:
        d[t.payer] -= t.amount
        d[t.payee] += t.amount
    assert tuple(d) == deltas


def win_each(winner: int, amount: int, payers=None, reason: str = "win") -> list[Transfer]:
    """Each other seat pays its own share to ``winner``."""
    payers = [s for s in range(4) if s != winner] if payers is None else payers
    return [tr(p, winner, amount, reason) for p in payers]


def win_alone(winner: int, payer: int, amount: int, reason: str = "win") -> list[Transfer]:
    """``payer`` pays all three shares (包胡 / 包杠): its own and the two others'."""
    return [
        tr(payer, winner, amount, reason, None if owner == payer else owner)
        for owner in range(4)
        if owner != winner
    ]


def autoplay(game: Game, *, kong: bool = False, until=None) -> None:
    """Play on with a fixed policy until the hand ends (or ``until(game)`` holds): win when
    offered, declare when offered, concealed kong when ``kong``, else discard the drawn tile
    (or, right after a pong, the first tile) and pass every claim."""
    while not game.is_over and not (until and until(game)):
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        by_kind = {}
        for a in legal:
            by_kind.setdefault(a.kind, a)
        for k in (K.SELF_DRAW_WIN, K.WIN, K.DECLARE):
            if k in by_kind:
                game.step(seat, by_kind[k])
                break
        else:
            if kong and K.CONCEALED_KONG in by_kind:
                game.step(seat, by_kind[K.CONCEALED_KONG])
            elif K.PASS in by_kind:
                game.step(seat, by_kind[K.PASS])
            else:
                d = game.view(seat).drawn
                game.step(seat, Action(K.DISCARD, d) if d is not None else by_kind[K.DISCARD])
