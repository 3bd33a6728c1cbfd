"""A course's roster as its LMS last told it (LTI Names and Role Provisioning Services): the
enrolled learners, whether or not they ever submitted, and when the list was last read."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.storage.instants import Instant
from service.storage.tables import Base, now


class RosterMember(Base):
    """One learner of a course's LMS roster, under the student id their launches submit as."""

    __tablename__ = "roster_members"
    __table_args__ = (UniqueConstraint("course_id", "student"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    student: Mapped[str] = mapped_column(String(200))
    name: Mapped[str | None] = mapped_column(String(200))  # as the LMS gives it, when it does
    status: Mapped[str] = mapped_column(String(10), default="active")  # active or inactive
    seen_at: Mapped[datetime] = mapped_column(Instant(), default=now)


class RosterSync(Base):
    """When a course's roster was asked for and last read, and what went wrong the last time."""

    __tablename__ = "roster_syncs"
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"), primary_key=True)
    requested_at: Mapped[datetime | None] = mapped_column(Instant())
    synced_at: Mapped[datetime | None] = mapped_column(Instant())  # the last list read whole
    members: Mapped[int] = mapped_column(Integer, default=0)
    skipped: Mapped[int] = mapped_column(Integer, default=0)  # entries of the LMS's list not taken
    error: Mapped[str | None] = mapped_column(Text)  # the last try's, None once one succeeds
    read_at: Mapped[datetime | None] = mapped_column(Instant())  # the last try's end
