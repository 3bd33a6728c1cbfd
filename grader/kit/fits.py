"""A family's fit from one call at a time: what the author writes is how a call tells the constant.

A family (`{value}` in a choice's code) is searched at the student's own constant: the ε they
chose, the finite number written for −∞. Each call that answered is read on its own, and the
readings are gathered: distinct and smallest first, a few of them, as two calls may tell the
constant rounded differently and a search over every reading would cost a run of the model each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from grader.calls import Call
from grader.errormodel import Fit
from grader.report import CallOutcome

# The constants one call's inputs and outputs tell (none when it cannot tell one).
Reading = Callable[[Call, CallOutcome], Iterable[float]]


def per_call(read: Reading, keep: int = 2) -> Fit:
    """The fit that reads every call that answered: the `keep` smallest constants read."""

    def fit(calls: Sequence[Call], outcomes: Sequence[CallOutcome]) -> list[float] | None:
        found = {value for c, o in zip(calls, outcomes, strict=True) if o.ok for value in read(c, o)}
        return sorted(found)[:keep] or None

    return fit
