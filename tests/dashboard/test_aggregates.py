"""The aggregates kept as results are stored equal the ones rebuilt from the rows, after random
histories of gradings, regrades (a result for a newer version) and redeliveries (refused at the
unique key), on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from grader.models import Diagnosis, GradingError, HiddenTestResult, Localisation, Result
from service.dashboard.aggregates.keep import keep
from service.dashboard.aggregates.rebuild import rebuild
from service.dashboard.aggregates.tables import AGGREGATES, AggChallenge, AggStudent
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.overview import course_overview
from service.storage.db import make_engine
from service.storage.results import Stored, store_graded
from service.storage.tables import Course, Submission, new_id
from tests.conftest import ROOT
from tests.dashboard.seeding import seed_course
from tests.dashboard.site import autograder

TESTS = ("shape", "mean", "std", "gamma")
DIAGNOSES = ("by_column", "sample_std", "no_eps")
KINDS = ("syntax", "timeout", "memory")
STEPS = ("mu", "var", "x_hat")


def synthetic(kind: str | None, passed: list[bool], found: list[str], step: str | None = None) -> Result:
    """A result of the test challenge: errored (all tests failed, no diagnosis, no localisation)
    when `kind` is given; `step` is the lesson step its localisation names."""
    if kind is not None:
        passed, found, step = [False] * len(TESTS), [], None
    tests = [
        HiddenTestResult(id=t, category=t, passed=p, points=int(p), max_points=1, message="")
        for t, p in zip(TESTS, passed, strict=True)
    ]
    return Result(
        challenge="c",
        status="error" if kind else "done",
        score=100.0 * sum(passed) / len(TESTS),
        points=sum(passed),
        max_points=len(TESTS),
        diagnoses=[Diagnosis(id=d, message="") for d in found],
        tests=tests,
        error=GradingError(kind=kind, message="") if kind else None,
        localisation=Localisation(function="f", line=1, code="", message="", step=step) if step else None,
        grading_ms=1.0,
    )


@st.composite
def results(draw: st.DrawFn) -> Result:
    kind = draw(st.sampled_from((None, None, None, *KINDS)))
    passed = draw(st.lists(st.booleans(), min_size=len(TESTS), max_size=len(TESTS)))
    found = draw(st.lists(st.sampled_from(DIAGNOSES), unique=True, max_size=2))
    return synthetic(kind, passed, found, draw(st.sampled_from((None, *STEPS))))


# one step: (what, student, challenge, which earlier submission, result)
steps = st.tuples(
    st.sampled_from(("grade", "grade", "grade", "regrade", "redeliver")),
    st.integers(0, 3),
    st.sampled_from(("layer_norm", "bloque")),
    st.integers(0, 1000),
    results(),
)


def _setup(opener: sessionmaker[Session]) -> tuple[int, int, int, list[int]]:
    with opener.begin() as session:
        seeded = seed_course(session, new_id(), [f"s{i}" for i in range(4)])
        return seeded.key.platform_id, seeded.key.id, seeded.course.id, [p.id for p in seeded.students]


def snapshot(engine: Engine, course_id: int) -> dict[str, set[tuple[Any, ...]]]:
    """Every aggregate row of the course, without the rows whose counts all fell back to zero."""
    seen: dict[str, set[tuple[Any, ...]]] = {}
    with engine.connect() as connection:
        for model in AGGREGATES:
            table = model.__table__
            counted = [
                c.name
                for c in table.c
                if c.name
                in {"tried", "attempts", "students", "ran", "errored", "submissions", "failed", "told"}
                and not c.primary_key
            ]
            rows = connection.execute(select(table).where(table.c.course_id == course_id)).mappings()
            seen[str(table.name)] = {  # type: ignore[attr-defined]
                tuple(sorted(row.items()))
                for row in rows
                if not counted or any(row[name] for name in counted)
            }
    return seen


def _store(engine: Engine, stored: Stored, version: int, result: Result) -> bool:
    try:
        with engine.begin() as connection:
            store_graded(connection, stored, version, result, on_stored=keep)
    except IntegrityError:
        return False
    return True


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(history=st.lists(steps, min_size=1, max_size=25))
def test_incremental_equals_rebuilt(engine: Engine, history: list[tuple[Any, ...]]) -> None:
    opener = sessionmaker(engine, expire_on_commit=False)
    platform_id, key_id, course_id, students = _setup(opener)
    graded: list[tuple[Stored, int]] = []  # each submission and the newest version it was graded at
    for what, student, challenge, which, result in history:
        if what == "grade" or not graded:
            submission = Submission(
                id=new_id(),
                platform_id=platform_id,
                api_key_id=key_id,
                course_id=course_id,
                student_id=students[student],
                challenge=challenge,
                lang="en",
                code="",
                status="running",
            )
            with opener.begin() as session:
                session.add(submission)
            stored = Stored(submission.id, course_id, challenge)
            assert _store(engine, stored, 1, result)
            graded.append((stored, 1))
            continue
        index = which % len(graded)
        stored, version = graded[index]
        if what == "regrade":
            assert _store(engine, stored, version + 1, result)
            graded[index] = (stored, version + 1)
        else:  # the same delivery again: refused at the unique key, the aggregates untouched
            assert not _store(engine, stored, version, result)
    incremental = snapshot(engine, course_id)
    with engine.begin() as connection:
        rebuild(connection, [course_id])
    assert snapshot(engine, course_id) == incremental


def test_the_rebuild_command_repairs_damaged_aggregates(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env["AUTOGRADER_DATA_DIR"] = str(tmp_path)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(autograder(*args), env=env, cwd=ROOT, capture_output=True, text=True)

    assert run("keys", "create", "--name", "moodle").returncode == 0
    made = make_engine(f"sqlite:///{tmp_path / 'autograder.db'}")
    opener = sessionmaker(made, expire_on_commit=False)
    platform_id, key_id, course_id, students = _setup(opener)
    result = synthetic(None, [True, False, True, False], ["by_column"])
    with opener.begin() as session:
        submission = Submission(
            id=new_id(),
            platform_id=platform_id,
            api_key_id=key_id,
            course_id=course_id,
            student_id=students[0],
            challenge="bloque",
            lang="en",
            code="",
            status="running",
        )
        session.add(submission)
        slug = session.get_one(Course, course_id).slug
    assert _store(made, Stored(submission.id, course_id, "bloque"), 1, result)
    kept = snapshot(made, course_id)
    with made.begin() as connection:
        connection.execute(update(AggChallenge).values(tried=999, attempts=0))
        connection.execute(delete(AggStudent))
    assert snapshot(made, course_id) != kept
    missing = run("dashboard", "rebuild", "--course", "no-such-course")
    assert missing.returncode == 1
    assert "no course named 'no-such-course'" in missing.stderr
    done = run("dashboard", "rebuild", "--course", slug)
    assert done.returncode == 0, done.stderr
    assert "rebuilt the dashboard's aggregates of 1 course" in done.stdout
    assert snapshot(made, course_id) == kept
    made.dispose()


def test_the_overview_counts_attempts_that_did_not_run_apart(engine: Engine) -> None:
    opener = sessionmaker(engine, expire_on_commit=False)
    platform_id, key_id, course_id, students = _setup(opener)
    history = [
        (0, synthetic(None, [True, False, True, True], ["by_column"])),
        (1, synthetic("syntax", [], [])),
        (2, synthetic("timeout", [], [])),
        (2, synthetic("syntax", [], [])),
    ]
    for student, result in history:
        submission = Submission(
            id=new_id(),
            platform_id=platform_id,
            api_key_id=key_id,
            course_id=course_id,
            student_id=students[student],
            challenge="layer_norm",
            lang="en",
            code="",
            status="running",
        )
        with opener.begin() as session:
            session.add(submission)
            slug = session.get_one(Course, course_id).slug
        assert _store(engine, Stored(submission.id, course_id, "layer_norm"), 1, result)
    with opener.begin() as session:
        stats = course_overview(session, GrantedCourse(slug, "platform", platform_id), {"layer_norm": 1})
    card = stats["layer_norm"]
    assert (card.tried, card.attempts, card.errored) == (3, 4, 3)
    assert [(e.kind, e.attempts, e.share) for e in card.errors] == [("syntax", 2, 0.5), ("timeout", 1, 0.25)]
    mean = next(t for t in card.tests if t.test_id == "mean")
    assert (mean.attempts, mean.failed, mean.errored, mean.rate) == (1, 1, 3, 1.0)  # failed where it ran
    assert [(d.diagnosis_id, d.students) for d in card.diagnoses] == [("by_column", 1)]
