"""Grade one submission: run it in the sandbox, then judge, diagnose and score in the parent."""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from grader import feedback, messages, near_names, printed
from grader.authoring import Verdict
from grader.causes import Cause as FoundCause
from grader.causes import find_causes
from grader.challenge import Challenge
from grader.codelines import mentions_float32
from grader.compare import same_outcome
from grader.diagnosis import Story, diagnose, diagnosis_order, edited, without_edits
from grader.evaluate import evaluate, results, verdicts
from grader.localise import Divergence, Sources, diverge, raised_at
from grader.models import Diagnosis, GradingError, HiddenTestResult, Result
from grader.prepared import MAX_OUTPUT_ELEMENTS, PreparedChallenge, prepare
from grader.report import CallOutcome, ChildReport, parse_report
from grader.sandbox.base import ExitKind, Sandbox, SandboxRun
from grader.sandbox.inside.tracer import MAX_ARRAY
from grader.text import Lang
from grader.tracing import Traced, parse_trace

log = logging.getLogger(__name__)
MAX_CODE_BYTES = 64 * 1024
NO_STORY = Story((), {}, ())


class Grader:
    """Grades submissions for a set of challenges through one sandbox. Thread-safe."""

    def __init__(
        self,
        challenges: Mapping[str, Challenge],
        sandbox: Sandbox,
        prepared: Mapping[str, PreparedChallenge] | None = None,
        kept_in: Path | None = None,  # where the error models' runs are kept (grader/runs_store.py)
    ) -> None:
        self.challenges = dict(challenges)
        self.sandbox = sandbox
        self.kept_in = kept_in
        self._prepared: dict[str, PreparedChallenge] = dict(prepared or {})
        self._lock = threading.Lock()
        self._warming: set[str] = set()  # challenges whose error model a thread is warming

    def prepared(self, challenge_id: str) -> PreparedChallenge:
        with self._lock:
            if challenge_id not in self._prepared:
                self._prepared[challenge_id] = prepare(self.challenges[challenge_id], self.kept_in)
            return self._prepared[challenge_id]

    def warm(self) -> None:
        """Prepare every challenge fully now (a worker's start), so no grading waits for it."""
        for challenge_id in self.challenges:
            self.prepared(challenge_id).warm()

    def warm_apart(self, then: Callable[[], None] | None = None) -> threading.Thread:
        """Every challenge prepared now (milliseconds), its error model warmed in a thread of its
        own (seconds, or a minute without the kept runs): a worker grades from the start, a
        challenge still warming without the error model's search (no diagnosis from it; tests,
        scores, exceptions and the line where the values leave the lesson's as ever), rather than
        refusing. `then` runs once everything is warm."""
        for challenge_id in self.challenges:
            self.prepared(challenge_id)
        with self._lock:
            self._warming = set(self.challenges)

        def warm_each() -> None:
            for challenge_id in list(self.challenges):
                self.prepared(challenge_id).warm()
                with self._lock:
                    self._warming.discard(challenge_id)
            if then is not None:
                then()

        thread = threading.Thread(target=warm_each, name="warming the error models", daemon=True)
        thread.start()
        return thread

    def warming(self) -> frozenset[str]:
        """The challenges graded without the error model's search until their warming ends."""
        with self._lock:
            return frozenset(self._warming)

    def _searches(self, challenge_id: str) -> bool:
        with self._lock:
            return challenge_id not in self._warming

    def keep(self) -> None:
        """Leave what the gradings computed to the next process: a command line's, at its end."""
        with self._lock:
            prepared = list(self._prepared.values())
        for one in prepared:
            one.keep()

    def grade(self, challenge_id: str, code: str | bytes, lang: Lang = "es") -> Result:
        return self.grade_in(challenge_id, code, (lang,))[lang]

    def grade_in(
        self, challenge_id: str, code: str | bytes, langs: tuple[Lang, ...], *, search: bool | None = None
    ) -> dict[Lang, Result]:
        """Graded once, told in each of `langs`. `search`: the error model's search even while it
        warms (a regrade an instructor asked for waits for it); by default not until it is warm."""
        searched = self._searches(challenge_id) if search is None else search
        return grade_in(self.prepared(challenge_id), code, langs, self.sandbox, search=searched)


def grade(prepared: PreparedChallenge, code: str | bytes, lang: Lang, sandbox: Sandbox) -> Result:
    return grade_in(prepared, code, (lang,), sandbox)[lang]


@dataclass(frozen=True)
class _Judged:
    """One run of a submission, judged and diagnosed: everything its feedback says, in no language yet."""

    run: SandboxRun
    report: ChildReport
    verdicts: list[Verdict]
    failed: set[str]
    story: Story
    exceptions: list[FoundCause]
    told: feedback.Told
    divergence: Divergence | None
    source: str


def grade_in(
    prepared: PreparedChallenge,
    code: str | bytes,
    langs: tuple[Lang, ...],
    sandbox: Sandbox,
    *,
    search: bool = True,
) -> dict[Lang, Result]:
    """Run and judge the submission once; its Result told in each of `langs` (the same grading,
    the same `grading_ms`: the first language's, the one the caller waits for). `search`: look
    for the error model's choices that explain a wrong answer (off while the model warms)."""
    started = time.perf_counter()
    source, refusal = _readable_source(code)
    if refusal is not None:
        told = [_refused(prepared, refusal, lang, started) for lang in langs]
    else:
        judged = _judge(prepared, source, sandbox, search)
        told = [_told(prepared, judged, lang, started) for lang in langs]
    first = told[0].grading_ms
    return {
        lang: result.model_copy(update={"grading_ms": first})
        for lang, result in zip(langs, told, strict=True)
    }


def _judge(prepared: PreparedChallenge, source: str, sandbox: Sandbox, search: bool = True) -> _Judged:
    desk = prepared.new_desk()
    run = sandbox.run(prepared.job(source, desk), prepared.challenge.limits)
    report = parse_report(run.report, len(prepared.calls), MAX_OUTPUT_ELEMENTS)
    if report.protocol_error is not None:
        report = ChildReport(calls=[type(c)() for c in report.calls], protocol_error=report.protocol_error)
    prepared.observe(report, run.arguments, desk)
    judged = verdicts(prepared, report)
    failed = {t.id for t, v in zip(prepared.challenge.tests, judged, strict=True) if not v.passed}
    diagnosable = failed and report.protocol_error is None and report.load_error is None
    # The traced run goes on in its child while the diagnosis runs here: it costs no wall time
    # the diagnosis does not take anyway.
    tracing = _Tracing(prepared, source, report, sandbox) if diagnosable else None
    story = (
        diagnose(
            prepared, report, failed, _failed_by_edits(prepared, report, failed), mentions_float32(source)
        )
        if diagnosable and search
        else NO_STORY
    )
    exceptions = find_causes(prepared, report, source, failed - set(story.explained))
    divergence = tracing.divergence() if tracing is not None else None
    told = feedback.told(prepared, story, exceptions, failed, divergence)
    return _Judged(run, report, judged, failed, story, exceptions, told, divergence, source)


def _traced_call(prepared: PreparedChallenge, report: ChildReport) -> int | None:
    """The call to trace: of the first wrong function (callees first), a wrong call the tracer
    records whole; one whose results are visibly off rather than off in the last digits (a
    float32 ε² shows only where a row barely varies), then one that returned rather than raised
    (its values go on past the line that raised), then the largest."""
    for function in diagnosis_order(prepared):
        wrong = [
            i
            for i in prepared.runs.calls_of[function]
            if report.calls[i].done and not same_outcome(report.calls[i], prepared.expected[i])
        ]
        small = [i for i in wrong if max(o.size for o in prepared.expected[i].outputs) <= MAX_ARRAY]
        if small:
            return max(
                small,
                key=lambda i: (
                    _visibly_off(report.calls[i], prepared.expected[i]),
                    report.calls[i].ok,
                    sum(a.size for a in prepared.calls[i].array_args()),
                    sum(o.size for o in prepared.expected[i].outputs),  # a mask's T: no array given
                    -i,
                ),
            )
        if wrong:
            return None
    return None


def _visibly_off(student: CallOutcome, expected: CallOutcome) -> bool:
    """Whether a call's results differ from the lesson's by more than a part in a thousand."""
    if not student.ok or len(student.outputs) != len(expected.outputs):
        return False
    for got, want in zip(student.outputs, expected.outputs, strict=True):
        if got.shape != want.shape:
            return True
        with np.errstate(all="ignore"):
            scale = float(np.nanmax(np.abs(np.where(np.isfinite(want), want, 0.0)), initial=0.0)) + 1e-12
            off = np.abs(got.astype(np.float64) - want)
            if (
                bool(np.any(np.isnan(off) & ~np.isnan(want)))
                or float(np.nanmax(off, initial=0.0)) > 1e-3 * scale
            ):
                return True
    return False


def _raised_at(prepared: PreparedChallenge, report: ChildReport, source: str) -> Divergence | None:
    """A wrong function that raised instead of answering: its line is where it parts."""
    for function in diagnosis_order(prepared):
        for i in prepared.runs.calls_of[function]:
            error = report.calls[i].error
            if (
                error is not None
                and error.line is not None
                and not same_outcome(report.calls[i], prepared.expected[i])
            ):
                return raised_at(function, error.line, error.type, source)
    return None


class _Tracing:
    """The student's code run once more on one wrong call, under the line tracer, in a thread of
    its own; then where its values leave the lesson's. Feedback only: the score is decided."""

    def __init__(
        self, prepared: PreparedChallenge, source: str, report: ChildReport, sandbox: Sandbox
    ) -> None:
        self.prepared = prepared
        self.source = source
        self.report = report
        self.index = _traced_call(prepared, report)
        self.raised = _raised_at(prepared, report, source)
        self.trace: list[Traced] | None = None
        self.thread: threading.Thread | None = None
        if self.index is not None:
            self.thread = threading.Thread(target=self._run, args=(sandbox,), daemon=True)
            self.thread.start()

    def _run(self, sandbox: Sandbox) -> None:
        assert self.index is not None  # noqa: S101 narrows for mypy
        job = dataclasses.replace(self.prepared.job(self.source, self.prepared.new_desk()), trace=self.index)
        try:
            self.trace = parse_trace(sandbox.run(job, self.prepared.challenge.limits).report)
        except Exception:  # feedback only: a traced run that fails gives no localisation
            log.exception("the traced run of call %s failed", self.index)

    def divergence(self) -> Divergence | None:
        if self.thread is None or self.index is None:
            return self.raised

        lesson = self.prepared.lesson_trace(self.index)
        self.thread.join()
        if lesson is None or self.trace is None:
            return self.raised
        call = self.prepared.calls[self.index]
        error = self.report.calls[self.index].error
        raised = (error.line, error.type) if error is not None and error.line is not None else None
        found = diverge(
            call,
            self.trace,
            lesson,
            Sources(self.source, self.prepared.challenge.reference_source),
            self.prepared.challenge.steps,
            raised,
            self.prepared.flow,
            (self.index, self.report.calls[self.index]),
        )
        return found if found is not None else self.raised


def _failed_by_edits(prepared: PreparedChallenge, report: ChildReport, failed: set[str]) -> set[str]:
    """The failed tests that pass once the changes the code made to its arguments are left out."""
    changed = edited(prepared, report)
    if not changed:
        return set()
    pure = verdicts(prepared, without_edits(report, changed, prepared))
    return {t.id for t, v in zip(prepared.challenge.tests, pure, strict=True) if v.passed and t.id in failed}


def _told(prepared: PreparedChallenge, judged: _Judged, lang: Lang, started: float) -> Result:
    error = _whole_error(prepared.challenge, judged, lang)
    because, by = dict(judged.told.because), dict(judged.told.by)
    if error is not None:  # one message for the whole run: the tests it kept from running point to it
        for test, verdict in zip(prepared.challenge.tests, judged.verdicts, strict=True):
            if not verdict.ran:
                because[test.id], by[test.id] = messages.SEE_ERROR, [error.kind]
    tests = results(prepared, judged.verdicts, lang, because, by)
    result = _result(
        prepared.challenge,
        tests,
        feedback.diagnoses(prepared, judged.story, judged.failed, lang),
        error,
        printed.shown(judged.run, lang),
        started,
    )
    result.causes = feedback.causes(judged.exceptions, lang)
    if judged.divergence is not None and error is None:
        result.localisation = feedback.localisation(judged.divergence, lang, prepared.challenge.steps)
    elif error is None:
        result.note = feedback.note(prepared, judged.story, tests, by, lang)
    return result


def _readable_source(code: str | bytes) -> tuple[str, GradingError | None]:
    """The code as text, or why it cannot be graded at all."""
    if isinstance(code, bytes):
        try:
            code = code.decode("utf-8")
        except UnicodeDecodeError:
            return "", GradingError(kind="encoding", message="")
    size = len(code.encode("utf-8", errors="surrogatepass"))
    if size > MAX_CODE_BYTES:
        return "", GradingError(kind="too_large", message=str(size))
    try:
        code.encode("utf-8")  # a lone surrogate is not text
    except UnicodeEncodeError:
        return "", GradingError(kind="encoding", message="")
    if "\x00" in code:
        return "", GradingError(kind="encoding", message="")
    return code, None


def _refused(prepared: PreparedChallenge, refusal: GradingError, lang: Lang, started: float) -> Result:
    if refusal.kind == "too_large":
        message = messages.TOO_LARGE.format(size=refusal.message, limit=MAX_CODE_BYTES)(lang)
    else:
        message = messages.ENCODING(lang)
    empty = ChildReport(calls=[type(c)() for c in prepared.expected])
    tests = evaluate(prepared, empty, lang)
    error = GradingError(kind=refusal.kind, message=message)
    return _result(prepared.challenge, tests, [], error, "", started)


def _whole_error(challenge: Challenge, judged: _Judged, lang: Lang) -> GradingError | None:
    run, report = judged.run, judged.report
    if report.protocol_error is not None:
        return GradingError(kind="protocol", message=messages.PROTOCOL(lang))
    by_exit = {
        ExitKind.TIMEOUT: ("timeout", messages.TIMEOUT),
        ExitKind.MEMORY: ("memory", messages.MEMORY),
        ExitKind.OUTPUT: ("output", messages.OUTPUT),
        ExitKind.FORBIDDEN: ("forbidden", messages.FORBIDDEN),
    }
    if run.exit_kind in by_exit:
        kind, message = by_exit[run.exit_kind]
        return GradingError(kind=kind, message=message(lang))
    if report.load_error is not None:
        return _load_error(report, lang)
    if run.exit_kind == ExitKind.CRASH:
        return GradingError(kind="crash", message=messages.CRASH.format(signal=run.signal)(lang))
    if not report.finished:
        return GradingError(kind="crash", message=messages.EXITED(lang))
    if report.missing:
        return _missing(challenge, report.missing, judged.source, lang)
    if any(c.error is not None and c.error.type == "MemoryError" for c in report.calls):
        return GradingError(kind="memory", message=messages.MEMORY(lang))
    return None


def _load_error(report: ChildReport, lang: Lang) -> GradingError:
    assert report.load_error is not None  # noqa: S101 narrows for mypy
    error = report.load_error.error
    original = f"{error.type}: {error.message}"
    if report.load_error.kind == "syntax":
        message = messages.syntax(error.line, error.message)(lang)
        return GradingError(kind="syntax", message=message, line=error.line, original=original)
    if error.type == "MemoryError":
        return GradingError(kind="memory", message=messages.MEMORY(lang), line=error.line)
    message = messages.raised(error, messages.IMPORT)(lang)
    return GradingError(kind="import", message=message, line=error.line, original=original)


def _missing(challenge: Challenge, missing: list[str], source: str, lang: Lang) -> GradingError:
    signatures = ", ".join(f.signature for f in challenge.functions if f.name in missing)
    message = messages.MISSING.format(names=", ".join(missing), signatures=signatures)(lang)
    defined = near_names.defined_functions(source)
    taken = frozenset(f.name for f in challenge.functions)
    for wanted in missing:
        near = near_names.closest(wanted, defined, taken)
        if near is not None:
            message += messages.NEAR_NAME.format(defined=near, wanted=wanted)(lang)
    return GradingError(kind="missing_function", message=message)


def _result(
    challenge: Challenge,
    tests: list[HiddenTestResult],
    diagnoses: list[Diagnosis],
    error: GradingError | None,
    stdout: str,
    started: float,
) -> Result:
    points = sum(t.points for t in tests)
    max_points = sum(t.max_points for t in tests)
    if error is not None and error.kind == "protocol":
        points = 0
    return Result(
        challenge=challenge.id,
        status="error" if error is not None else "done",
        score=round(100 * points / max_points, 2) if max_points else 0.0,
        points=points,
        max_points=max_points,
        tests=tests,
        diagnoses=diagnoses,
        error=error,
        stdout=stdout,
        grading_ms=round((time.perf_counter() - started) * 1000, 2),
    )
