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
    rtol = 2e-4 if np.float32 in (a.dtype, r.dtype) else 1e-6
    finite = np.abs(r[np.isfinite(r)])
    scale = float(finite.max()) if finite.size else 1.0
    return rtol, rtol * max(scale, 1e-3)


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
    with np.errstate(all="ignore"):
        return [r, np.square(r), np.sqrt(r), np.reciprocal(r)] if r.dtype.kind == "f" else [r]


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
        return _diverge(call, student, lesson, source, steps)


def _diverge(
    call: Call,
    student: list[Traced],
    lesson: list[Traced],
    source: str,
    steps: dict[str, Text],
) -> Divergence | None:
    values = [t.value for t in lesson] + _inputs(call)
    place = next((t for t in student if not is_lesson(t.value, values)), None)
    if place is None:
        place = _wrong_output(student, lesson)
        if place is None:
            return None
    before = student[: next(i for i, t in enumerate(student) if t is place)]
    right = _right_steps(before, lesson, steps)
    last_right = max((t.line for t in before if t.line < place.line), default=None)
    step = _expected_step(place, student, lesson, steps)
    lines = source.splitlines()
    code = lines[place.line - 1].strip() if 0 < place.line <= len(lines) else ""
    if len(code) > MAX_CODE:
        code = code[: MAX_CODE - 1] + "…"
    return Divergence(call.function, place.line, code, right, last_right, step[0], _how(place, step[1]))


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
