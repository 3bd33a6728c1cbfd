"""Grade one stored submission, exactly once per challenge version, as a plain function.

Few round trips: one statement marks the submission `running` unless it already has a result
for its challenge's current version, and returns what grading needs of it, its course and its
student; one transaction stores the result, finishes the submission and does what the process hands it
besides: the dashboard's aggregates (`service.storage.results.store_graded`, its `OnStored`); it
also stores the program's print for the similar-submissions views (made here, once, never in a
view).
Both writes are committed without waiting for the disk (`Database.relaxed_*`): if a database crash
loses them, the submission is left `queued` or `running` and the sweeper grades it again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from sqlalchemy import Connection, Update, bindparam, case, select, update
from sqlalchemy.exc import IntegrityError

from grader.challenge import Challenge
from grader.grade import Grader
from grader.models import Result
from grader.text import Lang
from service.dashboard import fingerprints, stored_prints
from service.lti.tables import LtiScore
from service.policies import store
from service.policies.late import Due
from service.storage.db import Database
from service.storage.results import OnStored, Stored, store_graded
from service.storage.tables import Course, GradingResult, Student, Submission, now
from service.submissions import records, schemas
from service.worker.attempts import gave_up

log = logging.getLogger(__name__)

_FIND = select(Submission.status, Submission.callback_url).where(Submission.id == bindparam("id"))
# Whether the graded attempt came through an LTI link, asked in the transaction that stores the
# result, after it has updated (and so locked) the submission's row: `scores.record` locks that
# row before it writes a link, so one of the two waits for the other and sees what it did.
# The student's due date comes in the same statement, read as the result is stored: the graded
# Submission says what the attempt counts for.
_LINKED = select(
    select(LtiScore.submission_id).where(LtiScore.submission_id == bindparam("id")).exists().label("linked"),
    *store.due_columns(bindparam("course_id"), bindparam("student"), bindparam("challenge")),
)


@lru_cache(maxsize=4)
def _starting(versions: tuple[tuple[str, int], ...]) -> Update:
    """Mark a submission `running` unless it has a result for its challenge's current version,
    returning what grading needs of it (and of its course and student): one round trip."""
    current = case(dict(versions), value=Submission.challenge)
    graded = (
        select(GradingResult.id)
        .where(GradingResult.submission_id == Submission.id, GradingResult.challenge_version == current)
        .exists()
    )
    return (
        update(Submission)
        .where(
            Submission.id == bindparam("submission_id"),
            current.is_not(None),  # a challenge this grader knows
            ~graded,
        )
        .values(status="running", started_at=bindparam("started"), attempts=Submission.attempts + 1)
        .returning(
            Submission.challenge,
            Submission.course_id,
            Submission.code,
            Submission.lang,
            Submission.callback_url,
            Submission.attempts,
            Submission.created_at,
            select(GradingResult.id)
            .where(GradingResult.submission_id == Submission.id)
            .exists()
            .label("regrading"),
            select(Course.slug).where(Course.id == Submission.course_id).scalar_subquery().label("slug"),
            select(Student.external_id)
            .where(Student.id == Submission.student_id)
            .scalar_subquery()
            .label("external_id"),
        )
    )


@dataclass(frozen=True)
class Started:
    """A submission just marked `running`: what grading needs of it."""

    challenge: str
    course_id: int
    code: str
    lang: Lang
    callback_url: str | None
    attempts: int  # gradings started before this one
    created_at: datetime
    regrading: bool  # it has a result of an earlier version: the platform is not told again
    slug: str
    external_id: str


@dataclass(frozen=True)
class Graded:
    submission_id: str
    status: str
    stored: bool  # False when this submission already had its result (a repeated delivery)
    callback_url: str | None  # where to send the result: None for a submission graded before
    view: schemas.Submission | None = None  # the graded Submission, as the API shows it
    lti_linked: bool = False  # made through an LTI link, as seen once its result was stored
    course_id: int | None = None  # the course whose live dashboards to tell, when stored


def grade_submission(
    db: Database, grader: Grader, submission_id: str, max_attempts: int, *, on_stored: OnStored
) -> Graded | None:
    """Run the grader on a submission and store its result; None when there is no such submission.
    A submission whose `max_attempts` gradings all started without finishing ends `error`;
    `on_stored` is what the storing transaction keeps up to date besides (the dashboard's)."""
    with db.relaxed_statements() as connection:
        row = _start(connection, grader, submission_id)
        if row is None:  # graded already at this version, an unknown challenge, or no such submission
            found = connection.execute(_FIND, {"id": submission_id}).first()
            if found is None:
                log.warning("asked to grade unknown submission %s", submission_id)
                return None
            log.info("submission %s needs no grading (%s): a repeated delivery", submission_id, found.status)
            return Graded(submission_id, found.status, False, found.callback_url)
    challenge = grader.challenges[row.challenge]
    result, translation = _grade(grader, challenge, row, submission_id, max_attempts)
    packed = fingerprints.pack(fingerprints.fingerprint(row.code))  # once, for every similar view
    try:
        with db.relaxed_transaction() as connection:
            stored = Stored(submission_id, row.course_id, row.challenge)
            finished_at = store_graded(
                connection, stored, challenge.version, result, translation, on_stored=on_stored
            )
            stored_prints.store(connection, submission_id, packed)
            params = {"id": submission_id, "course_id": row.course_id, "student": row.external_id}
            found = connection.execute(_LINKED, {**params, "challenge": row.challenge}).one()
    except IntegrityError:
        log.info("submission %s was graded by another delivery; kept the first result", submission_id)
        return Graded(submission_id, result.status, False, None)
    linked = bool(found.linked)
    view = _view(submission_id, row, result, finished_at, store.due_of(found))
    callback_url = None if row.regrading else row.callback_url
    return Graded(submission_id, result.status, True, callback_url, view, linked, row.course_id)


def _start(connection: Connection, grader: Grader, submission_id: str) -> Started | None:
    versions = tuple(sorted((key, challenge.version) for key, challenge in grader.challenges.items()))
    found = connection.execute(
        _starting(versions), {"submission_id": submission_id, "started": now()}
    ).first()
    if found is None:
        return None
    return Started(
        challenge=found.challenge,
        course_id=found.course_id,
        code=found.code,
        lang="en" if found.lang == "en" else "es",
        callback_url=found.callback_url,
        attempts=found.attempts - 1,
        created_at=found.created_at,
        regrading=bool(found.regrading),
        slug=found.slug,
        external_id=found.external_id,
    )


def _grade(
    grader: Grader, challenge: Challenge, row: Started, submission_id: str, max_attempts: int
) -> tuple[Result, Result | None]:
    """The result in the platform's language, and in the other (kept for the dashboard's switch)."""
    if row.attempts >= max_attempts:
        return gave_up(challenge, row.lang, submission_id, row.attempts + 1), None
    other: Lang = "en" if row.lang == "es" else "es"
    told = grader.grade_in(challenge.id, row.code, (row.lang, other))
    return told[row.lang], told[other]


def _view(
    submission_id: str, row: Started, result: Result, finished_at: datetime, due: Due
) -> schemas.Submission:
    return records.public(
        submission_id=submission_id,
        status=result.status,
        challenge=row.challenge,
        student=row.external_id,
        course=row.slug,
        created_at=row.created_at,
        finished_at=finished_at,
        result=result,
        due=due,
    )
