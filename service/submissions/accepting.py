"""Store an accepted submission in one statement: one round trip once its course and student exist.

The statement finds the course and the student itself (`INSERT ... SELECT ... FROM courses JOIN
students`) and is compiled once. It inserts nothing when either is new: they are created then
(`INSERT ... ON CONFLICT DO NOTHING`, so concurrent requests agree) and it runs again. On
PostgreSQL each statement is its own transaction (no BEGIN and COMMIT round trips): the
submission is committed durably before the task is sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from sqlalchemy import ColumnElement, Connection, Insert, Row, String, bindparam, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from grader.challenge import Challenge
from service.policies import gate, store
from service.policies.late import Due
from service.policies.rules import Limits
from service.storage.db import Database
from service.storage.tables import Base, Course, Student, Submission, now
from service.submissions import records, schemas
from service.submissions.keys import Caller

_table = Base.metadata.tables[Submission.__tablename__]


class OnStudent(Protocol):
    """What else lists a course's students as they are made (the dashboard's students, before
    their first result), handed in by the app: called in the making's transaction, once the
    student exists, every time a submission makes sure of them (so it must be idempotent)."""

    def __call__(self, connection: Connection, platform_id: int, course: str, student: str) -> None: ...


_COPIED = (
    "id",
    "platform_id",
    "api_key_id",
    "challenge",
    "lang",
    "code",
    "status",
    "attempts",
    "created_at",
    "idempotency_key",
    "idempotency_fingerprint",
    "callback_url",
)
_params = {name: bindparam(name, type_=_table.c[name].type) for name in _COPIED}


# The student's due date, returned with the new submission's id: from the statement's parameters,
# since a subquery of an INSERT's RETURNING cannot see the row inserted on every database.
_COURSE = select(Course.id).where(
    Course.platform_id == _params["platform_id"], Course.slug == bindparam("course")
)
_DUE = store.due_columns(_COURSE.scalar_subquery(), bindparam("student"), _params["challenge"])


def _inserting(*conditions: ColumnElement[bool]) -> Insert:
    """The submission's insert, with its course's and student's ids found by the statement."""
    return (
        insert(_table)
        .from_select(
            [*_COPIED, "course_id", "student_id"],
            select(*_params.values(), Course.id, Student.id)
            .join_from(Course, Student, Student.course_id == Course.id)
            .where(
                Course.platform_id == _params["platform_id"],
                Course.slug == bindparam("course"),
                Student.external_id == bindparam("student"),
                *conditions,
            ),
        )
        .returning(_table.c.id, *_DUE)
    )


_INSERT = _inserting()
# The same where no policy can limit the challenge's attempts: the course's limits are asked in
# the same round trip (most courses set none). In a course that sets some it inserts nothing.
_INSERT_UNLIMITED = _inserting(store.no_limits(Course.id, _params["challenge"]))
_BY_KEY = (
    select(Submission.id, Submission.idempotency_fingerprint, Course.slug)
    .join(Course, Submission.course_id == Course.id)
    .where(Submission.platform_id == bindparam("platform_id"), Submission.idempotency_key == bindparam("key"))
)


@dataclass(frozen=True)
class _Stored:
    submission_id: str
    due: Due  # the student's due date, returned by the insert (an earlier request's: not read)


def _stored(found: Row[Any] | None) -> _Stored | None:
    return _Stored(found.id, store.due_of(found)) if found is not None else None


@dataclass(frozen=True)
class Taken:
    submission_id: str
    view: schemas.Submission | None  # the new submission; None when an earlier request made it


def accept(
    db: Database,
    caller: Caller,
    body: schemas.SubmissionIn,
    idempotency_key: str | None,
    challenges: Mapping[str, Challenge],
    submission_id: str,
    *,
    on_student: OnStudent,
) -> Taken:
    """Store a queued submission and commit it, or find the one an earlier request with the same
    Idempotency-Key stored (the caller sends the grading task), in this database."""
    records.check(body, caller, challenges)
    created_at = now()
    row: dict[str, Any] = {
        "id": submission_id,
        "platform_id": caller.platform_id,
        "api_key_id": caller.key_id,
        "challenge": body.challenge,
        "lang": body.lang,
        "code": body.code,
        "status": "queued",
        "attempts": 0,
        "created_at": created_at,
        "idempotency_key": idempotency_key,
        "idempotency_fingerprint": records.fingerprint(body) if idempotency_key is not None else None,
        "callback_url": body.callback_url,
        "course": body.course,
        "student": body.student,
    }
    with db.single_statements() as connection:  # one round trip in the usual case
        stored = _insert(connection, row, _INSERT_UNLIMITED)
    if stored is None:  # a new course or student, or a course whose policies may limit attempts
        stored = _insert_slowly(db, caller, body, row, on_student)
    if stored is None:
        raise RuntimeError(f"course {body.course!r} or student {body.student!r} vanished while accepting")
    if stored.submission_id != submission_id:
        return Taken(stored.submission_id, None)
    view = records.public(
        submission_id=submission_id,
        status="queued",
        challenge=body.challenge,
        student=body.student,
        course=body.course,
        created_at=created_at,
        finished_at=None,
        result=None,
        due=stored.due,
    )
    return Taken(submission_id, view)


def _insert_slowly(
    db: Database, caller: Caller, body: schemas.SubmissionIn, row: dict[str, Any], on_student: OnStudent
) -> _Stored | None:
    limits = _limits(db, caller, body)
    if limits.limited:
        return _insert_admitted(db, row, limits, on_student)
    with db.single_statements() as connection:
        _create_course_and_student(connection, row, on_student)
        return _insert(connection, row, _INSERT)


def _limits(db: Database, caller: Caller, body: schemas.SubmissionIn) -> Limits:
    with db.single_statements() as connection:
        return gate.limits(connection, caller.platform_id, body.course, body.challenge)


def _insert_admitted(
    db: Database, row: dict[str, Any], limits: Limits, on_student: OnStudent
) -> _Stored | None:
    """Under a course's limits: one transaction that makes the student, locks them, and stores
    the submission or, if the policy refuses it, the refusal (raised once committed)."""
    with db.engine.begin() as connection:
        _create_course_and_student(connection, row, on_student)
        student_id = gate.lock_student(connection, row)
        earlier = _by_key(connection, row) if row["idempotency_key"] is not None else None
        if earlier is not None:  # a replay is the attempt already admitted, not another one
            return earlier
        refused = gate.admit(connection, limits, row, student_id)
        stored = None if refused is not None else _insert_in_transaction(connection, row)
    if refused is not None:
        raise refused
    return stored


def _insert_in_transaction(connection: Connection, row: dict[str, Any]) -> _Stored | None:
    """`_insert` inside a transaction: a savepoint keeps it usable when the key is taken."""
    try:
        with connection.begin_nested():
            return _stored(connection.execute(_INSERT, row).first())
    except IntegrityError:
        earlier = _by_key(connection, row) if row["idempotency_key"] is not None else None
        if earlier is None:
            raise
        return earlier


def _insert(connection: Connection, row: dict[str, Any], statement: Insert) -> _Stored | None:
    """The id of the submission stored: this one, or the one an earlier request stored with the
    same Idempotency-Key; None when the course or the student does not exist yet (or when
    `statement`'s own conditions keep it from inserting)."""
    if row["idempotency_key"] is not None:
        earlier = _by_key(connection, row)
        if earlier is not None:
            return earlier
    try:
        return _stored(connection.execute(statement, row).first())
    except IntegrityError:
        earlier = _by_key(connection, row) if row["idempotency_key"] is not None else None
        if earlier is None:
            raise
        return earlier


def _by_key(connection: Connection, row: dict[str, Any]) -> _Stored | None:
    found = connection.execute(
        _BY_KEY, {"platform_id": row["platform_id"], "key": row["idempotency_key"]}
    ).first()
    if found is None:
        return None
    records.same_request(found.slug, found.idempotency_fingerprint, row)
    return _Stored(str(found.id), Due())


def _create_course_and_student(connection: Connection, row: dict[str, Any], on_student: OnStudent) -> None:
    course, student = _creating(connection.dialect.name)
    values = {"platform_id": row["platform_id"], "slug": row["course"], "created_at": row["created_at"]}
    connection.execute(course, values)
    connection.execute(student, row)
    on_student(connection, row["platform_id"], row["course"], row["student"])


@lru_cache(maxsize=2)
def _creating(dialect: str) -> tuple[Insert, Insert]:
    """INSERT ... ON CONFLICT DO NOTHING of the course, then of the student, in this dialect."""
    upsert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    created_at = bindparam("created_at", type_=_table.c.created_at.type)
    course = upsert(Course)
    student = upsert(Student).from_select(
        ["course_id", "external_id", "created_at"],
        select(Course.id, bindparam("student", type_=String()), created_at).where(
            Course.platform_id == bindparam("platform_id"), Course.slug == bindparam("course")
        ),
    )
    return course.on_conflict_do_nothing(), student.on_conflict_do_nothing()
