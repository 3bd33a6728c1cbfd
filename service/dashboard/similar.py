"""A course's similar report for one challenge: each student's best (or last) program read and
compared (`similarity`), for the dashboard's page and the platform's API alike."""

from __future__ import annotations

from grader.challenge import Challenge
from service.dashboard import similarity
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.submitted import MAX_CLASS, Which, one_per_student
from service.storage.db import Database


def report(
    db: Database, course: GrantedCourse, challenge: Challenge, which: Which
) -> tuple[similarity.Report, bool]:
    """The challenge's similar pairs in the course, and whether the class was capped."""
    with db.reading() as session:
        sources = one_per_student(session, course, challenge.id, which)
    handed = similarity.given(challenge.starter, challenge.reference_source)
    return similarity.compare(sources, handed), len(sources) >= MAX_CLASS
