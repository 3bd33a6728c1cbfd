"""A regrade is a grading like any other (the same slot marking and database retries) that sends no
webhook, even when it comes back as a plain grading (the sweeper and the supervisor re-send those).
A batch's preview grades into its items and stores nothing; its confirmation stores those results
once and then asks for the passback."""

from __future__ import annotations

import os
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.exc import DBAPIError

from grader.grade import Grader
from grader.models import Result
from grader.text import Lang
from service.core.settings import Settings
from service.dashboard import regrade
from service.dashboard.grants import GrantedCourse
from service.dashboard.tables import RegradeItem
from service.messaging.celery_app import GRADE_TASK, REGRADE_TASK, WEBHOOK_TASK
from service.messaging.enqueue import TaskQueue
from service.storage.tables import ApiKey, GradingResult, Submission
from service.submissions.keys import CreatedKey
from service.worker import tasks
from service.worker.in_flight import Slot, Slots
from service.worker.process import WorkerProcess
from tests.backend import Backend
from tests.worker.test_grading_once import results_of, stored_submission

HOOK = "http://127.0.0.1:9/hook"  # never called: the tasks that would call it are recorded instead


class Recorded(TaskQueue):
    """The worker's queue, recording the tasks it would send instead of sending them."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(TaskQueue.of(settings).celery)
        self.sent: list[tuple[str, list[str]]] = []

    def webhook(self, submission_id: str) -> None:
        self.sent.append((WEBHOOK_TASK, [submission_id]))

    def lti_score(self, submission_id: str) -> None:
        self.sent.append(("lti_score", [submission_id]))

    def regrade_passback(self, regrade_id: int) -> None:
        self.sent.append(("regrade_passback", [str(regrade_id)]))


def _process(backend: Backend, grader: Grader, slot: Slot | None = None) -> WorkerProcess:
    """A worker process in this test process, as booted with the backend's Settings."""
    settings = backend.settings
    return WorkerProcess(settings, backend.db, Recorded(settings), slot=slot, grader=grader)


def _sent(process: WorkerProcess) -> list[tuple[str, list[str]]]:
    assert isinstance(process.queue, Recorded)
    return process.queue.sent


def _newer(grader: Grader) -> Grader:
    """The same challenges with layer_norm at its next version, as after an instructor's edit."""
    layer_norm = grader.challenges["layer_norm"]
    return Grader(
        {**grader.challenges, "layer_norm": replace(layer_norm, version=layer_norm.version + 1)},
        grader.sandbox,
    )


def test_a_regrade_sent_again_as_a_grading_sends_no_webhook(
    clean: Backend, key: CreatedKey, grader: Grader
) -> None:
    submission_id = stored_submission(clean.db, key, grader, callback_url=HOOK)
    first = _process(clean, grader)
    tasks.grade(first, submission_id)
    assert _sent(first) == [(WEBHOOK_TASK, [submission_id])]  # the first grading: the platform waits for it
    later = _process(clean, _newer(grader))
    tasks.grade(later, submission_id)  # a killed regrade, as the sweeper or the supervisor sends it again
    assert results_of(clean.db, submission_id) == 2
    assert _sent(later) == []


def test_the_regrade_task_marks_what_it_grades_for_the_supervisor(
    clean: Backend, key: CreatedKey, grader: Grader
) -> None:
    submission_id = stored_submission(clean.db, key, grader, callback_url=HOOK)
    slots = Slots(1)
    seen: list[str | None] = []

    class Watched(Grader):
        def grade_in(
            self, challenge_id: str, code: str | bytes, langs: tuple[Lang, ...], *, search: bool | None = None
        ) -> dict[Lang, Result]:
            seen.append(slots.grading(0))  # what the supervisor would send again if this process died
            return super().grade_in(challenge_id, code, langs, search=search)

    process = _process(clean, Watched(grader.challenges, grader.sandbox), Slot(os.dup(slots.fd), 0))
    tasks.register(process)
    try:
        process.queue.celery.tasks[REGRADE_TASK](submission_id)
    finally:
        slots.close()
    assert seen == [submission_id]
    assert results_of(clean.db, submission_id) == 1
    assert _sent(process) == []  # a regrade tells no platform, even a submission's first result


def test_the_regrade_task_retries_a_database_outage_as_grading_does(clean: Backend, grader: Grader) -> None:
    process = _process(clean, grader)
    tasks.register(process)
    app = process.queue.celery
    assert DBAPIError in app.tasks[GRADE_TASK].autoretry_for
    assert app.tasks[REGRADE_TASK].autoretry_for == app.tasks[GRADE_TASK].autoretry_for
    assert app.tasks[REGRADE_TASK].max_retries == app.tasks[GRADE_TASK].max_retries


def _batch(backend: Backend, grader: Grader) -> int:
    """A regrade of course c's layer_norm at the grader's version, as the dashboard starts one."""
    with backend.db.transaction() as session:
        platform_id = session.scalars(select(ApiKey.platform_id)).one()
        course = GrantedCourse("c", "platform", platform_id)
        versions = {c.id: c.version for c in grader.challenges.values()}
        return regrade.start(session, course, "layer_norm", versions, instructor_id=None).id


def test_a_preview_grades_into_its_batch_and_stores_nothing_until_confirmed(
    clean: Backend, key: CreatedKey, grader: Grader
) -> None:
    submission_id = stored_submission(clean.db, key, grader, callback_url=HOOK)
    tasks.grade(_process(clean, grader), submission_id)
    with clean.db.reading() as session:
        before = session.get_one(Submission, submission_id)
        graded = (before.status, before.score, before.finished_at)
    newer = _newer(grader)
    batch_id = _batch(clean, newer)
    later = _process(clean, newer)
    tasks.regrade_preview(later, batch_id, submission_id)
    tasks.regrade_preview(later, batch_id, submission_id)  # delivered again: graded once
    assert results_of(clean.db, submission_id) == 1  # nothing stored
    with clean.db.reading() as session:
        after = session.get_one(Submission, submission_id)
        assert (after.status, after.score, after.finished_at) == graded  # the student's page unchanged
        item = session.get_one(RegradeItem, (batch_id, submission_id))
        assert item.score is not None
        assert item.document is not None
        assert item.translation is not None
        previewed = item.score
    assert _sent(later) == []

    with clean.db.transaction() as session:
        course = GrantedCourse("c", "platform", session.scalars(select(ApiKey.platform_id)).one())
        assert regrade.confirm(
            session, batch_id, (course,), {"layer_norm": newer.challenges["layer_norm"].version}
        )
    tasks.regrade_confirm(later, batch_id)
    tasks.regrade_confirm(later, batch_id)  # delivered again: stored once
    assert results_of(clean.db, submission_id) == 2
    with clean.db.reading() as session:
        stored = session.scalars(
            select(GradingResult).where(
                GradingResult.submission_id == submission_id,
                GradingResult.challenge_version == newer.challenges["layer_norm"].version,
            )
        ).one()
        assert stored.score == previewed  # what the preview showed is what is stored
    assert _sent(later) == [("regrade_passback", [str(batch_id)])] * 2  # after the storing, no webhook
