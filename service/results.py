"""Results as rows: store a grader Result once per submission and challenge version, read it back."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from grader.models import Diagnosis, GradingError, HiddenTestResult, Result
from service.tables import DiagnosisRow, GradingResult, Submission, TestOutcome, now


def result_row(submission: Submission, version: int, result: Result) -> GradingResult:
    keys = {"course_id": submission.course_id, "challenge": submission.challenge}
    error = result.error
    return GradingResult(
        submission_id=submission.id,
        challenge_version=version,
        status=result.status,
        score=result.score,
        points=result.points,
        max_points=result.max_points,
        error_kind=error.kind if error else None,
        error_message=error.message if error else None,
        error_line=error.line if error else None,
        stdout=result.stdout,
        grading_ms=result.grading_ms,
        document=result.model_dump_json(),
        tests=[
            TestOutcome(
                position=i,
                test_id=t.id,
                category=t.category,
                passed=t.passed,
                points=t.points,
                max_points=t.max_points,
                message=t.message,
                **keys,
            )
            for i, t in enumerate(result.tests)
        ],
        diagnoses=[
            DiagnosisRow(position=i, diagnosis_id=d.id, message=d.message, **keys)
            for i, d in enumerate(result.diagnoses)
        ],
        **keys,
    )


def record(session: Session, submission: Submission, version: int, result: Result) -> None:
    """Add the result and finish the submission (the caller commits; a duplicate fails there)."""
    session.add(result_row(submission, version, result))
    submission.status = result.status
    submission.score = result.score
    submission.finished_at = now()


def to_result(row: GradingResult) -> Result:
    if row.document is not None:
        return Result.model_validate_json(row.document)
    return _from_rows(row)


def _from_rows(row: GradingResult) -> Result:
    error = None
    if row.error_kind is not None:
        error = GradingError(kind=row.error_kind, message=row.error_message or "", line=row.error_line)
    return Result(
        challenge=row.challenge,
        status=row.status,
        score=row.score,
        points=row.points,
        max_points=row.max_points,
        tests=[
            HiddenTestResult(
                id=t.test_id,
                category=t.category,
                passed=t.passed,
                points=t.points,
                max_points=t.max_points,
                message=t.message,
            )
            for t in row.tests
        ],
        diagnoses=[Diagnosis(id=d.diagnosis_id, message=d.message) for d in row.diagnoses],
        error=error,
        stdout=row.stdout,
        grading_ms=row.grading_ms,
    )


def latest_results(session: Session, submission_ids: Iterable[str]) -> dict[str, GradingResult]:
    """The newest result of each submission (regrades add newer ones), in one query."""
    ids = list(submission_ids)
    if not ids:
        return {}
    rows = session.scalars(
        select(GradingResult).where(GradingResult.submission_id.in_(ids)).order_by(GradingResult.id)
    )
    return {row.submission_id: row for row in rows}
