"""The rules an environment was given, checked once the way every entry point checks them."""

from __future__ import annotations

from .. import _core
from ..rules import Rules


def rules_of(rules: Rules | str | None) -> Rules:
    """A :class:`Rules` for ``rules`` (a ``Rules``, a preset name or options text, or
    ``None`` for ``Rules()``); raises :class:`InvalidRulesError` for bad rules."""
    return _core.rules_of(rules)
