"""Results as rows: store a grader Result once per submission and challenge version, read it back."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Connection, bindparam, insert, select, update
from sqlalchemy.orm import Session

from grader.models import Diagnosis, GradingError, HiddenTestResult, Result
from service.storage import results_postgres
from service.storage.tables import Base, DiagnosisRow, GradingResult, Submission, TestOutcome, now

# Built once: Core statements on the tables (no ORM bulk machinery), rows passed as parameters.
_INSERT_RESULT = insert(Base.metadata.tables[GradingResult.__tablename__]).returning(GradingResult.id)
_INSERT_TESTS = insert(Base.metadata.tables[TestOutcome.__tablename__])
_INSERT_DIAGNOSES = insert(Base.metadata.tables[DiagnosisRow.__tablename__])
_FINISH = (
    update(Base.metadata.tables[Submission.__tablename__])
    .where(Submission.id == bindparam("submission_id"))
    .values(
        status=bindparam("graded_status"), score=bindparam("graded_score"), finished_at=bindparam("finished")
    )
)


@dataclass(frozen=True)
class Stored:
    """What storing a result needs to know of its submission."""

    id: str
    course_id: int
    challenge: str


def store(
    connection: Connection,
    submission: Stored,
    version: int,
    result: Result,
    translation: Result | None = None,
) -> None:
    """Insert the result and its test and diagnosis rows (a duplicate fails at the unique key)."""
    row = result_row(submission, version, result, translation)
    result_id = connection.execute(_INSERT_RESULT, row).scalar_one()
    keys = {"result_id": result_id, "course_id": submission.course_id, "challenge": submission.challenge}
    if result.tests:
        connection.execute(_INSERT_TESTS, [{**row, **keys} for row in outcome_rows(result)])
    if result.diagnoses:
        connection.execute(_INSERT_DIAGNOSES, [{**row, **keys} for row in diagnosis_rows(result)])


def finish(connection: Connection, submission_id: str, result: Result) -> datetime:
    """Mark the submission graded; the moment it finished."""
    finished_at = now()
    values = {"graded_status": result.status, "graded_score": result.score, "finished": finished_at}
    connection.execute(_FINISH, {"submission_id": submission_id, **values})
    return finished_at


class OnStored(Protocol):
    """What else the storing transaction keeps up to date (the dashboard's aggregates, handed in
    by the process that stores): called before the result is written, to read and lock what it
    needs of the state before; what it answers is called once the result is written."""

    def __call__(
        self, connection: Connection, submission: Stored, version: int, result: Result
    ) -> Callable[[], None]: ...


def store_graded(
    connection: Connection,
    submission: Stored,
    version: int,
    result: Result,
    translation: Result | None = None,
    *,
    on_stored: OnStored,
) -> datetime:
    """Store the result, mark the submission graded and do what `on_stored` adds, all or
    nothing: the connection must be in a transaction (a repeated delivery fails at the unique key
    and rolls it all back). The moment it finished."""
    stored = on_stored(connection, submission, version, result)
    finished_at = _store_and_finish(connection, submission, version, result, translation)
    stored()
    return finished_at


def _store_and_finish(
    connection: Connection, submission: Stored, version: int, result: Result, translation: Result | None
) -> datetime:
    """On PostgreSQL in one statement (data-modifying CTEs), elsewhere in two."""
    if connection.dialect.name == "postgresql":
        finished_at = now()
        row = result_row(submission, version, result, translation)
        results_postgres.store_and_finish(
            connection, row, outcome_rows(result), diagnosis_rows(result), finished_at
        )
        return finished_at
    store(connection, submission, version, result, translation)
    return finish(connection, submission.id, result)


def result_row(
    submission: Stored, version: int, result: Result, translation: Result | None = None
) -> dict[str, Any]:
    error = result.error
    return {
        "submission_id": submission.id,
        "course_id": submission.course_id,
        "challenge": submission.challenge,
        "challenge_version": version,
        "status": result.status,
        "score": result.score,
        "points": result.points,
        "max_points": result.max_points,
        "error_kind": error.kind if error else None,
        "error_message": error.message if error else None,
        "error_line": error.line if error else None,
        "stdout": result.stdout,
        "grading_ms": result.grading_ms,
        "localised_step": result.localisation.step if result.localisation else None,
        "document": result.model_dump_json(),
        "translation": translation.model_dump_json() if translation else None,
        "created_at": now(),
    }


def outcome_rows(result: Result) -> list[dict[str, Any]]:
    return [
        {
            "position": i,
            "test_id": t.id,
            "category": t.category,
            "passed": t.passed,
            "points": t.points,
            "max_points": t.max_points,
            "message": t.message,
        }
        for i, t in enumerate(result.tests)
    ]


def diagnosis_rows(result: Result) -> list[dict[str, Any]]:
    return [
        {"position": i, "diagnosis_id": d.id, "message": d.message} for i, d in enumerate(result.diagnoses)
    ]


def to_translation(row: GradingResult) -> Result | None:
    """The result in the other language than the platform asked for, when it was kept."""
    return Result.model_validate_json(row.translation) if row.translation is not None else None


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
