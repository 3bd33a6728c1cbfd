"""A platform's request end to end, as plain synchronous methods: store, commit, then send."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from grader.challenge import Challenge
from service.core.errors import InvalidField
from service.outbound.destinations import Destinations, Refused
from service.storage.db import Database
from service.storage.tables import new_id
from service.submissions import accepting, records, schemas
from service.submissions.keys import Caller

GRADED_CHUNK = 500  # ids per query: SQLite bounds the parameters of one statement


class Intake:
    """Where submissions enter, built once by the app: its database, the challenges it grades,
    how a grading is sent (`send_grade`, the task queue's), where callbacks may point and what
    else lists a course's students (`on_student`, the dashboard's)."""

    def __init__(
        self,
        db: Database,
        challenges: Mapping[str, Challenge],
        send_grade: Callable[[str], None],
        destinations: Destinations,
        on_student: accepting.OnStudent,
    ) -> None:
        self.db = db
        self.on_student = on_student
        self.challenges = challenges
        self.send_grade = send_grade
        self.destinations = destinations

    def submit(
        self,
        caller: Caller,
        body: schemas.SubmissionIn,
        idempotency_key: str | None,
        submission_id: str | None = None,
    ) -> schemas.Submission:
        """Store the submission, then send its grading: the intake owns the transaction's end, so
        a task is only ever sent once its subject is committed."""
        taken = accepting.accept(
            self.db,
            caller,
            body,
            idempotency_key,
            self.challenges,
            submission_id or new_id(),
            on_student=self.on_student,
        )
        view = taken.view or self.read(caller, taken.submission_id)
        if taken.view is not None or view.status == "queued":
            # A replay of a submission still queued sends again: the first send may have failed,
            # and grading twice stores one result.
            self.send_grade(view.id)
        return view

    def check_callback(self, body: schemas.SubmissionIn) -> None:
        """A callback_url webhooks may go to, else a 422 on the field: a non-public address is
        refused unless the deployment allows its network (names are resolved and checked again at
        each delivery)."""
        if body.callback_url is None:
            return
        try:
            self.destinations.target(body.callback_url)
        except Refused as refused:
            raise InvalidField(("body", "callback_url"), str(refused)) from None

    def read(self, caller: Caller, submission_id: str) -> schemas.Submission:
        with self.db.reading() as session:
            return records.view(session, records.get(session, caller, submission_id))

    def graded(self, submission_ids: list[str]) -> set[str]:
        """Which of these submissions (of any platform: only the API's own waiters ask) are graded."""
        found: set[str] = set()
        with self.db.reading() as session:
            for start in range(0, len(submission_ids), GRADED_CHUNK):
                found |= records.graded_among(session, submission_ids[start : start + GRADED_CHUNK])
        return found
