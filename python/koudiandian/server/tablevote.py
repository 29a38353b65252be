"""The dismiss vote at a table (:mod:`.dismissal`, a person's messages): proposed, answered,
its steps stored among the table's actions, its news told to every connection."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import DismissVoteError, KoudiandianError, TableUnavailableError
from .dismissal import ACCEPT, PROPOSE, REFUSE, VoteAct
from .tablebase import TableBase

__all__ = ["TableVote"]


class TableVote(TableBase):
    """The dismiss vote of a :class:`~.tables.Table` (a mixin of it)."""

    def _check_playing(self) -> None:
        """Refuse a vote's step unless the match is shown being played (while a claim
        window holds a discard's sequel, whether it ended the match is not public: wait)."""
        if self.waiting:
            raise DismissVoteError(f"table {self.id!r}: its match has not started")
        self._advance()
        if self._windows.held():
            raise DismissVoteError("a discard's claim window is open: ask once it closes")
        if self.match.is_over:
            raise DismissVoteError(f"table {self.id!r}: its match is over")

    def propose_dismiss(
        self, seat: int, refused: Callable[[KoudiandianError], None] | None = None
    ) -> None:
        """``seat``'s player proposes to dismiss the match (:mod:`.dismissal`); raises
        :class:`DismissVoteError` if it may not now. Seats on 托管 accept at once. A group
        commit's refusal is told to ``refused`` (:meth:`act`)."""
        self._check_playing()
        self.votes.check_propose(seat)
        self._voting(seat, PROPOSE, refused)

    def vote(
        self, seat: int, accept: bool, refused: Callable[[KoudiandianError], None] | None = None
    ) -> None:
        """``seat``'s player answers the open dismiss vote; raises
        :class:`DismissVoteError` if there is none, or it proposed it, or answered it. A
        group commit's refusal is told to ``refused`` (:meth:`act`)."""
        self._check_playing()
        self.votes.check_answer(seat)
        self._voting(seat, ACCEPT if accept else REFUSE, refused)

    def _voting(
        self, seat: int, kind: str, refused: Callable[[KoudiandianError], None] | None
    ) -> None:
        """Store and take a checked vote step by ``seat`` (and the accepts of the seats
        publicly on 托管, when a vote opens: one whose claim's timeout is not public yet
        answers as a silent seat does, at the vote's end), then tell every connection."""
        rows = [(seat, VoteAct(kind))]
        if kind == PROPOSE:
            rows += [(s, VoteAct(ACCEPT)) for s in self.votes.voters(seat) if self.clocks.told(s)]
        self._vote_rows(rows, refused)

    def _vote_rows(
        self,
        rows: list[tuple[int, VoteAct]],
        refused: Callable[[KoudiandianError], None] | None = None,
    ) -> None:
        """Store and take vote steps (until the vote closes), then, once they stand, tell
        every connection."""
        outcome = None
        with self._committing():
            self._tell_refusal(refused)
            for s, act in rows:
                self._keep(s, act)
                outcome = self._vote_step(s, act)
                if outcome is not None:
                    break
        self._then(lambda: self._told_vote(outcome))

    def _vote_step(self, seat: int, act: VoteAct) -> bool | None:
        """Take a vote step (live, or replayed: one that does not fit the vote raises
        :class:`TableUnavailableError`): the clocks stop while a vote is open, and a vote
        that dismissed the match ends it. Returns the vote's outcome if it closed."""
        if not self.votes.fits(seat, act) or self.match.is_over:
            raise TableUnavailableError(
                f"table {self.id!r}: a stored dismiss vote's step ({act.kind} by seat {seat}) "
                "does not fit the vote"
            )
        outcome = self.votes.apply(seat, act)
        if outcome is None:
            self.clocks.pause()
        else:
            self.clocks.unpause()
            if outcome:
                self.match.dismiss()
                self._asked()
        return outcome

    def _told_vote(self, outcome: bool | None) -> None:
        """Tell every connection the vote's news, then what follows it."""
        message = self.votes.message()
        for conn in self.connections:
            conn.add(message)
            if outcome is False and conn.seat in self._to_act:
                conn.view_due = True  # play goes on: its decision is shown to it again
        self.save_clocks()
        self.flush()
        self._driver.wake()

    def dismissed(self) -> dict[str, int] | None:
        """``{"by": seat}`` if the match was dismissed, by whose proposal; else ``None``."""
        by = self.votes.dismissed_by
        return None if by is None else {"by": by}
