"""Migration 0015 fills who still has each diagnosis from the results already stored, on SQLite
and PostgreSQL: a class graded before it sees its current holders at once, not from the next
grading on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from alembic import command
from sqlalchemy import Connection, create_engine, text

from service.core.settings import Settings
from service.storage.migrations import alembic_config

BEFORE = "0014_due_dates"
NOW = datetime(2026, 11, 1, tzinfo=UTC)


def _insert(connection: Connection, table: str, **values: object) -> None:
    columns = ", ".join(values)
    statement = f"INSERT INTO {table} ({columns}) VALUES (:{', :'.join(values)})"  # noqa: S608 the test's own names
    connection.execute(text(statement), values)


def _attempt(connection: Connection, number: int, student: int, found: list[str]) -> None:
    """Submission `number` of `student` in layer_norm, made `number` minutes in, graded with `found`."""
    submission = f"s{number:031d}"
    at = NOW + timedelta(minutes=number)
    _insert(connection, "submissions", id=submission, platform_id=1, api_key_id=1, course_id=1,
            student_id=student, challenge="layer_norm", lang="en", code="", status="done", score=50.0,
            attempts=1, created_at=at, finished_at=at)  # fmt: skip
    connection.execute(
        text(
            "INSERT INTO results (submission_id, course_id, challenge, challenge_version, status, score,"
            " points, max_points, stdout, grading_ms, created_at)"
            " VALUES (:s, 1, 'layer_norm', 1, 'done', 50.0, 1, 2, '', 1.0, :at)"
        ),
        {"s": submission, "at": at},
    )
    result = connection.execute(text("SELECT id FROM results WHERE submission_id = :s"), {"s": submission})
    result_id = result.scalar_one()
    for position, diagnosis in enumerate(found):
        _insert(connection, "diagnoses", result_id=result_id, course_id=1, challenge="layer_norm",
                position=position, diagnosis_id=diagnosis, message="")  # fmt: skip


def test_the_migration_fills_who_still_has_each_diagnosis(database_url: str, tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    command.upgrade(alembic_config(settings, database_url), BEFORE)
    engine = create_engine(database_url)
    try:
        with engine.begin() as connection:
            _insert(connection, "platforms", id=1, name="moodle", created_at=NOW)
            _insert(connection, "api_keys", id=1, platform_id=1, prefix="p" * 12, key_hash="h",
                    webhook_secret_sealed="w", created_at=NOW)  # fmt: skip
            _insert(connection, "courses", id=1, platform_id=1, slug="c1", created_at=NOW)
            for student, name in ((1, "ana"), (2, "ben")):
                _insert(connection, "students", id=student, course_id=1, external_id=name, created_at=NOW)
            _attempt(connection, 1, 1, ["by_column"])
            _attempt(connection, 2, 1, [])  # ana fixed it
            _attempt(connection, 3, 2, ["by_column", "no_eps"])
            _attempt(connection, 4, 2, ["no_eps"])  # ben fixed one of two
        command.upgrade(alembic_config(settings, database_url), "head")
        with engine.connect() as connection:
            counts = connection.execute(
                text("SELECT diagnosis_id, students, holders FROM agg_diagnoses ORDER BY diagnosis_id")
            ).all()
            each = connection.execute(
                text("SELECT student_id, current_diagnoses FROM agg_student_challenges ORDER BY student_id")
            ).all()
    finally:
        engine.dispose()
    assert [tuple(row) for row in counts] == [("by_column", 2, 0), ("no_eps", 1, 1)]
    assert [tuple(row) for row in each] == [(1, ""), (2, "no_eps")]
