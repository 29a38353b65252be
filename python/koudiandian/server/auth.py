"""Seat tokens: random secrets, stored only as table-bound digests, checked in constant time.

A token is 32 random bytes from :mod:`secrets` (URL-safe text). The server keeps, per table
and seat, ``sha256(table_id "/" token)`` and never the token itself, so a token is bound to
its table (the same text is another digest on another table) and a copy of the database
does not hand out seats. :func:`seat_of` compares the digest of the token given with every
seat's digest by :func:`hmac.compare_digest`, always all four, so its running time does not
say which seat (or how much of a digest) matched; :func:`holder_of` also takes a private
table's watch token (a spectator's, stored as :data:`WATCH`), compared the same way.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

from ..errors import InvalidTokenError

__all__ = [
    "SeatTokens",
    "new_token",
    "token_digest",
    "seat_of",
    "holder_of",
    "WATCH",
    "token_of_subprotocols",
    "TOKEN_BYTES",
    "SUBPROTOCOL",
    "TOKEN_SUBPROTOCOL",
]

#: Random bytes in a token (43 characters of URL-safe base64).
TOKEN_BYTES = 32
#: The number under which a private table's watch token (a spectator's) is stored, beside
#: the seats' 0–3.
WATCH = 4
#: The WebSocket subprotocol the server answers with when a client offers it.
SUBPROTOCOL = "koudiandian"
#: A ``Sec-WebSocket-Protocol`` value ``token.<TOKEN>`` carries a token (out of the URL,
#: so out of every log); tokens are URL-safe base64, which a subprotocol name may hold.
TOKEN_SUBPROTOCOL = "token."
# A token is never longer than this; anything longer is refused before hashing.
_MAX_TOKEN_LENGTH = 128


def new_token() -> str:
    """A fresh seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_of_subprotocols(subprotocols: Sequence[str]) -> str | None:
    """The token a client offered as a ``token.<TOKEN>`` subprotocol, or ``None``."""
    for value in subprotocols:
        if isinstance(value, str) and value.startswith(TOKEN_SUBPROTOCOL):
            return value[len(TOKEN_SUBPROTOCOL) :]
    return None


def token_digest(table_id: str, token: str) -> bytes:
    """What the server stores for ``token`` on table ``table_id``."""
    return hashlib.sha256(f"{table_id}/{token}".encode()).digest()


def seat_of(table_id: str, token: str | None, digests: Sequence[bytes | None]) -> int:
    """The seat whose token on table ``table_id`` is ``token``, given each seat's stored
    digest (``None`` for a bot seat).

    Raises :class:`InvalidTokenError` if the token is missing, malformed or no seat's."""
    found = _holder(table_id, token, digests)
    if found < 0 or found == WATCH:
        raise InvalidTokenError(f"the token is not a seat's token on table {table_id!r}")
    return found


def holder_of(
    table_id: str, token: str | None, digests: Sequence[bytes | None], watch: bytes | None
) -> int | None:
    """The seat whose token on table ``table_id`` is ``token``, or ``None`` if it is the
    table's watch token (whose digest is ``watch``, ``None`` for a table without one).

    Raises :class:`InvalidTokenError` if the token is missing, malformed or neither."""
    found = _holder(table_id, token, [*digests, watch])
    if found < 0:
        raise InvalidTokenError(
            f"the token is neither a seat's nor the watch token on table {table_id!r}"
        )
    return None if found == WATCH else found


def _holder(table_id: str, token: str | None, digests: Sequence[bytes | None]) -> int:
    """The index of the digest that ``token`` matches, or -1; compares with every one."""
    if token is None or token == "":
        raise InvalidTokenError(f"no token given for table {table_id!r}")
    if not isinstance(token, str) or len(token) > _MAX_TOKEN_LENGTH:
        raise InvalidTokenError(f"malformed token for table {table_id!r}")
    given = token_digest(table_id, token)
    found = -1
    for seat, digest in enumerate(digests):
        # Compare with every seat (a bot's seat against a dummy), matched or not.
        if hmac.compare_digest(given, digest if digest is not None else b"\0" * len(given)):
            if digest is not None:
                found = seat
    return found


class SeatTokens:
    """The token digests of one table's seats (``None`` for a seat no token serves) and its
    watch token's, bound to ``scope``: the table's id, or for a room's table the room's
    (a room's tokens serve each of its tables)."""

    def __init__(
        self, scope: str, digests: Sequence[bytes | None], watch: bytes | None = None
    ) -> None:
        self.scope = scope
        self._digests = list(digests)
        self._watch = watch

    def seat_of(self, token: str | None) -> int:
        """The seat ``token`` holds (:func:`seat_of`); raises :class:`InvalidTokenError`."""
        return seat_of(self.scope, token, self._digests)

    def holder_of(self, token: str | None) -> int | None:
        """The seat ``token`` holds, or ``None`` for the watch token (:func:`holder_of`);
        raises :class:`InvalidTokenError`."""
        return holder_of(self.scope, token, self._digests, self._watch)

    def set(self, seat: int, digest: bytes | None) -> None:
        """Seat ``seat``'s digest is now ``digest`` (``None``: no token serves it; a room's
        player joined or left, as the store has it already)."""
        self._digests[seat] = digest
