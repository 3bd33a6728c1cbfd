"""What accepting one submission costs the API and the database: the intake's store and commit.

    .venv/bin/python benchmarks/accepting.py [--submissions 1000] [--rounds 3] [--databases sqlite postgres]

`accepting.accept` stores a platform's submission for a known student of a course whose policies
set no limit, as the API does for nearly every request: the insert finds the course, the student
and whether a policy could limit the attempt, all in one statement. The naive yardstick in the
same run is the way before, the course's limits asked by a query of their own first (one more
round trip). The two ways alternate round by round; CPU is this process's (SQLAlchemy and the
driver) and, on PostgreSQL, its backends' and the server's own processes'.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Engine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cpu  # noqa: E402
from bench_fill import BigCourse, database, new_course  # noqa: E402

from grader.challenge import Challenge, load_challenges  # noqa: E402
from service.core.settings import Settings  # noqa: E402
from service.dashboard.aggregates.students import list_student  # noqa: E402
from service.policies import gate  # noqa: E402
from service.storage.db import Database  # noqa: E402
from service.storage.tables import new_id  # noqa: E402
from service.submissions import accepting, schemas  # noqa: E402
from service.submissions.keys import Caller  # noqa: E402

STUDENTS = 50
Accept = Callable[[Database, Caller, schemas.SubmissionIn, dict[str, Challenge]], object]


def _accept(db: Database, caller: Caller, body: schemas.SubmissionIn, known: dict[str, Challenge]) -> None:
    accepting.accept(db, caller, body, None, known, new_id(), on_student=list_student)


def _limits_first(
    db: Database, caller: Caller, body: schemas.SubmissionIn, known: dict[str, Challenge]
) -> None:
    with db.single_statements() as connection:  # the way before: the limits read by a query of their own
        gate.limits(connection, caller.platform_id, body.course, body.challenge)
    accepting.accept(db, caller, body, None, known, new_id(), on_student=list_student)


WAYS: dict[str, Accept] = {"limits in the insert": _accept, "limits asked first (naive)": _limits_first}


def _body(i: int) -> schemas.SubmissionIn:
    return schemas.SubmissionIn(
        challenge="layer_norm", code="x = 1\n", student=f"s{i % STUDENTS}", course="big"
    )


def measure(
    engine: Engine, course: BigCourse, way: Accept, known: dict[str, Challenge], count: int
) -> dict[str, float]:
    db = Database(engine.url.render_as_string(hide_password=False))  # the API's way in
    caller = Caller(platform_id=course.platform_id, key_id=course.key_id, courses=frozenset({"big"}))
    ours = engine.url.query.get("application_name")
    name = ours if isinstance(ours, str) else None
    walls: list[float] = []
    before, started, own = cpu.snapshot(0, name), time.perf_counter(), time.process_time()
    for i in range(count):
        start = time.perf_counter()
        way(db, caller, _body(i), known)
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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--submissions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--databases", nargs="+", default=["sqlite", "postgres"])
    args = parser.parse_args()
    known = load_challenges(Settings().challenges_dir)
    print(
        "| database | way | submissions | accepted/s | p50 ms | p99 ms | CPU ms (this process) | CPU ms (postgres) |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in args.databases:
        with database(name == "postgres") as engine:
            course = new_course(engine)
            for way in WAYS.values():  # every student made, caches and pool warm
                measure(engine, course, way, known, STUDENTS)
            runs: dict[str, list[dict[str, float]]] = {label: [] for label in WAYS}
            for round_ in range(args.rounds):
                for label in list(WAYS) if round_ % 2 == 0 else list(WAYS)[::-1]:
                    runs[label].append(measure(engine, course, WAYS[label], known, args.submissions))
            total = {}
            for label, measured in runs.items():
                m = {k: statistics.median(r[k] for r in measured) for k in measured[0]}
                total[label] = m["client"] + m["postgres"]
                print(
                    f"| {name} | {label} | {args.submissions} | {m['per_s']:.0f} | {m['p50']:.2f} | "
                    f"{m['p99']:.2f} | {m['client']:.2f} | {m['postgres']:.2f} |",
                    flush=True,
                )
            ratio = total["limits in the insert"] / total["limits asked first (naive)"]
            print(f"| {name} | limits in the insert ÷ naive, CPU | | | | | {ratio:.2f}× | |")


if __name__ == "__main__":
    main()
