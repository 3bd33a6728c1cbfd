"""The rows of one course (one platform's course of that name) as reusable SQL fragments."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import ColumnElement, Select, case, exists, func, select

from service.dashboard.grants import GrantedCourse
from service.storage.tables import Course, GradingResult, Submission

GRADED = ("done", "error")


def course_ids(course: GrantedCourse) -> Select[int]:
    return select(Course.id).where(Course.platform_id == course.platform_id, Course.slug == course.slug)


def graded_submissions(course: GrantedCourse) -> ColumnElement[bool]:
    return Submission.course_id.in_(course_ids(course)) & Submission.status.in_(GRADED)


def latest_result_ids(course: GrantedCourse) -> Select[int]:
    """The newest result of each submission of the course (a regrade adds a newer one)."""
    return (
        select(func.max(GradingResult.id))
        .where(GradingResult.course_id.in_(course_ids(course)))
        .group_by(GradingResult.submission_id)
    )


def current_version(versions: Mapping[str, int]) -> ColumnElement[int]:
    """The current version of each submission's challenge (from the challenges the app loaded)."""
    return case(dict(versions), value=Submission.challenge, else_=-1)


def not_graded_at_current(versions: Mapping[str, int]) -> ColumnElement[bool]:
    """The submission has no result for the current version of its challenge (one index lookup)."""
    return ~exists().where(
        GradingResult.submission_id == Submission.id,
        GradingResult.challenge_version == current_version(versions),
    )
