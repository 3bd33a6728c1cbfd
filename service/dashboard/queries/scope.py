"""The rows of one course (by slug, across platforms) as reusable SQL fragments."""

from __future__ import annotations

from sqlalchemy import ColumnElement, Select, func, select

from service.tables import Course, GradingResult, Submission

GRADED = ("done", "error")


def course_ids(course: str) -> Select[int]:
    return select(Course.id).where(Course.slug == course)


def graded_submissions(course: str) -> ColumnElement[bool]:
    return Submission.course_id.in_(course_ids(course)) & Submission.status.in_(GRADED)


def latest_result_ids(course: str) -> Select[int]:
    """The newest result of each submission of the course (a regrade adds a newer one)."""
    return (
        select(func.max(GradingResult.id))
        .where(GradingResult.course_id.in_(course_ids(course)))
        .group_by(GradingResult.submission_id)
    )
