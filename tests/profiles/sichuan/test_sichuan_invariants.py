"""Random-play invariants of profile ``sichuan`` (血战到底, ``RULES-sichuan.md``) on the
engine: ``N_HANDS`` seeded hands over the option sets (``tests.support.sichuan_play``), played
to the end by a seeded random policy.

After every step: tiles are conserved over the 108 in play (a discard won by several seats
is one more copy in each winner's hand); nobody holds five of a kind; a seat that left is
never asked; no seat is asked with nothing to do; the exchange picks three tiles of one suit;
a seat holding its void suit may discard only those, and nobody is offered a pong or kong of
a void-suit tile, nor a win while holding one; no kong from an empty wall, nor a claim but a
win on the discard after it; a self-draw is offered exactly when the hand wins, and a win
on another seat's tile exactly when it wins and the seat is not under a 过胡 block (set when
it passes a win, lifted when it next draws): every seat that may win is asked.

At the end of every hand: it ended at the third win or with the wall empty; every seat won
at most once, with a complete hand holding no tile of its void suit; every win is worth
2^min(fans, cap) and paid by the discarder, or on a self-draw by each seat still in (value
+ 1 under ``add_base``; 点杠花 under ``provider``: the kong's discarder alone); every kong
made is paid when made (direct 2 by the discarder, added 1 and concealed 2 by each seat
still in); a 呼叫转移 passes on, and a 退税 refunds, an earlier kong payment to the right
seat, each at most once; the wall's end settles only when the wall ran out; the deltas sum
to zero and are the transfers'; the next dealer follows the rule. Every ``FULL_EVERY``-th
hand also gets ``tests.support.invariants``' expensive checks: seat views and event logs hide
what they must, replay, JSON, pickling and deepcopy round-trip, refused actions change
nothing.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import koudiandian as kd
import pytest
from koudiandian import Action, Game

from tests.support.invariants.checks import check_illegal
from tests.support.invariants.logs import check_round_trips
from tests.support.invariants.state import MELD_SIZE, state
from tests.support.invariants.views import FORBIDDEN_KEYS, check_view
from tests.support.sichuan_play import (
    OPTION_SETS,
    K,
    Table,
    cap_of,
    choose,
    may_win,
    rules_of,
    suit,
    value_of,
    wins,
)

N_HANDS = 2_000  # keep >= 2,000
FULL_EVERY = 20
KONG_EVENTS = {"kong": 2, "added_kong": 1, "concealed_kong": 2}
KONG_REASONS = set(KONG_EVENTS)


def check_tiles(game: Game, table: Table) -> None:
    hands, melds, discards, wall = game._hands, game._melds, game._discards, game._wall
    counts = [a + b + c + d for a, b, c, d in zip(*hands)]
    for seat in range(4):
        assert max(hands[seat]) <= 4
        for kind, tile, source in melds[seat]:
            counts[tile] += MELD_SIZE[kind] - (source is not None)
            for_seat = hands[seat][tile] + MELD_SIZE[kind]
            assert for_seat <= 4, f"seat {seat} holds kind {tile} {for_seat} times"
        for t, _down in discards[seat]:
            counts[t] += 1
    front, back = game._core.wall_position()
    for t in wall[front : len(wall) - back]:
        counts[t] += 1
    if game.phase == "rob":
        counts[game._core.claim_tile()] += 1
    for t, n in enumerate(table.won_copies):
        counts[t] -= n
    assert counts == [4] * 27 + [0] * 7, f"tiles not conserved: {counts}"


def check_to_act(game: Game, table: Table) -> dict[int, list[Action]]:
    """Each seat to act: its legal actions, checked against the rules."""
    out = {}
    rules, hands, melds = game.rules, game._hands, game._melds
    claim = game._core.claim_tile()
    empty = game.wall_remaining == 0
    for seat in game.to_act:
        assert seat not in table.left, f"seat {seat} left but is asked"
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} asked with nothing to do"
        kinds = {a.kind for a in legal}
        tiles = {int(a.tile) for a in legal if a.tile is not None}  # type: ignore[arg-type]
        hand = hands[seat]
        if game.phase == "exchange":
            assert kinds == {K.EXCHANGE} and len({suit(t) for t in tiles}) <= 3
            picked = game.view(seat).picked
            if picked:
                assert {suit(t) for t in tiles} == {suit(picked[0])}, "one suit"
        elif game.phase == "void":
            assert kinds == {K.VOID} and tiles == {0, 1, 2}
        elif game.phase == "turn":
            void = table.voids[seat]
            discards = {int(a.tile) for a in legal if a.kind is K.DISCARD}  # type: ignore[arg-type]
            if table.holds_void(seat, hand):
                held = {k for k in range(9 * void, 9 * void + 9) if hand[k]}  # type: ignore[operator]
                assert discards == held, f"seat {seat} must discard its void suit"
            kongs = [a for a in legal if a.kind in (K.CONCEALED_KONG, K.ADDED_KONG)]
            assert all(suit(int(a.tile)) != void for a in kongs), "a void-suit kong"  # type: ignore[arg-type]
            assert not (empty and kongs), "a kong from an empty wall"
            drew = game._core.drawn() is not None  # not after a pong
            self_draw = drew and not table.holds_void(seat, hand)
            self_draw = self_draw and wins(rules, hand, melds[seat], None)
            assert (K.SELF_DRAW_WIN in kinds) == self_draw, f"seat {seat}: self-draw offered"
        elif game.phase in ("claim", "rob"):
            assert claim is not None
            melding = kinds & {K.PONG, K.KONG}
            assert not (melding and suit(claim) == table.voids[seat]), "a void-suit claim"
            assert not (melding and (empty or game.phase == "rob")), "a claim but a win"
            if K.WIN in kinds:
                assert may_win(rules, table, hands, melds, seat, claim), f"seat {seat} may not win"
        out[seat] = legal
    return out


def check_payments(game: Game, table: Table, events: list[dict[str, Any]]) -> None:
    r = game.result
    assert r is not None
    cap = cap_of(game.rules)
    options = game.rules.to_dict()
    transfers = list(r.transfers)
    by_event: dict[int, list[kd.Transfer]] = {}
    for t in transfers:
        assert t.event is not None and t.amount > 0 and t.payer != t.payee
        by_event.setdefault(t.event, []).append(t)

    def in_at(e: int) -> set[int]:
        return {s for s in range(4) if r.left[s] is None or r.left[s] >= e}

    def robbed(i: int) -> bool:
        after = (x for x in events[i + 1 :] if x["type"] != "answer")
        x = next(after, {})
        return x.get("type") == "win" and x["kind"] == "robbed_kong"

    for i, e in enumerate(events):
        if e["type"] in KONG_EVENTS and not robbed(i):
            amount, konger = KONG_EVENTS[e["type"]], e["seat"]
            payers = [e["from"]] if e["type"] == "kong" else sorted(in_at(i) - {konger})
            got = [(t.payer, t.payee, t.amount, t.reason) for t in by_event.get(i, [])]
            assert got == [(p, konger, amount, e["type"]) for p in payers], f"kong at {i}: {got}"
    for w in r.wins:
        fans, worth = (v.value for v in w.value)
        assert worth == value_of(fans, cap) and fans == w.points
        paid = [
            (t.payer, t.amount)
            for t in by_event[w.event]
            if t.reason == "win" and t.payee == w.seat
        ]
        if w.discarder is not None:
            assert paid == [(w.discarder, worth)], f"win at {w.event}: {paid}"
            continue
        kong = next((x for x in reversed(events[: w.event]) if x["type"] in KONG_EVENTS), {})
        bloom = any(i.name == "kong_bloom" for i in w.score_items)
        if bloom and kong.get("type") == "kong" and options["kong_bloom_pay"] == "provider":
            assert paid == [(kong["from"], worth)], f"点杠花 at {w.event}: {paid}"
            continue
        bonus = 1 if options["self_draw"] == "add_base" else 0
        expected = [(p, worth + bonus) for p in sorted(in_at(w.event) - {w.seat})]
        assert paid == expected, f"self-draw at {w.event}: {paid} != {expected}"
    undone: set[int] = set()
    for i, t in enumerate(transfers):
        if t.reason == "passed_on":
            assert options["call_transfer"]
        if t.reason == "refund":
            assert options["tax_refund"]
        if t.reason in ("void_held", "not_ready", "refund"):
            assert r.end == "exhausted" and t.event == len(events) - 1, "settled at the wall's end"
        if t.reason == "void_held":
            assert t.amount == value_of(cap, cap)
        if t.undoes is None:
            continue
        u = transfers[t.undoes]
        assert t.undoes < i and t.undoes not in undone and u.reason in KONG_REASONS
        undone.add(t.undoes)
        to = u.payer if t.reason == "refund" else t.payee
        assert (u.payee, u.amount, to) == (t.payer, t.amount, t.payee), f"transfer {i}"
    d = [0, 0, 0, 0]
    for t in transfers:
        d[t.payer] -= t.amount
        d[t.payee] += t.amount
    assert tuple(d) == tuple(r.deltas) and sum(d) == 0


def check_end(game: Game, table: Table, events: list[dict[str, Any]], stats: Counter[str]) -> None:
    r = game.result
    assert r is not None
    assert len(set(r.winners)) == len(r.winners)
    if r.end == "win":
        assert len(r.winners) == 3
    else:
        assert r.end == "exhausted" and len(r.winners) < 3 and game.wall_remaining == 0
    for w in r.wins:
        counts = [0] * 34
        for t in r.hands[w.seat]:
            counts[int(t)] += 1
        melds = [[int(m.kind), int(m.tile), None] for m in r.melds[w.seat]]
        assert wins(game.rules, counts, melds, None), f"seat {w.seat} won without a winning hand"
        assert not table.holds_void(w.seat, counts), f"seat {w.seat} won holding its void suit"
        stats[f"win:{w.kind.value}"] += 1
        stats.update(f"item:{i.name}" for i in w.score_items)
    check_payments(game, table, events)
    stats.update(f"paid:{t.reason}" for t in r.transfers)
    stats["several at once"] += any(a.event + 1 == b.event for a, b in zip(r.wins, r.wins[1:]))
    stats["play after a win"] += bool(table.left)
    first = r.wins[0] if r.wins else None
    several = len(r.wins) > 1 and r.wins[1].event == r.wins[0].event + 1
    expected = (
        (r.dealer + 1) % 4
        if first is None
        else (first.discarder if several and first.discarder is not None else first.seat)
    )
    assert game.next_dealer() == expected


def check_log_for(game: Game, seat: int, seed: int) -> None:
    """``events_for(seat)``: the full log with what the seat may not see masked: the tiles
    of an exchange it neither gives nor receives, others' draws and concealed kongs, others'
    answers (their decisions before play included); no wall, no seed."""
    mine, full = game.events_for(seat), game.events
    during = json.dumps([m for m in mine if m["type"] != "end_hand"])
    assert str(seed) not in during
    assert not any(f'"{k}"' in during for k in FORBIDDEN_KEYS), "events_for leaks the wall"
    i = (seat - game.dealer) % 4
    wall = full[0]["wall"]
    assert sorted(mine[0]["hand"]) == sorted(wall[13 * i : 13 * i + 13] + wall[52:53] * (i == 0))
    shown = []
    for m in mine[1:]:
        if m["type"] == "answer" and m["seat"] != seat:
            assert m.get("action") is None and m.get("tile") is None, f"seat {seat} sees {m}"
        else:
            shown.append(m)
    public = [e for e in full[1:] if e["type"] != "answer" or e["seat"] == seat]
    assert [m["type"] for m in shown] == [e["type"] for e in public]
    for m, e in zip(shown, public):
        if e["type"] == "end_hand":
            continue
        if e["type"] == "exchange":
            sees = seat in (e["seat"], e["to"])
            assert m["tiles"] == (e["tiles"] if sees else None), f"seat {seat} sees {m}"
        elif e.get("seat") != seat and e["type"] in ("draw", "concealed_kong"):
            assert m["tile"] in ((None, e["tile"]) if game.is_over else (None,))
        else:
            assert m.get("tile") == e.get("tile")
        for k, val in m.items():
            if k not in ("tile", "tiles", "auto"):
                assert e[k] == val, f"seat {seat}: {m} for {e}"


def play_hand(options: dict[str, Any], seed: int, *, full: bool, stats: Counter[str]) -> Game:
    rules = rules_of(options)
    rng = random.Random(seed)
    game = Game(rules, seed=seed, dealer=seed % 4)
    table = Table()
    step, mid = 0, rng.randrange(5, 60)
    while True:
        events = game._log()
        table.follow(events)
        check_tiles(game, table)
        legal = check_to_act(game, table)
        if full:
            st = state(game)
            for s in range(4):
                check_view(game, st, s, seed, legal.get(s, []))
            if step == mid:
                check_round_trips(game)
                check_illegal(game, legal, rng)
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        action = choose(game, table, seat, legal[seat], rng)
        can_win: set[int] = set()
        if action.kind in (K.DISCARD, K.ADDED_KONG):
            t = int(action.tile)  # type: ignore[arg-type]
            hands = [list(h) for h in game._hands]
            hands[seat][t] -= 1
            others = (s for s in range(4) if s != seat)
            can_win = {s for s in others if may_win(rules, table, hands, game._melds, s, t)}
        if K.WIN in {a.kind for a in legal[seat]} and action.kind is not K.WIN:
            table.blocked[seat] = True  # 过胡: until it draws
        game.step(seat, action)
        step += 1
        if can_win:
            assert can_win <= set(game.to_act), f"seats {can_win} may win but are not asked"
    check_end(game, table, events, stats)
    if full:
        for s in range(4):
            check_log_for(game, s, seed)
        check_round_trips(game)
        check_illegal(game, {}, rng)
    return game


def test_sichuan_random_play_invariants() -> None:
    stats: Counter[str] = Counter()
    for i in range(N_HANDS):
        options = OPTION_SETS[i % len(OPTION_SETS)]
        seed = 40_000 + i
        try:
            play_hand(options, seed, full=i % FULL_EVERY == 0, stats=stats)
        except (AssertionError, kd.KoudiandianError) as err:
            pytest.fail(f"hand {i}: play_hand({options}, {seed}): {err}", pytrace=False)
    for key in ("win:self_draw", "win:discard", "win:robbed_kong", "several at once"):
        assert stats[key] > 0, stats
    for reason in ("kong", "added_kong", "concealed_kong", "passed_on", "refund"):
        assert stats[f"paid:{reason}"] > 0, stats
    for reason in ("void_held", "not_ready"):
        assert stats[f"paid:{reason}"] > 0, stats
    assert stats["play after a win"] > N_HANDS // 4, stats
