"""The dashboard's aggregates: per course and challenge, kept by the transaction that stores a result.

Rows that count attempts follow each submission's newest result (a regrade moves its attempt from
the old result's test and error counts to the new one's); rows that count students follow each
student's best and diagnoses over those newest results, and the diagnoses of the student's current
attempt: their latest graded submission (by creation time, then id), as its newest result has them. `service.dashboard.aggregates.keep` keeps them,
`service.dashboard.aggregates.rebuild` recomputes them from the result rows.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.storage.instants import Instant
from service.storage.tables import Base


def _course() -> Mapped[int]:
    return mapped_column(ForeignKey("courses.id", ondelete="CASCADE"), primary_key=True)


class AggChallenge(Base):
    """A challenge of a course: students who tried it, reached 100, attempts, attempts that did not run."""

    __tablename__ = "agg_challenges"
    course_id: Mapped[int] = _course()
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    tried: Mapped[int] = mapped_column(Integer, default=0)
    reached_100: Mapped[int] = mapped_column(Integer, default=0)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    errored: Mapped[int] = mapped_column(Integer, default=0)


class AggBucket(Base):
    """Students whose best score falls in a bucket: 0 is 0-9, ..., 9 is 90-99, 10 is 100."""

    __tablename__ = "agg_buckets"
    course_id: Mapped[int] = _course()
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    bucket: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    students: Mapped[int] = mapped_column(Integer, default=0)


class AggTest(Base):
    """A hidden test over the newest results: attempts where it ran, failed, or did not run (errored)."""

    __tablename__ = "agg_tests"
    course_id: Mapped[int] = _course()
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    test_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    category: Mapped[str] = mapped_column(String(60))
    position: Mapped[int] = mapped_column(Integer)
    ran: Mapped[int] = mapped_column(Integer, default=0)
    failed: Mapped[int] = mapped_column(Integer, default=0)
    errored: Mapped[int] = mapped_column(Integer, default=0)


class AggError(Base):
    """Attempts whose newest result is an error of a kind (syntax, timeout...): they did not run."""

    __tablename__ = "agg_errors"
    course_id: Mapped[int] = _course()
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    kind: Mapped[str] = mapped_column(String(40), primary_key=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)


class AggDiagnosis(Base):
    """Students with a diagnosis in the newest result of one of their attempts (`students`: who ever
    had it), and those whose current attempt still has it (`holders`)."""

    __tablename__ = "agg_diagnoses"
    course_id: Mapped[int] = _course()
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    diagnosis_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    students: Mapped[int] = mapped_column(Integer, default=0)
    holders: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class AggVersion(Base):
    """Submissions with a result at a version of the challenge (the rest are behind it: stale)."""

    __tablename__ = "agg_versions"
    course_id: Mapped[int] = _course()
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    submissions: Mapped[int] = mapped_column(Integer, default=0)


class AggStudentChallenge(Base):
    """One student in one challenge: graded attempts, best score, last attempt, diagnoses over every
    attempt and those of the current attempt (both `;`-joined), and what became of each message
    they were told."""

    __tablename__ = "agg_student_challenges"
    __table_args__ = (
        Index("ix_agg_student_challenges_best", "course_id", "challenge", "best", "external_id"),
    )
    course_id: Mapped[int] = _course()
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    external_id: Mapped[str] = mapped_column(String(200))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    best: Mapped[float] = mapped_column(Float, default=0.0)
    last_at: Mapped[datetime | None] = mapped_column(Instant())
    diagnoses: Mapped[str] = mapped_column(Text, default="")
    current_diagnoses: Mapped[str] = mapped_column(Text, default="", server_default="")
    # what became of each message told (`service.dashboard.aggregates.effect`, JSON)
    effects: Mapped[str] = mapped_column(Text, default="", server_default="")


class AggStudent(Base):
    """One student of a course over every challenge: the students table's row, sorted by its indexes."""

    __tablename__ = "agg_students"
    __table_args__ = (
        Index("ix_agg_students_external_id", "course_id", "external_id"),
        Index("ix_agg_students_attempts", "course_id", "attempts", "external_id"),
        Index("ix_agg_students_last_at", "course_id", "last_at", "external_id"),
    )
    course_id: Mapped[int] = _course()
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    external_id: Mapped[str] = mapped_column(String(200))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_at: Mapped[datetime | None] = mapped_column(Instant())


class AggFeedbackEffect(Base):
    """A message of a challenge (a diagnosis, or the lesson step a localisation names): students
    told it, those with a later attempt that ran, those whose next such attempt no longer has it,
    and those in whose later attempts it is gone (`service.dashboard.aggregates.effect`)."""

    __tablename__ = "agg_feedback_effects"
    course_id: Mapped[int] = _course()
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    message_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    told: Mapped[int] = mapped_column(Integer, default=0)
    answered: Mapped[int] = mapped_column(Integer, default=0)
    gone_next: Mapped[int] = mapped_column(Integer, default=0)
    gone: Mapped[int] = mapped_column(Integer, default=0)


class AggFeedbackGone(Base):
    """Students in whom a message was gone after so many attempts and so long (a bucket of time:
    `effect.time_bucket`), from which the medians are read."""

    __tablename__ = "agg_feedback_gone"
    course_id: Mapped[int] = _course()
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    message_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    attempts: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    time_bucket: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    students: Mapped[int] = mapped_column(Integer, default=0)


AGGREGATES = (
    AggChallenge,
    AggBucket,
    AggTest,
    AggError,
    AggDiagnosis,
    AggVersion,
    AggStudentChallenge,
    AggStudent,
    AggFeedbackEffect,
    AggFeedbackGone,
)
