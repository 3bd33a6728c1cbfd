"""The line tracer's records: what the traced call was given, edits in place, the lines it ran."""

from __future__ import annotations

from typing import Any

import numpy as np

from grader.sandbox.tracer import EDITED, LINES, MAX_REPEATS, LineTracer, traced
from grader.tracing import Traced, parse_trace
from grader.wire import Tag, encode_record

FILENAME = "solucion.py"

SOURCE = """def f(X, eps=0):
    X -= X.mean()
    total = 0.0
    for i in range(40):
        total = float(i)
    if eps:
        X = X * 2
    return X
"""


def _trace(source: str, *args: Any) -> list[Traced]:
    namespace: dict[str, Any] = {}
    exec(compile(source, FILENAME, "exec"), namespace)  # noqa: S102 the test's own code
    chunks: list[bytes] = []
    tracer = LineTracer(FILENAME, 0, chunks.append)
    traced(tracer, lambda: namespace["f"](*args))
    found = parse_trace(b"".join(chunks) + encode_record(Tag.FINISHED, 0))
    assert found is not None
    return found


def test_the_traced_call_is_told_what_it_was_given_at_its_def_whole_numbers_too() -> None:
    trace = _trace(SOURCE, np.arange(4.0))
    given = {t.name: t for t in trace if t.name.startswith("f(")}
    assert set(given) == {"f(X)", "f(eps)"}
    assert given["f(eps)"].line == 1
    assert given["f(eps)"].value.tolist() == [0.0]


def test_an_array_the_call_was_given_changed_in_place_is_marked() -> None:
    trace = _trace(SOURCE, np.arange(4.0))
    edits = [t for t in trace if t.name.startswith(EDITED)]
    assert [(t.line, t.name) for t in edits] == [(2, EDITED + "X")]
    np.testing.assert_allclose(edits[0].value, np.arange(4.0) - 1.5)


def test_a_scalar_one_line_keeps_remaking_is_recorded_a_few_times() -> None:
    trace = _trace(SOURCE, np.arange(4.0))
    assert len([t for t in trace if t.name == "total" and t.line == 5]) == MAX_REPEATS


def test_the_lines_the_call_ran_come_last_and_an_if_body_that_did_not_run_is_not_among_them() -> None:
    trace = _trace(SOURCE, np.arange(4.0))
    assert trace[-1].name == LINES
    ran = {int(n) for n in trace[-1].value}
    assert {2, 3, 4, 5, 6, 8} <= ran
    assert 7 not in ran


def test_a_value_holding_nan_is_not_remade_by_every_line_nor_an_edit() -> None:
    source = "def f(X):\n    a = X * 1.0\n    b = 2.0\n    c = 3.0\n    return a\n"
    trace = _trace(source, np.array([np.nan, 1.0]))
    assert [t.name for t in trace if t.name == "a"] == ["a"]
    assert not [t for t in trace if t.name.startswith(EDITED)]
