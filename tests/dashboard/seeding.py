"""A course with students written straight into a database, for tests that fill it by hand."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.storage.sealing import Sealer
from service.storage.tables import ApiKey, Course, Student
from service.submissions.keys import create_key


@dataclass(frozen=True)
class SeededCourse:
    key: ApiKey  # the platform's key (made if the database has none)
    course: Course
    students: list[Student]  # in the order of the ids asked for


def seed_course(session: Session, slug: str, student_ids: list[str]) -> SeededCourse:
    """A course of the database's platform (one is made with its key on an empty database)."""
    key = session.scalars(select(ApiKey)).first()
    if key is None:
        create_key(session, "platform", [], Sealer.with_new_key())
        key = session.scalars(select(ApiKey)).one()
    course = Course(platform_id=key.platform_id, slug=slug)
    session.add(course)
    session.flush()
    students = [Student(course_id=course.id, external_id=external) for external in student_ids]
    session.add_all(students)
    session.flush()
    return SeededCourse(key, course, students)
