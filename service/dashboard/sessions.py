"""Dashboard sessions kept on the server, so that logging out ends them.

The signed cookie alone stayed valid for its whole lifetime (12 h) after a log-out: anyone who
had copied it could go on using it. The cookie now carries a random token; the server keeps only
the token's SHA-256 and its expiry, and a log-out deletes that row.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete
from sqlalchemy.orm import Session

from service.dashboard.tables import DashboardSession
from service.storage.tables import now

LIFETIME_SECONDS = 12 * 3600


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def open_session(session: Session, instructor_id: int, lifetime_seconds: int) -> str:
    """A new session of the instructor; the token for the cookie (the server never stores it)."""
    token = secrets.token_urlsafe(32)
    moment = now()
    session.execute(delete(DashboardSession).where(DashboardSession.expires_at <= moment))
    session.add(
        DashboardSession(
            token_hash=_digest(token),
            instructor_id=instructor_id,
            created_at=moment,
            expires_at=moment + timedelta(seconds=lifetime_seconds),
        )
    )
    return token


def instructor_of(session: Session, token: str) -> int | None:
    """The instructor a live session belongs to; None when it ended or never was."""
    row = session.get(DashboardSession, _digest(token))
    if row is None or _aware(row.expires_at) <= now():
        return None
    return row.instructor_id


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)  # SQLite drops the zone


def close_session(session: Session, token: str) -> None:
    session.execute(delete(DashboardSession).where(DashboardSession.token_hash == _digest(token)))
