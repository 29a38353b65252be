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


def _step_policy(obj, game: Game, declare, kong: bool) -> None:
    seat = obj.to_act[0]
    by_kind: dict[ActionKind, Action] = {}
    for a in obj.legal_actions(seat):
        by_kind.setdefault(a.kind, a)
    if K.SELF_DRAW_WIN in by_kind:
        obj.step(seat, by_kind[K.SELF_DRAW_WIN])
    elif K.WIN in by_kind:
        obj.step(seat, by_kind[K.WIN])
    elif K.DECLARE in by_kind and seat in declare:
        obj.step(seat, by_kind[K.DECLARE])
    elif kong and K.CONCEALED_KONG in by_kind:
        obj.step(seat, by_kind[K.CONCEALED_KONG])
    elif K.PASS in by_kind:
        obj.step(seat, by_kind[K.PASS])
    else:
        d = game.view(seat).drawn
        obj.step(seat, Action(K.DISCARD, d) if d is not None else by_kind[K.DISCARD])


def autoplay(game: Game, *, declare=(), kong: bool = False) -> None:
    """Play the hand out with a fixed policy: win whenever offered, declare (seats in
    ``declare`` only) when offered, make concealed kongs when ``kong``, else pass every
    claim and discard the drawn tile (right after a pong: the first legal discard)."""
    while not game.is_over:
        _step_policy(game, game, declare, kong)


def autoplay_match_hand(match: Match, *, declare=(), kong: bool = False) -> None:
    """The same policy for the current hand of a match, until that hand is settled."""
    n = len(match.results)
    while len(match.results) == n:
        _step_policy(match, match.game, declare, kong)


# ---------------------------------------------------------------------------------------
# §4 / §5.1: self-draw and discard wins; 点炮包胡 vs 三家均摊
# ---------------------------------------------------------------------------------------


def seat1_self_draws_9p(rules: Rules | None = None) -> Game:
    """Seat 1 declares on its first draw (1z face down), then self-draws 9p."""
    g = new_game(rules, hands={1: H69}, draws=["1z", None, None, None, "9p"])
    discard(g, 0)
    assert drawn(g, 1) == T("1z")
    assert Action(K.DECLARE, T("1z")) in g.legal_actions(1)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    assert g.to_act == (1,)
    assert drawn(g, 1) == T("9p")
    assert kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    return g


def test_self_draw_win_each_pays_2p():
    g = seat1_self_draws_9p()
    res = g.result
    assert (res.winner, res.win_kind, res.discarder, res.win_tile, res.points, res.factor) == (
        1, WinKind.SELF_DRAW, None, T("9p"), 9, 1,
    )
    # p = 9, self-draw: 2p = 18 from each other seat
    check(g, win_each(1, 18), (-18, 54, -18, -18))
    assert g.events[-2]["type"] == "win" and g.events[-2]["auto"] is False


def test_discard_win_undeclared_discarder_pays_all_three_shares():
    g = new_game(hands={1: H69}, draws=["1z", "6p"])
    discard(g, 0)
    declare(g, 1, "1z")
    assert drawn(g, 2) == T("6p")
    discard(g, 2, passing=False)
    assert g.to_act == (1,)
    assert g.legal_actions(1) == [Action(K.WIN), Action(K.PASS)]
    act(g, 1, K.WIN)
    res = g.result
    assert (res.winner, res.win_kind, res.discarder, res.win_tile, res.points) == (
        1, WinKind.DISCARD, 2, T("6p"), 6,
    )
    # 点炮包胡: seat 2 pays the three shares of p = 6: 3p = 18
    check(g, win_alone(1, 2, 6), (0, 18, -18, 0))


H3_2Z = "123s456s789s555z2z"  # waits 2z (tanki)


@pytest.mark.parametrize(
    "rules, expected, deltas",
    [
        # 三家均摊: each of the three other seats pays p = 9 (the discarder too)
        (Rules(), win_each(1, 9), (-9, 27, -9, -9)),
        # the dealer's share is 5 more: 9 + 5
        (Rules(dealer_bonus=True), win_each(1, 9) + [tr(0, 1, 5, "dealer_bonus")], (-14, 32, -9, -9)),
        # feeder_pays_all binds only an undeclared discarder: nothing moves
        (Rules(feeder_pays_all=True), win_each(1, 9), (-9, 27, -9, -9)),
    ],
    ids=["default", "dealer_bonus", "feeder_pays_all"],
)
def test_discard_win_declared_discarder_three_seats_share(rules, expected, deltas):
    g = new_game(rules, hands={1: H69, 3: H3_2Z}, draws=["1z", None, "3z", None, None, None, "9p"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    declare(g, 3, "3z")
    discard(g, 0)
    # seat 1 (declared) draws filler and discards it by itself: it is never asked
    assert g.to_act == (2,)
    auto = [e for e in g.events if e["type"] == "discard" and e["seat"] == 1]
    assert [e["auto"] for e in auto] == [False, True]
    discard(g, 2, passing=False)
    # seat 3 (declared) draws 9p, which does not complete its hand: discarded for it
    assert g.to_act == (1,)
    last = [e for e in g.events if e["type"] == "discard"][-1]
    assert (last["seat"], last["tile"], last["auto"]) == (3, int(T("9p")), True)
    act(g, 1, K.WIN)
    assert g.result.discarder == 3 and g.result.declared == (False, True, False, True)
    check(g, expected, deltas)


# ---------------------------------------------------------------------------------------
# §5.3: dealer bonus and its self-draw doubling
# ---------------------------------------------------------------------------------------

DB = Rules(dealer_bonus=True)
DBX = Rules(dealer_bonus=True, dealer_selfdraw_double=True)


@pytest.mark.parametrize(
    "rules, bonus, deltas",
    [
        (Rules(), None, (-18, 54, -18, -18)),
        # only the dealer's share is 5 more: 18 + 5
        (DB, 5, (-23, 59, -18, -18)),
        # self-draw: the bonus is 10: 18 + 10
        (DBX, 10, (-28, 64, -18, -18)),
    ],
    ids=["default", "dealer_bonus", "selfdraw_double"],
)
def test_non_dealer_self_draw_dealer_bonus(rules, bonus, deltas):
    g = seat1_self_draws_9p(rules)
    expected = win_each(1, 18) + ([tr(0, 1, bonus, "dealer_bonus")] if bonus else [])
    check(g, expected, deltas)


@pytest.mark.parametrize(
    "rules, bonus, deltas",
    [
        (Rules(), None, (54, -18, -18, -18)),
        # every share is owed to the dealer: 18 + 5 each
        (DB, 5, (69, -23, -23, -23)),
        # 18 + 10 each
        (DBX, 10, (84, -28, -28, -28)),
    ],
    ids=["default", "dealer_bonus", "selfdraw_double"],
)
def test_dealer_self_draw(rules, bonus, deltas):
    g = new_game(rules, hands={0: H69 + "1z"}, draws=[None, None, None, "9p"])
    assert drawn(g, 0) == T("1z")
    declare(g, 0, "1z")
    discard(g, 1)
    discard(g, 2)
    discard(g, 3)
    assert g.to_act == (0,) and drawn(g, 0) == T("9p")
    act(g, 0, K.SELF_DRAW_WIN)
    expected = win_each(0, 18) + ([tr(s, 0, bonus, "dealer_bonus") for s in (1, 2, 3)] if bonus else [])
    check(g, expected, deltas)


@pytest.mark.parametrize(
    "rules, deltas",
    [
        (Rules(), (27, 0, -27, 0)),
        # non-dealer feeds the dealer: 3p + 15 = 27 + 15
        (DB, (42, 0, -42, 0)),
        # the doubling is for self-draws only: still + 15
        (DBX, (42, 0, -42, 0)),
    ],
    ids=["default", "dealer_bonus", "selfdraw_double"],
)
def test_non_dealer_feeds_dealer(rules, deltas):
    g = new_game(rules, hands={0: H69 + "1z"}, draws=[None, "9p"])
    declare(g, 0, "1z")
    discard(g, 1)
    discard(g, 2, "9p", passing=False)
    assert g.to_act == (0,)
    act(g, 0, K.WIN)
    expected = win_alone(0, 2, 9)
    if rules.dealer_bonus:
        expected += win_alone(0, 2, 5, "dealer_bonus")
    check(g, expected, deltas)


@pytest.mark.parametrize(
    "rules, deltas",
    [
        (Rules(), (-27, 27, 0, 0)),
        # the dealer feeds another seat: 3p + 5 = 27 + 5 (only its own share has the bonus)
        (DB, (-32, 32, 0, 0)),
        (DBX, (-32, 32, 0, 0)),
    ],
    ids=["default", "dealer_bonus", "selfdraw_double"],
)
def test_dealer_feeds_non_dealer(rules, deltas):
    g = new_game(rules, hands={0: "9p", 1: H69}, draws=["1z", None, None, None])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, "9p", passing=False)
    assert g.to_act == (1,)
    act(g, 1, K.WIN)
    expected = win_alone(1, 0, 9)
    if rules.dealer_bonus:
        expected.append(tr(0, 1, 5, "dealer_bonus"))
    check(g, expected, deltas)


@pytest.mark.parametrize(
    "rules, deltas",
    [
        (Rules(), (27, -9, -9, -9)),
        # the dealer wins on a declared seat's discard: each share p + 5 = 14
        (DB, (42, -14, -14, -14)),
    ],
    ids=["default", "dealer_bonus"],
)
def test_dealer_wins_on_declared_discard(rules, deltas):
    g = new_game(rules, hands={0: H69 + "1z", 3: H3_2Z}, draws=[None, None, "3z", None, None, None, "9p"])
    declare(g, 0, "1z")
    discard(g, 1)
    discard(g, 2)
    declare(g, 3, "3z")
    # seat 0's draw is discarded for it
    assert g.to_act == (1,)
    discard(g, 1)
    discard(g, 2, passing=False)
    assert g.to_act == (0,)
    act(g, 0, K.WIN)
    expected = win_each(0, 9)
    if rules.dealer_bonus:
        expected += [tr(s, 0, 5, "dealer_bonus") for s in (1, 2, 3)]
    check(g, expected, deltas)


# ---------------------------------------------------------------------------------------
# §4: the point thresholds (default and draw5_win6), 报听 needs a winning tile worth >= 6
# ---------------------------------------------------------------------------------------


def wait_then_self_draw(rules: Rules, hand: str, tile: str) -> Game:
    """Seat 1 declares on ``hand``; seat 2 draws ``tile`` and discards it (a win on it is
    never offered); seat 1 then draws ``tile`` itself. Returns the game at that point."""
    g = new_game(rules, hands={1: hand}, draws=["1z", tile, None, None, tile])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    # worth < 6: no win on a discard, nobody else is asked
    assert g.to_act == (3,) and phase(g) == "turn"
    discard(g, 3)
    discard(g, 0, passing=False)
    return g


def test_wait_worth_3_cannot_win_on_discard_but_can_by_self_draw():
    # waits 3p and 6p: at least one >= 6, so seat 1 may declare
    g = wait_then_self_draw(Rules(), "123m456m789m11p45p", "3p")
    assert g.to_act == (1,) and kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    assert g.result.points == 3
    # self-draw of p = 3: 2p = 6 each
    check(g, win_each(1, 6), (-6, 18, -6, -6))


@pytest.mark.parametrize(
    "rules, hand, tile, wins, deltas",
    [
        # waits 4p / 7p; a 4 may be self-drawn by default (2 x 4 = 8 each) ...
        (Rules(), "123m456m789m11p56p", "4p", True, (-8, 24, -8, -8)),
        # ... not under 摸五胡六 (1-4 never)
        (Rules(draw5_win6=True), "123m456m789m11p56p", "4p", False, None),
        # waits 5p / 8p: a 5 is self-drawn under both (2 x 5 = 10 each)
        (Rules(), "123m456m789m11p67p", "5p", True, (-10, 30, -10, -10)),
        (Rules(draw5_win6=True), "123m456m789m11p67p", "5p", True, (-10, 30, -10, -10)),
        # waits 3p / 6p: 摸五胡六 refuses a self-drawn 3 too
        (Rules(draw5_win6=True), "123m456m789m11p45p", "3p", False, None),
    ],
    ids=["4-default", "4-draw5_win6", "5-default", "5-draw5_win6", "3-draw5_win6"],
)
def test_self_draw_thresholds(rules, hand, tile, wins, deltas):
    g = wait_then_self_draw(rules, hand, tile)
    if wins:
        assert g.to_act == (1,) and kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
        act(g, 1, K.SELF_DRAW_WIN)
        p = T(tile).points
        check(g, win_each(1, 2 * p), deltas)
    else:
        # the drawn winning tile is discarded for seat 1: it was never asked
        assert g.to_act == (2,) and not g.is_over
        last = [e for e in g.events if e["type"] == "discard"][-1]
        assert (last["seat"], last["tile"], last["auto"]) == (1, int(T(tile)), True)


def test_wait_worth_1_or_2_never_wins_but_the_other_wait_does():
    # waits 2s (worth 2: never) and 8s (worth 8: declarable, wins on a discard)
    g = new_game(hands={1: "123m456m789m22s88s"}, draws=["1z", "2s", None, None, "2s", "8s"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    assert g.to_act == (3,)
    discard(g, 3)
    discard(g, 0, passing=False)
    # the self-drawn 2s is not a win either: discarded for seat 1
    assert g.to_act == (2,) and drawn(g, 2) == T("8s")
    discard(g, 2, passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.WIN, K.PASS}
    act(g, 1, K.WIN)
    check(g, win_alone(1, 2, 8), (0, 24, -24, 0))


def test_declaring_needs_a_winning_tile_worth_6():
    # waits 1p / 4p only: ready, but no winning tile worth >= 6, so no 报听
    g = new_game(hands={1: "123m456m789m99s23p"}, draws=["1z"])
    discard(g, 0)
    assert drawn(g, 1) == T("1z")
    assert K.DECLARE not in kinds(g, 1)
    assert Action(K.DISCARD, T("1z")) in g.legal_actions(1)
    # waits 3p / 6p: one of them is worth 6, enough
    g = new_game(hands={1: "123m456m789m11p45p"}, draws=["1z"])
    discard(g, 0)
    assert [a for a in g.legal_actions(1) if a.kind is K.DECLARE] == [Action(K.DECLARE, T("1z"))]


# ---------------------------------------------------------------------------------------
# §4: the face-down 报听 discard and the declared seat's automatic discards
# ---------------------------------------------------------------------------------------


def test_face_down_declaration_discard_is_hidden_and_not_claimable():
    # seat 3 declares first, waiting on 2z alone; seat 2 holds a pair of 2z; seat 1 then
    # declares with 2z face down: neither the win nor the pong is offered.
    g = new_game(
        hands={1: H69, 2: "2z2z", 3: H3_2Z},
        draws=[None, None, "3z", None, "2z", None, None, None, "9p"],
    )
    discard(g, 0)
    discard(g, 1)
    discard(g, 2)
    declare(g, 3, "3z")
    discard(g, 0)
    assert drawn(g, 1) == T("2z")
    declare(g, 1, "2z")
    assert g.to_act == (2,) and phase(g) == "turn"
    # hidden from the other seats, visible to the declarer
    for other in (0, 2, 3):
        assert g.view(other).discards[1][-1] is None
        ev = [e for e in g.events_for(other) if e["type"] == "discard" and e["seat"] == 1][-1]
        assert ev["tile"] is None and ev["declare"] is True
    assert g.view(1).discards[1][-1] == T("2z")
    ev = [e for e in g.events_for(1) if e["type"] == "discard" and e["seat"] == 1][-1]
    assert ev["tile"] == int(T("2z")) and ev["declare"] is True
    assert g.view(0).discards[3] == (None,)  # seat 3's declaration too
    assert g.view(0).declared == (False, True, False, True)
    discard(g, 2)
    # seat 3 is declared: its draw is discarded for it, it is never in to_act
    assert g.to_act == (0,)
    discard(g, 0)
    assert g.to_act == (1,) and drawn(g, 1) == T("9p")
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))
    # once the hand is over every discard is shown
    assert g.view(0).discards[1][-1] == T("2z")
    autos = [(e["seat"], e["auto"]) for e in g.events if e["type"] == "discard" and e["seat"] == 3]
    assert autos == [(3, False), (3, True)]


# ---------------------------------------------------------------------------------------
# §4: 过胡 (passing a win) and must_win
# ---------------------------------------------------------------------------------------


def test_passed_win_then_no_discard_win_but_self_draw():
    g = new_game(hands={1: H69}, draws=["1z", "6p", "9p", None, "9p"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.WIN, K.PASS}
    act(g, 1, K.PASS)
    assert g.view(1).passed_win
    # a later discard of the other winning tile: no win offered
    assert drawn(g, 3) == T("9p")
    discard(g, 3, passing=False)
    assert g.to_act == (0,) and phase(g) == "turn"
    discard(g, 0)
    # but self-draw still wins
    assert g.to_act == (1,) and kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


def test_must_win_takes_a_discard_win_by_itself():
    g = new_game(Rules(must_win=True), hands={1: H69}, draws=["1z", "6p"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    assert g.is_over and g.to_act == ()
    answers = [e for e in g.events if e["type"] == "answer"]
    assert answers == [{"type": "answer", "seat": 1, "action": "win", "auto": True}]
    check(g, win_alone(1, 2, 6), (0, 18, -18, 0))


def test_must_win_takes_a_self_draw_by_itself():
    g = new_game(Rules(must_win=True), hands={1: H69}, draws=["1z", None, None, None, "9p"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, passing=False)
    assert g.is_over
    win = [e for e in g.events if e["type"] == "win"]
    assert win == [{"type": "win", "seat": 1, "tile": int(T("9p")), "kind": "self_draw", "from": None, "auto": True}]
    check(g, win_each(1, 18), (-18, 54, -18, -18))


# ---------------------------------------------------------------------------------------
# §3 / §5.2: kongs and their payments
# ---------------------------------------------------------------------------------------


def test_concealed_kong_pays_2p_each_and_its_kind_is_hidden():
    g = new_game(hands={1: H69, 2: "3333s"}, draws=["1z", None, None, None, "9p"], replacements=[None])
    discard(g, 0)
    declare(g, 1, "1z")
    assert Action(K.CONCEALED_KONG, T("3s")) in g.legal_actions(2)
    act(g, 2, K.CONCEALED_KONG, "3s")
    assert g.to_act == (2,) and g.wall_remaining == 136 - 53 - 3  # two draws and the replacement
    for other in (0, 1, 3):
        assert [(m.kind, m.tile, m.source) for m in g.view(other).melds[2]] == [("concealed_kong", None, None)]
        ev = [e for e in g.events_for(other) if e["type"] == "concealed_kong"]
        assert ev == [{"type": "concealed_kong", "seat": 2, "tile": None}]
    assert [(m.kind, m.tile) for m in g.view(2).melds[2]] == [("concealed_kong", T("3s"))]
    discard(g, 2)  # the replacement tile
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    # win 2 x 9 = 18 each; seat 2's concealed kong of 3s: 2 x 3 = 6 from each other seat
    check(
        g,
        win_each(1, 18) + [tr(s, 2, 6, "concealed_kong") for s in (0, 1, 3)],
        (-24, 48, 0, -24),
    )
    assert [(m.kind, m.tile) for m in g.view(0).melds[2]] == [("concealed_kong", T("3s"))]


def test_added_kong_pays_p_each():
    g = new_game(
        hands={0: "5s", 1: H69, 2: "55s9m"},
        draws=[None, None, "1z", "5s", None, None, "9p"],
        replacements=[None],
    )
    discard(g, 0, "5s", passing=False)
    assert g.to_act == (2,) and kinds(g, 2) == {K.PONG, K.PASS}
    act(g, 2, K.PONG)
    # right after a pong: discard (or declare) only
    assert kinds(g, 2) <= {K.DISCARD, K.DECLARE} and drawn(g, 2) is None
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    assert drawn(g, 2) == T("5s")
    assert Action(K.ADDED_KONG, T("5s")) in g.legal_actions(2)
    act(g, 2, K.ADDED_KONG, "5s")
    # nobody can rob it: the kong stands and seat 2 draws its replacement
    assert g.to_act == (2,) and phase(g) == "turn"
    assert [(m.kind, m.tile, m.source) for m in g.view(3).melds[2]] == [("added_kong", T("5s"), 0)]
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    # added kong of 5s: 5 from each other seat
    check(g, win_each(1, 18) + [tr(s, 2, 5, "added_kong") for s in (0, 1, 3)], (-23, 49, -3, -23))


@pytest.mark.parametrize(
    "rules, kong, deltas",
    [
        # direct kong of 5s: p = 5 from each other seat
        (Rules(), [tr(s, 2, 5, "kong") for s in (0, 1, 3)], (-23, 49, -3, -23)),
        # 点杠包杠: the undeclared feeder (the dealer) pays all three: 15
        (Rules(feeder_pays_kong=True), win_alone(2, 0, 5, "kong"), (-33, 54, -3, -18)),
    ],
    ids=["default", "feeder_pays_kong"],
)
def test_direct_kong_undeclared_feeder(rules, kong, deltas):
    g = new_game(
        rules,
        hands={0: "5s", 1: H69, 2: "555s"},
        draws=[None, None, "1z", None, None, None, "9p"],
        replacements=[None],
    )
    discard(g, 0, "5s", passing=False)
    assert g.to_act == (2,) and kinds(g, 2) == {K.PONG, K.KONG, K.PASS}
    act(g, 2, K.KONG)
    assert g.to_act == (2,) and [(m.kind, m.source) for m in g.view(1).melds[2]] == [("kong", 0)]
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18) + kong, deltas)


@pytest.mark.parametrize("rules", [Rules(), Rules(feeder_pays_kong=True)], ids=["default", "feeder_pays_kong"])
def test_direct_kong_declared_feeder_three_seats_pay(rules):
    g = new_game(
        rules,
        hands={1: H69, 2: "555s"},
        draws=["1z", None, None, None, "5s", None, None, "9p"],
        replacements=[None],
    )
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, passing=False)
    # seat 1's drawn 5s is discarded for it; seat 2 konged it
    assert g.to_act == (2,) and kinds(g, 2) == {K.PONG, K.KONG, K.PASS}
    act(g, 2, K.KONG)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    # the feeder had declared: 5 from each other seat, with or without 点杠包杠
    check(g, win_each(1, 18) + [tr(s, 2, 5, "kong") for s in (0, 1, 3)], (-23, 49, -3, -23))


@pytest.mark.parametrize(
    "rules, kong, deltas",
    [
        # the winner's direct kong of 1z: 10 from each other seat
        (Rules(), [tr(s, 1, 10, "kong") for s in (0, 2, 3)], (-10, 57, -37, -10)),
        # 点杠包杠: its undeclared feeder (seat 3) pays the three shares
        (Rules(feeder_pays_kong=True), win_alone(1, 3, 10, "kong"), (0, 57, -27, -30)),
        # 点炮包杠: the undeclared discarder of the winning tile (seat 2) pays them
        (Rules(feeder_pays_all=True), win_alone(1, 2, 10, "kong"), (0, 57, -57, 0)),
        # both: the kong's feeder keeps its own bill
        (
            Rules(feeder_pays_kong=True, feeder_pays_all=True),
            win_alone(1, 3, 10, "kong"),
            (0, 57, -27, -30),
        ),
    ],
    ids=["default", "feeder_pays_kong", "feeder_pays_all", "both"],
)
def test_winners_direct_kong_with_feeder_options(rules, kong, deltas):
    g = new_game(
        rules,
        hands={1: "111z123m456m11p7p5z"},
        draws=[None, None, "1z", "9p"],
        replacements=["8p"],
    )
    discard(g, 0)
    discard(g, 1)
    discard(g, 2)
    discard(g, 3, "1z", passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.PONG, K.KONG, K.PASS}
    act(g, 1, K.KONG)
    assert drawn(g, 1) == T("8p")
    declare(g, 1, "5z")
    discard(g, 2, "9p", passing=False)
    act(g, 1, K.WIN)
    # the win: seat 2 (undeclared) pays 3 x 9 = 27
    check(g, win_alone(1, 2, 9) + kong, deltas)


@pytest.mark.parametrize(
    "rules, self_draw, expected, deltas",
    [
        # seat 1 wins on seat 2's 9p: seat 2 pays the win (27); seat 1's concealed kong of
        # 1z (20 from each), seat 3's concealed kong of 3s (6 from each)
        (
            Rules(),
            False,
            win_alone(1, 2, 9)
            + [tr(s, 1, 20, "concealed_kong") for s in (0, 2, 3)]
            + [tr(s, 3, 6, "concealed_kong") for s in (0, 1, 2)],
            (-26, 81, -53, -2),
        ),
        # 点炮包杠: seat 2 also pays seats 0's and 3's shares of the winner's kong;
        # seat 3's kong is paid as usual
        (
            Rules(feeder_pays_all=True),
            False,
            win_alone(1, 2, 9)
            + win_alone(1, 2, 20, "concealed_kong")
            + [tr(s, 3, 6, "concealed_kong") for s in (0, 1, 2)],
            (-6, 81, -93, 18),
        ),
        # a self-draw: 点炮包杠 does not apply; 18 each for the win
        (
            Rules(feeder_pays_all=True),
            True,
            win_each(1, 18)
            + [tr(s, 1, 20, "concealed_kong") for s in (0, 2, 3)]
            + [tr(s, 3, 6, "concealed_kong") for s in (0, 1, 2)],
            (-44, 108, -44, -20),
        ),
    ],
    ids=["default", "feeder_pays_all", "feeder_pays_all-self_draw"],
)
def test_feeder_pays_all_moves_the_winners_kongs(rules, self_draw, expected, deltas):
    g = new_game(
        rules,
        hands={1: "1111z123m456m11p7p", 3: "3333s"},
        draws=["8p", None, None, None, None] + ([None, None, None, "9p"] if self_draw else ["9p"]),
        replacements=["5z", None],
    )
    discard(g, 0)
    assert drawn(g, 1) == T("8p")
    act(g, 1, K.CONCEALED_KONG, "1z")
    assert drawn(g, 1) == T("5z")
    declare(g, 1, "5z")
    discard(g, 2)
    act(g, 3, K.CONCEALED_KONG, "3s")
    discard(g, 3)
    discard(g, 0)
    # seat 1's draw is discarded for it
    if self_draw:
        discard(g, 2)
        discard(g, 3)
        discard(g, 0)
        act(g, 1, K.SELF_DRAW_WIN)
    else:
        discard(g, 2, "9p", passing=False)
        act(g, 1, K.WIN)
    check(g, expected, deltas)


# ---------------------------------------------------------------------------------------
# §3: robbing an added kong (抢杠)
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "konger_declares, expected, deltas",
    [
        # the konger (seat 2) had not declared: it pays the three shares, 3 x 9
        (False, win_alone(1, 2, 9), (0, 27, -27, 0)),
        # the konger had declared: 三家均摊, 9 each
        (True, win_each(1, 9), (-9, 27, -9, -9)),
    ],
    ids=["undeclared-konger", "declared-konger"],
)
def test_robbing_an_added_kong(konger_declares, expected, deltas):
    seat2 = "99p123s456s789s2z3z" if konger_declares else "99p9m"
    g = new_game(hands={0: "9p", 1: H69, 2: seat2}, draws=[None, None, "1z", "9p"])
    discard(g, 0, "9p", passing=False)
    assert g.to_act == (2,)
    act(g, 2, K.PONG)
    if konger_declares:
        declare(g, 2, "3z")  # waits 2z with the pong of 9p
    else:
        discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    assert drawn(g, 2) == T("9p")
    if konger_declares:
        # a declared seat may add to its pong with the tile it just drew
        assert kinds(g, 2) == {K.ADDED_KONG, K.DISCARD}
    act(g, 2, K.ADDED_KONG, "9p")
    assert phase(g) == "rob" and g.to_act == (1,)
    assert g.legal_actions(1) == [Action(K.WIN), Action(K.PASS)]
    act(g, 1, K.WIN)
    res = g.result
    assert (res.winner, res.win_kind, res.discarder, res.win_tile) == (1, WinKind.ROBBED_KONG, 2, T("9p"))
    # the robbed kong is not a kong: no kong payment, the meld stays a pong
    check(g, expected, deltas)
    assert [m.kind for m in g.view(2).melds[2]] == ["pong"]


def test_robbing_passed_the_kong_stands_and_is_paid():
    g = new_game(
        hands={0: "9p", 1: H69, 2: "99p9m"},
        draws=[None, None, "1z", "9p", None, "6p", None, None],
        replacements=[None],
    )
    discard(g, 0, "9p", passing=False)
    act(g, 2, K.PONG)
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    act(g, 2, K.ADDED_KONG, "9p")
    act(g, 1, K.PASS)
    # the added kong stands; seat 1 passed a win (过胡)
    assert g.to_act == (2,) and g.view(1).passed_win
    discard(g, 2)
    discard(g, 3)
    # a discarded 6p is no longer offered to seat 1
    assert drawn(g, 0) == T("6p")
    discard(g, 0, passing=False)
    assert phase(g) == "turn" and g.to_act == (2,)


# ---------------------------------------------------------------------------------------
# §3: kong prompts: 过杠 and delayed_kong, no kong right after a pong, concealed kong
# offered again; a declared seat kongs only with its drawn tile
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("delayed", [False, True], ids=["default", "delayed_kong"])
def test_pong_while_holding_three_gives_up_the_added_kong(delayed):
    g = new_game(
        Rules(delayed_kong=delayed),
        hands={0: "5s", 1: H69, 2: "555s9m"},
        draws=[None, None, "1z", None, None, None, "9p"],
        replacements=[None],
    )
    discard(g, 0, "5s", passing=False)
    assert kinds(g, 2) == {K.PONG, K.KONG, K.PASS}
    act(g, 2, K.PONG)
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    # seat 2 still holds its third 5s
    assert g.to_act == (2,) and T("5s") in g.view(2).hand
    offered = Action(K.ADDED_KONG, T("5s")) in g.legal_actions(2)
    assert offered is delayed
    if delayed:
        act(g, 2, K.ADDED_KONG, "5s")
        assert g.to_act == (2,)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    if delayed:
        check(g, win_each(1, 18) + [tr(s, 2, 5, "added_kong") for s in (0, 1, 3)], (-23, 49, -3, -23))
    else:
        check(g, win_each(1, 18), (-18, 54, -18, -18))


def test_no_kong_right_after_a_pong_and_a_passed_concealed_kong_is_offered_again():
    g = new_game(hands={0: "5s", 2: "55s7777z9m"})
    discard(g, 0, "5s", passing=False)
    act(g, 2, K.PONG)
    # holding four 7z, but right after a pong: discard or declare only
    assert kinds(g, 2) <= {K.DISCARD, K.DECLARE}
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    discard(g, 1)
    assert Action(K.CONCEALED_KONG, T("7z")) in g.legal_actions(2)
    discard(g, 2)  # passes the kong
    discard(g, 3)
    discard(g, 0)
    discard(g, 1)
    assert Action(K.CONCEALED_KONG, T("7z")) in g.legal_actions(2)


def test_declared_seat_keeps_an_unkonged_quad_in_hand():
    # 1111m23m456p789p9s waits 9s; before declaring the concealed kong is offered
    g = new_game(hands={1: "1111m23m456p789p9s"}, draws=["2z", None, None, None, None, None, None, None, "9s"])
    discard(g, 0)
    assert Action(K.CONCEALED_KONG, T("1m")) in g.legal_actions(1)
    declare(g, 1, "2z")
    for _ in range(2):
        discard(g, 2)
        discard(g, 3)
        discard(g, 0)
        # seat 1 draws filler: no kong of the 1m it holds, its draw is discarded for it
        assert g.to_act == (2,)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    assert kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


# ---------------------------------------------------------------------------------------
# §4: kong_keeps_waits (改变听口不能杠)
# ---------------------------------------------------------------------------------------

KW = "111m23m456p789p99s"  # waits 1m, 4m, 9s; a kong of 1m would leave only 4m


@pytest.mark.parametrize("keep", [False, True], ids=["default", "kong_keeps_waits"])
def test_concealed_kong_changing_the_waits(keep):
    g = new_game(Rules(kong_keeps_waits=keep), hands={1: KW}, draws=["1z", None, None, None, "1m"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, passing=False)
    if keep:
        # not offered: the drawn 1m (worth 1, no win) is discarded for seat 1
        assert g.to_act == (2,)
        last = [e for e in g.events if e["type"] == "discard"][-1]
        assert (last["seat"], last["tile"], last["auto"]) == (1, int(T("1m")), True)
    else:
        assert g.to_act == (1,) and kinds(g, 1) == {K.CONCEALED_KONG, K.DISCARD}


@pytest.mark.parametrize("keep", [False, True], ids=["default", "kong_keeps_waits"])
def test_direct_kong_changing_the_waits(keep):
    g = new_game(Rules(kong_keeps_waits=keep), hands={1: KW}, draws=["1z", "1m"])
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    if keep:
        assert g.to_act == (3,) and phase(g) == "turn"
    else:
        assert g.to_act == (1,) and kinds(g, 1) == {K.KONG, K.PASS}


def test_concealed_kong_keeping_the_waits_then_win_on_the_replacement():
    # 111z123m456p789p9s waits 9s alone, before and after a kong of 1z
    g = new_game(
        Rules(kong_keeps_waits=True),
        hands={1: "111z123m456p789p9s"},
        draws=["2z", None, None, None, "1z"],
        replacements=["9s"],
    )
    discard(g, 0)
    declare(g, 1, "2z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0, passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.CONCEALED_KONG, K.DISCARD}
    act(g, 1, K.CONCEALED_KONG, "1z")
    assert drawn(g, 1) == T("9s") and kinds(g, 1) == {K.SELF_DRAW_WIN, K.DISCARD}
    act(g, 1, K.SELF_DRAW_WIN)
    # win 2 x 9 = 18 each; concealed kong of 1z 2 x 10 = 20 each
    check(g, win_each(1, 18) + [tr(s, 1, 20, "concealed_kong") for s in (0, 2, 3)], (-38, 114, -38, -38))


@pytest.mark.parametrize(
    "rules, kong, deltas",
    [
        (Rules(kong_keeps_waits=True), [tr(s, 1, 10, "kong") for s in (0, 2, 3)], (-28, 84, -28, -28)),
        # 点杠包杠: seat 2 (undeclared) fed it: 30
        (
            Rules(kong_keeps_waits=True, feeder_pays_kong=True),
            win_alone(1, 2, 10, "kong"),
            (-18, 84, -48, -18),
        ),
    ],
    ids=["kong_keeps_waits", "kong_keeps_waits+feeder_pays_kong"],
)
def test_declared_seat_direct_kong_keeping_the_waits(rules, kong, deltas):
    g = new_game(
        rules,
        hands={1: "111z123m456p789p9s"},
        draws=["2z", "1z", None, None, None, "9s"],
        replacements=[None],
    )
    discard(g, 0)
    declare(g, 1, "2z")
    discard(g, 2, "1z", passing=False)
    # a declared seat: kong or pass, never pong
    assert g.to_act == (1,) and kinds(g, 1) == {K.KONG, K.PASS}
    act(g, 1, K.KONG)
    # the replacement is filler: discarded for seat 1
    assert g.to_act == (2,)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18) + kong, deltas)
