"""Rule options (RULES §8): a frozen, validated set, with named presets."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any, ClassVar

from .errors import InvalidRulesError

__all__ = ["Rules", "WildcardMode"]


class WildcardMode(str, enum.Enum):
    """How wildcards (耗子) are chosen, RULES §6."""

    NONE = "none"
    RANDOM = "random"  # 随机耗子: one kind from the kinds in play
    HONOR = "honor"  # 风耗子: one of the seven honor kinds
    DOUBLE = "double"  # 双耗子: two different kinds

    @property
    def kinds(self) -> int:
        """How many wildcard kinds a hand has in this mode."""
        return {"none": 0, "random": 1, "honor": 1, "double": 2}[self.value]


# Bits of the compiled rule word the Rust core reads (rust/rules.rs must agree).
_WIND_RUNS = 1
_NO_HONORS = 2
_BONUS_PATTERNS = 4
_DRAW5_WIN6 = 8

_BOOL_OPTIONS = (
    "kong_keeps_waits",
    "dealer_bonus",
    "dealer_selfdraw_double",
    "no_honors",
    "feeder_pays_kong",
    "feeder_pays_all",
    "must_win",
    "draw5_win6",
    "delayed_kong",
    "wind_runs",
    "bonus_patterns",
)


@dataclasses.dataclass(frozen=True, slots=True)
class Rules:
    """The options of RULES §8, by their names there. All default off (``wildcards="none"``).

    Construction validates every value and the combinations §8 forbids, raising
    :class:`InvalidRulesError` that names the options. Use :meth:`replace` for a variant."""

    kong_keeps_waits: bool = False  # 改变听口不能杠
    dealer_bonus: bool = False  # 带庄多五分
    dealer_selfdraw_double: bool = False  # 自摸庄分翻倍 (needs dealer_bonus)
    no_honors: bool = False  # 不带风
    feeder_pays_kong: bool = False  # 点杠包杠
    feeder_pays_all: bool = False  # 点炮包杠
    must_win: bool = False  # 有胡必胡
    draw5_win6: bool = False  # 摸五胡六
    delayed_kong: bool = False  # 可缓杠
    wind_runs: bool = False  # 风嘴子 (needs honors)
    bonus_patterns: bool = False  # 清一色、一条龙、七小对加番 (not with wildcards)
    wildcards: WildcardMode = WildcardMode.NONE  # 耗子 mode
    _flags: int = dataclasses.field(init=False, repr=False, compare=False, hash=False)

    PRESETS: ClassVar[tuple[str, ...]] = (
        "default",
        "taiyuan",
        "random_wildcard",
        "honor_wildcard",
        "double_wildcard",
        "patterns",
    )

    def __post_init__(self) -> None:
        for name in _BOOL_OPTIONS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise InvalidRulesError(f"option {name} must be True or False, got {value!r}")
        try:
            mode = WildcardMode(self.wildcards)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in WildcardMode)
            raise InvalidRulesError(
                f"option wildcards must be one of {choices}, got {self.wildcards!r}"
            ) from None
        object.__setattr__(self, "wildcards", mode)
        if self.dealer_selfdraw_double and not self.dealer_bonus:
            raise InvalidRulesError("option dealer_selfdraw_double needs dealer_bonus")
        if self.no_honors and mode is WildcardMode.HONOR:
            raise InvalidRulesError("option wildcards='honor' cannot be combined with no_honors")
        if self.no_honors and self.wind_runs:
            raise InvalidRulesError("option wind_runs cannot be combined with no_honors")
        if self.bonus_patterns and mode is not WildcardMode.NONE:
            raise InvalidRulesError(
                f"option bonus_patterns cannot be combined with wildcards={mode.value!r}"
            )
        flags = (
            (_WIND_RUNS if self.wind_runs else 0)
            | (_NO_HONORS if self.no_honors else 0)
            | (_BONUS_PATTERNS if self.bonus_patterns else 0)
            | (_DRAW5_WIN6 if self.draw5_win6 else 0)
        )
        object.__setattr__(self, "_flags", flags)

    @property
    def tile_count(self) -> int:
        """Tiles in play: 136, or 108 with ``no_honors``."""
        return 108 if self.no_honors else 136

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like the constructor)."""
        return Rules.from_dict({**self.to_dict(), **changes})

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict: ``{"wind_runs": True, ..., "wildcards": "none"}``."""
        out: dict[str, Any] = {name: getattr(self, name) for name in _BOOL_OPTIONS}
        out["wildcards"] = self.wildcards.value
        return out

    @classmethod
    def from_dict(cls, options: Mapping[str, Any]) -> Rules:
        """Build from a mapping of option names; unknown names raise :class:`InvalidRulesError`."""
        known = set(_BOOL_OPTIONS) | {"wildcards"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise InvalidRulesError(
                f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
            )
        return cls(**options)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named rule set:

        - ``default``: every option off, no wildcards (RULES §8 defaults);
        - ``taiyuan``: the common online Taiyuan table: dealer bonus with self-draw doubling,
          点杠包杠 and 点炮包杠;
        - ``random_wildcard`` / ``honor_wildcard`` / ``double_wildcard``: the three 耗子 modes;
        - ``patterns``: ``bonus_patterns`` on (清一色、一条龙、七小对加番).
        """
        presets: dict[str, dict[str, Any]] = {
            "default": {},
            "taiyuan": {
                "dealer_bonus": True,
                "dealer_selfdraw_double": True,
                "feeder_pays_kong": True,
                "feeder_pays_all": True,
            },
            "random_wildcard": {"wildcards": "random"},
            "honor_wildcard": {"wildcards": "honor"},
            "double_wildcard": {"wildcards": "double"},
            "patterns": {"bonus_patterns": True},
        }
        if name not in presets:
            raise InvalidRulesError(
                f"unknown rules preset {name!r}; known: {', '.join(cls.PRESETS)}"
            )
        return cls(**presets[name])

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read a preset name and/or options: ``"taiyuan"``, ``"wind_runs,must_win"``,
        ``"random_wildcard,wind_runs"``, ``"wildcards=double,delayed_kong"``."""
        options: dict[str, Any] = {}
        for item in (part.strip() for part in text.split(",")):
            if not item:
                continue
            if "=" in item:
                key, _, value = item.partition("=")
                key, value = key.strip(), value.strip()
                if key == "wildcards":
                    options[key] = value
                elif value.lower() in ("1", "true", "yes", "on"):
                    options[key] = True
                elif value.lower() in ("0", "false", "no", "off"):
                    options[key] = False
                else:
                    raise InvalidRulesError(f"option {key} must be true or false, got {value!r}")
            elif item in cls.PRESETS:
                default = Rules().to_dict()
                preset = cls.preset(item).to_dict()
                options.update({k: v for k, v in preset.items() if v != default[k]})
            else:
                options[item] = True
        return cls.from_dict(options)


DEFAULT_RULES = Rules()
