"""Submissions as the API shows them: check one before it is stored, read one, list a platform's."""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from grader.challenge import Challenge
from grader.grade import MAX_CODE_BYTES
from grader.models import Result
from service.core.errors import Conflict, Forbidden, Invalid, NotFound, TooLarge
from service.policies import late, store
from service.policies.late import Due
from service.storage.results import latest_results, to_result
from service.storage.tables import Course, GradingResult, Student, Submission
from service.submissions import ids, schemas
from service.submissions.keys import Caller

MAX_PAGE = 100


def check(body: schemas.SubmissionIn, caller: Caller, challenges: Mapping[str, Challenge]) -> None:
    """Refuse what cannot be accepted, before anything is stored."""
    size = len(body.code.encode("utf-8"))
    if size > MAX_CODE_BYTES:
        raise TooLarge(f"code is {size} bytes; the limit is {MAX_CODE_BYTES} bytes (64 KiB)")
    if body.challenge not in challenges:
        raise Invalid(f"unknown challenge {body.challenge!r}; known: {', '.join(challenges)}")
    if not caller.may_use(body.course):
        raise Forbidden(f"this API key may not submit to course {body.course!r}")


def published_view(payload: bytes, submission_id: str) -> schemas.Submission | None:
    """The graded Submission a worker's message carries, when it is this submission's; None when
    it is not one (a worker with no view to send publishes the bare status) or another's."""
    try:
        view = schemas.Submission.model_validate_json(payload)
    except ValidationError:
        return None
    return view if view.id == submission_id else None


def fingerprint(body: schemas.SubmissionIn) -> str:
    """The request as it was understood (after validation: `lang` omitted is `lang: "es"`)."""
    return hashlib.sha256(body.model_dump_json().encode()).hexdigest()


def same_request(earlier_course: str, earlier: str | None, row: Mapping[str, Any]) -> None:
    """An Idempotency-Key answers its submission only to the request that first used it.

    Another course is a 409 (a key limited to one course must not read another course's
    submission by reusing its key); another body is a 422, as payment APIs answer it. A
    submission stored before fingerprints were kept has none, and answers as it did."""
    if earlier_course != row["course"]:
        raise Conflict(
            "this Idempotency-Key was already used for a submission to another course; send a new one"
        )
    if earlier is not None and earlier != row["idempotency_fingerprint"]:
        raise Invalid(
            "this Idempotency-Key was already used with a different request body; send the same "
            "body to get that submission, or a new key for a new submission"
        )


def get(session: Session, caller: Caller, submission_id: str) -> Submission:
    """One of the caller's submissions; another platform's is as unknown as a missing one."""
    submission = session.get(Submission, submission_id) if len(submission_id) <= 32 else None
    if (
        submission is None
        or submission.platform_id != caller.platform_id
        or not caller.may_use(submission.course.slug)
    ):
        raise NotFound(f"no submission {submission_id!r}")
    return submission


def graded_among(session: Session, submission_ids: list[str]) -> set[str]:
    """Which of these submissions are done or error."""
    query = select(Submission.id).where(
        Submission.id.in_(submission_ids), Submission.status.in_(schemas.FINAL_STATUSES)
    )
    return set(session.scalars(query))


def listing(
    session: Session,
    caller: Caller,
    course: str | None,
    student: str | None,
    challenge: str | None,
    limit: int,
    cursor: str | None,
) -> schemas.SubmissionPage:
    """The caller's submissions (of the courses its key may use), newest first, filtered, one page
    at a time (keyset pagination)."""
    if course is not None and not caller.may_use(ids.normal(course)):
        raise Forbidden(f"this API key may not read course {course!r}")
    query = select(Submission, *store.submission_due_columns()).where(
        Submission.platform_id == caller.platform_id
    )
    if course is not None or student is not None or caller.courses is not None:
        query = query.join(Course, Submission.course_id == Course.id)
    if caller.courses is not None:
        query = query.where(Course.slug.in_(sorted(caller.courses)))
    if course is not None:
        query = query.where(Course.slug == ids.normal(course))
    if student is not None:
        query = query.join(Student, Submission.student_id == Student.id).where(
            Student.external_id == ids.normal(student)
        )
    if challenge is not None:
        query = query.where(Submission.challenge == challenge)
    if cursor is not None:
        created_at, last_id = _decode_cursor(cursor)
        query = query.where(
            or_(
                Submission.created_at < created_at,
                and_(Submission.created_at == created_at, Submission.id < last_id),
            )
        )
    query = query.order_by(Submission.created_at.desc(), Submission.id.desc()).limit(limit + 1)
    rows = list(session.execute(query))
    page, more = rows[:limit], len(rows) > limit
    results = latest_results(session, (row.Submission.id for row in page))
    return schemas.SubmissionPage(
        items=[to_schema(row.Submission, results.get(row.Submission.id), store.due_of(row)) for row in page],
        next_cursor=_encode_cursor(page[-1].Submission) if more else None,
    )


def _encode_cursor(last: Submission) -> str:
    raw = f"{last.created_at.isoformat()}|{last.id}".encode()
    return base64.urlsafe_b64encode(raw).decode()


def _decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        created_at, _, last_id = base64.urlsafe_b64decode(cursor.encode()).decode().partition("|")
        return utc(datetime.fromisoformat(created_at)), last_id  # a cursor from before kept no zone
    except (ValueError, binascii.Error, UnicodeDecodeError) as error:
        raise Invalid("invalid cursor: pass the next_cursor of the previous page") from error


def utc(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite keeps none, and every stored time is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def public(
    *,
    submission_id: str,
    status: str,
    challenge: str,
    student: str,
    course: str,
    created_at: datetime,
    finished_at: datetime | None,
    result: Result | None,
    due: Due,
) -> schemas.Submission:
    """The Submission as the API shows it (and webhooks send), built here only: stored times get
    their zone, a result shows only once the submission is final, and what the attempt counts for
    under the student's due date is the late policy's (`late.counted`)."""
    final = status in schemas.FINAL_STATUSES
    shown = result if final else None
    created = utc(created_at)
    counted = late.counted(created, shown.score if shown is not None else None, due)
    return schemas.Submission(
        id=submission_id,
        status=status,
        challenge=challenge,
        student=student,
        course=course,
        created_at=created,
        finished_at=utc(finished_at) if finished_at is not None else None,
        late=counted.late,
        days_late=counted.days_late,
        counted_score=counted.counted_score,
        result=shown,
    )


def to_schema(submission: Submission, result: GradingResult | None, due: Due) -> schemas.Submission:
    final = submission.status in schemas.FINAL_STATUSES
    return public(
        submission_id=submission.id,
        status=submission.status,
        challenge=submission.challenge,
        student=submission.student.external_id,
        course=submission.course.slug,
        created_at=submission.created_at,
        finished_at=submission.finished_at,
        result=to_result(result) if result is not None and final else None,
        due=due,
    )


def due_of(session: Session, submission_id: str) -> Due:
    """The due date and late policy that apply to a stored submission now."""
    query = select(*store.submission_due_columns()).where(Submission.id == submission_id)
    return store.due_of(session.execute(query).one())


def view(session: Session, submission: Submission) -> schemas.Submission:
    due = due_of(session, submission.id)
    if submission.status not in schemas.FINAL_STATUSES:
        return to_schema(submission, None, due)
    return to_schema(submission, latest_results(session, [submission.id]).get(submission.id), due)
