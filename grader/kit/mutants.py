"""The reference's mutants: one operator changed at one place, to see what the hidden tests kill.

Each reference is mutated at AST level, one site at a time (an axis, ddof or other constant
changed, a term of a sum or product dropped, the two sides of an operator or two arguments
swapped, a call removed, an attribute such as `.T` dropped, `keepdims` flipped, an `if` made
always or never true) and graded in this process (the mutants are trusted code, ours). Killed:
at least one hidden test fails. A survivor that also answers fresh inputs (the hidden calls with
new numbers) like the reference is counted as equivalent: the score is over the others.
"""

from __future__ import annotations

import ast
import copy
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from grader.calls import Arg, Call, Helper
from grader.challenge import Challenge
from grader.compare import same_outcome
from grader.prepared import PreparedChallenge
from grader.replay import Program
from grader.sandbox import harness
from grader.sandbox.base import ExitKind, Layer, Limits, SandboxRun
from grader.wire import Job, encode_refusal

Change = Callable[[ast.AST, ast.AST], bool]  # mutates the node (in the tree); whether it could


@dataclass(frozen=True)
class Mutant:
    label: str  # "line 6: drop keyword keepdims"
    line: int | None
    source: str


def mutants_of(source: str) -> Iterator[Mutant]:
    """Every single-site mutant of `source`, unparsed (so that a mutant's lines are the ones its
    label names)."""
    tree = ast.parse(ast.unparse(ast.parse(source)))
    for index, node in enumerate(list(ast.walk(tree))):
        line = getattr(node, "lineno", None)
        for label, change in _changes(node):
            mutated = copy.deepcopy(tree)
            target = list(ast.walk(mutated))[index]
            if change(target, mutated):
                ast.fix_missing_locations(mutated)
                try:
                    text = ast.unparse(mutated)
                except (AttributeError, ValueError):
                    continue
                yield Mutant(f"line {line if line is not None else '?'}: {label}", line, text)


def unparsed_lines(source: str) -> int:
    """How many lines the unparsed reference has: a mutant with as many keeps its lines."""
    return len(ast.unparse(ast.parse(source)).splitlines())


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> bool:
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
                return True
            if isinstance(value, list) and any(v is old for v in value):
                setattr(parent, name, [new if v is old else v for v in value])
                return True
    return False


def _replace_statement(tree: ast.AST, old: ast.AST, new: list[ast.stmt]) -> bool:
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if isinstance(value, list) and any(v is old for v in value):
                index = next(i for i, v in enumerate(value) if v is old)
                setattr(parent, name, value[:index] + new + value[index + 1 :])
                return True
    return False


def _changes(node: ast.AST) -> Iterator[tuple[str, Change]]:
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
    ):
        for value in _other_constants(node.value):
            yield f"constant {node.value!r} -> {value!r}", _set_constant(value)
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield f"{node.value} -> {not node.value}", _set_constant(not node.value)
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value[-1:] in "12":
        other = node.value[:-1] + ("2" if node.value.endswith("1") else "1")
        yield f"'{node.value}' -> '{other}'", _set_constant(other)
    if isinstance(node, ast.BinOp):
        yield from _binop_changes(node)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        yield "drop unary minus", lambda n, t: isinstance(n, ast.UnaryOp) and _replace(t, n, n.operand)
    if isinstance(node, ast.Call):
        yield from _call_changes(node)
    if isinstance(node, ast.Attribute) and node.attr == "T":
        yield "drop .T", lambda n, t: isinstance(n, ast.Attribute) and _replace(t, n, n.value)
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        yield "drop subscript", lambda n, t: isinstance(n, ast.Subscript) and _replace(t, n, n.value)
    if isinstance(node, ast.If):
        yield "if -> always", lambda n, t: isinstance(n, ast.If) and _replace_statement(t, n, n.body)
        yield (
            "if -> never",
            lambda n, t: isinstance(n, ast.If) and _replace_statement(t, n, n.orelse or [ast.Pass()]),
        )
    if isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.IsNot | ast.Is):
        flipped: ast.cmpop = ast.Is() if isinstance(node.ops[0], ast.IsNot) else ast.IsNot()
        yield "flip is/is not", _set_compare(flipped)


def _binop_changes(node: ast.BinOp) -> Iterator[tuple[str, Change]]:
    name = type(node.op).__name__
    yield f"drop right of {name}", lambda n, t: isinstance(n, ast.BinOp) and _replace(t, n, n.left)
    yield f"drop left of {name}", lambda n, t: isinstance(n, ast.BinOp) and _replace(t, n, n.right)
    if not isinstance(node.op, ast.Add | ast.Mult):
        yield f"swap sides of {name}", _swap_sides
    for op in (ast.Add, ast.Sub, ast.Mult, ast.Div):
        if not isinstance(node.op, op):
            yield f"{name} -> {op.__name__}", _set_op(op)


def _call_changes(node: ast.Call) -> Iterator[tuple[str, Change]]:
    if node.args:
        yield (
            "remove call (keep first argument)",
            lambda n, t: isinstance(n, ast.Call) and _replace(t, n, n.args[0]),
        )
    if len(node.args) >= 2:
        yield "swap first two arguments", _swap_args
    for position, keyword in enumerate(node.keywords):
        yield f"drop keyword {keyword.arg}", _drop_keyword(position)
    if isinstance(node.func, ast.Attribute) and node.func.attr in {"std", "var"}:
        yield "add ddof=1", _add_ddof


def _other_constants(value: float) -> list[float]:
    if value in (0, 0.0):
        return [1]
    if value in (1, -1):
        return [0, 2 * value, -value]
    return [value * 10, value / 10, 0]


def _set_constant(value: str | float | bool) -> Change:
    def change(node: ast.AST, tree: ast.AST) -> bool:
        if not isinstance(node, ast.Constant):
            return False
        node.value = value
        return True

    return change


def _set_op(op: type[ast.operator]) -> Change:
    def change(node: ast.AST, tree: ast.AST) -> bool:
        if not isinstance(node, ast.BinOp):
            return False
        node.op = op()
        return True

    return change


def _set_compare(op: ast.cmpop) -> Change:
    def change(node: ast.AST, tree: ast.AST) -> bool:
        if not isinstance(node, ast.Compare):
            return False
        node.ops = [op]
        return True

    return change


def _swap_sides(node: ast.AST, tree: ast.AST) -> bool:
    if not isinstance(node, ast.BinOp):
        return False
    node.left, node.right = node.right, node.left
    return True


def _swap_args(node: ast.AST, tree: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    node.args[0], node.args[1] = node.args[1], node.args[0]
    return True


def _drop_keyword(position: int) -> Change:
    def change(node: ast.AST, tree: ast.AST) -> bool:
        if not isinstance(node, ast.Call):
            return False
        del node.keywords[position]
        return True

    return change


def _add_ddof(node: ast.AST, tree: ast.AST) -> bool:
    if not isinstance(node, ast.Call) or any(k.arg == "ddof" for k in node.keywords):
        return False
    node.keywords.append(ast.keyword(arg="ddof", value=ast.Constant(1)))
    return True


class InProcess:
    """Runs trusted code (a mutant of the reference, a known mistake) in this process, as a
    sandbox child would: the arguments in a memory handed back afterwards, the helpers answered
    by the job's desk. Never for a student's code."""

    def __init__(self, prepared: PreparedChallenge) -> None:
        self.setups = {prepared.setup_key: harness.load_setup(prepared.setup)}

    def run(self, job: Job, limits: Limits) -> SandboxRun:
        chunks: list[bytes] = []
        memory = bytearray(job.arguments)
        ask = job.desk.answer if job.desk is not None else _no_helper
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            harness.run(job.reference(), chunks.append, memory, ask, self.setups)
        return SandboxRun(report=b"".join(chunks), stdout=b"", exit_kind=ExitKind.OK, arguments=bytes(memory))

    def layers(self) -> list[Layer]:
        return []

    def close(self) -> None:
        pass


def _no_helper(request: bytes) -> bytes:
    return encode_refusal("RuntimeError: this challenge passes no helper")


def _perturbed(value: Arg, rng: np.random.Generator) -> Arg:
    """The same argument with fresh numbers where it had finite ones (shapes, masks' −∞ kept)."""
    if isinstance(value, np.ndarray):
        spread = float(np.nanstd(np.where(np.isfinite(value), value, np.nan))) + 0.1
        noise = rng.normal(scale=spread, size=value.shape)
        return np.where(np.isfinite(value), value + noise, value).astype(value.dtype)
    if isinstance(value, dict):
        return {k: _perturbed(v, rng) for k, v in value.items()}
    if isinstance(value, Helper):
        return Helper(value.name, {k: _perturbed(v, rng) for k, v in value.params.items()})
    return value


def equivalent(challenge: Challenge, prepared: PreparedChallenge, source: str, rounds: int = 3) -> bool:
    """Whether a surviving mutant also answers fresh inputs like the reference: probably equivalent."""
    rng = np.random.default_rng(0)
    mutant = Program(source, challenge.helpers_source)
    reference = Program(challenge.reference_source, challenge.helpers_source)
    for _ in range(rounds):
        for c in prepared.calls:
            fresh = Call(
                c.function,
                tuple(_perturbed(a, rng) for a in c.args),
                {k: _perturbed(v, rng) for k, v in c.kwargs.items()},
            )
            want = reference.answer(fresh)
            if want.ok and not same_outcome(mutant.answer(fresh), want):
                return False
    return True
