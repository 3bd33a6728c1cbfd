"""The naive way the dashboard benchmarks compare against: every page recomputed from the rows of
the whole course (the dashboard's queries before the aggregates), every CSV built in memory."""

from __future__ import annotations

from typing import Any

from bench_fill import BigCourse
from sqlalchemy import Subquery, case, distinct, func, select
from sqlalchemy.orm import Session

from service.dashboard import export
from service.dashboard.queries.scope import graded_submissions, latest_result_ids
from service.storage.tables import DiagnosisRow, GradingResult, Student, Submission, TestOutcome


def _best_per_student(course: BigCourse) -> Subquery:
    return (
        select(
            Submission.challenge.label("challenge"),
            Submission.student_id.label("student_id"),
            func.max(Submission.score).label("best"),
            func.count().label("attempts"),
        )
        .where(graded_submissions(course.granted))
        .group_by(Submission.challenge, Submission.student_id)
        .subquery()
    )


def _current_attempts(course: BigCourse) -> Subquery:
    """Each student's latest graded submission of each challenge, ranked over all of them."""
    ranked = (
        select(
            Submission.id.label("id"),
            func.row_number()
            .over(
                partition_by=(Submission.challenge, Submission.student_id),
                order_by=(Submission.created_at.desc(), Submission.id.desc()),
            )
            .label("rank"),
        )
        .where(graded_submissions(course.granted))
        .subquery()
    )
    return select(ranked.c.id).where(ranked.c.rank == 1).subquery()


def recomputed_overview(session: Session, course: BigCourse) -> list[Any]:
    """Totals, histograms, test failure rates and diagnoses (who ever had and who still has each),
    each a GROUP BY over the rows."""
    best = _best_per_student(course).c
    steps = [(best.best >= 100, 10)] + [(best.best >= 10 * b, b) for b in range(9, 0, -1)]
    bucket = case(*steps, else_=0).label("bucket")
    latest = latest_result_ids(course.granted)
    current = _current_attempts(course)
    failed = func.sum(case((TestOutcome.passed.is_(False), 1), else_=0))
    queries = [
        select(
            best.challenge,
            func.count(),
            func.sum(case((best.best >= 100, 1), else_=0)),
            func.sum(best.attempts),
        ).group_by(best.challenge),
        select(best.challenge, bucket, func.count()).group_by(best.challenge, bucket),
        select(TestOutcome.challenge, TestOutcome.test_id, func.count(), failed)
        .where(TestOutcome.result_id.in_(latest))
        .group_by(TestOutcome.challenge, TestOutcome.test_id),
        select(DiagnosisRow.challenge, DiagnosisRow.diagnosis_id, func.count(distinct(Submission.student_id)))
        .join(GradingResult, DiagnosisRow.result_id == GradingResult.id)
        .join(Submission, GradingResult.submission_id == Submission.id)
        .where(DiagnosisRow.result_id.in_(latest))
        .group_by(DiagnosisRow.challenge, DiagnosisRow.diagnosis_id),
        select(DiagnosisRow.challenge, DiagnosisRow.diagnosis_id, func.count(distinct(Submission.student_id)))
        .join(GradingResult, DiagnosisRow.result_id == GradingResult.id)
        .join(Submission, GradingResult.submission_id == Submission.id)
        .where(DiagnosisRow.result_id.in_(latest), Submission.id.in_(select(current.c.id)))
        .group_by(DiagnosisRow.challenge, DiagnosisRow.diagnosis_id),
    ]
    return [session.execute(query).all() for query in queries]


def _student_rows(session: Session, course: BigCourse) -> list[tuple[str, dict[str, float], int]]:
    """One row per student: best per challenge and attempts, from one GROUP BY over every submission."""
    query = (
        select(
            Student.external_id, Submission.challenge, func.max(Submission.score), func.count(Submission.id)
        )
        .join(Student, Submission.student_id == Student.id)
        .where(Submission.course_id == course.course_id)
        .group_by(Student.external_id, Submission.challenge)
    )
    rows: dict[str, tuple[str, dict[str, float], list[int]]] = {}
    for student, challenge, best, attempts in session.execute(query):
        row = rows.setdefault(student, (student, {}, [0]))
        row[1][challenge] = best or 0.0
        row[2][0] += attempts
    return [(student, bests, total[0]) for student, bests, total in rows.values()]


def naive_students_page(
    session: Session, course: BigCourse, number: int, size: int = 50, by_best: bool = True
) -> list[Any]:
    """Every student's row, sorted in Python, then one page cut out."""
    rows = sorted(_student_rows(session, course), key=lambda row: row[0])
    if by_best:
        rows.sort(key=lambda row: row[1].get("bloque", 0.0), reverse=True)
    return rows[(number - 1) * size : number * size]


def naive_gradebook(session: Session, course: BigCourse) -> str:
    rows = sorted(_student_rows(session, course))
    return "".join(export.csv_line([student, *bests.values(), attempts]) for student, bests, attempts in rows)


def naive_long_csv(session: Session, course: BigCourse) -> str:
    """Every row fetched at once, the whole file built in memory."""
    rows = session.connection().execute(export.attempts_in_order(course.course_id, dues=False)).all()
    return "".join(export.csv_line(row) for row in rows)
