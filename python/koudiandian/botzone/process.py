"""A Botzone bot's process: started in a session of its own, given a turn's input, watched
until the turn ends, and killed with every process it started.

:meth:`BotProcess.exchange` writes one turn's input and waits for the first of:

- the line ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` (:data:`KEEP_RUNNING`) in what the bot
  printed: the turn's output is what came before it, and the bot keeps running (``"keep"``);
  the marker at the start of the output's last line without the line's end counts once
  the bot waits for its next request (a ``print(marker, end="")``);
- the bot's own process exits (``"exit"``; its processes are killed and what it printed
  is read to the end: a process that escaped them and holds the output open is found by
  the pipe it holds and killed);
- the time limit, in wall-clock seconds from the moment the input is written (``"TLE"``);
- the resident memory of the bot's processes (:class:`~koudiandian.botzone.usage.GroupUsage`;
  when there are several, the pages they share counted once) over the limit, sampled every
  :data:`SAMPLE_SECONDS` once the turn has lasted that long (``"MLE"``);
- more output than the limit before the marker line (``"OLE"``).

No thread runs for a bot: its pipes are non-blocking, and a turn waits (``poll``) for its
output, for room in its input pipe (the input is written as the bot reads it: a bot that
does not read never holds the runner up) and for its exit (a pidfd). Output a bot that
keeps running prints between turns is dropped when its next turn begins; more than its
pipe holds (64 KiB) waits in the bot, and what comes after the turn began is the turn's.

The bot's standard input stays open after the input, so that a bot that keeps running can
read its next request. A bot that reads its input to the end (``json.load(sys.stdin)``,
jsoncpp's ``cin >> value``, a simple bot reading ``globaldata`` to the end) would wait for
ever: when the bot has read every byte given, printed nothing yet, and its main thread (or
that of one of its processes) is blocked reading its standard input
(:func:`~koudiandian.botzone.usage.waits_on_stdin`), its standard input is closed, as the
platform ends the input of a bot that does not keep running.
"""

from __future__ import annotations

import array
import contextlib
import fcntl
import itertools
import os
import select
import subprocess
import termios
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import BotError
from . import botmain
from .killing import kill_bot, kill_holders
from .usage import GroupUsage, waits_on_stdin

__all__ = ["BotProcess", "Exchange", "KEEP_RUNNING", "SAMPLE_SECONDS"]

#: The line a bot ends a turn's output with to keep running, as bytes (written once, in
#: :mod:`.botmain`, the bot program that prints it and imports nothing of the package).
KEEP_RUNNING = botmain.KEEP_RUNNING.encode()
#: Seconds between two samples of the bot's memory during a turn.
SAMPLE_SECONDS = 0.005
#: Seconds between two scans for the bot's processes during a turn.
_RESCAN_SECONDS = 0.05
#: Seconds between two looks at whether the bot waits for the end of its input (the first
#: :data:`_EOF_FAST` seconds of a turn), then the memory's sample interval.
_EOF_POLL = 0.0005
_EOF_FAST = 0.05
#: Seconds to wait for the rest of the output once the bot's processes are killed, before
#: and after its holders are looked for.
_HOLDER_WAIT = 0.05
_DRAIN_WAIT = 0.5
#: Bytes read from the bot's output at once, and chunks read at most before the turn's loop
#: looks at the rest (a bot printing without end is OLE after the limit anyway).
_CHUNK = 65536
_CHUNKS = 64
#: Environment variables a bot inherits; nothing else of the parent's reaches it.
_KEPT_ENVIRONMENT = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR")
#: The variable whose value names a bot's processes (:data:`TOKEN`), set in its environment.
TOKEN = "KOUDIANDIAN_BOT"
#: Bots started so far by this process (each bot's token is unique).
_started = itertools.count()


@dataclass(frozen=True, slots=True)
class Exchange:
    """How a turn ended: ``end`` one of ``"keep"`` (the marker line), ``"exit"``, ``"TLE"``,
    ``"MLE"``, ``"OLE"``; ``output`` what the bot printed (before the marker line, at most
    the output limit); ``returncode`` the bot's exit status after ``"exit"`` (negative: the
    signal that killed it), else ``None``."""

    end: str
    output: bytes
    returncode: int | None = None


def _marker_at(buf: bytearray, start: int) -> int:
    """Where the marker line begins in ``buf`` (searching from ``start``), or -1. The line is
    the marker alone, ended by ``\\n`` or ``\\r\\n``."""
    while True:
        at = buf.find(KEEP_RUNNING, start)
        if at < 0:
            return -1
        after = at + len(KEEP_RUNNING)
        line_start = at == 0 or buf[at - 1 : at] == b"\n"
        if line_start and (buf[after : after + 1] == b"\n" or buf[after : after + 2] == b"\r\n"):
            return at
        if line_start and after >= len(buf) - 1:
            return -1  # the line's end may still come
        start = at + 1


def _unended_marker(buf: bytearray) -> int:
    """Where the marker begins when it ends ``buf`` at a line's start, its line not ended
    (nothing after it, or a lone ``\r``), or -1."""
    for end in (len(buf), len(buf) - 1):
        at = end - len(KEEP_RUNNING)
        if at >= 0 and buf[at:end] == KEEP_RUNNING and bytes(buf[end:]) in (b"", b"\r"):
            if at == 0 or buf[at - 1] == ord("\n"):
                return at
    return -1


def _unread(fd: int) -> int:
    """Bytes waiting in the pipe ``fd`` belongs to."""
    count = array.array("i", [0])
    try:
        fcntl.ioctl(fd, termios.FIONREAD, count)
    except OSError:
        return 0
    return count[0]


class BotProcess:
    """One started bot (see the module's doc): ``argv`` run in ``cwd`` (``None``: the
    caller's), in a new session, its standard error dropped. ``name`` names the bot in
    errors; ``output_bytes``: the output limit of its first turn (what it prints before
    its first input is written belongs to that turn). Raises
    :class:`~koudiandian.errors.BotError` when the program cannot start.

    Not thread-safe: one thread at a time gives it turns and closes it (no thread of its
    own: its pipes are non-blocking and a turn polls them)."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        cwd: str | None = None,
        name: str = "bot",
        output_bytes: int = 1 << 20,
    ) -> None:
        environment = {k: os.environ[k] for k in _KEPT_ENVIRONMENT if k in os.environ}
        token = f"{os.getpid()}.{next(_started)}"
        try:
            self.proc = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=cwd,
                env=environment | {TOKEN: token},
                start_new_session=True,
                close_fds=True,
            )
        except OSError as e:
            raise BotError(f"cannot start bot {name!r}: {e}", bot=name) from e
        self.name = name
        self.usage = GroupUsage(self.proc.pid, f"{TOKEN}={token}")
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._stdin = self.proc.stdin.fileno()
        self._stdout = self.proc.stdout.fileno()
        self._stdin_inode = os.fstat(self._stdin).st_ino
        self._pipes = {f"pipe:[{os.fstat(fd).st_ino}]" for fd in (self._stdin, self._stdout)}
        os.set_blocking(self._stdin, False)
        os.set_blocking(self._stdout, False)
        self._input_open = True
        #: Input written to the bot's process that its pipe has not taken yet.
        self._pending = bytearray()
        self._turns = 0
        #: What the bot printed this turn (at most :attr:`_cap` bytes; a byte more read
        #: marks the overflow), and whether its output has ended.
        self._buf = bytearray()
        self._cap = output_bytes + len(KEEP_RUNNING) + 2
        self._overflow = False
        self._eof = False
        #: The turn's wait: for output, for room in the input pipe while input is pending
        #: (``_writing``), and for the exit of the bot's own process, through a descriptor
        #: that turns readable then (Linux 5.3's pidfd; ``None`` without one).
        self._poll = select.poll()
        self._poll.register(self._stdout, select.POLLIN)
        self._writing = False
        self._exit_fd: int | None = None
        with contextlib.suppress(AttributeError, OSError):
            self._exit_fd = os.pidfd_open(self.proc.pid)
            self._poll.register(self._exit_fd, select.POLLIN)

    @property
    def pid(self) -> int:
        """The bot's own process (its group's leader)."""
        return self.proc.pid

    @property
    def input_open(self) -> bool:
        """Whether the bot's standard input is still open (a bot given the end of its input
        can be given no later request)."""
        return self._input_open

    def running(self) -> bool:
        """Whether the bot's own process has not exited."""
        return self._exit_status() is None

    def _exit_status(self) -> int | None:
        """The bot's exit status (negative: the signal that killed it), or ``None`` while it
        runs. An exited bot is left a zombie until :meth:`kill` has killed its group: its
        process id, which is its group's, is not given to another process meanwhile."""
        if self.proc.returncode is not None:
            return self.proc.returncode
        try:
            info = os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return self.proc.poll()
        if info is None:
            return None
        return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status

    def _read_output(self) -> None:
        """Take what the bot has printed (:data:`_CHUNKS` chunks at most), keeping at most
        the turn's limit and a byte more (the overflow), dropping the rest; note its end."""
        for _ in range(_CHUNKS):
            if self._eof:
                return
            try:
                chunk = os.read(self._stdout, _CHUNK)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._eof = True
                self._poll.unregister(self._stdout)
                return
            room = self._cap - len(self._buf)
            if len(chunk) > room:
                self._overflow = True
                chunk = chunk[: max(room, 0)]
            self._buf += chunk

    def _flush(self) -> None:
        """Give the bot as much of its pending input as its pipe takes now (the pipe is
        non-blocking: a bot that does not read never holds the runner up); a bot that
        closed its input is not an error here (its output tells)."""
        if self._pending and self._input_open:
            try:
                del self._pending[: os.write(self._stdin, self._pending)]
            except BlockingIOError:
                pass
            except OSError:
                self._pending.clear()
        if not self._input_open:
            self._pending.clear()
        writing = bool(self._pending)
        if writing != self._writing:
            if writing:
                self._poll.register(self._stdin, select.POLLOUT)
            else:
                self._poll.unregister(self._stdin)
            self._writing = writing

    def close_input(self) -> None:
        """End the bot's input (it reads end of file)."""
        if self._input_open:
            self._input_open = False
            self._flush()  # nothing pending now: the descriptor leaves the poll
            with contextlib.suppress(OSError):
                assert self.proc.stdin is not None
                self.proc.stdin.close()

    def exchange(
        self, text: bytes, *, seconds: float, memory_bytes: int, output_bytes: int
    ) -> Exchange:
        """One turn: write ``text`` and wait for its end (see the module's doc). ``seconds``
        may be 0 or less (time already used up: TLE at once)."""
        # the marker line may follow the largest output allowed; what a new process printed
        # before its input belongs to its first turn, what a kept one printed between turns
        # is dropped
        if self._turns:
            self._read_output()
            self._buf.clear()
            self._overflow = False
        self._cap = output_bytes + len(KEEP_RUNNING) + 2
        start = time.monotonic()
        deadline = start + seconds
        if seconds <= 0:
            return Exchange("TLE", b"")
        self._turns += 1
        # only a new process may be waiting for the end of its input (one that kept running
        # has shown it reads its input line by line)
        look_for_eof = self._turns == 1 and self._input_open
        self._pending += text
        next_sample = start + SAMPLE_SECONDS
        next_rescan = start + SAMPLE_SECONDS
        next_shared_look = start
        next_eof_look = start + _EOF_POLL
        scanned = 0
        while True:
            self._flush()
            self._read_output()
            at = _marker_at(self._buf, max(scanned - len(KEEP_RUNNING) - 2, 0))
            if at >= 0:
                return self._kept(at, output_bytes)
            scanned = len(self._buf)
            if self._overflow:
                return Exchange("OLE", bytes(self._buf[:output_bytes]))
            unended = _unended_marker(self._buf) if scanned else -1
            now = time.monotonic()
            wake = min(deadline, next_sample, next_eof_look if look_for_eof else deadline)
            if unended >= 0:
                wake = min(wake, now + _EOF_POLL)
            if self._eof and self._exit_fd is None:
                wake = min(wake, now + 0.001)  # output closed: the exit is near
            if wake > now:
                self._poll.poll((wake - now) * 1000)
            code = self._exit_status()
            if code is not None:
                return self._exited(code, output_bytes)
            now = time.monotonic()
            if now >= deadline:
                return Exchange("TLE", bytes(self._buf[:output_bytes]))
            if now >= next_sample:
                if now >= next_rescan:
                    self.usage.rescan()
                    next_rescan = now + _RESCAN_SECONDS
                if self.usage.resident_bytes() > memory_bytes:
                    # pages processes share (a fork's) counted once: looked at now and
                    # then, as it costs a walk of their memory
                    if len(self.usage.members) < 2:
                        return Exchange("MLE", bytes(self._buf[:output_bytes]))
                    if now >= next_shared_look:
                        if self.usage.proportional_bytes() > memory_bytes:
                            return Exchange("MLE", bytes(self._buf[:output_bytes]))
                        next_shared_look = now + _RESCAN_SECONDS
                next_sample = now + SAMPLE_SECONDS
            if unended >= 0 and self._waits_for_input():
                # the marker without its line's end, the bot waiting for its next request
                # and nothing more printed: its line
                self._read_output()
                if _unended_marker(self._buf) == unended:
                    return self._kept(unended, output_bytes)
            if look_for_eof and now >= next_eof_look:
                if not scanned and self._waits_for_end_of_input():
                    self.close_input()
                    look_for_eof = False
                fast = now - start < _EOF_FAST
                next_eof_look = now + (_EOF_POLL if fast else SAMPLE_SECONDS)

    def _kept(self, at: int, limit: int) -> Exchange:
        """The turn's end at the marker, which begins at ``at`` of the output."""
        out = bytes(self._buf[:at])
        self._buf.clear()
        return Exchange("OLE" if len(out) > limit else "keep", out)

    def _waits_for_input(self) -> bool:
        """Whether the bot has read all it was given and waits on its standard input (its own
        process, or one of its processes found so far: a shell script's program)."""
        if self._pending or _unread(self._stdin):
            return False
        inode = self._stdin_inode
        return any(waits_on_stdin(pid, inode) for pid in sorted(self.usage.members))

    def _waits_for_end_of_input(self) -> bool:
        """Whether the bot waits for more input (:meth:`_waits_for_input`) with nothing
        printed (the output looked at after the wait, so an answer printed just before the
        bot waits for its next request is never missed)."""
        return self._waits_for_input() and not self._buf and not _unread(self._stdout)

    def _exited(self, code: int, limit: int) -> Exchange:
        """The turn's end when the bot's own process exited: kill what it left, read the
        rest of its output."""
        self.kill()
        self._drain()
        out = bytes(self._buf)
        at = _marker_at(bytearray(out), 0)
        if at >= 0:
            out = out[:at]
        elif self._overflow or len(out) > limit:
            return Exchange("OLE", out[:limit])
        if len(out) > limit:
            return Exchange("OLE", out[:limit])
        return Exchange("exit", out, code)

    def _drain(self) -> bool:
        """Read the bot's output to its end once its processes are killed; a process of the
        bot that escaped them and holds its pipes open is killed
        (:func:`~koudiandian.botzone.killing.kill_holders`). Whether the end came."""
        for wait in (_HOLDER_WAIT, _DRAIN_WAIT):
            deadline = time.monotonic() + wait
            while True:
                self._read_output()
                left = deadline - time.monotonic()
                if self._eof or left <= 0:
                    break
                self._poll.poll(left * 1000)
            if self._eof:
                return True
            kill_holders(self._pipes, self.usage)
        return self._eof

    def kill(self) -> None:
        """Kill the bot's processes (:func:`~koudiandian.botzone.killing.kill_bot`: its
        session's, their descendants, the process groups they lead, the processes born
        since the bot started that carry its token) and reap the bot's own process;
        processes already gone are fine."""
        if self.proc.returncode is None:
            kill_bot(self.proc, self.usage)
        if self._exit_fd is not None:  # reaped: of no more use
            self._poll.unregister(self._exit_fd)
            os.close(self._exit_fd)
            self._exit_fd = None
        self.close_input()

    def close(self) -> None:
        """Kill the bot (:meth:`kill`), read what is left of its output and close its
        pipes (a process still holding the output gets the end of its pipe)."""
        self.kill()
        self._drain()
        if not self._eof:
            self._poll.unregister(self._stdout)
            self._eof = True
        assert self.proc.stdout is not None
        self.proc.stdout.close()
