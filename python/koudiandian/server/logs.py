"""The server's logging: no query string (where a seat token may travel) in any log line.

uvicorn logs every socket as ``WebSocket /tables/<id>/ws?token=... [accepted]`` (on
``uvicorn.error``, at ``info``) and every request's path with its query on
``uvicorn.access``. :class:`RedactQuery` rewrites each record's message and arguments
before any formatter reads them (uvicorn's access formatter builds its request line from
the arguments), and :func:`log_config` installs it on every handler of uvicorn's own
logging configuration.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

__all__ = ["RedactQuery", "redact", "log_config", "REDACTED"]

#: What a query string is replaced by in a log line.
REDACTED = "?[query redacted]"
_QUERY = re.compile(r"\?[^\s\"'#]+")


def redact(text: str) -> str:
    """``text`` with every query string (``?`` and what follows up to a space or a quote)
    replaced by :data:`REDACTED`."""
    return _QUERY.sub(REDACTED, text) if "?" in text else text


class RedactQuery(logging.Filter):
    """A filter that removes query strings from a record's message and arguments (it
    keeps every record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact ``record`` in place; always ``True``."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's default logging configuration with :class:`RedactQuery` on every handler,
    and the server's own logger (``koudiandian``) on uvicorn's default handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"redact_query": {"()": RedactQuery}}
    for handler in config["handlers"].values():
        handler["filters"] = ["redact_query"]
    config["loggers"]["koudiandian"] = {
        "handlers": ["default"],
        "level": "INFO",
        "propagate": False,
    }
    return config
