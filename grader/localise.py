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
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

import numpy as np

from grader.calls import Call
from grader.checks import shape_text
from grader.text import Text, text
from grader.tracing import Traced

MAX_CODE = 100


@dataclass(frozen=True)
class Divergence:
    function: str
    line: int
    code: str  # the student's line, as written
    right: tuple[Text, ...]  # the lesson's values the code had made before that line
    last_right: int | None  # the last line that made one of them
    step: Text | None  # the lesson's value the line should have made, when one is named
    how: Text


def _tolerance(a: np.ndarray, r: np.ndarray) -> tuple[float, float]:
    """float32 keeps about seven digits; float64 code that sums in another order, or in a
    loop, still agrees to far more than the hidden tests ask (an ε of 10⁻⁵ must show)."""
    single = np.float32 in (a.dtype, r.dtype)
    rtol = 2e-4 if single else 1e-9
    finite = np.abs(r[np.isfinite(r)])
    scale = max(float(finite.max()) if finite.size else 1.0, 1e-3)
    return rtol, (2e-4 if single else 1e-11) * scale


def _same(a: np.ndarray, r: np.ndarray) -> bool:
    rtol, atol = _tolerance(a, r)
    with np.errstate(all="ignore"):
        return bool(np.allclose(a, r, rtol=rtol, atol=atol, equal_nan=True))


def _layouts(a: np.ndarray, r: np.ndarray) -> list[np.ndarray]:
    """The student's value in the reference's layout, each harmless way it may have been kept."""
    found = []
    if a.size == r.size:
        found.append(a.reshape(r.shape))
    if a.ndim == 2 and r.ndim == 2 and a.shape[::-1] == r.shape and a.shape != r.shape:
        found.append(a.T)
    return found


def _forms(r: np.ndarray) -> list[np.ndarray]:
    """A value, and for a statistic of each row (an axis of size one) its reciprocal: a student
    may keep 1/√(s² + ε) and multiply by it."""
    if r.dtype.kind != "f" or 1 not in r.shape:
        return [r]
    with np.errstate(all="ignore"):
        return [r, np.reciprocal(r)]


def is_lesson(a: np.ndarray, lesson: list[np.ndarray]) -> bool:
    """Whether the student's value is one of the lesson's, or a row or element of one."""
    for r in lesson:
        for form in _forms(r):
            if any(_same(layout, form) for layout in _layouts(a, form)):
                return True
        if 0 < a.size < r.size and r.size % a.size == 0 and r.ndim >= 1:
            rows = r.reshape(-1, a.size)
            rtol, atol = _tolerance(a, r)
            with np.errstate(all="ignore"):
                if np.any(np.all(np.isclose(rows, a.ravel(), rtol=rtol, atol=atol, equal_nan=True), axis=1)):
                    return True
        if a.shape == r.shape and _filling(a, r):
            return True
    return False


def _filling(a: np.ndarray, r: np.ndarray) -> bool:
    """A buffer being filled row by row: each row is the lesson's or still untouched (constant)."""
    if a.ndim < 2:
        return False
    rows, lesson = a.reshape(a.shape[0], -1), r.reshape(r.shape[0], -1)
    rtol, atol = _tolerance(a, r)
    with np.errstate(all="ignore"):
        right = np.all(np.isclose(rows, lesson, rtol=rtol, atol=atol, equal_nan=True), axis=1)
        untouched = np.all(rows == rows[:, :1], axis=1) & ~right
    return bool(right.any() and np.all(right | untouched))


def _outputs(trace: list[Traced]) -> dict[str, Traced]:
    """The last value returned under each return name: the traced call's own result."""
    found: dict[str, Traced] = {}
    for traced in trace:
        if traced.name.startswith("return"):
            found[traced.name] = traced
    return found


def _inputs(call: Call) -> list[np.ndarray]:
    found = call.array_args()
    for value in (*call.args, *call.kwargs.values()):
        if isinstance(value, int | float) and not isinstance(value, bool):
            found.append(np.asarray(float(value)))
    return found


def diverge(
    call: Call,
    student: list[Traced],
    lesson: list[Traced],
    source: str,
    steps: dict[str, Text],
) -> Divergence | None:
    """The first value of the student's trace that is none of the lesson's; None when every
    value is the lesson's and the call's result is the lesson's too."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # NaN and infinities in a student's values are values too
        try:
            return _diverge(call, student, lesson, source, steps)
        except (ValueError, TypeError, IndexError, OverflowError):
            return None  # values no comparison can read: no localisation rather than a guess


def _diverge(
    call: Call,
    student: list[Traced],
    lesson: list[Traced],
    source: str,
    steps: dict[str, Text],
) -> Divergence | None:
    values = [t.value for t in lesson] + _inputs(call)
    lines = source.splitlines()
    place = _first_off(student, lesson, values, lines)
    if place is None:
        place = _wrong_output(student, lesson)
        if place is None:
            return None
    before = student[: next(i for i, t in enumerate(student) if t is place)]
    right = _right_steps(before, lesson, steps)
    last_right = max((t.line for t in before if t.line < place.line), default=None)
    step = _expected_step(place, student, lesson, steps)
    code = lines[place.line - 1].strip() if 0 < place.line <= len(lines) else ""
    if len(code) > MAX_CODE:
        code = code[: MAX_CODE - 1] + "…"
    return Divergence(call.function, place.line, code, right, last_right, step[0], _how(place, step[1]))


def raised_at(function: str, line: int, error_type: str, source: str) -> Divergence:
    """Where a call raised: the line, told like any other divergence."""
    lines = source.splitlines()
    code = lines[line - 1].strip()[:MAX_CODE] if 0 < line <= len(lines) else ""
    how = text(f"ahí tu código lanza {error_type}", f"there your code raises {error_type}")
    return Divergence(function, line, code, (), None, None, how)


def _step_of(value: np.ndarray, lesson: list[Traced]) -> tuple[int, bool] | None:
    """The lesson's step this value is whole (its index), and whether in the lesson's own layout."""
    for index, step in enumerate(lesson):
        if value.shape == step.value.shape and _same(value, step.value):
            return index, True
        if any(_same(layout, step.value) for layout in _layouts(value, step.value)):
            return index, False
    return None


def _first_off(
    student: list[Traced], lesson: list[Traced], values: list[np.ndarray], lines: list[str]
) -> Traced | None:
    """The first value that is none of the lesson's, or that goes back to a step the code had
    already made (`x_hat = centred`: the division that should come is not there). A value kept
    in a harmless layout that the diverging line then uses is blamed instead: the layout was
    not harmless after all (a mean without keepdims, subtracted from the rows)."""
    made: dict[int, Traced] = {}
    reshaped: list[Traced] = []
    given = _arguments(lesson)
    seen: dict[str, int] = {}
    for traced in student:
        if _is_argument(traced):
            # What one function of the file hands another, compared with what the lesson hands
            # the same function at the same call (the signature is the challenge's).
            occurrence = seen.get(traced.name, 0)
            seen[traced.name] = occurrence + 1
            want = given.get((traced.name, occurrence))
            if want is not None and not any(_same(v, want.value) for v in _layouts(traced.value, want.value)):
                return _origin(traced, reshaped, lines)
            continue
        step = _step_of(traced.value, lesson)
        if step is not None and not lesson[step[0]].name.startswith("return"):
            if step[0] in made and made[step[0]].name != traced.name:
                return traced
            made.setdefault(step[0], traced)
            if not step[1]:
                reshaped.append(traced)
            continue
        if is_lesson(traced.value, values):
            continue
        return _origin(traced, reshaped, lines)
    return None


def _is_argument(traced: Traced) -> bool:
    return traced.name.endswith(")") and "(" in traced.name


def _arguments(lesson: list[Traced]) -> dict[tuple[str, int], Traced]:
    found: dict[tuple[str, int], Traced] = {}
    count: dict[str, int] = {}
    for traced in lesson:
        if _is_argument(traced):
            found[(traced.name, count.get(traced.name, 0))] = traced
            count[traced.name] = count.get(traced.name, 0) + 1
    return found


def _origin(place: Traced, reshaped: list[Traced], lines: list[str]) -> Traced:
    """Back from the diverging value along the values kept in another layout its line uses."""
    while True:
        code = lines[place.line - 1] if 0 < place.line <= len(lines) else ""
        earlier = [r for r in reshaped if r.line < place.line or (r is not place and r.line == place.line)]
        used = next((r for r in reversed(earlier) if r is not place and _uses(code, r.name)), None)
        if used is None:
            return place
        reshaped = [r for r in reshaped if r is not used]
        place = used


def _uses(code: str, name: str) -> bool:
    return name.isidentifier() and re.search(rf"\b{re.escape(name)}\b", code) is not None


def _wrong_output(student: list[Traced], lesson: list[Traced]) -> Traced | None:
    """A returned value that is another of the lesson's values than the result (x̂ for γ ⊙ x̂ + β)."""
    theirs, ours = _outputs(student), _outputs(lesson)
    for name, traced in theirs.items():
        want = ours.get(name)
        if want is None or not any(
            _same(layout, want.value) for layout in _layouts(traced.value, want.value)
        ):
            return traced
    return None


def _right_steps(before: list[Traced], lesson: list[Traced], steps: dict[str, Text]) -> tuple[Text, ...]:
    """The lesson's named values the student's code had made, in the lesson's order."""
    found = []
    for step in lesson:
        words = steps.get(step.name)
        if words is None or words in found or step.name.startswith("return"):
            continue
        if any(_same(layout, step.value) for t in before for layout in _layouts(t.value, step.value)):
            found.append(words)
    return tuple(found)


def _expected_step(
    place: Traced, student: list[Traced], lesson: list[Traced], steps: dict[str, Text]
) -> tuple[Text | None, Traced | None]:
    """The lesson's value the diverging line stands for: the result for a returned value, else
    the first named value of that shape the student's code never made."""
    if place.name.startswith("return"):
        want = _outputs(lesson).get(place.name)
        return (steps.get(place.name) if want is not None else None), want
    made = [t.value for t in student]
    for step in lesson:
        if (
            step.name in steps
            and step.value.shape == place.value.shape
            and not any(is_lesson(v, [step.value]) for v in made)
        ):
            return steps[step.name], step
    for step in lesson:
        if step.name in steps and not any(is_lesson(v, [step.value]) for v in made):
            return steps[step.name], step
    return None, None


def _called(place: Traced) -> Text:
    if place.name.startswith("return"):
        return text("lo que devuelve", "what it returns")
    return text(f"tu {place.name}", f"your {place.name}")


def _how(place: Traced, want: Traced | None) -> Text:
    got = place.value
    called = _called(place)
    if want is None:
        return text(
            f"{called.es} no es ninguno de los valores de la lección",
            f"{called.en} is none of the lesson's values",
        )
    if got.size != want.value.size:
        return text(
            f"{called.es} tiene forma {shape_text(got.shape)} y el valor de la lección, {shape_text(want.value.shape)}",
            f"{called.en} has shape {shape_text(got.shape)}, the lesson's value has {shape_text(want.value.shape)}",
        )
    with np.errstate(all="ignore"):
        off = float(np.nanmax(np.abs(got.reshape(want.value.shape).astype(float) - want.value)))
    return text(
        f"{called.es} se aleja hasta {off:.3g} del valor de la lección",
        f"{called.en} is off from the lesson's value by up to {off:.3g}",
    )
