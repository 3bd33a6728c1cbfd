"""Recompute the dashboard's aggregates from the result rows: after a migration, after a repair,
and in the tests, as the reference the incremental upkeep (`service.dashboard.aggregates.keep`) must match."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import ColumnElement, Connection, case, delete, func, insert, select, true

from service.dashboard.aggregates import effect
from service.dashboard.aggregates.keep import HUNDRED, UNKNOWN_ERROR, bucket, join_ids, split_ids
from service.dashboard.aggregates.tables import (
    AGGREGATES,
    AggBucket,
    AggChallenge,
    AggDiagnosis,
    AggError,
    AggFeedbackEffect,
    AggFeedbackGone,
    AggStudent,
    AggStudentChallenge,
    AggTest,
    AggVersion,
)
from service.dashboard.aggregates.upsert import table_of
from service.storage.tables import DiagnosisRow, GradingResult, Student, Submission, TestOutcome

BATCH = 5000


def rebuild(connection: Connection, course_ids: Sequence[int] | None = None) -> None:
    """Replace the aggregates of the courses (every course when None) by values computed from rows."""
    chosen: ColumnElement[bool] = true() if course_ids is None else GradingResult.course_id.in_(course_ids)
    for model in AGGREGATES:
        table = table_of(model)
        connection.execute(
            delete(table).where(true() if course_ids is None else table.c.course_id.in_(course_ids))
        )
    newest = (
        select(func.max(GradingResult.id).label("id")).where(chosen).group_by(GradingResult.submission_id)
    )
    latest = newest.subquery()
    students = _students(connection, latest)
    _insert(connection, AggStudentChallenge, students)
    _insert(connection, AggStudent, _course_students(connection, students, course_ids))
    _insert(connection, AggChallenge, _challenges(connection, students, latest))
    _insert(connection, AggBucket, _buckets(students))
    _insert(connection, AggDiagnosis, _diagnoses(students))
    effects, gone = _effects(students)
    _insert(connection, AggFeedbackEffect, effects)
    _insert(connection, AggFeedbackGone, gone)
    _insert(connection, AggTest, _tests(connection, latest))
    _insert(connection, AggError, _errors(connection, latest))
    _insert(connection, AggVersion, _versions(connection, chosen))


def _insert(connection: Connection, model: Any, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), BATCH):
        connection.execute(insert(table_of(model)), rows[start : start + BATCH])


def _students(connection: Connection, latest: Any) -> list[dict[str, Any]]:
    key = (Submission.course_id, Submission.challenge, Submission.student_id, Student.external_id)
    totals = (
        select(*key, func.count(), func.max(GradingResult.score), func.max(Submission.created_at))
        .join(GradingResult, GradingResult.id == latest.c.id)
        .join(Submission, Submission.id == GradingResult.submission_id)
        .join(Student, Student.id == Submission.student_id)
        .select_from(latest)
        .group_by(*key)
    )
    rows = {
        (course, challenge, student): {
            "course_id": course,
            "challenge": challenge,
            "student_id": student,
            "external_id": external,
            "attempts": attempts,
            "best": float(best or 0.0),
            "last_at": last,
            "diagnoses": "",
            "current_diagnoses": "",
            "effects": "",
        }
        for course, challenge, student, external, attempts, best, last in connection.execute(totals)
    }
    for key_of, effects in _students_effects(connection, latest).items():
        rows[key_of]["effects"] = effect.dumps(effects)
    current = _current_attempts(connection, latest)
    found = (
        select(
            Submission.course_id,
            Submission.challenge,
            Submission.student_id,
            Submission.id,
            DiagnosisRow.diagnosis_id,
        )
        .select_from(latest)
        .join(DiagnosisRow, DiagnosisRow.result_id == latest.c.id)
        .join(GradingResult, GradingResult.id == latest.c.id)
        .join(Submission, Submission.id == GradingResult.submission_id)
    )
    diagnosed: dict[tuple[Any, ...], set[str]] = defaultdict(set)
    held: dict[tuple[Any, ...], set[str]] = defaultdict(set)
    for course, challenge, student, submission, diagnosis in connection.execute(found):
        diagnosed[(course, challenge, student)].add(diagnosis)
        if current[(course, challenge, student)] == submission:
            held[(course, challenge, student)].add(diagnosis)
    for key_of, ids in diagnosed.items():
        rows[key_of]["diagnoses"] = join_ids(frozenset(ids))
        rows[key_of]["current_diagnoses"] = join_ids(frozenset(held[key_of]))
    return list(rows.values())


def _current_attempts(connection: Connection, latest: Any) -> dict[tuple[Any, ...], str]:
    """Each student's current attempt in each challenge: their latest graded submission, by
    creation time and then id, as the storing transaction picks it."""
    graded = (
        select(
            Submission.course_id,
            Submission.challenge,
            Submission.student_id,
            Submission.created_at,
            Submission.id,
        )
        .select_from(latest)
        .join(GradingResult, GradingResult.id == latest.c.id)
        .join(Submission, Submission.id == GradingResult.submission_id)
    )
    newest: dict[tuple[Any, ...], tuple[Any, str]] = {}
    for course, challenge, student, created_at, submission in connection.execute(graded):
        key = (course, challenge, student)
        if key not in newest or (created_at, submission) > newest[key]:
            newest[key] = (created_at, submission)
    return {key: submission for key, (_, submission) in newest.items()}


def _students_effects(connection: Connection, latest: Any) -> dict[tuple[Any, ...], effect.Effects]:
    """What became of each message told to each student in each challenge, from the attempts that
    ran (their newest results), in the order they were made."""
    ran = (
        select(
            Submission.course_id,
            Submission.challenge,
            Submission.student_id,
            Submission.created_at,
            Submission.id,
            GradingResult.localised_step,
            DiagnosisRow.diagnosis_id,
        )
        .select_from(latest)
        .join(GradingResult, GradingResult.id == latest.c.id)
        .join(Submission, Submission.id == GradingResult.submission_id)
        .outerjoin(DiagnosisRow, DiagnosisRow.result_id == latest.c.id)
        .where(GradingResult.status == "done")
    )
    told: dict[tuple[Any, ...], dict[tuple[Any, str], set[str]]] = defaultdict(dict)
    steps: dict[str, str | None] = {}
    for course, challenge, student, created_at, submission, step, diagnosis in connection.execute(ran):
        ids = told[(course, challenge, student)].setdefault((created_at, submission), set())
        steps[submission] = step
        if diagnosis is not None:
            ids.add(diagnosis)
    return {
        key: effect.from_attempts(
            effect.Attempt(effect.utc(made), effect.messages(ids, steps[submission]))
            for (made, submission), ids in sorted(attempts.items())
        )
        for key, attempts in told.items()
    }


def _effects(students: Iterable[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The course's counters and histogram of the messages' effects: each student's added up."""
    counts: dict[tuple[int, str], effect.Counts] = defaultdict(Counter)
    gone: dict[tuple[int, str], effect.Gone] = defaultdict(Counter)
    for s in students:
        student_counts, student_gone = effect.counted(effect.loads(s["effects"]))
        counts[(s["course_id"], s["challenge"])].update(student_counts)
        gone[(s["course_id"], s["challenge"])].update(student_gone)
    effect_rows = [row for key, c in counts.items() for row in effect.effect_rows(*key, c)]
    gone_rows = [row for key, g in gone.items() for row in effect.gone_rows(*key, g)]
    return effect_rows, gone_rows


def _course_students(
    connection: Connection, students: Iterable[dict[str, Any]], course_ids: Sequence[int] | None
) -> list[dict[str, Any]]:
    """Every student of the courses (listed from their first submission on, as intake does),
    with their attempts and last activity over every challenge."""
    merged: dict[tuple[int, int], dict[str, Any]] = {}
    everyone = select(Student.course_id, Student.id, Student.external_id)
    if course_ids is not None:
        everyone = everyone.where(Student.course_id.in_(course_ids))
    for course, student, external in connection.execute(everyone):
        merged[(course, student)] = {
            "course_id": course,
            "student_id": student,
            "external_id": external,
            "attempts": 0,
            "last_at": None,
        }
    for row in students:
        key = (row["course_id"], row["student_id"])
        first = {
            "course_id": row["course_id"],
            "student_id": row["student_id"],
            "external_id": row["external_id"],
        }
        entry = merged.setdefault(key, {**first, "attempts": 0, "last_at": None})
        entry["attempts"] += row["attempts"]
        if entry["last_at"] is None or (row["last_at"] is not None and row["last_at"] > entry["last_at"]):
            entry["last_at"] = row["last_at"]
    return list(merged.values())


def _challenges(connection: Connection, students: list[dict[str, Any]], latest: Any) -> list[dict[str, Any]]:
    rows: dict[tuple[int, str], dict[str, Any]] = {}
    for s in students:
        key = (s["course_id"], s["challenge"])
        entry = rows.setdefault(
            key,
            {
                "course_id": key[0],
                "challenge": key[1],
                "tried": 0,
                "reached_100": 0,
                "attempts": 0,
                "errored": 0,
            },
        )
        entry["tried"] += 1
        entry["reached_100"] += s["best"] >= HUNDRED
        entry["attempts"] += s["attempts"]
    for course, challenge, _, count in _error_counts(connection, latest):
        rows[(course, challenge)]["errored"] += count
    return list(rows.values())


def _buckets(students: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    counts = Counter((s["course_id"], s["challenge"], bucket(s["best"])) for s in students)
    return [{"course_id": c, "challenge": ch, "bucket": b, "students": n} for (c, ch, b), n in counts.items()]


def _diagnoses(students: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    ever: Counter[tuple[Any, ...]] = Counter()
    still: Counter[tuple[Any, ...]] = Counter()
    for s in students:
        ever.update((s["course_id"], s["challenge"], d) for d in split_ids(s["diagnoses"]))
        still.update((s["course_id"], s["challenge"], d) for d in split_ids(s["current_diagnoses"]))
    return [
        {"course_id": c, "challenge": ch, "diagnosis_id": d, "students": n, "holders": still[(c, ch, d)]}
        for (c, ch, d), n in ever.items()
    ]


def _error_counts(connection: Connection, latest: Any) -> list[tuple[int, str, str, int]]:
    kind = func.coalesce(GradingResult.error_kind, UNKNOWN_ERROR)
    query = (
        select(GradingResult.course_id, GradingResult.challenge, kind, func.count())
        .select_from(latest)
        .join(GradingResult, GradingResult.id == latest.c.id)
        .where(GradingResult.status == "error")
        .group_by(GradingResult.course_id, GradingResult.challenge, kind)
    )
    return [tuple(row) for row in connection.execute(query)]  # type: ignore[misc]


def _errors(connection: Connection, latest: Any) -> list[dict[str, Any]]:
    return [
        {"course_id": c, "challenge": ch, "kind": k, "attempts": n}
        for c, ch, k, n in _error_counts(connection, latest)
    ]


def _tests(connection: Connection, latest: Any) -> list[dict[str, Any]]:
    errored = GradingResult.status == "error"
    query = (
        select(
            TestOutcome.course_id,
            TestOutcome.challenge,
            TestOutcome.test_id,
            func.max(TestOutcome.category),
            func.max(TestOutcome.position),
            func.sum(case_int(~errored)),
            func.sum(case_int(~errored & TestOutcome.passed.is_(False))),
            func.sum(case_int(errored)),
        )
        .select_from(latest)
        .join(TestOutcome, TestOutcome.result_id == latest.c.id)
        .join(GradingResult, GradingResult.id == latest.c.id)
        .group_by(TestOutcome.course_id, TestOutcome.challenge, TestOutcome.test_id)
    )
    names = ("course_id", "challenge", "test_id", "category", "position", "ran", "failed", "errored")
    return [dict(zip(names, row, strict=True)) for row in connection.execute(query)]


def case_int(condition: ColumnElement[bool]) -> ColumnElement[int]:
    return case((condition, 1), else_=0)


def _versions(connection: Connection, chosen: ColumnElement[bool]) -> list[dict[str, Any]]:
    query = (
        select(
            GradingResult.course_id, GradingResult.challenge, GradingResult.challenge_version, func.count()
        )
        .where(chosen)
        .group_by(GradingResult.course_id, GradingResult.challenge, GradingResult.challenge_version)
    )
    return [
        {"course_id": c, "challenge": ch, "version": v, "submissions": n}
        for c, ch, v, n in connection.execute(query)
    ]
