"""A bot's child process and its limits: the program of an ``exec:`` bot (docs/bots.md,
*Errors and limits*), run with a clean environment, an address-space limit, no file
descriptors but its three pipes and a session of its own, and read line by line against a
deadline.

It knows no protocol: :class:`~koudiandian.execbot.ExecBot` writes the pipe protocol's
frames (:mod:`koudiandian.pipeprotocol`) through it and reads the answers.
"""

from __future__ import annotations

import os
import resource
import select
import subprocess
import tempfile
import time
from collections.abc import Callable
from typing import IO

__all__ = ["BotProcess", "KEPT_ENVIRONMENT", "MAX_ANSWER"]

#: The environment variables a bot process inherits (when set); nothing else of the
#: parent's environment reaches it.
KEPT_ENVIRONMENT = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR")

#: The longest answer line read, in bytes; a longer one is garbage.
MAX_ANSWER = 1 << 16

#: Bytes of a failed bot's standard error quoted in its error.
_STDERR_TAIL = 2000


def _clean_environment() -> dict[str, str]:
    """The parent's environment cut down to :data:`KEPT_ENVIRONMENT`."""
    return {k: os.environ[k] for k in KEPT_ENVIRONMENT if k in os.environ}


def _limiter(memory: int | None) -> Callable[[], None] | None:
    """What the child runs before the bot's program: its address-space limit."""
    if memory is None:
        return None

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return limit


class BotProcess:
    """A running bot: its process, its pipes, what it has written that is not read yet, and
    its standard error (a temporary file, quoted when it fails).

    ``argv``: the program and its arguments, a non-empty list of str (run as it is: no
    shell); ``memory``: its address space (``RLIMIT_AS``) in bytes, or ``None`` for no limit
    (a limit below what the program needs makes it fail, not this constructor). The
    process starts at once, with an environment holding only :data:`KEPT_ENVIRONMENT`, no
    file descriptors but its three pipes, and its own session (a Ctrl-C meant for the
    parent does not reach it). Raises :class:`OSError` if it cannot be started (no such
    program). The arguments are not checked: :class:`~koudiandian.execbot.ExecBot` checks
    them. One thread at a time may write, read or stop it (another may kill
    :attr:`popen`); :meth:`stop` must be called to reap it: nothing stops it when it is
    collected."""

    def __init__(self, argv: list[str], memory: int | None) -> None:
        self._stderr: IO[bytes] = tempfile.TemporaryFile()
        try:
            #: The child process (its exit status, or a kill from another thread).
            self.popen = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                env=_clean_environment(),
                close_fds=True,
                start_new_session=True,
                preexec_fn=_limiter(memory),
            )
        except BaseException:
            self._stderr.close()
            raise
        assert self.popen.stdin is not None and self.popen.stdout is not None
        self._write_fd = self.popen.stdin.fileno()
        self._read_fd = self.popen.stdout.fileno()
        self._pending = b""

    def write(self, data: bytes) -> None:
        """Send ``data`` whole (raises :class:`OSError` if the bot has closed its input)."""
        view = memoryview(data)
        while view:
            view = view[os.write(self._write_fd, view) :]

    def read_line(self, deadline: float) -> bytes | None:
        """The next line the bot writes, without its newline; ``None`` at end of file.
        Raises :class:`TimeoutError` at ``deadline`` (a :func:`time.monotonic` time) and
        :class:`ValueError` for a line longer than :data:`MAX_ANSWER`."""
        while True:
            end = self._pending.find(b"\n")
            if end >= 0:
                line, self._pending = self._pending[:end], self._pending[end + 1 :]
                return line
            if len(self._pending) > MAX_ANSWER:
                raise ValueError(f"an answer longer than {MAX_ANSWER} bytes")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read_fd], [], [], left)[0]:
                raise TimeoutError
            chunk = os.read(self._read_fd, 1 << 16)
            if not chunk:
                return None
            self._pending += chunk

    def stderr_tail(self) -> str:
        """The end of what the bot wrote on its standard error (empty once stopped)."""
        try:
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - _STDERR_TAIL))
            return self._stderr.read().decode("utf-8", "replace").strip()
        except (OSError, ValueError):
            return ""

    def stop(self, wait: float) -> int | None:
        """Close the bot's input, give it ``wait`` seconds to exit, then kill it; its exit
        status."""
        popen = self.popen
        for pipe in (popen.stdin, popen.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass
        try:
            popen.wait(wait)
        except subprocess.TimeoutExpired:
            popen.kill()
            popen.wait()
        self._stderr.close()
        return popen.returncode
