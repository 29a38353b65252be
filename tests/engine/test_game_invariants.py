"""Random-play invariants of the hand engine (:class:`koudiandian.Game`).

For each option set, ``N_HANDS`` seeded hands are played to the end by a seeded random
policy over the legal actions, biased towards declaring ready, winning and konging so that
wins of both kinds, kongs and robbed kongs really happen. The policy discards like a weak
player (isolated tiles first) so that hands get ready.

After every step of every hand (cheap checks):

- tiles are conserved: the four concealed hands, all melds, all discards and the wall
  remaining hold every tile in play exactly once (a claimed discard stays in its
  discarder's river, so the claimed copy is counted once; a tile being added to a kong
  while the kong may be robbed is counted once);
- nobody holds five of a kind, and every seat holds 13 tiles (14 for the seat on turn and
  for the winner);
- the seats in ``to_act`` have legal actions, the others none, and the legal actions obey
  the rules' basic constraints (only declared seats win, declared seats never pong, wins
  on discards only for tiles worth >= 6 and never for wildcards, no win prompts under
  ``must_win``, a declared seat's only discard is its drawn tile, ...).

At the end of every hand: the deltas sum to zero and equal the transfers; a won hand is a
complete hand of a declared seat; a drawn hand emptied the wall and paid nothing; under
``kong_keeps_waits`` a declared seat's winning tiles never changed; a few random illegal
actions and wrong seats per hand raise and leave ``to_json()`` byte-identical.

On a subset of hands (every ``FULL_EVERY``-th; expensive checks):

- after every step, ``view(seat)`` of each seat hides what the seat may not see (other
  seats' concealed tiles and draws, concealed-kong kinds, face-down 报听 discards, the wall,
  the seed) and agrees with the game; at the end ``events_for(seat)`` does too (others'
  draws, concealed kongs and face-down discards masked, others' answers left out, no wall);
- non-interference: games that differ only in what a seat cannot see (two undrawn wall
  tiles swapped; two honor kinds relabelled everywhere; another seat's face-down discard
  made a different kind; a tile dealt to another seat swapped with an undrawn one) give
  that seat identical views and event logs, so nothing hidden can be recovered from them;
- ``Game.replay(game.events)``, ``Game.from_json(game.to_json())``, pickling and deepcopy
  rebuild an equal game with identical JSON, at the end and in the middle of a hand.

``test_corrupted_logs`` (every ``CORRUPT_EVERY``-th hand, finished and cut in the middle):
dropped, swapped or edited events, changed tiles, a changed wall, bad JSON, wrong format or
version raise :class:`koudiandian.InvalidEventLogError`. ``test_fuzzed_logs``: random
edits of the same logs raise InvalidEventLogError (never another exception) or replay to
the same log.

A failure names the option set and the seed; ``play_hand(OPTION_SETS[name], seed)``
replays that hand with the same policy (the policy's generator is seeded by the seed; the
dealer is ``seed % 4``).
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

import koudiandian as kd
import pytest
from koudiandian import (
    Action,
    ActionKind,
    ArgumentTypeError,
    Game,
    IllegalActionError,
    InvalidArgumentError,
    InvalidEventLogError,
    KoudiandianError,
    MeldKind,
    NotYourTurnError,
    Rules,
    SeatView,
    WildcardMode,
    WinKind,
)

N_HANDS = 2_000  # hands per option set (keep >= 2,000)
FULL_EVERY = 20  # every n-th hand gets the expensive checks (views, replay, JSON, pickle)
CORRUPT_EVERY = 40  # every n-th hand gets the corrupted-log and fuzzed-log checks
ILLEGAL_TRIES = 3  # steps per hand (besides the end) at which 4 random illegal actions are tried
FUZZ_TRIES = 30  # random edits of each corrupted-log hand's log

K = ActionKind
POINTS = tuple(list(range(1, 10)) * 3 + [10] * 7)
MELD_SIZE = {
    int(MeldKind.PONG): 3,
    int(MeldKind.KONG): 4,
    int(MeldKind.ADDED_KONG): 4,
    int(MeldKind.CONCEALED_KONG): 4,
}

OPTION_SETS: dict[str, Rules] = {
    "default": Rules(),
    "taiyuan": Rules.preset("taiyuan"),
    "random_wildcard": Rules(
        wildcards=WildcardMode.RANDOM, dealer_bonus=True, feeder_pays_kong=True
    ),
    "random_wildcard_no_honors": Rules(
        wildcards=WildcardMode.RANDOM, no_honors=True, delayed_kong=True, feeder_pays_all=True
    ),
    "honor_wildcard": Rules(wildcards=WildcardMode.HONOR, wind_runs=True, must_win=True),
    "double_wildcard": Rules(
        wildcards=WildcardMode.DOUBLE,
        kong_keeps_waits=True,
        draw5_win6=True,
        dealer_bonus=True,
        dealer_selfdraw_double=True,
    ),
    "must_win": Rules(must_win=True, dealer_bonus=True),
    "kong_keeps_waits_delayed_kong": Rules(kong_keeps_waits=True, delayed_kong=True),
    "wind_runs": Rules(wind_runs=True, feeder_pays_kong=True),
    "no_honors_bonus_patterns": Rules(no_honors=True, bonus_patterns=True),
    "draw5_win6": Rules(draw5_win6=True, feeder_pays_all=True),
}

# Take these actions with this probability when offered (in this order of preference);
# otherwise fall through to the next, and finally discard or pass. An added kong that a
# declared seat could rob is taken almost always (the policy peeks at the other hands, so
# that robbed kongs happen); otherwise the fourth tile is mostly kept for later.
PREFERENCES = (
    (K.SELF_DRAW_WIN, 0.9),
    (K.WIN, 0.85),
    (K.CONCEALED_KONG, 0.8),
    (K.ADDED_KONG, 0.3),
    (K.KONG, 0.8),
    (K.DECLARE, 0.9),
    (K.PONG, 0.8),
)
ROB_BAIT = 0.95


def seed_of(name: str, i: int) -> int:
    """The seed of hand ``i`` of option set ``name``: 64-bit, so that it can be searched for
    in what a seat sees without false hits."""
    return random.Random(f"{name}/{i}").getrandbits(64)


# ---------------------------------------------------------------------------------------
# The authority's state (read from the engine's private accessors, once per step)
# ---------------------------------------------------------------------------------------


@dataclass
class State:
    phase: str
    turn: int
    drawn: int | None
    claim: int | None
    hands: list[list[int]]
    melds: list[list[list[Any]]]  # per seat: [kind, tile, source]
    discards: list[list[tuple[int, bool]]]  # per seat: (tile, face down)
    declared: list[bool]
    passed_win: list[bool]
    front: int
    back: int
    wall: list[int]
    wild: frozenset[int]
    kongs: list[tuple[Any, ...]]  # (seat, kind, tile, feeder, feeder_declared)


def state(game: Game) -> State:
    core = game._core
    front, back = core.wall_position()
    return State(
        phase=game.phase,
        turn=core.turn(),
        drawn=core.drawn(),
        claim=core.claim_tile(),
        hands=game._hands,
        melds=game._melds,
        discards=game._discards,
        declared=game._declared,
        passed_win=list(core.passed_win()),
        front=front,
        back=back,
        wall=game._wall,
        wild=frozenset(game._core.wildcards()),
        kongs=list(core.kongs()),
    )


def log_of(game: Game) -> list[dict[str, Any]]:
    """The game's full event log (the engine's own cache: read only)."""
    return game._log()


# ---------------------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------------------


def _usefulness(hand: list[int], k: int, wild: frozenset[int], ponged: set[int]) -> int:
    if k in wild or k in ponged:
        return 100
    s = 4 * hand[k]
    if k < 27:
        r = k % 9
        for d, w in ((1, 2), (2, 1)):
            if r - d >= 0 and hand[k - d]:
                s += w
            if r + d <= 8 and hand[k + d]:
                s += w
    return s


def _robbable(game: Game, st: State, seat: int, tile: int) -> bool:
    """Whether another seat could rob an added kong of ``tile`` (peeking at its hand)."""
    if tile in st.wild or POINTS[tile] < 6:
        return False
    for s in range(4):
        if s == seat or not st.declared[s] or st.passed_win[s]:
            continue
        hand = st.hands[s]
        tiles = [k for k in range(34) for _ in range(hand[k])] + [tile]
        melds = [kd.Meld(MeldKind(m[0]), kd.Tile(m[1])) for m in st.melds[s]]
        if kd.is_win(tiles, melds=melds, wildcards=sorted(st.wild), rules=game.rules):
            return True
    return False


def choose(game: Game, st: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    by_kind: dict[ActionKind, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if K.ADDED_KONG in by_kind:
        bait = [
            a
            for a in by_kind[K.ADDED_KONG]
            if _robbable(game, st, seat, int(a.tile))  # type: ignore[arg-type]
        ]
        if bait and rng.random() < ROB_BAIT:
            return rng.choice(bait)
    for kind, p in PREFERENCES:
        if kind in by_kind and rng.random() < p:
            return rng.choice(by_kind[kind])
    discards = by_kind.get(K.DISCARD)
    if discards:
        if rng.random() < 0.1:
            return rng.choice(discards)
        hand = st.hands[seat]
        ponged = {m[1] for m in st.melds[seat] if m[0] == MeldKind.PONG}
        return min(
            discards,
            key=lambda a: (
                _usefulness(hand, int(a.tile), st.wild, ponged)  # type: ignore[arg-type]
                + rng.random()
            ),
        )
    if K.PASS in by_kind:
        return by_kind[K.PASS][0]
    return rng.choice(legal)


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
# Expensive checks: what a seat may see
# ---------------------------------------------------------------------------------------

VIEW_FIELDS = {
    "seat",
    "dealer",
    "rules",
    "phase",
    "turn",
    "hand",
    "drawn",
    "melds",
    "discards",
    "declared",
    "passed_win",
    "claim_tile",
    "wall_remaining",
    "wildcards",
    "winning_tiles",
    "scores",
    "legal_actions",
    "result",
    # Public by the rules (hebei): flowers lie face up, so does the 混 indicator, and the
    # 跑 bids are shown only once all four have bid.
    "flowers",
    "indicator",
    "bids",
    # Which discards were taken: public, as the claims are.
    "claimed",
    # The hand's prevalent wind (圈风): public, as the dealer is.
    "prevalent_wind",
}
FORBIDDEN_KEYS = {"wall", "seed", "hands", "_wall", "_hands", "rng"}


def _keys(obj: Any) -> Iterator[str]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _keys(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _keys(v)


def check_view(game: Game, st: State, seat: int, seed: int, legal: list[Action]) -> SeatView:
    v = game.view(seat)
    over = game.is_over
    names = {f.name for f in fields(SeatView)}
    assert names == VIEW_FIELDS, f"SeatView fields not reviewed for leaks: {names ^ VIEW_FIELDS}"
    assert v.seat == seat and v.dealer == game.dealer and v.phase == st.phase
    assert v.prevalent_wind == game.prevalent_wind
    assert v.rules == game.rules and v.turn == st.turn
    assert list(v.hand) == game.hand(seat)
    mine = st.phase == "turn" and st.turn == seat
    assert v.drawn == (kd.Tile(st.drawn) if mine and st.drawn is not None else None)
    if st.phase in ("claim", "rob"):
        assert st.claim is not None and v.claim_tile == kd.Tile(st.claim)
    else:
        assert v.claim_tile is None
    assert list(v.legal_actions) == legal
    assert v.declared == tuple(st.declared)
    assert v.passed_win == st.passed_win[seat]
    assert v.wall_remaining == game.wall_remaining
    assert v.wildcards == game.wildcards
    assert list(v.scores) == game._log()[0]["scores"]
    assert (v.result is None) != over and v.result == game.result
    for s in range(4):
        assert len(v.melds[s]) == len(st.melds[s])
        for mv, (kind, tile, source) in zip(v.melds[s], st.melds[s]):
            assert mv.kind == MeldKind(kind).name.lower() and mv.source == source
            hidden = kind == MeldKind.CONCEALED_KONG and s != seat and not over
            assert mv.tile == (None if hidden else kd.Tile(tile)), f"seat {seat} sees {s}'s {mv}"
        assert len(v.discards[s]) == len(st.discards[s])
        for shown, (tile, down) in zip(v.discards[s], st.discards[s]):
            hidden = down and s != seat and not over
            assert shown == (None if hidden else kd.Tile(tile)), (
                f"seat {seat} sees {s}'s face-down discard"
            )
    d = v.to_dict()
    assert set(d) == VIEW_FIELDS
    text = json.dumps(d)
    assert not any(f'"{k}"' in text for k in FORBIDDEN_KEYS), "a view names the wall / hands"
    assert str(seed) not in text
    return v


def visible_tiles(events: list[dict[str, Any]]) -> set[int]:
    """Every tile value in a seat's event log (before the end of the hand)."""
    out: set[int] = set()
    for e in events:
        if e["type"] == "end_hand":
            continue
        if e["type"] == "start_hand":
            out.update(e["hand"])
            out.update(e["wildcards"])
            continue
        t = e.get("tile")
        if t is not None:
            out.add(t)
    return out


def check_events_for(game: Game, seat: int, seed: int) -> list[dict[str, Any]]:
    """``events_for(seat)`` is the full log with what ``seat`` may not see masked: others'
    draws, concealed-kong kinds and face-down discards (after the hand ends they may be
    shown), others' claim answers (a passed win would tell that the seat could win) and
    whether others' discards were automatic; no wall, no seed."""
    mine = game.events_for(seat)
    full = log_of(game)
    over = game.is_over
    text = json.dumps(mine)
    during = [e for e in mine if e["type"] != "end_hand"]  # the end of the hand shows all
    assert not set(_keys(during)) & FORBIDDEN_KEYS, "events_for leaks the wall / hands"
    assert str(seed) not in text
    start = mine[0]
    assert start["type"] == "start_hand"
    wall = full[0]["wall"]
    i = (seat - game.dealer) % 4
    dealt = wall[13 * i : 13 * i + 13] + ([wall[52]] if i == 0 else [])
    assert sorted(start["hand"]) == sorted(dealt)
    assert start["wall_size"] == len(wall)
    for k in ("dealer", "rules", "wildcards", "scores"):
        assert start[k] == full[0][k]
    # others' answers: left out, or at least without the answer
    shown = []
    for m in mine[1:]:
        if m["type"] == "answer" and m.get("seat") != seat:
            assert m.get("action") is None and m.get("auto") is None, f"seat {seat} sees {m}"
        else:
            shown.append(m)
    full_public = [e for e in full[1:] if e["type"] != "answer" or e["seat"] == seat]
    assert len(shown) == len(full_public)
    for m, e in zip(shown, full_public):
        assert m["type"] == e["type"]
        if m["type"] == "end_hand":
            continue
        other = e.get("seat") != seat
        masked = other and (
            m["type"] in ("draw", "concealed_kong") or (m["type"] == "discard" and e["declare"])
        )
        if masked:
            allowed = (None, e["tile"]) if over else (None,)
            assert m["tile"] in allowed, (
                f"seat {seat} sees seat {e['seat']}'s {m['type']} tile ({e})"
            )
        else:
            assert m.get("tile") == e.get("tile")
        if other and m["type"] == "discard":
            assert m.get("auto") is None, (
                f"seat {seat} sees whether seat {e['seat']}'s discard was automatic"
            )
        for k, val in m.items():
            if k not in ("tile", "auto"):
                assert e[k] == val
    return mine


# ---------------------------------------------------------------------------------------
# Replay, JSON, pickle, corrupted logs
# ---------------------------------------------------------------------------------------


def check_round_trips(game: Game) -> None:
    text = game.to_json()
    for rebuilt in (
        Game.replay(game.events),
        Game.from_json(text),
        Game.from_json(text.encode()),
        pickle.loads(pickle.dumps(game)),
        copy.deepcopy(game),
    ):
        assert rebuilt == game
        assert rebuilt.to_json() == text
        assert rebuilt.to_act == game.to_act and rebuilt.result == game.result
        assert rebuilt._hands == game._hands and rebuilt._discards == game._discards
        assert rebuilt._melds == game._melds and rebuilt.phase == game.phase
        for s in range(4):
            assert rebuilt.legal_actions(s) == game.legal_actions(s)


def expect_invalid_log(events: Any, what: str) -> None:
    try:
        Game.replay(events)
    except InvalidEventLogError:
        pass
    except Exception as err:  # noqa: BLE001
        raise AssertionError(
            f"Game.replay raised {type(err).__name__}: {err} for a corrupted log ({what})"
        ) from None
    else:
        raise AssertionError(f"Game.replay accepted a corrupted log ({what})")
    try:
        text = json.dumps({"format": "koudiandian-game", "version": 1, "events": events})
    except (TypeError, ValueError):
        return
    with pytest.raises(InvalidEventLogError):
        Game.from_json(text)


def _is_decision(e: dict[str, Any]) -> bool:
    """Whether the event records a seat's own decision (rather than the engine's)."""
    kind = e["type"]
    if kind in ("concealed_kong", "added_kong"):
        return True
    if kind in ("discard", "answer"):
        return not e["auto"]
    return kind == "win" and e["kind"] == "self_draw" and not e["auto"]


def check_corrupted_logs(game: Game, rng: random.Random) -> None:
    """``game`` is finished or waits for a decision. In a log that ends in the middle of a
    hand, a last decision may be dropped or made differently and the log stays valid, so
    there only the engine's own events are dropped or edited."""
    events = game.events
    n = len(events)
    finished = events[-1]["type"] == "end_hand"
    mutable = [i for i in range(1, n) if finished or not _is_decision(events[i])]
    # drop an event (each position has a different effect; try a few and the first)
    for i in {0, *rng.sample(mutable, min(3, len(mutable))), *([n - 1] if finished else [])}:
        expect_invalid_log(events[:i] + events[i + 1 :], f"dropped event {i}")

    # swap two different events (not two answers to the same claim, whose order is free)
    def swappable(i: int, j: int) -> bool:
        return events[i] != events[j] and not (events[i]["type"] == events[j]["type"] == "answer")

    pairs = [sorted(rng.sample(range(n), 2)) for _ in range(3)] if n >= 2 else []
    if n >= 3:
        i = rng.randrange(1, n - 1)
        pairs.append([i, i + 1])
    for i, j in pairs:
        decisions = _is_decision(events[i]) or _is_decision(events[j])
        if swappable(i, j) and (finished or not decisions):
            bad = list(events)
            bad[i], bad[j] = bad[j], bad[i]
            expect_invalid_log(bad, f"swapped events {i} and {j}")
    # change a tile in an event
    in_play = kinds_in_play(game.rules)
    with_tile = [i for i in mutable if isinstance(events[i].get("tile"), int)]
    for i in rng.sample(with_tile, min(3, len(with_tile))):
        bad = copy.deepcopy(events)
        bad[i]["tile"] = (bad[i]["tile"] + rng.randrange(1, in_play)) % in_play
        expect_invalid_log(bad, f"changed the tile of event {i} ({events[i]})")
    # change a wall tile (the counts no longer match), a dealt hand, the result, the end
    bad = copy.deepcopy(events)
    p = rng.randrange(len(bad[0]["wall"]))
    bad[0]["wall"][p] = (bad[0]["wall"][p] + 1) % in_play
    expect_invalid_log(bad, f"changed wall tile {p}")
    if any(e["type"] == "draw" and not e["replacement"] for e in events):
        bad = copy.deepcopy(events)  # wall[53] is the first ordinary draw
        w = bad[0]["wall"]
        p = next(p for p in range(52) if w[p] != w[53])
        w[p], w[53] = w[53], w[p]
        expect_invalid_log(bad, f"swapped dealt tile {p} with the first drawn one")
    if events[-1]["type"] == "end_hand":
        bad = copy.deepcopy(events)
        bad[-1]["result"]["deltas"][0] += 1
        expect_invalid_log(bad, "edited deltas")
        bad = copy.deepcopy(events)
        bad[-1]["hands"][0].append(0)
        expect_invalid_log(bad, "edited final hands")
        bad = copy.deepcopy(events)
        bad[-1]["discards"] = bad[-1]["discards"][::-1]
        if bad[-1]["discards"] != events[-1]["discards"]:
            expect_invalid_log(bad, "edited final discards")
    bad = copy.deepcopy(events)
    bad[0]["scores"] = [1, 0, 0, 0]
    expect_invalid_log(bad + [copy.deepcopy(events[-1])], "extra end event")
    bad = copy.deepcopy(events)
    bad[0]["dealer"] = (bad[0]["dealer"] + 1) % 4
    expect_invalid_log(bad, "changed dealer")
    bad = copy.deepcopy(events)
    bad[0]["rules"]["no_such_option"] = True
    expect_invalid_log(bad, "unknown option")
    # structurally bad logs
    for bad_log, what in (
        ([], "empty"),
        ([events[1]] + events[1:], "no start"),
        (events + [{"type": "draw"}], "trailing junk"),
        (events[:1] + [None] + events[1:], "None event"),
        (events[:1] + [{"type": "teleport", "seat": 0}] + events[1:], "unknown type"),
        (events[:1] + ["discard"] + events[1:], "string event"),
    ):
        expect_invalid_log(bad_log, what)
    # bad JSON, wrong format / version
    text = game.to_json()
    data = json.loads(text)
    for bad_text in (
        text[:-1],
        text[: len(text) // 2],
        text + "x",
        "",
        "null",
        "[]",
        "{}",
        '"koudiandian-game"',
        b"\xff\xfe\x00",
        text.replace('"events"', '"evnts"'),
        json.dumps({**data, "version": 2}),
        json.dumps({**data, "version": 0}),
        json.dumps({**data, "version": "1"}),
        json.dumps({k: v for k, v in data.items() if k != "version"}),
        json.dumps({**data, "format": "koudiandian-match"}),
        json.dumps({**data, "events": {"0": events[0]}}),
        json.dumps({**data, "events": None}),
    ):
        with pytest.raises(InvalidEventLogError):
            Game.from_json(bad_text)
    for not_text in (None, 123, [text]):
        with pytest.raises(InvalidEventLogError):
            Game.from_json(not_text)  # type: ignore[arg-type]


BULKY = ("wall", "rules", "result", "hands", "melds", "discards")  # left out of messages
FUZZ_JUNK: tuple[Any, ...] = (
    None,
    -1,
    34,
    99,
    "x",
    "",
    [],
    {},
    True,
    False,
    1.5,
    2**70,
    [0],
    ["x"],
    {"a": 1},
    "discard",
)


def fuzz_log(events: list[dict[str, Any]], rng: random.Random, tries: int) -> list[str]:
    """Random edits of a log (a value replaced by junk, a key deleted or added, an item of
    a list or dict replaced): each must be refused with :class:`InvalidEventLogError`, or
    (for edits Python's ``==`` cannot see, such as ``1`` -> ``1.0``) replay to the same log.
    Returns a description of each edit handled otherwise."""
    bad_cases = []
    for _ in range(tries):
        bad = copy.deepcopy(events)
        i = rng.randrange(len(bad))
        e = bad[i]
        key = rng.choice(sorted(e))
        r = rng.random()
        if r < 0.6:
            e[key] = rng.choice(FUZZ_JUNK)
        elif r < 0.75:
            del e[key]
        elif r < 0.85:
            e["extra"] = 1
        elif isinstance(e[key], list) and e[key]:
            e[key][rng.randrange(len(e[key]))] = rng.choice(FUZZ_JUNK)
        elif isinstance(e[key], dict) and e[key]:
            e[key][rng.choice(sorted(e[key]))] = rng.choice(FUZZ_JUNK)
        else:
            continue
        shown = {k: v for k, v in e.items() if k not in BULKY}
        try:
            rebuilt = Game.replay(bad)
        except InvalidEventLogError:
            continue
        except Exception as err:  # noqa: BLE001
            bad_cases.append(
                f"Game.replay raised {type(err).__name__}: {err} (not InvalidEventLogError) "
                f"for event {i} edited to {shown}"
            )
            continue
        if log_of(rebuilt) != bad:
            bad_cases.append(f"Game.replay accepted a log whose event {i} was edited to {shown}")
    return bad_cases


# ---------------------------------------------------------------------------------------
# Non-interference: what a seat cannot see does not change what it is shown
# ---------------------------------------------------------------------------------------


def _seat_sees(game: Game, seat: int) -> tuple[list[dict[str, Any]], SeatView]:
    return game.events_for(seat), game.view(seat)


def _honor_classes(rules: Rules) -> list[list[int]]:
    if rules.no_honors:
        return []
    if rules.wind_runs:  # permuting winds among winds and dragons among dragons is a symmetry
        return [[27, 28, 29, 30], [31, 32, 33]]
    return [list(range(27, 34))]


def _dealt_positions(j: int) -> list[int]:
    """Wall positions dealt to the seat ``j`` places after the dealer."""
    return [*range(13 * j, 13 * j + 13), *([52] if j == 0 else [])]


def _wall_position(events: list[dict[str, Any]]) -> tuple[int, int]:
    front = 53 + sum(1 for e in events if e["type"] == "draw" and not e["replacement"])
    back = sum(1 for e in events if e["type"] == "draw" and e["replacement"])
    return front, back


def check_noninterference(
    prefix: list[dict[str, Any]], rng: random.Random, stats: Counter[str]
) -> None:
    """``prefix`` is the log of a hand in progress, cut where the game waits for a decision."""
    base = Game.replay(prefix)
    assert not base.is_over
    seen = {s: _seat_sees(base, s) for s in range(4)}
    wall = prefix[0]["wall"]
    front, back = _wall_position(prefix)
    undrawn = list(range(front, len(wall) - back))

    def compare(twin_log: list[dict[str, Any]], blind: list[int], what: str, must: bool) -> None:
        try:
            twin = Game.replay(twin_log)
        except InvalidEventLogError:
            assert not must, f"{what}: the twin log does not replay"
            return
        stats[f"twin:{what}"] += 1
        for s in blind:
            ev, v = _seat_sees(twin, s)
            assert ev == seen[s][0], f"{what}: seat {s}'s events_for changed"
            assert v == seen[s][1], f"{what}: seat {s}'s view changed"

    # 1. two undrawn wall tiles swapped: nobody may notice
    if len(undrawn) >= 2:
        p, q = rng.sample(undrawn, 2)
        twin_log = copy.deepcopy(prefix)
        w = twin_log[0]["wall"]
        w[p], w[q] = w[q], w[p]
        compare(twin_log, [0, 1, 2, 3], "wall order", must=True)

    # 2. two honor kinds relabelled everywhere (an exact symmetry of the rules): a seat that
    #    has seen neither kind may not notice
    wild = set(prefix[0]["wildcards"])
    classes = [[k for k in c if k not in wild] for c in _honor_classes(base.rules)]
    classes = [c for c in classes if len(c) >= 2]
    if classes:
        a, b = rng.sample(rng.choice(classes), 2)
        swap = {a: b, b: a}
        twin_log = copy.deepcopy(prefix)
        twin_log[0]["wall"] = [swap.get(t, t) for t in twin_log[0]["wall"]]
        for e in twin_log[1:]:
            if isinstance(e.get("tile"), int):
                e["tile"] = swap.get(e["tile"], e["tile"])
        blind = []
        for s in range(4):
            ev, v = seen[s]
            shown = visible_tiles(ev) | {int(t) for t in v.hand}
            shown |= {int(t) for ts in v.discards for t in ts if t is not None}
            shown |= {int(m.tile) for ms in v.melds for m in ms if m.tile is not None}
            if a not in shown and b not in shown:
                blind.append(s)
        compare(twin_log, blind, "honor relabel", must=True)

    # 3. another seat's face-down discard made a different kind (swapped with an undrawn
    #    wall tile in its dealt hand): the other three may not notice
    downs = [i for i, e in enumerate(prefix) if e["type"] == "discard" and e["declare"]]
    if downs and undrawn:
        i = rng.choice(downs)
        t = prefix[i]["seat"]
        a = prefix[i]["tile"]
        j = (t - prefix[0]["dealer"]) % 4
        dealt = [p for p in _dealt_positions(j) if wall[p] == a]
        others = [q for q in undrawn if wall[q] != a and wall[q] not in wild]
        if dealt and others:
            p, q = rng.choice(dealt), rng.choice(others)
            twin_log = copy.deepcopy(prefix)
            w = twin_log[0]["wall"]
            w[p], w[q] = w[q], w[p]
            twin_log[i]["tile"] = w[p]
            compare(twin_log, [s for s in range(4) if s != t], "face-down discard", must=False)

    # 4. a tile dealt to another seat swapped with an undrawn wall tile
    if undrawn:
        t = rng.randrange(4)
        j = (t - prefix[0]["dealer"]) % 4
        p = rng.choice(_dealt_positions(j))
        q = rng.choice(undrawn)
        twin_log = copy.deepcopy(prefix)
        w = twin_log[0]["wall"]
        w[p], w[q] = w[q], w[p]
        compare(twin_log, [s for s in range(4) if s != t], "hidden hand", must=False)


# ---------------------------------------------------------------------------------------
# Illegal actions
# ---------------------------------------------------------------------------------------

ALL_KINDS = list(ActionKind)


def random_action(rng: random.Random) -> Action:
    kind = rng.choice(ALL_KINDS)
    if kind is ActionKind.PAO:
        return Action(kind, rng.randrange(4))
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


# ---------------------------------------------------------------------------------------
# Playing a hand
# ---------------------------------------------------------------------------------------


@dataclass
class HandLog:
    actions: list[tuple[int, Action]] = field(default_factory=list)
    cuts: list[int] = field(default_factory=list)  # event counts where a decision was awaited


def play_hand(
    rules: Rules,
    seed: int,
    *,
    full: bool = False,
    stats: Counter[str] | None = None,
    log: HandLog | None = None,
) -> Game:
    """Play one hand with the policy, checking everything; returns the finished game.
    ``full`` adds the expensive checks."""
    stats = Counter() if stats is None else stats
    log = HandLog() if log is None else log
    rng = random.Random(seed)
    game = Game(rules, seed=seed, dealer=seed % 4)
    assert not hasattr(game, "_seed") and str(seed) not in game.to_json()
    illegal_at = set(rng.sample(range(60), ILLEGAL_TRIES))
    mid_check = rng.randrange(5, 40)
    waits_at_declare: dict[int, list[int] | None] = {}
    melds_seen = [0, 0, 0, 0]
    step = 0
    while True:
        st = state(game)
        check_tiles(game, st)
        legal = check_to_act(game, st)
        if full:
            for s in range(4):
                check_view(game, st, s, seed, legal.get(s, []))
        if rules.kong_keeps_waits:
            check_declared_waits(game, st, waits_at_declare, melds_seen)
        if step in illegal_at:
            check_illegal(game, legal, rng)
        if game.is_over:
            break
        if full and step == mid_check:
            check_round_trips(game)
            for s in range(4):
                check_events_for(game, s, seed)
        log.cuts.append(len(log_of(game)))
        seat = rng.choice(game.to_act)
        action = choose(game, st, seat, legal[seat], rng)
        log.actions.append((seat, action))
        game.step(seat, action)
        step += 1
    check_illegal(game, {}, rng)
    check_result(game, st, stats)
    if full:
        for s in range(4):
            check_events_for(game, s, seed)
        check_round_trips(game)
        cut = rng.choice(log.cuts[1:] or log.cuts)
        check_noninterference(copy.deepcopy(log_of(game)[:cut]), rng, stats)
    return game


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


def _reproducer(name: str, i: int, seed: int, full: bool, log: HandLog, err: BaseException) -> str:
    steps = ", ".join(f"{s}:{a}" for s, a in log.actions)
    return (
        f"option set {name!r} hand {i}: play_hand(OPTION_SETS[{name!r}], {seed}, full={full}) "
        f"failed after {len(log.actions)} steps: {type(err).__name__}: {err}\nsteps: {steps}"
    )


# ---------------------------------------------------------------------------------------
# The tests
# ---------------------------------------------------------------------------------------

# Robbed kongs are rare (an added kong must meet a declared seat waiting on that very
# tile), so their presence is checked over all option sets together.
ALL_STATS: Counter[str] = Counter()


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_random_play_invariants(name: str) -> None:
    rules = OPTION_SETS[name]
    stats: Counter[str] = Counter()
    for i in range(N_HANDS):
        seed = seed_of(name, i)
        full = i % FULL_EVERY == 0
        log = HandLog()
        try:
            play_hand(rules, seed, full=full, stats=stats, log=log)
        except (AssertionError, KoudiandianError, pytest.fail.Exception) as err:
            pytest.fail(_reproducer(name, i, seed, full, log, err), pytrace=False)
    ALL_STATS.update(stats)
    ALL_STATS["sets"] += 1
    # the policy really exercised the engine
    assert stats["win:self_draw"] > 0 and stats["win:discard"] > 0, stats
    for kind in ("concealed_kong", "added_kong", "kong"):
        assert stats[f"kong:{kind}"] > 0, stats
    assert stats["declared"] > N_HANDS, stats
    assert stats["twin:wall order"] > 0 and stats["twin:hidden hand"] > 0, stats
    assert stats["twin:face-down discard"] > 0, stats
    if not rules.no_honors:
        assert stats["twin:honor relabel"] > 0, stats


def test_random_play_robbed_kongs() -> None:
    """Over all option sets, the random play produced robbed kongs (a set's own count is
    too small to require one in each)."""
    if ALL_STATS["sets"] < len(OPTION_SETS):
        pytest.skip("needs every test_random_play_invariants case to have run first")
    assert ALL_STATS["win:robbed_kong"] >= len(OPTION_SETS), ALL_STATS


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_corrupted_logs(name: str) -> None:
    """Dropped, swapped and edited events, changed tiles, bad JSON, wrong format or version:
    each raises InvalidEventLogError, for finished hands and for hands in progress."""
    rules = OPTION_SETS[name]
    for i in range(0, N_HANDS, CORRUPT_EVERY):
        seed = seed_of(name, i)
        log = HandLog()
        try:
            game = play_hand(rules, seed, log=log)
            rng = random.Random(seed + 1)
            check_corrupted_logs(game, rng)
            cut = rng.choice(log.cuts[len(log.cuts) // 2 :])
            check_corrupted_logs(Game.replay(copy.deepcopy(log_of(game)[:cut])), rng)
        except (AssertionError, KoudiandianError, pytest.fail.Exception) as err:
            pytest.fail(_reproducer(name, i, seed, False, log, err), pytrace=False)


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_fuzzed_logs(name: str) -> None:
    """Randomly edited logs are refused with InvalidEventLogError (never another error)."""
    rules = OPTION_SETS[name]
    failures: list[str] = []
    for i in range(0, N_HANDS, CORRUPT_EVERY):
        seed = seed_of(name, i)
        game = play_hand(rules, seed)
        for case in fuzz_log(game.events, random.Random(seed), FUZZ_TRIES):
            failures.append(f"hand {i} (play_hand(OPTION_SETS[{name!r}], {seed})): {case}")
    if failures:
        shown = "\n".join(failures[:10])
        pytest.fail(f"{len(failures)} fuzzed logs mishandled; first ones:\n{shown}", pytrace=False)


def _a_log() -> list[dict[str, Any]]:
    game = Game(Rules(wildcards=WildcardMode.RANDOM), seed=7)
    rng = random.Random(7)
    while len(log_of(game)) < 12 and not game.is_over:
        seat = game.to_act[0]
        game.step(seat, choose(game, state(game), seat, game.legal_actions(seat), rng))
    return game.events


def test_replay_decision_without_seat() -> None:
    """A decision event without its ``seat`` is a corrupt log (not a KeyError)."""
    events = _a_log()
    i = next(i for i, e in enumerate(events) if e["type"] == "discard" and not e["auto"])
    del events[i]["seat"]
    with pytest.raises(InvalidEventLogError):
        Game.replay(events)


@pytest.mark.parametrize("wildcards", [["x"], "x", [None], [[1]], {"a": 1}])
def test_replay_bad_wildcards(wildcards: Any) -> None:
    """Junk wildcard kinds in ``start_hand`` are a corrupt log (not a bare ValueError or
    TypeError), and the constructor refuses them with InvalidWallError."""
    events = _a_log()
    events[0]["wildcards"] = wildcards
    with pytest.raises(InvalidEventLogError):
        Game.replay(events)
    with pytest.raises(kd.InvalidWallError):
        Game(Rules(wildcards=WildcardMode.RANDOM), wall=events[0]["wall"], wildcards=wildcards)
