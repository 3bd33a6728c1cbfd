"""What a file's code says about each of its lines: the function it is in, the names it assigns
or reads, and the `if` and the loop around it.

The localisation reads values, never code; but a value can only say that something is off, and
a few places are where no value is made: a loop that stops a row short, an `if` whose body never
ran, a line that ran and changed nothing, a `def` whose default is not the lesson's. Parsing is
not running: the student's code is read here, never executed.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


@dataclass
class _Function:
    name: str
    first: int
    last: int
    params: list[str]


@dataclass
class Code:
    """The facts of one file, by line; an unparsable file has none."""

    functions: list[_Function] = field(default_factory=list)
    assigns: dict[int, set[str]] = field(default_factory=dict)  # line -> names it binds or changes
    fills: dict[int, set[str]] = field(default_factory=dict)  # line -> names it assigns into (`out[t] =`)
    simple: set[int] = field(default_factory=set)  # lines that start a simple statement
    ifs: dict[int, int] = field(default_factory=dict)  # a line of an `if` body -> the `if` line
    loops: dict[int, int] = field(default_factory=dict)  # a line of a loop body -> the loop line
    computed_returns: set[int] = field(default_factory=set)  # `return a / b`: arithmetic, not a name
    # `return out, pesos`: line -> the name each returned item is (None: an expression)
    returned_names: dict[int, tuple[str | None, ...]] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def function_at(self, line: int) -> _Function | None:
        """The innermost function whose body holds `line`."""
        inside = [f for f in self.functions if f.first <= line <= f.last]
        return min(inside, key=lambda f: f.last - f.first) if inside else None

    def function(self, name: str) -> _Function | None:
        return next((f for f in self.functions if f.name == name), None)

    def reads(self, line: int, name: str) -> bool:
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return name in _NAME.findall(text.split("#", 1)[0])


def read(source: str) -> Code:
    code = Code(lines=source.splitlines())
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return code
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
            code.functions.append(_Function(node.name, node.lineno, node.end_lineno or node.lineno, params))
        if isinstance(node, ast.stmt) and not isinstance(node, _COMPOUND):
            code.simple.add(node.lineno)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets: list[ast.expr] = list(node.targets) if isinstance(node, ast.Assign) else [node.target]
            code.assigns.setdefault(node.lineno, set()).update(_bound(targets))
            filled = [t.value for t in targets if isinstance(t, ast.Subscript)]
            code.fills.setdefault(node.lineno, set()).update(_bound(filled))
        if isinstance(node, ast.Return) and isinstance(node.value, ast.BinOp):
            code.computed_returns.add(node.lineno)
        if isinstance(node, ast.Return) and node.value is not None:
            items = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            code.returned_names[node.lineno] = tuple(i.id if isinstance(i, ast.Name) else None for i in items)
        if isinstance(node, ast.If):
            _mark(code.ifs, node.body, node.lineno)
        if isinstance(node, ast.For | ast.While):
            _mark(code.loops, node.body, node.lineno)
    return code


_COMPOUND = (
    ast.If,
    ast.For,
    ast.While,
    ast.With,
    ast.Try,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
)


def _bound(targets: list[ast.expr]) -> set[str]:
    """The names an assignment binds, or changes through a subscript (`out[i] = …`)."""
    found = set()
    for target in targets:
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                found.add(node.id)
    return found


def _mark(into: dict[int, int], body: list[ast.stmt], header: int) -> None:
    """Each line of a block, the innermost block's header winning (walked outside in)."""
    for statement in body:
        for line in range(statement.lineno, (statement.end_lineno or statement.lineno) + 1):
            into[line] = header


def mentions_float32(source: str) -> bool:
    """Whether the code names float32 (`np.float32`, `dtype="float32"`): it may compute in single
    precision even where its outputs come back float64 (a float32 row times a float64 γ)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    return any(
        (isinstance(node, ast.Attribute) and node.attr == "float32")
        or (isinstance(node, ast.Name) and node.id == "float32")
        or (isinstance(node, ast.Constant) and node.value in ("float32", "f4"))
        for node in ast.walk(tree)
    )
