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

Two things the student's code does are told apart from the rest, so that neither hides another
mistake. A function that changes an array it receives (`X -= mu`) is told that, once, as the
model's choice that edits its arguments; every other choice is then compared on what the calls
returned and how they called their helpers. A function whose code computes in float32 (its
outputs are float32 where the reference's are float64) is compared with the model's programs
run on the same calls in float32: an overflow in float32 is not one in float64.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass

import numpy as np

from grader.compare import ATOL, RTOL, same_behaviour, same_outcome
from grader.errormodel import MAX_DEVIATIONS, Deviation
from grader.modelruns import Deviations
from grader.prepared import PreparedChallenge
from grader.report import CallOutcome, ChildReport

__all__ = ["Story", "diagnose", "edited", "faithful", "same_behaviour", "same_outcome", "without_edits"]


@dataclass(frozen=True)
class Story:
    """What the diagnosis tells: the mistakes found, and which failed tests each set explains."""

    deviations: tuple[Deviation, ...]  # in the model's order
    explained: dict[str, tuple[Deviation, ...]]  # test id -> the diagnosed mistakes it shows
    unexplained: tuple[str, ...]  # functions the student gets wrong that nothing reproduces


@dataclass(frozen=True)
class _Seen:
    """The student's calls as the search compares them."""

    report: ChildReport  # arguments' changes left out for the functions in `edited`
    edited: frozenset[str]  # functions whose code changed an array it received
    single: frozenset[str]  # functions whose code computed in float32


def _reached(student: ChildReport, calls: list[int]) -> list[int]:
    return [i for i in calls if student.calls[i].done]


def _wrong_calls(prepared: PreparedChallenge, student: ChildReport) -> set[int]:
    """The calls the student's code reached and answered otherwise than the reference."""
    return {i for i, c in enumerate(student.calls) if c.done and not same_outcome(c, prepared.expected[i])}


def _reproduces(prepared: PreparedChallenge, deviations: Deviations, seen: _Seen, calls: list[int]) -> bool:
    runs = prepared.runs
    for i in calls:
        single = prepared.calls[i].function in seen.single
        outcome = runs.outcome(deviations, i, single)
        if not same_outcome(seen.report.calls[i], outcome) or _broken(
            prepared, deviations, i, single, outcome
        ):
            return False
    return True


def _broken(
    prepared: PreparedChallenge, deviations: Deviations, call: int, single: bool, outcome: CallOutcome | None
) -> bool:
    """A set of choices whose program raises on a call where each choice alone answers: the
    exception is the composition's (a ReLU reduced to one vector, then concatenated by rows),
    no student's story, and like a `NameError` it reproduces nothing."""
    if len(deviations) < 2 or outcome is None or outcome.error is None:
        return False
    runs = prepared.runs
    return all(
        (alone := runs.outcome(frozenset({d}), call, single)) is not None and alone.ok for d in deviations
    )


def without_edits(student: ChildReport, functions: set[str], prepared: PreparedChallenge) -> ChildReport:
    """The report with the changes `functions` made to their arguments left out."""
    calls = [
        dataclasses.replace(c, args_after={}) if prepared.calls[i].function in functions else c
        for i, c in enumerate(student.calls)
    ]
    return dataclasses.replace(student, calls=calls)


def edited(prepared: PreparedChallenge, student: ChildReport) -> set[str]:
    """The functions whose code changed an array it received, on some call."""
    return {prepared.calls[i].function for i, c in enumerate(student.calls) if c.done and c.args_after}


def _single(prepared: PreparedChallenge, student: ChildReport) -> frozenset[str]:
    """The functions whose code computed in float32: every output float32 where the
    reference's is float64, on each call that answered."""
    found = set()
    for function, calls in prepared.runs.calls_of.items():
        pairs = [
            (a, b)
            for i in calls
            if student.calls[i].ok
            for a, b in zip(student.calls[i].outputs, prepared.expected[i].outputs, strict=False)
            if b.dtype == np.float64
        ]
        if pairs and all(a.dtype == np.float32 for a, _ in pairs):
            found.add(function)
    return frozenset(found)


def _seen(prepared: PreparedChallenge, student: ChildReport) -> _Seen:
    changed = edited(prepared, student)
    report = without_edits(student, changed, prepared) if changed else student
    return _Seen(report, frozenset(changed), _single(prepared, student))


def _candidates(
    prepared: PreparedChallenge, function: str, student: ChildReport, calls: list[int]
) -> list[Deviation]:
    """The choices at `function`'s points; a family also at the parameters the student's numbers suggest."""
    model = prepared.challenge.model
    found = []
    for deviation in model.deviations(function):
        if prepared.runs.edits_arguments(deviation):
            continue  # told from the arguments themselves (`_edit_told`)
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
    seen: _Seen,
    ordered: list[int],
) -> Deviations | None:
    model = prepared.challenge.model
    for size in range(0 if base else 1, MAX_DEVIATIONS - len(base) + 1):
        sets = list(model.searched_sets(candidates, size, base))
        for deviations in (
            _on_first(prepared, (tuple(candidates), size, base), sets, seen, ordered[0]) if ordered else sets
        ):
            if _reproduces(prepared, deviations, seen, ordered[1:]):
                return deviations
    return None


def _on_first(
    prepared: PreparedChallenge, key: object, sets: list[Deviations], seen: _Seen, first: int
) -> list[Deviations]:
    """The sets whose program does on call `first` what the student's code did, in order: all
    of them compared at once, in one array operation, when the student's answer is finite."""
    student = seen.report.calls[first]
    single = prepared.calls[first].function in seen.single
    runs = prepared.runs
    if not student.ok or not student.behaviour.all_finite:
        return [
            d
            for d in sets
            if same_outcome(student, outcome := runs.outcome(d, first, single))
            and not _broken(prepared, d, first, single, outcome)
        ]
    behaviour = student.behaviour
    found = _finite_answers(prepared, (key, first, single), sets, first, single).get(behaviour.shapes)
    if found is None:
        return []
    kept, models = found
    close = (np.abs(behaviour.values - models) <= ATOL + RTOL * np.abs(models)).all(axis=1)
    return [kept[i] for i in np.flatnonzero(close)]


_STACKS = 64  # stacked answers kept per challenge: the usual sets, and a few upstream bases


def _finite_answers(
    prepared: PreparedChallenge, key: object, sets: list[Deviations], first: int, single: bool
) -> dict[object, tuple[list[Deviations], np.ndarray]]:
    """The finite answers of these sets' programs to call `first`, stacked by their shapes.
    Kept when every set is of usual choices (the same for every submission), so that code
    nothing explains compares with thousands of programs in one operation, not one by one."""
    cache = prepared.runs.stacks
    if key in cache:
        return cache[key]
    rows: dict[object, tuple[list[Deviations], list[np.ndarray]]] = {}
    for deviations in sets:
        outcome = prepared.runs.outcome(deviations, first, single)
        if outcome is None or not outcome.ok or not outcome.behaviour.all_finite:
            continue  # not the student's: their answer is finite
        kept, values = rows.setdefault(outcome.behaviour.shapes, ([], []))
        kept.append(deviations)
        values.append(outcome.behaviour.values)
    stacked = {shapes: (kept, np.stack(values)) for shapes, (kept, values) in rows.items()}
    model = prepared.challenge.model
    if all(model.usual(d) for s in sets for d in s) and len(cache) < _STACKS:
        cache[key] = stacked
    return stacked


def diagnosis_order(prepared: PreparedChallenge) -> list[str]:
    """The required functions, those others call first."""
    return _upstream_first(prepared)


def _upstream_first(prepared: PreparedChallenge) -> list[str]:
    uses = prepared.challenge.model.uses
    required = prepared.challenge.required
    return sorted(required, key=lambda f: (f in uses, required.index(f)))


def _search(
    prepared: PreparedChallenge, seen: _Seen, wrong: set[int], float32: bool
) -> tuple[dict[str, Deviations], list[str], _Seen]:
    """Each wrong function's smallest reproducing set, the functions nothing reproduces, and the
    calls as compared in the end: code that names float32 but hands back float64 (a float32
    row times a float64 γ) is searched again in float32 when float64 reproduces nothing."""
    found: dict[str, Deviations] = {}
    unexplained = []
    uses = prepared.challenge.model.uses
    for function in _upstream_first(prepared):
        if function in seen.report.missing:
            continue  # told once, as the missing definition it is
        calls = _reached(seen.report, prepared.runs.calls_of[function])
        if not wrong.intersection(calls):
            continue
        upstream = frozenset().union(*(found.get(u, frozenset()) for u in uses.get(function, ())))
        match = _function_match(prepared, seen, wrong, function, calls, upstream)
        if match is None and float32 and function not in seen.single:
            single = dataclasses.replace(seen, single=seen.single | {function})
            match = _function_match(prepared, single, wrong, function, calls, upstream)
            seen = single if match is not None else seen
        if match is None:
            unexplained.append(function)
        else:
            found[function] = match - upstream if match >= upstream else match
    return found, unexplained, seen


def _function_match(
    prepared: PreparedChallenge,
    seen: _Seen,
    wrong: set[int],
    function: str,
    calls: list[int],
    upstream: Deviations,
) -> Deviations | None:
    # The probes first, in their order (computed ahead: most candidates fail on the first),
    # then the calls where the student's code went wrong.
    probes = [i for i in prepared.runs.probes(function) if i in calls]
    ordered = probes + sorted(set(calls) - set(probes), key=lambda i: i not in wrong)
    candidates = _candidates(prepared, function, seen.report, calls)
    bases = [upstream, frozenset()] if upstream else [frozenset()]
    return next(
        (m for b in bases if (m := _smallest(prepared, candidates, b, seen, ordered)) is not None),
        None,
    )


def _edit_told(
    prepared: PreparedChallenge, function: str, student: ChildReport, upstream: dict[str, Deviation]
) -> Deviation | None:
    """The mistake told for `function`'s code changing arrays it received: a function it calls
    found changing its own (`upstream`: a `layer_norm` that works in place, handed the block's Y
    or its memory, changes them through that call); else the model's choice that edits the same
    arguments as the student's code; else one whose words speak of any argument. None when no
    choice's words are true of this code (they name another argument)."""
    runs = prepared.runs
    first = next((i for i in runs.calls_of[function] if student.calls[i].args_after), None)
    if first is None:
        return None
    model = prepared.challenge.model
    called = [upstream[u] for u in model.uses.get(function, ()) if u in upstream]
    if called:
        return called[0]
    editing = [d for d in model.deviations(function) if not d.spelling and runs.edits_arguments(d)]
    slots = set(student.calls[first].args_after)
    same = (
        d
        for d in editing
        if set((runs.outcome(frozenset({d}), first) or student.calls[first]).args_after) == slots
    )
    return next(same, next((d for d in editing if not model.choice(d).argument), None))


def _explained(
    prepared: PreparedChallenge,
    seen: _Seen,
    failed: set[str],
    deviations: tuple[Deviation, ...],
    edits: dict[str, Deviation],
    by_edits: set[str],
) -> dict[str, tuple[Deviation, ...]]:
    explained: dict[str, tuple[Deviation, ...]] = {}
    telling = tuple(d for d in deviations if d not in edits.values())
    subsets = [s for size in range(1, len(telling) + 1) for s in itertools.combinations(telling, size)]
    for test, span in zip(prepared.challenge.tests, prepared.spans, strict=True):
        calls = _reached(seen.report, list(span))
        if test.id not in failed or not calls:
            continue
        if test.id in by_edits:  # it passes once the arguments' changes are left out
            explained[test.id] = tuple(
                edits[f] for f in sorted({c.function for c in test.calls}) if f in edits
            )
            continue
        # A test of one part is told a story with a mistake in that part, when one reproduces it.
        ordered = sorted(subsets, key=lambda s: not any(d.point in test.part for d in s))
        for subset in ordered:
            if _reproduces(prepared, frozenset(subset), seen, calls):
                explained[test.id] = subset
                break
    return {t: d for t, d in explained.items() if d}


def diagnose(
    prepared: PreparedChallenge,
    student: ChildReport,
    failed: set[str],
    by_edits: set[str] | None = None,
    float32: bool = False,
) -> Story:
    """The smallest known mistakes reproducing the student's code, and which of the `failed`
    tests each part of them accounts for; `by_edits`: the failed tests that pass once the
    arguments' changes are left out (`without_edits`); `float32`: the code names float32."""
    seen = _seen(prepared, student)
    wrong = _wrong_calls(prepared, seen.report)
    found, unexplained, seen = _search(prepared, seen, wrong, float32)
    edits: dict[str, Deviation] = {}
    for function in _upstream_first(prepared):  # a function's edits before its callers'
        if function in seen.edited and (told := _edit_told(prepared, function, student, edits)):
            edits[function] = told
    model = prepared.challenge.model
    order = {(c.id, c.spelling): n for n, c in enumerate(c for p in model.points for c in p.choices)}
    chosen = set().union(*found.values()) | set(edits.values())
    deviations = tuple(sorted(chosen, key=lambda d: order[(d.choice_id, d.spelling)]))
    explained = _explained(prepared, seen, failed, deviations, edits, by_edits or set())
    return Story(deviations, explained, tuple(unexplained))


def faithful(prepared: PreparedChallenge, source: str, ids: list[str]) -> bool:
    """Whether the diagnosis of `source` (trusted code) names `ids` and its own program answers every
    call `source` answered as `source` did: a diagnosis the code bears out."""
    report = prepared.run_in_process(source)
    story = diagnose(prepared, report, set())
    if sorted(d.choice_id for d in story.deviations) != sorted(ids):
        return False
    seen = _seen(prepared, report)
    reached = [i for i, c in enumerate(report.calls) if c.done]
    edits = {d for d in story.deviations if prepared.runs.edits_arguments(d)}
    return _reproduces(prepared, frozenset(story.deviations) - edits, seen, reached)
