"""Instructor accounts: created from the command line, scoped to courses, checked at login."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.dashboard import passwords
from service.dashboard.tables import Instructor, InstructorCourse


@dataclass(frozen=True)
class Account:
    """A logged-in instructor and the courses (slugs) they may see."""

    id: int
    email: str
    courses: tuple[str, ...]

    def may_see(self, course: str) -> bool:
        return course in self.courses


def _normal(email: str) -> str:
    return email.strip().lower()


def _account(row: Instructor) -> Account:
    return Account(id=row.id, email=row.email, courses=tuple(sorted(c.course for c in row.courses)))


def create(session: Session, email: str, password: str, courses: list[str]) -> Account:
    """A new instructor, or an existing one with a new password and these courses added."""
    email = _normal(email)
    if "@" not in email or not courses:
        raise ValueError("an instructor needs an email address and at least one course")
    row = session.scalar(select(Instructor).where(Instructor.email == email))
    if row is None:
        row = Instructor(email=email, password_hash="")
        session.add(row)
    row.password_hash = passwords.hash_password(password)
    known = {c.course for c in row.courses}
    row.courses.extend(InstructorCourse(course=c) for c in sorted(set(courses) - known))
    session.flush()
    return _account(row)


def authenticate(session: Session, email: str, password: str) -> Account | None:
    row = session.scalar(select(Instructor).where(Instructor.email == _normal(email)))
    if not passwords.verify(row.password_hash if row else None, password) or row is None:
        return None
    return _account(row)


def load(session: Session, instructor_id: int) -> Account | None:
    row = session.get(Instructor, instructor_id)
    return _account(row) if row is not None else None


def listing(session: Session) -> list[Account]:
    return [_account(row) for row in session.scalars(select(Instructor).order_by(Instructor.email))]
