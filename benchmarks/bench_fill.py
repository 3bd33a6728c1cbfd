"""A throwaway database with a large course of graded attempts, for the dashboard benchmarks.

Every file of tests/corpora/<challenge>/solutions and tests/corpora/<challenge>/catalogue is graded once with the real grader; a course is
then filled with those Results, reused at random, as rows written in bulk (submissions, results,
test outcomes, diagnoses). `rebuild` fills the aggregates from those rows: the values the storing
transaction keeps, as the aggregates' property test checks.
"""

from __future__ import annotations

import random
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import bench_schema
from sqlalchemy import Connection, Engine, func, insert, select, text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.challenge import load_challenges  # noqa: E402
from grader.grade import Grader  # noqa: E402
from grader.models import Result  # noqa: E402
from grader.sandbox import default_sandbox  # noqa: E402
from service.core.settings import Settings  # noqa: E402
from service.dashboard.aggregates.rebuild import rebuild  # noqa: E402
from service.dashboard.grants import GrantedCourse  # noqa: E402
from service.storage.db import make_engine  # noqa: E402
from service.storage.migrations import upgrade  # noqa: E402
from service.storage.results import Stored, diagnosis_rows, outcome_rows, result_row  # noqa: E402
from service.storage.sealing import Sealer  # noqa: E402
from service.storage.tables import (  # noqa: E402
    ApiKey,
    Course,
    DiagnosisRow,
    GradingResult,
    Student,
    Submission,
    TestOutcome,
)
from service.submissions.keys import create_key  # noqa: E402

CHALLENGES = ("layer_norm", "bloque")
BATCH = 2000
Samples = dict[str, list[tuple[str, Result]]]


def graded_samples() -> Samples:
    grader = Grader(load_challenges(ROOT / "challenges"), sandbox := default_sandbox())
    samples: Samples = {}
    try:
        for challenge in CHALLENGES:
            files = sorted((ROOT / "tests" / "corpora" / challenge / "solutions").glob("*.py"))
            files += sorted((ROOT / "tests" / "corpora" / challenge / "catalogue").glob("*.py"))
            samples[challenge] = [
                (f.read_text(), grader.grade(challenge, f.read_text(), "en")) for f in files
            ]
    finally:
        sandbox.close()
    return samples


@contextmanager
def database(postgres: bool) -> Iterator[Engine]:
    """A migrated empty database: SQLite in a temporary folder, or a private PostgreSQL schema
    of the `test` database, dropped afterwards."""
    folder = tempfile.TemporaryDirectory(prefix="ag_bench_")  # a class's database: a gigabyte
    with folder, bench_schema.private_schema() if postgres else nullcontext("") as schema:
        url = bench_schema.url(schema) if postgres else f"sqlite:///{Path(folder.name) / 'bench.db'}"
        upgrade(Settings(), url)
        engine = make_engine(url)
        yield engine
        engine.dispose()


@dataclass
class BigCourse:
    granted: GrantedCourse
    course_id: int
    platform_id: int
    key_id: int
    students: int = 0  # students added so far
    next_result: int = 1


def new_course(engine: Engine) -> BigCourse:
    with engine.begin() as connection:
        from sqlalchemy.orm import Session

        session = Session(connection)
        create_key(session, "bench", [], Sealer.with_new_key())
        key = session.scalars(select(ApiKey)).one()
        course = Course(platform_id=key.platform_id, slug="big")
        session.add(course)
        session.flush()
        found = BigCourse(GrantedCourse("big", "bench", key.platform_id), course.id, key.platform_id, key.id)
        session.close()
    return found


def _execute(connection: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), BATCH):
        connection.execute(insert(table), rows[start : start + BATCH])


def grow(
    engine: Engine, course: BigCourse, students: int, tries: int, samples: Samples, full: bool = True
) -> None:
    """Add `students` students with `tries` graded attempts at each challenge. `full`: with each
    result's document and test outcomes, and the course's aggregates rebuilt (what the dashboard
    reads); else only what the long CSV reads, quicker to write."""
    rng = random.Random(course.students)
    start = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=course.students)
    first = course.students
    with engine.begin() as connection:
        people = [
            {"course_id": course.course_id, "external_id": f"student-{first + i:06d}", "created_at": start}
            for i in range(students)
        ]
        _execute(connection, Student.__table__, people)
        ids = connection.execute(
            select(Student.id).where(Student.course_id == course.course_id).order_by(Student.id).offset(first)
        ).scalars()
        for chunk in _chunks(list(ids), 200):
            _attempts(connection, course, chunk, tries, samples, rng, start, full)
        course.students += students
        if full:
            rebuild(connection, [course.course_id])
    if engine.dialect.name == "postgresql":
        with engine.connect() as connection:  # autovacuum's statistics, now rather than later
            connection.execute(text("ANALYZE"))
            connection.commit()


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for at in range(0, len(items), size):
        yield items[at : at + size]


def _attempts(
    connection: Connection,
    course: BigCourse,
    student_ids: list[int],
    tries: int,
    samples: Samples,
    rng: random.Random,
    start: datetime,
    full: bool,
) -> None:
    submissions, results, outcomes, diagnoses = [], [], [], []
    for student_id in student_ids:
        for challenge in CHALLENGES:
            for attempt in range(tries):
                code, result = rng.choice(samples[challenge])
                sid = uuid.uuid4().hex
                moment = start + timedelta(seconds=rng.randrange(86_400 * 30), microseconds=attempt)
                submissions.append(_submission(course, sid, student_id, challenge, code, result, moment))
                row = result_row(Stored(sid, course.course_id, challenge), 1, result)
                row.update(id=course.next_result, created_at=moment)
                if not full:
                    row.update(document=None, stdout="")
                results.append(row)
                if full:
                    outcomes += [_of(course, challenge, o) for o in outcome_rows(result)]
                diagnoses += [_of(course, challenge, d) for d in diagnosis_rows(result)]
                course.next_result += 1
    _execute(connection, Submission.__table__, submissions)
    _execute(connection, GradingResult.__table__, results)
    _execute(connection, TestOutcome.__table__, outcomes)
    _execute(connection, DiagnosisRow.__table__, diagnoses)


def _of(course: BigCourse, challenge: str, row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "result_id": course.next_result, "course_id": course.course_id, "challenge": challenge}


def _submission(
    course: BigCourse, sid: str, student_id: int, challenge: str, code: str, result: Result, moment: datetime
) -> dict[str, Any]:
    return {
        "id": sid,
        "platform_id": course.platform_id,
        "api_key_id": course.key_id,
        "course_id": course.course_id,
        "student_id": student_id,
        "challenge": challenge,
        "lang": "en",
        "code": code,
        "status": result.status,
        "score": result.score,
        "attempts": 1,
        "created_at": moment,
        "finished_at": moment,
    }


def count(engine: Engine, model: Any) -> int:
    with engine.connect() as connection:
        return int(connection.scalar(select(func.count()).select_from(model)) or 0)
