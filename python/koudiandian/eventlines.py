"""Events as lines of text, for the terminal: :data:`~koudiandian.eventtexts.EVENT_TEXTS`
rendered with the tiles in a :data:`~koudiandian.tile.TileStyle` and the seats named as one
seat sees them ("you draw", "seat 2 draws")."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .action import SUITS
from .eventtexts import EVENT_TEXTS, WIN_KINDS
from .result import REASONS
from .settlement import seat_name
from .tile import Tile, TileStyle, format_tiles

__all__ = ["event_line", "event_text", "run_text"]

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def run_text(low: int, style: TileStyle) -> str:
    """The three tiles of the run starting at ``low`` (a chow)."""
    return "".join(Tile(low + i).format(style) for i in range(3))


def _transfer_text(transfer: Mapping[str, Any], me: int | None) -> str:
    """A transfer of a ``pay`` event, its reason in words (the core's names, ``REASONS``):
    "seat 1 → you: 2 (暗杠, concealed kong)"; a reason the table does not know as it is."""
    payer, payee = seat_name(transfer["payer"], me), seat_name(transfer["payee"], me)
    reason = transfer["reason"]
    words = ", ".join(REASONS[reason]) if reason in REASONS else reason
    return f"{payer} → {payee}: {transfer['amount']} ({words})"


def event_text(kind: str, event: Mapping[str, Any]) -> dict[str, Any]:
    """The texts of ``event`` (of type ``kind``): its table entry with the ``variants`` the
    event holds true and, for a hidden tile (or tiles), ``hidden`` applied. Raises :class:`KeyError`
    for a type the table does not know."""
    text = dict(EVENT_TEXTS[kind])
    for field, overrides in text.get("variants", {}).items():
        if event.get(field):
            text.update(overrides)
    hidden = any(f in event and event[f] is None for f in ("tile", "tiles"))
    if hidden and "hidden" in text:
        text.update(text["hidden"])
    return text


def event_line(event: Mapping[str, Any], me: int | None, style: TileStyle) -> str:
    """``event`` as a line, seat ``me`` called "you" (``None``: every seat by number); a
    hidden tile reads "face down". An event of a type the table does not know is its JSON."""
    kind = event.get("type")
    if not isinstance(kind, str) or kind not in EVENT_TEXTS:
        return json.dumps(event)
    text = event_text(kind, event)
    seat = event.get("seat")

    def tile(field: str) -> str:
        t = event.get(field)
        return "face down" if t is None else Tile(t).format(style)

    def fill(m: re.Match[str]) -> str:
        name = m.group(1)
        if name == "who":
            return seat_name(seat, me) if isinstance(seat, int) else "?"
        if name == "verb":
            return str(text["verb"][0 if seat == me else 1])
        if name in ("tile", "claimed", "hun"):
            return tile(name)
        if name in ("tiles", "hand"):
            return format_tiles(event[name], style) or "none"
        if name == "to":
            return seat_name(event["to"], me)
        if name == "suit":
            return SUITS[event["suit"]]
        if name == "transfers":
            return "; ".join(_transfer_text(t, me) for t in event["transfers"]) or "none"
        if name == "meld":
            return run_text(event["tile"], style) if kind == "chow" else tile("tile")
        if name == "from":
            source = event.get("from")
            return "" if source is None else f" from {seat_name(source, me)}"
        if name == "kind":
            return str(WIN_KINDS.get(event["kind"], {}).get("english", event["kind"]))
        if name == "action":
            # A decision before play names its tile or suit: "exchange 2p", "void p".
            if event["action"] == "exchange" and event.get("tile") is not None:
                return f"exchange {tile('tile')}"
            if event["action"] == "void" and event.get("tile") is not None:
                return f"void {SUITS[event['tile']]}"
            return str(event["action"])
        if name == "dice":
            return " and ".join(str(d) for d in event["dice"])
        if name == "wins":
            return ", ".join(w.replace("_", " ") for w in event["wins"])
        if name == "dealer":
            return seat_name(event["dealer"], me)
        if name == "wildcards":
            return format_tiles(event["wildcards"], style) or "none"
        if name == "deltas":
            return str(list(event["result"]["deltas"]))
        if name == "chinese":
            return str(text["chinese"])
        return str(event.get(name, "?"))

    line = _PLACEHOLDER.sub(fill, text["english"])
    for field, note in text.get("notes", {}).items():
        if event.get(field):
            line += f" ({note['english']})"
    return line
