"""Each student's best (or last) graded submission to one challenge of a course, with its stored
print: what the similarity views compare. The program's code comes only for a submission
without a print of the current scheme (graded before prints were kept)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import Select, case, func, select
from sqlalchemy.orm import Session

from service.dashboard.fingerprint_tables import SubmissionFingerprint
from service.dashboard.fingerprints import SCHEME
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import GRADED, course_ids
from service.storage.tables import Student, Submission

Which = Literal["best", "last"]
MAX_CLASS = 5000  # students compared at once; a larger class is compared in its first 5000 by id


@dataclass(frozen=True)
class Printed:
    """One student's program as a view reads it: its print's smallest hashes (at most the bytes
    asked), or its code when it has no print yet."""

    key: str
    student: str
    hashes: bytes | None
    features: str
    cut: bool
    code: str | None


def _ranked(course: GrantedCourse, challenge: str, which: Which) -> Select[Any]:
    newest_first: Any = Submission.created_at.desc()
    best_first: Any = func.coalesce(Submission.score, -1.0).desc()
    order = [newest_first] if which == "last" else [best_first, newest_first]
    rank = func.row_number().over(partition_by=Submission.student_id, order_by=order).label("rank")
    return (
        select(Submission.id, Student.external_id, rank)
        .join(Student, Student.id == Submission.student_id)
        .where(
            Submission.course_id.in_(course_ids(course)),
            Submission.challenge == challenge,
            Submission.status.in_(GRADED),
        )
    )


def class_size(session: Session, course: GrantedCourse, challenge: str, which: Which) -> int:
    """The students with a graded program for the challenge, past MAX_CLASS too."""
    ranked = _ranked(course, challenge, which).subquery()
    count = select(func.count()).select_from(ranked).where(ranked.c.rank == 1)
    return int(session.execute(count).scalar_one())


def one_per_student(
    session: Session, course: GrantedCourse, challenge: str, which: Which, each_bytes: int
) -> list[Printed]:
    """The class, by student id; each print's first `each_bytes` bytes (its smallest hashes)."""
    ranked = _ranked(course, challenge, which).subquery()
    printed = SubmissionFingerprint.scheme == SCHEME
    query = (
        select(
            ranked.c.id,
            ranked.c.external_id,
            case((printed, func.substr(SubmissionFingerprint.hashes, 1, each_bytes)), else_=None),
            case((printed, SubmissionFingerprint.features), else_=""),
            case((printed, SubmissionFingerprint.cut), else_=False),
            case((printed, None), else_=Submission.code),
        )
        .join(Submission, Submission.id == ranked.c.id)
        .outerjoin(SubmissionFingerprint, SubmissionFingerprint.submission_id == ranked.c.id)
        .where(ranked.c.rank == 1)
        .order_by(ranked.c.external_id)
        .limit(MAX_CLASS)
    )
    return [Printed(*row) for row in session.execute(query)]
