"""Give up on a submission whose grading keeps dying, so it ends `error` instead of looping forever.

With acks_late and reject_on_worker_lost, a submission that kills its grading process every time
would be delivered again and again. After `grading_max_attempts` starts it is finished as an
internal error that tells the student to resubmit (it does not count against them).
"""

from __future__ import annotations

import logging

from grader import messages
from grader.challenge import Challenge
from grader.models import GradingError, Result
from grader.text import Lang

log = logging.getLogger(__name__)


def gave_up(challenge: Challenge, lang: Lang, submission_id: str, attempts: int) -> Result:
    log.error(
        "submission %s: grading started %d times without finishing; stored as an internal error",
        submission_id,
        attempts,
    )
    return Result(
        challenge=challenge.id,
        status="error",
        score=0,
        points=0,
        max_points=challenge.max_points,
        tests=[],
        diagnoses=[],
        error=GradingError(kind="internal", message=messages.INTERNAL(lang)),
        grading_ms=0.0,
    )
