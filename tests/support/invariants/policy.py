"""The option sets the invariants are checked under, and the seeded random policy that plays
them: biased towards declaring, winning and konging (and towards an added kong a declared seat
could rob) so that every kind of win and kong happens; it discards like a weak player, isolated
tiles first, so that hands get ready."""

from __future__ import annotations

import random

import koudiandian as kd
from koudiandian import Action, ActionKind, Game, MeldKind, Rules, WildcardMode

from tests.support.invariants.state import POINTS, K, State

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


def usefulness(hand: list[int], k: int, wild: frozenset[int], ponged: set[int]) -> int:
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
                usefulness(hand, int(a.tile), st.wild, ponged)  # type: ignore[arg-type]
                + rng.random()
            ),
        )
    if K.PASS in by_kind:
        return by_kind[K.PASS][0]
    return rng.choice(legal)
