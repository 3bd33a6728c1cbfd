"""An instructor's launch opens the course's dashboard without a password: an account of the LMS
user (never matched by e-mail: a platform could name another platform's instructor), granted the
context's course, and a one-time ticket the dashboard exchanges for its usual session."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.dashboard.tables import Instructor, InstructorCourse
from service.lti import values
from service.lti.tables import LtiContext, LtiRegistration
from service.storage.db import Database

TICKET_SECONDS = 600
NO_PASSWORD = "!"  # noqa: S105 not an Argon2 hash: no password ever matches it


@dataclass(frozen=True)
class Entry:
    instructor_id: int
    course: str


def account_email(registration: LtiRegistration, sub: str) -> str:
    return f"lti-{registration.id}-{hashlib.sha256(sub.encode()).hexdigest()[:20]}@lti.invalid"


def instructor(session: Session, registration: LtiRegistration, context: LtiContext, sub: str) -> int:
    email = account_email(registration, sub)
    row = session.scalar(select(Instructor).where(Instructor.email == email))
    if row is None:
        row = Instructor(email=email, password_hash=NO_PASSWORD)
        session.add(row)
    held = {(c.platform_id, c.course) for c in row.courses}
    if (registration.platform_id, context.course) not in held:
        row.courses.append(InstructorCourse(course=context.course, platform_id=registration.platform_id))
    session.flush()
    return row.id


def _key(ticket: str) -> str:
    return "entry-" + hashlib.sha256(ticket.encode()).hexdigest()


def ticket(db: Database, entry: Entry) -> str:
    token = secrets.token_urlsafe(32)
    values.put(
        db, _key(token), {"instructor_id": entry.instructor_id, "course": entry.course}, TICKET_SECONDS
    )
    return token


def redeem(db: Database, token: str) -> Entry | None:
    taken = values.take(db, _key(token)) if token else None
    return Entry(int(taken["instructor_id"]), str(taken["course"])) if taken else None
