"""The line tracer's records: what the traced call was given, edits in place, the lines it ran.

Each record's kind is its own field: no name a student gives a variable passes for another kind.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grader.sandbox.inside.tracer import MAX_REPEATS, RECORD, Kind, LineTracer, traced
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
    given = {t.name: t for t in trace if t.is_argument}
    assert set(given) == {"X", "eps"}
    assert {t.function for t in given.values()} == {"f"}
    assert given["eps"].line == 1
    assert given["eps"].value.tolist() == [0.0]


def test_an_array_the_call_was_given_changed_in_place_is_marked() -> None:
    trace = _trace(SOURCE, np.arange(4.0))
    edits = [t for t in trace if t.is_edit]
    assert [(t.line, t.name) for t in edits] == [(2, "X")]
    np.testing.assert_allclose(edits[0].value, np.arange(4.0) - 1.5)


def test_a_scalar_one_line_keeps_remaking_is_recorded_a_few_times() -> None:
    trace = _trace(SOURCE, np.arange(4.0))
    assert len([t for t in trace if t.is_local and t.name == "total" and t.line == 5]) == MAX_REPEATS


def test_the_lines_the_call_ran_come_last_and_an_if_body_that_did_not_run_is_not_among_them() -> None:
    trace = _trace(SOURCE, np.arange(4.0))
    assert trace[-1].kind is Kind.LINES
    ran = {int(n) for n in trace[-1].value}
    assert {2, 3, 4, 5, 6, 8} <= ran
    assert 7 not in ran


def test_a_value_holding_nan_is_not_remade_by_every_line_nor_an_edit() -> None:
    source = "def f(X):\n    a = X * 1.0\n    b = 2.0\n    c = 3.0\n    return a\n"
    trace = _trace(source, np.array([np.nan, 1.0]))
    assert [t.name for t in trace if t.name == "a"] == ["a"]
    assert not [t for t in trace if t.is_edit]


def test_no_variable_name_passes_for_a_result_an_argument_or_an_edit() -> None:
    source = (
        "def f(X):\n    returned = X * 2.0\n    return_value = X + 1.0\n    return returned, return_value\n"
    )
    trace = _trace(source, np.arange(3.0))
    kinds = {(t.kind, t.name, t.position) for t in trace if t.kind is not Kind.LINES}
    assert (Kind.LOCAL, "returned", None) in kinds
    assert (Kind.LOCAL, "return_value", None) in kinds
    results = [t for t in trace if t.is_result]
    assert [(t.function, t.position, t.key) for t in results] == [
        ("f", 0, "return[0]"),
        ("f", 1, "return[1]"),
    ]
    assert {t.key for t in trace if t.is_local} == {"returned", "return_value"}


def _record(kind: int, position: int, name: bytes = b"x", function: bytes = b"") -> bytes:
    from grader.wire import encode_array

    head = RECORD.pack(3, kind, position, 0, len(name), len(function))
    return encode_record(Tag.TRACED, 0, head + name + function + encode_array(np.zeros(2)))


def test_a_record_the_format_does_not_have_makes_the_whole_trace_nothing() -> None:
    """The child may forge anything: an unknown kind, a position on a local, a tuple too long."""
    finished = encode_record(Tag.FINISHED, 0)
    assert parse_trace(_record(Kind.LOCAL, 255) + finished) is not None
    for forged in (
        _record(9, 255),
        _record(Kind.LOCAL, 0),
        _record(Kind.RESULT, 200),
        _record(Kind.LOCAL, 255, b"x" * 41),
    ):
        assert parse_trace(_record(Kind.LOCAL, 255) + forged + finished) is None


def test_time_the_tracing_thread_does_not_run_does_not_cut_the_trace() -> None:
    """The bound is the trace's own CPU time: on a machine busy with other work (here, a wait
    longer than the bound) the same trace is kept whole."""
    source = "import time\n\ndef f(X):\n    a = X * 2.0\n    time.sleep(0.3)\n    return a + 1.0\n"
    trace = _trace(source, np.arange(3.0))
    assert [t.name for t in trace if t.is_local] == ["a"]
    assert [t.kind for t in trace][-1] is Kind.LINES
