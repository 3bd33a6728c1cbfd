"""Gradebook CSV: one row per student (best per challenge), or one row per attempt (streamed)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import course_ids
from service.dashboard.queries.students import StudentRow
from service.dashboard.timezones import utc
from service.storage.db import reading
from service.storage.tables import DiagnosisRow, GradingResult, Student, Submission

PAGE = 1000
LONG_HEADER = [
    "student",
    "challenge",
    "submission_id",
    "created_at",
    "status",
    "score",
    "points",
    "max_points",
    "challenge_version",
    "error_kind",
    "diagnoses",
]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _inert(value: object) -> object:
    """A text cell a spreadsheet would run as a formula, made text with a leading `'` (OWASP's
    advice on CSV injection): student ids and course names come from platforms."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def _line(values: Iterable[object]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerow([_inert(v) for v in values])
    return buffer.getvalue()


def _score(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def _time(moment: datetime | None) -> str:
    found = utc(moment)
    return found.isoformat() if found else ""


def wide(rows: Iterable[StudentRow], challenges: list[str]) -> Iterator[str]:
    """The gradebook: one row per student with the best score of each challenge."""
    yield _line(["student", *challenges, "attempts", "last_activity"])
    for row in rows:
        scores = [_score(row.best.get(c)) for c in challenges]
        yield _line([row.student, *scores, row.attempts, _time(row.last_activity)])


def _attempts_page(
    session: Session, course: GrantedCourse, after: tuple[datetime, str] | None
) -> list[tuple[Any, ...]]:
    """The next page of the course's submissions, in (created_at, id) order (keyset pagination)."""
    query = (
        select(
            Student.external_id,
            Submission.challenge,
            Submission.id,
            Submission.created_at,
            Submission.status,
            Submission.score,
        )
        .join(Student, Submission.student_id == Student.id)
        .where(Submission.course_id.in_(course_ids(course)))
        .order_by(Submission.created_at, Submission.id)
        .limit(PAGE)
    )
    if after is not None:
        query = query.where(
            or_(
                Submission.created_at > after[0],
                and_(Submission.created_at == after[0], Submission.id > after[1]),
            )
        )
    return [tuple(row) for row in session.execute(query)]


def _newest_results(session: Session, submission_ids: list[str]) -> dict[str, tuple[Any, ...]]:
    """Per submission of the page: points, max points, version, error kind and diagnoses of its newest result."""
    newest = (
        select(func.max(GradingResult.id))
        .where(GradingResult.submission_id.in_(submission_ids))
        .group_by(GradingResult.submission_id)
    )
    diagnoses = (
        select(DiagnosisRow.result_id, func.aggregate_strings(DiagnosisRow.diagnosis_id, ";").label("ids"))
        .where(DiagnosisRow.result_id.in_(newest))
        .group_by(DiagnosisRow.result_id)
        .subquery()
    )
    query = (
        select(
            GradingResult.submission_id,
            GradingResult.points,
            GradingResult.max_points,
            GradingResult.challenge_version,
            GradingResult.error_kind,
            diagnoses.c.ids,
        )
        .outerjoin(diagnoses, diagnoses.c.result_id == GradingResult.id)
        .where(GradingResult.id.in_(newest))
    )
    return {row[0]: tuple(row[1:]) for row in session.execute(query)}


def long_lines(
    course: GrantedCourse, open_session: Callable[[], AbstractContextManager[Session]] = reading
) -> Iterator[str]:
    """Every attempt of the course, oldest first, read a page at a time (short transactions)."""
    yield _line(LONG_HEADER)
    after: tuple[datetime, str] | None = None
    while True:
        with open_session() as session:
            page = _attempts_page(session, course, after)
            results = _newest_results(session, [row[2] for row in page])
        for student, challenge, sid, created, status, score in page:
            graded = results.get(sid, (None,) * 5)
            yield _line([student, challenge, sid, _time(created), status, _score(score), *graded])
        if len(page) < PAGE:
            return
        after = (page[-1][3], page[-1][2])
