"""A platform's request end to end, as plain synchronous functions: store, commit, then send."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from grader.challenge import Challenge
from service.core.errors import InvalidField
from service.outbound.destinations import Destinations, Refused
from service.storage.db import reading
from service.storage.tables import new_id
from service.submissions import accepting, records, schemas
from service.submissions.keys import Caller

GRADED_CHUNK = 500  # ids per query: SQLite bounds the parameters of one statement


def submit(
    caller: Caller,
    body: schemas.SubmissionIn,
    idempotency_key: str | None,
    challenges: Mapping[str, Challenge],
    send_grade: Callable[[str], None],
    submission_id: str | None = None,
) -> schemas.Submission:
    """Store the submission, then send its grading with `send_grade` (the sender owns the
    transaction's end: a task is only ever sent once its subject is committed)."""
    taken = accepting.accept(caller, body, idempotency_key, challenges, submission_id or new_id())
    view = taken.view or read(caller, taken.submission_id)
    if taken.view is not None or view.status == "queued":
        # A replay of a submission still queued sends again: the first send may have failed,
        # and grading twice stores one result.
        send_grade(view.id)
    return view


def check_callback(body: schemas.SubmissionIn, destinations: Destinations) -> None:
    """A callback_url webhooks may go to, else a 422 on the field: a non-public address is refused
    unless the deployment allows its network (names are resolved and checked again at each
    delivery)."""
    if body.callback_url is None:
        return
    try:
        destinations.target(body.callback_url)
    except Refused as refused:
        raise InvalidField(("body", "callback_url"), str(refused)) from None


def read(caller: Caller, submission_id: str) -> schemas.Submission:
    with reading() as session:
        return records.view(session, records.get(session, caller, submission_id))


def graded(submission_ids: list[str]) -> set[str]:
    """Which of these submissions (of any platform: only the API's own waiters ask) are graded."""
    found: set[str] = set()
    with reading() as session:
        for start in range(0, len(submission_ids), GRADED_CHUNK):
            found |= records.graded_among(session, submission_ids[start : start + GRADED_CHUNK])
    return found
