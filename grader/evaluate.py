"""Judge each hidden test from the child's report, in the trusted parent."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from grader import messages
from grader.authoring import HiddenTest, Observed, Verdict, fail
from grader.challenge import FunctionSpec
from grader.models import HiddenTestResult
from grader.prepared import PreparedChallenge
from grader.report import CallOutcome, ChildReport
from grader.text import Lang, Text

log = logging.getLogger(__name__)


def _unanswered(
    test: HiddenTest, outcomes: tuple[CallOutcome, ...], missing: list[str], specs: dict[str, FunctionSpec]
) -> Verdict | None:
    """Why a call of this test gave no array to judge, if one did not."""
    for call, outcome in zip(test.calls, outcomes, strict=True):
        if absent := [f for f in call.functions if f in missing]:
            return Verdict(
                False, messages.FUNCTION_MISSING.format(name=absent[0]), show_hint=False, ran=False
            )
        if not outcome.done or not outcome.answered:
            return Verdict(False, messages.NOT_RUN, show_hint=False, ran=False)
        if outcome.error is not None:
            return Verdict(
                False, messages.raised(outcome.error, messages.CALL_RAISED), show_hint=False, raised=True
            )
        if outcome.not_array is not None:
            return Verdict(False, messages.NOT_ARRAY.format(type=outcome.not_array), show_hint=False)
        if not outcome.returns((spec := specs[call.function]).returns):
            return Verdict(False, _wrong_count(spec, outcome), show_hint=False)
    return None


def _wrong_count(spec: FunctionSpec, outcome: CallOutcome) -> Text:
    got = messages.arrays(len(outcome.outputs), outcome.as_tuple)
    want = messages.arrays(spec.returns, spec.returns > 1, spec.outputs)
    return Text(
        messages.WRONG_COUNT.es.format(got=got.es, name=spec.name, want=want.es),
        messages.WRONG_COUNT.en.format(got=got.en, name=spec.name, want=want.en),
    )


def judge(test: HiddenTest, seen: Observed, missing: list[str], specs: dict[str, FunctionSpec]) -> Verdict:
    verdict = _unanswered(test, seen.student, missing, specs)
    if verdict is not None:
        return verdict
    try:
        return test.check(seen)
    except Exception:
        log.exception("check %s failed on a submission", test.id)
        return fail(messages.CHECK_BROKEN)


def _message(test: HiddenTest, verdict: Verdict, lang: Lang, explanation: Text | None) -> str:
    """What the test checked and, when it failed, what was wrong: the story that accounts for
    it when there is one, otherwise only what the test saw (its hint would guess a cause)."""
    if verdict.passed:
        return test.title(lang)
    if explanation is not None:  # the story told instead of the hint (and of an exception told once)
        detail = (
            f" ({verdict.detail(lang)})"
            if verdict.detail is not None and verdict.ran and not verdict.raised
            else ""
        )
        return f"{test.title(lang)}: {explanation(lang)}{detail}"
    seen = verdict.detail if verdict.detail is not None else messages.NOT_MET
    return f"{test.title(lang)}: {seen(lang)}"


def verdicts(prepared: PreparedChallenge, report: ChildReport) -> list[Verdict]:
    """Every test judged, in test order."""
    specs = {f.name: f for f in prepared.challenge.functions}
    found = []
    for test, span in zip(prepared.challenge.tests, prepared.spans, strict=True):
        seen = Observed(
            calls=test.calls,
            student=tuple(report.calls[i] for i in span),
            expected=tuple(prepared.expected[i] for i in span),
            names=tuple(specs[c.function].outputs for c in test.calls),
        )
        found.append(judge(test, seen, report.missing, specs))
    return found


def results(
    prepared: PreparedChallenge,
    judged: list[Verdict],
    lang: Lang,
    explained: Mapping[str, Text] | None = None,
    explained_by: Mapping[str, list[str]] | None = None,
) -> list[HiddenTestResult]:
    """The tests' results; `explained` replaces the hint of failed tests a diagnosis (or a cause
    of an exception) accounts for, and `explained_by` names it."""
    explained = explained or {}
    explained_by = explained_by or {}
    return [
        HiddenTestResult(
            id=test.id,
            category=test.category,
            passed=verdict.passed,
            points=test.points if verdict.passed else 0,
            max_points=test.points,
            message=_message(test, verdict, lang, None if verdict.passed else explained.get(test.id)),
            explained_by=[] if verdict.passed else explained_by.get(test.id, []),
        )
        for test, verdict in zip(prepared.challenge.tests, judged, strict=True)
    ]


def evaluate(prepared: PreparedChallenge, report: ChildReport, lang: Lang) -> list[HiddenTestResult]:
    """Judge every test and say so, each with its own hint."""
    return results(prepared, verdicts(prepared, report), lang)
