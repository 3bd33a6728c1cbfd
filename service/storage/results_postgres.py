"""PostgreSQL: a grading's result, its test and diagnosis rows, and the submission's new status in
one statement (data-modifying CTEs), so storing is one round trip and atomic without BEGIN/COMMIT.

The rows are the ones `service.storage.results` stores on any database, passed as JSON arrays.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

STORE_AND_FINISH = text(
    """
WITH result AS (
    INSERT INTO results (submission_id, course_id, challenge, challenge_version, status, score, points,
                         max_points, error_kind, error_message, error_line, stdout, grading_ms,
                         localised_step, document, translation, created_at)
    VALUES (:submission_id, :course_id, :challenge, :challenge_version, :status, :score, :points,
            :max_points, :error_kind, :error_message, :error_line, :stdout, :grading_ms,
            :localised_step, :document, :translation, :created_at)
    RETURNING id
), outcomes AS (
    INSERT INTO test_outcomes (result_id, course_id, challenge, position, test_id, category, passed,
                               points, max_points, message)
    SELECT result.id, :course_id, :challenge, t.position, t.test_id, t.category, t.passed, t.points,
           t.max_points, t.message
    FROM result, jsonb_to_recordset(CAST(:outcomes AS jsonb)) AS t(position integer, test_id text,
        category text, passed boolean, points integer, max_points integer, message text)
), diagnoses AS (
    INSERT INTO diagnoses (result_id, course_id, challenge, position, diagnosis_id, message)
    SELECT result.id, :course_id, :challenge, d.position, d.diagnosis_id, d.message
    FROM result, jsonb_to_recordset(CAST(:diagnoses AS jsonb)) AS d(position integer, diagnosis_id text,
        message text)
)
UPDATE submissions SET status = :status, score = :score, finished_at = :finished_at
WHERE id = :submission_id
"""
)


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
    connection.execute(STORE_AND_FINISH, parameters)
