"""The expensive checks of what a seat may see: ``view(seat)`` hides other seats' concealed
tiles and draws, concealed-kong kinds, face-down 报听 discards, the wall and the seed, and
agrees with the game; ``events_for(seat)`` is the full log with the same things masked."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import koudiandian as kd
from koudiandian import Action, Game, MeldKind, SeatView

from tests.support.invariants.state import State, log_of

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
    # The scores plus the payments made so far: public, as every `pay` event is.
    "running",
    # The void suits (定缺): every seat's once all are revealed, before that this seat's own.
    "voids",
    # Who left the hand at a win: public, as the `leave` event is.
    "left",
    # This seat's own picks for the exchange before play.
    "picked",
    # The tiles left in each part of a wall in parts (botzone): public, as every seat can
    # count the draws from each part.
    "part_remaining",
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
    assert sum(v.running) == sum(v.scores), "payments move points, they make none"
    assert v.phase == "exchange" or not v.picked
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
    assert v.part_remaining == game.part_remaining
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
    # A wall without parts has no part_remaining, in the core's dict as in this one.
    assert set(d) == VIEW_FIELDS - ({"part_remaining"} if v.part_remaining is None else set())
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
