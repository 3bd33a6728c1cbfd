"""How fast the command line starts, against what it cannot avoid, in the same run.

    .venv/bin/python benchmarks/cli_start.py [--rounds 7] [--challenge layer_norm] [--ref REF]

Each round runs, one after another: `python -c "import numpy"` (the floor: every command that
grades needs NumPy), `autograder --help`, `autograder grade` of one correct file and of one
wrong file (its diagnosis searched), and times a grading of the same files in a process that has
its grader and sandbox warm; every command's `--help` too (groups and their commands). Prints the median wall time and CPU (the process and every child it
waited for: its sandbox) of each, and the two targets: `--help` within 2× the NumPy import, a
one-file grading within 3× (warm grading + NumPy import); every `--help` is held to the same 2×. With `--ref REF`, the commands also
run from a worktree of REF in the same rounds (this machine's speed drifts), and their ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ab import worktree  # noqa: E402

PYTHON = sys.executable
FILES = {
    "correct": "tests/corpora/{}/solutions/loops.py",
    "wrong": "tests/corpora/{}/catalogue/batch_norm.py",
}


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(command: Sequence[str], tree: Path = ROOT) -> tuple[float, float]:
    """Wall seconds and CPU seconds (it and the children it reaped) of one run of `command`."""
    cpu, started = _children_cpu(), time.perf_counter()
    subprocess.run(command, cwd=tree, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started, _children_cpu() - cpu


def helps() -> list[list[str]]:
    """Every command's words, groups and their commands too, as `autograder --help` lists them."""
    import typer

    from service.cli import main

    top = typer.main.get_group(main.app)
    found: list[list[str]] = [[]]
    for name in top.list_commands(top.context_class(top)):
        found.append([name])
        if name in main.groups():
            group = main.load_group(name)
            subs = group.list_commands(group.context_class(group)) if hasattr(group, "list_commands") else []
            found += [[name, sub] for sub in subs]
    return found


def commands(challenge: str) -> dict[str, list[str]]:
    cli = [PYTHON, "-m", "service.cli"]
    found = {'python -c "import numpy"': [PYTHON, "-c", "import numpy"]}
    for words in helps():
        found[" ".join(["autograder", *words, "--help"])] = [*cli, *words, "--help"]
    for kind, path in FILES.items():
        found[f"autograder grade, one {kind} file"] = [
            *cli,
            "grade",
            path.format(challenge),
            "--challenge",
            challenge,
            "--json",
        ]
    return found


def warm_gradings(challenge: str, rounds: int) -> dict[str, list[float]]:
    """Wall seconds of grading each file in this process, grader and sandbox warm."""
    from grader.challenge import load_challenges
    from grader.grade import Grader
    from grader.sandbox import default_sandbox

    sandbox = default_sandbox(slots=1)
    try:
        grader = Grader(load_challenges(ROOT / "challenges"), sandbox)
        grader.warm()
        found: dict[str, list[float]] = {}
        for kind, path in FILES.items():
            source = (ROOT / path.format(challenge)).read_text()
            for _ in range(rounds + 2):
                started = time.perf_counter()
                grader.grade(challenge, source, "en")
                found.setdefault(kind, []).append(time.perf_counter() - started)
        return found
    finally:
        sandbox.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--challenge", default="layer_norm")
    parser.add_argument("--ref", help="a commit to compare this tree with, in the same rounds")
    args = parser.parse_args()
    runs = commands(args.challenge)
    with worktree(args.ref) if args.ref else contextlib.nullcontext() as other:
        trees = {"this tree": ROOT, **({args.ref: other} if other is not None else {})}
        walls, cpus = measure(runs, trees, args.rounds)
    warm = {
        kind: statistics.median(found) for kind, found in warm_gradings(args.challenge, args.rounds).items()
    }
    print(f"{args.rounds} rounds, median; CPU: the process and the children it reaped\n")
    print(report(runs, walls, cpus, warm, args.ref))
    over = [
        name
        for name in runs
        if name.endswith("--help")
        and statistics.median(walls[("this tree", name)])
        > 2 * statistics.median(walls[("this tree", 'python -c "import numpy"')])
    ]
    print(f"\n--help over 2× the NumPy import: {', '.join(over) or 'none'}")


Measured = dict[tuple[str, str], list[float]]  # (tree, command) -> seconds of each round


def measure(runs: dict[str, list[str]], trees: dict[str, Path], rounds: int) -> tuple[Measured, Measured]:
    walls: Measured = {}
    cpus: Measured = {}
    for tree in trees.values():
        for command in runs.values():
            timed(command, tree)  # the page cache and the bytecode warm
    for round_ in range(rounds):
        order = list(trees.items()) if round_ % 2 == 0 else list(trees.items())[::-1]
        for name, command in runs.items():
            for side, tree in order:
                wall, cpu = timed(command, tree)
                walls.setdefault((side, name), []).append(wall)
                cpus.setdefault((side, name), []).append(cpu)
    return walls, cpus


def report(
    runs: dict[str, list[str]], walls: Measured, cpus: Measured, warm: dict[str, float], ref: str | None
) -> str:
    wall = {key: statistics.median(found) for key, found in walls.items()}
    cpu = {key: statistics.median(found) for key, found in cpus.items()}
    numpy = wall[("this tree", 'python -c "import numpy"')]
    header = "| command | wall ms | CPU ms | target ms (wall) | wall ÷ target |"
    rule = "| --- | ---: | ---: | ---: | ---: |"
    if ref:
        header += f" {ref} wall ms | {ref} CPU ms | CPU, this tree ÷ {ref} |"
        rule += " ---: | ---: | ---: |"
    lines = [header, rule]
    for name in runs:
        target = 2 * numpy if name.endswith("--help") else None
        for kind in FILES:
            if name.endswith(f"one {kind} file"):
                target = 3 * (warm[kind] + numpy)
        ours = ("this tree", name)
        shown = f"{1000 * target:.0f} | {wall[ours] / target:.2f}×" if target else "– | –"
        line = f"| {name} | {1000 * wall[ours]:.0f} | {1000 * cpu[ours]:.0f} | {shown} |"
        if ref:
            theirs = (ref, name)
            line += (
                f" {1000 * wall[theirs]:.0f} | {1000 * cpu[theirs]:.0f} | {cpu[ours] / cpu[theirs]:.2f}× |"
            )
        lines.append(line)
    for kind, seconds in warm.items():
        lines.append(f"| a warm in-process grading, {kind} | {1000 * seconds:.1f} | – | – | – |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
