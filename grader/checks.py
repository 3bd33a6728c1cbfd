"""Checks hidden tests share. Each compares exact shapes first: nothing is broadcast."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from grader.authoring import Check, Observed, Verdict, fail, passed
from grader.text import Text, text


def shape_text(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def wrong_shape(got: np.ndarray, want: np.ndarray) -> Verdict | None:
    if got.shape == want.shape:
        return None
    return fail(
        text(
            f"devolvió forma {shape_text(got.shape)} en lugar de {shape_text(want.shape)}",
            f"returned shape {shape_text(got.shape)} instead of {shape_text(want.shape)}",
        )
    )


def compare(got: np.ndarray, want: np.ndarray, rtol: float, atol: float) -> Verdict:
    """Exact shape, the same non-finite cells (-inf is not +inf nor NaN), then closeness of the rest."""
    if (shape := wrong_shape(got, want)) is not None:
        return shape
    if _close_everywhere(got, want, rtol, atol):
        return passed()
    bad_finite = np.isfinite(want) & ~np.isfinite(got)
    if bad_finite.any():
        what = _not_finite_kinds(got[bad_finite])
        return fail(
            text(
                f"devolvió {what.es} donde corresponden números finitos",
                f"returned {what.en} where finite numbers belong",
            )
        )
    if not np.array_equal(np.isfinite(got), np.isfinite(want)):
        what = _not_finite_kinds(want[~np.isfinite(want) & np.isfinite(got)])
        return fail(
            text(
                f"devolvió números finitos donde corresponde {what.es}",
                f"returned finite numbers where {what.en} belongs",
            )
        )
    if not np.array_equal(got[~np.isfinite(want)], want[~np.isfinite(want)], equal_nan=True):
        return fail(
            text("devolvió otro infinito o NaN del que corresponde", "returned the wrong infinity or NaN")
        )
    finite = np.isfinite(want)
    error = np.abs(got[finite] - want[finite])
    allowed = atol + rtol * np.abs(want[finite])
    if np.all(error <= allowed):
        return passed()
    worst = float(error.max())
    return fail(
        text(
            f"se aleja hasta {worst:.3g} del valor correcto",
            f"is off by up to {worst:.3g} from the right value",
        )
    )


def _not_finite_kinds(values: np.ndarray) -> Text:
    """The kinds of non-finite values among `values`: "inf", "−∞", "NaN", joined."""
    kinds = [
        k
        for k, found in (
            ("inf", np.isposinf(values).any()),
            ("−∞", np.isneginf(values).any()),
            ("NaN", np.isnan(values).any()),
        )
        if found
    ]
    return Text(" y ".join(kinds), " and ".join(kinds))


def _close_everywhere(got: np.ndarray, want: np.ndarray, rtol: float, atol: float) -> bool:
    """The common case in one pass: every cell finite on both sides and close.

    Any NaN or infinity makes it false, so those fall through to the careful path: an infinite
    `want` too, whose own tolerance rtol·∞ would let any finite number pass for −∞.
    """
    with np.errstate(all="ignore"):
        return bool(((np.abs(got - want) <= atol + rtol * np.abs(want)) & np.isfinite(want)).all())


def _parts(seen: Observed, index: int, part: int | None) -> range:
    """The returned arrays a check looks at: one `part`, or every array the call returns."""
    return range(seen.parts(index)) if part is None else range(part, part + 1)


def _in_part(verdict: Verdict, seen: Observed, index: int, part: int) -> Verdict:
    """Say which array of a returned tuple failed; a single returned array needs no name."""
    if verdict.passed or verdict.detail is None or seen.parts(index) == 1:
        return verdict
    name = seen.name(index, part)
    if name is not None:
        where = text(f"{name}: ", f"{name}: ")
    else:
        where = text(f"elemento {part} de la tupla: ", f"element {part} of the tuple: ")
    return Verdict(False, where + verdict.detail, verdict.show_hint)


def _each(seen: Observed, part: int | None, judge: Callable[[np.ndarray, np.ndarray], Verdict]) -> Verdict:
    for index in range(len(seen.calls)):
        for p in _parts(seen, index, part):
            verdict = judge(seen.out(index, p), seen.exp(index, p))
            if not verdict.passed:
                return _in_part(verdict, seen, index, p)
    return passed()


def matches_reference(rtol: float = 1e-6, atol: float = 1e-8, part: int | None = None) -> Check:
    """Every call's output (each array of a returned tuple, or only `part`) equals the reference's."""
    return lambda seen: _each(seen, part, lambda got, want: compare(got, want, rtol, atol))


def _standardised(rows: np.ndarray) -> np.ndarray:
    deviation = rows.std(axis=-1, keepdims=True)
    with np.errstate(all="ignore"):
        return np.where(deviation > 1e-9, (rows - rows.mean(axis=-1, keepdims=True)) / deviation, rows)


def matches_reference_rows(rtol: float = 1e-6, atol: float = 1e-8) -> Check:
    """Every call's output rows, each standardised (mean 0, deviation 1), equal the reference's:
    the output of a part that a later layer norm rescales, judged without that later part."""

    def judge(got: np.ndarray, want: np.ndarray) -> Verdict:
        if (shape := wrong_shape(got, want)) is not None:
            return shape
        return compare(_standardised(got), _standardised(want), rtol, atol)

    return lambda seen: _each(seen, None, judge)


def same_shape(part: int | None = None) -> Check:
    return lambda seen: _each(seen, part, lambda got, want: wrong_shape(got, want) or passed())


def _finite(got: np.ndarray, want: np.ndarray) -> Verdict:
    if np.all(np.isfinite(got)):
        return passed()
    return fail(text("la salida contiene NaN o infinitos", "the output contains NaN or infinities"))


def all_finite(part: int | None = None) -> Check:
    return lambda seen: _each(seen, part, _finite)


def arguments_untouched() -> Check:
    """The arrays the student received are, after the call, exactly what was sent."""

    def check(seen: Observed) -> Verdict:
        for call, outcome in zip(seen.calls, seen.student, strict=True):
            for slot, sent in enumerate(call.array_args()):
                after = outcome.args_after.get(slot, sent)  # only changed arguments come back
                if after.shape != sent.shape or not np.array_equal(after, sent, equal_nan=True):
                    return fail(
                        text(
                            "modificó un array que recibió como argumento",
                            "modified an array it received as an argument",
                        )
                    )
        return passed()

    return check


def all_of(*checks: Check) -> Check:
    """Every check in turn; the first failure is the verdict."""

    def check(seen: Observed) -> Verdict:
        for one in checks:
            verdict = one(seen)
            if not verdict.passed:
                return verdict
        return passed()

    return check
