"""Random play of profile ``sichuan`` (血战到底, ``RULES-sichuan.md``) for its invariants test:
the option sets, a seeded policy biased towards winning and konging (and towards an added kong
another seat could rob), and what the test tracks of a hand as it goes (void suits, seats that
left, 过胡 blocks) with the rules' own reading of a hand: whether it wins (``kd.is_win``, the
void suit checked here), a tile's suit, the value of fans."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import koudiandian as kd
from koudiandian import Action, ActionKind, Game, MeldKind, Rules

K = ActionKind

#: The defaults, each non-default value alone, and every non-default together (cap 5).
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"exchange_three": False},
    {"fan_cap": "4"},
    {"fan_cap": "5"},
    {"self_draw": "add_fan"},
    {"kong_bloom_pay": "provider"},
    {"call_transfer": False},
    {"tax_refund": False},
    {"heaven_earth": True},
    {
        "exchange_three": False,
        "fan_cap": "5",
        "self_draw": "add_fan",
        "kong_bloom_pay": "provider",
        "call_transfer": False,
        "tax_refund": False,
        "heaven_earth": True,
    },
]

PREFERENCES = (
    (K.SELF_DRAW_WIN, 0.9),
    (K.WIN, 0.85),
    (K.CONCEALED_KONG, 0.8),
    (K.KONG, 0.8),
    (K.ADDED_KONG, 0.4),
    (K.PONG, 0.6),
)


def rules_of(options: dict[str, Any]) -> Rules:
    return Rules(profile="sichuan", **options)


def cap_of(rules: Rules) -> int:
    return int(rules.to_dict()["fan_cap"])


def value_of(fans: int, cap: int) -> int:
    """What ``fans`` are worth: 2^min(fans, cap)."""
    return 2 ** min(fans, cap)


def suit(tile: int) -> int:
    return tile // 9


@dataclass
class Table:
    """What the test follows of a hand, from its events: the void suits once revealed, the
    seats that left, the copies of tiles won on, and the seats under a 过胡 block (set by the
    test when a seat passes a win it was offered, cleared by the seat's next draw)."""

    voids: list[int | None] = field(default_factory=lambda: [None] * 4)
    left: set[int] = field(default_factory=set)
    blocked: list[bool] = field(default_factory=lambda: [False] * 4)
    #: Per kind, the copies won on beyond the tiles dealt: a discard won on stays in the river
    #: and is in each winner's hand; a robbed kong's tile is in each of its winners'.
    won_copies: list[int] = field(default_factory=lambda: [0] * 34)
    seen: int = 0

    def follow(self, events: list[dict[str, Any]]) -> None:
        for i in range(self.seen, len(events)):
            e = events[i]
            if e["type"] == "win" and e["kind"] == "discard":
                self.won_copies[e["tile"]] += 1
            elif e["type"] == "win" and e["kind"] == "robbed_kong":
                before = events[i - 1]
                if before["type"] == "win" and before["kind"] == "robbed_kong":
                    self.won_copies[e["tile"]] += 1
            elif e["type"] == "void":
                self.voids[e["seat"]] = e["suit"]
            elif e["type"] == "leave":
                self.left.add(e["seat"])
            elif e["type"] == "draw":
                self.blocked[e["seat"]] = False
        self.seen = len(events)

    def holds_void(self, seat: int, counts: list[int]) -> bool:
        v = self.voids[seat]
        return v is not None and any(counts[9 * v : 9 * v + 9])


def wins(rules: Rules, counts: list[int], melds: list[list[Any]], extra: int | None) -> bool:
    """Whether ``counts`` (with ``extra``) and ``melds`` make a complete hand (void suits
    aside)."""
    tiles = [k for k in range(34) for _ in range(counts[k])] + ([] if extra is None else [extra])
    ms = [kd.Meld(MeldKind(m[0]), kd.Tile(m[1])) for m in melds]
    return kd.is_win(tiles, melds=ms, rules=rules)


def may_win(
    rules: Rules, table: Table, hands: list[list[int]], melds: list[list[Any]], seat: int, t: int
) -> bool:
    """Whether ``seat`` may win on another seat's ``t``: not left, not blocked, no tile of
    its void suit with ``t``, and a complete hand."""
    if seat in table.left or table.blocked[seat]:
        return False
    with_t = list(hands[seat])
    with_t[t] += 1
    return not table.holds_void(seat, with_t) and wins(rules, hands[seat], melds[seat], t)


def _usefulness(hand: list[int], k: int) -> int:
    s = 4 * hand[k]
    r = k % 9
    for d, w in ((1, 2), (2, 1)):
        if r - d >= 0 and hand[k - d]:
            s += w
        if r + d <= 8 and hand[k + d]:
            s += w
    return s


def choose(game: Game, table: Table, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The policy: a robbable added kong almost always, then the preferences, then the
    least useful discard (a random one a tenth of the time), else a random action."""
    by_kind: dict[ActionKind, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    hands, melds = game._hands, game._melds
    for a in by_kind.get(K.ADDED_KONG, []):
        t = int(a.tile)  # type: ignore[arg-type]
        others = (s for s in range(4) if s != seat)
        if any(may_win(game.rules, table, hands, melds, s, t) for s in others):
            if rng.random() < 0.9:
                return a
    for kind, p in PREFERENCES:
        if kind in by_kind and rng.random() < p:
            return rng.choice(by_kind[kind])
    discards = by_kind.get(K.DISCARD)
    if discards:
        if rng.random() < 0.1:
            return rng.choice(discards)
        hand = hands[seat]
        return min(discards, key=lambda a: _usefulness(hand, int(a.tile)) + rng.random())  # type: ignore[arg-type]
    if K.PASS in by_kind and rng.random() < 0.7:
        return by_kind[K.PASS][0]
    return rng.choice(legal)
