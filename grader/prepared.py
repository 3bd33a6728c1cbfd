"""A challenge made ready to grade: its job bytes, expected outputs and variants' outputs.

Hidden inputs are deterministic, so the reference and every known mistake run once, here in
the trusted parent, and grading a submission only runs the student's code.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from grader.calls import Call, CallEncoder, Helper
from grader.challenge import Challenge, ChallengeError
from grader.compare import same_behaviour
from grader.desk import HelperDesk, desk_limit, load_functions
from grader.effects import ArgumentLayout, observe
from grader.flow import Flow, flow_of
from grader.modelruns import ModelRuns
from grader.replay import Program
from grader.report import CallOutcome, ChildReport, parse_report
from grader.sandbox.inside import harness
from grader.tracing import Traced, parse_trace
from grader.wire import Job, encode_job, encode_refusal, setup_key

MAX_OUTPUT_ELEMENTS = 1 << 20


@dataclass(frozen=True)
class PreparedChallenge:
    challenge: Challenge
    calls: tuple[Call, ...]
    spans: tuple[range, ...]  # the calls of each test, in test order
    header: dict[str, Any]
    layout: ArgumentLayout
    helpers: tuple[tuple[Helper, ...], ...]  # per call, the helpers it passes (kept in the parent)
    expected: tuple[CallOutcome, ...]
    runs: ModelRuns  # what the error model's programs do on these calls
    known_answers: dict[bytes, bytes] = field(default_factory=dict, repr=False, compare=False)
    known_traces: dict[int, list[Traced] | None] = field(default_factory=dict, repr=False, compare=False)

    def warm(self) -> None:
        """Compute everything now, e.g. when a worker starts, so no grading waits for it."""
        self.runs.warm()

    def keep(self) -> None:
        """Leave what was computed for the error model to the next process (`ModelRuns.keep`)."""
        self.runs.keep()

    def job(self, source: str, desk: HelperDesk | None = None) -> Job:
        """A submission's job; `desk` (from `new_desk`, a new one if not given) answers its
        helper calls: pass one to read what it counted."""
        return Job(self.setup, self.setup_key, source, self.layout.image, desk or self.new_desk())

    def new_desk(self, trusted: bool = False) -> HelperDesk | None:
        """A desk for one run, when the calls pass helpers. A `trusted` run's answers (the
        reference's, the mistakes') are kept for later runs that ask the same."""
        if not any(self.helpers):
            return None
        limit = desk_limit(self._array_args)
        return HelperDesk(self._helper_functions, self.helpers, limit, self.known_answers, trusted)

    @functools.cached_property
    def _helper_functions(self) -> dict[str, Callable[..., Any]]:
        return load_functions(self.challenge.helpers_source)

    @functools.cached_property
    def _array_args(self) -> list[np.ndarray]:
        return [array for c in self.calls for array in c.array_args()]

    @functools.cached_property
    def setup(self) -> bytes:
        """Everything a child needs but the source: the same for every submission."""
        return encode_job(self.header, b"")

    def observe(self, report: ChildReport, arguments: bytes, desk: HelperDesk | None) -> ChildReport:
        """The report with what the parent saw itself: changed arguments, helper calls."""
        observe(report, self.layout, arguments, desk)
        return report

    @functools.cached_property
    def setup_key(self) -> str:
        return setup_key(self.setup)

    @functools.cached_property
    def _decoded_setup(self) -> dict[str, harness.Setup]:
        return {self.setup_key: harness.load_setup(self.setup)}

    @functools.cached_property
    def flow(self) -> Flow | None:
        """The lesson's computation, to be run again with one step replaced (`grader.flow`)."""
        return flow_of(self.challenge.reference_source, self.challenge.helpers_source)

    def lesson_trace(self, index: int) -> list[Traced] | None:
        """The reference's values line by line on call `index`: the lesson's intermediates."""
        if index not in self.known_traces:
            chunks: list[bytes] = []
            desk = self.new_desk(trusted=True)
            memory = bytearray(self.layout.image)
            ask = desk.answer if desk is not None else _no_desk
            job = replace(self.job(self.challenge.reference_source), trace=index)
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                harness.run(job.reference(), chunks.append, memory, ask, self._decoded_setup)
            self.known_traces[index] = parse_trace(b"".join(chunks))
        return self.known_traces[index]

    def run_in_process(self, source: str) -> ChildReport:
        """Run trusted code (the reference, a mistake) the way the child would run a student's."""
        chunks: list[bytes] = []
        desk = self.new_desk(trusted=True)
        memory = bytearray(self.layout.image)
        ask = desk.answer if desk is not None else _no_desk
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            harness.run(self.job(source).reference(), chunks.append, memory, ask, self._decoded_setup)
        report = parse_report(b"".join(chunks), len(self.calls), MAX_OUTPUT_ELEMENTS)
        return self.observe(report, bytes(memory), desk)


def prepare(challenge: Challenge, kept_in: Path | None = None) -> PreparedChallenge:
    """The challenge made ready; `kept_in`: a folder of the grader's own where its error
    model's runs are kept between processes (`grader/runs_store.py`)."""
    calls: list[Call] = []
    spans: list[range] = []
    for test in challenge.tests:
        spans.append(range(len(calls), len(calls) + len(test.calls)))
        calls.extend(test.calls)
    encoder = CallEncoder()
    header = {
        "required": challenge.required,
        "calls": encoder.encode_calls(calls),
        "arrays": encoder.arrays,
        "max_output_elements": MAX_OUTPUT_ELEMENTS,
    }
    layout = ArgumentLayout(bytes(encoder.image), encoder.arrays, encoder.slots)
    helpers = tuple(tuple(h) for h in encoder.helpers)
    runs = ModelRuns(challenge.model, tuple(calls), challenge.helpers_source, challenge.required, kept_in)
    draft = PreparedChallenge(challenge, tuple(calls), tuple(spans), header, layout, helpers, (), runs)
    expected = _reference_outcomes(draft)
    _model_matches_reference(draft, expected)
    return PreparedChallenge(
        challenge,
        tuple(calls),
        tuple(spans),
        header,
        layout,
        helpers,
        expected,
        runs,
        draft.known_answers,
        {},
    )


def _no_desk(request: bytes) -> bytes:
    return encode_refusal("RuntimeError: this challenge passes no helper")


def _reference_outcomes(draft: PreparedChallenge) -> tuple[CallOutcome, ...]:
    report = draft.run_in_process(draft.challenge.reference_source)
    broken = [i for i, o in enumerate(report.calls) if not o.ok]
    if not report.finished or broken or report.missing:
        first = report.calls[broken[0]].error if broken else None
        raised = f": {first.type}: {first.message}" if first is not None else ""
        at = f" (reference.py, line {first.line})" if first is not None and first.line else ""
        raise ChallengeError(f"{draft.challenge.id}: the reference fails on calls {broken}{raised}{at}")
    returns = {f.name: f.returns for f in draft.challenge.functions}
    calls = zip(draft.calls, report.calls, strict=True)
    if miscounted := [i for i, (c, o) in enumerate(calls) if not o.returns(returns[c.function])]:
        raise ChallengeError(
            f"{draft.challenge.id}: the reference returns other than declared on {miscounted}"
        )
    return tuple(report.calls)


def _model_matches_reference(draft: PreparedChallenge, expected: tuple[CallOutcome, ...]) -> None:
    """The error model with no choice made must answer every call as the reference does (run
    apart from the model's kept runs: a grading that needs none of them reads none)."""
    program = Program(draft.challenge.model.reference(), draft.challenge.helpers_source)
    differs = [
        i for i, outcome in enumerate(expected) if not same_behaviour(outcome, program.answer(draft.calls[i]))
    ]
    if differs:
        raise ChallengeError(f"{draft.challenge.id}: the error model's reference differs on calls {differs}")
