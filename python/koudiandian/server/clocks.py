"""A table's turn clocks and 托管 marks (docs/server.md, *Clocks and 托管*).

A person's decision is timed from the moment the table shows it to the seat (a claim window
may show it later than the engine asks it, :mod:`.windows`): ``turn`` seconds for a decision
on the seat's turn, then the seat's match-long ``bank``; ``claim`` seconds for an answer to
another seat's tile, and no bank (a bank spent on a claim would show, in the seat's next
public clock, that it had been asked). When the time has run out the server takes the engine's default action
for the seat (:meth:`Match.default_action`: the expert's choice from the seat's own view)
and puts the seat on 托管: from then on each of its decisions is taken at once, uncharged,
until its player takes it back (``resume``, or any action accepted). A seat whose sockets
have all been closed for ``grace`` seconds goes on 托管 too.

What is public: the 托管 marks, and the clock of a decision every seat can see is pending
(the one seat on turn). A claim decision's clock is shown to the asked seat only, and a
claim decision taken by timeout is marked for the others only once the table has shown the
seat play again (or the hand end): marking it at once would tell that the seat was asked.

The clocks stop while a dismiss vote is open (:mod:`.dismissal`), and while no process
plays the table: what each clock had used is stored with the table (a ``clock`` row, every
:data:`SAVE_EVERY` seconds and at each change of a mark), and a process that takes the table
back resumes every clock where the row left it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .shownlater import ShownLater, ShownTable
from .spec import ClockSpec

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..match import Match
    from .connection import Connection
    from .spec import TableSpec

__all__ = ["Clocks", "SAVE_EVERY", "time_left"]


class _Sockets(Protocol):
    def sockets(self) -> tuple[list[int], int]: ...


class TimedTable(ShownTable, Protocol):
    """What the clocks read of their table (a :class:`~.tables.Table`), besides what news
    held back reads (:class:`~.shownlater.ShownTable`)."""

    @property
    def spec(self) -> TableSpec: ...

    @property
    def match(self) -> Match: ...

    @property
    def waiting(self) -> bool: ...

    @property
    def _to_act(self) -> tuple[int, ...]: ...

    @property
    def connections(self) -> set[Connection]: ...

    @property
    def fanout(self) -> _Sockets: ...

    def _answering(self) -> bool: ...

    def _shown_to_act(self, seat: int) -> bool: ...

    def save_clocks(self) -> None: ...


#: Seconds between two saves of a table's running clocks: after a crash, a clock resumes
#: with at most this much more time than it had.
SAVE_EVERY = 0.5

#: Why a seat's 托管 mark changed, as the ``auto`` message says it.
TIMEOUT, AWAY, RESUME, ACTION = "timeout", "away", "resume", "action"


def time_left(left: float) -> dict[str, Any]:
    """A deadline ``left`` seconds from now (``left`` ≥ 0), as a message carries it: the
    server's wall time (``deadline``, seconds since the epoch) and ``remaining_ms``."""
    return {"deadline": round(time.time() + left, 3), "remaining_ms": int(left * 1000)}


@dataclass(slots=True)
class _Run:
    """A decision being timed: its number, when it was shown (moved on by pauses), its own
    time, and whether it answers another seat's tile."""

    decision: int
    start: float
    limit: float
    claim: bool  # an answer to another's tile: no bank


class Clocks:
    """The turn clocks and 托管 marks of ``table`` (its part that times its people);
    ``clock`` is the table's (monotonic seconds). With ``spec`` ``None`` nothing is timed
    and no seat goes on 托管. Precondition: ``table`` is the one whose part this is."""

    def __init__(
        self, table: TimedTable, spec: ClockSpec | None, clock: Callable[[], float]
    ) -> None:
        self.table = table
        self.spec = spec
        self._clock = clock
        #: Each seat's bank left, in seconds.
        self.bank = [0.0 if spec is None else spec.bank] * 4
        #: Whether each seat is on 托管.
        self.auto = [False, False, False, False]
        self._why = ["", "", "", ""]  # why each mark was last set
        # Marks set by a claim's timeout, not public until the table shows the seat play.
        self._untold = ShownLater(table)
        self._runs: dict[int, _Run] = {}
        self._gone: dict[int, float] = {}  # seat -> when its last socket closed
        self._paused: float | None = None
        self._restored: dict[int, tuple[int, float]] = {}  # seat -> (decision, seconds used)
        self._humans = frozenset(table.spec.humans)

    @property
    def on(self) -> bool:
        """Whether the table has clocks."""
        return self.spec is not None

    # -- the decisions timed ---------------------------------------------------------------

    def run(self, seat: int) -> _Run | None:
        """The clock of the decision ``seat`` has been shown, started now if it is new
        (``None``: none runs: no clocks, a bot's seat, on 托管, paused, or nothing shown)."""
        spec = self.spec
        table = self.table
        if (
            spec is None
            or self._paused is not None
            or seat not in self._humans
            or self.auto[seat]
            or not table._shown_to_act(seat)
        ):
            return None
        decision = table.match.decision(seat)
        assert decision is not None
        run = self._runs.get(seat)
        if run is not None and run.decision == decision:
            return run
        used = 0.0
        restored = self._restored.pop(seat, None)
        if restored is not None and restored[0] == decision:
            used = restored[1]
        claim = table._answering()
        run = _Run(decision, self._clock() - used, spec.claim if claim else spec.turn, claim)
        self._runs[seat] = run
        return run

    def _deadline(self, seat: int, run: _Run) -> float:
        return run.start + run.limit + (0.0 if run.claim else self.bank[seat])

    def view_fields(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s view says of its clock: ``deadline`` (server wall time),
        ``remaining_ms`` and ``bank_ms`` of the decision it is shown (``None`` when none
        runs), and whether it is on 托管 (``auto``)."""
        run = self.run(seat)
        if run is None:
            return {
                "deadline": None,
                "remaining_ms": None,
                "bank_ms": None,
                "auto": self.auto[seat],
            }
        return {**self._timing(seat, run), "auto": self.auto[seat]}

    def _timing(self, seat: int, run: _Run) -> dict[str, Any]:
        left = max(0.0, self._deadline(seat, run) - self._clock())
        return {**time_left(left), "bank_ms": int(self.bank[seat] * 1000)}

    def public(self) -> tuple[int, float] | None:
        """The clock every seat may see, as a key that changes when it starts or goes on
        after a pause (:meth:`public_message` is its message): that of the one seat on
        turn, when the table shows it a decision that is not an answer to another's tile.
        ``None`` otherwise."""
        to_act = self.table._to_act
        if len(to_act) != 1:
            return None
        run = self.run(to_act[0])  # (None without clocks)
        if run is None or run.claim or self.table._windows.held():
            return None
        return (to_act[0], run.start)

    def public_message(self, key: tuple[int, float]) -> dict[str, Any]:
        """The ``clock`` message of the public clock :meth:`public` gave ``key``."""
        seat = key[0]
        run = self._runs[seat]
        return {"type": "clock", "seat": seat, **self._timing(seat, run)}

    def stepped(self) -> None:
        """After steps were committed: charge each turn's decision that ended its time over
        its own to its seat's bank (a decision taken, or withdrawn by another seat's
        claim); a bank charged is stored at once."""
        if not self._runs:
            return
        match = self.table.match
        charged = False
        for seat, run in list(self._runs.items()):
            if match.decision(seat) != run.decision:
                charged |= self._charge(seat, run)
        if charged:
            self.table.save_clocks()

    def _charge(self, seat: int, run: _Run) -> bool:
        """End ``seat``'s timed decision ``run`` now: its time over its own comes out of
        the bank (a turn's; a claim has no bank). Whether the bank changed."""
        del self._runs[seat]
        over = self._clock() - run.start - run.limit
        if over > 0 and not run.claim and self.bank[seat] > 0:
            self.bank[seat] = max(0.0, self.bank[seat] - over)
            return True
        return False

    def shown(self) -> None:
        """Start the clock of each decision shown to a seat with no socket (one with a
        socket starts as its view is made): a seat away is timed from when it is asked."""
        for seat in self._gone:
            if seat in self.table._to_act:
                self.run(seat)

    def expired(self, seat: int, decision: int) -> bool:
        """Whether ``seat``'s decision number ``decision``, shown, has run out of time (a
        late action is then refused, and the timeout taken)."""
        run = self._runs.get(seat)
        return (
            run is not None
            and run.decision == decision
            and self._clock() >= self._deadline(seat, run)
        )

    def soonest(self) -> float | None:
        """The earliest a decision shown from now on can run out (the table's clock): no
        new deadline comes sooner. ``None`` when nothing is timed."""
        spec = self.spec
        if spec is None or not self._timed():
            return None
        return self._clock() + min(spec.turn, spec.claim)

    # -- what is due ----------------------------------------------------------------------

    def _timed(self) -> bool:
        """Whether anything is timed now: clocks, not paused, the match being played."""
        table = self.table
        return (
            self.spec is not None
            and self._paused is None
            and not table.waiting
            and not table.match.is_over
        )

    def timed_out(self, now: float) -> list[int]:
        """The seats whose decision shown has run out of time at ``now``."""
        if not self._timed():
            return []
        out = []
        for seat in self.table._to_act:
            run = self.run(seat)
            if run is not None and now >= self._deadline(seat, run):
                out.append(seat)
        return out

    def away(self, now: float) -> list[int]:
        """The seats whose sockets have all been closed for the grace by ``now``, and not
        publicly on 托管 (one whose claim's timeout is not public yet is marked away like
        any other: that it is not would tell that it was asked)."""
        if not self._timed():
            return []
        assert self.spec is not None
        grace = self.spec.grace
        return [s for s, t in self._gone.items() if not self.told(s) and t + grace <= now]

    def next_at(self) -> float | None:
        """When the next decision runs out, or the next absent seat's grace ends (the
        table's clock); ``None``: nothing is timed."""
        if not self._timed():
            return None
        assert self.spec is not None
        grace = self.spec.grace
        times = [t + grace for s, t in self._gone.items() if not self.told(s)]
        for seat in self.table._to_act:  # (a decision shown and not yet timed starts now)
            run = self.run(seat)
            if run is not None:
                times.append(self._deadline(seat, run))
        return min(times, default=None)

    # -- 托管 ----------------------------------------------------------------------------

    def mark(self, seat: int, auto: bool, why: str, *, hidden: bool = False) -> None:
        """Put ``seat`` on 托管 (``auto``) or take it back, and tell every connection
        (``hidden``: a claim decision's timeout, told to the seat's own connections now and
        to the others once the table shows the seat play, :meth:`tell_due`; taken back
        before that, the others are never told). Its timed decision ends (a turn's time
        over its own charged); a seat timed out on its turn has spent its bank."""
        run = self._runs.get(seat)
        if run is not None:
            self._charge(seat, run)
        if why == TIMEOUT and not hidden:  # its turn ran out: so did its bank
            self.bank[seat] = 0.0
        was_hidden = self._untold.drop(seat)
        self.auto[seat] = auto
        self._why[seat] = why
        message = _auto_message(seat, auto, why)
        table = self.table
        if hidden:
            self._untold.hold(seat)
        for conn in table.connections:
            if conn.seat == seat:
                conn.add(message)
                conn.view_due = True  # (its view says whether it is on 托管, and its clock)
            elif not hidden and not (was_hidden and not auto):
                conn.add(message)
        table.save_clocks()

    def told(self, seat: int) -> bool:
        """Whether ``seat``'s 托管 mark is public."""
        return self.auto[seat] and seat not in self._untold

    def forget_pause(self) -> None:
        """Forget any pause (the table is being replayed: a vote it holds pauses again)."""
        self._paused = None

    @property
    def paused_at(self) -> float | None:
        """When the clocks stopped (the table's clock), or ``None``: they run."""
        return self._paused

    def paused_since(self, when: float | None) -> None:
        """If the clocks are paused, they have been since ``when`` (the table was replayed
        after a refused commit: the pause it had before stands)."""
        if self._paused is not None and when is not None:
            self._paused = when

    def notices(self, seat: int | None) -> list[dict[str, Any]]:
        """The marks a new connection of ``seat`` is sent after its ``hello``."""
        return [
            _auto_message(s, True, self._why[s])
            for s in range(4)
            if self.auto[s] and (s not in self._untold or s == seat)
        ]

    def tell_due(self) -> None:
        """Make public the marks of claim timeouts once the table has shown their seat
        play, or the hand end. Precondition: the claim windows' frontier was just moved."""
        for seat in self._untold.due():
            message = _auto_message(seat, True, TIMEOUT)
            for conn in self.table.connections:
                if conn.seat != seat:
                    conn.add(message)

    # -- sockets, pauses, the match's start -------------------------------------------------

    def sockets_changed(self) -> None:
        """A socket opened or closed: note when each person's seat lost its last one."""
        if self.spec is None:
            return
        seats, _ = self.table.fanout.sockets()
        # (while paused, a seat gone is gone from the pause: its grace runs after it)
        now = self._clock() if self._paused is None else self._paused
        for s in self._humans:
            if seats[s]:
                self._gone.pop(s, None)
            else:
                self._gone.setdefault(s, now)

    def begin(self) -> None:
        """The match begins (or a process takes the table): an absent seat's grace starts
        now."""
        self._gone.clear()
        self.sockets_changed()

    def pause(self) -> None:
        """Stop every clock (a dismiss vote opens); :meth:`unpause` starts them again."""
        if self._paused is None:
            self._paused = self._clock()

    def unpause(self) -> None:
        """Start the clocks again, each with the time it had when paused."""
        if self._paused is None:
            return
        gap = self._clock() - self._paused
        self._paused = None
        for run in self._runs.values():
            run.start += gap
        for s in self._gone:
            self._gone[s] += gap

    # -- stored ---------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """What is stored: each seat's bank (ms), marks (and which are not public yet) and
        the time used by each running decision (ms), read now."""
        now = self._clock() if self._paused is None else self._paused
        return {
            "bank_ms": [int(b * 1000) for b in self.bank],
            "auto": list(self.auto),
            "why": list(self._why),
            "untold": self._untold.snapshot(),
            "used": {
                **{str(s): [d, int(used * 1000)] for s, (d, used) in self._restored.items()},
                **{
                    str(s): [r.decision, int((now - r.start) * 1000)] for s, r in self._runs.items()
                },
            },
        }

    def restore(self, saved: dict[str, Any]) -> None:
        """Take back what :meth:`snapshot` stored (the table was just replayed): a decision
        still asked resumes with the time it had used; the time the table was not played
        is charged to no one. Raises ``ValueError`` (``TypeError``, ``KeyError``) for
        anything :meth:`snapshot` does not write, changing nothing."""
        bank = [max(0.0, int(b) / 1000) for b in saved["bank_ms"]]
        auto = [a is True for a in saved["auto"]]
        why = [str(w) for w in saved["why"]]
        used = {int(s): (int(v[0]), max(0, int(v[1])) / 1000) for s, v in saved["used"].items()}
        if len(bank) != 4 or len(auto) != 4 or len(why) != 4 or not set(used) <= {0, 1, 2, 3}:
            raise ValueError("stored clocks of other than four seats")
        self._untold.restore(saved["untold"])
        self.bank, self.auto, self._why, self._restored = bank, auto, why, used
        self._runs.clear()

    @property
    def running(self) -> bool:
        """Whether a clock runs (what a periodic save is for)."""
        return bool(self._runs) and self._paused is None


def _auto_message(seat: int, auto: bool, why: str) -> dict[str, Any]:
    return {"type": "auto", "seat": seat, "auto": auto, "why": why}
