"""A grading process's start and its first gradings, the error model's runs kept or not.

    .venv/bin/python benchmarks/worker_start.py [--rounds 3] [--ref REF]

Each measurement is a fresh process (nothing shared in memory) that, per challenge, does what
a worker does when it starts: load and prepare the challenge and warm its error model
(`start`), then grades one correct file and one wrong file of tests/corpora/<challenge>/catalogue (the
round picks which) through a sandbox already up: the first correct and the first wrong grading
a student meets after a start. Ways, alternated in each round:

  computed   no cache folder: the start runs every program the search asks for ahead
  kept       the cache folder holds the runs a first start wrote (grader/runs_store.py)
  cold       the cache folder is empty: the start computes the runs and writes them
  not warmed as one `autograder grade` does: no warming, the first diagnosis reads the cache

With `--ref REF`, REF's code (checked out in a worktree) starts the same way as `computed` in
the same rounds. Prints the median start (seconds, and CPU seconds of the process) and the
median first gradings (ms) per challenge and way, with each way's start as a ratio of REF's
(or of `computed`), and the load average.

    .venv/bin/python benchmarks/worker_start.py --serve [--rounds 3] [--ref REF]

times what an operator waits for instead: `autograder serve` started in a new data folder until
its /healthz answers 200, with the cache folder a first start filled (warm) and with an empty one
(cold), for this tree and REF side by side; the target is 10 s with a warm cache.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHALLENGES = ("layer_norm", "bloque", "atencion_causal")
WAYS = ("computed", "kept", "cold", "not warmed")


def one(tree: Path, challenge_id: str, way: str, cache: Path | None, pick: int) -> dict[str, float]:
    """In this process, code of `tree`: the start and the first gradings, timed."""
    sys.path.insert(0, str(tree))
    from grader.challenge import load_challenge
    from grader.grade import grade
    from grader.prepared import prepare
    from grader.sandbox import default_sandbox

    sandbox = default_sandbox(slots=1)
    try:
        cpu, started = time.process_time(), time.perf_counter()
        challenge = load_challenge(tree / "challenges" / challenge_id)
        keeps = "kept_in" in inspect.signature(prepare).parameters
        prepared = prepare(challenge, cache) if keeps and cache is not None else prepare(challenge)
        if way != "not warmed":
            prepared.warm()
        start, start_cpu = time.perf_counter() - started, time.process_time() - cpu
        found = {"start": start, "start_cpu": start_cpu}
        for kind, folder in (("correct", "solutions"), ("wrong", "catalogue")):
            files = sorted((tree / "tests" / "corpora" / challenge_id / folder).glob("*.py"))
            source = files[pick % len(files)].read_text()
            started = time.perf_counter()
            grade(prepared, source, "en", sandbox)
            found[kind] = time.perf_counter() - started
        return found
    finally:
        sandbox.close()


def measured(tree: Path, challenge_id: str, way: str, cache: Path | None, pick: int) -> dict[str, float]:
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--one",
        str(tree),
        challenge_id,
        way,
        str(pick),
    ]
    if cache is not None:
        command += ["--cache", str(cache)]
    printed = subprocess.run(command, cwd=tree, check=True, capture_output=True, text=True).stdout
    return dict(json.loads(printed.splitlines()[-1]))


Runs = dict[tuple[str, str], list[dict[str, float]]]  # (challenge, way) -> one dict per round


def rounds(count: int, challenges: tuple[str, ...], ref: Path | None, ref_name: str) -> Runs:
    runs: Runs = {}
    ways: list[tuple[str, Path, str]] = [(way, ROOT, way) for way in WAYS]
    if ref is not None:
        ways.append((ref_name, ref, "computed"))
    with tempfile.TemporaryDirectory() as folder:
        kept = Path(folder) / "kept"
        for challenge_id in challenges:  # the runs `kept` and `not warmed` read
            measured(ROOT, challenge_id, "cold", kept, 0)
        for round_ in range(count):
            order = ways if round_ % 2 == 0 else ways[::-1]
            for challenge_id in challenges:
                for name, tree, way in order:
                    cache = {"computed": None, "cold": Path(folder) / f"cold-{round_}"}.get(way, kept)
                    runs.setdefault((challenge_id, name), []).append(
                        measured(tree, challenge_id, way, cache, round_)
                    )
                    if way == "cold":
                        shutil.rmtree(Path(folder) / f"cold-{round_}", ignore_errors=True)
    return runs


def report(runs: Runs, base: str) -> str:
    def median(key: tuple[str, str], measure: str) -> float:
        return statistics.median(r[measure] for r in runs[key])

    lines = [
        f"| challenge | way | start, s | start CPU, s | start ÷ {base} | first correct, ms | first wrong, ms |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for challenge_id, way in runs:
        start = median((challenge_id, way), "start")
        ratio = start / median((challenge_id, base), "start")
        lines.append(
            f"| {challenge_id} | {way} | {start:.2f} | {median((challenge_id, way), 'start_cpu'):.2f} | "
            f"{ratio:.2f}× | {1000 * median((challenge_id, way), 'correct'):.0f} | "
            f"{1000 * median((challenge_id, way), 'wrong'):.0f} |"
        )
    return "\n".join(lines)


SERVE_CACHES = ("warm", "cold")  # the cache folder a first start filled, or an empty one
SERVE_TARGET_SECONDS = 10.0


def serve_start(tree: Path, cache: Path, folder: Path) -> float:
    """Seconds from starting `autograder serve` (code of `tree`, a new data folder) until its
    /healthz answers 200."""
    import httpx

    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env |= {"AUTOGRADER_DATA_DIR": str(folder), "AUTOGRADER_CACHE_DIR": str(cache)}
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.perf_counter()
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(
        command, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while process.poll() is None:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    return time.perf_counter() - started
            time.sleep(0.05)
        raise RuntimeError(f"serve of {tree} exited with {process.returncode} before it was healthy")
    finally:
        process.terminate()
        process.wait(timeout=60)


ServeRuns = dict[tuple[str, str], list[float]]  # (tree, cache) -> seconds of each round


def serve_rounds(count: int, trees: dict[str, Path]) -> ServeRuns:
    """Each tree's start to healthy, with its cache folder warm (filled by a first start) and
    cold (empty), alternating the order each round."""
    runs: ServeRuns = {}
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for name, tree in trees.items():  # fills each tree's warm cache; not counted
            serve_start(tree, folder / f"cache-{name}", folder / f"data-{name}-first")
            shutil.rmtree(folder / f"data-{name}-first", ignore_errors=True)
        for round_ in range(count):
            order = list(trees.items()) if round_ % 2 == 0 else list(trees.items())[::-1]
            for name, tree in order:
                for cache in SERVE_CACHES:
                    kept = folder / (f"cache-{name}" if cache == "warm" else f"cold-{name}-{round_}")
                    data = folder / f"data-{name}-{round_}-{cache}"
                    runs.setdefault((name, cache), []).append(serve_start(tree, kept, data))
                    shutil.rmtree(data, ignore_errors=True)
    return runs


def serve_report(runs: ServeRuns) -> str:
    lines = [
        f"| tree | cache folder | start to healthy, s (median) | range, s | target ≤ {SERVE_TARGET_SECONDS:.0f} s |",
        "| --- | --- | ---: | --- | --- |",
    ]
    for (tree, cache), seconds in runs.items():
        median = statistics.median(seconds)
        within = "yes" if median <= SERVE_TARGET_SECONDS else "no"
        target = within if cache == "warm" else "–"
        lines.append(
            f"| {tree} | {cache} | {median:.1f} | {min(seconds):.1f}–{max(seconds):.1f} | {target} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--challenges", default=",".join(CHALLENGES))
    parser.add_argument("--ref", help="a commit whose start is measured in the same rounds")
    parser.add_argument(
        "--one", nargs=4, metavar=("TREE", "CHALLENGE", "WAY", "PICK"), help=argparse.SUPPRESS
    )
    parser.add_argument("--cache", type=Path, help=argparse.SUPPRESS)
    parser.add_argument(
        "--serve",
        action="store_true",
        help="time `autograder serve` from its start to a healthy /healthz instead",
    )
    args = parser.parse_args()
    if args.one:
        tree, challenge_id, way, pick = args.one
        print(json.dumps(one(Path(tree), challenge_id, way, args.cache, int(pick))))
        return
    from ab import worktree

    challenges = tuple(args.challenges.split(","))
    before = os.getloadavg()
    if args.serve:
        with worktree(args.ref) if args.ref else contextlib.nullcontext() as other:
            trees = {"this tree": ROOT, **({args.ref: other} if other is not None else {})}
            served = serve_rounds(args.rounds, trees)
        after = os.getloadavg()
        print(f"{args.rounds} rounds; load average {before[0]:.1f} before, {after[0]:.1f} after\n")
        print(serve_report(served))
        return
    with worktree(args.ref) if args.ref else contextlib.nullcontext() as other:
        runs = rounds(args.rounds, challenges, other, args.ref or "")
    after = os.getloadavg()
    print(f"{args.rounds} rounds, median; load average {before[0]:.1f} before, {after[0]:.1f} after\n")
    print(report(runs, args.ref or "computed"))


if __name__ == "__main__":
    main()
