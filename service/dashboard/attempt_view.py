"""One attempt as the student page shows it, in the page's language: tests by their titles,
diagnoses by what the code did, an attempt that did not run named by its kind.

The feedback's own sentences (a test's message, the error) are the grader's, kept in the language
the platform asked for and, for attempts graded since both are kept, in the other one too
(`Attempt.translation`); an attempt with only the other language says so above its feedback.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from grader.challenge import Challenge
from grader.models import HiddenTestResult, Result
from grader.text import Lang
from service.dashboard import views
from service.dashboard.queries.timeline import Attempt
from service.policies.late import Counted


@dataclass(frozen=True)
class TestLine:
    id: str
    title: str
    passed: bool
    points: int
    max_points: int
    message: str


@dataclass(frozen=True)
class DiagnosisLine:
    id: str
    function: str
    did: str
    message: str


@dataclass(frozen=True)
class ErrorLine:
    kind: str
    name: str
    message: str
    line: int | None


@dataclass(frozen=True)
class AttemptView:
    submission_id: str
    challenge: str
    title: str
    created_at: datetime
    status: str
    score: float | None
    version: int | None
    code: str
    graded: bool
    feedback_lang: Lang  # the language the feedback's sentences are in
    error: ErrorLine | None
    diagnoses: tuple[DiagnosisLine, ...]
    causes: tuple[str, ...]
    note: str | None
    tests: tuple[TestLine, ...]
    counted: Counted  # late or not, and what the late policy counts


def _in(attempt: Attempt, lang: Lang) -> tuple[Result | None, Lang]:
    stored: Lang = "en" if attempt.lang == "en" else "es"
    if stored == lang or attempt.result is None:
        return attempt.result, stored
    if attempt.translation is not None:
        return attempt.translation, lang
    return attempt.result, stored


def view(attempt: Attempt, challenge: Challenge | None, lang: Lang) -> AttemptView:
    result, feedback_lang = _in(attempt, lang)
    titles = {t.id: t.title(lang) for t in challenge.tests} if challenge else {}
    names = views.diagnosis_names(challenge, lang)
    error = result.error if result else None
    return AttemptView(
        submission_id=attempt.submission_id,
        challenge=attempt.challenge,
        title=challenge.title(lang) if challenge else attempt.challenge,
        created_at=attempt.created_at,
        status=attempt.status,
        score=attempt.score,
        version=attempt.version,
        code=attempt.code,
        graded=result is not None,
        feedback_lang=feedback_lang,
        error=ErrorLine(error.kind, views.error_kind(error.kind, lang), error.message, error.line)
        if error
        else None,
        diagnoses=tuple(
            DiagnosisLine(
                d.id,
                names[d.id].function if d.id in names else "",
                names[d.id].did if d.id in names else views.words(d.id),
                d.message,
            )
            for d in (result.diagnoses if result else [])
        ),
        causes=tuple(c.message for c in (result.causes if result else [])),
        note=result.note if result else None,
        tests=tuple(_test(t, titles.get(t.id, views.words(t.id))) for t in (result.tests if result else [])),
        counted=attempt.counted,
    )


def _test(test: HiddenTestResult, title: str) -> TestLine:
    # a failure's message starts with the title in the feedback's language: said once, as the title
    message = test.message.split(": ", 1)[1] if test.message.startswith(title + ": ") else test.message
    return TestLine(test.id, title, test.passed, test.points, test.max_points, "" if test.passed else message)
