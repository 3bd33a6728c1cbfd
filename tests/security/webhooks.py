"""Reading back the recorded webhook attempts of a submission."""

from __future__ import annotations

from sqlalchemy import select

from service.storage.db import Database
from service.storage.tables import WebhookDelivery
from tests.waiting import wait_for


def deliveries(db: Database, submission_id: str, count: int, seconds: float = 30) -> list[WebhookDelivery]:
    """The attempts recorded for a submission, once there are `count`."""

    def recorded() -> list[WebhookDelivery] | None:
        rows = _recorded(db, submission_id)
        return rows if len(rows) >= count else None

    def explain() -> str:
        return f"fewer than {count} attempts: {len(_recorded(db, submission_id))}"

    return wait_for(recorded, seconds, explain, every=0.1)


def _recorded(db: Database, submission_id: str) -> list[WebhookDelivery]:
    with db.transaction() as session:
        rows = list(
            session.scalars(
                select(WebhookDelivery)
                .where(WebhookDelivery.submission_id == submission_id)
                .order_by(WebhookDelivery.attempt)
            )
        )
        session.expunge_all()
    return rows
