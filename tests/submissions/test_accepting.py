"""Accepting a submission in a course whose policies set no limit is one statement: the course's
limits are asked by the insert itself, not by a query of their own before it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, insert, select

from grader.challenge import Challenge
from service.dashboard.aggregates.students import list_student
from service.policies.tables import CoursePolicy
from service.storage.db import Database
from service.storage.tables import Course, Submission, new_id
from service.submissions import accepting, schemas
from service.submissions.keys import CreatedKey, authenticate


def _accept_counting(
    db: Database, key: CreatedKey, known: dict[str, Challenge], student: str
) -> tuple[str, int]:
    """Accept one submission of `student` in course `c`: its status and the statements run."""
    with db.transaction() as session:
        caller = authenticate(session, key.key)
    body = schemas.SubmissionIn(challenge="layer_norm", code="x = 1\n", student=student, course="c")
    executed: list[Any] = []

    def seen(*_: Any) -> None:
        executed.append(_)

    event.listen(db.engine, "before_cursor_execute", seen)
    try:
        taken = accepting.accept(db, caller, body, None, known, new_id(), on_student=list_student)
    finally:
        event.remove(db.engine, "before_cursor_execute", seen)
    with db.transaction() as session:
        return session.get_one(Submission, taken.submission_id).status, len(executed)


def test_a_known_student_in_a_course_without_limits_is_accepted_in_one_statement(
    db: Database, key: CreatedKey, challenges: dict[str, Challenge]
) -> None:
    _accept_counting(db, key, challenges, "ana")  # makes the course and the student
    assert _accept_counting(db, key, challenges, "ana") == ("queued", 1)


def test_a_course_that_sets_a_limit_still_has_it_applied(
    db: Database, key: CreatedKey, challenges: dict[str, Challenge]
) -> None:
    _accept_counting(db, key, challenges, "ana")
    with db.transaction() as session:
        course_id = session.scalar(select(Course.id).where(Course.slug == "c"))
        session.execute(insert(CoursePolicy).values(course_id=course_id, challenge="*", max_attempts=1))
    status, statements = _accept_counting(db, key, challenges, "bea")  # a new student, under the limit
    assert status == "queued"
    assert statements > 1  # through the transaction that locks the student and counts attempts
