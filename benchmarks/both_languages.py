"""What telling a grading in both languages costs the worker, against telling it in one.

    .venv/bin/python benchmarks/both_languages.py [--rounds N]

The worker runs and judges a submission once and tells its Result in the platform's language and
in the other (kept for the dashboard's language switch). Every file of tests/corpora/<challenge>/catalogue/
and tests/corpora/<challenge>/solutions/ is graded through the default sandbox, the two ways alternated
file by file in the same run:
  both    grade_in(..., ("es", "en")): one run, two Results
  naive   grade(..., "es"): one run, one Result (what the worker did before)
It prints p50/p99 wall and CPU milliseconds per submission of each way and both/naive ratios.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.challenge import load_challenges  # noqa: E402
from grader.grade import grade, grade_in  # noqa: E402
from grader.prepared import PreparedChallenge, prepare  # noqa: E402
from grader.sandbox import default_sandbox  # noqa: E402
from grader.sandbox.base import Sandbox  # noqa: E402

CHALLENGES = ("layer_norm", "bloque", "atencion_causal")
Way = Callable[[PreparedChallenge, str, Sandbox], object]
WAYS: dict[str, Way] = {
    "both": lambda prepared, source, sandbox: grade_in(prepared, source, ("es", "en"), sandbox),
    "naive": lambda prepared, source, sandbox: grade(prepared, source, "es", sandbox),
}


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    challenges = load_challenges(ROOT / "challenges")
    sandbox = default_sandbox()
    wall: dict[str, list[float]] = {way: [] for way in WAYS}
    cpu: dict[str, list[float]] = {way: [] for way in WAYS}
    try:
        for challenge_id in CHALLENGES:
            prepared = prepare(challenges[challenge_id])
            prepared.warm()
            folders = (
                ROOT / "tests" / "corpora" / challenge_id / "catalogue",
                ROOT / "tests" / "corpora" / challenge_id / "solutions",
            )
            sources = [p.read_text() for folder in folders for p in sorted(folder.glob("*.py"))]
            for _ in range(rounds):
                for source in sources:
                    for way, run in WAYS.items():
                        started, cpu_started = time.perf_counter(), time.process_time()
                        run(prepared, source, sandbox)
                        wall[way].append((time.perf_counter() - started) * 1000)
                        cpu[way].append((time.process_time() - cpu_started) * 1000)
    finally:
        sandbox.close()
    print("| way | submissions | p50 ms | p99 ms | graded/s | parent CPU ms p50 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for way in WAYS:
        rate = len(wall[way]) / (sum(wall[way]) / 1000)
        row = (len(wall[way]), _p(wall[way], 0.5), _p(wall[way], 0.99), rate, statistics.median(cpu[way]))
        print(f"| {way} | {row[0]} | {row[1]:.1f} | {row[2]:.1f} | {row[3]:.0f} | {row[4]:.2f} |")
    ratio = _p(wall["both"], 0.5) / _p(wall["naive"], 0.5)
    cpu_ratio = statistics.median(cpu["both"]) / statistics.median(cpu["naive"])
    print(f"\nboth/naive: p50 wall {ratio:.3f}, parent CPU {cpu_ratio:.3f}")


if __name__ == "__main__":
    main()
