"""Find the smallest set of known mistakes that reproduces what the student's code did.

For each required function the student gets wrong (functions others call come first), the
candidates are sets of up to three choices of the challenge's error model: first with the
mistakes already found in the functions it calls, then alone. The smallest set whose program
behaves on every call of that function exactly as the student's code did is the diagnosis:
the same arrays within tolerance (outputs, arguments changed, helpers' calls), or the same
exception type where the student's code raised. A call the run never reached says nothing.
When no set of up to three reproduces the function, nothing is claimed for it.

Then each failed test is told its own part of that story: the fewest diagnosed mistakes whose
program answers that test's calls exactly as the student's code did.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from grader.compare import same_behaviour, same_outcome
from grader.errormodel import MAX_DEVIATIONS, Deviation, ErrorModel
from grader.modelruns import Deviations
from grader.prepared import PreparedChallenge
from grader.report import ChildReport

__all__ = ["Story", "diagnose", "faithful", "same_behaviour", "same_outcome"]


@dataclass(frozen=True)
class Story:
    """What the diagnosis tells: the mistakes found, and which failed tests each set explains."""

    deviations: tuple[Deviation, ...]  # in the model's order
    explained: dict[str, tuple[Deviation, ...]]  # test id -> the diagnosed mistakes it shows
    unexplained: tuple[str, ...]  # functions the student gets wrong that nothing reproduces


def _reached(student: ChildReport, calls: list[int]) -> list[int]:
    return [i for i in calls if student.calls[i].done]


def _wrong_calls(prepared: PreparedChallenge, student: ChildReport) -> set[int]:
    """The calls the student's code reached and answered otherwise than the reference."""
    return {i for i, c in enumerate(student.calls) if c.done and not same_outcome(c, prepared.expected[i])}


def _reproduces(
    prepared: PreparedChallenge, deviations: Deviations, student: ChildReport, calls: list[int]
) -> bool:
    runs = prepared.runs
    return all(same_outcome(student.calls[i], runs.outcome(deviations, i)) for i in calls)


def _candidates(
    prepared: PreparedChallenge, function: str, student: ChildReport, calls: list[int]
) -> list[Deviation]:
    """The choices at `function`'s points; a family also at the parameters the student's numbers suggest."""
    model = prepared.challenge.model
    found = []
    for deviation in model.deviations(function):
        found.append(deviation)
        fit = model.choice(deviation).fit
        if fit is None:
            continue
        fitted = fit([prepared.calls[i] for i in calls], [student.calls[i] for i in calls]) or ()
        found += [
            Deviation(deviation.point, deviation.choice_id, v, deviation.spelling)
            for v in fitted
            if v != deviation.value
        ]
    return found


def _smallest(
    prepared: PreparedChallenge,
    candidates: list[Deviation],
    base: Deviations,
    student: ChildReport,
    ordered: list[int],
) -> Deviations | None:
    model = prepared.challenge.model
    for size in range(0 if base else 1, MAX_DEVIATIONS - len(base) + 1):
        for deviations in model.sets(candidates, size, base):
            if len(deviations) == MAX_DEVIATIONS and _fitted(model, deviations):
                continue  # not run ahead: a fitted parameter with two more mistakes costs more than it finds
            if _reproduces(prepared, deviations, student, ordered):
                return deviations
    return None


def _fitted(model: ErrorModel, deviations: Deviations) -> bool:
    return any(d.value != model.choice(d).value for d in deviations)


def _upstream_first(prepared: PreparedChallenge) -> list[str]:
    uses = prepared.challenge.model.uses
    required = prepared.challenge.required
    return sorted(required, key=lambda f: (f in uses, required.index(f)))


def _search(
    prepared: PreparedChallenge, student: ChildReport, wrong: set[int]
) -> tuple[dict[str, Deviations], list[str]]:
    found: dict[str, Deviations] = {}
    unexplained = []
    uses = prepared.challenge.model.uses
    for function in _upstream_first(prepared):
        if function in student.missing:
            continue  # told once, as the missing definition it is
        calls = _reached(student, prepared.runs.calls_of[function])
        if not wrong.intersection(calls):
            continue
        # The probes first, in their order (computed ahead: most candidates fail on the first),
        # then the calls where the student's code went wrong.
        probes = [i for i in prepared.runs.probes(function) if i in calls]
        ordered = probes + sorted(set(calls) - set(probes), key=lambda i: i not in wrong)
        candidates = _candidates(prepared, function, student, calls)
        upstream = frozenset().union(*(found.get(u, frozenset()) for u in uses.get(function, ())))
        bases = [upstream, frozenset()] if upstream else [frozenset()]
        match = next(
            (m for b in bases if (m := _smallest(prepared, candidates, b, student, ordered)) is not None),
            None,
        )
        if match is None:
            unexplained.append(function)
        else:
            found[function] = match - upstream if match >= upstream else match
    return found, unexplained


def _explained(
    prepared: PreparedChallenge, student: ChildReport, failed: set[str], deviations: tuple[Deviation, ...]
) -> dict[str, tuple[Deviation, ...]]:
    explained: dict[str, tuple[Deviation, ...]] = {}
    subsets = [s for size in range(1, len(deviations) + 1) for s in itertools.combinations(deviations, size)]
    for test, span in zip(prepared.challenge.tests, prepared.spans, strict=True):
        calls = _reached(student, list(span))
        if test.id not in failed or not calls:
            continue
        for subset in subsets:
            if _reproduces(prepared, frozenset(subset), student, calls):
                explained[test.id] = subset
                break
    return explained


def diagnose(prepared: PreparedChallenge, student: ChildReport, failed: set[str]) -> Story:
    """The smallest known mistakes reproducing the student's code, and which of the `failed`
    tests each part of them accounts for."""
    wrong = _wrong_calls(prepared, student)
    found, unexplained = _search(prepared, student, wrong)
    model = prepared.challenge.model
    order = {(c.id, c.spelling): n for n, c in enumerate(c for p in model.points for c in p.choices)}
    deviations = tuple(sorted(set().union(*found.values()), key=lambda d: order[(d.choice_id, d.spelling)]))
    return Story(deviations, _explained(prepared, student, failed, deviations), tuple(unexplained))


def faithful(prepared: PreparedChallenge, source: str, ids: list[str]) -> bool:
    """Whether the diagnosis of `source` (trusted code) names `ids` and its own program answers every
    call `source` answered as `source` did: a diagnosis the code bears out."""
    report = prepared.run_in_process(source)
    story = diagnose(prepared, report, set())
    if sorted(d.choice_id for d in story.deviations) != sorted(ids):
        return False
    reached = [i for i, c in enumerate(report.calls) if c.done]
    return _reproduces(prepared, frozenset(story.deviations), report, reached)
