"""The pages whose cost must not grow with the class read along an index in the page's order:
SQLite's plan of each statement sorts nothing (not even the ties of a column) and the
timeline does not walk the course's submissions to find one student's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event, insert
from sqlalchemy.orm import Session, sessionmaker

from service.core.settings import Settings
from service.dashboard.aggregates.tables import AggStudent, AggStudentChallenge
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.students import Order, StudentFilter, student_page
from service.dashboard.queries.timeline import attempts
from service.storage.db import make_engine
from service.storage.migrations import upgrade
from service.storage.tables import Submission
from tests.dashboard.seeding import seed_course

SORT = "USE TEMP B-TREE FOR"  # also "... RIGHT PART OF ORDER BY": it sorts ties, a class at 100


@pytest.fixture
def sqlite(tmp_path: Path, settings: Settings) -> Iterator[Engine]:
    url = f"sqlite:///{tmp_path / 'plans.db'}"
    upgrade(settings, url)
    made = make_engine(url)
    yield made
    made.dispose()


def _course(engine: Engine) -> GrantedCourse:
    with sessionmaker(engine).begin() as session:
        seeded = seed_course(session, "c", ["ana"])
        key, course, [student] = seeded.key, seeded.course, seeded.students
        ids = {"course_id": course.id, "student_id": student.id, "external_id": "ana"}
        session.execute(insert(AggStudent), [{**ids, "attempts": 1}])
        session.execute(insert(AggStudentChallenge), [{**ids, "challenge": "bloque", "best": 50.0}])
        row = {"platform_id": key.platform_id, "api_key_id": key.id, "challenge": "bloque", "lang": "en"}
        session.execute(
            insert(Submission),
            [{**row, "course_id": course.id, "student_id": student.id, "id": "s1", "code": ""}],
        )
        return GrantedCourse("c", "platform", key.platform_id)


def _plans(engine: Engine, work: Callable[[Session], object]) -> list[str]:
    """SQLite's plan of every statement `work` runs, one line per step."""
    seen: list[tuple[str, Any]] = []

    def note(_c: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, parameters))

    with _listening(engine, note), sessionmaker(engine).begin() as session:
        work(session)
    with engine.connect() as connection:
        return [
            str(step[3])
            for statement, parameters in seen
            for step in connection.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters)
        ]


@contextmanager
def _listening(engine: Engine, note: Callable[..., None]) -> Iterator[None]:
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield
    finally:
        event.remove(engine, "before_cursor_execute", note)


@pytest.mark.parametrize("order", [Order(), Order("attempts", "", True), Order("best", "bloque", True)])
def test_a_students_page_is_read_in_index_order(sqlite: Engine, order: Order) -> None:
    course = _course(sqlite)
    plans = _plans(sqlite, lambda s: student_page(s, course, StudentFilter(), order, 1))
    assert plans
    assert not [step for step in plans if SORT in step], plans
    course_walks = [step for step in plans if "agg_student_challenges" in step and "(course_id=?)" in step]
    assert not course_walks, plans
    print(plans)  # the page's bests are looked up by their whole key


def test_a_timeline_finds_the_student_then_their_submissions(sqlite: Engine) -> None:
    course = _course(sqlite)
    plans = _plans(sqlite, lambda s: attempts(s, course, "ana"))
    assert any("ix_submissions_student_created" in step for step in plans), plans
    assert not [step for step in plans if "ix_submissions_course" in step], plans
