"""The exception hierarchy. Every error the package raises is a :class:`KoudiandianError`.

Errors about a bad value also subclass :class:`ValueError`, so callers that already catch
``ValueError`` keep working; an argument of the wrong type raises :class:`ArgumentTypeError`,
which subclasses :class:`TypeError`. The Rust core raises these same classes (by name).
"""

from __future__ import annotations

__all__ = [
    "KoudiandianError",
    "ArgumentTypeError",
    "InvalidTileError",
    "TileCountError",
    "HandSizeError",
    "MeldError",
    "WildcardError",
    "ArrayError",
    "InvalidRulesError",
    "NotWinningError",
    "InvalidArgumentError",
    "InvalidWallError",
    "IllegalActionError",
    "NotYourTurnError",
    "StaleDecisionError",
    "InvalidEventLogError",
    "BotzoneInputError",
    "BackendError",
    "BotError",
    "BotzoneVerdict",
    "ProtocolError",
    "InvalidTokenError",
    "TableNotFoundError",
    "TableUnavailableError",
    "TableElsewhereError",
    "StorageError",
    "LeaseLostError",
    "LimitError",
    "OriginError",
    "RoomNotFoundError",
    "RoomFullError",
    "NameTakenError",
    "RoomStateError",
    "NotHostError",
    "AutoPlayError",
    "DismissVoteError",
]


class KoudiandianError(Exception):
    """Root of every error raised by koudiandian."""


class ArgumentTypeError(KoudiandianError, TypeError):
    """An argument has the wrong type (a float for a tile, a list for an action kind); the
    message names the argument, the value and the types accepted."""


class InvalidTileError(KoudiandianError, ValueError):
    """A tile could not be read: bad notation, unknown character, or an index outside 0–33."""


class TileCountError(KoudiandianError, ValueError):
    """A kind appears more than four times (counting melds and wildcards), or a count is negative."""


class HandSizeError(KoudiandianError, ValueError):
    """The number of tiles is not what the call needs (3n+2 for a complete hand, 3n+1 for a
    waiting one, with the melds making up the rest)."""


class MeldError(KoudiandianError, ValueError):
    """A meld is malformed: unknown kind, more than four melds, or a meld of a wildcard kind."""


class WildcardError(KoudiandianError, ValueError):
    """Wildcard kinds are invalid: repeated, more than two kinds, or an honor without honors."""


class ArrayError(KoudiandianError, ValueError):
    """A batch array has the wrong shape, dtype or content."""


class InvalidRulesError(KoudiandianError, ValueError):
    """An option is unknown or has a bad value, or options are combined in a way that
    docs/rules.md §8 forbids."""


class NotWinningError(KoudiandianError, ValueError):
    """The tiles given to a scoring call do not form a winning hand."""


class InvalidArgumentError(KoudiandianError, ValueError):
    """An argument other than tiles, melds, wildcards or rules has a bad value."""


class InvalidWallError(KoudiandianError, ValueError):
    """An explicit wall does not hold exactly the tiles in play, or its wildcards do not fit
    the rules' wildcard mode."""


class IllegalActionError(KoudiandianError, ValueError):
    """The action is not legal for that seat now. The message lists what is legal; the game
    is left exactly as it was."""


class NotYourTurnError(KoudiandianError, ValueError):
    """The seat is not one of the seats that must decide now (or the hand is over)."""


class StaleDecisionError(NotYourTurnError):
    """An action to the game server names a decision the seat is not asked now: one already
    taken (a message sent twice, a resend, another socket of the seat was first) or
    withdrawn, or one not offered yet (``koudiandian.server``, docs/server.md). Nothing is
    changed."""


class InvalidEventLogError(KoudiandianError, ValueError):
    """An event log or JSON game state is corrupt, edited, or does not replay to itself."""


class BotzoneInputError(KoudiandianError, ValueError):
    """Bad input to the Botzone judge: not JSON, a log that does not alternate the judge's
    outputs and the bots' answers, answers for a seat that does not exist, or a wall with
    unknown tiles, more than four of a kind or too few tiles to deal; a Botzone log
    malformed in any other way (docs/botzone.md), or a game that is not written as one. The
    message names the bad value."""


class BackendError(KoudiandianError, RuntimeError):
    """A simulation backend that cannot run: Ray not installed, no cluster at the address
    given, or a cluster whose token authentication refuses this driver (the message says
    why: no ``RAY_AUTH_MODE=token``, no token, or not the head's)."""


class BotError(KoudiandianError, RuntimeError):
    """A bot run as a child process (an ``exec:`` bot, :class:`koudiandian.execbot.ExecBot`,
    docs/bots.md) failed: it could not start, took longer than its time per decision,
    exited or crashed, wrote a line that is no answer, or answered an action that is not
    legal. The message says which; ``bot`` names the bot, ``hand`` and ``decision`` the
    hand (counted by that bot's process, from 0; at a game server's table, the table's
    hand) and the decision (from 1) it failed at (``None`` before its first)."""

    def __init__(
        self, message: str, *, bot: str, hand: int | None = None, decision: int | None = None
    ) -> None:
        super().__init__(message)
        #: The bot's name (``exec:COMMAND`` unless it was given another).
        self.bot = bot
        #: The hand the bot failed in, counted by its process from 0, or the table's hand in
        #: the game server (``None``: none yet).
        self.hand = hand
        #: The decision the bot failed at, counted by its process from 1 (``None``: none yet).
        self.decision = decision

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled whole (from a worker process of a simulation): message and attributes.
        return (_bot_error, (str(self), self.bot, self.hand, self.decision))


def _bot_error(message: str, bot: str, hand: int | None, decision: int | None) -> BotError:
    """A :class:`BotError` rebuilt from its pickle."""
    return BotError(message, bot=bot, hand=hand, decision=decision)


class BotzoneVerdict(BotError):
    """A Botzone bot at a table the engine drives was judged as Botzone's judge judges it:
    ``verdict`` (``WA``, ``WH``, ``TLE``, ``MLE``, ``OLE``, ``NJ`` or ``RE``) against
    ``seat``. The table ends the hand with it (:meth:`koudiandian.Game.end_by_verdict`);
    it is no failure of the table (docs/botzone.md, "Botzone bots at koudiandian's
    table")."""

    def __init__(self, message: str, *, bot: str, seat: int, verdict: str) -> None:
        super().__init__(message, bot=bot)
        #: The seat judged.
        self.seat = seat
        #: The verdict.
        self.verdict = verdict

    def __reduce__(self) -> tuple[object, ...]:
        return (_botzone_verdict, (str(self), self.bot, self.seat, self.verdict))


def _botzone_verdict(message: str, bot: str, seat: int, verdict: str) -> BotzoneVerdict:
    """A :class:`BotzoneVerdict` rebuilt from its pickle."""
    return BotzoneVerdict(message, bot=bot, seat=seat, verdict=verdict)


class ProtocolError(KoudiandianError, ValueError):
    """A message to the game server (``koudiandian.server``) is malformed: not JSON, not an
    object, of an unknown type, too large, or a request body that is not a table spec."""


class InvalidTokenError(KoudiandianError, ValueError):
    """A seat token is missing, unknown, or belongs to another table (``koudiandian.server``)."""


class TableNotFoundError(KoudiandianError, LookupError):
    """No table (or finished hand) of the game server has that id (``koudiandian.server``)."""


class TableUnavailableError(KoudiandianError, LookupError):
    """A table of the game server is stored but does not load: its spec or its actions do
    not replay (a row edited or corrupted). Its rows are kept as they are; the message says
    what failed (``koudiandian.server``)."""


class TableElsewhereError(KoudiandianError, LookupError):
    """The table is played by another process of the game server (several processes share
    one database, docs/server.md): ``owner`` is that process's public URL, where a client
    is to ask for it again (``koudiandian.server``)."""

    def __init__(self, message: str, owner: str) -> None:
        super().__init__(message)
        #: The public URL of the server process that plays the table.
        self.owner = owner


class StorageError(KoudiandianError, RuntimeError):
    """The game server's database refused a write (a full disk, an I/O error): the action or
    the new table is not taken, and nothing changed; the same request may succeed once the
    database can write again (``koudiandian.server``)."""


class LeaseLostError(StorageError):
    """The game server process no longer holds a table's lease (another process took the
    table over, docs/server.md): its actions are not committed, and the process lets the
    table go (``koudiandian.server``)."""


class LimitError(KoudiandianError, RuntimeError):
    """A limit of the game server (``koudiandian.server.limits.Limits``) was reached: too
    many tables, sockets or messages; the message names the limit and its value."""


class OriginError(KoudiandianError, PermissionError):
    """A browser request or socket came from a page of another origin than the game server's
    own or its allowed ones (``koudiandian.server``)."""


class RoomNotFoundError(TableNotFoundError):
    """No room of the game server has that number (open, or ended less than a day ago), or
    the number is malformed: the two look the same (``koudiandian.server``; HTTP 404)."""


class RoomFullError(KoudiandianError, ValueError):
    """A room has no free seat for a person, or the seat asked for is taken or a bot's
    (``koudiandian.server``; HTTP 409)."""


class NameTakenError(KoudiandianError, ValueError):
    """Another player in the room already goes by that display name (``koudiandian.server``;
    HTTP 409)."""


class RoomStateError(KoudiandianError, ValueError):
    """What was asked of a room does not fit its state: ready, leave or remove while its
    match is played, the host leaving instead of closing (``koudiandian.server``; HTTP 409).
    The message names the state."""


class NotHostError(KoudiandianError, PermissionError):
    """Only the room's host may do that: remove a player, close the room
    (``koudiandian.server``; HTTP 403)."""


class AutoPlayError(RoomStateError):
    """A seat asked to be taken back from 托管 (auto-play) is not on it
    (``koudiandian.server``; HTTP 409)."""


class DismissVoteError(RoomStateError):
    """A dismiss vote (解散) message does not fit the table's state: a proposal while a vote
    is open, before the match began, once it is over or during the proposer's wait after a
    refusal; an answer when no vote is open, by its proposer, or a second one
    (``koudiandian.server``; HTTP 409). The message names the state."""
