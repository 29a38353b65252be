"""What a bot's processes use, read from ``/proc`` (Linux): which they are, their resident
memory and their CPU time, and whether the bot waits on its standard input.

A Botzone bot runs in a session of its own (:mod:`.process`), its own process leading it.
:class:`GroupUsage` keeps the bot's processes (its *members*): every process of that
session (whatever process group it moved to), every descendant of a member (one that left
the session with ``setsid`` included, found while its parent lives), and every member found
before that still runs. They are found by reading ``/proc/<pid>/stat`` (:meth:`GroupUsage.rescan`,
done now and then: a young bot's scan reads only the processes born since it started) and
their use is summed:

- **resident memory**: ``/proc/<pid>/statm``'s resident pages (what ``VmRSS`` of
  ``/proc/<pid>/status`` counts), summed over the members; where that passes a limit and
  there are several members, their proportional memory (``Pss``), which counts a page
  they share once;
- **CPU time**: ``utime + stime + cutime + cstime`` of ``/proc/<pid>/stat`` in clock ticks
  (so a child the bot waited for still counts), summed over the members.

:func:`holders` finds the processes that hold a pipe open (a bot's output kept open by a
process that escaped it). Outside Linux (no ``/proc``) every figure reads 0: no MLE is
given and CPU used between turns is not charged.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable

__all__ = ["GroupUsage", "holders", "waits_on_stdin"]

#: Bytes of a memory page, clock ticks per second (``/proc``'s units).
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
#: The ``read`` system call's number where ``/proc/<pid>/syscall`` can be read by number.
_MACHINE = os.uname().machine if hasattr(os, "uname") else ""
_READ_SYSCALL = {"x86_64": "0", "aarch64": "63"}.get(_MACHINE)
#: The ``epoll_wait`` family's numbers (``epoll_wait``, ``epoll_pwait``, ``epoll_pwait2``).
_EPOLL_WAITS = {"x86_64": ("232", "281", "441"), "aarch64": ("22", "441")}.get(_MACHINE, ())
#: Seconds during which a bot is young: too young for the process ids to have come round
#: since it started, so that a scan may skip every process id allocated before its own.
_YOUNG_SECONDS = 2.0


def _read_int(path: str) -> int | None:
    """The number a ``/proc`` file holds, or ``None``."""
    try:
        with open(path, "rb") as f:
            return int(f.read())
    except (OSError, ValueError):
        return None


_PID_MAX = _read_int("/proc/sys/kernel/pid_max")


def _stat_after_name(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the program's name (field 3, the state, is
    index 0), or ``None`` when the process is gone."""
    return _stat_after_name_at(f"/proc/{pid}/stat")


def _stat_after_name_at(path: str) -> list[str] | None:
    """The fields of a ``stat`` file at ``path`` (a process's or a thread's) after the
    program's name, or ``None`` when it is gone."""
    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError:
        return None
    return text[text.rfind(b")") + 2 :].decode("ascii", "replace").split()


def _born_since(first: int) -> Iterable[int] | None:
    """The live processes whose ids were allocated after ``first`` (ids are allocated in
    turn, coming round at ``pid_max``), or ``None`` when that cannot be told."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    last = _read_int("/proc/sys/kernel/ns_last_pid")  # read after the list: covers it
    if last is None or _PID_MAX is None:
        return None
    span = (last - first) % _PID_MAX
    return [int(n) for n in names if n.isdigit() and 0 < (int(n) - first) % _PID_MAX <= span]


def _all_processes() -> list[int]:
    """Every live process's id."""
    try:
        return [int(n) for n in os.listdir("/proc") if n.isdigit()]
    except OSError:
        return []


class GroupUsage:
    """The processes of the bot led by ``pgid`` and what they use (see the module's doc).
    ``pgid`` (the bot's own process, its session's and group's id) is always a member.
    ``token``: the ``NAME=VALUE`` of the environment the bot was started with that no other
    bot's holds (:meth:`strays`)."""

    def __init__(self, pgid: int, token: str | None = None) -> None:
        self.pgid = pgid
        self._token = None if token is None else token.encode() + b"\0"
        self.members: set[int] = {pgid}
        #: A member's start time (``/proc/<pid>/stat`` field 22): the same process still.
        self._starts: dict[int, str] = {}
        self._started = time.monotonic()
        #: The processes the last scan read.
        self._scanned: list[int] | None = None

    def candidates(self) -> Iterable[int]:
        """The processes that may belong to the bot: those born since it started while it
        is young, else every process."""
        if time.monotonic() - self._started < _YOUNG_SECONDS:
            born = _born_since(self.pgid)
            if born is not None:
                return born
        return _all_processes()

    def rescan(self) -> dict[int, int]:
        """Find the bot's processes again (about a millisecond for a hundred processes read;
        done every few dozen milliseconds of a turn and when the bot is killed, not at every
        sample). Returns each member's process group (its leader left out), the groups a
        kill must reach."""
        table: dict[int, tuple[int, int, int, str, str]] = {}
        self._scanned = list(self.candidates())
        for pid in self._scanned:
            fields = _stat_after_name(pid)
            if fields is not None and len(fields) > 19:
                # parent, group, session, start time, state
                row = (int(fields[1]), int(fields[2]), int(fields[3]), fields[19], fields[0])
                table[pid] = row
        found = {self.pgid}
        found.update(p for p, row in table.items() if row[2] == self.pgid)
        found.update(p for p, start in self._starts.items() if p in table and table[p][3] == start)
        children: dict[int, list[int]] = {}
        for pid, row in table.items():
            children.setdefault(row[0], []).append(pid)
        stack = list(found)
        while stack:
            for child in children.get(stack.pop(), ()):
                if child not in found:
                    found.add(child)
                    stack.append(child)
        self._starts = {p: table[p][3] for p in found if p in table}
        self.members = found
        return {
            p: table[p][1] for p in found if p in table and p != self.pgid and table[p][4] != "Z"
        }

    def strays(self) -> set[int]:
        """The processes the last scan read (born since the bot started, or every process
        once it is not young) that are not members but carry the bot's token
        (:meth:`carries_token`): a daemon that left the bot's session and its parents
        before a scan saw it."""
        scanned = self._scanned if self._scanned is not None else self.candidates()
        return {p for p in scanned if p not in self.members and self.carries_token(p)}

    def carries_token(self, pid: int) -> bool:
        """Whether process ``pid``'s environment (``/proc/<pid>/environ``, as it was when it
        started its program) holds the bot's token: it descends from the bot (a process
        forked from the runner's own, which holds the bot's pipes too, does not)."""
        if self._token is None:
            return False
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                environ = f.read()
        except OSError:
            return False
        return environ.startswith(self._token) or b"\0" + self._token in environ

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

    def proportional_bytes(self) -> int:
        """The members' proportional memory (``Pss`` of ``/proc/<pid>/smaps_rollup``: each
        page a share of its size among the processes that map it), summed: the memory they
        hold together, a page a fork shares counted once. Costs a walk of each member's
        memory (a millisecond for a few hundred megabytes). Where ``smaps_rollup`` cannot be
        read, a member's resident memory."""
        total = 0
        for pid in list(self.members):
            try:
                with open(f"/proc/{pid}/smaps_rollup", "rb") as f:
                    for line in f:
                        if line.startswith(b"Pss:"):
                            total += int(line.split()[1]) * 1024
                            break
                continue
            except (OSError, IndexError, ValueError):
                pass
            try:
                with open(f"/proc/{pid}/statm", "rb") as f:
                    total += int(f.read().split()[1]) * _PAGE
            except (OSError, IndexError, ValueError):
                continue
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


def holders(inodes: set[str], candidates: Iterable[int]) -> set[int]:
    """The processes among ``candidates`` that hold open a pipe whose ``/proc`` name
    (``pipe:[N]``) is in ``inodes``."""
    found = set()
    for pid in candidates:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                    found.add(pid)
                    break
            except OSError:
                continue
    return found


def _syscall(path: str) -> list[str] | None:
    """The system call a thread is blocked in (``/proc/.../syscall``: its number, then its
    arguments in hexadecimal), or ``None`` when that cannot be read."""
    try:
        with open(path, "rb") as f:
            words = f.read().decode("ascii", "replace").split()
    except OSError:
        return None
    return words if len(words) > 1 else None


def _epoll_watches(pid: int, epoll_fd: int, inode: int) -> bool:
    """Whether the epoll instance ``epoll_fd`` of process ``pid`` watches the file whose
    inode is ``inode`` (``/proc/<pid>/fdinfo/<fd>``'s ``tfd: … ino:<hex>`` lines)."""
    try:
        with open(f"/proc/{pid}/fdinfo/{epoll_fd}", "rb") as f:
            lines = f.read().decode("ascii", "replace").splitlines()
    except OSError:
        return False
    for line in lines:
        if line.startswith("tfd:"):
            for word in line.split():
                if word.startswith("ino:") and int(word[4:], 16) == inode:
                    return True
    return False


def _idle_thread_waits(pid: int, inode: int) -> bool:
    """Whether no thread of process ``pid`` runs (none runnable, ``R``, or in an
    uninterruptible wait, ``D``) and one of them waits for its standard input: blocked in
    ``read`` on descriptor 0 (a JVM's main thread, not the process's first), or in an
    ``epoll`` wait watching the input's pipe (Node.js, asyncio, Go)."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return False
    waiting = False
    for tid in tasks:
        fields = _stat_after_name_at(f"/proc/{pid}/task/{tid}/stat")
        if fields is None or fields[0] in ("R", "D"):
            return False
        words = _syscall(f"/proc/{pid}/task/{tid}/syscall")
        if words is None:
            continue
        if words[0] == _READ_SYSCALL and int(words[1], 16) == 0:
            waiting = True
        elif words[0] in _EPOLL_WAITS and _epoll_watches(pid, int(words[1], 16), inode):
            waiting = True
    return waiting


def waits_on_stdin(pid: int, inode: int | None = None) -> bool:
    """Whether process ``pid`` is blocked waiting for its standard input: its main thread
    in the ``read`` system call on descriptor 0 (``/proc/<pid>/syscall``), or, given the
    ``inode`` of the input's pipe, no thread of it running and one waiting for that pipe
    (:func:`_idle_thread_waits`). Where the system call cannot be read by number, a wait
    of the main thread in a pipe's read (``/proc/<pid>/wchan``). False when none of these
    can be read."""
    if _READ_SYSCALL is not None:
        words = _syscall(f"/proc/{pid}/syscall")
        if words is not None:
            if words[0] == _READ_SYSCALL and int(words[1], 16) == 0:
                return True
            return inode is not None and _idle_thread_waits(pid, inode)
    try:
        with open(f"/proc/{pid}/wchan", "rb") as f:
            return b"pipe_read" in f.read()
    except OSError:
        return False
