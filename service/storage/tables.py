"""The tables every package shares (SQLAlchemy 2.0), and the `Base` of every table module
(`service.storage.registry` finds them all; migrations in `migrations/` follow them).

Results are stored as rows (one per hidden test, one per diagnosis) that repeat the course,
challenge and version of their submission, so dashboards aggregate with plain GROUP BY.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from service.storage.instants import Instant

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def now() -> datetime:
    return datetime.now(UTC)


def new_id() -> str:
    return uuid.uuid4().hex


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Platform(Base):
    """A course platform: owns API keys, courses and submissions."""

    __tablename__ = "platforms"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)


class ApiKey(Base):
    __tablename__ = "api_keys"
    id: Mapped[int] = mapped_column(primary_key=True)
    platform_id: Mapped[int] = mapped_column(ForeignKey("platforms.id", ondelete="CASCADE"), index=True)
    prefix: Mapped[str] = mapped_column(String(32), unique=True)
    key_hash: Mapped[str] = mapped_column(String(64))
    webhook_secret_sealed: Mapped[str] = mapped_column(String(255))  # see storage/sealing.py
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    revoked_at: Mapped[datetime | None] = mapped_column(Instant())
    expires_at: Mapped[datetime | None] = mapped_column(Instant())  # a rotated key's grace
    last_used_at: Mapped[datetime | None] = mapped_column(Instant())
    platform: Mapped[Platform] = relationship(lazy="joined")
    scopes: Mapped[list[KeyScope]] = relationship(lazy="selectin", cascade="all, delete-orphan")


class KeyScope(Base):
    """A course a key may use; a key without scopes may use every course of its platform."""

    __tablename__ = "key_scopes"
    key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id", ondelete="CASCADE"), primary_key=True)
    course: Mapped[str] = mapped_column(String(200), primary_key=True)


class Course(Base):
    __tablename__ = "courses"
    __table_args__ = (UniqueConstraint("platform_id", "slug"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    platform_id: Mapped[int] = mapped_column(ForeignKey("platforms.id", ondelete="CASCADE"))
    slug: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)


class Student(Base):
    __tablename__ = "students"
    __table_args__ = (UniqueConstraint("course_id", "external_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    external_id: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)


class Submission(Base):
    __tablename__ = "submissions"
    __table_args__ = (
        UniqueConstraint("platform_id", "idempotency_key"),
        Index("ix_submissions_course_challenge_created", "course_id", "challenge", "created_at"),
        Index("ix_submissions_course_created", "course_id", "created_at", "id"),  # the long CSV's order
        Index("ix_submissions_student_created", "student_id", "created_at"),
        Index("ix_submissions_status_created", "status", "created_at"),
        Index("ix_submissions_platform_created", "platform_id", "created_at"),
    )
    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    platform_id: Mapped[int] = mapped_column(ForeignKey("platforms.id", ondelete="CASCADE"))
    api_key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id", ondelete="CASCADE"))
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id", ondelete="CASCADE"))
    challenge: Mapped[str] = mapped_column(String(100))
    lang: Mapped[str] = mapped_column(String(2))
    code: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(10), default="queued")
    score: Mapped[float | None] = mapped_column(Float)
    idempotency_key: Mapped[str | None] = mapped_column(String(200))
    # SHA-256 of the request that first used the key: the key sent with another body is refused
    idempotency_fingerprint: Mapped[str | None] = mapped_column(String(64))
    callback_url: Mapped[str | None] = mapped_column(String(2000))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    started_at: Mapped[datetime | None] = mapped_column(Instant())
    sent_at: Mapped[datetime | None] = mapped_column(Instant())  # last re-send by the sweeper
    finished_at: Mapped[datetime | None] = mapped_column(Instant())
    course: Mapped[Course] = relationship(lazy="joined")
    student: Mapped[Student] = relationship(lazy="joined")


class GradingResult(Base):
    """One grading of a submission against one version of its challenge (regrades add rows)."""

    __tablename__ = "results"
    __table_args__ = (
        UniqueConstraint("submission_id", "challenge_version"),
        Index("ix_results_course_challenge", "course_id", "challenge"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    submission_id: Mapped[str] = mapped_column(ForeignKey("submissions.id", ondelete="CASCADE"))
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    challenge: Mapped[str] = mapped_column(String(100))
    challenge_version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10))
    score: Mapped[float] = mapped_column(Float)
    points: Mapped[int] = mapped_column(Integer)
    max_points: Mapped[int] = mapped_column(Integer)
    error_kind: Mapped[str | None] = mapped_column(String(40))
    error_message: Mapped[str | None] = mapped_column(Text)
    error_line: Mapped[int | None] = mapped_column(Integer)
    stdout: Mapped[str] = mapped_column(Text, default="")
    grading_ms: Mapped[float] = mapped_column(Float)
    # the lesson step the localisation names (`localisation.step`), for what the dashboard counts
    localised_step: Mapped[str | None] = mapped_column(String(100))
    document: Mapped[str | None] = mapped_column(Text)  # the Result as the API answers it (JSON)
    # the same Result told in the other language (JSON), for the dashboard's language switch
    translation: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    tests: Mapped[list[TestOutcome]] = relationship(
        lazy="select", order_by="TestOutcome.position", cascade="all, delete-orphan"
    )
    diagnoses: Mapped[list[DiagnosisRow]] = relationship(
        lazy="select", order_by="DiagnosisRow.position", cascade="all, delete-orphan"
    )


class TestOutcome(Base):
    __test__ = False  # not a pytest class
    __tablename__ = "test_outcomes"
    __table_args__ = (Index("ix_test_outcomes_course_challenge_test", "course_id", "challenge", "test_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("results.id", ondelete="CASCADE"), index=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    challenge: Mapped[str] = mapped_column(String(100))
    position: Mapped[int] = mapped_column(Integer)
    test_id: Mapped[str] = mapped_column(String(100))
    category: Mapped[str] = mapped_column(String(60))
    passed: Mapped[bool] = mapped_column(Boolean)
    points: Mapped[int] = mapped_column(Integer)
    max_points: Mapped[int] = mapped_column(Integer)
    message: Mapped[str] = mapped_column(Text)


class DiagnosisRow(Base):
    __tablename__ = "diagnoses"
    __table_args__ = (
        Index("ix_diagnoses_course_challenge_diagnosis", "course_id", "challenge", "diagnosis_id"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("results.id", ondelete="CASCADE"), index=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("courses.id", ondelete="CASCADE"))
    challenge: Mapped[str] = mapped_column(String(100))
    position: Mapped[int] = mapped_column(Integer)
    diagnosis_id: Mapped[str] = mapped_column(String(100))
    message: Mapped[str] = mapped_column(Text)


class WebhookDelivery(Base):
    """One attempt to POST a graded submission to its callback_url."""

    __tablename__ = "webhook_deliveries"
    id: Mapped[int] = mapped_column(primary_key=True)
    submission_id: Mapped[str] = mapped_column(ForeignKey("submissions.id", ondelete="CASCADE"), index=True)
    url: Mapped[str] = mapped_column(String(2000))
    attempt: Mapped[int] = mapped_column(Integer)
    status_code: Mapped[int | None] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text)
    delivered: Mapped[bool] = mapped_column(Boolean)
    duration_ms: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(Instant(), default=now)


class WorkerBeat(Base):
    """A grading worker process and the sandbox layers it applies, refreshed while it lives."""

    __tablename__ = "workers"
    name: Mapped[str] = mapped_column(String(200), primary_key=True)
    layers: Mapped[str] = mapped_column(Text)
    started_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    seen_at: Mapped[datetime] = mapped_column(Instant(), default=now)
    # the challenges whose error model it still warms, comma-separated (graded meanwhile without it)
    warming: Mapped[str] = mapped_column(Text, default="", server_default="")
