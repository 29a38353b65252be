"""A table's settings (what ``POST /tables`` asks for), checked and serialisable.

The request body is a JSON object::

    {"rules": "taiyuan",                      # Rules.parse text, or {"preset": ..., "options": {...}},
                                              # or a Rules.to_dict() object; default "taiyuan"
     "seats": ["human", "greedy", "greedy", "random"],   # four seats: "human" or a bot name
                                              # (built-in, or one the operator registered)
     "match": null,                           # null: one hand; "one_round" (一圈) or a number of hands
     "seed": 12345,                           # optional: the deal's seed (default: random)
     "bot_delay": 0.5,                        # optional: seconds a bot waits before it acts
     "private": true,                         # optional: unlisted, watched with a token only
                                              # (default: private when a person sits there)
     "clock": {"turn": 20, "claim": 8, "bank": 60}}   # optional: turn clocks (ClockSpec);
                                              # default null (none) here, on for a room

Every bad value raises a :class:`KoudiandianError` subclass naming it. ``POST /rooms`` takes
the same body (but ``private``: a room is always private) plus ``"name"``, the host's
display name (:meth:`TableSpec.parse_room`, :func:`display_name`).
"""

from __future__ import annotations

import math
import secrets
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any

from .. import _core
from ..errors import InvalidArgumentError, ProtocolError
from ..rules import Rules
from ..simulate import BOTS
from .botregistry import is_bot_name

__all__ = [
    "TableSpec",
    "ClockSpec",
    "HUMAN",
    "MAX_BOT_DELAY",
    "MAX_NAME",
    "display_name",
    "name_key",
]

#: The seat kind of a person (who gets a token).
HUMAN = "human"
#: The longest a bot may be told to wait, in seconds.
MAX_BOT_DELAY = 10.0
_MAX_HANDS = 64
_FIELDS = {"rules", "seats", "match", "seed", "bot_delay", "private", "clock"}
#: The longest display name a room takes, in characters.
MAX_NAME = 16
# Unicode categories a name may not hold: control, format (bidirectional overrides,
# zero-width joiners), surrogate, private use, unassigned, line and paragraph separators.
_REFUSED_CATEGORIES = frozenset(["Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"])
# Characters that show as nothing (fillers, variation selectors, the combining grapheme
# joiner, the braille blank): a name holding one could pass for another's.
_INVISIBLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0, *range(0x180B, 0x1810)]
    + [*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
)


def display_name(value: Any, field: str = "name") -> str:
    """A person's display name in a room, checked: text of 1–:data:`MAX_NAME` characters
    (after NFC normalisation and trimming spaces) with no control, format (bidirectional
    overrides, zero-width joiners), surrogate, private-use, unassigned or invisible
    (fillers, variation selectors) character. Raises :class:`InvalidArgumentError` naming
    ``field``."""
    if not isinstance(value, str):
        raise InvalidArgumentError(f"{field} must be text, got {type(value).__name__}")
    name = unicodedata.normalize("NFC", value).strip()
    if not name:
        raise InvalidArgumentError(f"{field} is empty")
    if len(name) > MAX_NAME:
        raise InvalidArgumentError(f"{field} has {len(name)} characters; at most {MAX_NAME}")
    for ch in name:
        if ord(ch) in _INVISIBLE or unicodedata.category(ch) in _REFUSED_CATEGORIES:
            raise InvalidArgumentError(
                f"{field} holds the character U+{ord(ch):04X} "
                "(control, format, bidirectional or invisible characters are not taken)"
            )
    return name


def name_key(name: str) -> str:
    """What two display names are compared by in a room: their NFKC case-folded form (so
    ``Bob``, ``bob`` and ``Ｂｏｂ`` are one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


@dataclass(frozen=True, slots=True)
class ClockSpec:
    """A table's turn clocks (docs/server.md, *Clocks and 托管*), in seconds: ``turn`` for
    a decision on the seat's turn (draw, discard, kong), ``claim`` for an answer to
    another seat's tile, ``bank`` a match-long reserve spent once a decision's own time
    has run out, ``grace`` how long a seat's sockets may all be closed before it goes on
    托管 (by default the turn's time)."""

    turn: float = 20.0
    claim: float = 8.0
    bank: float = 60.0
    grace: float = 20.0

    #: Each field's range in seconds (inclusive).
    RANGES = {"turn": (3, 120), "claim": (2, 60), "bank": (0, 600), "grace": (3, 600)}

    @classmethod
    def parse(cls, value: Any) -> ClockSpec | None:
        """The clocks a request's ``"clock"`` field asks for: ``null`` (none), or an object
        of any of ``turn``, ``claim``, ``bank`` and ``grace`` (the others default; ``grace``
        to the turn's time). Raises
        :class:`ProtocolError` for an unknown field, :class:`InvalidArgumentError` naming
        the field (``clock.turn``) for a value that is not a number of seconds in its
        range (:attr:`RANGES`)."""
        if value is None:
            return None
        if not isinstance(value, dict):
            raise InvalidArgumentError(
                f"clock must be null or an object of turn, claim, bank, grace, got {value!r}"
            )
        unknown = set(value) - set(cls.RANGES)
        if unknown:
            raise ProtocolError(
                f"unknown clock field(s) {sorted(unknown)}; known: {', '.join(cls.RANGES)}"
            )
        fields: dict[str, float] = {}
        for name, number in value.items():
            low, high = cls.RANGES[name]
            if (
                isinstance(number, bool)
                or not isinstance(number, (int, float))
                or not math.isfinite(number)
                or not low <= number <= high
            ):
                raise InvalidArgumentError(
                    f"clock.{name} must be a number of seconds {low}–{high}, got {number!r}"
                )
            fields[name] = float(number)
        fields.setdefault("grace", fields.get("turn", 20.0))
        return cls(**fields)

    def to_dict(self) -> dict[str, float]:
        """JSON-ready: every field."""
        return {"turn": self.turn, "claim": self.claim, "bank": self.bank, "grace": self.grace}


def _rules_of(value: Any) -> Rules:
    if value is None:
        return Rules.preset("taiyuan")
    if isinstance(value, str):
        return Rules.parse(value.lower())
    if isinstance(value, dict):
        if "profile" in value:
            return Rules.from_dict(value)
        unknown = set(value) - {"preset", "options"}
        if unknown:
            raise InvalidArgumentError(
                f"rules: unknown field(s) {sorted(unknown)}; expected 'preset' and 'options'"
            )
        preset = value.get("preset", "taiyuan")
        options = value.get("options", {})
        if not isinstance(preset, str):
            raise InvalidArgumentError(f"rules.preset must be a preset name, got {preset!r}")
        if not isinstance(options, dict) or not all(
            isinstance(v, (bool, str)) for v in options.values()
        ):
            raise InvalidArgumentError(
                f"rules.options must map option names to true/false or a choice, got {options!r}"
            )
        return Rules.preset(preset.lower()).replace(**options)
    raise InvalidArgumentError(
        f"rules must be text, {{'preset', 'options'}} or a Rules dict, got {value!r}"
    )


def _seat_kind(seat: int, kind: Any, bots: Collection[str] | None) -> str:
    """Seat ``seat``'s kind, lower-cased: ``human``, a built-in bot or a registered one
    (``bots``; ``None``: any name of that form)."""
    name = kind.lower() if isinstance(kind, str) else None
    if name is not None and (
        name == HUMAN or name in BOTS or (name in bots if bots is not None else is_bot_name(name))
    ):
        return name
    known = ", ".join([*BOTS, *(bots or ())])
    raise InvalidArgumentError(
        f"seat {seat}: {kind!r} is neither {HUMAN!r} nor a bot this server knows ({known}); "
        "a table names a bot, never a command (bots that run programs are registered by "
        "the server's operator)"
    )


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A table's settings: the rules, who plays each seat, how long the match is, the seed,
    the bots' delay and whether the table is private. ``length`` is ``None`` for a single hand."""

    rules: Rules
    seats: tuple[str, str, str, str]
    length: int | str | None
    seed: int
    bot_delay: float
    #: Unlisted in ``GET /tables``, shown and watched only with a seat's or the watch token.
    private: bool = False
    #: Seats whose registered bot failed, played by greedy since (set by the server, as the
    #: table is told, never by a creator: ``POST /tables`` refuses the field).
    fallbacks: tuple[int, ...] = ()
    #: The first hand's dealer, where the profile lets it be chosen (a room's: the seat of
    #: the first person in); ``None``: the profile's own (docs/rules.md §2). Set by the
    #: server, never by a creator.
    first_dealer: int | None = None
    #: The turn clocks (``None``: none; a decision waits for its player).
    clock: ClockSpec | None = None

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people (those with a token)."""
        return tuple(s for s, kind in enumerate(self.seats) if kind == HUMAN)

    @classmethod
    def parse(
        cls,
        body: Any,
        *,
        default_bot_delay: float = 0.5,
        allow_seed: bool = True,
        bots: Collection[str] | None = (),
    ) -> TableSpec:
        """The spec a ``POST /tables`` body asks for. A seat is ``"human"``, a built-in
        bot's name or one of ``bots``, the names of the bots the operator registered
        (:mod:`.botregistry`; ``None``: any name of that form, for a stored spec, whose bot
        the server may no longer have); never a command. Raises :class:`ProtocolError` for
        a body that is not an object or has unknown fields, and
        :class:`InvalidArgumentError` (or :class:`InvalidRulesError`) for a bad value (an
        unknown seat kind: naming every known one), or for a ``seed`` when not
        ``allow_seed`` (whoever picks the seed can compute every wall: the server takes one
        only when started with ``--allow-seeds``)."""
        if not isinstance(body, dict):
            raise ProtocolError(f"a table spec is a JSON object, got {type(body).__name__}")
        unknown = set(body) - _FIELDS
        if unknown:
            raise ProtocolError(
                f"unknown table field(s) {sorted(unknown)}; known: {', '.join(sorted(_FIELDS))}"
            )
        rules = _rules_of(body.get("rules"))
        seats = body.get("seats", [HUMAN, "greedy", "greedy", "greedy"])
        if not isinstance(seats, list) or len(seats) != 4:
            raise InvalidArgumentError(f"seats must be a list of four seat kinds, got {seats!r}")
        kinds = [_seat_kind(s, kind, bots) for s, kind in enumerate(seats)]
        length = body.get("match")
        if length is not None and length != "one_round":
            if (
                isinstance(length, bool)
                or not isinstance(length, int)
                or not 1 <= length <= _MAX_HANDS
            ):
                raise InvalidArgumentError(
                    f"match must be null (one hand), 'one_round' or 1–{_MAX_HANDS} hands, "
                    f"got {length!r}"
                )
        if length == "one_round":
            # The core says whether a round can end under the rules (not where seat 0 deals
            # every hand: botzone), before anything is stored.
            _core.MatchDriver(rules, length, 0)
        seed = body.get("seed")
        if seed is not None and not allow_seed:
            raise InvalidArgumentError(
                "seed: this server deals its own walls; a table's seed is taken only by a "
                "server started with --allow-seeds (for tests and replays)"
            )
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise InvalidArgumentError(f"seed must be an int in 0..2**63-1, got {seed!r}")
        delay = body.get("bot_delay", default_bot_delay)
        if (
            isinstance(delay, bool)
            or not isinstance(delay, (int, float))
            or not math.isfinite(delay)
            or not 0 <= delay <= MAX_BOT_DELAY
        ):
            raise InvalidArgumentError(
                f"bot_delay must be a number of seconds 0–{MAX_BOT_DELAY:g}, got {delay!r}"
            )
        private = body.get("private")
        if private is None:  # a room with people at it is not a show for strangers
            private = HUMAN in kinds
        if not isinstance(private, bool):
            raise InvalidArgumentError(f"private must be true or false, got {private!r}")
        seats = (kinds[0], kinds[1], kinds[2], kinds[3])
        clock = ClockSpec.parse(body.get("clock"))
        return cls(rules, seats, length, seed, float(delay), private, clock=clock)

    @classmethod
    def parse_room(
        cls,
        body: Any,
        *,
        default_bot_delay: float = 0.5,
        allow_seed: bool = True,
        bots: Collection[str] | None = (),
    ) -> tuple[TableSpec, str]:
        """The spec and the host's display name a ``POST /rooms`` body asks for: a table
        spec (:meth:`parse`, ``private`` refused: a room is private) with ``"name"``. The
        host plays seat 0, which must be ``"human"``; the host deals the first hand where
        the profile lets the first dealer be chosen (:attr:`first_dealer`), else the
        profile draws it from the seed. A room has turn clocks unless ``"clock"`` is
        ``null`` (default :class:`ClockSpec`'s). Raises as :meth:`parse` does, and
        :class:`InvalidArgumentError` for a bad name or a bot in seat 0."""
        if not isinstance(body, dict):
            raise ProtocolError(f"a room spec is a JSON object, got {type(body).__name__}")
        if "private" in body:
            raise ProtocolError("unknown room field 'private': a room is always private")
        fields = {k: v for k, v in body.items() if k != "name"}
        if "name" not in body:
            raise InvalidArgumentError("name: the host's display name is missing")
        name = display_name(body["name"])
        seats = fields.get("seats")
        if isinstance(seats, list) and seats and seats[0] != HUMAN:
            raise InvalidArgumentError(
                f"seats[0] must be {HUMAN!r}: the host plays the first seat, got {seats[0]!r}"
            )
        spec = cls.parse(
            {**fields, "private": True, "clock": fields.get("clock", {})},
            default_bot_delay=default_bot_delay,
            allow_seed=allow_seed,
            bots=bots,
        )
        dealer = None if spec.rules.random_first_dealer else 0
        return replace(spec, first_dealer=dealer), name

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (what the store keeps); ``fallbacks`` only when there are some."""
        d: dict[str, Any] = {
            "rules": self.rules.to_dict(),
            "seats": list(self.seats),
            "match": self.length,
            "seed": self.seed,
            "bot_delay": self.bot_delay,
            "private": self.private,
        }
        if self.fallbacks:
            d["fallbacks"] = list(self.fallbacks)
        if self.first_dealer is not None:
            d["first_dealer"] = self.first_dealer
        if self.clock is not None:
            d["clock"] = self.clock.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TableSpec:
        """The spec :meth:`to_dict` wrote (one written before private tables is public).
        Raises :class:`InvalidArgumentError` for ``fallbacks`` that are not bot seats."""
        fields = {"private": False, **d}
        fallbacks = fields.pop("fallbacks", [])
        dealer = fields.pop("first_dealer", None)
        spec = cls.parse(fields, bots=None)
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < 4):
            raise InvalidArgumentError(f"first_dealer must be a seat 0–3, got {dealer!r}")
        if (
            not isinstance(fallbacks, list)
            or fallbacks != sorted(set(fallbacks))
            or not all(type(s) is int and 0 <= s < 4 and spec.seats[s] != HUMAN for s in fallbacks)
        ):
            raise InvalidArgumentError(f"fallbacks must be bot seats, in order, got {fallbacks!r}")
        return replace(spec, fallbacks=tuple(fallbacks), first_dealer=dealer)

    def fall_back(self, seat: int) -> TableSpec:
        """This spec with bot seat ``seat`` among its :attr:`fallbacks`."""
        return replace(self, fallbacks=tuple(sorted({*self.fallbacks, seat})))
