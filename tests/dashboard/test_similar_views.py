"""Similar submissions from stored prints, on SQLite and PostgreSQL: the worker stores a print
beside each result, a view compares prints (never the programs), makes those missing within
its budget, computes once per course, challenge and which, and keeps its views by bytes."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from sqlalchemy import Engine, select, update

from grader.challenge import Challenge
from grader.grade import Grader
from service.dashboard import fingerprints
from service.dashboard.aggregates.keep import keep
from service.dashboard.aggregates.students import list_student
from service.dashboard.fingerprint_tables import SubmissionFingerprint
from service.dashboard.grants import GrantedCourse
from service.dashboard.similar_views import SimilarViews, SizedCache, View, ViewBudget, build
from service.dashboard.similarity import Report
from service.storage.db import Database
from service.storage.results import Stored, store_graded
from service.storage.sealing import Sealer
from service.storage.tables import Submission, new_id
from service.submissions import accepting, schemas
from service.submissions.keys import authenticate, create_key
from service.worker.grading import grade_submission
from tests.conftest import ROOT
from tests.loops import run_apart

ANA = (ROOT / "tests/corpora/layer_norm/solutions/loops.py").read_text()
BEN = (ROOT / "tests/corpora/layer_norm/planted/bucles_renombrados.py").read_text()  # ana's, disguised
CAI = (ROOT / "tests/corpora/layer_norm/solutions/class_based.py").read_text()
CLASS = [("ana", ANA), ("ben", BEN), ("cai", CAI)]


def _database(engine: Engine) -> Database:
    return Database(engine.url.render_as_string(hide_password=False))


def _accepted(
    db: Database, grader: Grader, attempts: list[tuple[str, str]]
) -> tuple[GrantedCourse, list[str]]:
    with db.transaction() as session:
        caller = authenticate(session, create_key(session, "platform", [], Sealer.with_new_key()).key)
    ids = []
    for student, code in attempts:
        body = schemas.SubmissionIn(challenge="layer_norm", code=code, student=student, course="c1")
        ids.append(
            accepting.accept(
                db, caller, body, None, grader.challenges, new_id(), on_student=list_student
            ).submission_id
        )
    return GrantedCourse("c1", "platform", caller.platform_id), ids


def _graded_by_the_worker(engine: Engine, grader: Grader) -> tuple[Database, GrantedCourse, list[str]]:
    db = _database(engine)
    course, ids = _accepted(db, grader, CLASS)
    for submission_id in ids:
        assert grade_submission(db, grader, submission_id, 3, on_stored=keep) is not None
    return db, course, ids


def _pairs(view: View) -> set[frozenset[str]]:
    return {frozenset((p.first.student, p.second.student)) for p in view.report.pairs}


def test_the_worker_stores_each_print_beside_its_result(engine: Engine, grader: Grader) -> None:
    db, _, ids = _graded_by_the_worker(engine, grader)
    with db.reading() as session:
        stored = {r.submission_id: r for r in session.scalars(select(SubmissionFingerprint))}
    assert set(stored) == set(ids)
    made = fingerprints.pack(fingerprints.fingerprint(ANA))
    assert (stored[ids[0]].hashes, stored[ids[0]].spans, stored[ids[0]].cut) == (
        made.hashes,
        made.spans,
        False,
    )
    assert stored[ids[0]].scheme == fingerprints.SCHEME
    db.close()


def test_a_view_compares_the_stored_prints_never_the_programs(
    engine: Engine, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    """The programs rewritten in the database after grading: the view still pairs ana and ben
    by their prints, and marks the lines the prints name."""
    db, course, ids = _graded_by_the_worker(engine, grader)
    with db.transaction() as session:
        session.execute(update(Submission).where(Submission.id.in_(ids)).values(code="x = 1\n"))
    view = build(db, course, challenges["layer_norm"], "best", ViewBudget())
    assert _pairs(view) == {frozenset(("ana", "ben"))}
    assert view.report.pairs[0].lines[0]
    assert view.report.pairs[0].lines[1]
    assert view.report.cuts == []
    db.close()


def test_programs_graded_before_prints_were_kept_get_theirs_from_the_views(
    engine: Engine, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    """Results stored without a print (as before the table existed): a view with no time to make
    prints compares none and says how many wait; the next makes and stores them."""
    db = _database(engine)
    course, ids = _accepted(db, grader, CLASS)
    for submission_id, (_, code) in zip(ids, CLASS, strict=True):
        with db.transaction() as session:
            course_id = session.scalar(select(Submission.course_id).where(Submission.id == submission_id))
            result = grader.grade("layer_norm", code, "en")
            stored = Stored(submission_id, int(course_id or 0), "layer_norm")
            store_graded(session.connection(), stored, 1, result, on_stored=keep)
    layer_norm = challenges["layer_norm"]
    waiting = build(db, course, layer_norm, "best", ViewBudget(backfill_seconds=0))
    assert [(c.kind, c.count) for c in waiting.report.cuts] == [("not_fingerprinted", 3)]
    assert waiting.report.pairs == []
    backfilled = build(db, course, layer_norm, "best", ViewBudget())
    assert _pairs(backfilled) == {frozenset(("ana", "ben"))}
    assert backfilled.report.cuts == []
    with db.reading() as session:
        assert len(session.scalars(select(SubmissionFingerprint)).all()) == 3
    db.close()


def test_one_computation_per_course_challenge_and_which_at_a_time(
    engine: Engine, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    """Five views asked at once compute one; the next is the cache's, until a result changes the
    class; another `which` is a view of its own."""
    db, course, _ = _graded_by_the_worker(engine, grader)
    views = SimilarViews()
    layer_norm = challenges["layer_norm"]

    async def asked() -> list[View]:
        return list(await asyncio.gather(*(views.view(db, course, layer_norm, "best") for _ in range(5))))

    seen = run_apart(asked)
    assert views.computed == 1
    assert all(v is seen[0] for v in seen)
    assert run_apart(lambda: views.view(db, course, layer_norm, "best")) is seen[0]
    assert views.computed == 1
    run_apart(lambda: views.view(db, course, layer_norm, "last"))
    assert views.computed == 2
    _, more = _accepted(db, grader, [("dan", CAI)])
    grade_submission(db, grader, more[0], 3, on_stored=keep)
    again = run_apart(lambda: views.view(db, course, layer_norm, "best"))
    assert views.computed == 3
    assert _pairs(again) == {frozenset(("ana", "ben")), frozenset(("cai", "dan"))}
    db.close()


def test_the_cache_holds_views_by_their_bytes_not_their_number() -> None:
    small = View(Report(compared=2), False)
    cache = SizedCache(3 * small.report.size())
    for n in range(5):
        cache.put(((1, "c", "x", 1, str(n)), (n, None)), small)
    assert cache.held <= cache.capacity
    assert [cache.get(((1, "c", "x", 1, str(n)), (n, None))) is not None for n in range(5)] == [
        False,
        False,
        True,
        True,
        True,
    ]
    big = View(replace(Report(compared=2), groups=[["a" * 10] * 100]), False)
    cache.put(((1, "c", "x", 1, "big"), (0, None)), big)  # larger than the whole cache: not kept
    assert cache.get(((1, "c", "x", 1, "big"), (0, None))) is None
