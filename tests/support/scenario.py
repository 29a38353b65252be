"""Playing a hand from an explicit wall, step by step, for the scenario tests
(``tests/engine/test_scenario_*.py``): the game's constructor, the moves a scenario makes
(discard, declare, pass the claims), the checks of a settled hand's transfers and deltas, and
an autoplay policy that plays a hand out.

``H69`` is the ready hand ``123m456m789m11p78p`` waiting on 6p / 9p (both worth >= 6, so it may
declare); ``H3_2Z`` the ready hand ``123s456s789s555z`` with a 2z to discard. A seat declares by
drawing a useless honor and discarding it face down.
"""

from __future__ import annotations

from collections import Counter

from koudiandian import Action, ActionKind, Game, Match, Rules, Tile, Transfer

from tests.support.walls import build_wall, tiles

K = ActionKind


H69 = "123m456m789m11p78p"  # waits 6p, 9p


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


H3_2Z = "123s456s789s555z2z"  # waits 2z (tanki)
