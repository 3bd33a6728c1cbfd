"""The first grading of a wrong submission in a fresh worker, against the ones after it.

    .venv/bin/python benchmarks/first_grading.py [--rounds N]

A worker warms each challenge's error model once when it starts; whatever the warming leaves
out, the first submission that needs it pays for. Per challenge, each round prepares and warms
the challenge afresh, then grades every file of tests/corpora/<challenge>/catalogue/ twice through the
default sandbox: "first" is the grading a student meets in a fresh worker, "again" the steady
state. Two ways, alternated in the same run:
  warmed  the warming of today (every set of three choices run on the first probe call)
  naive   sets of three left to the first submission that needs them
It prints the warming time, p50/p99/max of the first and second gradings, the throughput of the
first pass, and first/again as a ratio (1.0: the first student waits no longer than the next).

    .venv/bin/python benchmarks/first_grading.py --against REF [--rounds N] [--corpus DIR]

Side by side with another version: REF (any commit) is checked out in a temporary worktree, and
the steady grading of every file of the corpus (default: set `independent` of tests/corpora; `# kind:
correct` files are the correct ones) runs in a process of REF's code and one of this tree's in
turn, the order swapped every round, so that the machine's drift weighs on both alike. Each
file is graded once to warm up, then `--repeats` times; per file the median, then per side the
median over wrong files and over correct ones, and the ratio of this tree to REF.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader import modelruns  # noqa: E402
from grader.challenge import load_challenges  # noqa: E402
from grader.grade import grade  # noqa: E402
from grader.prepared import prepare  # noqa: E402
from grader.sandbox import default_sandbox  # noqa: E402
from grader.sandbox.base import Sandbox  # noqa: E402

CHALLENGES = ("layer_norm", "bloque", "atencion_causal")
WAYS = {"warmed": modelruns.WARM_TRIPLES_PROBES, "naive": 0}


@dataclass
class Times:
    warm_s: list[float]
    first_ms: list[float]
    again_ms: list[float]


def _one_round(challenge_id: str, way: str, sandbox: Sandbox, times: Times) -> None:
    modelruns.WARM_TRIPLES_PROBES = WAYS[way]
    challenge = load_challenges(ROOT / "challenges")[challenge_id]
    started = time.perf_counter()
    prepared = prepare(challenge)
    prepared.warm()
    times.warm_s.append(time.perf_counter() - started)
    sources = [
        path.read_text()
        for path in sorted((ROOT / "tests" / "corpora" / challenge_id / "catalogue").glob("*.py"))
    ]
    for into in (times.first_ms, times.again_ms):
        for source in sources:
            started = time.perf_counter()
            grade(prepared, source, "en", sandbox)
            into.append((time.perf_counter() - started) * 1000)


def _p(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _row(challenge_id: str, way: str, times: Times) -> str:
    first, again = times.first_ms, times.again_ms
    rate = len(first) / (sum(first) / 1000)
    cells = [
        f"{statistics.median(times.warm_s):.2f}",
        f"{statistics.median(first):.0f}",
        f"{_p(first, 0.99):.0f}",
        f"{max(first):.0f}",
        f"{rate:.1f}",
        f"{statistics.median(again):.0f}",
        f"{_p(again, 0.99):.0f}",
        f"{sum(first) / sum(again):.2f}",
    ]
    return f"| {challenge_id} | {way} | " + " | ".join(cells) + " |"


def steady(corpus: Path, subset: str, repeats: int) -> dict[str, list[float]]:
    """Per file of the set `subset` of `corpus` (<corpus>/<challenge>/<subset>/), the median of `repeats` gradings after one to warm up, in ms."""
    challenges = load_challenges(ROOT / "challenges")
    sandbox = default_sandbox()
    found: dict[str, list[float]] = {"wrong": [], "correct": []}
    try:
        for challenge_id in CHALLENGES:
            prepared = prepare(challenges[challenge_id])
            prepared.warm()
            for path in sorted((corpus / challenge_id / subset).glob("*.py")):
                source = path.read_text()
                grade(prepared, source, "es", sandbox)
                times = []
                for _ in range(repeats):
                    started = time.perf_counter()
                    grade(prepared, source, "es", sandbox)
                    times.append((time.perf_counter() - started) * 1000)
                kind = "correct" if "# kind: correct" in source.split("\nimport", 1)[0] else "wrong"
                found[kind].append(statistics.median(times))
    finally:
        sandbox.close()
    return found


def against(ref: str, rounds: int, corpus: Path, subset: str, repeats: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        other = Path(folder) / "ref"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(other), ref], check=True)
        try:
            shutil.copy(Path(__file__), other / "benchmarks" / "first_grading.py")
            sides = {ref: other, "this tree": ROOT}
            measured: dict[str, dict[str, list[float]]] = {s: {"wrong": [], "correct": []} for s in sides}
            for round_ in range(rounds):
                order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
                for side in order:
                    script = sides[side] / "benchmarks" / "first_grading.py"
                    command = [
                        sys.executable,
                        str(script),
                        "--steady",
                        str(corpus),
                        "--set",
                        subset,
                        "--repeats",
                        str(repeats),
                    ]
                    printed = subprocess.run(command, check=True, capture_output=True, text=True).stdout
                    for kind, values in json.loads(printed.splitlines()[-1]).items():
                        measured[side][kind].append(statistics.median(values))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=True)
    print(f"| grading ms, median over files (median of {rounds} rounds) | {ref} | this tree | ratio |")
    print("|---|---:|---:|---:|")
    for kind in ("wrong", "correct"):
        before, after = (statistics.median(measured[s][kind]) for s in sides)
        print(f"| {kind} | {before:.1f} | {after:.1f} | {after / before:.2f}× |")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--against", metavar="REF")
    parser.add_argument("--corpus", type=Path, default=ROOT / "tests" / "corpora")
    parser.add_argument("--set", default="independent", help="the files are in <corpus>/<challenge>/SET/")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--steady", type=Path, help=argparse.SUPPRESS)  # one side of --against
    args = parser.parse_args()
    if args.steady is not None:
        print(json.dumps(steady(args.steady, args.set, args.repeats)))
        return
    if args.against is not None:
        against(args.against, args.rounds, args.corpus.resolve(), args.set, args.repeats)
        return
    sandbox = default_sandbox()
    print(
        "| challenge | way | warm s | first p50 ms | first p99 | first max | first /s | again p50 | again p99 | first/again |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    try:
        for challenge_id in CHALLENGES:
            results = {way: Times([], [], []) for way in WAYS}
            for _ in range(args.rounds):
                for way in WAYS:
                    _one_round(challenge_id, way, sandbox, results[way])
            for way in WAYS:
                print(_row(challenge_id, way, results[way]))
    finally:
        modelruns.WARM_TRIPLES_PROBES = WAYS["warmed"]
        sandbox.close()


if __name__ == "__main__":
    main()
