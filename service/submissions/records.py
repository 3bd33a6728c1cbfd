"""Submissions: accept one (idempotently), read one, list a platform's, as plain functions."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import and_, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from grader.challenge import Challenge
from grader.grade import MAX_CODE_BYTES
from grader.models import Result
from service.core.errors import Forbidden, Invalid, NotFound, TooLarge
from service.storage.results import latest_results, to_result
from service.storage.tables import Course, GradingResult, Student, Submission, new_id, now
from service.submissions import schemas
from service.submissions.keys import Caller

MAX_PAGE = 100


@dataclass(frozen=True)
class Accepted:
    submission: Submission
    created: bool  # False when an earlier request with the same Idempotency-Key made it


def check(body: schemas.SubmissionIn, caller: Caller, challenges: Mapping[str, Challenge]) -> None:
    """Refuse what cannot be accepted, before anything is stored."""
    size = len(body.code.encode("utf-8"))
    if size > MAX_CODE_BYTES:
        raise TooLarge(f"code is {size} bytes; the limit is {MAX_CODE_BYTES} bytes (64 KiB)")
    if body.challenge not in challenges:
        raise Invalid(f"unknown challenge {body.challenge!r}; known: {', '.join(challenges)}")
    if not caller.may_use(body.course):
        raise Forbidden(f"this API key may not submit to course {body.course!r}")


def accept(
    session: Session,
    caller: Caller,
    body: schemas.SubmissionIn,
    idempotency_key: str | None,
    challenges: Mapping[str, Challenge],
    submission_id: str | None = None,
) -> Accepted:
    """Store a queued submission (the caller commits, then sends the grading task)."""
    check(body, caller, challenges)
    if idempotency_key is not None:
        earlier = _by_idempotency_key(session, caller, idempotency_key)
        if earlier is not None:
            return Accepted(earlier, created=False)
    course = find_or_create_course(session, caller.platform_id, body.course)
    student = find_or_create_student(session, course, body.student)
    submission = Submission(
        id=submission_id or new_id(),
        platform_id=caller.platform_id,
        api_key_id=caller.key_id,
        course_id=course.id,
        course=course,
        student_id=student.id,
        student=student,
        challenge=body.challenge,
        lang=body.lang,
        code=body.code,
        status="queued",
        attempts=0,
        created_at=now(),
        idempotency_key=idempotency_key,
        callback_url=body.callback_url,
    )
    if idempotency_key is None:
        session.add(submission)
        return Accepted(submission, created=True)
    try:
        with session.begin_nested():
            session.add(submission)
    except IntegrityError:
        earlier = _by_idempotency_key(session, caller, idempotency_key) if idempotency_key else None
        if earlier is None:
            raise
        return Accepted(earlier, created=False)
    return Accepted(submission, created=True)


def _by_idempotency_key(session: Session, caller: Caller, key: str) -> Submission | None:
    return session.scalar(
        select(Submission).where(
            Submission.platform_id == caller.platform_id, Submission.idempotency_key == key
        )
    )


def find_or_create_course(session: Session, platform_id: int, slug: str) -> Course:
    query = select(Course).where(Course.platform_id == platform_id, Course.slug == slug)
    course = session.scalar(query)
    if course is None:
        try:
            with session.begin_nested():
                course = Course(platform_id=platform_id, slug=slug)
                session.add(course)
        except IntegrityError:
            course = session.scalars(query).one()
    return course


def find_or_create_student(session: Session, course: Course, external_id: str) -> Student:
    query = select(Student).where(Student.course_id == course.id, Student.external_id == external_id)
    student = session.scalar(query)
    if student is None:
        try:
            with session.begin_nested():
                student = Student(course_id=course.id, external_id=external_id)
                session.add(student)
        except IntegrityError:
            student = session.scalars(query).one()
    return student


def get(session: Session, caller: Caller, submission_id: str) -> Submission:
    """One of the caller's submissions; another platform's is as unknown as a missing one."""
    submission = session.get(Submission, submission_id) if len(submission_id) <= 32 else None
    if submission is None or submission.platform_id != caller.platform_id:
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
    """The caller's submissions, newest first, filtered, one page at a time (keyset pagination)."""
    query = select(Submission).where(Submission.platform_id == caller.platform_id)
    if course is not None or student is not None:
        query = query.join(Course, Submission.course_id == Course.id)
    if course is not None:
        query = query.where(Course.slug == course)
    if student is not None:
        query = query.join(Student, Submission.student_id == Student.id).where(Student.external_id == student)
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
    rows = list(session.scalars(query))
    page, more = rows[:limit], len(rows) > limit
    results = latest_results(session, (s.id for s in page))
    return schemas.SubmissionPage(
        items=[to_schema(s, results.get(s.id)) for s in page],
        next_cursor=_encode_cursor(page[-1]) if more else None,
    )


def _encode_cursor(last: Submission) -> str:
    raw = f"{last.created_at.isoformat()}|{last.id}".encode()
    return base64.urlsafe_b64encode(raw).decode()


def _decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        created_at, _, last_id = base64.urlsafe_b64decode(cursor.encode()).decode().partition("|")
        return datetime.fromisoformat(created_at), last_id
    except (ValueError, binascii.Error, UnicodeDecodeError) as error:
        raise Invalid("invalid cursor: pass the next_cursor of the previous page") from error


def utc(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite keeps none, and every stored time is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def to_schema(submission: Submission, result: GradingResult | None) -> schemas.Submission:
    final = submission.status in schemas.FINAL_STATUSES
    graded: Result | None = to_result(result) if result is not None and final else None
    return schemas.Submission(
        id=submission.id,
        status=submission.status,
        challenge=submission.challenge,
        student=submission.student.external_id,
        course=submission.course.slug,
        created_at=utc(submission.created_at),
        finished_at=utc(submission.finished_at) if submission.finished_at else None,
        result=graded,
    )


def view(session: Session, submission: Submission) -> schemas.Submission:
    if submission.status not in schemas.FINAL_STATUSES:
        return to_schema(submission, None)
    return to_schema(submission, latest_results(session, [submission.id]).get(submission.id))
