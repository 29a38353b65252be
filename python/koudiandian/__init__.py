"""koudiandian: the Shanxi Koudiandian (扣点点) mahjong rules engine, with a Rust core.

The rules implemented are documented in ``docs/rules.md`` of the source distribution.
"""

from __future__ import annotations

from . import _core, bots
from .action import Action, ActionKind
from .batch import is_win_batch, winning_tiles_batch
from .errors import (
    ArgumentTypeError,
    ArrayError,
    BackendError,
    BotError,
    HandSizeError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidEventLogError,
    InvalidRulesError,
    InvalidTileError,
    InvalidTokenError,
    InvalidWallError,
    KoudiandianError,
    LeaseLostError,
    LimitError,
    MeldError,
    NotWinningError,
    NotYourTurnError,
    OriginError,
    ProtocolError,
    StaleDecisionError,
    StorageError,
    TableElsewhereError,
    TableNotFoundError,
    TableUnavailableError,
    TileCountError,
    WildcardError,
)
from .game import Game, Phase
from .hand import (
    ReadyDiscard,
    decompose,
    is_win,
    ready_discards,
    score_win,
    shanten,
    winning_tiles,
)
from .match import Match
from .meld import Meld, MeldKind
from .reading import Group, GroupKind, Reading, Shape
from .result import Bird, Haidi, HandResult, Transfer, WinKind, WinSummary
from .rules import Rules, WildcardMode
from .score import Pattern, WinScore
from .simulate import BotStats, SimulationInterrupted, SimulationSummary, simulate
from .tile import Suit, Tile, format_tiles, parse_tiles
from .view import MeldView, SeatView

#: The package's version.
__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionKind",
    "ArgumentTypeError",
    "ArrayError",
    "Bird",
    "Game",
    "Group",
    "Haidi",
    "GroupKind",
    "HandResult",
    "HandSizeError",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidEventLogError",
    "InvalidRulesError",
    "InvalidTileError",
    "InvalidWallError",
    "KoudiandianError",
    "Match",
    "Meld",
    "MeldError",
    "MeldKind",
    "MeldView",
    "NotWinningError",
    "NotYourTurnError",
    "ProtocolError",
    "StaleDecisionError",
    "TableNotFoundError",
    "TableUnavailableError",
    "StorageError",
    "LeaseLostError",
    "TableElsewhereError",
    "InvalidTokenError",
    "LimitError",
    "OriginError",
    "Pattern",
    "Phase",
    "Reading",
    "ReadyDiscard",
    "Rules",
    "SeatView",
    "Shape",
    "SimulationSummary",
    "SimulationInterrupted",
    "BotStats",
    "BackendError",
    "BotError",
    "Suit",
    "Tile",
    "TileCountError",
    "Transfer",
    "WildcardError",
    "WildcardMode",
    "WinKind",
    "WinScore",
    "WinSummary",
    "decompose",
    "format_tiles",
    "is_win",
    "is_win_batch",
    "parse_tiles",
    "ready_discards",
    "score_win",
    "shanten",
    "simulate",
    "bots",
    "winning_tiles",
    "winning_tiles_batch",
    "__version__",
]

# Build the lookup tables now, so that the first evaluation is not the slow one.
_core.warm_up()
