"""A regrade batch's two steps on the worker: each submission previewed (graded again at its
challenge's current version, the result kept on its batch item: nothing stored, the submission
and the dashboard's aggregates untouched), then, once the instructor confirms, those results
stored as a grading stores its own."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlalchemy import ColumnElement, and_, select, update
from sqlalchemy.exc import IntegrityError

from grader.grade import Grader
from grader.models import Result
from grader.text import Lang
from service.dashboard.tables import RegradeItem
from service.storage.db import Database
from service.storage.results import OnStored, Stored, store_graded
from service.storage.tables import Submission

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Confirmed:
    """A previewed result, stored."""

    submission_id: str
    status: str
    course_id: int


def _item(regrade_id: int, submission_id: str) -> ColumnElement[bool]:
    return and_(RegradeItem.regrade_id == regrade_id, RegradeItem.submission_id == submission_id)


def preview(db: Database, grader: Grader, regrade_id: int, submission_id: str) -> bool:
    """Grade one submission of a batch into its item; False when there is nothing to do (no such
    item, previewed already, or its challenge is at another version now: confirming says so)."""
    with db.reading() as session:
        found = session.execute(
            select(RegradeItem.challenge_version, RegradeItem.score, Submission.challenge)
            .add_columns(Submission.code, Submission.lang)
            .join(Submission, Submission.id == RegradeItem.submission_id)
            .where(_item(regrade_id, submission_id))
        ).first()
    if found is None or found.score is not None:
        return False
    challenge = grader.challenges.get(found.challenge)
    if challenge is None or challenge.version != found.challenge_version:
        log.info("regrade %s: %s is at another version now, not previewed", regrade_id, submission_id)
        return False
    lang: Lang = "en" if found.lang == "en" else "es"
    other: Lang = "es" if lang == "en" else "en"
    told = grader.grade_in(challenge.id, found.code, (lang, other), search=True)  # stored for good
    with db.transaction() as session:
        session.execute(
            update(RegradeItem)
            .where(_item(regrade_id, submission_id), RegradeItem.score.is_(None))
            .values(
                score=told[lang].score,
                document=told[lang].model_dump_json(),
                translation=told[other].model_dump_json(),
            )
        )
    return True


def confirm(db: Database, regrade_id: int, on_stored: OnStored) -> list[Confirmed]:
    """Store each previewed result of a confirmed batch, one transaction each (the student's
    row and the aggregates follow, as for any grading); one stored already is left as it is."""
    with db.reading() as session:
        items = session.execute(
            select(RegradeItem.submission_id, RegradeItem.challenge_version, RegradeItem.document)
            .add_columns(RegradeItem.translation, Submission.course_id, Submission.challenge)
            .join(Submission, Submission.id == RegradeItem.submission_id)
            .where(RegradeItem.regrade_id == regrade_id, RegradeItem.document.is_not(None))
        ).all()
    stored: list[Confirmed] = []
    for item in items:
        result = Result.model_validate_json(item.document)
        translation = Result.model_validate_json(item.translation) if item.translation else None
        kept = Stored(item.submission_id, item.course_id, item.challenge)
        try:
            with db.transaction() as session:
                store_graded(
                    session.connection(),
                    kept,
                    item.challenge_version,
                    result,
                    translation,
                    on_stored=on_stored,
                )
        except IntegrityError:
            continue  # stored by an earlier delivery of this task
        stored.append(Confirmed(item.submission_id, result.status, item.course_id))
    return stored
