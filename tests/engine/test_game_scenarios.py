"""Whole hands from explicit walls (RULES §2–§8): every claim, kong, declaration, win rule,
payment, option and the dealer rotation of a match, with the exact transfers.

Every expected number below is worked out by hand from RULES.md (and the engine decisions
of docs/rules.md where RULES.md is silent); the comment above each expectation shows the
sum. The walls come from ``tests.support.walls.build_wall``: the hands a scenario needs, the
draws in order (``None`` = any filler tile), the kong replacement draws in order.

Conventions used throughout: dealer seat 0 unless said; ``H69`` is the ready hand
``123m456m789m11p78p`` waiting on 6p / 9p (both worth >= 6, so it may declare); a seat
declares by drawing a useless honor and discarding it face down.
"""

from __future__ import annotations

from collections import Counter

import koudiandian as kd
import pytest
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

from tests.support.walls import build_wall, tiles

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

    def key(t: Transfer) -> tuple[int, int, int, str, int]:
        return (t.payer, t.payee, t.amount, t.reason, -1 if t.share_of is None else t.share_of)

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
    # and the log replays to the same game
    assert Game.from_json(game.to_json()) == game


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
    got = (res.winner, res.win_kind, res.discarder, res.win_tile, res.points, res.factor)
    assert got == (1, WinKind.SELF_DRAW, None, T("9p"), 9, 1)
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
    got = (res.winner, res.win_kind, res.discarder, res.win_tile, res.points)
    assert got == (1, WinKind.DISCARD, 2, T("6p"), 6)
    # 点炮包胡: seat 2 pays the three shares of p = 6: 3p = 18
    check(g, win_alone(1, 2, 6), (0, 18, -18, 0))


H3_2Z = "123s456s789s555z2z"  # waits 2z (tanki)


@pytest.mark.parametrize(
    "rules, expected, deltas",
    [
        # 三家均摊: each of the three other seats pays p = 9 (the discarder too)
        (Rules(), win_each(1, 9), (-9, 27, -9, -9)),
        # the dealer's share is 5 more: 9 + 5
        (
            Rules(dealer_bonus=True),
            win_each(1, 9) + [tr(0, 1, 5, "dealer_bonus")],
            (-14, 32, -9, -9),
        ),
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
    expected = win_each(0, 18) + (
        [tr(s, 0, bonus, "dealer_bonus") for s in (1, 2, 3)] if bonus else []
    )
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
    g = new_game(
        rules, hands={0: H69 + "1z", 3: H3_2Z}, draws=[None, None, "3z", None, None, None, "9p"]
    )
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
    assert win == [
        {
            "type": "win",
            "seat": 1,
            "tile": int(T("9p")),
            "kind": "self_draw",
            "from": None,
            "auto": True,
        }
    ]
    check(g, win_each(1, 18), (-18, 54, -18, -18))


# ---------------------------------------------------------------------------------------
# §3 / §5.2: kongs and their payments
# ---------------------------------------------------------------------------------------


def test_concealed_kong_pays_2p_each_and_its_kind_is_hidden():
    g = new_game(
        hands={1: H69, 2: "3333s"}, draws=["1z", None, None, None, "9p"], replacements=[None]
    )
    discard(g, 0)
    declare(g, 1, "1z")
    assert Action(K.CONCEALED_KONG, T("3s")) in g.legal_actions(2)
    act(g, 2, K.CONCEALED_KONG, "3s")
    assert g.to_act == (2,) and g.wall_remaining == 136 - 53 - 3  # two draws and the replacement
    for other in (0, 1, 3):
        assert [(m.kind, m.tile, m.source) for m in g.view(other).melds[2]] == [
            ("concealed_kong", None, None)
        ]
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


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(feeder_pays_kong=True)], ids=["default", "feeder_pays_kong"]
)
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
    assert (res.winner, res.win_kind, res.discarder, res.win_tile) == (
        1,
        WinKind.ROBBED_KONG,
        2,
        T("9p"),
    )
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
        check(
            g, win_each(1, 18) + [tr(s, 2, 5, "added_kong") for s in (0, 1, 3)], (-23, 49, -3, -23)
        )
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
    g = new_game(hands={1: "1111m23m456p789p9s"}, draws=["2z"] + [None] * 11 + ["9s"])
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
    check(
        g,
        win_each(1, 18) + [tr(s, 1, 20, "concealed_kong") for s in (0, 2, 3)],
        (-38, 114, -38, -38),
    )


@pytest.mark.parametrize(
    "rules, kong, deltas",
    [
        (
            Rules(kong_keeps_waits=True),
            [tr(s, 1, 10, "kong") for s in (0, 2, 3)],
            (-28, 84, -28, -28),
        ),
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


# ---------------------------------------------------------------------------------------
# §6: wildcards (耗子)
# ---------------------------------------------------------------------------------------


def test_discarded_wildcard_cannot_be_won_ponged_or_konged():
    # wildcard 3s; seat 1 is declared (a wildcard would complete it), seat 2 holds three 3s
    rules = Rules(wildcards="random")
    g = new_game(
        rules, hands={1: H69, 2: "3s3s3s"}, draws=["1z", None, "3s", None, "9p"], wildcards="3s"
    )
    assert g.wildcards == (T("3s"),)
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2)
    discard(g, 3, "3s", passing=False)
    assert g.to_act == (0,) and phase(g) == "turn"
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


@pytest.mark.parametrize(
    "wild, offered", [("3s", False), ("7z", True)], ids=["wildcards", "natural"]
)
def test_four_wildcards_are_not_a_kong(wild, offered):
    g = new_game(Rules(wildcards="random"), hands={2: "3333s"}, wildcards=wild)
    discard(g, 0)
    discard(g, 1)
    assert g.to_act == (2,)
    assert (Action(K.CONCEALED_KONG, T("3s")) in g.legal_actions(2)) is offered


@pytest.mark.parametrize(
    "mode, wild, hand, junk, tile, p",
    [
        # a self-drawn wildcard is worth the highest winning tile: waits 6p / 9p -> 9
        ("random", "3s", H69, "1z", "3s", 9),
        ("honor", "7z", H69, "1z", "7z", 9),
        # waits 3p / 6p -> 6
        ("random", "3s", "123m456m789m11p45p", "1z", "3s", 6),
        # holding the wildcard 3s: waits 1p, 7s, 8s, 9s -> 9
        ("double", "3s7z", "123m456m789m11p3s9s", "1z", "7z", 9),
        # the natural 8s is worth 8
        ("double", "3s7z", "123m456m789m11p3s9s", "1z", "8s", 8),
        # four 1z: no natural winning tile; only a wildcard standing for a fifth 1z wins,
        # so p is the wildcard's own value, 10 (and that makes 报听 possible)
        ("honor", "7z", "123m456m789m1111z", "2z", "7z", 10),
    ],
    ids=["random", "honor", "random-6", "double-wild", "double-natural", "honor-own-kind"],
)
def test_self_draw_with_wildcards_max_point_rule(mode, wild, hand, junk, tile, p):
    g = new_game(
        Rules(wildcards=mode), hands={1: hand}, draws=[junk, None, None, None, tile], wildcards=wild
    )
    discard(g, 0)
    assert Action(K.DECLARE, T(junk)) in g.legal_actions(1)
    declare(g, 1, junk)
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    assert g.to_act == (1,) and drawn(g, 1) == T(tile)
    act(g, 1, K.SELF_DRAW_WIN)
    assert (g.result.points, g.result.win_tile, g.result.factor) == (p, T(tile), 1)
    check(g, win_each(1, 2 * p), (-2 * p, 6 * p, -2 * p, -2 * p))


def test_discard_win_with_a_wildcard_in_hand_on_a_natural_tile():
    g = new_game(
        Rules(wildcards="double"),
        hands={1: "123m456m789m11p3s9s"},
        draws=["1z", "7z", None, None, None, "8s"],
        wildcards="3s7z",
    )
    discard(g, 0)
    declare(g, 1, "1z")
    # a discarded wildcard: no win
    discard(g, 2, "7z", passing=False)
    assert g.to_act == (3,)
    discard(g, 3)
    discard(g, 0)
    discard(g, 2, "8s", passing=False)
    assert g.to_act == (1,) and kinds(g, 1) == {K.WIN, K.PASS}
    act(g, 1, K.WIN)
    # p = 8, seat 2 undeclared: 3 x 8
    check(g, win_alone(1, 2, 8), (0, 24, -24, 0))


# ---------------------------------------------------------------------------------------
# §2 / §5.2: a drawn hand (荒庄) pays nothing, kongs included
# ---------------------------------------------------------------------------------------


def test_drawn_hand_pays_nothing_kongs_included():
    g = new_game(hands={0: "5s", 1: "555s", 2: "3333s"})
    discard(g, 0, "5s", passing=False)
    act(g, 1, K.KONG)
    autoplay(g, kong=True)
    res = g.result
    assert res.winner is None and res.drawn and res.win_kind is None
    assert res.transfers == () and res.deltas == (0, 0, 0, 0)
    assert res.kongs_made is True
    assert g.wall_remaining == 0
    made = [(e["type"], e["seat"]) for e in g.events if e["type"] in ("kong", "concealed_kong")]
    assert made == [("kong", 1), ("concealed_kong", 2)]


# ---------------------------------------------------------------------------------------
# §3: win priority on one discard
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answers, winner",
    [
        # seats 3 and 1 can both win on seat 2's 9p; seat 3 is nearer (2 -> 3 -> 0 -> 1)
        ([(1, K.WIN), (0, K.PONG), (3, K.WIN)], 3),
        ([(3, K.WIN), (1, K.WIN), (0, K.PASS)], 3),
        ([(0, K.PONG), (3, K.WIN), (1, K.WIN)], 3),
        # seat 3 passes: seat 1 wins, over seat 0's pong
        ([(3, K.PASS), (1, K.WIN), (0, K.PONG)], 1),
        ([(0, K.PONG), (1, K.WIN), (3, K.PASS)], 1),
        # both pass: the pong stands
        ([(0, K.PONG), (1, K.PASS), (3, K.PASS)], None),
    ],
)
def test_win_priority(answers, winner):
    g = new_game(
        hands={0: "99p", 1: H69, 3: "123s456s789s111z9p"},
        draws=["5z", None, "6z", None, None, "9p"],
    )
    discard(g, 0)
    declare(g, 1, "5z")
    discard(g, 2)
    declare(g, 3, "6z")
    discard(g, 0)
    assert g.to_act == (2,) and drawn(g, 2) == T("9p")
    discard(g, 2, passing=False)
    assert g.to_act == (0, 1, 3)
    assert kinds(g, 0) == {K.PONG, K.PASS}
    assert kinds(g, 1) == kinds(g, 3) == {K.WIN, K.PASS}
    for n, (seat, kind) in enumerate(answers):
        assert not g.is_over
        act(g, seat, kind)
        assert g.to_act == tuple(sorted(s for s, _ in answers[n + 1 :])) or n == len(answers) - 1
    if winner is None:
        assert not g.is_over and g.to_act == (0,)
        assert [(m.kind, m.tile, m.source) for m in g.view(0).melds[0]] == [("pong", T("9p"), 2)]
        assert g.view(1).passed_win and g.view(3).passed_win
    else:
        assert g.result.winner == winner and g.result.discarder == 2
        # seat 2 had not declared: it pays 3 x 9 alone
        deltas = [0, 0, -27, 0]
        deltas[winner] = 27
        check(g, win_alone(winner, 2, 9), tuple(deltas))
        if winner == 1:
            assert g.view(3).passed_win


# ---------------------------------------------------------------------------------------
# errors leave the game untouched
# ---------------------------------------------------------------------------------------


def test_errors_leave_the_game_byte_identical():
    g = new_game(hands={1: H69}, draws=["1z", "6p"])

    def refused(error, seat, action):
        before = g.to_json()
        events = g.events
        legal = {s: g.legal_actions(s) for s in range(4)}
        with pytest.raises(error):
            g.step(seat, action)
        assert g.to_json() == before
        assert g.events == events
        assert {s: g.legal_actions(s) for s in range(4)} == legal

    missing = next(t for t in Tile if t not in g.view(0).hand)
    refused(NotYourTurnError, 1, Action(K.DISCARD, T("1m")))
    refused(IllegalActionError, 0, Action(K.DISCARD, missing))
    refused(IllegalActionError, 0, Action(K.SELF_DRAW_WIN))
    refused(IllegalActionError, 0, Action(K.PASS))
    refused(IllegalActionError, 0, Action(K.DECLARE, g.view(0).hand[0]))
    refused(IllegalActionError, 0, "discard")
    discard(g, 0)
    refused(IllegalActionError, 1, Action(K.CONCEALED_KONG, T("1m")))
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    # seat 1 is asked about seat 2's 6p
    refused(NotYourTurnError, 2, Action(K.PASS))
    refused(NotYourTurnError, 3, Action(K.PASS))
    refused(IllegalActionError, 1, Action(K.PONG))
    refused(IllegalActionError, 1, Action(K.KONG))
    refused(IllegalActionError, 1, Action(K.SELF_DRAW_WIN))
    refused(IllegalActionError, 1, Action(K.DISCARD, T("1m")))
    act(g, 1, K.WIN)
    assert g.is_over
    refused(NotYourTurnError, 1, Action(K.PASS))
    refused(NotYourTurnError, 0, Action(K.DISCARD, T("1m")))


# ---------------------------------------------------------------------------------------
# §1 / §4 / §5.1 options: no_honors, wind_runs, bonus_patterns
# ---------------------------------------------------------------------------------------


def test_no_honors_wall_of_108():
    rules = Rules(no_honors=True)
    wall = build_wall({1: H69}, ["5s", None, None, None, "9p"], no_honors=True)
    assert len(wall) == 108 and max(wall) < 27
    with pytest.raises(kd.InvalidWallError):
        Game(rules, wall=build_wall({1: H69}))
    g = Game(rules, wall=wall)
    assert g.wall_remaining == 108 - 53
    discard(g, 0)
    declare(g, 1, "5s")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


@pytest.mark.parametrize("runs", [False, True], ids=["default", "wind_runs"])
def test_wind_runs(runs):
    # 东南西 is a run only with 风嘴子: then 123m456m789m123z9p waits 9p
    g = new_game(
        Rules(wind_runs=runs), hands={1: "123m456m789m123z9p"}, draws=["5z", None, None, None, "9p"]
    )
    discard(g, 0)
    assert (Action(K.DECLARE, T("5z")) in g.legal_actions(1)) is runs
    if not runs:
        return
    declare(g, 1, "5z")
    discard(g, 2)
    discard(g, 3)
    discard(g, 0)
    act(g, 1, K.SELF_DRAW_WIN)
    check(g, win_each(1, 18), (-18, 54, -18, -18))


SEVEN_PAIRS = "1133m5577p99s11z2z"  # waits 2z


@pytest.mark.parametrize(
    "rules, self_draw, expected, deltas, factor",
    [
        # no option: seven pairs is a plain win; self-draw of 2z: 2 x 10 = 20 each
        (Rules(), True, win_each(1, 20), (-20, 60, -20, -20), 1),
        # 七小对 x2: 40 each
        (Rules(bonus_patterns=True), True, win_each(1, 40), (-40, 120, -40, -40), 2),
        # the dealer bonus comes on top of the factor: 40 + 5
        (
            Rules(bonus_patterns=True, dealer_bonus=True),
            True,
            win_each(1, 40) + [tr(0, 1, 5, "dealer_bonus")],
            (-45, 125, -40, -40),
            2,
        ),
        # on a discard: 3 shares of 10 x 2, paid by seat 2
        (Rules(bonus_patterns=True), False, win_alone(1, 2, 20), (0, 60, -60, 0), 2),
    ],
    ids=["default", "bonus_patterns", "bonus_patterns+dealer_bonus", "bonus_patterns-discard"],
)
def test_bonus_patterns_seven_pairs(rules, self_draw, expected, deltas, factor):
    draws = ["3z", None, None, None, "2z"] if self_draw else ["3z", "2z"]
    g = new_game(rules, hands={1: SEVEN_PAIRS}, draws=draws)
    discard(g, 0)
    declare(g, 1, "3z")
    if self_draw:
        discard(g, 2)
        discard(g, 3)
        discard(g, 0)
        act(g, 1, K.SELF_DRAW_WIN)
    else:
        discard(g, 2, "2z", passing=False)
        act(g, 1, K.WIN)
    assert g.result.factor == factor
    assert kd.Pattern.SEVEN_PAIRS in g.result.patterns  # named either way; the factor differs
    check(g, expected, deltas)


# ---------------------------------------------------------------------------------------
# §7: dealer rotation and the match
# ---------------------------------------------------------------------------------------


def quick_win(dealer: int, winner: int, feeder: int | None = None, tile: str = "9p"):
    """A hand (wall, wildcards) where ``winner`` declares on its first turn (H69, junk 5z)
    and then wins on ``tile``: self-drawn, or discarded by ``feeder`` on its next draw."""
    hands = {winner: H69 + ("5z" if winner == dealer else "")}
    draws: dict[int, str] = {}
    decl = -1 if winner == dealer else (winner - dealer - 1) % 4
    if decl >= 0:
        draws[decl] = "5z"
    target = winner if feeder is None else feeder
    j = decl + 1
    while (dealer + 1 + j) % 4 != target:
        j += 1
    draws[j] = tile
    return build_wall(hands, [draws.get(i) for i in range(j + 1)], dealer=dealer), []


def drawn_hand(dealer: int, kong_seat: int | None = None):
    """A hand nobody can win; ``kong_seat`` holds four 3s (a concealed kong)."""
    hands = {} if kong_seat is None else {kong_seat: "3333s"}
    return build_wall(hands, dealer=dealer), []


def test_one_round_match():
    hands = [
        quick_win(0, 0),  # dealer 0 self-draws 9p: 18 each; the dealer keeps the deal
        quick_win(0, 2, feeder=3),  # seat 2 wins on seat 3's 9p: 27; the deal passes to 1
        drawn_hand(1),  # drawn, no kong: seat 1 deals again
        quick_win(1, 3, tile="6p"),  # seat 3 self-draws 6p: 12 each; the deal passes to 2
        drawn_hand(2, kong_seat=0),  # drawn with a kong: the deal passes to 3
        quick_win(3, 0, feeder=3),  # seat 0 wins on the dealer's 9p: 27; back to seat 0: over
    ]
    declares = [0, 2, None, 3, None, 0]
    m = Match(Rules(), hands=hands, length="one_round")
    for i, w in enumerate(declares):
        assert not m.is_over
        assert m.dealer == [0, 0, 1, 1, 2, 3][i]
        autoplay_match_hand(m, declare=() if w is None else (w,), kong=True)
    assert m.is_over
    assert [g.dealer for g in m.games] == [0, 0, 1, 1, 2, 3]
    assert [r.deltas for r in m.results] == [
        (54, -18, -18, -18),
        (0, 0, 27, -27),
        (0, 0, 0, 0),
        (-12, -12, -12, 36),
        (0, 0, 0, 0),
        (27, 0, 0, -27),
    ]
    assert [r.kongs_made for r in m.results] == [False, False, False, False, True, False]
    # 54 - 12 + 27; -18 - 12; -18 + 27 - 12; -18 - 27 + 36 - 27
    assert m.scores == (69, -30, -3, -36)
    assert m.ranking == [0, 2, 1, 3]
    # each hand starts from the scores so far
    assert [g.view(0).scores for g in m.games] == [
        (0, 0, 0, 0),
        (54, -18, -18, -18),
        (54, -18, 9, -45),
        (54, -18, 9, -45),
        (42, -30, -3, -9),
        (42, -30, -3, -9),
    ]
    d = m.to_dict()
    assert d["scores"] == [69, -30, -3, -36] and d["ranking"] == [0, 2, 1, 3]
    with pytest.raises(NotYourTurnError):
        m.step(0, Action(K.PASS))


def test_default_rotation_winner_deals_drawn_passes_on():
    hands = [
        quick_win(0, 2),  # seat 2 self-draws: seat 2 deals next
        drawn_hand(2),  # drawn (no kong): the dealer's 下家, seat 3
        quick_win(3, 1, feeder=0),  # seat 1 wins on seat 0's 9p: seat 1 deals next
        drawn_hand(1, kong_seat=3),  # drawn: seat 2 would deal next
    ]
    m = Match(Rules(), hands=hands, length=4)
    for w in (2, None, 1, None):
        autoplay_match_hand(m, declare=() if w is None else (w,), kong=True)
    assert m.is_over
    assert [g.dealer for g in m.games] == [0, 2, 3, 1]
    assert m.next_dealer(m.results[-1]) == 2
    assert [r.deltas for r in m.results] == [
        (-18, -18, 54, -18),
        (0, 0, 0, 0),
        (-27, 27, 0, 0),
        (0, 0, 0, 0),
    ]
    assert m.scores == (-45, 9, 54, -18)
    assert m.ranking == [2, 1, 3, 0]


def test_dealer_bonus_rotation_in_a_match_of_hands():
    hands = [
        quick_win(0, 0),  # the dealer wins: it keeps the deal
        quick_win(0, 2),  # another seat wins: the dealer's 下家 deals
        drawn_hand(1),  # drawn without a kong: the dealer deals again
        drawn_hand(1, kong_seat=2),  # drawn with a kong: the dealer's 下家 deals
        quick_win(2, 2),
    ]
    m = Match(Rules(dealer_bonus=True), hands=hands, length=5)
    for w in (0, 2, None, None, 2):
        autoplay_match_hand(m, declare=() if w is None else (w,), kong=True)
    assert m.is_over
    assert [g.dealer for g in m.games] == [0, 0, 1, 1, 2]
    assert [r.deltas for r in m.results] == [
        (69, -23, -23, -23),  # dealer self-draw: 18 + 5 each
        (-23, -18, 59, -18),  # the dealer's share 18 + 5
        (0, 0, 0, 0),
        (0, 0, 0, 0),
        (-23, -23, 69, -23),
    ]
    assert m.scores == (23, -64, 105, -64)
    assert m.ranking == [2, 0, 1, 3]


# ---------------------------------------------------------------------------------------
# more combinations
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("keep", [False, True], ids=["default", "kong_keeps_waits"])
def test_added_kong_changing_the_waits(keep):
    # seat 2 pongs 3s and declares on 45s123m456m99p: waits 3s / 6s. Adding its drawn 3s
    # to the pong would leave 6s alone (it would hold all four 3s).
    g = new_game(
        Rules(kong_keeps_waits=keep),
        hands={0: "3s", 2: "33s45s123m456m99p1z"},
        draws=[None, None, None, "3s"],
    )
    discard(g, 0, "3s", passing=False)
    act(g, 2, K.PONG)
    declare(g, 2, "1z")
    assert g.view(2).winning_tiles == (T("3s"), T("6s"))
    discard(g, 3)
    discard(g, 0)
    discard(g, 1)
    assert g.to_act == (2,) and drawn(g, 2) == T("3s")
    expected = {K.SELF_DRAW_WIN, K.DISCARD} | (set() if keep else {K.ADDED_KONG})
    assert kinds(g, 2) == expected
    act(g, 2, K.SELF_DRAW_WIN)
    # p = 3 self-drawn: 6 each
    check(g, win_each(2, 6), (-6, -6, 18, -6))


def test_must_win_robs_an_added_kong_by_itself():
    g = new_game(
        Rules(must_win=True), hands={0: "9p", 1: H69, 2: "99p9m"}, draws=[None, None, "1z", "9p"]
    )
    discard(g, 0, "9p", passing=False)
    act(g, 2, K.PONG)
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    act(g, 2, K.ADDED_KONG, "9p")
    assert g.is_over and g.result.win_kind is WinKind.ROBBED_KONG
    check(g, win_alone(1, 2, 9), (0, 27, -27, 0))


def test_must_win_two_winners_the_nearest_wins():
    g = new_game(
        Rules(must_win=True),
        hands={0: "99p", 1: H69, 3: "123s456s789s111z9p"},
        draws=["5z", None, "6z", None, None, "9p"],
    )
    discard(g, 0)
    declare(g, 1, "5z")
    discard(g, 2)
    declare(g, 3, "6z")
    discard(g, 0)
    discard(g, 2, passing=False)
    # seats 1 and 3 answered by themselves; seat 0 is still asked about its pong
    assert g.to_act == (0,) and kinds(g, 0) == {K.PONG, K.PASS}
    act(g, 0, K.PONG)
    assert g.result.winner == 3
    check(g, win_alone(3, 2, 9), (0, 0, -27, 27))


def test_feeder_pays_all_with_a_declared_discarder_moves_nothing():
    g = new_game(
        Rules(feeder_pays_all=True),
        hands={1: "1111z123m456m11p7p", 3: H3_2Z},
        draws=["8p", None, "3z", None, None, None, "9p"],
        replacements=["5z"],
    )
    discard(g, 0)
    act(g, 1, K.CONCEALED_KONG, "1z")
    declare(g, 1, "5z")
    discard(g, 2)
    declare(g, 3, "3z")
    discard(g, 0)
    discard(g, 2, passing=False)
    # seat 3 (declared) drew 9p, discarded for it
    assert g.to_act == (1,)
    act(g, 1, K.WIN)
    # 三家均摊 9 each; the concealed kong of 1z 20 from each other seat
    check(
        g, win_each(1, 9) + [tr(s, 1, 20, "concealed_kong") for s in (0, 2, 3)], (-29, 87, -29, -29)
    )


def test_robbing_needs_a_tile_worth_6():
    # seat 1 waits 3p / 6p; seat 2 adds the fourth 3p to its pong: 3 < 6, no robbing
    g = new_game(
        hands={0: "3p", 1: "123m456m789m11p45p", 2: "33p9m"},
        draws=[None, None, "1z", "3p"],
        replacements=[None],
    )
    discard(g, 0, "3p", passing=False)
    act(g, 2, K.PONG)
    discard(g, 2, "9m")
    discard(g, 3)
    discard(g, 0)
    declare(g, 1, "1z")
    act(g, 2, K.ADDED_KONG, "3p")
    assert phase(g) == "turn" and g.to_act == (2,)
    assert not g.view(1).passed_win
    assert [m.kind for m in g.view(0).melds[2]] == ["added_kong"]


def test_one_round_match_from_another_first_dealer():
    hands = [
        quick_win(2, 0),  # seat 0 self-draws: the deal passes to 3 (not to the winner)
        quick_win(3, 3),  # the dealer wins: it keeps the deal
        quick_win(3, 1, feeder=2),  # seat 1 wins on seat 2's 9p: the deal passes to 0
        quick_win(0, 2, tile="6p"),  # seat 2 self-draws 6p: to 1
        quick_win(1, 3, feeder=0),  # seat 3 wins on seat 0's 9p: to 2, the first dealer: over
    ]
    m = Match(Rules(), hands=hands, length="one_round", first_dealer=2)
    for w in (0, 3, 1, 2, 3):
        autoplay_match_hand(m, declare=(w,))
    assert m.is_over
    assert [g.dealer for g in m.games] == [2, 3, 3, 0, 1]
    assert [r.deltas for r in m.results] == [
        (54, -18, -18, -18),
        (-18, -18, -18, 54),
        (0, 27, -27, 0),
        (-12, -12, 36, -12),
        (-27, 0, 0, 27),
    ]
    assert m.scores == (-3, -21, -27, 51)
    assert m.ranking == [3, 0, 1, 2]


def test_answering_kong_when_a_win_is_offered_passes_the_win():
    # 777p89p123m456m99s waits 7p / 9s; seat 2's 7p: win, kong or pass
    g = new_game(
        hands={1: "777p89p123m456m99s"},
        draws=["1z", "7p", None, None, None, "9s"],
        replacements=[None],
    )
    discard(g, 0)
    declare(g, 1, "1z")
    discard(g, 2, passing=False)
    assert g.legal_actions(1) == [Action(K.WIN), Action(K.KONG), Action(K.PASS)]
    act(g, 1, K.KONG)
    # 过胡: a kong answer gives up the win; the replacement is discarded for seat 1
    assert g.view(1).passed_win and g.to_act == (2,)
    assert [(m.kind, m.tile, m.source) for m in g.view(0).melds[1]] == [("kong", T("7p"), 2)]
