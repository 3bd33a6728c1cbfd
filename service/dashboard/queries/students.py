"""The students of a course: best score per challenge, attempts and last activity, one row each."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import course_ids
from service.dashboard.timezones import utc
from service.storage.tables import Student, Submission

SortKey = Literal["student", "attempts", "last", "best"]


@dataclass
class StudentRow:
    student: str
    best: dict[str, float | None] = field(default_factory=dict)  # challenge -> best score
    attempts: int = 0
    last_activity: datetime | None = None

    def best_of(self, challenge: str) -> float:
        return self.best.get(challenge) or 0.0


@dataclass(frozen=True)
class StudentFilter:
    text: str = ""  # part of the student's id
    challenge: str = ""  # with below: only students whose best on it is below that score
    below: float | None = None

    def keeps(self, row: StudentRow) -> bool:
        if self.challenge and self.below is not None:
            return row.best_of(self.challenge) < self.below
        return True


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def student_rows(session: Session, course: GrantedCourse, chosen: StudentFilter) -> list[StudentRow]:
    """One row per student of the course, from one GROUP BY over their submissions."""
    query = (
        select(
            Student.external_id,
            Submission.challenge,
            func.max(Submission.score),
            func.count(Submission.id),
            func.max(Submission.created_at),
        )
        .join(Student, Submission.student_id == Student.id)
        .where(Submission.course_id.in_(course_ids(course)))
        .group_by(Student.external_id, Submission.challenge)
    )
    if chosen.text:
        query = query.where(Student.external_id.ilike(_like(chosen.text), escape="\\"))
    rows: dict[str, StudentRow] = {}
    for student, challenge, best, attempts, last in session.execute(query):
        row = rows.setdefault(student, StudentRow(student))
        row.best[challenge] = best
        row.attempts += attempts
        moment = utc(last)
        if row.last_activity is None or (moment is not None and moment > row.last_activity):
            row.last_activity = moment
    return [row for row in rows.values() if chosen.keeps(row)]


def sort_rows(rows: list[StudentRow], key: SortKey, challenge: str, descending: bool) -> list[StudentRow]:
    """Sorted by the chosen column; ties always by the student's id, A to Z."""

    def value(row: StudentRow) -> float | str:
        if key == "attempts":
            return row.attempts
        if key == "last":
            return row.last_activity.timestamp() if row.last_activity else 0.0
        if key == "best":
            return row.best_of(challenge)
        return row.student.lower()

    by_name = sorted(rows, key=lambda row: row.student)
    return sorted(by_name, key=value, reverse=descending)  # stable: ties keep the A-to-Z order
