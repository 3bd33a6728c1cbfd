"""Storing a result reuses compiled statements: once results of every shape have been stored,
storing another (more or fewer failed tests, diagnoses, an error, a regrade) compiles no SQL.
Compiling the statements again for each result cost the worker more than the database's work."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, Insert, event, func, select
from sqlalchemy.engine import Connection, default
from sqlalchemy.engine.interfaces import CacheStats
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from grader.models import Result
from service.dashboard.aggregates import keep as aggregates
from service.dashboard.aggregates.effect import Effect
from service.dashboard.aggregates.keep import keep
from service.storage.results import Stored, store_graded
from service.storage.tables import GradingResult, Submission, new_id
from tests.dashboard.seeding import SeededCourse, seed_course
from tests.dashboard.test_aggregates import synthetic

SHAPES = [
    synthetic(None, [True, True, True, True], []),
    synthetic(None, [True, False, True, False], ["by_column"]),
    synthetic(None, [False, False, True, False], ["by_column", "no_eps"]),
    synthetic("syntax", [], []),
    synthetic("timeout", [], []),
]


def _submission(opener: sessionmaker[Session], seeded: SeededCourse, student_id: int) -> Stored:
    submission = Submission(
        id=new_id(),
        platform_id=seeded.key.platform_id,
        api_key_id=seeded.key.id,
        course_id=seeded.course.id,
        student_id=student_id,
        challenge="layer_norm",
        lang="en",
        code="",
        status="running",
    )
    with opener.begin() as session:
        session.add(submission)
    return Stored(submission.id, seeded.course.id, "layer_norm")


def _compiled_while_storing(engine: Engine) -> list[str]:
    """Store every shape for two students of a new course, each then regraded; the statements
    compiled (not found in the cache) while storing."""
    opener = sessionmaker(engine, expire_on_commit=False)
    with opener.begin() as session:
        seeded = seed_course(session, new_id(), ["a", "b"])
    compiled: list[str] = []

    def seen(_: Connection, __: Any, statement: str, ___: Any, context: Any, ____: bool) -> None:
        cached = isinstance(context, default.DefaultExecutionContext) and context.compiled is not None
        if cached and context.cache_hit is not CacheStats.CACHE_HIT:
            compiled.append(statement)

    for student in seeded.students:
        for result in SHAPES:
            stored = _submission(opener, seeded, student.id)
            for version, graded in ((1, result), (2, SHAPES[0])):
                with engine.begin() as connection:
                    event.listen(connection, "before_cursor_execute", seen)
                    store_graded(connection, stored, version, graded, on_stored=keep)
    return compiled


def test_storing_a_result_compiles_no_statement_once_warm(engine: Engine) -> None:
    assert _compiled_while_storing(engine)  # the first of each statement is compiled, and seen
    assert _compiled_while_storing(engine) == []


def test_an_aggregate_write_that_fails_fails_the_whole_store_as_sqlalchemy_raises_it(engine: Engine) -> None:
    opener = sessionmaker(engine, expire_on_commit=False)
    with opener.begin() as session:
        seeded = seed_course(session, new_id(), ["a"])
    stored = _submission(opener, seeded, seeded.students[0].id)
    no_course = Stored(
        stored.id, seeded.course.id + 10_000, stored.challenge
    )  # its counters' key refers to nothing
    with pytest.raises(IntegrityError), engine.begin() as connection:
        store_graded(connection, no_course, 1, SHAPES[1], on_stored=keep)
    with engine.connect() as connection:  # nothing of it was kept, and the connection is usable
        assert connection.scalar(select(func.count()).select_from(GradingResult)) == 0
    with engine.begin() as connection:
        store_graded(connection, stored, 1, SHAPES[1], on_stored=keep)


def _executed_while_storing(
    engine: Engine, stored: Stored, version: int, result: Result = SHAPES[1]
) -> list[Any]:
    """The statements `store_graded` executed, as SQLAlchemy was given them."""
    executed: list[Any] = []

    def seen(_: Connection, statement: Any, *__: Any) -> None:
        executed.append(statement)

    with engine.begin() as connection:
        event.listen(connection, "before_execute", seen)
        store_graded(connection, stored, version, result, on_stored=keep)
    return executed


def test_a_first_result_takes_the_students_row_from_its_lock_and_a_regrade_recomputes_it(
    engine: Engine,
) -> None:
    """A submission's first result only adds itself to its student's row: the row comes from the
    lock's values, without the query over the student's newest results, which a regrade
    (a result that replaces one) still runs."""
    opener = sessionmaker(engine, expire_on_commit=False)
    with opener.begin() as session:
        seeded = seed_course(session, new_id(), ["a"])
    recomputing = {aggregates._HISTORY}
    for _ in range(2):  # the student's first submission, then another
        stored = _submission(opener, seeded, seeded.students[0].id)
        assert recomputing.isdisjoint(_executed_while_storing(engine, stored, 1))
    assert recomputing <= set(_executed_while_storing(engine, stored, 2))


def test_a_first_result_of_an_earlier_submission_that_ran_is_left_to_the_query() -> None:
    """Graded after a later submission, an earlier one that ran may be the next attempt of a
    message told before it: the row is left to the query, as it is at the same moment (which of
    the two is current depends on their ids). One that did not run joins the attempts, and the
    current attempt (the latest made) keeps its diagnoses; a later one adds its messages."""
    later = datetime(2026, 1, 2, tzinfo=UTC)
    before = aggregates.StudentState(1, 50.0, later, frozenset({"no_eps"}), frozenset({"no_eps"}))
    earlier = aggregates.Locked(1, "a", before, later - timedelta(hours=1))
    assert aggregates.with_first_result(earlier, SHAPES[1]) is None
    after = aggregates.with_first_result(earlier, SHAPES[3])  # a syntax error
    assert after == aggregates.StudentState(2, 50.0, later, frozenset({"no_eps"}), frozenset({"no_eps"}))
    newer = aggregates.with_first_result(
        aggregates.Locked(1, "a", before, later + timedelta(hours=1)), SHAPES[1]
    )
    assert newer is not None
    assert (newer.last_at, newer.current) == (later + timedelta(hours=1), frozenset({"by_column"}))
    assert newer.effects == {("diagnosis", "by_column"): Effect(later + timedelta(hours=1))}
    assert aggregates.with_first_result(aggregates.Locked(1, "a", before, later), SHAPES[1]) is None


def test_the_aggregates_of_a_result_go_as_one_statement_on_postgresql_and_one_per_table_elsewhere(
    engine: Engine,
) -> None:
    """Besides the lock on the student's row, every aggregate table changes in one statement on
    PostgreSQL: a statement per table, and a row per execution, cost more than the rows' own work."""
    opener = sessionmaker(engine, expire_on_commit=False)
    with opener.begin() as session:
        seeded = seed_course(session, new_id(), ["a"])
    stored = _submission(opener, seeded, seeded.students[0].id)
    executed = _executed_while_storing(engine, stored, 1, SHAPES[2])  # failed tests, two diagnoses
    # the lock, a text statement, is not among them
    writing = [s for s in executed if isinstance(s, Insert) and s.table.name.startswith("agg_")]
    if engine.dialect.name == "postgresql":
        assert len(executed) == 4  # the lock, the previous result, the result stored, the aggregates
        assert len(writing) == 1
        sql = str(writing[0].compile(dialect=engine.dialect))
        assert all(f"INSERT INTO {table} " in sql for table in ("agg_tests", "agg_diagnoses"))
    else:
        tables = [s.table.name for s in writing]
        assert len(tables) == len(set(tables)) >= 6  # one each, rows of a table in one executemany
