"""The Ray backend of :func:`koudiandian.simulate` (the ``[ray]`` extra): a run's hands cut
into chunks, each a Ray task that plays its chunk with :func:`play_chunk`, handed on in hand
order as they come, so that the summary and the log are those of a local run with the same
seed.
``docs/scale-out.md`` says how to run it on a cluster."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import socket
from collections import deque
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from .errors import BackendError, InvalidArgumentError
from .selfplay import Job, Part, UnitChunks, play_chunk

if TYPE_CHECKING:
    import logging

__all__ = ["run_on_ray", "check_address"]


def check_address(address: str, timeout: float = 5.0) -> None:
    """Raise :class:`BackendError` unless something listens at the Ray cluster ``address``
    (``host:port``, or ``ray://host:port`` for Ray Client), so that a wrong address fails
    at once instead of after Ray's own retries. ``"auto"`` and ``"local"`` are Ray's
    own words and are passed on unchecked."""
    if not isinstance(address, str) or not address:
        raise InvalidArgumentError(f"a Ray address is a 'host:port' string, got {address!r}")
    if address in ("auto", "local"):
        return
    target = address.removeprefix("ray://")
    host, sep, port_text = target.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")  # [::1]:6379
    if not sep or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise InvalidArgumentError(
            f"a Ray address is 'host:port' or 'ray://host:port', got {address!r}"
        )
    try:
        with socket.create_connection((host, int(port_text)), timeout=timeout):
            pass
    except OSError as e:
        raise BackendError(f"cannot reach a Ray cluster at {address!r}: {e}") from None


#: Where Ray's token authentication (Ray 2.52 and later) is set up; docs/scale-out.md.
_TOKEN_HELP = (
    "set RAY_AUTH_MODE=token and give the head's token (`ray get-auth-token` on the head "
    "prints it) in RAY_AUTH_TOKEN, in a file named by RAY_AUTH_TOKEN_PATH, or in "
    "~/.ray/auth_token; see docs/scale-out.md, 'Token authentication'"
)


def _auth_refusal(error: BaseException) -> str | None:
    """Why a Ray cluster refused this driver, if ``error`` (or what it was raised from) is
    Ray's token authentication failing: ``ray.exceptions.AuthenticationError``, raised as
    it is, or named in the text of the ``ConnectionError`` that ``ray.init`` raises after
    its retries (Ray keeps the failed attempt only as text). ``None`` for anything else."""
    texts: list[str] = []
    seen: BaseException | None = error
    while seen is not None and len(texts) < 10:
        texts.append(f"{type(seen).__name__}: {seen}")
        seen = seen.__cause__ or seen.__context__
    text = "\n".join(texts)
    if "AuthenticationError" not in text and "InvalidAuthToken" not in text:
        return None
    mode = os.environ.get("RAY_AUTH_MODE")
    if (mode or "").lower() != "token":
        shown = "not set" if mode is None else repr(mode)
        return (
            "the cluster uses token authentication, and this driver sends no token "
            f"(RAY_AUTH_MODE is {shown}, not 'token')"
        )
    if "no authentication token was found" in text:
        return (
            "the cluster uses token authentication, and this driver has no token (none in "
            "RAY_AUTH_TOKEN, RAY_AUTH_TOKEN_PATH or ~/.ray/auth_token)"
        )
    return (
        "the cluster uses token authentication and refused this driver's token: it is not "
        "the head's"
    )


#: The logger of Ray's token set-up (Ray 2.52 and later), and the start of the notice it
#: logs whenever it turns token authentication on by itself (``RAY_AUTH_MODE`` unset): for a
#: new local cluster that is every run, and nothing is wrong.
_RAY_AUTH_LOGGER = "ray._private.authentication.authentication_token_setup"
_AUTH_ON_NOTICE = "Token authentication is enabled for this Ray cluster"


def _drop_auth_on_notice(record: logging.LogRecord) -> bool:
    """False for Ray's notice that it turned token authentication on (:data:`_AUTH_ON_NOTICE`),
    True for every other record: the warning that a cluster runs *without* authentication,
    and every error, still pass."""
    return not record.getMessage().startswith(_AUTH_ON_NOTICE)


@contextlib.contextmanager
def _quiet_auth_notice() -> Generator[None, None, None]:
    """Leave out Ray's notice that it turned token authentication on while the block runs
    (``ray.init``); Ray still turns it on, as it does without this."""
    import logging  # here: Ray imports it anyway, a run without Ray need not

    logger = logging.getLogger(_RAY_AUTH_LOGGER)
    logger.addFilter(_drop_auth_on_notice)
    try:
        yield
    finally:
        logger.removeFilter(_drop_auth_on_notice)


def _init(ray: Any, address: str | None) -> None:
    """``ray.init`` at ``address`` (``None``: Ray's default, a new local cluster unless
    ``RAY_ADDRESS`` names one), without Ray's notice that it turned token authentication on
    (:func:`_quiet_auth_notice`). Raises :class:`BackendError` naming the cause when the
    cluster's token authentication refuses this driver; other errors pass unchanged."""
    try:
        with _quiet_auth_notice():
            ray.init(address=address, log_to_driver=False)
    except Exception as e:
        why = _auth_refusal(e)
        if why is None:
            raise
        where = "" if address is None else f" at {address!r}"
        raise BackendError(f"cannot join the Ray cluster{where}: {why}; {_TOKEN_HELP}") from None


def _ray() -> Any:
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise BackendError("backend='ray' needs Ray: pip install 'koudiandian[ray]'") from None
    return ray


def run_on_ray(
    job: Job,
    hands: int,
    address: str | None,
    connected: Callable[[int], None],
) -> Generator[tuple[int, Part], None, None]:
    """Play ``hands`` units of ``job`` as Ray tasks: each chunk's units and result, in hand
    order, as they come, with two tasks a CPU in flight at most (the chunks are cut as they
    are sent); ``connected(cpus)`` is first told the cluster's CPUs. Connects to
    ``address`` (checked first), or uses the cluster this process is connected to, or starts
    a local one for the run and stops it afterwards. Closed early (an interrupt, an error),
    it cancels the tasks still running. Raises :class:`BackendError` without Ray, with
    nothing at ``address``, or when the cluster's token authentication refuses this driver
    (naming why)."""
    if address is not None:
        check_address(address)
    ray = _ray()
    started_here = False
    if address is not None:
        if ray.is_initialized():
            raise InvalidArgumentError(
                "this process is already connected to a Ray cluster; pass address=None to "
                "use it, or ray.shutdown() first"
            )
        _init(ray, address)
        started_here = True
    elif not ray.is_initialized():
        _init(ray, None)
        started_here = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        connected(cpus)
        # Four chunks a CPU keep the cluster busy to the end; each is at least a few hands
        # (a task costs a few milliseconds) and at most 5,000 (the progress bar moves).
        cut = UnitChunks(job, hands, 4 * cpus, 5000)
        # Threads are per task: a task is one CPU of the cluster.
        task_job = dataclasses.replace(job, threads=1)
        remote = ray.remote(num_cpus=1)(play_chunk)
        job_ref = ray.put(task_job)
        pending: deque[tuple[int, Any]] = deque()

        def take() -> tuple[int, Part]:
            units, ref = pending.popleft()
            part: Part = ray.get(ref)
            cut.played(units, len(part[0]))
            return units, part

        try:
            for a, b in cut:
                pending.append((b - a, remote.remote(job_ref, a, b)))
                if len(pending) >= 2 * cpus:
                    yield take()
            while pending:
                yield take()
        finally:
            for _, ref in pending:  # left by an early end
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)
    finally:
        if started_here:
            ray.shutdown()
