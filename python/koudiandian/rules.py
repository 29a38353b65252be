"""Rule options: one frozen, validated :class:`Rules` object, owned by the Rust core.

``Rules`` carries a rule profile (``"taiyuan"``: docs/rules.md §1–§8) and its options. It is built
and checked once in Rust (``rust/profiles/``: the option tables and the profile's own
module); every function that takes rules takes this object. Each option is an
attribute (``rules.dealer_bonus``); ``Rules.options()`` describes them all.
"""

from __future__ import annotations

import enum
import operator
from typing import Any

from ._core import Rules

__all__ = ["Rules", "WildcardMode", "DEFAULT_RULES", "options_reference"]


class WildcardMode(str, enum.Enum):
    """How wildcards (耗子) are chosen, docs/rules.md §6."""

    NONE = "none"
    RANDOM = "random"  # 随机耗子: one kind from the kinds in play
    HONOR = "honor"  # 风耗子: one of the seven honor kinds
    DOUBLE = "double"  # 双耗子: two different kinds

    @property
    def kinds(self) -> int:
        """How many wildcard kinds a hand has in this mode (the ``taiyuan`` profile's answer,
        ``Rules.wildcard_kinds``)."""
        return Rules(profile="taiyuan", wildcards=self.value).wildcard_kinds


# Choice options read back as these enums.
_CHOICE_TYPES: dict[str, Any] = {"wildcards": WildcardMode}


def _option_property(name: str, doc: str) -> property:
    get = operator.methodcaller("get", name)
    convert = _CHOICE_TYPES.get(name)
    if convert is None:
        return property(get, doc=doc)
    return property(lambda self: convert(get(self)), doc=doc)


def _install_option_attributes() -> None:
    """Each option of every profile becomes a read-only attribute of ``Rules``."""
    seen: set[str] = set()
    for profile in {p for _, p, _ in Rules.presets()}:
        for spec in Rules.options(profile):
            if spec["name"] not in seen:
                seen.add(spec["name"])
                doc = f"{spec['chinese']}: {spec['meaning']}"
                setattr(Rules, spec["name"], _option_property(spec["name"], doc))


_install_option_attributes()


def options_reference() -> str:
    """Every profile's options and presets as Markdown tables, generated from
    :meth:`Rules.options` and :meth:`Rules.presets` (``docs/rules.md`` embeds this text, and
    the CLI's ``--rules`` help is built from the same data)."""
    lines: list[str] = []
    presets = Rules.presets()
    for profile in dict.fromkeys(p for _, p, _ in presets):
        options = Rules.options(profile)
        if not options:
            lines += [f"Profile `{profile}` (no options):"]
        else:
            lines += [
                f"Profile `{profile}`:",
                "",
                "| option | term | values | default | meaning |",
                "| --- | --- | --- | --- | --- |",
            ]
        for o in options:
            values = " / ".join(str(c).lower() for c in o["choices"])
            default = str(o["default"]).lower()
            lines.append(
                f"| `{o['name']}` | {o['chinese']} | {values} | {default} | {o['meaning']} |"
            )
        lines += ["", "| preset | what it is |", "| --- | --- |"]
        lines += [f"| `{name}` | {doc} |" for name, p, doc in presets if p == profile]
        lines.append("")
    return "\n".join(lines)


#: The default rules, ``Rules()``: the ``taiyuan`` profile with its default options.
DEFAULT_RULES = Rules()
