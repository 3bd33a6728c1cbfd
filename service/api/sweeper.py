"""Re-send the grading of submissions whose task was lost, so no accepted submission stays unsent.

A task can be lost between the commit and the send (the broker was down: the API answered 503,
or the API process died), or with its worker (a worker killed whole keeps its unacknowledged
message until the broker's visibility timeout). Submissions left `queued`, or `running`, longer
than `sweep_stale_seconds` are sent again; grading twice stores one result.

Queued submissions are re-sent only while the broker's queue is empty: during a backlog they are
waiting, not lost, and re-sending them would only lengthen the queue. Any number of API processes
sweep: each claims the rows it re-sends in the database (`SELECT ... FOR UPDATE SKIP LOCKED`, then
`sent_at` is set), so a row is re-sent once per period.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from sqlalchemy import and_, or_, select, update
from sqlalchemy.exc import DBAPIError
from starlette.concurrency import run_in_threadpool

from service.core.errors import NotReady
from service.core.settings import Settings
from service.lti import scores
from service.messaging.enqueue import TaskQueue
from service.privacy import retention
from service.privacy.forget import ErasureWatch
from service.storage.db import Database
from service.storage.tables import Submission, now

log = logging.getLogger(__name__)


def claim(
    db: Database, stale_seconds: float, batch: int, moment: datetime | None = None, *, queued: bool = True
) -> list[str]:
    """Mark (and return) the submissions to re-send; another sweeper skips or no longer sees them.

    Stale `running` ones always; stale `queued` ones only when `queued` (the broker's queue is empty).
    """
    current = moment or now()
    cutoff = current - timedelta(seconds=stale_seconds)
    stale = and_(Submission.status == "running", Submission.started_at < cutoff)
    if queued:
        stale = or_(stale, and_(Submission.status == "queued", Submission.created_at < cutoff))
    not_recently_sent = or_(Submission.sent_at.is_(None), Submission.sent_at < cutoff)
    query = (
        select(Submission.id)
        .where(stale, not_recently_sent)
        .order_by(Submission.created_at)
        .limit(batch)
        .with_for_update(skip_locked=True)
    )
    with db.transaction() as session:
        ids = list(session.scalars(query))
        if ids:
            session.execute(update(Submission).where(Submission.id.in_(ids)).values(sent_at=current))
    return ids


def sweep_once(db: Database, queue: TaskQueue, stale_seconds: float, batch: int) -> int:
    """Re-send what is stale; the number of gradings sent."""
    try:
        backlog = queue.depth()
    except NotReady:
        return 0  # the broker is down: nothing can be sent this round
    ids = claim(db, stale_seconds, batch, queued=backlog == 0)
    sent = 0
    for submission_id in ids:
        try:
            queue.grade(submission_id)
        except NotReady:
            break  # still down: these stay stale and are claimed again a period later
        sent += 1
    if ids:
        log.warning("re-sent the grading of %d of %d stale submissions", sent, len(ids))
    return sent


def _forgotten(db: Database, watch: ErasureWatch) -> None:
    with db.reading() as session:
        watch.look(session)


async def sweep_forever(settings: Settings, db: Database, queue: TaskQueue) -> None:
    """The API's background sweeper; a database outage only skips a round."""
    watch = ErasureWatch()  # a student erased by another process: this one's fingerprints go too
    while True:
        await asyncio.sleep(settings.sweep_every_seconds)
        try:
            await run_in_threadpool(_forgotten, db, watch)
            if settings.retention_days is not None:
                await run_in_threadpool(
                    retention.erase_old_code, db, settings.retention_days, settings.retention_batch
                )
            await run_in_threadpool(sweep_once, db, queue, settings.sweep_stale_seconds, settings.sweep_batch)
            await run_in_threadpool(
                scores.resend_lost, db, queue, settings.sweep_stale_seconds, settings.sweep_batch
            )
        except DBAPIError as error:
            log.warning("sweeper skipped a round: database unavailable (%s)", type(error).__name__)
        except Exception:  # one failed round must not end the sweeping for good
            log.exception("sweeper skipped a round")
