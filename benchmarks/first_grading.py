"""The first grading of a wrong submission in a fresh worker, against the ones after it.

    .venv/bin/python benchmarks/first_grading.py [--rounds N]

A worker warms each challenge's error model once when it starts; whatever the warming leaves
out, the first submission that needs it pays for. Per challenge, each round prepares and warms
the challenge afresh, then grades every file of tests/wrong/<challenge>/ twice through the
default sandbox: "first" is the grading a student meets in a fresh worker, "again" the steady
state. Two ways, alternated in the same run:
  warmed  the warming of today (every set of three choices run on the first probe call)
  naive   sets of three left to the first submission that needs them
It prints the warming time, p50/p99/max of the first and second gradings, the throughput of the
first pass, and first/again as a ratio (1.0: the first student waits no longer than the next).
"""

from __future__ import annotations

import argparse
import statistics
import sys
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
    sources = [path.read_text() for path in sorted((ROOT / "tests" / "wrong" / challenge_id).glob("*.py"))]
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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
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
