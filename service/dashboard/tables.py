"""The dashboard's own tables: instructor accounts, their courses, and regrade batches."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from service.storage.instants import Instant
from service.storage.tables import Base, Platform, now


class Instructor(Base):
    __tablename__ = "instructors"
    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(320), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    courses: Mapped[list[InstructorCourse]] = relationship(lazy="selectin", cascade="all, delete-orphan")


class InstructorCourse(Base):
    """A course of a platform (by its slug: it may not have a submission yet) an instructor may see."""

    __tablename__ = "instructor_courses"
    instructor_id: Mapped[int] = mapped_column(
        ForeignKey("instructors.id", ondelete="CASCADE"), primary_key=True
    )
    platform_id: Mapped[int] = mapped_column(ForeignKey("platforms.id", ondelete="CASCADE"), primary_key=True)
    course: Mapped[str] = mapped_column(String(200), primary_key=True)
    platform: Mapped[Platform] = relationship(lazy="joined")


class Regrade(Base):
    """A batch of submissions regraded against the current version of their challenge: first a
    preview (each item's result kept on the item, nothing stored, nothing sent), then, once the
    instructor confirms, those results stored and the grades that changed passed back."""

    __tablename__ = "regrades"
    id: Mapped[int] = mapped_column(primary_key=True)
    platform_id: Mapped[int] = mapped_column(ForeignKey("platforms.id", ondelete="CASCADE"))
    course: Mapped[str] = mapped_column(String(200), index=True)
    challenge: Mapped[str | None] = mapped_column(String(100))  # None: every challenge of the course
    instructor_id: Mapped[int | None] = mapped_column(ForeignKey("instructors.id", ondelete="SET NULL"))
    total: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    confirmed_at: Mapped[datetime | None] = mapped_column(Instant())  # None: a preview


class RegradeItem(Base):
    """One submission of a regrade batch, the challenge version it is to be graded against, and
    the preview's result at that version (the scratch result: stored as a result on confirming)."""

    __tablename__ = "regrade_items"
    regrade_id: Mapped[int] = mapped_column(ForeignKey("regrades.id", ondelete="CASCADE"), primary_key=True)
    submission_id: Mapped[str] = mapped_column(
        ForeignKey("submissions.id", ondelete="CASCADE"), primary_key=True
    )
    challenge_version: Mapped[int] = mapped_column(Integer)
    score: Mapped[float | None] = mapped_column(Float)  # None: not previewed yet
    document: Mapped[str | None] = mapped_column(Text)  # the previewed Result (JSON)
    translation: Mapped[str | None] = mapped_column(Text)  # the same in the other language (JSON)


class DashboardSession(Base):
    """A logged-in browser: its cookie holds the token, this row its SHA-256. Logging out deletes it."""

    __tablename__ = "dashboard_sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    instructor_id: Mapped[int] = mapped_column(ForeignKey("instructors.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    expires_at: Mapped[datetime] = mapped_column(Instant())
