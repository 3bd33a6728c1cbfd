"""Dashboard queries on a large class: how long each page's SQL takes as the class grows.

    .venv/bin/python benchmarks/dashboard.py [--students 1000] [--attempts 4] [--postgres]

Grades every file of tests/solutions and tests/wrong once with the real grader, then stores
those Results (through `service.storage.results.result_row`, as a worker does) for students × attempts
× challenges submissions in a throwaway database (SQLite, or a private PostgreSQL schema with
--postgres). Prints the median time of each dashboard query over 5 runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import psycopg
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session, sessionmaker

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.challenge import load_challenges  # noqa: E402
from grader.grade import Grader  # noqa: E402
from grader.models import Result  # noqa: E402
from grader.sandbox import default_sandbox  # noqa: E402
from service.core.settings import get_settings  # noqa: E402
from service.dashboard import export  # noqa: E402
from service.dashboard.grants import GrantedCourse  # noqa: E402
from service.dashboard.queries.overview import activity_mark, course_overview  # noqa: E402
from service.dashboard.queries.students import StudentFilter, sort_rows, student_rows  # noqa: E402
from service.dashboard.queries.timeline import attempts  # noqa: E402
from service.storage.db import make_engine  # noqa: E402
from service.storage.migrations import upgrade  # noqa: E402
from service.storage.results import Stored, store_graded  # noqa: E402
from service.storage.tables import ApiKey, Course, GradingResult, Student, Submission, new_id, now  # noqa: E402
from service.submissions.keys import create_key  # noqa: E402
from service.submissions.webhook_secrets import WebhookSecrets  # noqa: E402

CHALLENGES = ("layer_norm", "bloque")


def graded_samples() -> dict[str, list[tuple[str, Result]]]:
    challenges = load_challenges(ROOT / "challenges")
    sandbox = default_sandbox()
    grader = Grader(challenges, sandbox)
    samples: dict[str, list[tuple[str, Result]]] = {}
    try:
        for challenge in CHALLENGES:
            files = sorted((ROOT / "tests" / "solutions" / challenge).glob("*.py"))
            files += sorted((ROOT / "tests" / "wrong" / challenge).glob("*.py"))
            samples[challenge] = [
                (f.read_text(), grader.grade(challenge, f.read_text(), "en")) for f in files
            ]
    finally:
        sandbox.close()
    return samples


def fill(engine: Engine, students: int, tries: int, samples: dict[str, list[tuple[str, Result]]]) -> None:
    rng = random.Random(7)
    opener = sessionmaker(engine, expire_on_commit=False)
    with opener.begin() as session:
        create_key(session, "bench", [], WebhookSecrets.with_new_key())
        key = session.scalars(select(ApiKey)).one()
        course = Course(platform_id=key.platform_id, slug="big")
        session.add(course)
        session.flush()
        people = [Student(course_id=course.id, external_id=f"student-{i:05d}") for i in range(students)]
        session.add_all(people)
        session.flush()
        ids = [(p.id, key.platform_id, key.id, course.id) for p in people]
    for start in range(0, len(ids), 200):
        pending: list[tuple[Submission, Result]] = []
        with opener.begin() as session:
            for student_id, platform_id, key_id, course_id in ids[start : start + 200]:
                for challenge in CHALLENGES:
                    for _ in range(tries):
                        code, result = rng.choice(samples[challenge])
                        submission = Submission(
                            id=new_id(),
                            platform_id=platform_id,
                            api_key_id=key_id,
                            course_id=course_id,
                            student_id=student_id,
                            challenge=challenge,
                            lang="en",
                            code=code,
                            status=result.status,
                            score=result.score,
                            finished_at=now(),
                        )
                        pending.append((submission, result))

            session.add_all(s for s, _ in pending)
            session.flush()  # results point at their submissions: those go first
            connection = session.connection()
            for submission, result in pending:
                stored = Stored(submission.id, submission.course_id, submission.challenge)
                store_graded(connection, stored, 1, result)


def median_ms(action: Callable[[], object], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(1000 * (time.perf_counter() - started))
    return statistics.median(times)


def measure(engine: Engine) -> list[tuple[str, float]]:
    opener = sessionmaker(engine, expire_on_commit=False)

    def in_session(work: Callable[[Session], object]) -> Callable[[], object]:
        def run() -> object:
            with opener.begin() as session:
                return work(session)

        return run

    with opener.begin() as session:
        platform_id = session.scalars(select(Course.platform_id).where(Course.slug == "big")).one()
    big = GrantedCourse("big", "bench", platform_id)
    rows = in_session(lambda s: student_rows(s, big, StudentFilter()))()
    assert isinstance(rows, list)
    return [
        (
            "course overview (all aggregates)",
            median_ms(in_session(lambda s: course_overview(s, big, {"layer_norm": 1, "bloque": 1}))),
        ),
        ("activity mark (polled every 3 s)", median_ms(in_session(lambda s: activity_mark(s, big)))),
        (
            "students table, sorted by best",
            median_ms(
                in_session(lambda s: sort_rows(student_rows(s, big, StudentFilter()), "best", "bloque", True))
            ),
        ),
        ("one student's timeline", median_ms(in_session(lambda s: attempts(s, big, "student-00042")))),
        ("gradebook CSV (wide)", median_ms(lambda: export.wide(rows, list(CHALLENGES)))),
        (
            "every attempt CSV (long, streamed)",
            median_ms(lambda: sum(1 for _ in export.long_lines(big, opener.begin)), 3),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=1000)
    parser.add_argument("--attempts", type=int, default=4, help="per student and challenge")
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    schema = f"ag_bench_{uuid.uuid4().hex[:8]}"
    if args.postgres:
        with psycopg.connect("host=127.0.0.1 user=postgres dbname=test", autocommit=True) as connection:
            connection.execute(f"CREATE SCHEMA {schema}")
        url = f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
    else:
        url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    try:
        upgrade(get_settings(), url)
        engine = make_engine(url)
        started = time.perf_counter()
        fill(engine, args.students, args.attempts, graded_samples())
        with engine.connect() as connection:
            submissions = connection.scalar(select(func.count()).select_from(Submission))
            results = connection.scalar(select(func.count()).select_from(GradingResult))
        print(
            f"{'PostgreSQL' if args.postgres else 'SQLite'}: {submissions} submissions, {results} results, "
            f"filled in {time.perf_counter() - started:.0f} s"
        )
        print("| query | median ms |\n| --- | ---: |")
        for name, ms in measure(engine):
            print(f"| {name} | {ms:.1f} |")
        engine.dispose()
    finally:
        if args.postgres:
            with psycopg.connect("host=127.0.0.1 user=postgres dbname=test", autocommit=True) as connection:
                connection.execute(f"DROP SCHEMA {schema} CASCADE")


if __name__ == "__main__":
    main()
