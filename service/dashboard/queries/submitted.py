"""Each student's best (or last) graded submission to one challenge of a course, with its code:
what the similarity page compares."""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import GRADED, course_ids
from service.dashboard.similarity import Source
from service.storage.tables import Student, Submission

Which = Literal["best", "last"]
MAX_CLASS = 5000  # students compared at once; a larger class is compared in its first 5000 by id


def one_per_student(session: Session, course: GrantedCourse, challenge: str, which: Which) -> list[Source]:
    newest_first: Any = Submission.created_at.desc()
    best_first: Any = func.coalesce(Submission.score, -1.0).desc()
    order = [newest_first] if which == "last" else [best_first, newest_first]
    rank = func.row_number().over(partition_by=Submission.student_id, order_by=order).label("rank")
    ranked = (
        select(Submission.id, Student.external_id, Submission.code, rank)
        .join(Student, Student.id == Submission.student_id)
        .where(
            Submission.course_id.in_(course_ids(course)),
            Submission.challenge == challenge,
            Submission.status.in_(GRADED),
        )
        .subquery()
    )
    query = (
        select(ranked.c.id, ranked.c.external_id, ranked.c.code)
        .where(ranked.c.rank == 1)
        .order_by(ranked.c.external_id)
        .limit(MAX_CLASS)
    )
    return [Source(key, student, code) for key, student, code in session.execute(query)]
