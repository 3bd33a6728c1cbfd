"""Each student's best score per challenge, from the aggregates: what the roster shows beside
its learners (`service.roster.queries.Bests`, handed in by the pages that show it)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from service.dashboard.aggregates.tables import AggStudentChallenge


def bests(session: Session, course_id: int, students: Select[str]) -> Iterable[tuple[str, str, float]]:
    """(student, challenge, best) of the students `students` selects, where they submitted."""
    query = select(
        AggStudentChallenge.external_id, AggStudentChallenge.challenge, AggStudentChallenge.best
    ).where(AggStudentChallenge.course_id == course_id, AggStudentChallenge.external_id.in_(students))
    return [(student, challenge, best) for student, challenge, best in session.execute(query)]
