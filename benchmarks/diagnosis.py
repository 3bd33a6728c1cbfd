"""How well the feedback names the misconception: a hand-written corpus and AST mutants.

    .venv/bin/python benchmarks/diagnosis.py [--challenge ID] [--no-mutants] [--list]

Corpus: every file of tests/wrong/<challenge>/ starts with `# expect: id, ...` (the
misconceptions it should be told) or `# expect: none` (nothing should be claimed). Each is graded
through the default sandbox, as a student's file is. Per challenge it prints how many files get
exactly their misconceptions named, how many get at least one diagnosis they should not (false
diagnoses), how many things a student reads (diagnoses, causes and failed tests that show their
own hint rather than pointing to a diagnosis; median and worst), and the median grading time.
The correct variants of tests/solutions/<challenge>/ must get no diagnosis at all.

Mutants: each reference is mutated at AST level, one operator at one site at a time (an axis,
ddof or other constant changed, a term of a sum or product dropped, the two sides of an
operator or two arguments swapped, a call removed, an attribute such as `.T` dropped, `keepdims`
flipped) and graded in-process (the mutants are our own code). Killed: at least one hidden test
fails. A survivor that also answers fresh inputs (the hidden calls with new numbers) like the
reference is counted as equivalent; the score is over the others. `--list` prints the survivors
and the mutants localised elsewhere. Localised: the Result's localisation names the mutated line
(over the killed mutants whose file keeps the reference's lines). One cause: the feedback names exactly one diagnosis (or one
cause of an exception) and every failed test points to it. Unfaithful: a diagnosis whose own
program does not behave like the mutant on the hidden calls (a claim the code does not bear out).
"""

from __future__ import annotations

import argparse
import ast
import copy
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from grader.calls import Call, Helper  # noqa: E402
from grader.challenge import Challenge, load_challenges  # noqa: E402
from grader.compare import same_outcome  # noqa: E402
from grader.diagnosis import faithful  # noqa: E402
from grader.grade import grade  # noqa: E402
from grader.models import Result  # noqa: E402
from grader.prepared import PreparedChallenge, prepare  # noqa: E402
from grader.replay import Program  # noqa: E402
from grader.sandbox import default_sandbox, harness  # noqa: E402
from grader.sandbox.base import ExitKind, Layer, Limits, Sandbox, SandboxRun  # noqa: E402
from grader.wire import Job, encode_refusal  # noqa: E402

NONE = "none"


def expected_ids(path: Path) -> list[str]:
    first = path.read_text().splitlines()[0]
    if not first.startswith("# expect:"):
        raise SystemExit(f"{path}: the first line must be '# expect: id, ...' or '# expect: none'")
    ids = [name.strip() for name in first.removeprefix("# expect:").split(",")]
    return [] if ids == [NONE] else sorted(ids)


def reads(result: Result) -> int:
    """What a student has to read: each diagnosis, and each failed test telling its own story."""
    own = [t for t in result.tests if not t.passed and not t.explained_by]
    causes = len(result.causes)
    return len(result.diagnoses) + causes + len(own)


@dataclass
class CorpusRow:
    challenge: str
    files: int = 0
    with_misconception: int = 0
    named: int = 0
    no_diagnosis_files: int = 0
    honest: int = 0
    false: int = 0
    correct_variants: int = 0
    correct_diagnosed: int = 0
    reads: tuple[int, ...] = ()
    ms: tuple[float, ...] = ()


def corpus(challenge: str, prepared: PreparedChallenge, sandbox: Sandbox, show: bool) -> CorpusRow:
    row = CorpusRow(challenge)
    reading: list[int] = []
    times: list[float] = []
    for path in sorted((ROOT / "tests" / "wrong" / challenge).glob("*.py")):
        want = expected_ids(path)
        result = grade(prepared, path.read_text(), "en", sandbox)
        got = sorted(d.id for d in result.diagnoses)
        row.files += 1
        times.append(result.grading_ms)
        reading.append(reads(result))
        if want:
            row.with_misconception += 1
            row.named += got == want
        else:
            row.no_diagnosis_files += 1
            row.honest += not got
        row.false += bool(set(got) - set(want))
        if show and got != want:
            print(f"  {challenge}/{path.stem}: expected {want or NONE}, got {got or NONE}")
    for path in sorted((ROOT / "tests" / "solutions" / challenge).glob("*.py")):
        result = grade(prepared, path.read_text(), "en", sandbox)
        row.correct_variants += 1
        row.correct_diagnosed += bool(result.diagnoses)
    row.reads, row.ms = tuple(reading), tuple(times)
    return row


# --- mutants ---------------------------------------------------------------------------------


class _Mutator:
    """Every single-site mutant of a module, each as (description, source)."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree

    def mutants(self) -> Iterator[tuple[str, int | None, str]]:
        """(description, the mutated line, source); the tree is the unparsed reference's, so
        that a mutant's lines are the ones its description names."""
        nodes = list(ast.walk(self.tree))
        for index, node in enumerate(nodes):
            line = getattr(node, "lineno", None)
            for label, change in _changes(node):
                tree = copy.deepcopy(self.tree)
                target = list(ast.walk(tree))[index]
                if change(target, tree):
                    ast.fix_missing_locations(tree)
                    try:
                        yield f"line {line if line is not None else '?'}: {label}", line, ast.unparse(tree)
                    except (AttributeError, ValueError):
                        continue


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> bool:
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return True
            if isinstance(value, list) and any(v is old for v in value):
                setattr(parent, field, [new if v is old else v for v in value])
                return True
    return False


def _changes(node: ast.AST) -> Iterator[tuple[str, object]]:
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
        flipped = node.value[:-1] + ("2" if node.value.endswith("1") else "1")
        yield f"'{node.value}' -> '{flipped}'", _set_constant(flipped)
    if isinstance(node, ast.BinOp):
        yield f"drop right of {type(node.op).__name__}", lambda n, t: _replace(t, n, n.left)
        yield f"drop left of {type(node.op).__name__}", lambda n, t: _replace(t, n, n.right)
        if not isinstance(node.op, ast.Add | ast.Mult):
            yield f"swap sides of {type(node.op).__name__}", _swap_sides
        for op in (ast.Add, ast.Sub, ast.Mult, ast.Div):
            if not isinstance(node.op, op):
                yield f"{type(node.op).__name__} -> {op.__name__}", _set_op(op)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        yield "drop unary minus", lambda n, t: _replace(t, n, n.operand)
    if isinstance(node, ast.Call):
        if node.args:
            yield "remove call (keep first argument)", lambda n, t: _replace(t, n, n.args[0])
        if len(node.args) >= 2:
            yield "swap first two arguments", _swap_args
        for position, keyword in enumerate(node.keywords):
            yield f"drop keyword {keyword.arg}", _drop_keyword(position)
        if isinstance(node.func, ast.Attribute) and node.func.attr in {"std", "var"}:
            yield "add ddof=1", _add_ddof
    if isinstance(node, ast.Attribute) and node.attr == "T":
        yield "drop .T", lambda n, t: _replace(t, n, n.value)
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        yield "drop subscript", lambda n, t: _replace(t, n, n.value)
    if isinstance(node, ast.If):
        yield "if -> always", lambda n, t: _replace_statement(t, n, n.body)
        yield "if -> never", lambda n, t: _replace_statement(t, n, n.orelse or [ast.Pass()])
    if isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.IsNot | ast.Is):
        flipped = ast.Is() if isinstance(node.ops[0], ast.IsNot) else ast.IsNot()
        yield "flip is/is not", _set_compare(flipped)


def _other_constants(value: float) -> list[float]:
    if value in (0, 0.0):
        return [1]
    if value in (1, -1):
        return [0, 2 * value, -value]
    return [value * 10, value / 10, 0]


def _set_constant(value: object):  # type: ignore[no-untyped-def]
    def change(node: ast.AST, tree: ast.AST) -> bool:
        assert isinstance(node, ast.Constant)
        node.value = value
        return True

    return change


def _set_op(op: type[ast.operator]):  # type: ignore[no-untyped-def]
    def change(node: ast.AST, tree: ast.AST) -> bool:
        assert isinstance(node, ast.BinOp)
        node.op = op()
        return True

    return change


def _set_compare(op: ast.cmpop):  # type: ignore[no-untyped-def]
    def change(node: ast.AST, tree: ast.AST) -> bool:
        assert isinstance(node, ast.Compare)
        node.ops = [op]
        return True

    return change


def _swap_sides(node: ast.AST, tree: ast.AST) -> bool:
    assert isinstance(node, ast.BinOp)
    node.left, node.right = node.right, node.left
    return True


def _swap_args(node: ast.AST, tree: ast.AST) -> bool:
    assert isinstance(node, ast.Call)
    node.args[0], node.args[1] = node.args[1], node.args[0]
    return True


def _drop_keyword(position: int):  # type: ignore[no-untyped-def]
    def change(node: ast.AST, tree: ast.AST) -> bool:
        assert isinstance(node, ast.Call)
        del node.keywords[position]
        return True

    return change


def _add_ddof(node: ast.AST, tree: ast.AST) -> bool:
    assert isinstance(node, ast.Call)
    if any(k.arg == "ddof" for k in node.keywords):
        return False
    node.keywords.append(ast.keyword(arg="ddof", value=ast.Constant(1)))
    return True


def _replace_statement(tree: ast.AST, old: ast.AST, new: list[ast.stmt]) -> bool:
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if isinstance(value, list) and any(v is old for v in value):
                index = next(i for i, v in enumerate(value) if v is old)
                setattr(parent, field, value[:index] + new + value[index + 1 :])
                return True
    return False


class InProcess:
    """Runs trusted code (a mutant of the reference) in this process, as a sandbox child would:
    the arguments in a memory handed back afterwards, the helpers answered by the job's desk."""

    def __init__(self, prepared: PreparedChallenge) -> None:
        self.setups = {prepared.setup_key: harness.load_setup(prepared.setup)}

    def run(self, job: Job, limits: Limits) -> SandboxRun:
        chunks: list[bytes] = []
        memory = bytearray(job.arguments)
        ask = job.desk.answer if job.desk is not None else _no_helper
        harness.run(job.reference(), chunks.append, memory, ask, self.setups)
        return SandboxRun(report=b"".join(chunks), stdout=b"", exit_kind=ExitKind.OK, arguments=bytes(memory))

    def layers(self) -> list[Layer]:
        return []

    def close(self) -> None:
        pass


def _no_helper(request: bytes) -> bytes:
    return encode_refusal("RuntimeError: this challenge passes no helper")


def _perturbed(value: object, rng: np.random.Generator) -> object:
    """The same argument with fresh numbers where it had finite ones (shapes, masks' −∞ kept)."""
    if isinstance(value, np.ndarray):
        noise = rng.normal(
            scale=float(np.nanstd(np.where(np.isfinite(value), value, np.nan))) + 0.1, size=value.shape
        )
        return np.where(np.isfinite(value), value + noise, value).astype(value.dtype)
    if isinstance(value, dict):
        return {k: _perturbed(v, rng) for k, v in value.items()}
    if isinstance(value, Helper):
        return Helper(value.name, {k: _perturbed(v, rng) for k, v in value.params.items()})  # type: ignore[misc]
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


@dataclass
class MutantRow:
    challenge: str
    mutants: int = 0
    killed: int = 0
    named: int = 0
    one_cause: int = 0
    unfaithful: int = 0
    survivors: tuple[str, ...] = ()
    equivalent: int = 0
    placeable: int = 0  # killed mutants whose file keeps the reference's lines
    localised: int = 0  # of those, the localisation names the mutated line


def mutants(challenge: Challenge, prepared: PreparedChallenge, show: bool = False) -> MutantRow:
    import warnings

    row = MutantRow(challenge.id)
    survivors: list[str] = []
    runner = InProcess(prepared)
    unparsed = ast.parse(ast.unparse(ast.parse(challenge.reference_source)))
    for label, line, source in _Mutator(unparsed).mutants():
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            result = grade(prepared, source, "en", runner)
        row.mutants += 1
        if all(t.passed for t in result.tests) and result.error is None:
            same = equivalent(challenge, prepared, source)
            row.equivalent += same
            survivors.append(f"{label}{' (equivalent on fresh inputs)' if same else ''}")
            continue
        row.killed += 1
        # An if's body moved up a level, or a statement gone: the lines after it move, so only
        # a mutant that keeps the file's lines says which line is right.
        if line is not None and len(source.splitlines()) == len(ast.unparse(unparsed).splitlines()):
            row.placeable += 1
            row.localised += result.localisation is not None and result.localisation.line == line
            if show and (result.localisation is None or result.localisation.line != line):
                got = result.localisation.line if result.localisation is not None else None
                print(f"  {challenge.id} mutant {label}: localised at {got}")
        told = len(result.diagnoses) + len(result.causes)
        row.named += told > 0
        everything_explained = all(t.passed or t.explained_by for t in result.tests)
        row.one_cause += told == 1 and everything_explained
        ids = [d.id for d in result.diagnoses]
        row.unfaithful += bool(ids) and not faithful(prepared, source, ids)
    row.survivors = tuple(survivors)
    return row


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--challenge", action="append")
    parser.add_argument("--no-mutants", action="store_true")
    parser.add_argument("--list", action="store_true", help="print each miss and each surviving mutant")
    options = parser.parse_args()
    challenges = load_challenges(ROOT / "challenges")
    chosen = options.challenge or sorted(challenges)
    sandbox = default_sandbox()
    rows, mutant_rows = [], []
    try:
        for challenge_id in chosen:
            started = time.perf_counter()
            prepared = prepare(challenges[challenge_id])
            prepared.warm()
            ready = time.perf_counter() - started
            print(f"{challenge_id}: prepared in {ready:.1f} s")
            rows.append(corpus(challenge_id, prepared, sandbox, options.list))
            if not options.no_mutants:
                mutant_rows.append(mutants(challenges[challenge_id], prepared, options.list))
    finally:
        sandbox.close()
    print()
    print(
        "| challenge | wrong files | with a misconception | named exactly | no-diagnosis files kept honest "
        "| files with a false diagnosis | correct variants diagnosed | reads (median, worst) | grading ms (median) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r.challenge} | {r.files} | {r.with_misconception} | {r.named} ({_pct(r.named, r.with_misconception)}) "
            f"| {r.honest}/{r.no_diagnosis_files} | {r.false} | {r.correct_diagnosed}/{r.correct_variants} "
            f"| {statistics.median(r.reads):.0f}, {max(r.reads)} | {statistics.median(r.ms):.1f} |"
        )
    total = [sum(getattr(r, f) for r in rows) for f in ("with_misconception", "named", "false")]
    print(
        f"| all | {sum(r.files for r in rows)} | {total[0]} | {total[1]} ({_pct(total[1], total[0])}) "
        f"| | {total[2]} | | | |"
    )
    if mutant_rows:
        print()
        print(
            "| challenge | mutants | killed | survivors (equivalent) | score over non-equivalent | killed and named "
            "| one cause, every failure pointing to it | unfaithful diagnoses | localised at the mutated line |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for m in mutant_rows:
            print(
                f"| {m.challenge} | {m.mutants} | {m.killed} | {len(m.survivors)} ({m.equivalent}) "
                f"| {_pct(m.killed, m.mutants - m.equivalent)} "
                f"| {m.named} ({_pct(m.named, m.killed)}) | {m.one_cause} ({_pct(m.one_cause, m.killed)}) | {m.unfaithful} "
                f"| {m.localised}/{m.placeable} ({_pct(m.localised, m.placeable)}) |"
            )
        if options.list:
            for m in mutant_rows:
                for label in m.survivors:
                    print(f"  survivor {m.challenge}: {label}")


if __name__ == "__main__":
    main()
