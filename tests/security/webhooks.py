"""Reading back the recorded webhook attempts of a submission."""

from __future__ import annotations

import time

from sqlalchemy import select

from service.storage.db import Database
from service.storage.tables import WebhookDelivery


def deliveries(db: Database, submission_id: str, count: int, seconds: float = 30) -> list[WebhookDelivery]:
    """The attempts recorded for a submission, once there are `count` (or `seconds` have passed)."""
    deadline = time.monotonic() + seconds
    while True:
        with db.transaction() as session:
            rows = list(
                session.scalars(
                    select(WebhookDelivery)
                    .where(WebhookDelivery.submission_id == submission_id)
                    .order_by(WebhookDelivery.attempt)
                )
            )
            session.expunge_all()
        if len(rows) >= count or time.monotonic() > deadline:
            return rows
        time.sleep(0.1)
