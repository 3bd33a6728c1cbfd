"""A kept-apart set graded by this tree and by another version, side by side, against its labels.

    .venv/bin/python benchmarks/kept_apart.py tests/corpora [--set kept_apart] [--against REF]
        [--rounds 3] [--show FILE]

The set is `<corpus>/<challenge>/<set>/`: its files and a `labels.toml` written before any
grading, one table per file, `["<name>.py"]`, with `correct` (true for a correct variant), `line`
(the first line where the computation leaves the lesson's; a list when either of two is right)
and `step_names` (the challenge's `[steps]` names of what that line computes, any of them right).
After the first grading a reader adds, for each wrong file, what its messages were judged to say:

    named = ["eps_outside_root"]    (diagnosis ids that name the labelled misconception)
    true = []                       (ids that name another mistake the file does make)

Every other diagnosis is a false one. REF is a commit (checked out in a temporary worktree) or
the folder of a checkout. Each version grades in its own process, with this interpreter and its
own `grader` first on the path; the versions alternate `--rounds` times, the order swapped every
round, so that the machine's drift weighs on both alike. The figures are the first round's
gradings (each file graded once, both languages told from it); the times are every round's.

Per challenge and in total, for each version: named (over the wrong files, from the reading),
false diagnoses, one story (every failed test explained, at most one message: a diagnosis, a
cause or the whole-file error, no hedging note, in both languages), the line right (the
localisation's line is a labelled line), the step right (at the labelled line, the step the
localisation names is a labelled step; a version whose Result has no `localisation.step` is read
from its English sentence), correct variants clean (100, no diagnosis, cause, note or error);
then the wrong files' grading time, median wall ms and the grading process's CPU ms, side by
side with their ratio. `--show FILE` writes every wrong file's messages of both versions, for the
reading. The run exits with status 1 when it graded no file.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import statistics
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.ab import worktree  # noqa: E402

LANGS = ("es", "en")
THIS = "this tree"
NONE = "none"


@dataclass(frozen=True)
class Label:
    challenge: str
    name: str
    path: Path
    correct: bool
    lines: frozenset[int]
    steps: frozenset[str]
    named: frozenset[str] | None  # None: not read yet
    true: frozenset[str]

    @property
    def key(self) -> str:
        return f"{self.challenge}/{self.name}"


def _strings(value: Any) -> frozenset[str]:
    if value is None:
        return frozenset()
    items = value if isinstance(value, list) else [value]
    return frozenset(str(v) for v in items if str(v) != NONE)


def _ints(value: Any) -> frozenset[int]:
    items = value if isinstance(value, list) else [value]
    return frozenset(int(n) for v in items for n in re.findall(r"\d+", str(v)))


def read_labels(corpus: Path, subset: str) -> list[Label]:
    """Every <challenge>/<subset>/labels.toml's tables, one per file (a table for a missing file is refused)."""
    labels = []
    for folder in sorted(corpus.glob(f"*/{subset}")):
        raw = tomllib.loads((folder / "labels.toml").read_text())
        for name, table in sorted(raw.items()):
            path = folder / name
            if not path.is_file():
                raise SystemExit(f"{folder / 'labels.toml'} names {name}, which is not there")
            labels.append(
                Label(
                    challenge=folder.parent.name,
                    name=path.stem,
                    path=path,
                    correct=bool(table.get("correct")),
                    lines=_ints(table.get("line", [])),
                    steps=_strings(table.get("step_names")),
                    named=_strings(table["named"]) if "named" in table else None,
                    true=_strings(table.get("true")),
                )
            )
    return labels


# ---- one version's side: run in its own process, with that version's grader on the path ----


def grade_side(tree: Path, files: list[str]) -> None:
    """Grades each file once (both languages told from the one grading) and prints a JSON line each."""
    sys.path.insert(0, str(tree))
    import numpy as np

    from grader.challenge import load_challenges
    from grader.grade import grade_in
    from grader.prepared import prepare
    from grader.sandbox import default_sandbox

    challenges = load_challenges(tree / "challenges")
    sandbox = default_sandbox()
    prepared = {}
    try:
        for item in files:  # each `<challenge>/<name>=<path>`
            key, path = item.split("=", 1)
            challenge = key.split("/")[0]
            if challenge not in prepared:
                prepared[challenge] = prepare(challenges[challenge])
                prepared[challenge].warm()
            source = Path(path).read_text()
            wall, cpu = time.perf_counter(), time.process_time()
            with np.errstate(all="ignore"):
                told = grade_in(prepared[challenge], source, LANGS, sandbox)
            ms = 1000 * (time.perf_counter() - wall)
            cpu_ms = 1000 * (time.process_time() - cpu)
            results = {lang: told[lang].model_dump(mode="json") for lang in LANGS}
            print(json.dumps({"key": key, "ms": ms, "cpu_ms": cpu_ms, "results": results}), flush=True)
    finally:
        sandbox.close()


# ---- the comparison ----


@dataclass
class Graded:
    key: str
    ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    results: dict[str, dict[str, Any]] = field(default_factory=dict)  # the first round's, by language


def run_side(tree: Path, labels: list[Label]) -> dict[str, Graded]:
    files = [f"{label.key}={label.path}" for label in labels]
    command = [sys.executable, str(Path(__file__).resolve()), "--side", str(tree), *files]
    printed = subprocess.run(command, cwd=tree, check=True, capture_output=True, text=True).stdout
    graded: dict[str, Graded] = {}
    for line in printed.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            graded[row["key"]] = Graded(row["key"], [row["ms"]], [row["cpu_ms"]], row["results"])
    return graded


@contextmanager
def checkout(ref: str) -> Iterator[Path]:
    """REF's tree: the folder itself when REF is one, else a temporary worktree of the commit."""
    if Path(ref).is_dir():
        yield Path(ref).resolve()
        return
    with worktree(ref) as path:
        yield path


def alternate(sides: dict[str, Path], labels: list[Label], rounds: int) -> dict[str, dict[str, Graded]]:
    graded: dict[str, dict[str, Graded]] = {}
    names = list(sides)
    for round_ in range(rounds):
        for name in names if round_ % 2 == 0 else names[::-1]:
            got = run_side(sides[name], labels)
            if name not in graded:
                graded[name] = got
                continue
            for key, row in got.items():
                graded[name][key].ms += row.ms
                graded[name][key].cpu_ms += row.cpu_ms
            print(f"round {round_ + 1}, {name}: graded {len(got)}", file=sys.stderr, flush=True)
    return graded


# ---- what a Result says, in either version's format ----


def reference_steps(tree: Path, challenge: str) -> dict[str, list[str]]:
    """Each reference function's [steps] names in the order its lines compute them."""
    source = (tree / "challenges" / challenge / "reference.py").read_text()
    known = set(
        tomllib.loads((tree / "challenges" / challenge / "challenge.toml").read_text()).get("steps", {})
    )
    order: dict[str, list[str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef):
            names = [
                t.id
                for s in node.body
                if isinstance(s, ast.Assign)
                for t in s.targets
                if isinstance(t, ast.Name) and t.id in known
            ]
            order[node.name] = names or (["return"] if "return" in known else [])
    return order


def step_named(result: dict[str, Any], words: dict[str, str], first: dict[str, list[str]]) -> str:
    """The [steps] name the localisation says its line computes ("none": it names none)."""
    where = result.get("localisation")
    if not isinstance(where, dict):
        return NONE
    if "step" in where:
        return str(where["step"] or NONE)
    message = str(where.get("message", ""))
    if message.startswith("From its first step"):
        steps = first.get(str(where.get("function")), [])
        return steps[0] if steps else NONE
    computes = re.search(r"\(there the lesson computes (.*)\)\.?$", message)
    if computes is None:
        return NONE
    told = computes.group(1)
    return next((name for name, said in words.items() if said == told), "?")


def one_story(result: dict[str, Any]) -> bool:
    failed = [t for t in result["tests"] if not t["passed"]]
    unexplained = [t for t in failed if not t.get("explained_by")]
    messages = len(result["diagnoses"]) + len(result.get("causes", [])) + (result.get("error") is not None)
    hedging = result.get("note") is not None and bool(unexplained)
    return not unexplained and not hedging and messages <= 1


def clean(result: dict[str, Any]) -> bool:
    return (
        result["score"] == 100
        and all(t["passed"] for t in result["tests"])
        and not result["diagnoses"]
        and not result.get("causes")
        and result.get("note") is None
        and result.get("error") is None
    )


@dataclass(frozen=True)
class Judged:
    label: Label
    ids: frozenset[str]
    named: bool | None  # None: not read yet
    false: bool | None
    one_story: bool
    line_right: bool
    step_right: bool
    clean: bool


def judge(label: Label, graded: Graded, words: dict[str, str], first: dict[str, list[str]]) -> Judged:
    results = graded.results
    ids = frozenset(d["id"] for d in results["en"]["diagnoses"])
    where = results["en"].get("localisation")
    line = where.get("line") if isinstance(where, dict) else None
    line_right = line in label.lines
    read = label.named is not None and not label.correct
    return Judged(
        label=label,
        ids=ids,
        named=bool(ids & label.named) if read and label.named is not None else None,
        false=bool(ids - label.named - label.true) if read and label.named is not None else None,
        one_story=all(one_story(results[lang]) for lang in LANGS),
        line_right=line_right,
        step_right=line_right and step_named(results["en"], words, first) in label.steps,
        clean=all(clean(results[lang]) for lang in LANGS),
    )


def _pct(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f} %)" if whole else "-"


def figures(judged: list[Judged]) -> dict[str, str]:
    wrong = [j for j in judged if not j.label.correct]
    correct = [j for j in judged if j.label.correct]
    read = [j for j in wrong if j.named is not None]
    placed = [j for j in wrong if j.label.lines]
    stepped = [j for j in wrong if j.label.steps]
    return {
        "wrong": str(len(wrong)),
        "named": _pct(sum(bool(j.named) for j in read), len(read)) if read else "not read",
        "false": str(sum(bool(j.false) for j in judged if j.false is not None)) if read else "not read",
        "one story": _pct(sum(j.one_story for j in wrong), len(wrong)),
        "line right": _pct(sum(j.line_right for j in placed), len(placed)),
        "step right": _pct(sum(j.step_right for j in stepped), len(stepped)),
        "correct clean": _pct(sum(j.clean for j in correct), len(correct)),
        "correct diagnosed": str(sum(bool(j.ids) for j in correct)),
    }


COLUMNS = ("wrong", "named", "false", "one story", "line right", "step right", "correct clean")


def table(by_side: dict[str, list[Judged]]) -> list[str]:
    out = [
        "| challenge | version | " + " | ".join(COLUMNS) + " |",
        "|---|---|" + "---|" * len(COLUMNS),
    ]
    challenges = sorted({j.label.challenge for js in by_side.values() for j in js})
    for challenge in [*challenges, "all"]:
        for side, judged in by_side.items():
            chosen = [j for j in judged if challenge in ("all", j.label.challenge)]
            shown = figures(chosen)
            out.append(f"| {challenge} | {side} | " + " | ".join(shown[c] for c in COLUMNS) + " |")
    return out


def timing(graded: dict[str, dict[str, Graded]], labels: list[Label]) -> list[str]:
    wrong = [label.key for label in labels if not label.correct]
    sides = list(graded)
    rows = {}
    for side in sides:
        per_file_ms = [statistics.median(graded[side][k].ms) for k in wrong]
        per_file_cpu = [statistics.median(graded[side][k].cpu_ms) for k in wrong]
        rows[side] = (statistics.median(per_file_ms), statistics.median(per_file_cpu), sum(per_file_ms))
    base, mine = sides[0], sides[-1]
    out = [
        f"| wrong files ({len(wrong)}), each its median over the rounds | {base} | {mine} | {mine} / {base} |",
        "|---|---:|---:|---:|",
    ]
    for i, what in enumerate(
        ("wall ms, median file", "grading process CPU ms, median file", "wall ms, the set")
    ):
        a, b = rows[base][i], rows[mine][i]
        out.append(f"| {what} | {a:.1f} | {b:.1f} | {b / a:.2f}× |")
    return out


def shown(by_side: dict[str, list[Judged]], graded: dict[str, dict[str, Graded]]) -> list[str]:
    """Every wrong file's messages in each version, English then Spanish: for the reading."""
    out: list[str] = []
    first_side = next(iter(by_side.values()))
    for index, judged in enumerate(first_side):
        label = judged.label
        if label.correct:
            continue
        out += [f"## {label.key} (line {sorted(label.lines)}, step {sorted(label.steps)})", ""]
        for side in by_side:
            mine = by_side[side][index]
            results = graded[side][label.key].results
            out.append(
                f"### {side}: ids {sorted(mine.ids) or NONE}; line right {mine.line_right}, "
                f"step right {mine.step_right}, one story {mine.one_story}"
            )
            for lang in LANGS:
                result = results[lang]
                said = [d["message"] for d in result["diagnoses"]]
                said += [c["message"] for c in result.get("causes", [])]
                if result.get("error"):
                    said.append(result["error"]["message"])
                where = result.get("localisation")
                if isinstance(where, dict):
                    said.append(f"[line {where.get('line')}] {where.get('message')}")
                out += [f"- {lang}: {s}" for s in said] or [f"- {lang}: (nothing)"]
            out.append("")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("corpus", type=Path, help="the folder of <challenge>/<set>/ (tests/corpora)")
    parser.add_argument("--set", default="kept_apart", help="the set's folder name under each challenge")
    parser.add_argument("--against", help="a commit or a checkout's folder to compare this tree with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--show", type=Path, help="write every wrong file's messages here, for the reading")
    options = parser.parse_args(argv)
    labels = read_labels(options.corpus.resolve(), options.set)
    if not labels:
        print(f"no labelled file in {options.corpus}/*/{options.set}: nothing measured", file=sys.stderr)
        return 1
    with checkout(options.against) if options.against else _no_tree() as other:
        sides = {options.against: other} if other is not None else {}
        sides[THIS] = ROOT
        graded = alternate(sides, labels, max(1, options.rounds))
        by_side = {}
        for side, tree in sides.items():
            words: dict[str, dict[str, str]] = {}
            firsts: dict[str, dict[str, list[str]]] = {}
            for challenge in {label.challenge for label in labels}:
                steps = tomllib.loads((tree / "challenges" / challenge / "challenge.toml").read_text())
                words[challenge] = {n: w["en"] for n, w in steps.get("steps", {}).items()}
                firsts[challenge] = reference_steps(tree, challenge)
            by_side[side] = [
                judge(label, graded[side][label.key], words[label.challenge], firsts[label.challenge])
                for label in labels
            ]
    print("\n".join(table(by_side)))
    print()
    print("\n".join(timing(graded, labels)))
    if options.show:
        options.show.write_text("\n".join(shown(by_side, graded)) + "\n")
    return 0


@contextmanager
def _no_tree() -> Iterator[None]:
    yield None


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--side":
        grade_side(Path(sys.argv[2]), sys.argv[3:])
        sys.exit(0)
    sys.exit(main())
