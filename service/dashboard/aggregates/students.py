"""A course's student listed on the dashboard as soon as a submission makes them, before their
first result: the intake's `OnStudent`, in the transaction that makes the student."""

from __future__ import annotations

from functools import lru_cache

from sqlalchemy import Connection, Insert, bindparam, literal, select
from sqlalchemy.dialects import postgresql, sqlite

from service.dashboard.aggregates.tables import AggStudent
from service.storage.tables import Course, Student


def list_student(connection: Connection, platform_id: int, course: str, student: str) -> None:
    """The student's row of the dashboard's students table, unless it is there already."""
    values = {"platform_id": platform_id, "course": course, "student": student}
    connection.execute(_listing(connection.dialect.name), values)


@lru_cache(maxsize=2)
def _listing(dialect: str) -> Insert:
    upsert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    listed = upsert(AggStudent).from_select(
        ["course_id", "student_id", "external_id", "attempts"],
        select(Student.course_id, Student.id, Student.external_id, literal(0))
        .join(Course, Course.id == Student.course_id)
        .where(
            Course.platform_id == bindparam("platform_id"),
            Course.slug == bindparam("course"),
            Student.external_id == bindparam("student"),
        ),
    )
    return listed.on_conflict_do_nothing()
