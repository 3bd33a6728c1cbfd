"""Gradebook CSV: one row per student (best per challenge), or one row per attempt (streamed).

Times are the pages' times: in the instructor's zone, as ISO 8601 with its offset, to the second
(`2026-12-01T15:04:05+01:00`), the zone named in the column's header; a spreadsheet or a script
reads the offset, a person reads the zone."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from sqlalchemy import Row, Select, func, null, select, text
from sqlalchemy.orm import Session

from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.feedback_effect import MessageEffect
from service.dashboard.queries.scope import GRADED, course_ids
from service.dashboard.queries.students import StudentRow
from service.dashboard.timezones import DEFAULT, Zone
from service.policies import late, store
from service.storage.tables import DiagnosisRow, GradingResult, Student, Submission

PAGE = 1000
FIRST_ROWS_FRACTION = 0.001
LONG_HEADER = [
    "student",
    "challenge",
    "submission_id",
    "created_at ({zone})",
    "status",
    "score",
    "points",
    "max_points",
    "challenge_version",
    "error_kind",
    "diagnoses",
    "late",
    "days_late",
    "counted_score",
]
NO_DUE = (null().label("due_at"), null().label("late_policy"), null().label("late_penalty_percent"))


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _inert(value: object) -> object:
    """A text cell a spreadsheet would run as a formula, made text with a leading `'` (OWASP's
    advice on CSV injection): student ids and course names come from platforms."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def _line(values: Iterable[object]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerow([_inert(v) for v in values])
    return buffer.getvalue()


def csv_line(values: Iterable[object]) -> str:
    """One CSV line (CRLF), its text cells inert in a spreadsheet."""
    return _line(values)


def _score(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def _time(moment: datetime | None, zone: Zone) -> str:
    return zone.local(moment).isoformat(timespec="seconds") if moment is not None else ""


def _header(names: Iterable[str], zone: Zone) -> list[str]:
    return [name.format(zone=zone.name) for name in names]


def wide(rows: Iterable[StudentRow], challenges: list[str], zone: Zone = DEFAULT) -> Iterator[str]:
    """The gradebook: one row per student with the best score of each challenge, then what the
    late policy counts of each (the best without a due date) and how many attempts came late."""
    counted = [f"counted_score ({c})" for c in challenges]
    late = [f"late_attempts ({c})" for c in challenges]
    yield _line(["student", *challenges, "attempts", f"last_activity ({zone.name})", *counted, *late])
    for row in rows:
        scores = [_score(row.best.get(c)) for c in challenges]
        counts = [_score(row.counted_of(c)) for c in challenges]
        lates = [row.late.get(c, 0) if c in row.best else "" for c in challenges]
        yield _line([row.student, *scores, row.attempts, _time(row.last_activity, zone), *counts, *lates])


EFFECT_HEADER = [
    "challenge",
    "kind",
    "message_id",
    "message",
    "shown_to",
    "tried_again",
    "gone_at_next_attempt",
    "gone_at_next_attempt_share",
    "gone",
    "median_attempts_until_gone",
    "median_seconds_until_gone",
]


def _figure(value: float | None) -> str:
    return "" if value is None else f"{value:.4g}"


def effect_lines(effects: Iterable[MessageEffect], words: Callable[[MessageEffect], str]) -> Iterator[str]:
    """Which messages work: one row per diagnosis or lesson step of a challenge, as the overview
    shows it (`words` names it in the page's language)."""
    yield _line(EFFECT_HEADER)
    for e in effects:
        counts = [e.told, e.answered, e.gone_next, _figure(e.next_share), e.gone]
        medians = [_figure(e.median_attempts), _figure(e.median_seconds)]
        yield _line([e.challenge, e.kind, e.message_id, words(e), *counts, *medians])


def _course_id(session: Session, course: GrantedCourse) -> int | None:
    return session.scalar(course_ids(course))


def attempts_in_order(course_id: int, dues: bool) -> Select[*tuple[Any, ...]]:
    """Every submission of the course in (created_at, id) order, read along the index of that
    order (no sort before the first row), each with its student and its newest result's points,
    version, error kind and diagnoses (two index lookups per row), and, where the course sets due
    dates (`dues`), the student's (a few more lookups per row)."""
    newest = (
        select(func.max(GradingResult.id))
        .where(GradingResult.submission_id == Submission.id)
        .correlate(Submission)
        .scalar_subquery()
    )
    diagnoses = (
        select(func.aggregate_strings(DiagnosisRow.diagnosis_id, ";"))
        .where(DiagnosisRow.result_id == GradingResult.id)
        .correlate(GradingResult)
        .scalar_subquery()
    )
    return (
        select(
            Student.external_id,
            Submission.challenge,
            Submission.id,
            Submission.created_at,
            Submission.status,
            Submission.score,
            GradingResult.points,
            GradingResult.max_points,
            GradingResult.challenge_version,
            GradingResult.error_kind,
            diagnoses,
            *(
                store.due_columns(Submission.course_id, Student.external_id, Submission.challenge)
                if dues
                else NO_DUE
            ),
        )
        .join(Student, Submission.student_id == Student.id)
        .outerjoin(GradingResult, GradingResult.id == newest)
        .where(Submission.course_id == course_id)
        .order_by(Submission.created_at, Submission.id)
    )


def _long_row(row: Row[Any], zone: Zone) -> list[object]:
    student, challenge, sid, created, status, score, *graded = row[: len(LONG_HEADER) - 3]
    counted = late.counted(created, score if status in GRADED else None, store.due_of(row))
    told = [counted.late, counted.days_late, _score(counted.counted_score)]
    # only the student's id and the challenge come from platforms: the other cells are ours
    return [
        _inert(student),
        _inert(challenge),
        sid,
        _time(created, zone),
        status,
        _score(score),
        *graded,
        *told,
    ]


def long_lines(
    course: GrantedCourse,
    open_session: Callable[[], AbstractContextManager[Session]],
    *,
    zone: Zone = DEFAULT,
) -> Iterator[str]:
    """Every attempt of the course, oldest first, streamed in pieces of `PAGE` lines: one query
    whose rows arrive a page at a time (a server-side cursor on PostgreSQL; SQLite steps through
    its rows as they are fetched), so memory stays bounded by a page whatever the size of the
    course, and the first lines leave before the last rows are read. One read transaction: a
    consistent file."""
    yield _line(_header(LONG_HEADER, zone))
    with open_session() as session:
        course_id = _course_id(session, course)
        if course_id is None:
            return
        if session.get_bind().dialect.name == "postgresql":
            # a stream wants its first rows at once: for a cursor PostgreSQL plans by default for
            # a tenth of the rows, and for a large course picks hash joins and a sort of it all
            session.execute(text(f"SET LOCAL cursor_tuple_fraction = {FIRST_ROWS_FRACTION}"))
        # Core rows: the ORM's per-row work buys nothing for plain columns
        dues = store.any_due(session.connection(), course_id)
        rows = session.connection().execute(
            attempts_in_order(course_id, dues), execution_options={"yield_per": PAGE}
        )
        for page in rows.partitions():
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="\r\n").writerows(_long_row(row, zone) for row in page)
            yield buffer.getvalue()
