"""Example Submissions and Results for the OpenAPI document: real models, so they always validate."""

from __future__ import annotations

from datetime import UTC, datetime

from grader.models import Diagnosis, GradingError, HiddenTestResult, Result
from service.submissions import schemas

_CREATED = datetime(2026, 3, 2, 10, 15, 4, 120000, tzinfo=UTC)
_FINISHED = datetime(2026, 3, 2, 10, 15, 4, 310000, tzinfo=UTC)

RESULT = Result(
    challenge="layer_norm",
    status="done",
    score=66.67,
    points=4,
    max_points=6,
    tests=[
        HiddenTestResult(
            id="shape",
            category="shape",
            passed=True,
            points=1,
            max_points=1,
            message="The output has the input's shape (T, d_model)",
        ),
        HiddenTestResult(
            id="rows_mean0_std1",
            category="normalization",
            passed=True,
            points=2,
            max_points=2,
            message="With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1",
        ),
        HiddenTestResult(
            id="eps_inside_root",
            category="stability",
            passed=False,
            points=0,
            max_points=2,
            message="ε is added to the variance, inside the root (is off by up to 0.778 from the right value)",
        ),
        HiddenTestResult(
            id="inputs_untouched",
            category="purity",
            passed=True,
            points=1,
            max_points=1,
            message="Does not modify the arrays it receives",
        ),
    ],
    diagnoses=[
        Diagnosis(
            id="eps_outside_root",
            message="You add ε outside the root (dividing by s + ε). The formula is √(s_t² + ε).",
        )
    ],
    error=None,
    stdout="",
    grading_ms=6.2,
)

NOT_GRADED_RESULT = Result(
    challenge="layer_norm",
    status="error",
    score=0,
    points=0,
    max_points=18,
    tests=[],
    diagnoses=[],
    error=GradingError(kind="syntax", message="Syntax error on line 4: '(' was never closed", line=4),
    stdout="",
    grading_ms=1.4,
)

_SUBMISSION = schemas.Submission(
    id="5f0c3a9e8b7d4c21a6e3f1b2d4c5e6f7",
    status="done",
    challenge="layer_norm",
    student="ana",
    course="ia-2026",
    created_at=_CREATED,
    finished_at=_FINISHED,
    counted_score=RESULT.score,
    result=RESULT,
)
GRADED = _SUBMISSION
LATE = _SUBMISSION.model_copy(
    update={"late": True, "days_late": 1, "counted_score": round(RESULT.score * 0.8, 2)}
)
NOT_GRADED = _SUBMISSION.model_copy(
    update={"status": "error", "result": NOT_GRADED_RESULT, "counted_score": NOT_GRADED_RESULT.score}
)
QUEUED = _SUBMISSION.model_copy(
    update={"status": "queued", "finished_at": None, "result": None, "counted_score": None}
)

# The named examples of the answers that carry a Submission, by status code.
SUBMISSION_ANSWERS: dict[str, dict[str, tuple[str, schemas.Submission]]] = {
    "200": {
        "done": ("graded", GRADED),
        "late": ("graded a day late, under a penalty of 20 % a day", LATE),
        "error": ("could not be graded (here: a syntax error)", NOT_GRADED),
    },
    "202": {"queued": ("waiting for a worker", QUEUED)},
}
