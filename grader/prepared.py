"""A challenge made ready to grade: its job bytes, expected outputs and variants' outputs.

Hidden inputs are deterministic, so the reference and every known mistake run once, here in
the trusted parent, and grading a submission only runs the student's code.
"""

from __future__ import annotations

import itertools
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np

from grader import harness
from grader.authoring import Mistake
from grader.calls import Call, CallEncoder
from grader.challenge import Challenge, ChallengeError
from grader.report import CallOutcome, ChildReport, parse_report
from grader.wire import encode_job

MAX_OUTPUT_ELEMENTS = 1 << 20


@dataclass(frozen=True)
class Variant:
    """A known mistake, or two that touch different functions, and what they output."""

    mistakes: tuple[Mistake, ...]
    outcomes: tuple[CallOutcome, ...]


@dataclass(frozen=True)
class PreparedChallenge:
    challenge: Challenge
    calls: tuple[Call, ...]
    spans: tuple[range, ...]  # the calls of each test, in test order
    header: dict[str, Any]
    blob: bytes
    expected: tuple[CallOutcome, ...]
    variants: tuple[Variant, ...]

    def job(self, source: str) -> bytes:
        return encode_job({**self.header, "source": source}, self.blob)

    def run_in_process(self, source: str) -> ChildReport:
        """Run trusted code (the reference, a mistake) the way the child would run a student's."""
        chunks: list[bytes] = []
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            harness.run(self.job(source), chunks.append)
        return parse_report(b"".join(chunks), len(self.calls), MAX_OUTPUT_ELEMENTS)


def prepare(challenge: Challenge) -> PreparedChallenge:
    calls: list[Call] = []
    spans: list[range] = []
    for test in challenge.tests:
        spans.append(range(len(calls), len(calls) + len(test.calls)))
        calls.extend(test.calls)
    encoder = CallEncoder()
    header = {
        "required": challenge.required,
        "helpers": challenge.helpers_source,
        "calls": encoder.encode_calls(calls),
        "arrays": encoder.arrays,
        "max_output_elements": MAX_OUTPUT_ELEMENTS,
    }
    draft = PreparedChallenge(challenge, tuple(calls), tuple(spans), header, bytes(encoder.blob), (), ())
    expected = _reference_outcomes(draft)
    variants = tuple(
        Variant(combo, tuple(draft.run_in_process(_variant_source(challenge, combo)).calls))
        for combo in _combinations(challenge.mistakes)
    )
    return PreparedChallenge(challenge, tuple(calls), tuple(spans), header, draft.blob, expected, variants)


def _reference_outcomes(draft: PreparedChallenge) -> tuple[CallOutcome, ...]:
    report = draft.run_in_process(draft.challenge.reference_source)
    broken = [i for i, o in enumerate(report.calls) if not o.ok]
    if not report.finished or broken or report.missing:
        raise ChallengeError(f"{draft.challenge.id}: the reference fails on calls {broken}")
    returns = {f.name: f.returns for f in draft.challenge.functions}
    calls = zip(draft.calls, report.calls, strict=True)
    if miscounted := [i for i, (c, o) in enumerate(calls) if not o.returns(returns[c.function])]:
        raise ChallengeError(
            f"{draft.challenge.id}: the reference returns other than declared on {miscounted}"
        )
    return tuple(report.calls)


def _variant_source(challenge: Challenge, mistakes: tuple[Mistake, ...]) -> str:
    parts = [challenge.reference_source, *(m.code for m in mistakes)]
    return "\n\n".join(parts)


def _combinations(mistakes: tuple[Mistake, ...]) -> list[tuple[Mistake, ...]]:
    """Every mistake alone, and every pair that redefines different functions."""
    singles: list[tuple[Mistake, ...]] = [(m,) for m in mistakes]
    pairs: list[tuple[Mistake, ...]] = [
        (a, b) for a, b in itertools.combinations(mistakes, 2) if not set(a.functions) & set(b.functions)
    ]
    return singles + pairs
