"""The dashboard's SQL on SQLite and on PostgreSQL, over results stored by the real grading path."""

from __future__ import annotations

import csv
import io
from contextlib import AbstractContextManager

import pytest
from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session, sessionmaker

from grader.challenge import load_challenges
from grader.grade import Grader
from service.core.errors import Conflict, Invalid, NotFound
from service.dashboard import export, regrade
from service.dashboard.aggregates.keep import keep
from service.dashboard.aggregates.students import list_student
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.overview import course_overview
from service.dashboard.queries.students import Order, StudentFilter, StudentRow, every_student, student_page
from service.dashboard.queries.timeline import attempts
from service.dashboard.tables import Regrade, RegradeItem
from service.storage.db import Database
from service.storage.results import Stored, store_graded
from service.storage.sealing import Sealer
from service.storage.tables import Submission, new_id
from service.submissions import accepting, schemas
from service.submissions.keys import authenticate, create_key
from tests.conftest import ROOT

# The challenges' current versions (the results below are stored at them), as the app loads them.
VERSIONS = {c.id: c.version for c in load_challenges(ROOT / "challenges").values()}
LN, BLOQUE = VERSIONS["layer_norm"], VERSIONS["bloque"]
CLASS = [
    ("ana", "layer_norm", "corpora/layer_norm/solutions/loops.py"),
    ("ben", "layer_norm", "corpora/layer_norm/catalogue/batch_norm.py"),
    ("ben", "layer_norm", "corpora/layer_norm/catalogue/sample_std.py"),
    ("carla", "layer_norm", "corpora/layer_norm/catalogue/batch_norm.py"),
    ("carla", "bloque", "corpora/bloque/catalogue/no_relu.py"),
]


def _opener(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


def _grade_class(engine: Engine, grader: Grader, course: str) -> GrantedCourse:
    """Accept each attempt as the API does, grade it with the real grader, store it as a worker does."""
    database = Database(engine.url.render_as_string(hide_password=False))  # the API's way in
    with _opener(engine).begin() as session:
        caller = authenticate(session, create_key(session, "platform", [], Sealer.with_new_key()).key)
    for student, challenge, path in CLASS:
        code = (ROOT / "tests" / path).read_text()
        body = schemas.SubmissionIn(challenge=challenge, code=code, student=student, course=course)
        taken = accepting.accept(
            database, caller, body, None, grader.challenges, new_id(), on_student=list_student
        )
        result = grader.grade(challenge, code, "en")
        with engine.begin() as connection:
            course_id = connection.scalar(
                select(Submission.course_id).where(Submission.id == taken.submission_id)
            )
            stored = Stored(taken.submission_id, int(course_id or 0), challenge)
            store_graded(connection, stored, grader.challenges[challenge].version, result, on_stored=keep)
    database.close()
    return GrantedCourse(course, "platform", caller.platform_id)


def _other(course: GrantedCourse, slug: str) -> GrantedCourse:
    """The same platform's course of another name."""
    return GrantedCourse(slug, course.platform, course.platform_id)


def test_overview_aggregates(engine: Engine, grader: Grader) -> None:
    c1 = _grade_class(engine, grader, "c1")
    with _opener(engine).begin() as session:
        stats = course_overview(session, c1, VERSIONS)
        assert course_overview(session, _other(c1, "other"), VERSIONS) == {}
        newer = course_overview(session, c1, {**VERSIONS, "layer_norm": LN + 1})
    layer_norm = stats["layer_norm"]
    assert (layer_norm.tried, layer_norm.reached_100, layer_norm.attempts) == (3, 1, 4)
    assert layer_norm.histogram[10] == 1
    assert sum(layer_norm.histogram) == 3
    column = next(d for d in layer_norm.diagnoses if d.diagnosis_id == "normalizes_by_column")
    assert (column.students, round(column.share, 3)) == (2, 0.667)  # ben and carla, of 3
    shape = next(t for t in layer_norm.tests if t.test_id == "shape")
    assert (shape.attempts, shape.failed) == (4, 0)
    assert max(t.rate for t in layer_norm.tests) == 0.75  # three wrong attempts of four
    assert layer_norm.stale == 0
    assert newer["layer_norm"].stale == 4
    assert newer["bloque"].stale == 0
    assert stats["bloque"].tried == 1
    assert stats["bloque"].reached_100 == 0


def test_students_timeline_and_csv(engine: Engine, grader: Grader) -> None:
    c1 = _grade_class(engine, grader, "c1")
    opener = _opener(engine)
    with opener.begin() as session:
        rows = student_page(session, c1, StudentFilter(), Order()).rows
        by_attempts = student_page(session, c1, StudentFilter(), Order("attempts", descending=True)).rows
        ben = attempts(session, c1, "ben")
        below = StudentFilter(text="A", challenge="layer_norm", below=100)
        filtered = student_page(session, c1, below, Order()).rows
    assert [r.student for r in rows] == ["ana", "ben", "carla"]
    assert [r.student for r in by_attempts] == ["carla", "ben", "ana"]  # ties in the sort's direction
    assert [r.student for r in filtered] == ["carla"]  # "a" in ana and carla; ana reached 100
    assert [a.result.diagnoses[0].id for a in ben if a.result] == ["normalizes_by_column", "sample_deviation"]

    def session_opener() -> AbstractContextManager[Session]:
        return opener.begin()

    lines = list(csv.DictReader(io.StringIO("".join(export.long_lines(c1, session_opener)))))
    assert [(r["student"], r["challenge"]) for r in lines] == [(s, c) for s, c, _ in CLASS]
    assert lines[1]["diagnoses"] == "normalizes_by_column"
    every = every_student(c1, session_opener, chunk=2)  # two chunks
    wide = list(csv.DictReader(io.StringIO("".join(export.wide(every, ["bloque", "layer_norm"])))))
    assert [r["student"] for r in wide] == ["ana", "ben", "carla"]
    assert {r["student"]: r["layer_norm"] for r in wide}["ana"] == "100"


def test_a_regrade_is_previewed_into_its_items_then_confirmed(engine: Engine, grader: Grader) -> None:
    c1 = _grade_class(engine, grader, "c1")
    newer = {**VERSIONS, "layer_norm": LN + 1}
    with _opener(engine).begin() as session:
        batch = regrade.start(session, c1, "layer_norm", newer, instructor_id=None)
        batch_id = batch.id
    with pytest.raises(Conflict), _opener(engine).begin() as session:
        regrade.start(session, c1, "bloque", newer, instructor_id=None)  # at its current version already
    with _opener(engine).begin() as session:
        assert session.scalar(select(func.count()).select_from(Regrade)) == 1  # no empty batch kept
        ids = regrade.submission_ids(session, batch_id)
        assert regrade.progress(session, batch_id, (c1,)).done == 0
        with pytest.raises(Conflict):  # nothing previewed yet
            regrade.confirm(session, batch_id, (c1,), newer)
        for submission_id in ids[:2]:
            item = session.get_one(RegradeItem, (batch_id, submission_id))
            item.score = 50.0
    with _opener(engine).begin() as session:
        progress = regrade.progress(session, batch_id, (c1,))
        assert (progress.total, progress.previewed, progress.stored, progress.finished) == (4, 2, 0, False)
        with pytest.raises(NotFound):
            regrade.progress(session, batch_id, (_other(c1, "c2"),))
        for submission_id in ids[2:]:
            session.get_one(RegradeItem, (batch_id, submission_id)).score = 50.0
    with _opener(engine).begin() as session:
        with pytest.raises(NotFound):  # another course's instructor
            regrade.confirm(session, batch_id, (_other(c1, "c2"),), newer)
        with pytest.raises(Conflict):  # a newer version since the preview: preview again
            regrade.confirm(session, batch_id, (c1,), {**VERSIONS, "layer_norm": LN + 2})
        assert regrade.confirm(session, batch_id, (c1,), newer) is True
    with _opener(engine).begin() as session:
        assert regrade.confirm(session, batch_id, (c1,), newer) is False  # once
        progress = regrade.progress(session, batch_id, (c1,))
        assert (progress.confirmed, progress.done, progress.finished) == (True, 0, False)  # storing next


def test_a_whole_course_regrade_takes_every_challenge_behind_its_version(
    engine: Engine, grader: Grader
) -> None:
    c1 = _grade_class(engine, grader, "c1")
    with _opener(engine).begin() as session:
        both_newer = {"layer_norm": LN + 1, "bloque": BLOQUE + 1}
        everything = regrade.start(session, c1, None, both_newer, instructor_id=None)
        _previewed(session, everything.id)
        only_bloque = regrade.start(session, c1, None, {**VERSIONS, "bloque": BLOQUE + 1}, instructor_id=None)
        assert (everything.total, only_bloque.total) == (5, 1)
        with pytest.raises(Conflict):  # every challenge at its current version: nothing to regrade
            regrade.start(session, c1, None, VERSIONS, instructor_id=None)
        with pytest.raises(Invalid):
            regrade.start(session, c1, "no_such_challenge", VERSIONS, instructor_id=None)


def _previewed(session: Session, regrade_id: int) -> None:
    session.execute(update(RegradeItem).where(RegradeItem.regrade_id == regrade_id).values(score=0.0))


def test_one_preview_of_a_course_at_a_time(engine: Engine, grader: Grader) -> None:
    """A regrade's preview grades the course again: asked again while it runs (a repeated click,
    a script), it is refused, in another course it is not, and once previewed a new one may start
    (before, every ask queued the whole course's grading again)."""
    c1 = _grade_class(engine, grader, "c1")
    newer = {**VERSIONS, "layer_norm": LN + 1}
    with _opener(engine).begin() as session:
        first = regrade.start(session, c1, "layer_norm", newer, instructor_id=None).id
    for _ in range(3):
        with pytest.raises(Conflict, match="being previewed"), _opener(engine).begin() as session:
            regrade.start(session, c1, "layer_norm", newer, instructor_id=None)
    with _opener(engine).begin() as session:
        assert session.scalar(select(func.count()).select_from(Regrade)) == 1
        assert regrade.previewing(session, _other(c1, "c2")) is None
        _previewed(session, first)
    with _opener(engine).begin() as session:
        assert regrade.start(session, c1, "layer_norm", newer, instructor_id=None).id != first


def test_student_pages_follow_the_order_without_overlap(engine: Engine, grader: Grader) -> None:
    """Every order, in pages of 2, gives each student once, in the order computed from the rows;
    by the best score of a challenge those who did not try it come below every score."""
    c1 = _grade_class(engine, grader, "c1")
    opener = _opener(engine)
    with opener.begin() as session:
        everyone = student_page(session, c1, StudentFilter(), Order(), size=100).rows
        assert [r.student for r in everyone] == ["ana", "ben", "carla"]
        for order in (
            Order("best", "bloque", True),
            Order("best", "bloque", False),
            Order("best", "layer_norm", True),
            Order("last", descending=False),
            Order("attempts", descending=False),
        ):
            pages = [student_page(session, c1, StudentFilter(), order, n, size=2) for n in (1, 2, 3)]
            seen = [r.student for p in pages for r in p.rows]
            assert (pages[0].has_next, pages[1].has_next) == (True, False)
            assert pages[2].rows == []

            def key(row: StudentRow, order: Order = order) -> tuple[object, ...]:
                if order.key == "best":
                    tried = order.challenge in row.best
                    return (tried, row.best.get(order.challenge) or 0.0, row.student)
                if order.key == "last":
                    return (row.last_activity, row.student)
                return (row.attempts, row.student)

            expected = sorted(everyone, key=key, reverse=order.descending)
            assert seen == [r.student for r in expected], order
