"""PostgreSQL: a grading's result, its test and diagnosis rows, and the submission's new status in
one statement (data-modifying CTEs), so storing is one round trip and atomic without BEGIN/COMMIT.

The statement is built from the tables' metadata: every column of `results` but its key is
inserted, and each test and diagnosis row passed in a JSON array is read back as a record of its
table's own columns, so a column added to a table is stored here as on any other database. The
rows are the ones `service.storage.results` stores on any database.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Table, bindparam, cast, column, func, insert, select, true, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.sql.dml import Update
from sqlalchemy.sql.selectable import CTE

from service.storage.tables import DiagnosisRow, GradingResult, Submission, TestOutcome

RESULTS: Table = GradingResult.__table__  # type: ignore[assignment]
# What a test or diagnosis row takes from its result rather than from its own record.
FROM_RESULT = ("result_id", "course_id", "challenge")


def _parameter(name: str) -> str:
    # Named apart from the columns: a parameter named as a column of an INSERT's or UPDATE's
    # table is SQLAlchemy's own.
    return f"p_{name}"


def _children(result: CTE, table: Table, array: str) -> CTE:
    """The rows of `table` that the JSON array parameter `array` holds, inserted for `result`."""
    own = [c for c in table.c if not c.primary_key and c.name not in FROM_RESULT]
    records = (
        func.jsonb_to_recordset(cast(bindparam(_parameter(array)), JSONB))
        .table_valued(*(column(c.name, c.type) for c in own))
        .render_derived(with_types=True)
    )
    rows = select(
        result.c.id,
        bindparam(_parameter("course_id"), type_=table.c.course_id.type),
        bindparam(_parameter("challenge"), type_=table.c.challenge.type),
        *(records.c[c.name] for c in own),
    ).select_from(result.join(records, true()))  # one result, every record
    return insert(table).from_select([*FROM_RESULT, *(c.name for c in own)], rows).cte(array)


def _statement() -> Update:
    inserted: dict[str, Any] = {c.name: bindparam(_parameter(c.name)) for c in RESULTS.c if not c.primary_key}
    result = insert(RESULTS).values(inserted).returning(RESULTS.c.id).cte("result")
    outcomes = _children(result, TestOutcome.__table__, "outcomes")  # type: ignore[arg-type]
    diagnoses = _children(result, DiagnosisRow.__table__, "diagnoses")  # type: ignore[arg-type]
    finish = (
        update(Submission)
        .where(Submission.id == bindparam(_parameter("submission_id")))
        .values(
            status=bindparam(_parameter("status")),
            score=bindparam(_parameter("score")),
            finished_at=bindparam(_parameter("finished_at")),
        )
    )
    return finish.add_cte(result).add_cte(outcomes).add_cte(diagnoses)


STORE_AND_FINISH = _statement()


def store_and_finish(
    connection: Connection,
    result: dict[str, Any],
    outcomes: list[dict[str, Any]],
    diagnoses: list[dict[str, Any]],
    finished_at: datetime,
) -> None:
    """Insert the result row with its outcome and diagnosis rows and finish the submission; a
    duplicate result fails the whole statement at the unique key."""
    parameters = {
        **result,
        "outcomes": json.dumps(outcomes),
        "diagnoses": json.dumps(diagnoses),
        "finished_at": finished_at,
    }
    connection.execute(STORE_AND_FINISH, {_parameter(k): v for k, v in parameters.items()})
