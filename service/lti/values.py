"""Short-lived values kept in the database between two requests of a launch (any API process may
take either): nonces, validated launches, dashboard hand-offs. A value can be taken once (`take`)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from service.lti.tables import LtiValue
from service.storage.db import Database
from service.storage.tables import now


def put(db: Database, key: str, value: Any, seconds: int) -> None:
    with db.transaction() as session:
        _purge(session)
        session.merge(
            LtiValue(key=key, value=json.dumps(value), expires_at=now() + timedelta(seconds=seconds))
        )


def get(db: Database, key: str) -> Any:
    with db.transaction() as session:
        row = session.scalar(select(LtiValue).where(LtiValue.key == key, LtiValue.expires_at > now()))
        return json.loads(row.value) if row is not None else None


def take(db: Database, key: str) -> Any:
    """The value, deleted in the same statement: of two requests taking it, one gets it."""
    with db.transaction() as session:
        taken = session.execute(
            delete(LtiValue).where(LtiValue.key == key, LtiValue.expires_at > now()).returning(LtiValue.value)
        ).first()
    return json.loads(taken.value) if taken is not None else None


def _purge(session: Session) -> None:
    session.execute(delete(LtiValue).where(LtiValue.expires_at <= now()))
