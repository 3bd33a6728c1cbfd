"""`autograder grade` as a user runs it: how long it takes to start and what each file's grading costs.

    .venv/bin/python benchmarks/grade_cli.py [--challenge bloque] [--rounds 5] [--ref REF]

Runs the command on every file of `tests/corpora/<challenge>/solutions` and `tests/corpora/<challenge>/catalogue`
(one process for all of them, as a course's CI would) and reads its JSON Lines as they come:
start is the time from launching the process to its first result less that result's own
`grading_ms`, then the median `grading_ms` per file, the whole run's wall time and the CPU
seconds of the process and its sandbox. With `--ref REF`, the same runs from a worktree of REF,
alternated with this tree's in the same minutes (this machine's speed drifts), and the ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cpu
from ab import worktree

ROOT = Path(__file__).resolve().parents[1]
MEASURES = ("start s", "grading_ms p50", "grading_ms solutions p50", "wall s", "CPU s")


def files(challenge: str) -> list[Path]:
    found = sorted((ROOT / "tests" / "corpora" / challenge / "solutions").glob("*.py"))
    return found + sorted((ROOT / "tests" / "corpora" / challenge / "catalogue").glob("*.py"))


def run(tree: Path, challenge: str, paths: list[Path]) -> dict[str, float]:
    """One `autograder grade --json` over `paths`, run from `tree`'s code."""
    command = [sys.executable, "-m", "service.cli", "grade", "--json", "--challenge", challenge]
    started = time.perf_counter()
    process = subprocess.Popen([*command, *map(str, paths)], cwd=tree, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    first: float | None = None
    grading: list[float] = []
    spent = 0.0
    for line in process.stdout:
        grading.append(json.loads(line)["grading_ms"])
        if first is None:
            first = time.perf_counter() - started - grading[0] / 1000
        if len(grading) == len(paths):  # before the sandbox closes: its zygotes' CPU with it
            spent = cpu.process_tree(process.pid)
    process.wait()
    wall = time.perf_counter() - started
    assert process.returncode == 0
    assert first is not None
    assert len(grading) == len(paths)
    solutions = sum(1 for p in paths if p.parent.name == "solutions")
    return {
        "start s": first,
        "grading_ms p50": statistics.median(grading),
        "grading_ms solutions p50": statistics.median(grading[:solutions]),
        "wall s": wall,
        "CPU s": spent,
    }


def table(sides: dict[str, list[dict[str, float]]]) -> str:
    names = list(sides)
    lines = ["| measure | " + " | ".join(f"{n} (median)" for n in names) + " |"]
    lines.append("| --- |" + " ---: |" * len(names))
    for measure in MEASURES:
        values = [statistics.median(r[measure] for r in sides[n]) for n in names]
        lines.append(f"| {measure} | " + " | ".join(f"{v:.3f}" for v in values) + " |")
    if len(names) == 2:
        lines[0] += f" {names[1]} / {names[0]} |"
        lines[1] += " ---: |"
        for i, measure in enumerate(MEASURES):
            old, new = (statistics.median(r[measure] for r in sides[n]) for n in names)
            lines[i + 2] += f" {new / old:.2f}× |"
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--challenge", default="bloque")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ref", help="a commit to compare this tree with, alternated in the same minutes")
    args = parser.parse_args()
    paths = files(args.challenge)
    sides: dict[str, list[dict[str, float]]] = {}
    with worktree(args.ref) if args.ref else contextlib.nullcontext() as other:
        trees = [(args.ref, other)] if other is not None else []
        trees.append(("this tree", ROOT))
        for round_ in range(args.rounds):
            for name, tree in trees if round_ % 2 == 0 else trees[::-1]:
                sides.setdefault(name, []).append(run(tree, args.challenge, paths))
                print(f"round {round_ + 1}, {name}: {sides[name][-1]}", flush=True)
    print(f"\n`autograder grade --json` over {len(paths)} files of {args.challenge}, {args.rounds} rounds\n")
    print(table({name: sides[name] for name, _ in trees}))


if __name__ == "__main__":
    main()
