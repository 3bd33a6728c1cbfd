"""Ping a pooled database connection before use only when it sat idle, not before every use.

SQLAlchemy's `pool_pre_ping` costs a round trip on every checkout (two or three per graded
submission). A connection used a moment ago is as good as a ping; one idle for longer than
`IDLE_SECONDS` (the database may have restarted meanwhile) is pinged, and replaced if dead.
A connection that dies while in use fails its statement as it would anyway, and SQLAlchemy
then discards every connection the pool held before it.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.exc import DisconnectionError

IDLE_SECONDS = 1.0
_SINCE = "autograder_idle_since"


def ping_when_idle(engine: Engine) -> None:
    dialect = engine.dialect

    @event.listens_for(engine, "checkin")
    def _checked_in(_dbapi_connection: Any, record: Any) -> None:
        record.info[_SINCE] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.pop(_SINCE, None)
        if since is None or time.monotonic() - since < IDLE_SECONDS:
            return  # new, or used a moment ago
        try:
            dialect.do_ping(dbapi_connection)
        except Exception as error:  # the pool replaces the connection and tries again
            raise DisconnectionError(f"idle connection is gone: {type(error).__name__}") from error
