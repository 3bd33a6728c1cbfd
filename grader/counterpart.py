"""The lesson's step a diverging line computes, found by data flow, never by order.

The student's value goes into the lesson's computation in place of each of its steps in turn
(`grader.flow`): the step it stands for is the one after which the lesson then does what the
student's code did — answers the traced call as it did, or, when a later mistake hides that,
makes the student's later values. A row of a step (code that loops) stands in for that row. A
value the function then returns as its result stands for the result. When nothing shows what the
value does, the step is the one whose inputs are the values the line reads (the lesson's steps
the student's code had already made, the call's arguments), of the value's shape; and when
there is none, no step is named: the sentence says which of the student's lines uses the value,
and what the lesson computes there.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from grader.calls import Call
from grader.codelines import Code
from grader.compare import same_outcome
from grader.flow import Flow, Run, Step
from grader.report import CallOutcome
from grader.text import Text
from grader.tracing import Traced
from grader.values import same, whole

MAX_ROWS = 32  # the rows of a step a loop's value is tried in
MAX_LATER = 24  # the student's later values a replacement is asked to make
MAX_FEEDS = 3  # the later lines that use a value asked what they compute


@dataclass(frozen=True)
class Counterpart:
    """What the student's line stands for in the lesson: `step` (with its words), or, when no
    step can be named, the later line of the student's that uses the value (`feeds_line`) and
    the step that line computes (`feeds`)."""

    step: Step | None = None
    words: Text | None = None
    feeds_line: int | None = None
    feeds: Text | None = None
    also: Text | None = None  # another of the lesson's steps the student's value is, when it is one
    row: int | None = None  # the row of the step the student's value is (code that loops)


@dataclass(frozen=True)
class Context:
    """What the search needs beside the student's values: the traced call and its outcome, the
    lesson's flow, the student's code, the [steps] words and the traced function."""

    call: Call
    index: int
    flow: Flow
    outcome: CallOutcome | None
    code: Code
    steps: dict[str, Text]

    @property
    def function(self) -> str:
        return self.call.function


def find(place: Traced, student: list[Traced], context: Context) -> Counterpart:
    """The lesson's step `place` (a value of the student's trace, or a line that raised: an empty
    value) stands for."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return _Search(place, student, context).counterpart()


def stands_for_a_step(value: Traced, student: list[Traced], context: Context) -> bool:
    """Whether the lesson, with the student's value in place of one of its steps, does what the
    student's code did: the value is a step of the computation, not scaffolding around it."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return _Search(value, student, context)._by_what_it_does() is not None


class _Search:
    def __init__(self, place: Traced, student: list[Traced], context: Context) -> None:
        self.place = place
        self.context = context
        self.lesson = context.flow.steps(context.call, context.index)
        self.student = student
        self.fresh: list[np.ndarray] | None = None
        position = next((i for i, t in enumerate(student) if t is place), len(student))
        self.before = [t for t in student[:position] if t.is_local or t.is_result]
        self.after = [t for t in student[position + 1 :] if t.is_local or t.is_result]
        self.made = {i for i, k in enumerate(self.lesson) if any(_is(t.value, k.value) for t in self.before)}

    def words(self, step: Step) -> Text | None:
        if step.is_result and step.function != self.context.function:
            return None  # a helper's result: the step that receives it has the words
        return self.context.steps.get(step.key)

    def named(self, step: Step | None, row: int | None = None) -> Counterpart | None:
        if step is None:
            return None
        words = self.words(step)
        if words is None:
            return None
        value = self.place.value
        also = next(
            (
                self.words(k)
                for k in self.lesson
                if k is not step and self.words(k) not in (None, words) and value.size and _is(value, k.value)
            ),
            None,
        )
        return Counterpart(step, words, also=also, row=row)

    def counterpart(self, feeds: bool = True) -> Counterpart:
        place = self.place
        if place.is_result and place.function == self.context.function:
            found = self.named(self._result(place.key))
            if found is not None:
                return found
        if place.value.size:
            done = self._by_what_it_does()
            found = self.named(self._returned_as()) or (self.named(*done) if done else None)
            if found is not None:
                return found
        found = self.named(self._by_inputs() or self._statistic_of_inputs())
        if found is not None:
            return found
        return self._feeds() if feeds else Counterpart()

    def _result(self, key: str | None) -> Step | None:
        """The lesson's result at `key`, as the local it returns when it returns one by name
        (atencion's `salida`)."""
        function = self.context.function
        result = next(
            (k for k in reversed(self.lesson) if k.is_result and k.function == function and k.key == key),
            None,
        )
        if result is None:
            return None
        local = next(
            (
                k
                for k in self.lesson
                if k.function == function and not k.is_result and k.value is result.value
            ),
            None,
        )
        return local if local is not None and self.words(local) is not None else result

    def _returned_as(self) -> Step | None:
        """A local of the traced function that the function returns by name (`return out`): it
        stands for the result, the buffer a loop fills as the value named before `return`."""
        place, code = self.place, self.context.code
        where = code.function_at(place.line)
        if not place.is_local or where is None or where.name != self.context.function:
            return None
        for later in self.after:
            if (
                later.is_local
                and later.name == place.name
                and place.name not in code.fills.get(later.line, set())
            ):
                return None  # the name is made again before it is returned: another value
            if not (later.is_result and later.function == where.name):
                continue
            names = code.returned_names.get(later.line, ())
            position = later.position or 0
            if position < len(names) and names[position] == place.name:
                return self._result(later.key)
        return None

    def _by_what_it_does(self) -> tuple[Step, int | None] | None:
        """The step whose replacement by the student's value (or a row of it, with that row)
        makes the lesson answer the call as the student's code did; else the one whose
        replacement makes most of the student's later values. Ties go to a step not yet made,
        then to the inputs the line reads, then to the lesson's order."""
        runs = []
        for order, step in enumerate(self.lesson):
            if self.words(step) is None:
                continue
            for value, row in self._tries(step):
                run = self.context.flow.replaced(self.context.call, step, value, row)
                runs.append((self._reproduces(run, row), order, step, row, run))
        reproducing = [r for r in runs if r[0]]
        scored = []
        for reproduced, order, step, row, run in reproducing or runs:
            later = self._later(run, step)
            if reproduced or later:
                scored.append(
                    ((reproduced, later), order not in self.made, self._fed(step)[1], -order, step, row)
                )
        if not scored:
            return None
        best = max(scored, key=lambda s: s[:4])
        return best[4], best[5]

    def _reproduces(self, run: Run, row: int | None) -> bool:
        outcome = self.context.outcome
        return outcome is not None and _answers(outcome, run.outcome, row)

    def _tries(self, step: Step) -> Iterator[tuple[np.ndarray, int | None]]:
        """The student's value as it is, in the step's shape, or as one row of the step."""
        value, lesson = self.place.value, np.asarray(step.value)
        if lesson.dtype.kind not in "fiub":
            return
        yield value, None
        if value.size == lesson.size and value.shape != lesson.shape:
            yield value.reshape(lesson.shape), None
        if lesson.ndim >= 1 and 0 < value.size < lesson.size and value.size == lesson[0].size:
            for row in range(min(lesson.shape[0], MAX_ROWS)):
                yield value.reshape(lesson.shape[1:]), row

    def _later(self, run: Run, step: Step) -> int:
        """How many of the student's later values (those that are none of the lesson's own) the
        replaced run makes after the step it replaced."""
        fresh = self._fresh()
        if not fresh:
            return 0
        start = next((i for i, k in enumerate(run.steps) if k.place == step.place), len(run.steps))
        made = [
            np.asarray(k.value, dtype=np.float64)
            for i, k in enumerate(run.steps[start + 1 :], start + 1)
            if _numeric(k.value) and not _unchanged(k, self.lesson, i)
        ]
        return sum(1 for value in fresh if any(_is(value, m) for m in made))

    def _fresh(self) -> list[np.ndarray]:
        """The student's later values that are none of the lesson's: what a replacement may make."""
        if self.fresh is None:
            plain = [np.asarray(k.value, dtype=np.float64) for k in self.lesson if _numeric(k.value)]
            later = [t.value for t in self.after[:MAX_LATER]]
            self.fresh = [v for v in later if not any(_is(v, p) for p in plain)]
        return self.fresh

    def _line_inputs(self) -> tuple[set[str], set[str]]:
        """The lesson's steps (by name) and parameters the place's line reads, as far as the
        student's values there are the lesson's."""
        code, place = self.context.code, self.place
        where = code.function_at(place.line)
        names = {n for n in _names(code, place.line)}
        keys: set[str] = set()
        for name in names:
            last = next(
                (
                    t
                    for t in reversed(self.before)
                    if t.is_local and t.name == name and code.function_at(t.line) == where
                ),
                None,
            )
            if last is not None:
                keys |= {k.key for k in self.lesson if _is(last.value, np.asarray(k.value))}
        params: set[str] = set()
        mine = code.function(self.context.function)
        theirs = self.context.flow.params.get(self.context.function, ())
        if mine is not None:
            params = {theirs[i] for i, p in enumerate(mine.params[: len(theirs)]) if p in names}
        return keys, params

    def _fed(self, step: Step) -> tuple[bool, int]:
        """Whether every input of `step` is among what the place's line reads, and how many are."""
        keys, params = self._line_inputs()
        wanted = {self.lesson[i].key for i in step.reads}
        return wanted <= keys and step.params <= params, len(wanted & keys) + len(step.params & params)

    def _by_inputs(self) -> Step | None:
        """A line that raised, so no value says what it does: the first step not yet made whose
        inputs are all what the line reads."""
        if self.place.value.size or any(t.line == self.place.line for t in self.before):
            return None  # a value: what it does said nothing; a loop's later pass: the loop is the news
        for order, step in enumerate(self.lesson):
            if order in self.made or step.is_result or self.words(step) is None:
                continue
            if self._fed(step)[0]:
                return step
        return None

    def _statistic_of_inputs(self) -> Step | None:
        """A statistic no replacement explains (the mean by columns, when the deviation is by
        columns too, so the lesson's own deviation undoes the replacement): the first step not
        yet made that reduces what the line reads, as the value does. Only a reduction: a value
        of the inputs' size may be anything (`np.exp(X)`), and is told by what it feeds."""
        place = self.place
        if not place.is_local or not place.value.size or any(t.line == place.line for t in self.before):
            return None
        for order, step in enumerate(self.lesson):
            if order in self.made or step.is_result or self.words(step) is None:
                continue
            whole = max(
                (np.size(k.value) for k in self.lesson if k.function == step.function and _numeric(k.value)),
                default=0,
            )
            reduces = 0 < np.size(step.value) < whole and place.value.size < whole
            if reduces and self._fed(step)[0]:
                return step
        return None

    def _feeds(self) -> Counterpart:
        """The first later value of the student's that the place's line feeds and whose own
        step can be named (by what it does, or as the function's result)."""
        place, code = self.place, self.context.code
        if not place.is_local:
            return Counterpart()
        readers = [t for t in self.after if t.line > place.line and code.reads(t.line, place.name)]
        for later in readers[:MAX_FEEDS]:
            step = _Search(later, self.student, self.context).counterpart(feeds=False)
            if step.words is not None:
                return Counterpart(feeds_line=later.line, feeds=step.words)
        return Counterpart()


def _numeric(value: object) -> bool:
    return isinstance(value, np.ndarray | float | np.floating) and np.asarray(value).dtype.kind in "fiub"


def _is(a: np.ndarray, r: np.ndarray) -> bool:
    return a.size > 0 and a.size == np.size(r) and _numeric(r) and whole(a, np.asarray(r, dtype=np.float64))


def _unchanged(step: Step, lesson: list[Step], index: int) -> bool:
    """A step of a replaced run that the replacement left as the lesson's own run has it."""
    if index >= len(lesson) or lesson[index].place != step.place:
        return False
    ours, theirs = np.asarray(lesson[index].value), np.asarray(step.value)
    return ours.shape == theirs.shape and bool(np.array_equal(ours, theirs, equal_nan=True))


def _answers(student: CallOutcome, model: CallOutcome | None, row: int | None) -> bool:
    if row is None or model is None or not (student.ok and model.ok):
        return same_outcome(student, model)
    if len(student.outputs) != len(model.outputs):
        return False
    for theirs, ours in zip(student.outputs, model.outputs, strict=True):
        if theirs.shape != ours.shape:
            return False
        if ours.ndim and row < ours.shape[0]:
            theirs, ours = theirs[row], ours[row]
        if not same(theirs.astype(np.float64), ours):
            return False
    return True


def _names(code: Code, line: int) -> set[str]:
    import re

    text = code.lines[line - 1] if 0 < line <= len(code.lines) else ""
    return set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text.split("#", 1)[0]))
