"""Recognise which known mistakes a failing submission reproduces on the hidden inputs.

For each required function the student gets wrong, find the smallest variants (one mistake,
else two touching different functions, computed only when first needed) whose observable behaviour on that function's calls
matches the student's exactly: outputs (every array of a returned tuple), the arguments after the call, and how helper functions
were called (`CallOutcome.behaviour`). Calls where the student raised an exception say nothing and are skipped.
"""

from __future__ import annotations

import numpy as np

from grader.authoring import Mistake
from grader.prepared import PreparedChallenge, Variant
from grader.report import Behaviour, CallOutcome, ChildReport

RTOL = 1e-4
ATOL = 1e-7


def _close(a: Behaviour, b: Behaviour) -> bool:
    """Every value of `a` within tolerance of `b`'s, infinities and NaNs in the same places."""
    if a.shapes != b.shapes:
        return False
    if a.all_finite and b.all_finite:
        return bool((np.abs(a.values - b.values) <= ATOL + RTOL * b.magnitude).all())
    if not np.array_equal(a.finite, b.finite):
        return False
    odd = ~b.finite
    if not np.array_equal(a.values[odd], b.values[odd], equal_nan=True):
        return False
    both = b.finite
    return bool((np.abs(a.values[both] - b.values[both]) <= ATOL + RTOL * b.magnitude[both]).all())


def same_behaviour(a: CallOutcome, b: CallOutcome) -> bool:
    return a.ok and b.ok and _close(a.behaviour, b.behaviour)


def _explains(
    variant: Variant, student: ChildReport, calls: list[int], expected: tuple[CallOutcome, ...]
) -> bool:
    answered = [i for i in calls if student.calls[i].ok]
    if not answered:
        return False
    if not all(same_behaviour(student.calls[i], variant.outcomes[i]) for i in answered):
        return False
    return any(not same_behaviour(variant.outcomes[i], expected[i]) for i in answered)


def _is_wrong(student: ChildReport, calls: list[int], expected: tuple[CallOutcome, ...]) -> bool:
    return any(student.calls[i].ok and not same_behaviour(student.calls[i], expected[i]) for i in calls)


def _explaining(
    variants: tuple[Variant, ...], student: ChildReport, calls: list[int], expected: tuple[CallOutcome, ...]
) -> list[Variant]:
    return [v for v in variants if _explains(v, student, calls, expected)]


def diagnose(prepared: PreparedChallenge, student: ChildReport) -> list[Mistake]:
    found: set[str] = set()
    for function in prepared.challenge.required:
        calls = [i for i, c in enumerate(prepared.calls) if c.function == function]
        if not _is_wrong(student, calls, prepared.expected):
            continue
        matching = _explaining(prepared.singles, student, calls, prepared.expected)
        if not matching:
            matching = _explaining(prepared.pairs(), student, calls, prepared.expected)
        found |= {m.id for v in matching for m in v.mistakes}
    return [m for m in prepared.challenge.mistakes if m.id in found]


def explained_tests(
    prepared: PreparedChallenge, student: ChildReport, mistakes: list[Mistake]
) -> dict[str, list[Mistake]]:
    """For each failed test a diagnosis accounts for, the fewest diagnosed mistakes that do.

    A test is accounted for when the variant made of those mistakes behaves on every call of the
    test exactly as the student's code did, and differently from the reference.
    """
    variants = [v for v in prepared.singles if v.mistakes[0] in mistakes]
    if len(mistakes) == 2:
        ids = {m.id for m in mistakes}
        variants += [v for v in prepared.pairs() if {m.id for m in v.mistakes} == ids]
    explained: dict[str, list[Mistake]] = {}
    for test, span in zip(prepared.challenge.tests, prepared.spans, strict=True):
        for variant in variants:
            if _reproduces(variant, student, span, prepared.expected):
                explained[test.id] = list(variant.mistakes)
                break
    return explained


def _reproduces(
    variant: Variant, student: ChildReport, span: range, expected: tuple[CallOutcome, ...]
) -> bool:
    return all(same_behaviour(student.calls[i], variant.outcomes[i]) for i in span) and not all(
        same_behaviour(variant.outcomes[i], expected[i]) for i in span
    )


def faithful(prepared: PreparedChallenge, source: str, ids: list[str]) -> bool:
    """Whether the diagnosed mistakes' own program behaves like `source` on every call it answers."""
    wanted = set(ids)
    report = prepared.run_in_process(source)
    for variant in (*prepared.singles, *prepared.pairs()):
        if {m.id for m in variant.mistakes} != wanted:
            continue
        answered = [i for i, c in enumerate(report.calls) if c.ok]
        if all(same_behaviour(report.calls[i], variant.outcomes[i]) for i in answered):
            return True
    return False
