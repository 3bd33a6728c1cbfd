"""Recognise which known mistakes a failing submission reproduces on the hidden inputs.

For each required function the student gets wrong, find the smallest variants (one mistake,
else two touching different functions, computed only when first needed) whose observable behaviour on that function's calls
matches the student's exactly: outputs (every array of a returned tuple), the arguments after the call, and how helper functions
were called. Calls where the student raised an exception say nothing and are skipped.
"""

from __future__ import annotations

import numpy as np

from grader.authoring import Mistake
from grader.prepared import PreparedChallenge, Variant
from grader.report import CallOutcome, ChildReport

RTOL = 1e-4
ATOL = 1e-7


def _observation(outcome: CallOutcome) -> list[np.ndarray]:
    seen = [np.array([len(outcome.outputs), outcome.as_tuple], dtype=float), *outcome.outputs]
    seen += [np.array(sorted(outcome.args_after), dtype=float)]  # which arguments it changed
    seen += [outcome.args_after[s] for s in sorted(outcome.args_after)]
    seen += [np.array([outcome.helper_counts[s] for s in sorted(outcome.helper_counts)], dtype=float)]
    for slot in sorted(outcome.helper_inputs):
        seen += outcome.helper_inputs[slot]
    return seen


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    if a.shape != b.shape:
        return False
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    finite = np.isfinite(b64)
    if not np.array_equal(np.isfinite(a64), finite):
        return False
    if not np.array_equal(a64[~finite], b64[~finite], equal_nan=True):
        return False
    return bool(np.all(np.abs(a64[finite] - b64[finite]) <= ATOL + RTOL * np.abs(b64[finite])))


def same_behaviour(a: CallOutcome, b: CallOutcome) -> bool:
    if not (a.ok and b.ok):
        return False
    left, right = _observation(a), _observation(b)
    return len(left) == len(right) and all(_close(x, y) for x, y in zip(left, right, strict=True))


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
