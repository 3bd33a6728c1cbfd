"""Instructor accounts: created from the command line, granted courses of platforms, checked at login."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.dashboard import grants, passwords
from service.dashboard.grants import GrantedCourse
from service.dashboard.tables import Instructor, InstructorCourse
from service.storage.tables import Platform
from service.submissions import ids


@dataclass(frozen=True)
class Account:
    """A logged-in instructor and the courses they may see (at most one of each name)."""

    id: int
    email: str
    courses: tuple[GrantedCourse, ...]

    def course(self, slug: str) -> GrantedCourse | None:
        """Their course of that name, if they have one."""
        return next((c for c in self.courses if c.slug == slug), None)


def _normal(email: str) -> str:
    return email.strip().lower()


def _account(row: Instructor) -> Account:
    granted = (GrantedCourse(c.course, c.platform.name, c.platform_id) for c in row.courses)
    return Account(id=row.id, email=row.email, courses=tuple(sorted(granted)))


def create(
    session: Session, email: str, password: str, courses: list[str], platform: str | None = None
) -> Account:
    """A new instructor, or an existing one with a new password and these courses added.

    Each course is one platform's: `platform` names it, or it is the only one that can be meant
    (`grants.platform_of`). Raises ValueError (a GrantError among them) saying what to do instead."""
    email = _normal(email)
    if not _looks_like_email(email):
        raise ValueError(f"not an email address: {email!r} (an instructor logs in with name@domain)")
    if not courses:
        raise ValueError("an instructor needs at least one course (--course)")
    row = session.scalar(select(Instructor).where(Instructor.email == email))
    if row is None:
        row = Instructor(email=email, password_hash="")
        session.add(row)
    row.password_hash = passwords.hash_password(password)
    for slug in sorted({_course(c) for c in courses}):
        _grant(row, slug, grants.platform_of(session, slug, platform))
    session.flush()
    return _account(row)


def _looks_like_email(email: str) -> bool:
    local, at, domain = email.rpartition("@")
    return (
        bool(at and local and domain)
        and not any(c.isspace() for c in email)
        and "." not in (domain[0], domain[-1])
    )


def _course(value: str) -> str:
    try:
        return ids.valid_course(value)
    except ValueError as error:
        raise ValueError(f"course {value!r}: {error}") from None


def _grant(row: Instructor, slug: str, platform: Platform) -> None:
    held = next((c for c in row.courses if c.course == slug), None)
    if held is not None and held.platform_id != platform.id:
        raise grants.GrantError(
            f"{row.email} already sees course {slug!r} of platform {held.platform.name!r}; "
            "an instructor sees one course of a name"
        )
    if held is None:
        row.courses.append(InstructorCourse(course=slug, platform_id=platform.id, platform=platform))


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
