"""An attempt made through an LTI link: its score is sent once, whichever of the link and the
result is written first (the worker reads the link in the transaction that stores the result)."""

from __future__ import annotations

import threading

from sqlalchemy import Connection, select, text

from grader.grade import Grader
from service.dashboard.aggregates.keep import keep
from service.lti import scores
from service.lti.tables import LtiContext, LtiLink, LtiRegistration
from service.storage.db import Database
from service.storage.results import Stored, store_graded
from service.storage.tables import ApiKey
from service.submissions.keys import CreatedKey
from service.worker.grading import grade_submission
from tests.backend import Backend
from tests.waiting import wait_until
from tests.worker.test_grading_once import MAX_ATTEMPTS, stored_submission


def a_link(db: Database) -> int:
    with db.transaction() as session:
        key = session.scalars(select(ApiKey)).one()
        registration = LtiRegistration(
            platform_id=key.platform_id,
            api_key_id=key.id,
            issuer="https://lms.example",
            client_id="tool",
            login_url="https://lms.example/login",
            token_url="https://lms.example/token",
            jwks_url="https://lms.example/jwks",
            frame_origin="https://lms.example",
        )
        session.add(registration)
        session.flush()
        context = LtiContext(registration_id=registration.id, context_id="ctx", course="c")
        session.add(context)
        session.flush()
        link = LtiLink(
            context_id=context.id, resource_link_id="rl", deployment_id="d", challenge="layer_norm", lang="es"
        )
        session.add(link)
        session.flush()
        return link.id


def test_a_link_recorded_before_the_result_is_seen_by_the_worker(
    clean: Backend, key: CreatedKey, grader: Grader, db: Database
) -> None:
    submission_id = stored_submission(db, key, grader)
    assert not scores.record(db, submission_id, a_link(db), "s")  # not graded yet: the worker sends
    graded = grade_submission(db, grader, submission_id, MAX_ATTEMPTS, on_stored=keep)
    assert graded is not None
    assert graded.lti_linked


def test_a_link_recorded_after_the_result_is_sent_by_the_page(
    clean: Backend, key: CreatedKey, grader: Grader, db: Database
) -> None:
    submission_id = stored_submission(db, key, grader)
    link_id = a_link(db)
    graded = grade_submission(db, grader, submission_id, MAX_ATTEMPTS, on_stored=keep)
    assert graded is not None
    assert not graded.lti_linked
    assert scores.record(db, submission_id, link_id, "s")


def test_a_link_recorded_while_the_result_is_being_stored_waits_and_is_sent_by_the_page(
    clean: Backend, key: CreatedKey, grader: Grader, db: Database
) -> None:
    """The worker has finished the submission's row, not yet committed, and saw no link: the
    page's record waits for that commit and then sees the submission graded."""
    submission_id = stored_submission(db, key, grader)
    link_id = a_link(db)
    result = grader.grade("layer_norm", "def layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n")
    answers: list[bool] = []
    recording = threading.Thread(
        target=lambda: answers.append(scores.record(db, submission_id, link_id, "s"))
    )
    version = grader.challenges["layer_norm"].version
    with db.relaxed_transaction() as connection:
        stored = Stored(submission_id, _course(db, submission_id), "layer_norm")
        store_graded(connection, stored, version, result, on_stored=keep)
        storing = _backend_pid(connection)
        recording.start()
        wait_until(lambda: _someone_waits_for(db, storing), 10)
        assert not answers  # it waits for the storing transaction
    recording.join(timeout=10)
    assert answers == [True]


def _course(db: Database, submission_id: str) -> int:
    with db.reading() as session:
        found = session.execute(
            text("SELECT course_id FROM submissions WHERE id = :id"), {"id": submission_id}
        )
        return int(found.scalar_one())


def _backend_pid(connection: Connection) -> int | None:
    if connection.dialect.name != "postgresql":
        return None
    return int(connection.execute(text("SELECT pg_backend_pid()")).scalar_one())


def _someone_waits_for(db: Database, storing: int | None) -> bool:
    """Another session waits for the storing transaction's locks (PostgreSQL). SQLite serialises
    every writing transaction (BEGIN IMMEDIATE): the page's waits from its start."""
    if storing is None:
        return True
    waiting = text("SELECT count(*) FROM pg_stat_activity WHERE :pid = ANY(pg_blocking_pids(pid))")
    with db.reading() as session:
        return bool(session.scalar(waiting, {"pid": storing}))
