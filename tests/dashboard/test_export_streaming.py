"""The long CSV streams: one query read a chunk at a time (a server-side cursor on PostgreSQL), so
its first lines leave while most rows are still unread, and memory stays bounded by a chunk."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine, insert, select, text
from sqlalchemy.orm import Session, sessionmaker

from service.dashboard import export
from service.dashboard.grants import GrantedCourse
from service.storage.tables import Course, GradingResult, Submission
from tests.dashboard.seeding import seed_course

ROWS = 30_000


def _fill(engine: Engine) -> GrantedCourse:
    opener = sessionmaker(engine, expire_on_commit=False)
    with opener.begin() as session:
        seeded = seed_course(session, "big", ["s"])
        key, course, [student] = seeded.key, seeded.course, seeded.students
        start = datetime(2026, 1, 1, tzinfo=UTC)
        rows = [
            {
                "id": f"{n:032x}",
                "platform_id": key.platform_id,
                "api_key_id": key.id,
                "course_id": course.id,
                "student_id": student.id,
                "challenge": "bloque",
                "lang": "en",
                "code": "",
                "status": "queued",
                "attempts": 0,
                "created_at": start + timedelta(seconds=n),
            }
            for n in range(ROWS)
        ]
        session.execute(insert(Submission), rows)
        return GrantedCourse("big", "platform", key.platform_id)


def test_the_long_csv_is_read_a_chunk_at_a_time(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(export, "PAGE", 100)  # a chunk far smaller than the file
    course = _fill(engine)
    opened: list[Session] = []

    @contextmanager
    def session_of() -> Iterator[Session]:
        with sessionmaker(engine).begin() as session:
            opened.append(session)
            yield session

    for _ in export.long_lines(course, session_of):  # once first: caches (compiled SQL) are filled
        pass
    opened.clear()
    lines = export.long_lines(course, session_of)
    tracemalloc.start()
    try:
        first = [next(lines) for _ in range(3)]  # the header and two pieces of attempts
        if engine.dialect.name == "postgresql":  # a cursor is open on the server, rows left in it
            open_cursors = opened[0].execute(text("SELECT count(*) FROM pg_cursors")).scalar_one()
            assert open_cursors == 1
        rest = sum(len(line) for line in lines)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert first[1].startswith("s,bloque,00000000000000000000000000000000,2026-01-01T00:00:00+00:00,queued")
    size = rest + sum(len(line) for line in first)
    assert size > 1_000_000  # the whole file...
    assert peak < size / 4  # ...was never in memory at once


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)  # SQLite has no cursor to plan
def test_postgresql_plans_the_long_csv_for_its_first_rows(engine: Engine) -> None:
    """The course read along its (created_at, id) index, not hashed and sorted whole first."""
    assert engine.dialect.name == "postgresql"
    course = _fill(engine)
    with engine.connect() as connection:
        graded = [
            {
                "submission_id": sid,
                "course_id": course_id,
                "challenge": "bloque",
                "challenge_version": 1,
                "status": "done",
                "score": 50.0,
                "points": 1,
                "max_points": 2,
                "stdout": "",
                "grading_ms": 10.0,
            }
            for sid, course_id in connection.execute(select(Submission.id, Submission.course_id))
        ]
        connection.execute(insert(GradingResult), graded)
        connection.execute(text("ANALYZE"))
        connection.commit()
        course_id = connection.execute(select(Course.id)).scalar_one()
    query = export.attempts_in_order(course_id, dues=False).compile(
        engine, compile_kwargs={"literal_binds": True}
    )
    plans: list[str] = []

    @contextmanager
    def session_of() -> Iterator[Session]:
        with sessionmaker(engine).begin() as session:
            yield session
            plans.extend(session.execute(text(f"EXPLAIN DECLARE probe CURSOR FOR {query}")).scalars())

    for _ in export.long_lines(course, session_of):
        pass
    plan = "\n".join(plans)
    assert "ix_submissions_course_created" in plan, plan
    assert "Sort" not in plan, plan
