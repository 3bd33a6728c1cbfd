"""Where the student's computation leaves the lesson's: the first value the lesson never makes.

The reference runs in the parent under the same line tracer, on the same call, and its values
after each line are the lesson's intermediates (μ_t, s_t², x̂…; H, F…; the scores, the weights).
Walking the student's values in the order its code made them, each either is one of the
lesson's — within a tolerance fitted to the dtype, up to a harmless layout: a kept or dropped
axis of size one, a transpose, the reciprocal, the square or the root; for code that loops, a
row or an element of one — or is not. The first that is not, and the line that made it, is
where the computation leaves the lesson; what came before is what the student got right. It
needs no catalogue: it works for a mistake nobody listed, and for arithmetic nonsense it is the
honest answer. Feedback only: no verdict depends on it.

A value accepted only loosely — in another layout, a buffer not yet filled or filled part way,
an input copied under the name of a lesson's step, an element of a lesson's value — is where the
computation parts when the line that diverges (or raises) uses it: the layout was not harmless,
the loop stopped short, the copy was no working copy. A few places make no value of their own and
are read off the code (`grader.codelines`): a default in the `def`, an `if` whose body never ran
and a line that ran and changed nothing where the lesson updates a value, the line that uses an
input the lesson had used earlier, the call of a helper of the student's own that worked before.
"""

from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from grader import telling
from grader.calls import Call
from grader.codelines import Code, read
from grader.counterpart import Context, Counterpart, find, stands_for_a_step
from grader.flow import Flow
from grader.report import CallOutcome
from grader.sandbox.inside.tracer import Kind
from grader.text import Text, text
from grader.tracing import Traced, is_local_key
from grader.values import FILLING, PART, WHOLE, constant, layouts, lesson_kind, same, same_as_a_row, whole

MAX_CODE = 100


@dataclass(frozen=True)
class Sources:
    student: str
    reference: str


@dataclass(frozen=True)
class Divergence:
    function: str
    line: int
    code: str  # the student's line, as written
    right: tuple[Text, ...]  # the lesson's values the code had made before that line
    last_right: int | None  # the last line that made one of them
    step: Text | None  # the lesson's step the line computes, when one is named
    how: Text
    at_first_step: bool = False  # nothing was the lesson's before, and the line is its first step


def _outputs(trace: list[Traced]) -> dict[str | None, Traced]:
    """The last value returned at each position: the traced call's own result."""
    found: dict[str | None, Traced] = {}
    for traced in trace:
        if traced.is_result:
            found[traced.key] = traced
    return found


def _inputs(call: Call) -> list[np.ndarray]:
    found = call.array_args()
    for value in (*call.args, *call.kwargs.values()):
        if isinstance(value, int | float) and not isinstance(value, bool):
            found.append(np.asarray(float(value)))
    return found


def _split(trace: list[Traced]) -> tuple[list[Traced], set[int]]:
    """The values, and the lines the call executed."""
    values = [t for t in trace if t.kind is not Kind.LINES]
    ran = {int(n) for t in trace if t.kind is Kind.LINES for n in t.value.ravel()}
    return values, ran


def diverge(
    call: Call,
    student: list[Traced],
    lesson: list[Traced],
    sources: Sources,
    steps: dict[str, Text],
    raised: tuple[int, str] | None = None,
    flow: Flow | None = None,
    traced: tuple[int, CallOutcome | None] | None = None,
) -> Divergence | None:
    """The first value of the student's trace that is none of the lesson's; None when every
    value is the lesson's and the call's result is the lesson's too. `raised`: the line and type
    of what the traced call raised, when it raised; `flow` and `traced` (the call's index and
    what the student's code answered): what names the lesson's step the line computes."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # NaN and infinities in a student's values are values too
        try:
            return _diverge(call, student, lesson, sources, steps, raised, flow, traced)
        except (ValueError, TypeError, IndexError, OverflowError):
            return None  # values no comparison can read: no localisation rather than a guess


def _diverge(
    call: Call,
    trace: list[Traced],
    lesson_trace: list[Traced],
    sources: Sources,
    steps: dict[str, Text],
    raised: tuple[int, str] | None,
    flow: Flow | None,
    traced: tuple[int, CallOutcome | None] | None,
) -> Divergence | None:
    student, ran = _split(trace)
    lesson, _ = _split(lesson_trace)
    code = read(sources.student)
    walk = _Walk(student, lesson, _inputs(call), call.array_args(), code, steps)
    context = None
    if flow is not None and traced is not None:
        context = Context(call, traced[0], flow, traced[1], code, steps)
        walk.is_step = functools.partial(stands_for_a_step, student=student, context=context)
    found = walk.first_off()
    how: Text | None = None
    cut = walk.index
    judged: Traced | None = found  # the value whose counterpart is named
    if found is not None:
        place = _Places(walk, code, read(sources.reference), ran, call.function).refine(found)
        judged = walk.origins.get(id(place), place)
    elif raised is not None:
        place = walk.before_raise(raised[0])
        judged = walk.origins.get(id(place), place)
        cut = len(student)
    else:
        output = _wrong_output(student, lesson)
        if output is None:
            return None
        place = judged = output
    before = student[: next((i for i, t in enumerate(student) if t is place), cut)]
    right = _right_steps(before, lesson, steps)
    last_right = max((t.line for t in before if t.line < place.line), default=None)
    lines = code.lines
    text_of = lines[place.line - 1].strip() if 0 < place.line <= len(lines) else ""
    if len(text_of) > MAX_CODE:
        text_of = text_of[: MAX_CODE - 1] + "…"
    counterpart = Counterpart()
    if context is not None and not (place.is_edit or place.is_argument):
        counterpart = find(judged, student, context)
    found_at = Divergence(call.function, place.line, text_of, right, last_right, None, text("", ""))
    first = _first_step(lesson, steps)
    if raised is not None and found is None and place.line == raised[0] and not place.value.size:
        return _told_with(found_at, counterpart, telling.raises(raised[1], counterpart.words), first)
    how = walk.told.get(id(place))
    if how is not None:
        return _told_with(found_at, counterpart, how, first)
    if place.is_edit:
        made = _handed(place, flow, traced, call, steps)  # what the edit makes, when it is a step
        return replace(found_at, how=telling.edited(place, made.words), step=made.words)
    if place.is_argument:
        want = walk.wanted(place)
        handed = _handed(want, flow, traced, call, steps) if want is not None else Counterpart()
        given = telling.given(
            place,
            want,
            handed.words or _words_of_input(want, call, flow),
            _as_input(place.value, call, flow),
        )
        return _told_with(found_at, handed, given, first)
    return _told_with(found_at, counterpart, telling.differs(place, counterpart, call.function), first)


def _told_with(divergence: Divergence, counterpart: Counterpart, how: Text, first: str | None) -> Divergence:
    """The divergence with its step; at the lesson's first step when nothing before was the
    lesson's and the line computes that first step."""
    step = counterpart.step
    key = step.key if step is not None and counterpart.words is not None else None
    at_first = not divergence.right and key is not None and key == first
    return replace(divergence, step=counterpart.words, how=how, at_first_step=at_first)


def _first_step(lesson: list[Traced], steps: dict[str, Text]) -> str | None:
    """The [steps] name of the first value the lesson's traced function makes."""
    return next((t.name for t in lesson if t.is_local and t.name in steps), None)


def _handed(
    want: Traced,
    flow: Flow | None,
    traced: tuple[int, CallOutcome | None] | None,
    call: Call,
    steps: dict[str, Text],
) -> Counterpart:
    """The lesson's step `want` is whole (what it hands a function as that argument, X +
    atencion(X) to layer_norm; what an edit in place makes)."""
    if flow is None or traced is None or not want.value.size:
        return Counterpart()
    for step in flow.steps(call, traced[0]):
        if step.is_result or not isinstance(step.value, np.ndarray):
            continue
        words = steps.get(step.key)
        if words is not None and step.value.shape == want.value.shape and same(want.value, step.value):
            return Counterpart(step, words)
    return Counterpart()


def _words_of_input(want: Traced | None, call: Call, flow: Flow | None) -> Text | None:
    """The lesson hands the function one of the call's inputs (`p["gamma1"]`): its name."""
    name = _as_input(want.value, call, flow) if want is not None and want.value.size else None
    return Text(name, name) if name is not None else None


def _as_input(value: np.ndarray, call: Call, flow: Flow | None) -> str | None:
    """How the lesson names the traced call's input `value` is, as it came (`X`, `p["gamma2"]`)."""
    params = flow.params.get(call.function, ()) if flow is not None else ()
    for name, given in zip(params, call.args, strict=False):
        items = given.items() if isinstance(given, dict) else [(None, given)]
        for key, item in items:
            if isinstance(item, np.ndarray) and item.shape == value.shape and np.array_equal(item, value):
                return name if key is None else f'{name}["{key}"]'
    return None


def raised_at(function: str, line: int, error_type: str, source: str) -> Divergence:
    """Where a call raised: the line, told like any other divergence."""
    lines = source.splitlines()
    code = lines[line - 1].strip()[:MAX_CODE] if 0 < line <= len(lines) else ""
    return Divergence(function, line, code, (), None, None, telling.raises(error_type, None))


def _step_of(value: np.ndarray, lesson: list[Traced]) -> tuple[int, bool] | None:
    """The lesson's step this value is whole (its index), and whether in the lesson's own layout;
    a step the lesson names rather than a function's result, when it is both (H is layer_norm's
    result too)."""
    found = None
    for index, step in enumerate(lesson):
        if step.is_argument:
            continue
        if value.shape == step.value.shape and same(value, step.value):
            match = (index, True)
        elif any(same(layout, step.value) for layout in layouts(value, step.value)):
            match = (index, False)
        else:
            continue
        if not step.is_result:
            return match
        found = found or match
    return found


@dataclass
class _Loose:
    """A value the walk let pass that a diverging line may prove wrong: where to blame then."""

    traced: Traced
    blame: Traced
    on_raise_only: bool = False


class _Walk:
    """The student's values in the order its code made them, against the lesson's."""

    def __init__(
        self,
        student: list[Traced],
        lesson: list[Traced],
        inputs: list[np.ndarray],
        call_inputs: list[np.ndarray],
        code: Code,
        steps: dict[str, Text],
    ) -> None:
        self.student = student
        self.lesson = lesson
        self.values = [t.value for t in lesson] + inputs
        self.call_inputs = call_inputs
        self.code = code
        self.steps = steps
        self.step_names = {name for name in steps if is_local_key(name)}
        self.given = _grouped(lesson)
        self.calls = _calls(student)
        self.made: dict[int, Traced] = {}
        self.loose: dict[str, _Loose] = {}
        self.told: dict[int, Text] = {}  # what a place the values do not make plainly is, by its id
        self.origins: dict[int, Traced] = {}  # a place moved to another line -> the value it was
        self.is_step: Callable[[Traced], bool] | None = None  # a value stands for a lesson's step
        self.index = 0

    def moved(self, value: Traced, line: int) -> Traced:
        """The place `value` is blamed at, on another line."""
        place = replace(value, line=line)
        self.origins[id(place)] = self.origins.get(id(value), value)
        return place

    def _words(self, step: Traced) -> Text | None:
        return self.steps.get(step.key or "")

    def wanted(self, argument: Traced) -> Traced | None:
        """What the lesson hands the same function, at the same call, for the same parameter."""
        call = self.calls.get(id(argument))
        return self.given.get(call, {}).get(argument.name) if call is not None else None

    def first_off(self) -> Traced | None:
        """The first value that is none of the lesson's, or that goes back to a step the code had
        already made (`x_hat = centred`: the division that should come is not there), or an
        input changed in place."""
        for index, traced in enumerate(self.student):
            self.index = index
            if traced.is_edit:
                return traced
            if traced.is_argument:
                # What one function of the file hands another (or the traced call gets, its
                # defaults included), against what the lesson hands it at the same call.
                given = self._given_off(traced)
                if given is not None:
                    return given if given is not traced else self.origin(traced)
                continue
            off = self._judge(traced)
            if off:
                return self.origin(traced)
            if off is None:
                return traced
        return None

    def _given_off(self, traced: Traced) -> Traced | None:
        """An argument that is not the lesson's, or, at a call's first argument, a parameter the
        lesson hands an array that this call does not (`layer_norm(x, p, …)`: a dict for γ)."""
        call = self.calls[id(traced)]
        lesson = self.given.get(call)
        if lesson is None:
            return None
        first = next(t for t in self.student if self.calls.get(id(t)) == call)
        if first is traced:
            names = {t.name for t in self.student if self.calls.get(id(t)) == call}
            missing = [name for name in lesson if name not in names]
            if missing:
                return replace(traced, name=missing[0], value=np.zeros(0))
        want = lesson.get(traced.name)
        if want is not None and not any(same(v, want.value) for v in layouts(traced.value, want.value)):
            return traced
        return None

    def _judge(self, traced: Traced) -> bool | None:
        """False when the value may pass, True when it is off, None when it is off right here
        (no earlier value to blame)."""
        step = _step_of(traced.value, self.lesson)
        if step is not None and not self.lesson[step[0]].is_result:
            self.loose.pop(traced.name, None)
            if traced.is_result:
                # A function's result: the caller names it; but arithmetic that gives back a step
                # the function had already made (`return ex / ex.max()`) is the step that is not there.
                if step[0] in self.made and traced.line in self.code.computed_returns:
                    self.told[id(traced)] = telling.gives_back(self._words(self.lesson[step[0]]))
                    return None
                return False
            if step[0] in self.made and self.made[step[0]].name != traced.name:
                return None
            self.made.setdefault(step[0], traced)
            if not step[1]:
                self.loose[traced.name] = _Loose(traced, traced)
            return False
        if step is not None:
            self.loose.pop(traced.name, None)
            return False
        if _copies_input(traced, self.call_inputs):
            if self.made:
                return None  # an input again where the lesson goes on computing (`centred = X`)
            if traced.name in self.step_names:  # `scores = Q`: no working copy, a step left out
                self.loose[traced.name] = _Loose(traced, traced)
                self.told[id(traced)] = text(
                    f"tu {traced.name} es una de las entradas tal cual: falta el paso de la lección",
                    f"your {traced.name} is one of the inputs as it was: the lesson's step is missing",
                )
            return False
        kind = lesson_kind(traced.value, self.values, self.call_inputs)
        if kind == WHOLE:
            self.loose.pop(traced.name, None)
            return False
        if kind == FILLING:
            loop = self.code.loops.get(traced.line)
            blame = self.moved(traced, loop) if loop is not None else traced
            self.loose[traced.name] = _Loose(traced, blame)
            if loop is not None:
                self.told[id(blame)] = text(
                    f"tu {traced.name} se queda con filas que este bucle nunca calcula",
                    f"your {traced.name} is left with rows this loop never computes",
                )
            return False
        if kind == PART:
            self.loose[traced.name] = _Loose(traced, traced, on_raise_only=True)
            return False
        if constant(traced.value) or self._filled_later(traced):
            self.loose[traced.name] = _Loose(traced, traced)
            return False
        # Indices, counts, a triangle of ones, a boolean condition: scaffolding that the lines
        # making the lesson's values use, unless it stands for a step itself (`pesos = np.eye(T)`).
        scaffolding = traced.is_local and (traced.integral or _whole_numbers(traced.value))
        return not scaffolding or (self.is_step is not None and self.is_step(traced))

    def _filled_later(self, traced: Traced) -> bool:
        """A buffer made to be filled (`np.empty_like(X)`: whatever was in memory), told by
        what the code does next with it: assigns into it."""
        later = next(
            (t for t in self.student[self.index + 1 :] if t.is_local and t.name == traced.name), None
        )
        return (
            later is not None
            and later.line != traced.line
            and traced.name in self.code.fills.get(later.line, set())
        )

    def origin(self, place: Traced, raising: bool = False) -> Traced:
        """Back from the diverging value along the loose values its line uses."""
        loose = dict(self.loose)
        while True:
            used = next(
                (
                    entry
                    for entry in loose.values()
                    if entry.traced is not place
                    and entry.traced.name != place.name
                    and (raising or not entry.on_raise_only)
                    and entry.traced.line <= place.line
                    # a loop's earlier pass of the raising line made it: the raise is the news
                    and not (raising and entry.traced.line == place.line)
                    and _uses(self._line(place.line), entry.traced.name)
                ),
                None,
            )
            if used is None:
                return place
            loose.pop(used.traced.name)
            place, raising = used.blame, False

    def before_raise(self, line: int) -> Traced:
        """Where a call that raised at `line` parts, when none of its values did: a loose value
        the raising line uses, or that line (an empty value)."""
        return self.origin(Traced(line, Kind.LOCAL, np.zeros(0)), raising=True)

    def _line(self, line: int) -> str:
        lines = self.code.lines
        return lines[line - 1] if 0 < line <= len(lines) else ""


def _whole_numbers(value: np.ndarray) -> bool:
    return bool(np.isfinite(value).all() and (value == np.round(value)).all())


def _copies_input(traced: Traced, inputs: list[np.ndarray]) -> bool:
    value = traced.value
    return value.size > 1 and any(
        np.array_equal(layout, i) for i in inputs for layout in layouts(value, i) if layout.shape == i.shape
    )


def _calls(trace: list[Traced]) -> dict[int, tuple[str, int]]:
    """Each argument record's call: its function and which of that function's calls it is (the
    arguments of one call are recorded together, on the caller's line)."""
    found: dict[int, tuple[str, int]] = {}
    count: dict[str, int] = {}
    previous: Traced | None = None
    for traced in trace:
        if traced.is_argument:
            function = traced.function
            same = (
                previous is not None
                and previous.is_argument
                and previous.line == traced.line
                and previous.function == function
                and previous.name != traced.name
            )
            if not same:
                count[function] = count.get(function, 0) + 1
            found[id(traced)] = (function, count[function] - 1)
        previous = traced
    return found


def _grouped(lesson: list[Traced]) -> dict[tuple[str, int], dict[str, Traced]]:
    found: dict[tuple[str, int], dict[str, Traced]] = {}
    calls = _calls(lesson)
    for traced in lesson:
        call = calls.get(id(traced))
        if call is not None:
            found.setdefault(call, {})[traced.name] = traced
    return found


def _uses(code: str, name: str) -> bool:
    return name.isidentifier() and re.search(rf"\b{re.escape(name)}\b", code) is not None


class _Places:
    """Where a divergence found by value really lies, when the code shows another place."""

    def __init__(self, walk: _Walk, code: Code, reference: Code, ran: set[int], function: str) -> None:
        self.walk = walk
        self.code = code
        self.reference = reference
        self.ran = ran
        self.function = function

    def refine(self, place: Traced) -> Traced:
        if place.is_edit or place.is_argument or place not in self.walk.student:
            return place
        return self._helper_call(place) or self._stale(place) or self._misplaced(place) or place

    def _told(self, place: Traced, how: Text) -> Traced:
        self.walk.told[id(place)] = how
        return place

    def _helper_call(self, place: Traced) -> Traced | None:
        """A helper of the student's own (no function of the lesson: a `def` or a `lambda`)
        that gave the lesson's values before and now returns none: it was right, calling it
        here is the mistake, on the line that calls it."""
        function = place.function
        if not place.is_result or function == self.function:
            return None
        lesson_functions = {t.function for t in self.walk.lesson if t.is_argument}
        if function in lesson_functions:
            return None
        before = self.walk.student[: self.walk.student.index(place)]
        worked = any(
            t.is_result and t.function == function and _step_of(t.value, self.walk.lesson) is not None
            for t in before
        )
        call = next((t for t in reversed(before) if t.is_argument and t.function == function), None)
        if not worked or call is None:
            return None
        name = self._helper_name(place)
        how = text(
            f"tu {name} da los valores de la lección donde la lección lo usa, pero aquí la lección no lo aplica",
            f"your {name} gives the lesson's values where the lesson uses it, but the lesson does not apply it here",
        )
        return self._told(self.walk.moved(place, call.line), how)

    def _helper_name(self, place: Traced) -> str:
        """A helper as the student named it: a lambda by the name it is bound to (`relu = lambda …`)."""
        bound = self.code.assigns.get(place.line, set())
        if place.function == "<lambda>" and len(bound) == 1:
            return next(iter(bound))
        return place.function

    def _misplaced(self, place: Traced) -> Traced | None:
        """A buffer filled under an `if` with the lesson's values in other cells (−∞ below the
        diagonal): the assignment is right, the condition that chooses the cells is not. Under a
        loop alone the assignment's own subscript may choose them (`M[i, i + 2:]`): it stays."""
        if not place.is_local or place.name not in self.code.fills.get(place.line, set()):
            return None
        condition = self.code.ifs.get(place.line)
        if condition is None or condition < self.code.loops.get(place.line, 0) or place.value.size == 0:
            return None
        values = set(np.unique(place.value).tolist())
        lesson = next(
            (
                step.value
                for step in self.walk.lesson
                if step.value.shape == place.value.shape and values <= set(np.unique(step.value).tolist())
            ),
            None,
        )
        if lesson is None:
            return None
        final = next(t for t in reversed(self.walk.student) if t.is_local and t.name == place.name)
        cells = telling.difference(final.value, lesson)
        how = text(
            f"al final tu {place.name} {cells.es}, y esta condición es la que decide qué casillas se escriben",
            f"in the end your {place.name} {cells.en}, and this condition is what decides which cells are written",
        )
        return self._told(self.walk.moved(place, condition), how)

    def _stale(self, place: Traced) -> Traced | None:
        """A value the lesson goes on updating (the scores, masked) that the student's code
        used as it was: the place is the update that never happened — an `if` whose body did
        not run, a line that ran and changed nothing — or the line that uses the input the
        lesson's update uses, later than the lesson."""
        student = self.walk.student
        index = student.index(place)
        for name in sorted(_names(self.code, place.line)):
            last = self._read(name, place, index)
            if last is None:
                continue
            step = _step_of(last.value, self.walk.lesson)
            update = _update(self.walk.lesson, step[0]) if step is not None else None
            if update is None or any(
                _step_of(t.value, self.walk.lesson) == (update, True) for t in student[:index]
            ):
                continue
            found = self._unchanged(last, student[:index]) or self._skipped(name, last.line, place.line)
            found = found or self._late_input(self.walk.lesson[update].line, last.line)
            if found is not None:
                how = text(
                    f"la lección cambia {name} antes de usarlo y tu código lo usa tal cual (en la línea {place.line})",
                    f"the lesson changes {name} before using it, and your code uses it as it was (on line {place.line})",
                )
                return self._told(self.walk.moved(place, found), how)
        return None

    def _read(self, name: str, place: Traced, index: int) -> Traced | None:
        """The value `name` held when the place's line read it: its last record in the same
        function, or, for a parameter of a helper not yet remade there, what the helper was
        handed (`E = E - E.max()` on the scores a `softmax(E)` was given). The line's own
        update of a name made in its function is not a read."""
        student = self.walk.student
        where = self.code.function_at(place.line)
        last = next((t for t in reversed(student[:index]) if t.is_local and t.name == name), None)
        if last is not None and self.code.function_at(last.line) == where:
            return last if not (place.is_local and name == place.name) else None
        if where is None or where.name == self.function or name not in where.params:
            return None
        return next(
            (
                t
                for t in reversed(student[:index])
                if t.is_argument and t.function == where.name and t.name == name
            ),
            None,
        )

    def _unchanged(self, last: Traced, before: list[Traced]) -> int | None:
        """A line that remade the value as it was (`E = E * 1.0`) where the lesson updates it."""
        prior = next(
            (
                t
                for t in reversed(before)
                if t.kind is last.kind
                and t.name == last.name
                and t.function == last.function
                and t is not last
            ),
            None,
        )
        if prior is not None and prior.line != last.line and np.array_equal(prior.value, last.value):
            return last.line
        return None

    def _skipped(self, name: str, after: int, before: int) -> int | None:
        for line in range(after + 1, before):
            if name not in self.code.assigns.get(line, set()):
                continue
            if line in self.ran:
                return line  # ran, and left the value as it was
            header = self.code.ifs.get(line)
            if header is not None and header in self.ran:
                return header  # its `if` chose not to run it
        return None

    def _late_input(self, lesson_line: int, after: int) -> int | None:
        """The line of the student's code that first uses, after `after`, the input the
        lesson's update uses (the mask, applied to the weights rather than the scores)."""
        ours = self.reference.function_at(lesson_line)
        theirs = self.code.function(ours.name) if ours is not None else None
        if theirs is None or ours is None:
            return None
        for position, param in enumerate(ours.params):
            if position >= len(theirs.params) or not self.reference.reads(lesson_line, param):
                continue
            mine = theirs.params[position]
            for line in range(after + 1, theirs.last + 1):
                if line in self.ran and line in self.code.simple and self.code.reads(line, mine):
                    return line
        return None


def _update(lesson: list[Traced], step: int) -> int | None:
    """The lesson's next value under the same name in the same call (E, then E masked)."""
    for j in range(step + 1, len(lesson)):
        if lesson[j].is_result:
            return None
        if lesson[j].is_local and lesson[j].name == lesson[step].name:
            return j
    return None


def _names(code: Code, line: int) -> set[str]:
    text = code.lines[line - 1] if 0 < line <= len(code.lines) else ""
    return set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text.split("#", 1)[0]))


def _wrong_output(student: list[Traced], lesson: list[Traced]) -> Traced | None:
    """A returned value that is another of the lesson's values than the result (x̂ for γ ⊙ x̂ + β)."""
    theirs, ours = _outputs(student), _outputs(lesson)
    for name, traced in theirs.items():
        want = ours.get(name)
        if want is None or not any(same(layout, want.value) for layout in layouts(traced.value, want.value)):
            return traced
    return None


def _right_steps(before: list[Traced], lesson: list[Traced], steps: dict[str, Text]) -> tuple[Text, ...]:
    """The lesson's named values the student's code had made, in the lesson's order."""
    found = []
    for step in lesson:
        words = steps.get(step.name) if step.is_local else None
        if words is None or words in found:
            continue
        if any(whole(t.value, step.value) or _row_of(t.value, step.value) for t in before):
            found.append(words)
    return tuple(found)


def _row_of(value: np.ndarray, step: np.ndarray) -> bool:
    """A row of a step of several rows (code that loops: the row's mean, its normalised row)."""
    if step.ndim < 1 or step.shape[0] < 2 or value.size != step[0].size:
        return False
    return same_as_a_row(value, step.reshape(step.shape[0], -1))
