"""Which messages work, kept as results are stored: after random histories of attempts per
student, stored in another order than they were made, regraded and redelivered, the figures the
overview reads equal a naive recomputation from the rows, and the aggregates equal the rebuilt
ones, on SQLite and PostgreSQL."""

from __future__ import annotations

import statistics
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import sessionmaker

from grader.models import Result
from service.dashboard.aggregates.effect import bucket_seconds, time_bucket
from service.dashboard.aggregates.rebuild import rebuild
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.feedback_effect import MessageEffect, feedback_effects, median
from service.dashboard.views import duration
from service.storage.results import Stored
from service.storage.tables import Course, DiagnosisRow, GradingResult, Submission, new_id
from tests.dashboard.test_aggregates import _setup, _store, results, snapshot, synthetic

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

# an attempt: its student, its challenge, the minute it was made (two may share one), its result;
# few students and minutes, so that a student's attempts follow each other and some tie
attempts = st.tuples(
    st.integers(0, 1), st.sampled_from(("layer_norm", "bloque")), st.integers(0, 12), results()
)
# what happens next: the next attempt in the order of storing is graded, or an earlier one regraded
# (a result for a newer version) or delivered again (refused at the unique key)
events = st.tuples(
    st.sampled_from(("grade", "grade", "regrade", "redeliver")), st.integers(0, 1000), results()
)


class Recorded:
    """One course of the test's database: its submissions made, graded in an order of their own."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.opener = sessionmaker(engine, expire_on_commit=False)
        self.platform_id, self.key_id, self.course_id, self.students = _setup(self.opener)
        with self.opener.begin() as session:
            self.slug = session.get_one(Course, self.course_id).slug
        self.graded: list[tuple[Stored, int]] = []  # each graded submission and its newest version

    def made(self, student: int, challenge: str, minute: int) -> Stored:
        submission = Submission(
            id=new_id(),
            platform_id=self.platform_id,
            api_key_id=self.key_id,
            course_id=self.course_id,
            student_id=self.students[student],
            challenge=challenge,
            lang="en",
            code="",
            status="queued",
            created_at=START + timedelta(minutes=minute),
        )
        with self.opener.begin() as session:
            session.add(submission)
        return Stored(submission.id, self.course_id, challenge)

    def grade(self, stored: Stored, result: Result) -> None:
        assert _store(self.engine, stored, 1, result)
        self.graded.append((stored, 1))

    def regrade(self, which: int, result: Result) -> None:
        stored, version = self.graded[which % len(self.graded)]
        assert _store(self.engine, stored, version + 1, result)
        self.graded[which % len(self.graded)] = (stored, version + 1)

    def redeliver(self, which: int, result: Result) -> None:
        stored, version = self.graded[which % len(self.graded)]
        assert not _store(self.engine, stored, version, result)

    def figures(self) -> list[MessageEffect]:
        with self.opener() as session:
            return feedback_effects(session, GrantedCourse(self.slug, "platform", self.platform_id))


def naive(engine: Engine, course_id: int) -> list[MessageEffect]:
    """The figures as their definition reads, from the rows alone: each student's attempts that
    ran, by their newest results, in the order made (creation time, then id)."""
    with engine.connect() as connection:
        made = {
            row.id: row
            for row in connection.execute(select(Submission).where(Submission.course_id == course_id))
        }
        newest = dict(
            connection.execute(
                select(GradingResult.submission_id, func.max(GradingResult.id))
                .where(GradingResult.course_id == course_id)
                .group_by(GradingResult.submission_id)
            ).all()
        )
        results_ = {
            row.id: row
            for row in connection.execute(select(GradingResult).where(GradingResult.id.in_(newest.values())))
        }
        diagnosed: dict[int, set[str]] = defaultdict(set)
        for result_id, diagnosis in connection.execute(
            select(DiagnosisRow.result_id, DiagnosisRow.diagnosis_id).where(
                DiagnosisRow.course_id == course_id
            )
        ):
            diagnosed[result_id].add(diagnosis)
    history: dict[tuple[str, int], list[tuple[datetime, str, set[tuple[str, str]]]]] = defaultdict(list)
    for submission, result_id in newest.items():
        result = results_[result_id]
        if result.status != "done":
            continue
        told = {("diagnosis", d) for d in diagnosed[result_id]}
        if result.localised_step:
            told.add(("step", result.localised_step))
        row = made[submission]
        history[(row.challenge, row.student_id)].append((row.created_at, submission, told))
    counted: dict[tuple[str, str, str], dict[str, Any]] = {}
    for (challenge, _), tried in history.items():
        tried.sort()
        for kind, message in {m for _, _, told in tried for m in told}:
            first = next(i for i, (_, _, told) in enumerate(tried) if (kind, message) in told)
            since = tried[first + 1 :]
            entry = counted.setdefault(
                (challenge, kind, message), {"told": 0, "answered": 0, "next": 0, "attempts": [], "times": []}
            )
            entry["told"] += 1
            entry["answered"] += bool(since)
            entry["next"] += bool(since) and (kind, message) not in since[0][2]
            gone = next((i for i, (_, _, told) in enumerate(since) if (kind, message) not in told), None)
            if gone is not None:
                entry["attempts"].append(gone + 1)
                seconds = (since[gone][0] - tried[first][0]).total_seconds()
                entry["times"].append(bucket_seconds(time_bucket(seconds)))
    found = [
        MessageEffect(
            challenge,
            kind,
            message,
            e["told"],
            e["answered"],
            e["next"],
            len(e["attempts"]),
            float(statistics.median(e["attempts"])) if e["attempts"] else None,
            statistics.median(e["times"]) if e["times"] else None,
        )
        for (challenge, kind, message), e in counted.items()
    ]
    return sorted(found, key=lambda m: (m.challenge, m.kind != "diagnosis", -m.told, m.message_id))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    made=st.lists(attempts, min_size=1, max_size=12), history=st.lists(events, max_size=20), data=st.data()
)
def test_the_figures_equal_their_definition_from_the_rows(
    engine: Engine, made: list[tuple[Any, ...]], history: list[tuple[Any, ...]], data: st.DataObject
) -> None:
    course = Recorded(engine)
    pending = [
        (course.made(student, challenge, minute), result) for student, challenge, minute, result in made
    ]
    pending = data.draw(st.permutations(pending))  # stored in another order than made
    for what, which, result in history:
        if what == "grade" and pending:
            course.grade(*pending.pop(0))
        elif what == "regrade" and course.graded:
            course.regrade(which, result)
        elif course.graded:
            course.redeliver(which, result)
    for stored, result in pending:
        course.grade(stored, result)
    assert course.figures() == naive(engine, course.course_id)
    incremental = snapshot(engine, course.course_id)
    with engine.begin() as connection:
        rebuild(connection, [course.course_id])
    assert snapshot(engine, course.course_id) == incremental


TOLD = synthetic(None, [True, False, True, True], ["by_column"], "mu")
FIXED = synthetic(None, [True, True, True, True], [])
SYNTAX = synthetic("syntax", [], [])


def test_a_message_gone_at_the_next_attempt_that_ran(engine: Engine) -> None:
    """An attempt that did not run is neither the next attempt nor counted: it says nothing."""
    course = Recorded(engine)
    for minute, result in ((0, TOLD), (5, SYNTAX), (65, FIXED)):
        course.grade(course.made(0, "layer_norm", minute), result)
    hour = bucket_seconds(time_bucket(3900))
    assert course.figures() == [
        MessageEffect("layer_norm", "diagnosis", "by_column", 1, 1, 1, 1, 1.0, hour),
        MessageEffect("layer_norm", "step", "mu", 1, 1, 1, 1, 1.0, hour),
    ]


def test_the_next_attempt_is_the_next_made_whatever_the_order_graded(engine: Engine) -> None:
    """Graded last, an attempt made between the one told and the one fixed is the next one: the
    message was still there, and went one attempt later."""
    course = Recorded(engine)
    told, still, fixed = (course.made(0, "layer_norm", minute) for minute in (0, 10, 20))
    course.grade(told, TOLD)
    course.grade(fixed, FIXED)
    first = course.figures()
    assert [(m.gone_next, m.median_attempts) for m in first] == [(1, 1.0), (1, 1.0)]
    course.grade(still, TOLD)
    assert [(m.answered, m.gone_next, m.gone, m.median_attempts) for m in course.figures()] == [
        (1, 0, 1, 2.0),
        (1, 0, 1, 2.0),
    ]
    assert course.figures() == naive(engine, course.course_id)


def test_a_regrade_changes_what_an_attempt_told(engine: Engine) -> None:
    course = Recorded(engine)
    course.grade(course.made(0, "layer_norm", 0), TOLD)
    course.grade(course.made(0, "layer_norm", 10), TOLD)
    assert [(m.told, m.answered, m.gone) for m in course.figures()] == [(1, 1, 0), (1, 1, 0)]
    course.regrade(1, FIXED)  # the second attempt, graded again, no longer has them
    assert [(m.told, m.gone_next, m.median_attempts) for m in course.figures()] == [(1, 1, 1.0), (1, 1, 1.0)]
    course.regrade(0, FIXED)  # nor the first: nobody was told them
    assert course.figures() == []
    assert course.figures() == naive(engine, course.course_id)


def test_the_median_of_counted_values() -> None:
    assert median({}) is None
    assert median({3.0: 1}) == 3.0
    assert median({1.0: 2, 5.0: 1}) == 1.0
    assert median({1.0: 1, 2.0: 1, 7.0: 2}) == 4.5
    assert median({1.0: 0, 2.0: 2}) == 2.0


@pytest.mark.parametrize("seconds", [1.0, 59.0, 60.0, 3600.0, 86_400.0 * 3.5, 86_400.0 * 200])
def test_a_time_is_read_back_within_its_buckets_width(seconds: float) -> None:
    assert abs(bucket_seconds(time_bucket(seconds)) / seconds - 1) < 0.045


@pytest.mark.parametrize(
    ("seconds", "en", "es"),
    [
        (40.2, "40 s", "40 s"),
        (14 * 60 + 10, "14 min", "14 min"),
        (3 * 3600 + 20 * 60, "3 h 20 min", "3 h 20 min"),
        (2 * 3600, "2 h", "2 h"),
        (5 * 86_400, "5 days", "5 días"),
    ],
)
def test_a_median_time_is_told_as_a_person_says_it(seconds: float, en: str, es: str) -> None:
    assert (duration(seconds, "en"), duration(seconds, "es")) == (en, es)
