"""The cheap checks, run after every step of every hand: tiles conserved, hand sizes, nobody
holds five of a kind; ``to_act`` against ``legal_actions`` and the rules' basic constraints;
the settled result; a declared seat's waits under ``kong_keeps_waits``; random illegal actions
and wrong seats raise and leave the game byte-identical."""

from __future__ import annotations

import random
from collections import Counter

import koudiandian as kd
import pytest
from koudiandian import (
    Action,
    ActionKind,
    ArgumentTypeError,
    Game,
    IllegalActionError,
    InvalidArgumentError,
    MeldKind,
    NotYourTurnError,
    Rules,
    WinKind,
)

from tests.support.invariants.state import MELD_SIZE, POINTS, K, State, log_of

# ---------------------------------------------------------------------------------------
# Cheap checks (every step of every hand)
# ---------------------------------------------------------------------------------------


def kinds_in_play(rules: Rules) -> int:
    return 27 if rules.no_honors else 34


WANT_COUNTS = {False: [4] * 34, True: [4] * 27 + [0] * 7}  # by no_honors


def check_tiles(game: Game, st: State) -> None:
    """Conservation, no five of a kind, hand sizes."""
    phase = st.phase
    result = game.result if phase == "over" else None
    hands = st.hands
    counts = [a + b + c + d for a, b, c, d in zip(*hands)]
    for seat in range(4):
        hand = hands[seat]
        assert min(hand) >= 0 and max(hand) <= 4, f"seat {seat} concealed counts {hand}"
        melds = st.melds[seat]
        held: Counter[int] = Counter()
        for kind, tile, source in melds:
            n = MELD_SIZE[kind]
            held[tile] += n
            counts[tile] += n - (source is not None)  # the claimed copy is also in a river
        for tile, n in held.items():
            assert hand[tile] + n <= 4, f"seat {seat} holds five of {kd.Tile(tile)}: {hand} {melds}"
        size = sum(hand) + 3 * len(melds)
        if phase == "turn" and seat == st.turn:
            want = 14
        elif result is not None and result.winner == seat:
            want = 14
        else:
            want = 13
        assert size == want, f"seat {seat} holds {size} tiles (want {want}) in phase {phase}"
    for river in st.discards:
        for t, _down in river:
            counts[t] += 1
    wall = st.wall
    assert 53 <= st.front and 0 <= st.back and st.front + st.back <= len(wall)
    assert game.wall_remaining == len(wall) - st.front - st.back
    for t in wall[st.front : len(wall) - st.back]:
        counts[t] += 1
    if phase == "rob":  # the tile being added to the kong: out of the hand, not yet in the meld
        assert st.claim is not None
        counts[st.claim] += 1
    if result is not None and result.win_kind is WinKind.DISCARD:
        # the tile won on is in the discarder's river and in the winner's hand
        counts[int(result.win_tile)] -= 1  # type: ignore[arg-type]
    expected = WANT_COUNTS[game.rules.no_honors]
    assert counts == expected, "tiles not conserved: " + ", ".join(
        f"{kd.Tile(k)}×{counts[k]}" for k in range(34) if counts[k] != expected[k]
    )


def check_to_act(game: Game, st: State) -> dict[int, list[Action]]:
    """``to_act`` against ``legal_actions`` and the rules' basic constraints; returns the
    legal actions of the seats to act."""
    to_act = game.to_act
    rules = game.rules
    assert list(to_act) == sorted(set(to_act)) and all(0 <= s < 4 for s in to_act)
    assert (not to_act) == game.is_over == (st.phase == "over")
    phase = st.phase
    if phase == "turn":
        assert to_act == (st.turn,)
    out = {}
    for seat in range(4):
        legal = game.legal_actions(seat)
        if seat not in to_act:
            assert legal == [], f"seat {seat} is not to act but has legal actions {legal}"
            continue
        assert legal, f"seat {seat} is to act but has no legal action"
        assert len(set(legal)) == len(legal), f"duplicate legal actions {legal}"
        kinds = {a.kind for a in legal}
        declared = st.declared[seat]
        hand = st.hands[seat]
        if rules.must_win:
            assert not kinds & {K.WIN, K.SELF_DRAW_WIN}, "must_win: a win was left to the seat"
        if declared:
            assert K.PONG not in kinds and K.DECLARE not in kinds
        else:
            assert K.WIN not in kinds and K.SELF_DRAW_WIN not in kinds, "undeclared seat may win"
        for a in legal:
            if a.kind in (K.CONCEALED_KONG, K.ADDED_KONG, K.KONG, K.PONG):
                t = int(a.tile) if a.tile is not None else st.claim
                assert t not in st.wild, f"kong/pong of a wildcard: {a}"
            if a.kind in (K.DISCARD, K.DECLARE):
                assert hand[int(a.tile)] >= 1, f"discard of a tile not held: {a}"  # type: ignore
            if a.kind is K.CONCEALED_KONG:
                assert hand[int(a.tile)] == 4  # type: ignore[arg-type]
            if a.kind is K.ADDED_KONG:
                t = int(a.tile)  # type: ignore[arg-type]
                assert hand[t] >= 1
                assert any(m[0] == MeldKind.PONG and m[1] == t for m in st.melds[seat])
        if phase == "turn":
            assert kinds <= {K.DISCARD, K.DECLARE, K.SELF_DRAW_WIN, K.CONCEALED_KONG, K.ADDED_KONG}
            assert K.DISCARD in kinds
            if declared:
                discards = [a for a in legal if a.kind is K.DISCARD]
                assert [int(a.tile) for a in discards] == [st.drawn], (  # type: ignore[arg-type]
                    f"declared seat may discard {discards}, drew {st.drawn}"
                )
                assert len(legal) > 1, "a declared seat's forced discard was left to it"
        else:
            assert phase in ("claim", "rob")
            assert legal[-1] == Action(K.PASS) and len(legal) >= 2
            assert kinds <= ({K.WIN, K.PASS} if phase == "rob" else {K.WIN, K.PONG, K.KONG, K.PASS})
            tile = st.claim
            assert tile is not None and seat != st.turn
            if K.WIN in kinds:
                assert not st.passed_win[seat], "a seat that passed a win is offered one"
                assert POINTS[tile] >= 6 and tile not in st.wild
            if K.PONG in kinds:
                assert hand[tile] >= 2
            if K.KONG in kinds:
                assert hand[tile] == 3
        out[seat] = legal
    return out


def check_result(game: Game, st: State, stats: Counter[str]) -> None:
    result = game.result
    assert result is not None and game.is_over
    log = log_of(game)
    last = log[-1]
    assert last["type"] == "end_hand" and last["result"] == result.to_dict()
    assert kd.HandResult.from_dict(result.to_dict()) == result
    assert sum(result.deltas) == 0, f"deltas {result.deltas} do not sum to zero"
    deltas = [0, 0, 0, 0]
    for t in result.transfers:
        assert t.amount > 0 and t.payer != t.payee and 0 <= t.payer < 4 and 0 <= t.payee < 4
        deltas[t.payer] -= t.amount
        deltas[t.payee] += t.amount
    assert tuple(deltas) == result.deltas, f"deltas {result.deltas} != transfers {deltas}"
    assert result.kongs_made == bool(st.kongs)
    assert result.declared == tuple(st.declared)
    assert result.dealer == game.dealer
    for k in st.kongs:
        stats[f"kong:{MeldKind(k[1]).name.lower()}"] += 1
    stats["declared"] += sum(st.declared)
    if result.winner is None:
        stats["drawn"] += 1
        assert game.wall_remaining == 0, "a drawn hand with tiles left in the wall"
        assert result.transfers == () and result.deltas == (0, 0, 0, 0)
        return
    w = result.winner
    stats[f"win:{result.win_kind.value}"] += 1  # type: ignore[union-attr]
    assert result.declared[w], "the winner had not declared ready"
    tiles = [k for k in range(34) for _ in range(st.hands[w][k])]
    melds = [kd.Meld(MeldKind(m[0]), kd.Tile(m[1])) for m in st.melds[w]]
    assert kd.is_win(tiles, melds=melds, wildcards=sorted(st.wild), rules=game.rules), (
        f"the winner's hand {kd.format_tiles(tiles)} + {melds} is not complete"
    )
    win_tile = int(result.win_tile)  # type: ignore[arg-type]
    win_events = [e for e in log if e["type"] == "win"]
    assert len(win_events) == 1 and win_events[0]["seat"] == w and win_events[0]["tile"] == win_tile
    if result.win_kind is WinKind.SELF_DRAW:
        assert result.discarder is None
        last_draw = next(e for e in reversed(log) if e["type"] == "draw")
        assert last_draw["seat"] == w and last_draw["tile"] == win_tile
        assert result.points >= (5 if game.rules.draw5_win6 else 3)
        assert all(t.payee == w for t in result.transfers if t.reason in ("win", "dealer_bonus"))
    else:
        d = result.discarder
        assert d is not None and d != w
        assert win_tile not in st.wild and POINTS[win_tile] >= 6
        assert result.points == POINTS[win_tile]
        claimed = next(e for e in reversed(log) if e["type"] in ("discard", "added_kong"))
        assert claimed["seat"] == d and claimed["tile"] == win_tile
        if result.win_kind is WinKind.DISCARD:
            assert claimed["type"] == "discard" and not claimed["declare"]
            assert st.discards[d][-1] == (win_tile, False), "won on a tile not discarded last"
        else:
            assert claimed["type"] == "added_kong"
            assert not any(  # a robbed kong is not a kong
                k[0] == d and k[2] == win_tile and k[1] == MeldKind.ADDED_KONG for k in st.kongs
            )
            assert any(m[0] == MeldKind.PONG and m[1] == win_tile for m in st.melds[d])
    wins = [t for t in result.transfers if t.reason == "win"]
    assert len(wins) == 3 and {t.share_of if t.share_of is not None else t.payer for t in wins} == (
        {0, 1, 2, 3} - {w}
    )


# ---------------------------------------------------------------------------------------
# Illegal actions
# ---------------------------------------------------------------------------------------

ALL_KINDS = list(ActionKind)


def random_action(rng: random.Random) -> Action:
    kind = rng.choice(ALL_KINDS)
    if kind is ActionKind.PAO:
        return Action(kind, rng.randrange(4))
    if kind is ActionKind.VOID:
        return Action(kind, rng.randrange(3))
    return Action(kind, kd.Tile(rng.randrange(34)) if kind.takes_tile else None)


def check_illegal(game: Game, legal: dict[int, list[Action]], rng: random.Random) -> None:
    before = game.to_json()
    count = game._core.event_count()
    to_act = game.to_act
    tries = 0
    while tries < 4:
        seat = rng.randrange(4)
        action = random_action(rng)
        if rng.random() < 0.3 and legal:  # a legal action of another seat, by the wrong seat
            action = rng.choice(rng.choice(list(legal.values())))
        if seat in to_act and action in legal[seat]:
            continue
        tries += 1
        err = NotYourTurnError if seat not in to_act else IllegalActionError
        with pytest.raises(err):
            game.step(seat, action)
        assert game._core.event_count() == count and game.to_act == to_act, (
            f"a refused {action} by seat {seat} changed the game"
        )
    bad_seat = rng.choice([4, -1, True, "0", None, 1.0])
    some = next(iter(legal.values()))[0] if legal else Action(K.PASS)
    with pytest.raises(InvalidArgumentError):
        game.step(bad_seat, some)  # type: ignore[arg-type]
    if to_act:
        with pytest.raises(IllegalActionError):
            game.step(to_act[0], "discard")  # action text that names no action
        with pytest.raises(ArgumentTypeError):
            # (an object {'kind', 'tile'} is an action, the server's; a list of one is not)
            not_an_action = [None, 5, [some.to_dict()], (some.kind, some.tile)]
            game.step(to_act[0], rng.choice(not_an_action))  # type: ignore[arg-type]
    assert game.to_json() == before, "a refused action changed the game"
    for seat in range(4):
        assert game.legal_actions(seat) == legal.get(seat, [])


def check_declared_waits(
    game: Game, st: State, at_declare: dict[int, list[int] | None], melds_seen: list[int]
) -> None:
    """Under ``kong_keeps_waits`` a declared seat's winning tiles never change (RULES §4)."""
    for s in range(4):
        if not st.declared[s]:
            continue
        n = len(st.melds[s])
        if s in at_declare and n == melds_seen[s]:
            continue
        v = game.view(s)
        if v.winning_tiles is None and st.phase == "over":
            continue
        waits = None if v.winning_tiles is None else [int(t) for t in v.winning_tiles]
        if s not in at_declare:
            at_declare[s] = waits
        else:
            assert waits == at_declare[s], (
                f"kong_keeps_waits: seat {s}'s waits changed from {at_declare[s]} to {waits}"
            )
        melds_seen[s] = n
