"""A course's policies as stored: the limits that apply to one challenge, and setting them."""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.policies.rules import Limits
from service.policies.tables import EVERY_CHALLENGE, CoursePolicy
from service.storage.tables import Course, now

_APPLYING = (
    select(
        CoursePolicy.challenge,
        CoursePolicy.max_attempts,
        CoursePolicy.cooldown_seconds,
        CoursePolicy.window_attempts,
        CoursePolicy.window_seconds,
    )
    .join(Course, Course.id == CoursePolicy.course_id)
    .where(
        Course.platform_id == bindparam("platform_id"),
        Course.slug == bindparam("course"),
        CoursePolicy.challenge.in_([bindparam("challenge"), EVERY_CHALLENGE]),
    )
)


def applying(connection: Connection, platform_id: int, course: str, challenge: str) -> Limits:
    """The challenge's own policy, else the course-wide one, else no limit."""
    rows = connection.execute(
        _APPLYING, {"platform_id": platform_id, "course": course, "challenge": challenge}
    )
    found = {row.challenge: row for row in rows}
    row = found.get(challenge) or found.get(EVERY_CHALLENGE)
    if row is None:
        return Limits()
    return Limits(row.max_attempts, row.cooldown_seconds, row.window_attempts, row.window_seconds)


def of_course(session: Session, course_id: int) -> dict[str, Limits]:
    """Every policy of a course by challenge (`*`: the course-wide one)."""
    rows = session.scalars(select(CoursePolicy).where(CoursePolicy.course_id == course_id))
    return {row.challenge: _limits(row) for row in rows}


def put(session: Session, course_id: int, challenge: str, limits: Limits) -> None:
    """Set a challenge's policy (or the course-wide one); no limit at all removes it."""
    row = session.scalars(
        select(CoursePolicy).where(CoursePolicy.course_id == course_id, CoursePolicy.challenge == challenge)
    ).first()
    if not limits.limited:
        if row is not None:
            session.delete(row)
        return
    if row is None:
        row = CoursePolicy(course_id=course_id, challenge=challenge)
        session.add(row)
    row.max_attempts, row.cooldown_seconds = limits.max_attempts, limits.cooldown_seconds
    row.window_attempts, row.window_seconds = limits.window_attempts, limits.window_seconds
    row.updated_at = now()


def course_id(session: Session, platform_id: int, course: str) -> int:
    """The course's id, made if the platform has not submitted to it yet (a policy may come
    first); concurrent makers agree (`ON CONFLICT DO NOTHING`)."""
    upsert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    values = {"platform_id": platform_id, "slug": course, "created_at": now()}
    session.execute(upsert(Course).values(values).on_conflict_do_nothing())
    return session.scalars(
        select(Course.id).where(Course.platform_id == platform_id, Course.slug == course)
    ).one()


def _limits(row: CoursePolicy) -> Limits:
    return Limits(row.max_attempts, row.cooldown_seconds, row.window_attempts, row.window_seconds)
