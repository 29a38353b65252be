"""SQL run on a server test's database, SQLite or PostgreSQL alike: to read or alter rows
behind the store's back (a corrupt table, an old one). Statements use ``?`` parameters;
on PostgreSQL they become psycopg's ``%s`` (a statement without parameters is sent as is)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from koudiandian.server.store import is_postgres_url

__all__ = ["sql"]


def sql(db: str, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """Run ``statement`` on ``db`` (a SQLite path or a PostgreSQL URL), committed; its rows."""
    if is_postgres_url(db):
        import psycopg

        with psycopg.connect(db, autocommit=True) as pg:
            if params:
                cur = pg.execute(statement.replace("?", "%s"), params)  # type: ignore[arg-type]
            else:  # no parameters: a ``%`` is SQL's own (modulo), not psycopg's
                cur = pg.execute(statement)  # type: ignore[arg-type]
            return cur.fetchall() if cur.description is not None else []
    con = sqlite3.connect(db)
    try:
        with con:
            return con.execute(statement, params).fetchall()
    finally:
        con.close()
