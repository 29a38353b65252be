"""The names a table shows, from the core, for the browser table (``GET /names``): each
transfer reason's Chinese and English names (:data:`koudiandian.result.REASONS`), each
pattern's Chinese name (:class:`~koudiandian.Pattern`) and each profile's own name for its
wildcard (``Rules.wildcard_name``: 耗子, 混), and how each event reads (the table of
:mod:`koudiandian.eventtexts`, which the terminal renders too). The page fetches them once
and keeps no table of rule names or event texts of its own; score items carry their Chinese
names in the results."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..eventtexts import EVENT_TEXTS, WIN_KINDS
from ..result import REASONS
from ..rules import Rules
from ..score import Pattern

__all__ = ["names"]


@cache
def names() -> dict[str, Any]:
    """``{"reasons": {reason: {"chinese", "english"}}, "patterns": {name: chinese},
    "profiles": {profile: {"wildcard": name or None}}, "events": {"types": EVENT_TEXTS,
    "win_kinds": WIN_KINDS}}`` (names as ``to_dict`` writes them)."""
    profiles = dict.fromkeys(profile for _, profile, _ in Rules.presets())
    return {
        "reasons": {
            reason: {"chinese": chinese, "english": english}
            for reason, (chinese, english) in REASONS.items()
        },
        "patterns": {p.name.lower(): p.chinese for p in Pattern},
        "profiles": {p: {"wildcard": Rules(profile=p).wildcard_name} for p in profiles},
        "events": {"types": EVENT_TEXTS, "win_kinds": WIN_KINDS},
    }
