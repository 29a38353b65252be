"""Readable golden playthroughs: seeded hands played by deterministic bots, written as text.

Each rule set of :data:`RULE_SETS` gets one text file beside this module: for every hand of
:data:`HANDS`, each event of the full log on a line, before each decision the acting seat's
view in brief (its tiles, its winning tiles, its legal actions grouped by kind, and what its
bot chose), every seat's view in brief after the deal, half-way through the wall and at the
end, and the settlement (each win's score items, the transfers, the deltas).

The text is built from the public API only (``Game``, its events, ``SeatView``,
``HandResult``, ``settlement_lines``), with fixed key orders and no timings or addresses, so
that the same engine always writes the same bytes. A change of the engine's behaviour shows
as a readable diff of these files (``test_golden_playthroughs.py``); ``python -m
tests.golden.regenerate`` (``make golden``) writes them anew.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from koudiandian import Action, ActionKind, Game, HandResult, Rules, SeatView
from koudiandian.bots import Bot, ExpertBot, GreedyBot, RandomBot
from koudiandian.meld import MeldKind
from koudiandian.settlement import settlement_lines
from koudiandian.tile import Tile

#: The folder of the golden texts (this module's own).
GOLDEN_DIR = Path(__file__).resolve().parent

#: The rule sets played: at least one preset of every registered profile, the Taiyuan
#: wildcard variant, and the test profile ``tiny`` (every mechanism of a hand that goes on
#: after a win). ``test_golden_playthroughs.py`` checks that every profile of the
#: registry is among them.
RULE_SETS: tuple[str, ...] = (
    "taiyuan",
    "double_wildcard",
    "queyimen",
    "hebei",
    "changsha",
    "guobiao",
    "sichuan",
    "tiny",
)

#: The bots by name; each is made with the seed ``hand seed * 4 + seat`` (only ``random``
#: uses it).
_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
}


@dataclass(frozen=True)
class HandSpec:
    """One seeded hand: its seed, its dealer and the bot of each seat, by name."""

    seed: int
    dealer: int
    bots: tuple[str, str, str, str]


#: The hands of every file.
HANDS: tuple[HandSpec, ...] = (
    HandSpec(seed=1, dealer=0, bots=("expert", "expert", "expert", "expert")),
    HandSpec(seed=3, dealer=1, bots=("greedy", "expert", "random", "greedy")),
)

_WINDS = "ESWN"
_TILE_KEYS = frozenset({"tile", "claimed", "hun", "win_tile"})
_TILE_LIST_KEYS = frozenset({"flowers", "wildcards", "hand", "tiles"})
_SUITS = "mps"
_SEAT_KEYS = frozenset({"seat", "from", "discarder", "winner", "dealer"})


def golden_path(rule_set: str) -> Path:
    """The golden text of ``rule_set`` (a preset name)."""
    return GOLDEN_DIR / f"{rule_set}.txt"


# -- short forms ---------------------------------------------------------------------------


def tiles(ts: Sequence[int | Tile | None]) -> str:
    """Tiles in MPSZ notation, one after the other in the given order (``?`` for a tile not
    shown, ``-`` for none): ``1m1m5p7z``. Flowers are written ``1f``–``8f``."""
    if not ts:
        return "-"
    return "".join("?" if t is None else str(Tile(t)) for t in ts)


def seat(s: int | None) -> str:
    """``S2``, or ``-`` for no seat."""
    return "-" if s is None else f"S{s}"


def actions(legal: Sequence[Action], hand: Sequence[Tile] = ()) -> str:
    """Legal actions grouped by kind, in the engine's order: ``discard 1m2m5p; kong 5s; pass``;
    ``discard any`` when every kind of ``hand`` may be discarded."""
    groups: dict[str, list[str]] = {}
    discards = {a.tile for a in legal if a.kind is ActionKind.DISCARD}
    if hand and discards == set(hand):
        groups["discard"] = ["any"]
    for a in legal:
        if a.kind is ActionKind.DISCARD and "any" in groups.get("discard", ()):
            continue
        arg = "" if a.tile is None else str(a.tile)
        if a.kind is ActionKind.VOID:
            arg = _SUITS[int(a.tile)]  # type: ignore[arg-type]
        groups.setdefault(a.kind.name.lower(), []).append(arg)
    return "; ".join(f"{k} {''.join(v)}".rstrip() for k, v in groups.items())


def _transfer(t: dict[str, Any]) -> str:
    """A transfer of the ledger: ``S0>S1 2 kong @57`` (``@`` the event it belongs to, ``^3``
    the transfer it undoes)."""
    share = "" if t["share_of"] is None else f" share {seat(t['share_of'])}"
    undoes = "" if t["undoes"] is None else f" ^{t['undoes']}"
    return f"{seat(t['payer'])}>{seat(t['payee'])} {t['amount']} {t['reason']}{share} @{t['event']}{undoes}"


def _value(key: str, v: Any) -> str:
    if key == "transfers" and isinstance(v, list):
        return "[" + ", ".join(_transfer(t) for t in v) + "]"
    if key in _TILE_KEYS and (v is None or isinstance(v, int)):
        return tiles([v])
    if key in _TILE_LIST_KEYS and isinstance(v, list):
        return tiles(v)
    if key in _SEAT_KEYS and (v is None or isinstance(v, int)):
        return seat(v)
    return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_line(e: dict[str, Any]) -> str:
    """One event of the log (not ``start_hand`` nor ``end_hand``): its type, its seat, then its
    other fields in key order; a true flag is written by its name, a false one left out."""
    words = [str(e["type"])]
    if "seat" in e:
        words.append(seat(e["seat"]))
    for key in sorted(k for k in e if k not in ("type", "seat")):
        v = e[key]
        if e["type"] == "answer" and e.get("action") == "void" and key == "tile":
            words.append(f"suit={_SUITS[v]}")
        elif isinstance(v, bool):
            if v:
                words.append(key)
        else:
            words.append(f"{key}={_value(key, v)}")
    return " ".join(words)


def _melds(view: SeatView, s: int) -> str:
    parts = []
    for m in view.melds[s]:
        tile = "?" if m.tile is None else str(m.tile)
        parts.append(f"{m.kind} {tile}" + ("" if m.source is None else f"<{seat(m.source)}"))
    return ", ".join(parts) or "-"


def decision_line(view: SeatView, chosen: Action) -> str:
    """The acting seat's view before a decision, in brief, and the action its bot chose."""
    words = [f"> {seat(view.seat)} {view.phase}", f"hand {tiles(view.hand)}"]
    if view.drawn is not None:
        words.append(f"drew {view.drawn}")
    if view.claim_tile is not None:
        words.append(f"on {view.claim_tile}")
    if view.winning_tiles is not None:
        words.append(f"waits {tiles(view.winning_tiles)}")
    return " ".join(words) + f" | legal: {actions(view.legal_actions, view.hand)} | plays {chosen}"


def view_lines(game: Game, title: str) -> list[str]:
    """Every seat's view now, in brief: its tiles, its melds, the discards it sees of every
    seat (``?`` for a face-down one) once there are any, who declared, the wall left and its
    winning tiles."""
    lines = [f"views {title}:"]
    for s in range(4):
        v = game.view(s)
        lines.append(
            f"  {seat(s)} hand {tiles(v.hand)} melds {_melds(v, s)}"
            f" waits {'-' if v.winning_tiles is None else tiles(v.winning_tiles)}"
            f" wall {v.wall_remaining} declared {''.join('1' if d else '0' for d in v.declared)}"
        )
        seen = " | ".join(
            f"{seat(o)} {tiles(v.discards[o])}" + ("" if o == s else f" [{_melds(v, o)}]")
            for o in range(4)
        )
        if any(v.discards) or any(v.melds):  # nothing to see before the first discard
            lines.append(f"     sees {seen}")
    return lines


def start_lines(e: dict[str, Any]) -> list[str]:
    """The ``start_hand`` event: the settings of the hand and the wall, 34 tiles a line."""
    lines = [
        f"start_hand dealer={seat(e['dealer'])} scores={e['scores']}"
        f" wind={_WINDS[e.get('prevalent_wind', 0)]} wildcards={tiles(e['wildcards'])}"
        + (f" dice={json.dumps(e['dice'], separators=(',', ':'))}" if e.get("dice") else "")
        + (f" exchange={e['exchange_direction']}" if e.get("exchange_direction") else "")
    ]
    wall = e["wall"]
    for i in range(0, len(wall), 34):
        lines.append(f"  wall[{i:3}] {tiles(wall[i : i + 34])}")
    return lines


def end_lines(e: dict[str, Any]) -> list[str]:
    """The ``end_hand`` event: every seat's tiles and melds as revealed."""
    lines = ["end_hand"]
    for s in range(4):
        melds = ", ".join(
            f"{MeldKind(m[0]).name.lower()} {'?' if m[1] is None else Tile(m[1])}"
            + ("" if m[2] is None else f"<S{m[2]}")
            for m in e["melds"][s]
        )
        lines.append(f"  {seat(s)} {tiles(e['hands'][s])} melds {melds or '-'}")
    return lines


def settlement(game: Game, result: HandResult) -> list[str]:
    """The result: winners and how, every win's score items, the settlement in words."""
    lines = [
        "settlement:",
        f"  winners {[seat(w) for w in result.winners]} kind"
        f" {'-' if result.win_kind is None else result.win_kind.value}"
        f" discarder {seat(result.discarder)} tile {tiles([result.win_tile])}"
        f" points {result.points} factor {result.factor}"
        f" patterns {[p.name.lower() for p in result.patterns]}",
    ]
    for w in result.wins:
        items = ", ".join(f"{i.name}({i.chinese}) {i.combine} {i.value}" for i in w.score_items)
        lines.append(f"  {seat(w.seat)} items: {items or '-'}")
    payment = game.rules.score_items_are_payment
    lines += [
        "  " + line
        for line in settlement_lines(
            result, "mpsz", payment=payment, bird_changes=game.bird_changes
        )
    ]
    assert sum(result.deltas) == 0
    return lines


# -- a hand, a file ------------------------------------------------------------------------


def play_hand(rule_set: str, spec: HandSpec, number: int) -> list[str]:
    """Play ``spec`` under ``rule_set`` and write it: its events, the decisions, the views
    after the deal, half-way and at the end, and the settlement."""
    game = Game(Rules.preset(rule_set), seed=spec.seed, dealer=spec.dealer)
    bots = [_BOTS[name](spec.seed * 4 + s) for s, name in enumerate(spec.bots)]
    out = [
        f"== hand {number}: seed {spec.seed}, dealer {seat(spec.dealer)}, bots "
        + ", ".join(f"{seat(s)} {name}" for s, name in enumerate(spec.bots))
    ]
    written = 0
    half = game.wall_remaining // 2
    shown_deal = shown_half = False

    def write_events() -> None:
        nonlocal written
        events = game.events
        for n in range(written, len(events)):
            e = events[n]
            if e["type"] == "start_hand":
                body = start_lines(dict(e))
            elif e["type"] == "end_hand":
                body = end_lines(dict(e))
            else:
                body = [event_line(dict(e))]
            out.append(f"{n:3} {body[0]}")
            out.extend(f"    {line}" for line in body[1:])
        written = len(events)

    while not game.is_over:
        write_events()
        if not shown_deal and game.phase != "bid":
            out += view_lines(game, "after the deal")
            shown_deal = True
        if not shown_half and game.wall_remaining <= half:
            out += view_lines(game, f"half-way ({game.wall_remaining} tiles left)")
            shown_half = True
        s = game.to_act[0]
        view = game.view(s)
        chosen = bots[s].act(view, list(view.legal_actions))
        out.append(decision_line(view, chosen))
        game.step(s, chosen)
    write_events()
    out += view_lines(game, "at the end")
    result = game.result
    assert result is not None
    out += settlement(game, result)
    return out


def render(rule_set: str) -> str:
    """The whole golden text of ``rule_set``."""
    rules = Rules.preset(rule_set)
    lines = [
        f"# Golden playthroughs of the preset {rule_set!r} (profile {rules.profile!r}).",
        "# Written by `python -m tests.golden.regenerate` (make golden); do not edit.",
        "# rules: " + json.dumps(rules.to_dict(), sort_keys=True, ensure_ascii=False),
        "# '> Sn phase ... | legal: ... | plays ...' is a decision: the seat's view in brief.",
        "",
    ]
    for i, spec in enumerate(HANDS, 1):
        lines += play_hand(rule_set, spec, i)
        lines.append("")
    return "\n".join(lines)
