"""The students of a course, a page at a time: best score per challenge, attempts and last
activity, read from the aggregates (`agg_students`, `agg_student_challenges`) in the order of an
index, so a page costs the same in a class of 100 or of 100,000.

Order: by the chosen column, ties by the student's id, both in the chosen direction (one index
scan), and by the database's student id last, so the order is total and pages never overlap. By the
best score of a challenge, the students who have not tried it sort below every score.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import Select, exists, func, literal, select
from sqlalchemy.orm import Session, aliased

from service.dashboard.aggregates.tables import AggChallenge, AggStudent, AggStudentChallenge
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import GRADED, course_ids
from service.dashboard.timezones import utc
from service.policies import late, store
from service.storage.tables import Submission

SortKey = Literal["student", "attempts", "last", "best"]
Rows = Select[int, str, int, datetime | None]  # student id, external id, attempts, last activity
PAGE_SIZE = 50
CHUNK = 1000


@dataclass
class StudentRow:
    student: str
    best: dict[str, float | None] = field(default_factory=dict)  # challenge -> best score
    attempts: int = 0
    last_activity: datetime | None = None
    # where a due date applies: what the late policy counts (the best of what the attempts are
    # worth, as the LMS passback counts it) and how many attempts came late
    counted: dict[str, float] = field(default_factory=dict)
    late: dict[str, int] = field(default_factory=dict)

    def counted_of(self, challenge: str) -> float | None:
        """The score the gradebook counts for the challenge (its best without a due date)."""
        return self.counted.get(challenge, self.best.get(challenge))


@dataclass(frozen=True)
class StudentFilter:
    text: str = ""  # part of the student's id
    challenge: str = ""  # with below: only students whose best on it is below that score
    below: float | None = None
    holding: str = ""  # with challenge: only students whose latest attempt at it has this diagnosis


@dataclass(frozen=True)
class Order:
    key: SortKey = "student"
    challenge: str = ""  # the challenge whose best score orders the rows, for key "best"
    descending: bool = False


@dataclass(frozen=True)
class StudentPage:
    rows: list[StudentRow]
    number: int  # from 1
    size: int
    has_next: bool

    @property
    def first(self) -> int:
        """The position of the page's first row in the whole table, from 1."""
        return (self.number - 1) * self.size + 1


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _best_on(challenge: str, row: Any = AggStudentChallenge) -> Any:
    """The student's row in the challenge (`row`: an alias, inside a subquery of a query that
    already joins the table)."""
    return (
        (row.course_id == AggStudent.course_id)
        & (row.student_id == AggStudent.student_id)
        & (row.challenge == challenge)
    )


def _filtered(query: Rows, chosen: StudentFilter) -> Rows:
    if chosen.text:
        query = query.where(AggStudent.external_id.ilike(_like(chosen.text), escape="\\"))
    if chosen.challenge and chosen.below is not None:  # a student who never tried it is below any score
        other = aliased(AggStudentChallenge)
        reached = exists().where(_best_on(chosen.challenge, other), other.best >= chosen.below)
        query = query.where(~reached)
    if chosen.challenge and chosen.holding:
        held = aliased(AggStudentChallenge)
        joined = literal(";") + held.current_diagnoses + literal(";")
        has_it = joined.like(_like(f";{chosen.holding};"), escape="\\")
        query = query.where(exists().where(_best_on(chosen.challenge, held), has_it))
    return query


def _students(course: GrantedCourse) -> Rows:
    return select(
        AggStudent.student_id, AggStudent.external_id, AggStudent.attempts, AggStudent.last_at
    ).where(AggStudent.course_id == course_ids(course).scalar_subquery())  # `=`, not IN: SQLite then
    # reads the rows in the order of an index that starts with the course (IN sorts them all)


def _ordered(query: Rows, columns: Sequence[Any], descending: bool, row: Any = AggStudent) -> Rows:
    """Ties by the student's id (unique in a course): `row`'s copy of it, so that the whole order
    is an index of `row`'s table. One more column, not in the index, would make the database sort
    every tie of the others (a whole class at 100)."""
    keys = [*columns, row.external_id]
    return query.order_by(*(k.desc() if descending else k.asc() for k in keys))


def _rows(session: Session, query: Rows, offset: int, limit: int) -> list[tuple[Any, ...]]:
    if limit <= 0:
        return []
    return [tuple(row) for row in session.execute(query.offset(offset).limit(limit))]


def _by_best(
    session: Session, course: GrantedCourse, chosen: StudentFilter, order: Order, offset: int, limit: int
) -> list[tuple[Any, ...]]:
    """Those who tried the challenge by their best on it, and those who did not below them: two
    index scans, the second only once the first is exhausted."""
    tried = _filtered(_students(course).join(AggStudentChallenge, _best_on(order.challenge)), chosen)
    tried = _ordered(tried, [AggStudentChallenge.best], order.descending, AggStudentChallenge)
    other = aliased(AggStudentChallenge)
    untried = _filtered(_students(course).where(~exists().where(_best_on(order.challenge, other))), chosen)
    untried = _ordered(untried, [], order.descending)
    first, second = (tried, untried) if order.descending else (untried, tried)
    found = _rows(session, first, offset, limit)
    if len(found) == limit:
        return found
    skipped = offset + len(found) if found else _count(session, first)
    return found + _rows(session, second, max(0, offset - skipped), limit - len(found))


def _count(session: Session, query: Rows) -> int:
    return int(session.scalar(select(func.count()).select_from(query.order_by(None).subquery())) or 0)


def _page_rows(
    session: Session, course: GrantedCourse, chosen: StudentFilter, order: Order, offset: int, limit: int
) -> list[tuple[Any, ...]]:
    if order.key == "best" and order.challenge:
        return _by_best(session, course, chosen, order, offset, limit)
    columns: dict[str, list[Any]] = {"attempts": [AggStudent.attempts], "last": [AggStudent.last_at]}
    column = columns.get(order.key, [])
    query = _ordered(_filtered(_students(course), chosen), column, order.descending)
    return _rows(session, query, offset, limit)


def _with_bests(session: Session, course: GrantedCourse, found: list[tuple[Any, ...]]) -> list[StudentRow]:
    rows = {
        student_id: StudentRow(external, attempts=attempts, last_activity=utc(last))
        for student_id, external, attempts, last in found
    }
    if rows:
        course_id = course_ids(course).scalar_subquery()
        # every (course, challenge, student) key spelled out: lookups in the primary key, where
        # the students alone would scan the course's rows (no index starts with the student)
        challenges = select(AggChallenge.challenge).where(AggChallenge.course_id == course_id)
        query = select(
            AggStudentChallenge.student_id, AggStudentChallenge.challenge, AggStudentChallenge.best
        ).where(
            AggStudentChallenge.course_id == course_id,
            AggStudentChallenge.challenge.in_(challenges),
            AggStudentChallenge.student_id.in_(list(rows)),
        )
        for student_id, challenge, best in session.execute(query):
            rows[student_id].best[challenge] = best
        _with_counted(session, course_id, challenges, rows)
    return list(rows.values())


def _with_counted(session: Session, course_id: Any, challenges: Any, rows: dict[int, StudentRow]) -> None:
    """Each student's counted score and late attempts in the challenges where a due date applies
    to them: their graded attempts are read only then (most courses set none)."""
    if not store.any_due(session.connection(), session.scalar(select(course_id)) or 0):
        return
    keys = (AggStudentChallenge.course_id, AggStudentChallenge.external_id, AggStudentChallenge.challenge)
    dues_query = select(
        AggStudentChallenge.student_id, AggStudentChallenge.challenge, *store.due_columns(*keys)
    ).where(
        AggStudentChallenge.course_id == course_id,
        AggStudentChallenge.challenge.in_(challenges),
        AggStudentChallenge.student_id.in_(list(rows)),
    )
    dues = {
        (r.student_id, r.challenge): due for r in session.execute(dues_query) if (due := store.due_of(r)).at
    }
    if not dues:
        return
    graded: dict[tuple[int, str], list[late.Graded]] = defaultdict(list)
    attempts = select(
        Submission.student_id, Submission.challenge, Submission.created_at, Submission.score
    ).where(Submission.student_id.in_({student for student, _ in dues}), Submission.status.in_(GRADED))
    for student_id, challenge, created_at, score in session.execute(attempts):
        if (student_id, challenge) in dues:
            graded[student_id, challenge].append(late.Graded(created_at, score or 0.0))
    for (student_id, challenge), tried in graded.items():
        due = dues[student_id, challenge]
        rows[student_id].counted[challenge] = late.gradebook(tried, due, "best").score
        rows[student_id].late[challenge] = sum(late.days_late(a.submitted_at, due) > 0 for a in tried)


def student_page(
    session: Session,
    course: GrantedCourse,
    chosen: StudentFilter,
    order: Order,
    number: int = 1,
    size: int = PAGE_SIZE,
) -> StudentPage:
    """One page of the students table (`number` from 1)."""
    offset = (max(number, 1) - 1) * size
    found = _page_rows(session, course, chosen, order, offset, size + 1)
    return StudentPage(_with_bests(session, course, found[:size]), max(number, 1), size, len(found) > size)


def every_student(course: GrantedCourse, session_of: Any, chunk: int = CHUNK) -> Iterator[StudentRow]:
    """Every student of the course by id, read a chunk at a time (keyset: short transactions):
    the gradebook. `session_of()` opens a reading session."""
    after: tuple[str, int] | None = None
    while True:
        query = _ordered(_students(course), [], False).limit(chunk)
        if after is not None:
            query = query.where(
                (AggStudent.external_id > after[0])
                | ((AggStudent.external_id == after[0]) & (AggStudent.student_id > after[1]))
            )
        with session_of() as session:
            found = [tuple(row) for row in session.execute(query)]
            rows = _with_bests(session, course, found)
        yield from rows
        if len(found) < chunk:
            return
        after = (found[-1][1], found[-1][0])
