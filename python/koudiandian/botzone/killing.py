"""Killing a Botzone bot: every process it started, however it tried to leave.

A bot's processes are those :class:`~koudiandian.botzone.usage.GroupUsage` finds (its
session's, their descendants) and the process groups they lead; :func:`kill_bot` kills
them while the bot's own process, exited or not, still holds its process id (a zombie is
not reaped before), then the strays that carry the bot's token; :func:`kill_holders` kills
the processes of the bot that still hold its pipes open. Only processes of the bot are
signalled: a process group is killed only when a process of the bot leads it, and a process
found by the pipes it holds only when it carries the bot's token (a process forked from the
runner's own holds the pipes too).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Iterable

from .usage import GroupUsage, holders

__all__ = ["kill_bot", "kill_holders"]

#: Times the bot's processes are found and killed at most (a process forking meanwhile).
_KILL_ROUNDS = 3


def kill_bot(proc: subprocess.Popen[bytes], usage: GroupUsage) -> None:
    """Kill the processes of the bot whose own process is ``proc`` (its session's leader,
    not yet reaped: its id, its group's, can then go to no other process) and reap
    ``proc``. Processes already gone are fine."""
    for _ in range(_KILL_ROUNDS):
        groups = usage.rescan()  # the tree whole, before anything is killed
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        for pid, group in groups.items():
            _kill(pid, group, groups)
        if not groups:
            break
    strays = usage.strays()  # escaped while no scan saw them
    for pid in strays:
        _kill(pid, _group_of(pid), strays)
    proc.wait()


def kill_holders(pipes: set[str], usage: GroupUsage) -> bool:
    """Kill the processes born since the bot started that hold a pipe of ``pipes``
    (``pipe:[N]``, as ``/proc/<pid>/fd`` names it) open and carry the bot's token. Whether
    any was found."""
    found = {p for p in holders(pipes, usage.candidates()) if usage.carries_token(p)}
    for pid in found:
        _kill(pid, _group_of(pid), found)
    return bool(found)


def _group_of(pid: int) -> int:
    """Process ``pid``'s group, or 0 when it is gone."""
    try:
        return os.getpgid(pid)
    except OSError:
        return 0


def _kill(pid: int, group: int, members: Iterable[int]) -> None:
    """Kill process ``pid`` of a bot, and its process group ``group`` when one of the bot's
    processes (``members``) leads it (never a group of the caller's)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if group in members and group != os.getpgrp():
            os.killpg(group, signal.SIGKILL)
        os.kill(pid, signal.SIGKILL)
