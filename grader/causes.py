"""Why the student's calls raised, told once for all the tests the same exception broke.

The exception's type and message come from the child and are shown, never believed for a
verdict. Two causes have a name: a matrix product whose operands do not fit (the student's own
line says which operands), and a per-row statistic without `keepdims` meeting its matrix.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from grader import codelines, messages
from grader.prepared import PreparedChallenge
from grader.report import ChildReport, StudentError
from grader.text import Text, text

_MATMUL = re.compile(r"\(size (\d+) is different from (\d+)\)")
_SHAPES = re.compile(r"shapes \((\d+),(\d+)\) \((\d+),\)")


@dataclass(frozen=True)
class Cause:
    id: str
    message: Text
    error_type: str
    tests: tuple[str, ...]
    original: str = ""  # the exception's message as the interpreter wrote it


def _matmul_operands(source: str, line: int) -> tuple[str, str] | None:
    """The two operands of the one matrix product written on `line`, if there is exactly one."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    products = [
        (node.left, node.right)
        for node in ast.walk(tree)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult) and node.lineno == line
    ]
    products += [
        (node.args[0], node.args[1])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"dot", "matmul"}
        and len(node.args) == 2
        and node.lineno == line
    ]
    if len(products) != 1:
        return None
    left, right = products[0]
    return ast.unparse(left), ast.unparse(right)


def _named(error: StudentError, function: str, source: str) -> tuple[str, Text]:
    if error.line is not None and (sizes := _MATMUL.search(error.message)) and "matmul" in error.message:
        operands = _matmul_operands(source, error.line)
        if operands is not None:
            left, right = operands
            rows, columns = sizes.groups()
            hint = messages.MATMUL_TRANSPOSE.format(right=right) if right.isidentifier() else text("", "")
            return "matmul_shapes", messages.MATMUL.format(
                line=error.line, left=left, right=right, columns=columns, rows=rows, hint=""
            ) + hint
    if error.line is not None and (shapes := _SHAPES.search(error.message)):
        rows, width, flat = shapes.groups()
        if rows == flat:
            return "broadcast_keepdims", messages.BROADCAST_ROWS.format(
                line=error.line, full=f"({rows}, {width})", flat=f"({flat},)", rows=rows
            )
    return "raised", messages.raised(error, messages.RAISED_ONCE, function=function)


def _raising(prepared: PreparedChallenge, report: ChildReport, index: int, source: str) -> str:
    """The function whose exception call `index` raised: its own, or one whose value it was given
    (the student's mask, made for their attention) when that one raises the same on its own calls
    or the line is in its body."""
    call, error = prepared.calls[index], report.calls[index].error
    if len(call.functions) == 1 or error is None:
        return call.function
    code = codelines.read(source) if error.line is not None else None
    for given in call.functions[1:]:
        alone = (report.calls[i].error for i in prepared.runs.calls_of.get(given, ()))
        if any(e is not None and (e.type, e.line) == (error.type, error.line) for e in alone):
            return given
        body = code.function(given) if code is not None else None
        if body is not None and error.line is not None and body.first <= error.line <= body.last:
            return given
    return call.function


def find_causes(
    prepared: PreparedChallenge, report: ChildReport, source: str, tests: set[str]
) -> list[Cause]:
    """One cause per exception (function, type, line) among the calls of `tests` (failed, not
    otherwise explained), told with the first call's message."""
    groups: dict[tuple[str, str, int | None], tuple[StudentError, list[str]]] = {}
    for test, span in zip(prepared.challenge.tests, prepared.spans, strict=True):
        if test.id not in tests:
            continue
        raised = next((i for i in span if report.calls[i].error is not None), None)
        if raised is None:
            continue
        error = report.calls[raised].error
        assert error is not None  # noqa: S101 a raised call has an error: narrows for mypy
        # The same line raising the same type is one cause, whatever sizes each call's message names.
        key = (_raising(prepared, report, raised, source), error.type, error.line)
        groups.setdefault(key, (error, []))[1].append(test.id)
    causes = []
    for (function, _, _), (first, test_ids) in groups.items():
        cause_id, told = _named(first, function, source)
        causes.append(Cause(cause_id, told, first.type, tuple(test_ids), f"{first.type}: {first.message}"))
    return causes
