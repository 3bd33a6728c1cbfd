"""How a divergence is told: the clause after "Line 6, `…`, is where they part:".

Spanish first, English the same idea. Each clause says what the student's line stands for in the
lesson (the step by data flow, `grader.counterpart`) and how its value differs from that step's,
in words a tutor would use: a shape, infinities or NaN where the lesson's values are finite, the
lesson's values in other cells, or by how much.
"""

from __future__ import annotations

import numpy as np

from grader.checks import shape_text
from grader.counterpart import Counterpart
from grader.text import Text, text
from grader.tracing import Traced

MAX_LISTED = 4  # distinct values named when a value holds the lesson's values in other cells


def subject(place: Traced, traced_function: str) -> Text:
    """The student's value as the sentence names it."""
    if place.is_result and place.function == traced_function:
        return text("lo que devuelves", "what you return")
    if place.is_result:
        return text(f"lo que devuelve tu {place.function}", f"what your {place.function} returns")
    if place.is_argument:
        return text(
            f"lo que tu {place.function} recibe como {place.name}",
            f"what your {place.function} gets as {place.name}",
        )
    return text(f"tu {place.name}", f"your {place.name}")


def differs(place: Traced, counterpart: Counterpart, traced_function: str) -> Text:
    who = subject(place, traced_function)
    step = counterpart.step
    if step is None or counterpart.words is None:
        return _none_of_the_lessons(who, counterpart)
    words = counterpart.words
    if counterpart.also is not None:
        also = counterpart.also
        return text(
            f"ahí calculas {words.es}, pero {who.es} coincide con {also.es}",
            f"there you compute {words.en}, but {who.en} is {also.en}",
        )
    want = np.asarray(step.value, dtype=np.float64)
    row = counterpart.row
    how = difference(place.value, want if row is None else want[row], row)
    return text(
        f"ahí calculas {words.es}, pero {who.es} {how.es}",
        f"there you compute {words.en}, but {who.en} {how.en}",
    )


def _none_of_the_lessons(who: Text, counterpart: Counterpart) -> Text:
    if counterpart.feeds is None or counterpart.feeds_line is None:
        return text(
            f"{who.es} no es ninguno de los valores que calcula la lección",
            f"{who.en} is none of the values the lesson computes",
        )
    line, feeds = counterpart.feeds_line, counterpart.feeds
    return text(
        f"{who.es} no es ninguno de los valores que calcula la lección; lo usa la línea {line}, donde la lección calcula {feeds.es}",
        f"{who.en} is none of the values the lesson computes; line {line} uses it, where the lesson computes {feeds.en}",
    )


def difference(got: np.ndarray, want: np.ndarray, row: int | None = None) -> Text:
    """How the student's value differs from the lesson's step (or from its row `row`), as a
    predicate ("has shape …")."""
    if got.size == 1 and want.size > 1:
        return text(
            f"es un solo número, y el valor de la lección tiene forma {shape_text(want.shape)}",
            f"is a single number, where the lesson's has shape {shape_text(want.shape)}",
        )
    if got.size != want.size:
        return text(
            f"tiene forma {shape_text(got.shape)} y el valor de la lección, {shape_text(want.shape)}",
            f"has shape {shape_text(got.shape)}, where the lesson's has {shape_text(want.shape)}",
        )
    if got.shape != want.shape and np.allclose(
        got.reshape(want.shape), want, rtol=1e-6, atol=1e-12, equal_nan=True
    ):
        return text(
            f"tiene los valores de la lección con forma {shape_text(got.shape)} en lugar de {shape_text(want.shape)}",
            f"has the lesson's values in shape {shape_text(got.shape)} instead of {shape_text(want.shape)}",
        )
    transposed = got.ndim == 2 and got.shape[::-1] == want.shape and got.shape != want.shape
    if transposed and np.allclose(got.T, want, rtol=1e-6, atol=1e-12, equal_nan=True):
        return text("es el valor de la lección, traspuesto", "is the lesson's value, transposed")
    values = got.reshape(want.shape).astype(np.float64)
    told = _not_finite(values, want) or _other_cells(values, want)
    if told is not None:
        return told
    with np.errstate(all="ignore"):
        off = float(np.nanmax(np.abs(values - want)))
    if row is not None:
        return text(
            f"difiere del valor de la lección (su fila {row}) hasta en {off:.3g}",
            f"differs from the lesson's (its row {row}) by up to {off:.3g}",
        )
    return text(
        f"difiere del valor de la lección hasta en {off:.3g}",
        f"differs from the lesson's by up to {off:.3g}",
    )


def _kinds(values: np.ndarray) -> tuple[Text, ...]:
    found = []
    if np.isposinf(values).any():
        found.append(text("inf", "inf"))
    if np.isneginf(values).any():
        found.append(text("−∞", "−∞"))
    if np.isnan(values).any():
        found.append(text("NaN", "NaN"))
    return tuple(found)


def _joined(parts: tuple[Text, ...]) -> Text:
    es = ", ".join(p.es for p in parts[:-1]) + (" y " if len(parts) > 1 else "") + parts[-1].es
    en = ", ".join(p.en for p in parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1].en
    return Text(es, en)


def _not_finite(got: np.ndarray, want: np.ndarray) -> Text | None:
    """Infinities or NaN where the lesson's values are finite, or finite values where the lesson
    has −∞ (a score it strikes out)."""
    lesson_finite = np.isfinite(want)
    theirs = got[lesson_finite & ~np.isfinite(got)]
    if theirs.size:
        what = _joined(_kinds(theirs))
        return text(
            f"tiene {what.es} donde los valores de la lección son finitos",
            f"has {what.en} where the lesson's values are finite",
        )
    ours = want[~lesson_finite & np.isfinite(got)]
    if ours.size:
        what = _joined(_kinds(ours))
        return text(
            f"tiene valores finitos donde la lección tiene {what.es}",
            f"has finite values where the lesson has {what.en}",
        )
    return None


def _number(value: float) -> str:
    if np.isposinf(value):
        return "inf"
    if np.isneginf(value):
        return "−∞"
    return f"{value:g}"


def _other_cells(got: np.ndarray, want: np.ndarray) -> Text | None:
    """The lesson's few values (a mask's 0 and −∞), in other cells: which, and how many."""
    kept = np.unique(want[~np.isnan(want)])
    if got.ndim != 2 or not 0 < kept.size <= MAX_LISTED or not np.isin(got, kept).all():
        return None
    wrong = np.argwhere(got != want)
    if not wrong.size:
        return None
    named = [_number(float(v)) for v in kept]
    values = Text(" y ".join(named), " and ".join(named))
    row, column = (int(i) for i in wrong[0])
    count, total = len(wrong), got.size
    return text(
        f"tiene {values.es}, como la lección, pero en otras casillas: {count} de {total} no coinciden, la primera en la fila {row}, columna {column}",
        f"has {values.en}, as the lesson's does, but in other cells: {count} of {total} differ, the first at row {row}, column {column}",
    )


def raises(error_type: str, step: Text | None) -> Text:
    if step is None:
        return text(f"ahí tu código lanza {error_type}", f"there your code raises {error_type}")
    return text(
        f"ahí calculas {step.es}, pero tu código lanza {error_type}",
        f"there you compute {step.en}, but your code raises {error_type}",
    )


def edited(place: Traced, step: Text | None = None) -> Text:
    """An argument changed in place; `step`: the lesson's step the edit computes, when it is one."""
    if step is not None:
        return text(
            f"ahí calculas {step.es}, pero dentro del array {place.name} que recibe, cambiándolo en el sitio, y la lección nunca cambia sus entradas",
            f"there you compute {step.en}, but into the array {place.name} it was given, changing it in place, and the lesson never changes its inputs",
        )
    return text(
        f"ahí tu código cambia en el sitio el array {place.name} que recibe, y la lección nunca cambia sus entradas",
        f"there your code changes the array {place.name} it was given, in place, and the lesson never changes its inputs",
    )


def gives_back(step: Text | None) -> Text:
    """A function's arithmetic that returns a value it had already made: the next step is missing."""
    es, en = (f" ({step.es})", f" ({step.en})") if step is not None else ("", "")
    return text(
        f"lo que devuelve es un valor que tu código ya tenía{es}: la operación no lo cambia y falta el paso siguiente de la lección",
        f"what it returns is a value your code already had{en}: the operation does not change it, and the lesson's next step is missing",
    )


def given(place: Traced, want: Traced | None, handed: Text | None, input_name: str | None) -> Text:
    """What a function was given, against what the lesson hands it: a default, a swapped
    argument, the block's input where the lesson passes a step (`handed`, its words)."""
    function, param = place.function, place.name
    if place.value.size == 0:
        return text(
            f"tu {function} no recibe un array como {param}, y en la lección sí",
            f"your {function} gets no array as {param}, where the lesson hands it one",
        )
    if want is not None and place.value.size == 1 and want.value.size == 1:
        got, lesson = float(place.value.ravel()[0]), float(want.value.ravel()[0])
        return text(
            f"tu {function} recibe {param} = {got:.3g}; en la lección, {lesson:.3g}",
            f"your {function} gets {param} = {got:.3g}; in the lesson, {lesson:.3g}",
        )
    who = subject(place, "")
    if input_name is not None:
        how = text(f"es {input_name} tal como llegó", f"is {input_name} as it came")
    elif want is not None:
        how = difference(place.value, want.value)
    else:
        how = text("no es lo que le da la lección", "is not what the lesson hands it")
    if handed is None:
        return text(f"{who.es} {how.es}", f"{who.en} {how.en}")
    return text(
        f"{who.es} {how.es}; la lección le da {handed.es}",
        f"{who.en} {how.en}; the lesson hands it {handed.en}",
    )
