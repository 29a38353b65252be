"""Random-play invariants of profile ``queyimen`` (RULES §9), as ``test_game_invariants``
checks Taiyuan: ``N_HANDS`` seeded hands played to the end by a seeded random policy.

After every step: tiles conserved over the 108 in play, hand sizes, nobody holds five of a
kind; nobody is ever offered DECLARE; a seat is offered a win on a discard or robbed kong
exactly when its hand with that tile wins under 缺一门 (passing one costs nothing here), and
a self-draw exactly when its hand wins. At the end: the winner's hand wins under 缺一门 (it
lacks a suit, melds included); the fan total is the sum of the score items and is paid by
the discarder alone, or by each other seat on a self-draw or robbed kong; every kong is
paid (明杠 1, 暗杠 2 from each other seat), also in a drawn hand; the deltas sum to zero;
the winner deals next, the dealer keeps a drawn hand. Every ``FULL_EVERY``-th hand also
gets ``tests.support.invariants``' expensive checks: seat views and event logs hide what they
must, replay, JSON, pickling and deepcopy round-trip, refused actions change nothing, and
non-interference.
"""

from __future__ import annotations

import random
from collections import Counter

import koudiandian as kd
import pytest
from koudiandian import Action, ActionKind, Game, MeldKind, Rules, WinKind

from tests.support.invariants import noninterference
from tests.support.invariants.checks import check_illegal
from tests.support.invariants.logs import check_round_trips
from tests.support.invariants.policy import seed_of, usefulness
from tests.support.invariants.state import MELD_SIZE, State, state
from tests.support.invariants.views import check_events_for, check_view

N_HANDS = 2_000  # keep >= 2,000
FULL_EVERY = 20
K = ActionKind
Q = Rules.preset("queyimen")

# The expensive non-interference check relabels honors unless the rules have none: this
# profile has none (and no `no_honors` option to say so).
honor_classes = noninterference.honor_classes
noninterference.honor_classes = lambda r: [] if r.profile == "queyimen" else honor_classes(r)

PREFERENCES = (
    (K.SELF_DRAW_WIN, 0.95),
    (K.WIN, 0.9),
    (K.CONCEALED_KONG, 0.8),
    (K.ADDED_KONG, 0.3),
    (K.KONG, 0.8),
    (K.PONG, 0.5),
)


def _wins(st: State, seat: int, extra: int | None) -> bool:
    hand = st.hands[seat]
    tiles = [k for k in range(34) for _ in range(hand[k])] + ([] if extra is None else [extra])
    melds = [kd.Meld(MeldKind(m[0]), kd.Tile(m[1])) for m in st.melds[seat]]
    return kd.is_win(tiles, melds=melds, rules=Q)


def _suits_of(st: State, seat: int) -> set[int]:
    held = {k // 9 for k in range(27) if st.hands[seat][k]}
    return held | {m[1] // 9 for m in st.melds[seat]}


def choose(st: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    by_kind: dict[ActionKind, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    for a in by_kind.get(K.ADDED_KONG, []):  # bait a robbed kong when another seat can rob
        if any(_wins(st, s, int(a.tile)) for s in range(4) if s != seat):  # type: ignore[arg-type]
            return a
    for kind, p in PREFERENCES:
        if kind in by_kind and rng.random() < p:
            return rng.choice(by_kind[kind])
    discards = by_kind.get(K.DISCARD)
    if discards:
        if rng.random() < 0.1:
            return rng.choice(discards)
        hand = st.hands[seat]
        # Drop the suit held least, then isolated tiles.
        per_suit = [sum(hand[9 * s : 9 * s + 9]) for s in range(3)]
        ponged = {m[1] for m in st.melds[seat]}
        least = min((s for s in range(3) if per_suit[s]), key=lambda s: per_suit[s])
        drop = (
            least
            if len(_suits_of(st, seat)) == 3 and least not in {p // 9 for p in ponged}
            else None
        )

        def cost(a: Action) -> float:
            t = int(a.tile)  # type: ignore[arg-type]
            base = usefulness(hand, t, frozenset(), ponged)
            return base - (50 if t // 9 == drop else 0) + rng.random()

        return min(discards, key=cost)
    if K.PASS in by_kind:
        return by_kind[K.PASS][0]
    return rng.choice(legal)


def check_tiles(game: Game, st: State) -> None:
    counts = [a + b + c + d for a, b, c, d in zip(*st.hands)]
    for seat in range(4):
        for kind, tile, source in st.melds[seat]:
            counts[tile] += MELD_SIZE[kind] - (source is not None)
    for river in st.discards:
        for t, _down in river:
            assert not _down, "a face-down discard: nobody declares here"
            counts[t] += 1
    for t in st.wall[st.front : len(st.wall) - st.back]:
        counts[t] += 1
    if st.phase == "rob":
        counts[st.claim] += 1  # type: ignore[index]
    result = game.result
    if result is not None and result.win_kind is WinKind.DISCARD:
        counts[int(result.win_tile)] -= 1  # type: ignore[arg-type]
    assert len(st.wall) == 108
    assert counts == [4] * 27 + [0] * 7, f"tiles not conserved: {counts}"


def check_to_act(game: Game, st: State) -> dict[int, list[Action]]:
    out = {}
    for seat in game.to_act:
        legal = game.legal_actions(seat)
        kinds = {a.kind for a in legal}
        assert K.DECLARE not in kinds and not any(st.declared)
        if st.phase == "turn":
            assert K.DISCARD in kinds
            if st.drawn is not None:
                assert (K.SELF_DRAW_WIN in kinds) == _wins(st, seat, None), (
                    f"seat {seat}: self-draw offered {K.SELF_DRAW_WIN in kinds}"
                )
        else:
            assert (K.WIN in kinds) == _wins(st, seat, st.claim), (
                f"seat {seat}: win on {st.claim} offered {K.WIN in kinds}"
            )
        out[seat] = legal
    return out


def check_result(game: Game, st: State, stats: Counter[str]) -> None:
    r = game.result
    assert r is not None
    assert sum(r.deltas) == 0
    kong_pay = {int(MeldKind.CONCEALED_KONG): 2}
    expected: Counter[tuple[int, int, str]] = Counter()
    for seat, kind, _tile, _feeder, _fd in st.kongs:
        reason = {
            int(MeldKind.CONCEALED_KONG): "concealed_kong",
            int(MeldKind.ADDED_KONG): "added_kong",
            int(MeldKind.KONG): "kong",
        }[int(kind)]
        stats[f"kong:{reason}"] += 1
        for p in range(4):
            if p != seat:
                expected[(p, seat, reason)] += kong_pay.get(int(kind), 1)
    if r.winner is None:
        stats["drawn"] += 1
        stats["drawn with kongs"] += bool(st.kongs)
        assert game.wall_remaining == 0
        assert game.next_dealer() == r.dealer
    else:
        w = r.winner
        stats[f"win:{r.win_kind.value}"] += 1  # type: ignore[union-attr]
        assert _wins(st, w, None), "the winner's hand does not win under 缺一门"
        assert len(_suits_of(st, w)) <= 2
        fan = sum(i.value for i in r.score_items)
        assert r.points == fan and r.factor == 1 and r.score_items[0].name == "plain"
        for item in r.score_items:
            stats[f"item:{item.name}"] += 1
        payers = [r.discarder] if r.win_kind is WinKind.DISCARD else [s for s in range(4) if s != w]
        for p in payers:
            expected[(p, w, "win")] += fan  # type: ignore[index]
        assert game.next_dealer() == w
    got: Counter[tuple[int, int, str]] = Counter()
    for t in r.transfers:
        got[(t.payer, t.payee, t.reason)] += t.amount
    assert got == expected, f"transfers {got} != {expected}"


def play_hand(seed: int, *, full: bool, stats: Counter[str]) -> Game:
    rng = random.Random(seed)
    game = Game(Q, seed=seed, dealer=seed % 4)
    step = 0
    mid = rng.randrange(5, 40)
    while True:
        st = state(game)
        check_tiles(game, st)
        legal = check_to_act(game, st)
        if full:
            for s in range(4):
                check_view(game, st, s, seed, legal.get(s, []))
            if step == mid:
                check_round_trips(game)
                check_illegal(game, legal, rng)
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        action = choose(st, seat, legal[seat], rng)
        # Every seat that can win on a discard or an added kong is asked.
        can_win = set()
        if action.kind in (K.DISCARD, K.ADDED_KONG):
            t = int(action.tile)  # type: ignore[arg-type]
            st.hands[seat][t] -= 1
            can_win = {s for s in range(4) if s != seat and _wins(st, s, t)}
            st.hands[seat][t] += 1
        game.step(seat, action)
        assert can_win <= set(game.to_act), f"seats {can_win} could win but were not asked"
        step += 1
    check_result(game, st, stats)
    if full:
        for s in range(4):
            check_events_for(game, s, seed)
        check_round_trips(game)
        check_illegal(game, {}, rng)
    return game


def test_queyimen_random_play_invariants() -> None:
    stats: Counter[str] = Counter()
    for i in range(N_HANDS):
        seed = seed_of("queyimen", i)
        try:
            play_hand(seed, full=i % FULL_EVERY == 0, stats=stats)
        except (AssertionError, kd.KoudiandianError) as err:
            pytest.fail(f"hand {i}: play_hand({seed}, full={i % FULL_EVERY == 0}): {err}")
    # the policy really exercised the profile
    for key in ("win:self_draw", "win:discard", "drawn with kongs"):
        assert stats[key] > 0, stats
    for kind in ("concealed_kong", "added_kong", "kong"):
        assert stats[f"kong:{kind}"] > 0, stats
    for item in ("self_draw", "all_pongs", "seven_pairs", "all_one_suit", "kong_bloom"):
        assert stats[f"item:{item}"] > 0, stats
