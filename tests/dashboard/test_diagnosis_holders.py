"""Who still has each diagnosis, as the storing transaction keeps it, equals the truth worked out
from the history itself: after random submissions, gradings that arrive late (an older attempt
graded after a newer one), regrades and redeliveries, on SQLite and PostgreSQL. A student still has
a diagnosis when their latest graded submission of the challenge (by creation time, then id) has it
in its newest result."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, sessionmaker

from grader.models import Result
from service.dashboard.aggregates.keep import split_ids
from service.dashboard.aggregates.rebuild import rebuild
from service.dashboard.aggregates.tables import AggDiagnosis, AggStudentChallenge
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.overview import course_overview
from service.storage.results import Stored
from service.storage.tables import Course, Submission, new_id
from tests.dashboard.test_aggregates import _setup, _store, results, snapshot, synthetic

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

# one step: (what, student, challenge, which earlier submission, result, at the same moment as the last)
steps = st.tuples(
    st.sampled_from(("grade", "grade", "submit", "late", "regrade", "redeliver")),
    st.integers(0, 2),
    st.sampled_from(("layer_norm", "bloque")),
    st.integers(0, 1000),
    results(),
    st.booleans(),
)


@dataclass
class Attempt:
    """A submission as the truth sees it: when it was made and its newest result, if graded."""

    stored: Stored
    student: int
    created_at: datetime
    version: int = 0
    found: frozenset[str] | None = None  # the newest result's diagnoses; None while ungraded


@dataclass
class History:
    attempts: list[Attempt] = field(default_factory=list)
    moment: datetime = START

    def current(self, student: int, challenge: str) -> Attempt | None:
        graded = [
            a
            for a in self.attempts
            if a.student == student and a.stored.challenge == challenge and a.found is not None
        ]
        return max(graded, key=lambda a: (a.created_at, a.stored.id), default=None)

    def holders(self, students: int) -> Counter[tuple[str, str]]:
        """Students still holding each (challenge, diagnosis)."""
        held: Counter[tuple[str, str]] = Counter()
        for challenge in ("layer_norm", "bloque"):
            for student in range(students):
                current = self.current(student, challenge)
                found = current.found if current is not None and current.found is not None else frozenset()
                held.update((challenge, d) for d in found)
        return held


def _submit(
    opener: sessionmaker[Session], ids: tuple[int, int, int], student: int, challenge: str, at: datetime
) -> Stored:
    platform_id, key_id, course_id = ids
    submission = Submission(
        id=new_id(),
        platform_id=platform_id,
        api_key_id=key_id,
        course_id=course_id,
        student_id=student,
        challenge=challenge,
        lang="en",
        code="",
        status="running",
        created_at=at,
    )
    with opener.begin() as session:
        session.add(submission)
    return Stored(submission.id, course_id, challenge)


def _grade(engine: Engine, attempt: Attempt, result: Result) -> None:
    assert _store(engine, attempt.stored, attempt.version + 1, result)
    attempt.version += 1
    attempt.found = frozenset(d.id for d in result.diagnoses)


def _kept(
    engine: Engine, course_id: int
) -> tuple[Counter[tuple[str, str]], dict[tuple[str, int], frozenset[str]]]:
    with engine.connect() as connection:
        counted = connection.execute(
            select(AggDiagnosis.challenge, AggDiagnosis.diagnosis_id, AggDiagnosis.holders).where(
                AggDiagnosis.course_id == course_id
            )
        )
        held = Counter({(c, d): n for c, d, n in counted if n})
        rows = connection.execute(
            select(
                AggStudentChallenge.challenge,
                AggStudentChallenge.student_id,
                AggStudentChallenge.current_diagnoses,
            ).where(AggStudentChallenge.course_id == course_id)
        )
        each = {(c, s): split_ids(d) for c, s, d in rows if d}
    return held, each


def _play(engine: Engine, history_steps: list[tuple[Any, ...]]) -> tuple[History, int, list[int]]:
    opener = sessionmaker(engine, expire_on_commit=False)
    platform_id, key_id, course_id, students = _setup(opener)
    ids = (platform_id, key_id, course_id)
    history = History()
    for what, student, challenge, which, result, same_moment in history_steps:
        pending = [a for a in history.attempts if a.found is None]
        graded = [a for a in history.attempts if a.found is not None]
        if what in ("grade", "submit") or (what == "late" and not pending) or not graded:
            if not same_moment:
                history.moment += timedelta(seconds=1)
            stored = _submit(opener, ids, students[student], challenge, history.moment)
            attempt = Attempt(stored, student, history.moment)
            history.attempts.append(attempt)
            if what != "submit":
                _grade(engine, attempt, result)
        elif what == "late":
            _grade(engine, pending[which % len(pending)], result)
        elif what == "regrade":
            _grade(engine, graded[which % len(graded)], result)
        else:  # the same delivery again: refused at the unique key, nothing moves
            attempt = graded[which % len(graded)]
            assert not _store(engine, attempt.stored, attempt.version, result)
    return history, course_id, students


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(history_steps=st.lists(steps, min_size=1, max_size=25))
def test_who_still_has_each_diagnosis_is_the_truth_of_the_history(
    engine: Engine, history_steps: list[tuple[Any, ...]]
) -> None:
    history, course_id, students = _play(engine, history_steps)
    held, each = _kept(engine, course_id)
    assert held == history.holders(len(students))
    truth = {}
    for challenge in ("layer_norm", "bloque"):
        for index, student_id in enumerate(students):
            current = history.current(index, challenge)
            if current is not None and current.found:
                truth[(challenge, student_id)] = current.found
    assert each == truth
    incremental = snapshot(engine, course_id)
    with engine.begin() as connection:
        rebuild(connection, [course_id])
    assert snapshot(engine, course_id) == incremental


def test_the_overview_tells_who_still_has_a_diagnosis_from_who_ever_had_it(engine: Engine) -> None:
    opener = sessionmaker(engine, expire_on_commit=False)
    platform_id, key_id, course_id, students = _setup(opener)
    ids = (platform_id, key_id, course_id)
    by_column = synthetic(None, [True, False, True, True], ["by_column"])
    fixed = synthetic(None, [True, True, True, True], [])
    # s0 fixes it; s1 keeps it; s2's earlier attempt (right) is graded after its latest (wrong):
    # the latest still has it
    plan = [(0, by_column), (0, fixed), (1, by_column), (2, fixed), (2, by_column)]
    made = []
    for step, (student, result) in enumerate(plan):
        stored = _submit(opener, ids, students[student], "layer_norm", START + timedelta(seconds=step))
        made.append((stored, result))
    for stored, result in (made[0], made[1], made[2], made[4], made[3]):
        assert _store(engine, stored, 1, result)
    with opener.begin() as session:
        slug = session.get_one(Course, course_id).slug
        stats = course_overview(session, GrantedCourse(slug, "platform", platform_id), {"layer_norm": 1})
    [share] = stats["layer_norm"].diagnoses
    assert (share.diagnosis_id, share.students, share.holders) == ("by_column", 3, 2)
    assert (share.share, share.held_share) == (1.0, 2 / 3)
