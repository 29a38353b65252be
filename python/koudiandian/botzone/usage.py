"""What a bot's process group uses, read from ``/proc`` (Linux): its members, their resident
memory and their CPU time, and whether the bot waits on its standard input.

A Botzone bot runs in a session of its own (:mod:`.process`), so its process group holds the
bot and everything it started that did not leave it. :class:`GroupUsage` keeps the group's
members (found by scanning ``/proc`` for processes of that group, a scan done only now and
then: see :meth:`GroupUsage.rescan`) and sums what they use:

- **resident memory**: ``/proc/<pid>/statm``'s resident pages (what ``VmRSS`` of
  ``/proc/<pid>/status`` counts), summed over the members;
- **CPU time**: ``utime + stime + cutime + cstime`` of ``/proc/<pid>/stat`` in clock ticks
  (so a child the bot waited for still counts), summed over the members.

Outside Linux (no ``/proc``) every figure reads 0: no MLE is given and CPU used between turns
is not charged.
"""

from __future__ import annotations

import os

__all__ = ["GroupUsage", "waits_on_stdin"]

#: Bytes of a memory page, clock ticks per second (``/proc``'s units).
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
#: The ``read`` system call's number where ``/proc/<pid>/syscall`` can be read by number.
_READ_SYSCALL = {"x86_64": "0", "aarch64": "63"}.get(
    os.uname().machine if hasattr(os, "uname") else ""
)


def _stat_after_name(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the program's name (field 3, the state, is
    index 0), or ``None`` when the process is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            text = f.read()
    except OSError:
        return None
    return text[text.rfind(b")") + 2 :].decode("ascii", "replace").split()


class GroupUsage:
    """The process group ``pgid``'s members and what they use (see the module's doc). The
    group's leader ``pgid`` is always a member."""

    def __init__(self, pgid: int) -> None:
        self.pgid = pgid
        self.members: set[int] = {pgid}

    def rescan(self) -> None:
        """Find the group's members again by reading every process's ``stat`` (about a
        millisecond for a hundred processes: done every few dozen milliseconds of a turn,
        not at every sample)."""
        found = {self.pgid}
        try:
            names = os.listdir("/proc")
        except OSError:
            return
        for name in names:
            if name.isdigit():
                fields = _stat_after_name(int(name))
                if fields is not None and len(fields) > 2 and fields[2] == str(self.pgid):
                    found.add(int(name))
        self.members = found

    def resident_bytes(self) -> int:
        """The members' resident memory, summed (a member gone counts 0 and is dropped)."""
        total = 0
        for pid in list(self.members):
            try:
                with open(f"/proc/{pid}/statm", "rb") as f:
                    total += int(f.read().split()[1]) * _PAGE
            except (OSError, IndexError, ValueError):
                if pid != self.pgid:
                    self.members.discard(pid)
        return total

    def cpu_seconds(self) -> float:
        """The members' CPU time so far (user and system, theirs and their waited-for
        children's), summed, in seconds."""
        ticks = 0
        for pid in list(self.members):
            fields = _stat_after_name(pid)
            if fields is None or len(fields) < 15:
                if pid != self.pgid:
                    self.members.discard(pid)
                continue
            ticks += sum(int(fields[i]) for i in (11, 12, 13, 14))
        return ticks / _TICKS


def waits_on_stdin(pid: int) -> bool:
    """Whether process ``pid``'s main thread is blocked reading its standard input: the
    ``read`` system call on descriptor 0 (``/proc/<pid>/syscall``), or, where the system
    call cannot be read by number, a wait in a pipe's read (``/proc/<pid>/wchan``). False
    when neither can be read."""
    if _READ_SYSCALL is not None:
        try:
            with open(f"/proc/{pid}/syscall", "rb") as f:
                words = f.read().split()
        except OSError:
            words = []
        if len(words) > 1:
            return words[0].decode() == _READ_SYSCALL and int(words[1], 16) == 0
    try:
        with open(f"/proc/{pid}/wchan", "rb") as f:
            return b"pipe_read" in f.read()
    except OSError:
        return False
