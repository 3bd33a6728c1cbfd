"""A course's policies as stored: what applies to one challenge (and student), and setting them.

A challenge's own policy and the course-wide one (`*`) are merged field by field: a field the
challenge sets wins, one it leaves empty is the course's (a window's attempts and span go together).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Row,
    String,
    bindparam,
    case,
    exists,
    func,
    literal,
    or_,
    select,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import InstrumentedAttribute, Session

from service.policies.late import Due, LatePolicy
from service.policies.rules import Limits
from service.policies.tables import EVERY_CHALLENGE, CoursePolicy, DueExtension, LmsDueDate
from service.storage.instants import Instant
from service.storage.tables import Course, Student, Submission, now


@dataclass(frozen=True)
class Rules:
    """One stored policy row (or their merge): the limits on attempts and the due date."""

    limits: Limits = field(default_factory=Limits)
    due_at: datetime | None = None
    late_policy: LatePolicy | None = None
    late_penalty_percent: float | None = None

    @property
    def empty(self) -> bool:
        return not self.limits.limited and self.due_at is None and self.late_policy is None

    def over(self, wider: Rules) -> Rules:
        """These rules where set, else the wider (course-wide) ones."""
        mine, theirs = self.limits, wider.limits
        windowed = mine.window_attempts is not None
        limits = Limits(
            mine.max_attempts if mine.max_attempts is not None else theirs.max_attempts,
            mine.cooldown_seconds if mine.cooldown_seconds is not None else theirs.cooldown_seconds,
            mine.window_attempts if windowed else theirs.window_attempts,
            mine.window_seconds if windowed else theirs.window_seconds,
        )
        late = self.late_policy is not None
        return Rules(
            limits,
            self.due_at or wider.due_at,
            self.late_policy if late else wider.late_policy,
            self.late_penalty_percent if late else wider.late_penalty_percent,
        )


_COURSE = select(Course.id).where(
    Course.platform_id == bindparam("platform_id"), Course.slug == bindparam("course")
)
_APPLYING = select(*CoursePolicy.__table__.columns).where(
    CoursePolicy.course_id == _COURSE.scalar_subquery(),
    CoursePolicy.challenge.in_([bindparam("challenge"), EVERY_CHALLENGE]),
)


def no_limits(
    course_id: ColumnElement[int] | InstrumentedAttribute[int], challenge: ColumnElement[str]
) -> ColumnElement[bool]:
    """True in SQL when no policy of the course can limit attempts at the challenge: no row of it
    or of every challenge sets a limit. (It may be false with no limit in force, a window with
    half its bounds say; whoever relies on it then asks `applying`.)"""
    sets_a_limit = or_(
        CoursePolicy.max_attempts.is_not(None),
        CoursePolicy.cooldown_seconds.is_not(None),
        CoursePolicy.window_attempts.is_not(None),
    )
    return ~exists().where(
        CoursePolicy.course_id == course_id,
        CoursePolicy.challenge.in_([challenge, literal(EVERY_CHALLENGE)]),
        sets_a_limit,
    )


def applying_rules(connection: Connection, platform_id: int, course: str, challenge: str) -> Rules:
    params = {"platform_id": platform_id, "course": course, "challenge": challenge}
    found = {row.challenge: _rules(row) for row in connection.execute(_APPLYING, params)}
    return found.get(challenge, Rules()).over(found.get(EVERY_CHALLENGE, Rules()))


def applying(connection: Connection, platform_id: int, course: str, challenge: str) -> Limits:
    """The limits on a student's attempts at this challenge (none: `Limits()`)."""
    return applying_rules(connection, platform_id, course, challenge).limits


def _policy_field(column: Any, course_id: Any, challenge: Any) -> Any:
    return select(column).where(CoursePolicy.course_id == course_id, CoursePolicy.challenge == challenge)


def due_columns(course_id: Any, student: Any, challenge: Any) -> tuple[Any, Any, Any]:
    """The student's due date and the late policy as three SQL columns (`due_at`, `late_policy`,
    `late_penalty_percent`) of any query or RETURNING clause that has the course's id, the
    student's platform id and the challenge (columns or parameters): the one place the due date is
    chosen. Their extension for the challenge, else for every one; else the challenge's policy,
    else the course-wide one; else the LMS's line item's end. The late policy and its penalty
    come together, from the challenge's policy if it sets one, else the course-wide one."""

    def extension(of: Any) -> Any:
        return (
            select(DueExtension.due_at)
            .where(
                DueExtension.course_id == course_id,
                DueExtension.student == student,
                DueExtension.challenge == of,
            )
            .scalar_subquery()
        )

    def policy(column: Any, of: Any) -> Any:
        return _policy_field(column, course_id, of).scalar_subquery()

    lms = select(LmsDueDate.due_at).where(
        LmsDueDate.course_id == course_id, LmsDueDate.challenge == challenge
    )
    every = literal(EVERY_CHALLENGE)
    at = func.coalesce(
        extension(challenge),
        extension(every),
        policy(CoursePolicy.due_at, challenge),
        policy(CoursePolicy.due_at, every),
        lms.scalar_subquery(),
        type_=Instant(),
    )
    own = policy(CoursePolicy.late_policy, challenge)
    late = func.coalesce(own, policy(CoursePolicy.late_policy, every), type_=String())
    penalty = case(
        (own.is_not(None), policy(CoursePolicy.late_penalty_percent, challenge)),
        else_=policy(CoursePolicy.late_penalty_percent, every),
    )
    return at.label("due_at"), late.label("late_policy"), penalty.label("late_penalty_percent")


def any_due(connection: Connection, course_id: int) -> bool:
    """Whether any due date is set in the course (a policy's, an extension, an LMS's): where none
    is, no attempt is late and its score is what counts."""
    found = select(
        or_(
            exists().where(CoursePolicy.course_id == course_id, CoursePolicy.due_at.is_not(None)),
            exists().where(DueExtension.course_id == course_id),
            exists().where(LmsDueDate.course_id == course_id),
        )
    )
    return bool(connection.execute(found).scalar())


def submission_due_columns() -> tuple[Any, Any, Any]:
    """`due_columns` of the submission in a query or RETURNING clause over `submissions` (with or
    without its student joined)."""
    student = (
        select(Student.external_id)
        .where(Student.id == Submission.student_id)
        .correlate_except(Student)
        .scalar_subquery()
    )
    return due_columns(Submission.course_id, student, Submission.challenge)


def due_of(row: Any) -> Due:
    """The Due of a row that has `due_columns`."""
    late: LatePolicy | None = row.late_policy if row.late_policy in ("best_on_time", "penalty") else None
    return Due(row.due_at, late, row.late_penalty_percent if late == "penalty" else None)


def due(connection: Connection, platform_id: int, course: str, student: str, challenge: str) -> Due:
    """The student's due date and the late policy (`due_columns`), in one statement."""
    params = {"platform_id": platform_id, "course": course, "student": student, "challenge": challenge}
    columns = due_columns(_COURSE.scalar_subquery(), bindparam("student"), bindparam("challenge"))
    return due_of(connection.execute(select(*columns), params).one())


def of_course(session: Session, course_id: int) -> dict[str, Rules]:
    """Every policy of a course by challenge (`*`: the course-wide one)."""
    rows = session.scalars(select(CoursePolicy).where(CoursePolicy.course_id == course_id))
    return {row.challenge: _rules(row) for row in rows}


def put(session: Session, course_id: int, challenge: str, rules: Rules) -> None:
    """Set a challenge's policy (or the course-wide one); nothing set at all removes it."""
    row = session.scalars(
        select(CoursePolicy).where(CoursePolicy.course_id == course_id, CoursePolicy.challenge == challenge)
    ).first()
    if rules.empty:
        if row is not None:
            session.delete(row)
        return
    if row is None:
        row = CoursePolicy(course_id=course_id, challenge=challenge)
        session.add(row)
    limits = rules.limits
    row.max_attempts, row.cooldown_seconds = limits.max_attempts, limits.cooldown_seconds
    row.window_attempts, row.window_seconds = limits.window_attempts, limits.window_seconds
    row.due_at, row.late_policy, row.late_penalty_percent = (
        rules.due_at,
        rules.late_policy,
        rules.late_penalty_percent,
    )
    row.updated_at = now()


def extensions(session: Session, course_id: int) -> list[DueExtension]:
    query = select(DueExtension).where(DueExtension.course_id == course_id)
    return list(session.scalars(query.order_by(DueExtension.student, DueExtension.challenge)))


def extend(session: Session, course_id: int, student: str, challenge: str, due_at: datetime | None) -> None:
    """A student's own due date for a challenge (`*`: every one); None removes it."""
    row = session.scalars(
        select(DueExtension).where(
            DueExtension.course_id == course_id,
            DueExtension.student == student,
            DueExtension.challenge == challenge,
        )
    ).first()
    if due_at is None:
        if row is not None:
            session.delete(row)
        return
    if row is None:
        row = DueExtension(course_id=course_id, student=student, challenge=challenge)
        session.add(row)
    row.due_at, row.updated_at = due_at, now()


def lms_due(session: Session, course_id: int, challenge: str, due_at: datetime) -> None:
    """The due date the LMS's line item gives (kept apart: the instructor's own comes first)."""
    row = session.scalars(
        select(LmsDueDate).where(LmsDueDate.course_id == course_id, LmsDueDate.challenge == challenge)
    ).first()
    if row is None:
        session.add(LmsDueDate(course_id=course_id, challenge=challenge, due_at=due_at, updated_at=now()))
    elif row.due_at != due_at:
        row.due_at, row.updated_at = due_at, now()


def course_id(session: Session, platform_id: int, course: str) -> int:
    """The course's id, made if the platform has not submitted to it yet (a policy may come
    first); concurrent makers agree (`ON CONFLICT DO NOTHING`)."""
    upsert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    values = {"platform_id": platform_id, "slug": course, "created_at": now()}
    session.execute(upsert(Course).values(values).on_conflict_do_nothing())
    return session.scalars(
        select(Course.id).where(Course.platform_id == platform_id, Course.slug == course)
    ).one()


def _rules(row: CoursePolicy | Row[Any]) -> Rules:
    limits = Limits(row.max_attempts, row.cooldown_seconds, row.window_attempts, row.window_seconds)
    late: LatePolicy | None = row.late_policy if row.late_policy in ("best_on_time", "penalty") else None  # type: ignore[assignment]
    return Rules(limits, row.due_at, late, row.late_penalty_percent)
