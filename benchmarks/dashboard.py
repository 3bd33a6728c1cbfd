"""Dashboard queries as the class grows: each page's SQL at 1×, 4× and 16× the class, against the
naive way (recomputed from every row) in the same run.

    .venv/bin/python benchmarks/dashboard.py [--students 625] [--attempts 5] [--postgres]

1× is `--students` students × 2 challenges × `--attempts` attempts (6,250 submissions by
default; 16× is 100,000). The same course grows between the measures (see `bench_fill`). Prints,
per query and size, the median and p99 over the runs, the growth ratio from 1× to 16× and the
naive way's median as a multiple of the query's at 16×.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench_fill import CHALLENGES, BigCourse, Samples, count, database, graded_samples, grow, new_course
from naive_dashboard import naive_gradebook, naive_long_csv, naive_students_page, recomputed_overview
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from service.dashboard import export
from service.dashboard.queries.overview import course_overview
from service.dashboard.queries.students import Order, StudentFilter, every_student, student_page
from service.dashboard.queries.timeline import attempts
from service.storage.tables import Submission

SCALES = (1, 4, 16)
VERSIONS = {challenge: 1 for challenge in CHALLENGES}


@dataclass(frozen=True)
class Timing:
    median: float
    p99: float


def timed(action: Callable[[], object], runs: int) -> Timing:
    action()  # warm: compiled statements, the database's cache
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(1000 * (time.perf_counter() - started))
    p99 = statistics.quantiles(times, n=100, method="inclusive")[98] if runs > 1 else times[0]
    return Timing(statistics.median(times), p99)


@dataclass(frozen=True)
class Query:
    name: str
    action: Callable[[sessionmaker[Session], BigCourse], object]
    naive: Callable[[sessionmaker[Session], BigCourse], object] | None
    runs: int


def _in(work: Callable[[Session, BigCourse], object]) -> Callable[[sessionmaker[Session], BigCourse], object]:
    def run(opener: sessionmaker[Session], course: BigCourse) -> object:
        with opener.begin() as session:
            return work(session, course)

    return run


def _student(course: BigCourse) -> str:
    return f"student-{course.students // 2:06d}"


QUERIES = [
    Query(
        "course overview",
        _in(lambda s, c: course_overview(s, c.granted, VERSIONS)),
        _in(recomputed_overview),
        30,
    ),
    Query(
        "students page (by id)",
        _in(lambda s, c: student_page(s, c.granted, StudentFilter(), Order(), 3)),
        _in(lambda s, c: naive_students_page(s, c, 3, by_best=False)),
        30,
    ),
    Query(
        "students page (by best on bloque)",
        _in(lambda s, c: student_page(s, c.granted, StudentFilter(), Order("best", "bloque", True), 3)),
        _in(lambda s, c: naive_students_page(s, c, 3)),
        30,
    ),
    Query("one student's timeline", _in(lambda s, c: attempts(s, c.granted, _student(c))), None, 30),
    Query(
        "gradebook CSV (every student)",
        lambda o, c: sum(1 for _ in export.wide(every_student(c.granted, o.begin), list(CHALLENGES))),
        _in(lambda s, c: naive_gradebook(s, c)),
        5,
    ),
    Query(
        "every attempt CSV (streamed)",
        lambda o, c: sum(1 for _ in export.long_lines(c.granted, o.begin)),
        _in(lambda s, c: naive_long_csv(s, c)),
        3,
    ),
]


def measure(engine: Engine, course: BigCourse) -> dict[str, tuple[Timing, Timing | None]]:
    opener = sessionmaker(engine, expire_on_commit=False)
    found: dict[str, tuple[Timing, Timing | None]] = {}
    for query in QUERIES:
        ours = timed(lambda q=query: q.action(opener, course), query.runs)
        naive = None
        if query.naive is not None:
            naive = timed(lambda q=query: q.naive(opener, course), max(3, query.runs // 6))  # type: ignore[misc]
        found[query.name] = (ours, naive)
    return found


def report(name: str, sizes: list[int], by_scale: list[dict[str, tuple[Timing, Timing | None]]]) -> None:
    heads = " | ".join(f"{s}× ({n:,}) median / p99 ms" for s, n in zip(SCALES, sizes, strict=True))
    print(f"\n{name}\n\n| query | {heads} | growth 1×→16× | naive at 16× ms | naive ÷ ours |")
    print("| --- |" + " ---: |" * (len(SCALES) + 3))
    for query in QUERIES:
        cells = [f"{t.median:.1f} / {t.p99:.1f}" for t, _ in (m[query.name] for m in by_scale)]
        first, last = by_scale[0][query.name][0], by_scale[-1][query.name]
        growth = last[0].median / first.median
        naive = last[1]
        naive_cells = (
            ["—", "—"] if naive is None else [f"{naive.median:.1f}", f"{naive.median / last[0].median:.1f}×"]
        )
        print(f"| {query.name} | {' | '.join(cells)} | {growth:.2f} | {' | '.join(naive_cells)} |")


def run(students: int, attempts: int, postgres: bool, samples: Samples) -> None:
    """Fill one course to each scale in turn and print every query's timings against the naive way."""
    with database(postgres) as engine:
        course = new_course(engine)
        by_scale, sizes = [], []
        for scale in SCALES:
            started = time.perf_counter()
            grow(engine, course, students * scale - course.students, attempts, samples)
            sizes.append(count(engine, Submission))
            print(
                f"{scale}×: {sizes[-1]:,} submissions, filled in {time.perf_counter() - started:.0f} s",
                flush=True,
            )
            by_scale.append(measure(engine, course))
        report("PostgreSQL" if postgres else "SQLite", sizes, by_scale)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--students", type=int, default=625, help="students at 1×")
    parser.add_argument("--attempts", type=int, default=5, help="per student and challenge")
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    run(args.students, args.attempts, args.postgres, graded_samples())


if __name__ == "__main__":
    main()
