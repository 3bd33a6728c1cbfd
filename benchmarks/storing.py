"""What storing one graded result costs, with the dashboard's aggregates and without them.

    .venv/bin/python benchmarks/storing.py [--results 600] [--databases sqlite postgres]

The worker stores each result in one transaction (`results.store_graded`): the result's rows,
the submission finished and the aggregates brought up to date. This script grades each file of
the corpora once with the real grader, then stores those Results, reused at random, for fresh
submissions of a class of students, one transaction each, as the worker does. The naive
yardstick in the same run is storing the rows and finishing the submission alone (`store` and
`finish`, no aggregates): their ratio is what keeping the dashboard up to date costs. CPU is
this process's (SQLAlchemy and the driver) and, on PostgreSQL, the server's: its own processes
and the backends of this script's connections.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Connection, Engine, insert, select

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cpu  # noqa: E402
from bench_fill import BigCourse, Samples, database, graded_samples, new_course  # noqa: E402

from grader.models import Result  # noqa: E402
from service.dashboard.aggregates.keep import keep  # noqa: E402
from service.dashboard.grants import GrantedCourse  # noqa: E402
from service.storage.results import Stored, finish, store, store_graded  # noqa: E402
from service.storage.tables import ApiKey, Course, Student, Submission  # noqa: E402

STUDENTS = 50
Storer = Callable[[Connection, Stored, int, Result], object]


def _bare(connection: Connection, submission: Stored, version: int, result: Result) -> None:
    store(connection, submission, version, result)
    finish(connection, submission.id, result)


def _with_aggregates(connection: Connection, submission: Stored, version: int, result: Result) -> None:
    store_graded(connection, submission, version, result, on_stored=keep)


WAYS: dict[str, Storer] = {"store_graded (with aggregates)": _with_aggregates, "rows only (naive)": _bare}


def _students(engine: Engine, course: BigCourse) -> list[int]:
    with engine.begin() as connection:
        rows = [{"course_id": course.course_id, "external_id": f"s{i:04d}"} for i in range(STUDENTS)]
        return list(connection.execute(insert(Student).returning(Student.id), rows).scalars())


def _submissions(
    engine: Engine, course: BigCourse, students: list[int], samples: Samples, count: int, seed: int
) -> list[tuple[Stored, Result]]:
    rng = random.Random(seed)
    made, rows = [], []
    for _ in range(count):
        challenge = rng.choice(sorted(samples))
        code, result = rng.choice(samples[challenge])
        sid = uuid.uuid4().hex
        rows.append(
            {
                "id": sid,
                "platform_id": course.platform_id,
                "api_key_id": course.key_id,
                "course_id": course.course_id,
                "student_id": rng.choice(students),
                "challenge": challenge,
                "lang": "en",
                "code": code,
                "status": "running",
            }
        )
        made.append((Stored(sid, course.course_id, challenge), result))
    with engine.begin() as connection:
        connection.execute(insert(Submission), rows)
    return made


def measure(engine: Engine, way: Storer, samples: Samples, count: int, seed: int) -> dict[str, float]:
    course = _another_course(engine, seed)
    students = _students(engine, course)
    todo = _submissions(engine, course, students, samples, count, seed)
    walls: list[float] = []
    ours = engine.url.query.get("application_name")  # PostgreSQL: its backends alone
    name = ours if isinstance(ours, str) else None
    before, started, own = cpu.snapshot(0, name), time.perf_counter(), time.process_time()
    for stored, result in todo:
        start = time.perf_counter()
        with engine.begin() as connection:
            way(connection, stored, 1, result)
        walls.append(time.perf_counter() - start)
    spent, seconds = cpu.snapshot(0, name).minus(before), time.perf_counter() - started
    client = time.process_time() - own
    walls.sort()
    return {
        "p50": 1000 * statistics.median(walls),
        "p99": 1000 * walls[int(0.99 * (len(walls) - 1))],
        "per_s": count / seconds,
        "client": 1000 * client / count,
        "postgres": 1000 * spent["postgres"] / count,
    }


def _another_course(engine: Engine, seed: int) -> BigCourse:
    """A fresh course of the platform `new_course` made: every way starts from no aggregates."""
    with engine.begin() as connection:
        key = connection.execute(select(ApiKey.platform_id, ApiKey.id)).first()
        assert key is not None
        slug = f"big-{seed}"
        course_id = connection.execute(
            insert(Course).values(platform_id=key.platform_id, slug=slug).returning(Course.id)
        ).scalar_one()
    return BigCourse(GrantedCourse(slug, "bench", key.platform_id), course_id, key.platform_id, key.id)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--results", type=int, default=600)
    parser.add_argument("--databases", nargs="+", default=["sqlite", "postgres"])
    args = parser.parse_args()
    samples = graded_samples()
    print(
        "| database | way | results | stored/s | p50 ms | p99 ms | CPU ms (this process) | CPU ms (postgres) |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in args.databases:
        with database(name == "postgres") as engine:
            new_course(engine)
            figures = {}
            for seed, (label, way) in enumerate(WAYS.items()):
                measure(engine, way, samples, 20, 100 + seed)  # warm the caches and the pool
                figures[label] = row = measure(engine, way, samples, args.results, seed)
                print(
                    f"| {name} | {label} | {args.results} | {row['per_s']:.0f} | {row['p50']:.2f} | "
                    f"{row['p99']:.2f} | {row['client']:.2f} | {row['postgres']:.2f} |",
                    flush=True,
                )
            total = {k: v["client"] + v["postgres"] for k, v in figures.items()}
            ratio = total[next(iter(WAYS))] / total["rows only (naive)"]
            print(f"| {name} | with aggregates ÷ rows only, CPU | | | | | {ratio:.2f}× | |")


if __name__ == "__main__":
    main()
