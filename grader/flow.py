"""The lesson's computation as steps that can be run again with one step's value replaced.

The localisation names the lesson's step a student's diverging line computes by what that value
does, not by where it comes in the code: put the student's value in the lesson's computation in
place of a step, and the step it stands for is the one after which the lesson goes on to do what
the student's code did. The reference (trusted: ours) is rewritten once so that every value it
assigns to a name, and every value it returns, passes through a hook that records it and can
hand back another value instead; it then runs in the parent, one call at a time, as the error
model's programs do (`grader.replay`). Student code never runs here.
"""

from __future__ import annotations

import ast
import threading
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grader.calls import Call
from grader.replay import Program
from grader.report import CallOutcome
from grader.tracing import RESULT

HOOK = "__paso__"
ENTER = "__entra__"
FRAME = "__marco__"


@dataclass(frozen=True, eq=False)
class Step:
    """One value the lesson's code made: `key` is its [steps] name (`mu`; `return`, `return[1]`
    for what a function returns), `occurrence` counts the earlier steps of the same place (a
    function called twice, a name assigned twice), `reads` the steps its line used."""

    function: str
    line: int
    key: str
    occurrence: int
    value: Any
    reads: tuple[int, ...] = ()  # indices, in the run's steps, of the earlier steps its line read
    params: frozenset[str] = frozenset()  # the function's parameters its line read

    @property
    def place(self) -> tuple[str, int, str, int]:
        return (self.function, self.line, self.key, self.occurrence)

    @property
    def is_result(self) -> bool:
        return self.key == RESULT or self.key.startswith(RESULT + "[")


@dataclass
class Run:
    """One run of the lesson's code on one call: its steps in order, and what it answered."""

    steps: list[Step] = field(default_factory=list)
    outcome: CallOutcome | None = None


class _Hooks(ast.NodeTransformer):
    """Each `name = value`, `name += value` and `return value` through the hook, with the names
    its line reads; each function's body opens a frame of its own."""

    def __init__(self) -> None:
        self.function = ""
        self.reads: dict[tuple[str, int, str], frozenset[str]] = {}
        self.params: dict[str, tuple[str, ...]] = {}

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        self.params[node.name] = tuple(a.arg for a in (*node.args.posonlyargs, *node.args.args))
        outer, self.function = self.function, node.name
        self.generic_visit(node)
        self.function = outer
        enter = ast.parse(f"{FRAME} = {ENTER}()").body[0]
        node.body.insert(0, enter)
        return node

    def _hooked(self, key: str, value: ast.expr, line: int) -> ast.expr:
        self.reads[(self.function, line, key)] = frozenset(
            n.id for n in ast.walk(value) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
        )
        arguments: list[ast.expr] = [
            ast.Name(FRAME, ast.Load()),
            ast.Constant(self.function),
            ast.Constant(line),
            ast.Constant(key),
            value,
        ]
        return ast.Call(ast.Name(HOOK, ast.Load()), arguments, [])

    def visit_Assign(self, node: ast.Assign) -> ast.Assign:
        if self.function and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            node.value = self._hooked(node.targets[0].id, node.value, node.lineno)
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.stmt:
        if not (self.function and isinstance(node.target, ast.Name)):
            return node
        name = node.target.id
        value = ast.BinOp(ast.Name(name, ast.Load()), node.op, node.value)
        assign = ast.Assign([ast.Name(name, ast.Store())], self._hooked(name, value, node.lineno))
        return ast.copy_location(assign, node)

    def visit_Return(self, node: ast.Return) -> ast.Return:
        if not self.function or node.value is None:
            return node
        if isinstance(node.value, ast.Tuple):
            node.value.elts = [
                self._hooked(f"{RESULT}[{i}]", item, node.lineno) for i, item in enumerate(node.value.elts)
            ]
        else:
            node.value = self._hooked(RESULT, node.value, node.lineno)
        return node


@dataclass
class _Target:
    place: tuple[str, int, str, int]
    value: Any
    row: int | None = None  # replace this row of the step's value only


class _Recorder:
    """The hook's state for one run: the frames, the steps, the one value to replace."""

    def __init__(
        self,
        reads: dict[tuple[str, int, str], frozenset[str]],
        params: dict[str, tuple[str, ...]],
        target: _Target | None,
    ) -> None:
        self.reads = reads
        self.params = params
        self.target = target
        self.run = Run()
        self.frames = 0
        self.last: dict[tuple[int, str], int] = {}  # (frame, name) -> index of its latest step
        self.seen: dict[tuple[str, int, str], int] = {}

    def enter(self) -> int:
        self.frames += 1
        return self.frames

    def step(self, frame: int, function: str, line: int, key: str, value: Any) -> Any:
        where = (function, line, key)
        occurrence = self.seen.get(where, 0)
        self.seen[where] = occurrence + 1
        target = self.target
        if target is not None and target.place == (function, line, key, occurrence):
            value = _replaced(value, target)
        names = self.reads.get(where, frozenset())
        reads = tuple(self.last[(frame, n)] for n in sorted(names) if (frame, n) in self.last)
        params = frozenset(n for n in names if (frame, n) not in self.last and n in self.params[function])
        self.run.steps.append(Step(function, line, key, occurrence, value, reads, params))
        if not key.startswith(RESULT):
            self.last[(frame, key)] = len(self.run.steps) - 1
        return value


def _replaced(value: Any, target: _Target) -> Any:
    if target.row is None:
        return target.value
    whole = np.array(value, dtype=np.result_type(value, target.value), copy=True)
    whole[target.row] = target.value
    return whole


class Flow:
    """The lesson's code, hooked once; runs of it on a call, as it is or with one step replaced."""

    def __init__(self, reference: str, helpers_source: str) -> None:
        tree = ast.parse(reference)
        hooks = _Hooks()
        hooked = ast.fix_missing_locations(hooks.visit(tree))
        self.reads = hooks.reads
        self.params = hooks.params  # each function's parameters, in order
        self.program = Program(ast.unparse(hooked), helpers_source)
        self.lock = threading.Lock()  # the hook's state is the program's, one run at a time
        self.plain: dict[int, Run] = {}

    def run(self, call: Call, target: _Target | None = None) -> Run:
        recorder = _Recorder(self.reads, self.params, target)
        with self.lock:
            self.program.namespace[HOOK] = recorder.step
            self.program.namespace[ENTER] = recorder.enter
            recorder.run.outcome = self.program.answer(call)
        return recorder.run

    def steps(self, call: Call, index: int) -> list[Step]:
        """The lesson's steps on hidden call `index` (kept: a call's steps never change)."""
        if index not in self.plain:
            self.plain[index] = self.run(call)
        return self.plain[index].steps

    def replaced(self, call: Call, step: Step, value: Any, row: int | None = None) -> Run:
        """The lesson's run on `call` with `step`'s value (or one row of it) replaced by `value`."""
        return self.run(call, _Target(step.place, value, row))


def flow_of(reference: str, helpers_source: str) -> Flow | None:
    """The hooked lesson, or None when the reference cannot be hooked (then no step is named
    by what it does)."""
    try:
        return Flow(reference, helpers_source)
    except (SyntaxError, ValueError, TypeError):
        return None
