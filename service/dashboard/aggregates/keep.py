"""Keep the dashboard's aggregates as a result is stored, in the same transaction.

Storing takes the lock of the student's row for the challenge first (an upsert), so the gradings
of one student in one challenge follow each other; every course-wide counter is then changed by
adding the difference this result makes (`upsert.add_all`), which concurrent gradings of
other students may do at the same time. What the difference is:

- per attempt (tests, errors, versions): the submission's previous newest result leaves the
  counts and this one enters them;
- per student (tried, reached 100, best-score bucket, diagnoses ever had and still had, what
  became of each message told: `service.dashboard.aggregates.effect`): the student's row is computed
  again from their own newest results (a few rows), and the course's counters move from the old
  row's values to the new one's. A student still has a diagnosis when their current attempt has
  it: their latest graded submission (by creation time, then id), as its newest result has it. A
  late grading of an older submission leaves the current attempt as it was.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, func, select, text
from sqlalchemy.types import Float, Integer, String

from grader.models import Result
from service.dashboard.aggregates import effect, upsert
from service.dashboard.aggregates.effect import Attempt, Effect, Message
from service.dashboard.aggregates.tables import (
    AggBucket,
    AggChallenge,
    AggDiagnosis,
    AggError,
    AggStudent,
    AggStudentChallenge,
    AggTest,
    AggVersion,
)
from service.dashboard.aggregates.upsert import Shape, Upsert
from service.storage.instants import Instant
from service.storage.results import Stored
from service.storage.tables import GradingResult, TestOutcome

HUNDRED = 100.0
UNKNOWN_ERROR = "internal"  # an errored result stored without a kind


def bucket(best: float) -> int:
    """0 for 0-9, ..., 9 for 90-99, 10 for 100 alone."""
    return 10 if best >= HUNDRED else max(0, min(int(best // 10), 9))


def error_kind(status: str, kind: str | None) -> str | None:
    """The kind of an attempt that did not run (its tests count apart), None for one that ran."""
    return (kind or UNKNOWN_ERROR) if status == "error" else None


@dataclass(frozen=True)
class StudentState:
    """One student in one challenge, over the newest result of each of their attempts."""

    attempts: int
    best: float
    last_at: datetime | None
    diagnoses: frozenset[str]  # in any attempt
    current: frozenset[str] = frozenset()  # in the current attempt
    effects: dict[Message, Effect] = field(default_factory=dict)  # what became of each message told


@dataclass(frozen=True)
class Locked:
    student_id: int
    external_id: str
    before: StudentState
    submitted_at: datetime  # when the submission being stored was made


@dataclass(frozen=True)
class AttemptState:
    """What one result adds to the per-attempt counts: its error kind, or its tests' outcomes."""

    kind: str | None
    tests: tuple[tuple[str, str, int, bool], ...]  # test id, category, position, passed

    @staticmethod
    def of(result: Result) -> AttemptState:
        kind = error_kind(result.status, result.error.kind if result.error else None)
        tests = tuple((t.id, t.category, i, t.passed) for i, t in enumerate(result.tests))
        return AttemptState(kind, tests)


def join_ids(ids: frozenset[str]) -> str:
    return ";".join(sorted(ids))


def split_ids(joined: str) -> frozenset[str]:
    return frozenset(joined.split(";")) if joined else frozenset()


_LOCK = text(
    """
INSERT INTO agg_student_challenges (course_id, challenge, student_id, external_id, attempts, best, diagnoses,
                                    current_diagnoses)
SELECT s.course_id, s.challenge, s.student_id, st.external_id, 0, 0.0, '', ''
FROM submissions s JOIN students st ON st.id = s.student_id
WHERE s.id = :submission_id
ON CONFLICT (course_id, challenge, student_id) DO UPDATE SET external_id = excluded.external_id
RETURNING student_id, external_id, attempts, best, last_at, diagnoses, current_diagnoses, effects,
    (SELECT created_at FROM submissions WHERE id = :submission_id) AS submitted_at
"""
).columns(
    student_id=Integer,
    external_id=String,
    attempts=Integer,
    best=Float,
    last_at=Instant(),
    diagnoses=String,
    current_diagnoses=String,
    effects=String,
    submitted_at=Instant(),
)


def lock_student(connection: Connection, submission_id: str) -> Locked:
    """Take (creating it if need be) the row of the submission's student in its challenge: the
    gradings of that student in that challenge wait here for each other. Its values before."""
    row = connection.execute(_LOCK, {"submission_id": submission_id}).one()
    before = StudentState(
        row.attempts,
        row.best,
        row.last_at,
        split_ids(row.diagnoses),
        split_ids(row.current_diagnoses),
        effect.loads(row.effects),
    )
    return Locked(row.student_id, row.external_id, before, row.submitted_at)


_NEWEST_OF_SUBMISSION = (
    select(func.max(GradingResult.id))
    .where(GradingResult.submission_id == bindparam("submission_id"))
    .scalar_subquery()
)
_PREVIOUS = (
    select(
        GradingResult.status,
        GradingResult.error_kind,
        TestOutcome.test_id,
        TestOutcome.category,
        TestOutcome.position,
        TestOutcome.passed,
    )
    .outerjoin(TestOutcome, TestOutcome.result_id == GradingResult.id)
    .where(GradingResult.id == _NEWEST_OF_SUBMISSION)
)


def previous(connection: Connection, submission_id: str) -> AttemptState | None:
    """The submission's newest result so far (a regrade replaces it), or None before its first."""
    rows = connection.execute(_PREVIOUS, {"submission_id": submission_id}).all()
    if not rows:
        return None
    tests = tuple((r.test_id, r.category, r.position, r.passed) for r in rows if r.test_id is not None)
    return AttemptState(error_kind(rows[0].status, rows[0].error_kind), tests)


# Each graded submission of the student in the challenge by its newest result, once per diagnosis
# that result has (once with none when it has none): attempts, best, last attempt, both sets of
# diagnoses and the messages' effects come from these few rows, in one round trip.
_HISTORY = text(
    """
SELECT s.id AS submission_id, s.created_at, r.score, r.status, r.localised_step, d.diagnosis_id
FROM submissions s
JOIN results r ON r.submission_id = s.id
    AND r.id = (SELECT max(newest.id) FROM results newest WHERE newest.submission_id = s.id)
LEFT JOIN diagnoses d ON d.result_id = r.id
WHERE s.course_id = :course_id AND s.challenge = :challenge AND s.student_id = :student_id
"""
).columns(
    submission_id=String,
    created_at=Instant(),
    score=Float,
    status=String,
    localised_step=String,
    diagnosis_id=String,
)


def with_first_result(locked: Locked, result: Result) -> StudentState | None:
    """The student's row once a submission's first result joins it, as `student_now` computes it
    but without its query: the newest results are the ones before and this one (the submission
    had none, and the student's other gradings in the challenge wait on the lock). None when the
    submission was made at the very moment of the latest attempt: which of the two is current
    then depends on their ids, which the row does not keep; and None for an attempt that ran made
    before the latest: it may be the next attempt of a message told earlier."""
    before = locked.before  # a row just made: no attempts, best 0, no date, no diagnoses
    found = frozenset(d.id for d in result.diagnoses)
    if before.last_at is not None and before.last_at == locked.submitted_at:
        return None
    latest = before.last_at is None or locked.submitted_at > before.last_at
    attempt = effect.attempt_of(locked.submitted_at, result)
    if attempt is not None and not latest:
        return None
    return StudentState(
        before.attempts + 1,
        max(before.best, result.score),
        locked.submitted_at if latest else before.last_at,
        before.diagnoses | found,
        found if latest else before.current,
        effect.after(before.effects, attempt) if attempt else before.effects,
    )


def student_now(connection: Connection, course_id: int, challenge: str, student_id: int) -> StudentState:
    """The student's row computed from their own newest results (this transaction's included)."""
    which = {"course_id": course_id, "challenge": challenge, "student_id": student_id}
    rows = connection.execute(_HISTORY, which).all()
    if not rows:
        return StudentState(0, 0.0, None, frozenset())
    current = max((r.created_at, r.submission_id) for r in rows)
    return StudentState(
        attempts=len({r.submission_id for r in rows}),
        best=max(float(r.score or 0.0) for r in rows),
        last_at=current[0],
        diagnoses=frozenset(r.diagnosis_id for r in rows if r.diagnosis_id is not None),
        current=frozenset(
            r.diagnosis_id
            for r in rows
            if r.diagnosis_id is not None and (r.created_at, r.submission_id) == current
        ),
        effects=effect.from_attempts(_attempts(rows)),
    )


def _attempts(rows: Sequence[Any]) -> list[Attempt]:
    """The attempts that ran, in the order they were made, from the history's rows."""
    found: dict[tuple[datetime, str], tuple[str | None, set[str]]] = {}
    diagnosed: dict[tuple[datetime, str], set[str]] = defaultdict(set)
    for r in rows:
        if r.status != "done":
            continue
        made = (r.created_at, r.submission_id)
        found[made] = (r.localised_step, diagnosed[made])
        if r.diagnosis_id is not None:
            diagnosed[made].add(r.diagnosis_id)
    return [
        Attempt(effect.utc(made[0]), effect.messages(ids, step))
        for made, (step, ids) in sorted(found.items())
    ]


def _attempt_counts(state: AttemptState | None, sign: int) -> tuple[Counter[tuple[Any, ...]], Counter[str]]:
    """The per-test counts (ran, failed, errored by test id) and the error kinds of one result."""
    tests: Counter[tuple[Any, ...]] = Counter()
    kinds: Counter[str] = Counter()
    if state is None:
        return tests, kinds
    if state.kind is not None:
        kinds[state.kind] += sign
    for test_id, _, _, passed in state.tests:
        if state.kind is not None:
            tests[(test_id, "errored")] += sign
        else:
            tests[(test_id, "ran")] += sign
            tests[(test_id, "failed")] += sign * (not passed)
    return tests, kinds


@dataclass(frozen=True)
class Change:
    """One stored result, as the aggregates see it."""

    course_id: int
    challenge: str
    version: int
    locked: Locked
    after: StudentState
    previous: AttemptState | None
    current: AttemptState


def keep(connection: Connection, submission: Stored, version: int, result: Result) -> Callable[[], None]:
    """The storing code's `OnStored`: the student's row locked and the submission's previous
    result read before the result is stored; once it is, every aggregate it changes moved."""
    locked = lock_student(connection, submission.id)
    before = previous(connection, submission.id)

    def stored() -> None:
        # A first result (every grading but a regrade) only adds itself to the student's row; a
        # regrade replaces a result, and the row is computed again from the newest ones.
        after = with_first_result(locked, result) if before is None else None
        if after is None:
            after = student_now(connection, submission.course_id, submission.challenge, locked.student_id)
        current = AttemptState.of(result)
        apply(
            connection,
            Change(submission.course_id, submission.challenge, version, locked, after, before, current),
        )

    return stored


def apply(connection: Connection, change: Change) -> None:
    """Write the student's new row and add the difference to every course-wide counter."""
    upsert.add_all(connection, writes(change))


# The lock made the row and set its external id: the upsert replaces the rest.
_STUDENT_CHALLENGE = Shape(
    AggStudentChallenge,
    counts=(),
    replace=("attempts", "best", "last_at", "diagnoses", "current_diagnoses", "effects"),
    given=("external_id",),
)
_STUDENT = Shape(AggStudent, counts=("attempts",), latest=("last_at",), given=("external_id",))
_CHALLENGE = Shape(AggChallenge, counts=("tried", "reached_100", "attempts", "errored"))
_BUCKET = Shape(AggBucket, counts=("students",))
_TEST = Shape(AggTest, counts=("ran", "failed", "errored"), replace=("category", "position"))
_ERROR = Shape(AggError, counts=("attempts",))
_DIAGNOSIS = Shape(AggDiagnosis, counts=("students", "holders"))
_VERSION = Shape(AggVersion, counts=("submissions",))


def writes(change: Change) -> list[Upsert]:
    """What storing the result changes, table by table, in the order every grading writes them
    (the student's row, which the lock holds already, first)."""
    key = {"course_id": change.course_id, "challenge": change.challenge}
    version = {**key, "version": change.version, "submissions": 1}
    return [
        _student_challenge(change),
        _student(change),
        _challenge(change),
        _buckets(change),
        _tests(change),
        _errors(change),
        _diagnoses(change),
        Upsert(_VERSION, [version]),
        *effect.writes(
            change.course_id, change.challenge, change.locked.before.effects, change.after.effects
        ),
    ]


def _student_challenge(change: Change) -> Upsert:
    after, locked = change.after, change.locked
    row = {
        "course_id": change.course_id,
        "challenge": change.challenge,
        "student_id": locked.student_id,
        "external_id": locked.external_id,
        "attempts": after.attempts,
        "best": after.best,
        "last_at": after.last_at,
        "diagnoses": join_ids(after.diagnoses),
        "current_diagnoses": join_ids(after.current),
        "effects": effect.dumps(after.effects),
    }
    return Upsert(_STUDENT_CHALLENGE, [row])


def _student(change: Change) -> Upsert:
    after, locked = change.after, change.locked
    row = {
        "course_id": change.course_id,
        "student_id": locked.student_id,
        "external_id": locked.external_id,
        "attempts": after.attempts - locked.before.attempts,
        "last_at": after.last_at,
    }
    return Upsert(_STUDENT, [row])


def _challenge(change: Change) -> Upsert:
    before, after = change.locked.before, change.after
    errored = (change.current.kind is not None) - (
        change.previous is not None and change.previous.kind is not None
    )
    row = {
        "course_id": change.course_id,
        "challenge": change.challenge,
        "tried": int(after.attempts > 0) - int(before.attempts > 0),
        "reached_100": int(after.best >= HUNDRED) - int(before.attempts > 0 and before.best >= HUNDRED),
        "attempts": after.attempts - before.attempts,
        "errored": errored,
    }
    return Upsert(_CHALLENGE, [row])


def _buckets(change: Change) -> Upsert:
    moves: Counter[int] = Counter({bucket(change.after.best): 1})
    if change.locked.before.attempts > 0:
        moves[bucket(change.locked.before.best)] -= 1
    key = {"course_id": change.course_id, "challenge": change.challenge}
    return Upsert(_BUCKET, [{**key, "bucket": b, "students": n} for b, n in moves.items() if n])


def _tests(change: Change) -> Upsert:
    counts, _ = _attempt_counts(change.current, 1)
    counts.update(_attempt_counts(change.previous, -1)[0])
    described = {t[0]: (t[1], t[2]) for t in (change.previous.tests if change.previous else ())}
    described.update({t[0]: (t[1], t[2]) for t in change.current.tests})
    key = {"course_id": change.course_id, "challenge": change.challenge}
    rows = [
        {
            **key,
            "test_id": test_id,
            "category": category,
            "position": position,
            "ran": counts[(test_id, "ran")],
            "failed": counts[(test_id, "failed")],
            "errored": counts[(test_id, "errored")],
        }
        for test_id, (category, position) in described.items()
    ]
    return Upsert(_TEST, rows)


def _errors(change: Change) -> Upsert:
    kinds = _attempt_counts(change.current, 1)[1]
    kinds.update(_attempt_counts(change.previous, -1)[1])
    key = {"course_id": change.course_id, "challenge": change.challenge}
    return Upsert(_ERROR, [{**key, "kind": kind, "attempts": n} for kind, n in kinds.items() if n])


def _diagnoses(change: Change) -> Upsert:
    """Who ever had each diagnosis and who still has it, moved by what this result changed."""
    before, after = change.locked.before, change.after
    key = {"course_id": change.course_id, "challenge": change.challenge}
    rows = []
    for d in before.diagnoses | after.diagnoses:  # the current attempt's are among them
        students = (d in after.diagnoses) - (d in before.diagnoses)
        holders = (d in after.current) - (d in before.current)
        if students or holders:
            rows.append({**key, "diagnosis_id": d, "students": students, "holders": holders})
    return Upsert(_DIAGNOSIS, rows)
