"""Storing a graded result: the one-statement way (PostgreSQL) stores exactly the rows of the generic way."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Table, select
from sqlalchemy.exc import IntegrityError

from grader.challenge import Challenge
from grader.models import Diagnosis, GradingError, HiddenTestResult, Result
from service.dashboard.aggregates.keep import keep
from service.dashboard.aggregates.students import list_student
from service.storage.db import Database
from service.storage.results import Stored, finish, store, store_graded
from service.storage.tables import Base, Submission, new_id
from service.submissions import accepting, records, schemas
from service.submissions.keys import CreatedKey, authenticate

RESULT = Result(
    challenge="layer_norm",
    status="done",
    score=50.0,
    points=1,
    max_points=2,
    tests=[
        HiddenTestResult(id="shape", category="shape", passed=True, points=1, max_points=1, message="ok"),
        HiddenTestResult(
            id="rows", category="normalization", passed=False, points=0, max_points=1, message="ñ"
        ),
    ],
    diagnoses=[Diagnosis(id="by_column", message="normaliza por columna 'x' \"y\"")],
    error=GradingError(kind="crash", message="boom", line=3),
    stdout="printed\n",
    grading_ms=7.5,
)


def _submission(db: Database, key: CreatedKey, known: dict[str, Challenge], student: str) -> Stored:
    """A submission stored as the API stores one."""
    with db.transaction() as session:
        caller = authenticate(session, key.key)
    body = schemas.SubmissionIn(challenge="layer_norm", code="x = 1\n", student=student, course="c")
    taken = accepting.accept(db, caller, body, None, known, new_id(), on_student=list_student)
    with db.transaction() as session:
        row = session.get_one(Submission, taken.submission_id)
        return Stored(row.id, row.course_id, row.challenge)


def _rows(db: Database, submission_id: str) -> dict[str, Any]:
    """Every stored row of the submission's result, without ids and times."""
    tables = Base.metadata.tables
    volatile = {"id", "result_id", "submission_id", "created_at", "document", "finished_at", "started_at"}

    def plain(table: Table, where: Any) -> list[dict[str, Any]]:
        with db.transaction() as session:
            rows = session.execute(select(table).where(where).order_by(*table.primary_key)).mappings()
            return [{k: v for k, v in r.items() if k not in volatile} for r in rows]

    results, outcomes, diagnoses = tables["results"], tables["test_outcomes"], tables["diagnoses"]
    result_ids = select(results.c.id).where(results.c.submission_id == submission_id).scalar_subquery()
    return {
        "result": plain(results, results.c.submission_id == submission_id),
        "outcomes": plain(outcomes, outcomes.c.result_id == result_ids),
        "diagnoses": plain(diagnoses, diagnoses.c.result_id == result_ids),
        "submission": [
            {k: v for k, v in r.items() if k in ("status", "score")}
            for r in plain(tables["submissions"], tables["submissions"].c.id == submission_id)
        ],
    }


def test_storing_in_one_statement_stores_the_rows_of_the_generic_way(
    db: Database, key: CreatedKey, challenges: dict[str, Challenge]
) -> None:
    generic, graded = _submission(db, key, challenges, "ana"), _submission(db, key, challenges, "bea")
    with db.transaction() as session:
        store(session.connection(), generic, 1, RESULT)
        finish(session.connection(), generic.id, RESULT)
    with db.relaxed_transaction() as connection:
        finished_at = store_graded(connection, graded, 1, RESULT, on_stored=keep)
    assert _rows(db, graded.id) == _rows(db, generic.id)
    assert len(_rows(db, graded.id)["outcomes"]) == 2
    assert len(_rows(db, graded.id)["diagnoses"]) == 1
    with db.transaction() as session:
        stored = session.get_one(Submission, graded.id)
        assert records.utc(stored.finished_at) == finished_at  # type: ignore[arg-type]


def test_a_second_result_for_the_same_version_stores_nothing(
    db: Database, key: CreatedKey, challenges: dict[str, Challenge]
) -> None:
    graded = _submission(db, key, challenges, "ana")
    with db.relaxed_transaction() as connection:
        store_graded(connection, graded, 1, RESULT, on_stored=keep)
    before = _rows(db, graded.id)
    with pytest.raises(IntegrityError), db.relaxed_transaction() as connection:
        store_graded(
            connection, graded, 1, RESULT.model_copy(update={"score": 0.0, "status": "error"}), on_stored=keep
        )
    assert _rows(db, graded.id) == before


def test_relaxed_statements_commit_each_statement_without_waiting_for_the_disk(db: Database) -> None:
    with db.relaxed_statements() as connection:
        if connection.dialect.name != "postgresql":
            pytest.skip("SQLite: the block is one transaction, as with db.transaction()")
        assert connection.exec_driver_sql("SHOW synchronous_commit").scalar() == "off"
        assert connection.connection.dbapi_connection.autocommit  # type: ignore[union-attr]
    with db.relaxed_statements() as connection:  # its connection back from the pool: still so
        assert connection.connection.dbapi_connection.autocommit  # type: ignore[union-attr]


def test_a_relaxed_transaction_is_one_transaction_on_the_autocommit_engine(
    db: Database, key: CreatedKey, challenges: dict[str, Challenge]
) -> None:
    """A grading's result and the dashboard's aggregates are stored together or not at all."""
    graded = _submission(db, key, challenges, "ana")

    def store_then_fail() -> None:
        with db.relaxed_transaction() as connection:
            store_graded(connection, graded, 1, RESULT, on_stored=keep)
            raise RuntimeError("the block fails after its statements ran")

    with pytest.raises(RuntimeError):
        store_then_fail()
    assert _rows(db, graded.id)["result"] == []
    with db.relaxed_statements() as connection:  # the pool's connection is back in autocommit
        if connection.dialect.name == "postgresql":
            assert connection.connection.dbapi_connection.autocommit  # type: ignore[union-attr]
