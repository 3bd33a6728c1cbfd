"""Checks hidden tests share. Each compares exact shapes first: nothing is broadcast."""

from __future__ import annotations

import numpy as np

from grader.authoring import Check, Observed, Verdict, fail, passed
from grader.text import text


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
    """Exact shape, the same non-finite cells, then closeness of the finite ones."""
    if (shape := wrong_shape(got, want)) is not None:
        return shape
    bad_finite = np.isfinite(want) & ~np.isfinite(got)
    if bad_finite.any():
        return fail(
            text(
                "devolvió NaN o infinito donde hay un número finito",
                "returned NaN or infinity where a finite number belongs",
            )
        )
    if not np.array_equal(np.isfinite(got), np.isfinite(want)):
        return fail(text("devolvió un número donde no corresponde", "returned a number where none belongs"))
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


def matches_reference(rtol: float = 1e-6, atol: float = 1e-8) -> Check:
    """Every call's output equals the reference's, within the tolerances."""

    def check(seen: Observed) -> Verdict:
        for index in range(len(seen.calls)):
            verdict = compare(seen.out(index), seen.exp(index), rtol, atol)
            if not verdict.passed:
                return verdict
        return passed()

    return check


def same_shape() -> Check:
    def check(seen: Observed) -> Verdict:
        for index in range(len(seen.calls)):
            if (verdict := wrong_shape(seen.out(index), seen.exp(index))) is not None:
                return verdict
        return passed()

    return check


def all_finite() -> Check:
    def check(seen: Observed) -> Verdict:
        for index in range(len(seen.calls)):
            if not np.all(np.isfinite(seen.out(index))):
                return fail(
                    text(
                        "la salida contiene NaN o infinitos",
                        "the output contains NaN or infinities",
                    )
                )
        return passed()

    return check


def arguments_untouched() -> Check:
    """The arrays the student received are, after the call, exactly what was sent."""

    def check(seen: Observed) -> Verdict:
        for call, outcome in zip(seen.calls, seen.student, strict=True):
            for slot, sent in enumerate(call.array_args()):
                after = outcome.args_after.get(slot)
                if (
                    after is None
                    or after.shape != sent.shape
                    or not np.array_equal(after, sent, equal_nan=True)
                ):
                    return fail(
                        text(
                            "modificó un array que recibió como argumento",
                            "modified an array it received as an argument",
                        )
                    )
        return passed()

    return check
