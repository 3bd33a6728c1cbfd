"""Sandboxed grading against its floor and against the naive way, per challenge.

    .venv/bin/python benchmarks/sandbox.py [--runs N] [--plain-runs N]

For each challenge it grades a correct submission (the reference) many times and prints p50
and p99 per submission and the throughput, for:
  floor    the same hidden suite run in-process with no sandbox, then judged the same way
  zygote   the default sandbox (ZygoteSandbox), one grader, then two graders at once
  plain    a fresh interpreter per submission (PlainSandbox), the naive way
and the ratios the targets are about: zygote p50 / floor p50 (target <= 3) and
zygote p50 / plain p50 (target <= 0.1). "CPU ms" is the CPU time one grading costs, all
processes together (this one, and the zygotes and their children or the fresh interpreters),
during the one-grader run: unlike wall-clock time, it barely moves when the machine is busy.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.challenge import Challenge, load_challenge  # noqa: E402
from grader.evaluate import evaluate  # noqa: E402
from grader.grade import Grader  # noqa: E402
from grader.sandbox import PlainSandbox, Sandbox, ZygoteSandbox  # noqa: E402
from grader.sandbox.idle import process_seconds  # noqa: E402

CHALLENGES = ("layer_norm", "bloque")


@dataclass(frozen=True)
class Timing:
    p50: float
    p99: float
    per_second: float
    cpu_ms: float


def timed(action: Callable[[], object], runs: int, sandbox_cpu: Callable[[], float]) -> Timing:
    """Run `action` `runs` times in a row: per-call percentiles (ms), calls per second, and CPU
    ms per call (this process plus what `sandbox_cpu` counts)."""
    samples = []
    cpu_before = time.process_time() + sandbox_cpu()
    started = time.perf_counter()
    for _ in range(runs):
        begin = time.perf_counter()
        action()
        samples.append((time.perf_counter() - begin) * 1000)
    total = time.perf_counter() - started
    cpu = time.process_time() + sandbox_cpu() - cpu_before
    return Timing(_percentile(samples, 50), _percentile(samples, 99), runs / total, 1000 * cpu / runs)


def zygotes_cpu(sandbox: ZygoteSandbox) -> Callable[[], float]:
    """CPU seconds of the sandbox's zygotes and of their children reaped so far."""
    pids = sandbox.zygote_pids()
    return lambda: sum(process_seconds(pid) for pid in pids)


def interpreters_cpu() -> float:
    """CPU seconds of this process's reaped children: the plain sandbox's interpreters."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def no_cpu() -> float:
    return 0.0


def concurrent_rate(action: Callable[[], object], runs: int, workers: int) -> float:
    """Calls per second with `workers` threads calling at once."""
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(lambda _: action(), range(runs)))
    return runs / (time.perf_counter() - started)


def _percentile(samples: list[float], q: int) -> float:
    if len(samples) < 2:
        return samples[0]
    return statistics.quantiles(samples, n=100, method="inclusive")[q - 1]


def grading(grader: Grader, challenge: Challenge) -> Callable[[], object]:
    def grade_once() -> object:
        result = grader.grade(challenge.id, challenge.reference_source)
        assert result.score == 100, result
        return result

    return grade_once


def floor(grader: Grader, challenge: Challenge) -> Callable[[], object]:
    prepared = grader.prepared(challenge.id)

    def in_process() -> object:
        tests = evaluate(prepared, prepared.run_in_process(challenge.reference_source), "es")
        assert all(t.passed for t in tests)
        return tests

    return in_process


def measure(challenge: Challenge, runs: int, plain_runs: int) -> list[str]:
    rows = []
    zygotes = ZygoteSandbox(2)
    sandboxes: dict[str, Sandbox] = {"zygote": zygotes, "plain": PlainSandbox()}
    try:
        graders = {name: Grader({challenge.id: challenge}, box) for name, box in sandboxes.items()}
        for grader in graders.values():
            grader.prepared(challenge.id).warm()
        zygote_grading = grading(graders["zygote"], challenge)
        concurrent_rate(zygote_grading, 8, 2)  # start both zygotes before timing
        base = timed(floor(graders["zygote"], challenge), runs, no_cpu)
        zygote = timed(zygote_grading, runs, zygotes_cpu(zygotes))
        zygote_2 = concurrent_rate(zygote_grading, runs, 2)
        plain_grading = grading(graders["plain"], challenge)
        plain = timed(plain_grading, plain_runs, interpreters_cpu)
        plain_2 = concurrent_rate(plain_grading, plain_runs, 2)
    finally:
        for box in sandboxes.values():
            box.close()
    rows.append(_row(challenge.id, "floor: in-process, no sandbox", base, None, base, plain))
    rows.append(_row(challenge.id, "zygote sandbox (default)", zygote, zygote_2, base, plain))
    rows.append(_row(challenge.id, "plain: fresh interpreter", plain, plain_2, base, plain))
    return rows


def _row(name: str, way: str, t: Timing, two: float | None, base: Timing, plain: Timing) -> str:
    both = f"{two:.0f}" if two is not None else "–"
    return (
        f"| {name} | {way} | {t.p50:.1f} | {t.p99:.1f} | {t.per_second:.0f} | {both} | {t.cpu_ms:.1f} "
        f"| {t.p50 / base.p50:.2f}× | {t.p50 / plain.p50:.3f}× |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--plain-runs", type=int, default=40)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; {args.runs} gradings per way")
    print(
        "| challenge | way | p50 ms | p99 ms | per s, 1 grader | per s, 2 graders | CPU ms "
        "| p50 / floor | p50 / plain |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for challenge_id in CHALLENGES:
        folder = ROOT / "challenges" / challenge_id
        if folder.is_dir():
            for row in measure(load_challenge(folder), args.runs, args.plain_runs):
                print(row, flush=True)


if __name__ == "__main__":
    main()
