"""The service benchmark's burst for two versions of the code, alternated in the same minutes.

    .venv/bin/python benchmarks/ab.py REF [--rounds 3] [--burst 800] [--setup postgres-redis]
    .venv/bin/python benchmarks/ab.py REF --bench storing [--results 600]

This machine's speed drifts by ±20 % within minutes, more than most changes are worth, so
comparing a table taken now with one taken an hour ago says little. Here REF (any commit) is
checked out in a temporary worktree and the burst of this tree's `service.py` (raw client) runs
the service of REF and of this working tree in turn (`--tree`), the order swapped every round so
that a drift weighs on both alike: both sides are measured by the same script, in this
virtualenv. Prints, per measure, the median of each side and their ratio: graded per second,
the CPU milliseconds per submission of each process, of the service and of the machine, and the
service's CPU against the bare grading process's. With `--bench storing`, each side's own
`storing.py` stores results instead (both databases): per stored result its CPU, rate and p50, and
what the aggregates cost against storing the rows alone in that same run.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEASURES = (
    "wait p50 ms",
    "graded/s",
    "bare/s",
    "÷ bare",
    "bare CPU",
    "bare sandbox",
    "api",
    "worker main",
    "worker pool",
    "sandbox",
    "postgres",
    "redis",
    "service",
    "CPU ÷ bare",
    "machine",
)
_BURST_ROW = re.compile(r"^\| [^|]+ \| burst, [^|]*raw client \| \d+ \| (\d+) \|", re.MULTILINE)
_SINGLE_ROW = re.compile(r"^\| [^|]+ \| one client, POST \?wait \| \d+ \| \d+ \| ([\d.]+) \|", re.MULTILINE)
_BARE_ROW = re.compile(r"^\| [^|]+ \| one bare [^|]* \| \d+ \| (\d+) \|", re.MULTILINE)
_BARE_CPU = re.compile(r"^bare grading process: ([\d.]+) CPU ms", re.MULTILINE)
_BARE_SANDBOX = re.compile(r"^bare grading process: .* of which its sandbox ([\d.]+)", re.MULTILINE)
_CPU_ROW = re.compile(r"^\| ([a-z ]+) \| ([\d.]+) \|$", re.MULTILINE)
STORING_MEASURES = tuple(
    f"{database} {measure}"
    for database in ("sqlite", "postgres")
    for measure in ("CPU ms", "stored/s", "p50 ms", "÷ rows only")
)
_STORED_ROW = re.compile(
    r"^\| (sqlite|postgres) \| store_graded \(with aggregates\) \| \d+ \| (\d+) \| ([\d.]+) \| [\d.]+ \| "
    r"([\d.]+) \| ([\d.]+) \|$",
    re.MULTILINE,
)
_STORED_RATIO = re.compile(
    r"^\| (sqlite|postgres) \| with aggregates ÷ rows only, CPU \|[ |]*([\d.]+)×", re.MULTILINE
)


@contextmanager
def worktree(ref: str) -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as parent:
        path = Path(parent) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(path), ref], cwd=ROOT, check=True)
        try:
            yield path
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT, check=False)


def burst(tree: Path, setup: str, count: int) -> dict[str, float]:
    """One burst of `tree`'s service: graded/s and the CPU ms per submission printed after it."""
    command = [sys.executable, str(ROOT / "benchmarks" / "service.py"), "--setups", setup]
    command += ["--single", "50", "--burst", str(count), "--client", "raw", "--tree", str(tree)]
    printed = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return parse(printed)


def parse(printed: str) -> dict[str, float]:
    found = _BURST_ROW.search(printed)
    if found is None:
        raise ValueError("no burst row in the benchmark's output")
    after = printed[found.end() :]
    cpu = {role: float(ms) for role, ms in _CPU_ROW.findall(after.split("\n\n")[0])}
    measured = {"graded/s": float(found.group(1)), **{m: cpu[m] for m in MEASURES if m in cpu}}
    single = _SINGLE_ROW.search(printed)
    if single is not None:
        measured["wait p50 ms"] = float(single.group(1))
    bare = _BARE_ROW.search(printed)
    if bare is not None:  # a version of the benchmark that measures the bare grading process
        measured["bare/s"] = float(bare.group(1))
        measured["÷ bare"] = measured["graded/s"] / measured["bare/s"]
    bare_cpu = _BARE_CPU.search(printed)
    if bare_cpu is not None:
        measured["bare CPU"] = float(bare_cpu.group(1))
        if "service" in measured:
            measured["CPU ÷ bare"] = measured["service"] / measured["bare CPU"]
    bare_sandbox = _BARE_SANDBOX.search(printed)
    if bare_sandbox is not None:
        measured["bare sandbox"] = float(bare_sandbox.group(1))
    return measured


def storing(tree: Path, count: int) -> dict[str, float]:
    """One run of `tree`'s storing benchmark: per database, the figures of storing with the aggregates."""
    command = [sys.executable, str(tree / "benchmarks" / "storing.py"), "--results", str(count)]
    printed = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return parse_storing(printed)


def parse_storing(printed: str) -> dict[str, float]:
    measured: dict[str, float] = {}
    for database, per_s, p50, client, server in _STORED_ROW.findall(printed):
        measured[f"{database} CPU ms"] = float(client) + float(server)
        measured[f"{database} stored/s"] = float(per_s)
        measured[f"{database} p50 ms"] = float(p50)
    for database, ratio in _STORED_RATIO.findall(printed):
        measured[f"{database} ÷ rows only"] = float(ratio)
    if not measured:
        raise ValueError("no storing row in the benchmark's output")
    return measured


def table(
    ref: str,
    before: list[dict[str, float]],
    after: list[dict[str, float]],
    measures: tuple[str, ...] = MEASURES,
) -> str:
    lines = [
        f"| measure | {ref} (median) | this tree (median) | this tree / {ref} |",
        "| --- | ---: | ---: | ---: |",
    ]
    for measure in measures:
        old = _median(before, measure)
        new = _median(after, measure)
        ratio = f"{new / old:.2f}×" if old and new else "–"
        lines.append(f"| {measure} | {_shown(old)} | {_shown(new)} | {ratio} |")
    return "\n".join(lines)


def _median(runs: list[dict[str, float]], measure: str) -> float | None:
    values = [run[measure] for run in runs if measure in run]
    return statistics.median(values) if values else None


def _shown(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}" if value < 10 else f"{value:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("ref", help="the commit to compare this working tree with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--burst", type=int, default=800)
    parser.add_argument("--setup", default="postgres-redis", choices=("postgres-redis", "embedded"))
    parser.add_argument("--bench", default="service", choices=("service", "storing"))
    parser.add_argument("--results", type=int, default=600, help="results stored per run (--bench storing)")
    args = parser.parse_args()
    before: list[dict[str, float]] = []
    after: list[dict[str, float]] = []
    with worktree(args.ref) as other:
        for round_ in range(args.rounds):
            sides = [(other, before), (ROOT, after)]
            for tree, runs in sides if round_ % 2 == 0 else sides[::-1]:
                runs.append(
                    storing(tree, args.results)
                    if args.bench == "storing"
                    else burst(tree, args.setup, args.burst)
                )
                print(
                    f"round {round_ + 1}, {'this tree' if tree == ROOT else args.ref}: {runs[-1]}", flush=True
                )
    if args.bench == "storing":
        print(f"\nstoring.py, {args.results} results a run, {args.rounds} rounds alternated\n")
        print(table(args.ref, before, after, STORING_MEASURES))
        return
    print(f"\n{args.setup}, burst of {args.burst} (raw client), {args.rounds} rounds alternated\n")
    print(table(args.ref, before, after))


if __name__ == "__main__":
    main()
