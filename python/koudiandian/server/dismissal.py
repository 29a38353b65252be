"""A table's dismiss vote (解散, docs/server.md, *Dismissing*).

During a match any seated person may propose to end it. Play and every clock stop while the
vote is open; each other person's seat answers within :data:`VOTE_WAIT` seconds (no answer
counts as accept, and a seat on 托管 accepts at once; bots do not vote). All accept: the
match ends now, the hand in progress unscored, the finished hands' scores standing. One
refusal: play goes on, and the proposer may propose again only after :data:`COOLDOWN`
seconds.

Each step of a vote is stored among the table's actions (:class:`VoteAct`, a negative action
code), so a table replayed from its store (a restart, another process taking it over)
rebuilds the vote and its outcome; how long it has been open is stored with the clocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import DismissVoteError
from .clocks import time_left

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = ["DismissVote", "VoteAct", "vote_from_code", "VOTE_WAIT", "COOLDOWN"]

#: Seconds each seat has to answer a proposal.
VOTE_WAIT = 60.0
#: Seconds after a refused proposal before its proposer may propose again.
COOLDOWN = 120.0

PROPOSE, ACCEPT, REFUSE = "propose", "accept", "refuse"
_CODES = {PROPOSE: -1, ACCEPT: -2, REFUSE: -3}
_KINDS = {code: kind for kind, code in _CODES.items()}


@dataclass(frozen=True, slots=True)
class VoteAct:
    """One step of a dismiss vote by a seat (``propose``, ``accept`` or ``refuse``), stored
    among the table's actions with the negative :attr:`code`."""

    kind: str

    @property
    def code(self) -> int:
        """The action code it is stored with (negative: no :class:`Action` has one)."""
        return _CODES[self.kind]


def vote_from_code(code: int) -> VoteAct:
    """The :class:`VoteAct` stored as ``code``; raises :class:`KeyError` for another."""
    return VoteAct(_KINDS[code])


class DismissVote:
    """The dismiss votes of a table whose people's seats are ``humans``, on the table's
    ``clock`` (monotonic seconds)."""

    def __init__(self, humans: Sequence[int], clock: Callable[[], float]) -> None:
        self._humans = list(humans)
        self._clock = clock
        #: The seat whose proposal is open (``None``: no vote is open).
        self.by: int | None = None
        #: The answers so far, seat -> accepted (the proposer's included).
        self.answers: dict[int, bool] = {}
        #: The last vote that closed: its proposer, and whether it dismissed the match.
        self.closed_by: int | None = None
        self.outcome: bool | None = None
        self._opened = 0.0
        self._cooldown: dict[int, float] = {}  # seat -> when it may propose again

    @property
    def open(self) -> bool:
        """Whether a vote is open."""
        return self.by is not None

    @property
    def dismissed_by(self) -> int | None:
        """The seat whose proposal dismissed the match, once one has."""
        return self.closed_by if self.outcome else None

    @property
    def timed(self) -> bool:
        """Whether it has times to keep (a vote open, or a proposer's wait)."""
        return self.by is not None or bool(self._cooldown)

    def voters(self, by: int) -> list[int]:
        """The seats that answer a proposal of ``by``: every other person's."""
        return [s for s in self._humans if s != by]

    def silent(self) -> list[int]:
        """The seats that have not answered the open vote."""
        return [s for s in self._humans if s not in self.answers]

    def deadline(self) -> float | None:
        """When the open vote ends for the seats that have not answered (the table's
        clock), or ``None``."""
        return None if self.by is None else self._opened + VOTE_WAIT

    # -- checks (before anything is stored) --------------------------------------------------

    def check_propose(self, seat: int) -> None:
        """Raise :class:`DismissVoteError` unless ``seat`` may propose now (the match's
        state is the table's to check)."""
        if self.by is not None:
            raise DismissVoteError(f"seat {self.by}'s dismiss vote is open: answer it")
        wait = self._cooldown.get(seat, 0.0) - self._clock()
        if wait > 0:
            raise DismissVoteError(
                f"seat {seat}'s proposal was refused: it may propose again in {wait:.0f} s"
            )

    def check_answer(self, seat: int) -> None:
        """Raise :class:`DismissVoteError` unless ``seat`` may answer the open vote."""
        if self.by is None:
            raise DismissVoteError("no dismiss vote is open")
        if seat == self.by:
            raise DismissVoteError(f"seat {seat} proposed this vote: it accepts it")
        if seat in self.answers:
            raise DismissVoteError(f"seat {seat} has answered this vote already")

    def fits(self, seat: int, act: VoteAct) -> bool:
        """Whether ``act`` by ``seat`` fits the vote as it stands (a stored step replayed;
        the proposer's wait is not checked: it is a matter of time, and time is not
        replayed)."""
        if seat not in self._humans:
            return False
        if act.kind == PROPOSE:
            return self.by is None
        return self.by is not None and seat != self.by and seat not in self.answers

    # -- steps --------------------------------------------------------------------------

    def apply(self, seat: int, act: VoteAct) -> bool | None:
        """Take ``act`` by ``seat`` (checked, or replayed from the store); returns the
        outcome once the vote closes (``True``: dismissed, ``False``: refused), else
        ``None``."""
        if act.kind == PROPOSE:
            self.by = seat
            self.answers = {seat: True}
            self._opened = self._clock()
        else:
            self.answers[seat] = act.kind == ACCEPT
        if act.kind == REFUSE:
            assert self.by is not None
            self._cooldown[self.by] = self._clock() + COOLDOWN
            return self._close(False)
        if not self.silent():
            return self._close(True)
        return None

    def _close(self, outcome: bool) -> bool:
        self.closed_by, self.outcome, self.by = self.by, outcome, None
        return outcome

    def message(self) -> dict[str, Any]:
        """The ``dismiss`` message: the open vote, or else the last one that closed."""
        votes: list[bool | None] = [self.answers.get(s) for s in range(4)]
        deadline = self.deadline()
        if deadline is None:
            return {
                "type": "dismiss",
                "by": self.closed_by,
                "votes": votes,
                "open": False,
                "deadline": None,
                "remaining_ms": None,
                "dismissed": self.outcome,
            }
        return {
            "type": "dismiss",
            "by": self.by,
            "votes": votes,
            "open": True,
            **time_left(max(0.0, deadline - self._clock())),
            "dismissed": None,
        }

    # -- stored ---------------------------------------------------------------------------

    def snapshot(self, now: float) -> dict[str, Any]:
        """Its times, as stored with the clocks: how long the open vote has been open and
        each proposer's wait left (ms)."""
        return {
            "open_ms": None if self.by is None else int((now - self._opened) * 1000),
            "cooldown_ms": {
                str(s): int((t - now) * 1000) for s, t in self._cooldown.items() if t > now
            },
        }

    def restore(self, saved: dict[str, Any]) -> None:
        """Take back :meth:`snapshot`'s times (the votes themselves were replayed); raises
        ``ValueError`` (``TypeError``, ``KeyError``) for anything it does not write,
        changing nothing."""
        now = self._clock()
        opened = self._opened
        if self.by is not None and saved["open_ms"] is not None:
            opened = now - min(max(0, int(saved["open_ms"])), VOTE_WAIT * 1000) / 1000
        cooldown = {
            int(s): now + min(int(ms), COOLDOWN * 1000) / 1000
            for s, ms in saved["cooldown_ms"].items()
        }
        if not set(cooldown) <= set(self._humans):
            raise ValueError("a stored proposer's wait of a seat that is no person's")
        self._opened, self._cooldown = opened, cooldown
