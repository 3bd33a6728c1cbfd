"""Which derived mistakes the hidden tests can tell: the others are left out of the model.

A derived choice is run alone on every hidden call of its function. It is left out when on every
call it does what the reference does (nothing to tell), when it raises where the reference
answers on most calls (a program that raises "reproduces" any student's exception of that type,
and two such choices together raise everywhere: a false diagnosis waiting to happen; a mistake
the lesson names, it vouches for), or when on every call it does what a choice before it does
(the lesson's own choices come first, so a derived mistake the author wrote in the lesson's
words is told in them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grader.calls import Call
from grader.compare import same_outcome
from grader.errormodel import Choice, Deviation, ErrorModel, Point
from grader.replay import Program
from grader.report import CallOutcome


@dataclass(frozen=True)
class Pruned:
    id: str
    why: str  # "untold": the reference's answers; "raises": only an exception; or the choice it repeats


def prune(
    model: ErrorModel, derived: set[str], named: set[str], calls: Sequence[Call], helpers: str
) -> tuple[tuple[Pruned, ...], ErrorModel]:
    """The derived choices the tests cannot tell, and the model without them."""
    if not derived or not calls:
        return (), model
    runs = _Runs(model, calls, helpers)
    waiting = [(p, c) for p in model.points for c in p.choices if c.id in derived and not c.spelling]
    told: dict[str, list[tuple[Point, Choice]]] = {}
    for point in model.points:  # every choice of the lesson's comes before any derived one
        if any(point.function == p.function for p, _ in waiting):
            told.setdefault(point.function, []).extend(
                (point, c) for c in point.choices if (point, c) not in waiting
            )
    pruned: list[Pruned] = []
    for point, choice in waiting:
        earlier = told.setdefault(point.function, [])
        why = _why(runs, point, choice, earlier, choice.id in named)
        if why is None:
            earlier.append((point, choice))
        else:
            pruned.append(Pruned(choice.id, why))
    dropped = {p.id for p in pruned}
    points = tuple(
        Point(p.name, p.function, p.default, tuple(c for c in p.choices if c.id not in dropped))
        for p in model.points
    )
    return tuple(pruned), ErrorModel(model.template, points, model.uses)


class _Runs:
    """The choices' programs on the calls of their function, each call run once, when asked."""

    def __init__(self, model: ErrorModel, calls: Sequence[Call], helpers: str) -> None:
        self.model = model
        self.calls = calls
        self.helpers = helpers
        self.of: dict[str, list[int]] = {}
        for index, call in enumerate(calls):
            self.of.setdefault(call.function, []).append(index)
        self._programs: dict[object, Program | None] = {}
        self._answers: dict[tuple[object, int], CallOutcome | None] = {}

    def answer(self, point: Point | None, choice: Choice | None, index: int) -> CallOutcome | None:
        key: object = None if point is None or choice is None else (point.name, choice.id, choice.spelling)
        if (key, index) not in self._answers:
            program = self._program(key, point, choice)
            self._answers[(key, index)] = None if program is None else program.answer(self.calls[index])
        return self._answers[(key, index)]

    def _program(self, key: object, point: Point | None, choice: Choice | None) -> Program | None:
        if key not in self._programs:
            deviations = (
                frozenset()
                if point is None or choice is None
                else frozenset({Deviation(point.name, choice.id, choice.value, choice.spelling)})
            )
            source = self.model.render(deviations)
            try:
                self._programs[key] = None if source is None else Program(source, self.helpers)
            except Exception:  # noqa: BLE001 a choice whose program does not even load is no mistake to tell
                self._programs[key] = None
        return self._programs[key]


def _why(
    runs: _Runs, point: Point, choice: Choice, earlier: list[tuple[Point, Choice]], named: bool
) -> str | None:
    """Why a derived choice is left out, or None to keep it; each call is run only while the
    answer is still open (most choices differ from the rest on their first calls)."""
    indices = runs.of.get(point.function, [])
    answerable = [i for i in indices if (r := runs.answer(None, None, i)) is not None and r.ok]
    if not indices:
        return "untold"
    alike = list(earlier)
    differs = False
    raised = answered = 0
    for index in indices:
        outcome = runs.answer(point, choice, index)
        if outcome is None:
            return "untold"
        reference = runs.answer(None, None, index)
        differs = differs or not _same(outcome, reference)
        if reference is not None and reference.ok:
            raised += outcome.error is not None
            answered += outcome.error is None
        alike = [(p, c) for p, c in alike if _same(outcome, runs.answer(p, c, index))]
        settled = answered > len(answerable) / 2 or (named and answered > 0)
        if differs and not alike and settled:
            return None
    if not differs:
        return "untold"
    if answered == 0 or (not named and 2 * raised >= len(answerable)):
        return "raises"
    return alike[0][1].id if alike else None


def _same(a: CallOutcome | None, b: CallOutcome | None) -> bool:
    if a is None or b is None:
        return False
    if a.error is not None and b.error is not None:
        return a.error.type == b.error.type
    return same_outcome(a, b)
