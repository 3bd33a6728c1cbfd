"""The policies' tables: a course's limits (course-wide or per challenge) and the attempts they refused."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.storage.instants import Instant
from service.storage.tables import Base, new_id, now

EVERY_CHALLENGE = "*"  # the challenge of a course-wide policy; a challenge's own row overrides it


class CoursePolicy(Base):
    """The limits on a course's attempts and its due date; every column left empty is no limit."""

    __tablename__ = "course_policies"
    __table_args__ = (UniqueConstraint("course_id", "challenge"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    challenge: Mapped[str] = mapped_column(String(100))
    max_attempts: Mapped[int | None] = mapped_column(Integer)
    cooldown_seconds: Mapped[int | None] = mapped_column(Integer)  # between two attempts
    window_attempts: Mapped[int | None] = mapped_column(Integer)  # at most this many ...
    window_seconds: Mapped[int | None] = mapped_column(Integer)  # ... in any span this long
    due_at: Mapped[datetime | None] = mapped_column(Instant())  # the instructor's
    late_policy: Mapped[str | None] = mapped_column(String(20))  # best_on_time or penalty; None: as any
    late_penalty_percent: Mapped[float | None] = mapped_column(Float)  # of the score, per day late
    updated_at: Mapped[datetime] = mapped_column(Instant(), default=now)


class RefusedAttempt(Base):
    """An attempt a policy refused: kept (the student's code is not lost), never graded."""

    __tablename__ = "refused_attempts"
    __table_args__ = (
        Index("ix_refused_attempts_student_challenge", "student_id", "challenge", "created_at"),
    )
    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id", ondelete="CASCADE"))
    challenge: Mapped[str] = mapped_column(String(100))
    lang: Mapped[str] = mapped_column(String(2))
    code: Mapped[str] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(String(20))  # max_attempts, cooldown or window
    retry_at: Mapped[datetime | None] = mapped_column(Instant())
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)


class DueExtension(Base):
    """A student's own due date for a challenge (or `*`: every challenge of the course)."""

    __tablename__ = "due_extensions"
    __table_args__ = (UniqueConstraint("course_id", "student", "challenge"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    student: Mapped[str] = mapped_column(String(200))  # the platform's id: they may not have submitted yet
    challenge: Mapped[str] = mapped_column(String(100))
    due_at: Mapped[datetime] = mapped_column(Instant())
    updated_at: Mapped[datetime] = mapped_column(Instant(), default=now)


class LmsDueDate(Base):
    """The due date an LMS gave a challenge of a course (its line item's `endDateTime`); the
    instructor's own, where set, comes first."""

    __tablename__ = "lms_due_dates"
    __table_args__ = (UniqueConstraint("course_id", "challenge"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    challenge: Mapped[str] = mapped_column(String(100))
    due_at: Mapped[datetime] = mapped_column(Instant())
    updated_at: Mapped[datetime] = mapped_column(Instant(), default=now)
