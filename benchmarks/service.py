"""End-to-end service benchmark: `autograder serve` as a real process, used over HTTP.

    .venv/bin/python benchmarks/service.py [--setups embedded,postgres-redis] [--single 200] [--burst 1000]
        [--client httpx|raw|both] [--bare 400] [--rounds 1] [--tree PATH]

For each setup: one client posting with `wait` one submission after another (latency p50/p99),
then a burst of concurrent submissions, each posted with `wait` (throughput, p50/p99), by httpx
or (`--client raw`) by a minimal HTTP/1.1 client that spends less of the machine's CPU. Before
the bursts, an untimed one posts once for each of the STUDENTS the payloads cycle through: a
course's students exist already, so the timed bursts measure the steady state, not the first
submission of each student (which also creates the student: two statements more). Prints a
Markdown table, and after each scenario the CPU milliseconds per submission of every process
(API, worker, sandbox, database, broker, this client; see `cpu.py`). The table ends with what
the service is judged by: its CPU milliseconds per graded submission (its processes together)
against one bare `autograder grade` process's on the same mix, and the burst's rate against that
process's. The bare process moves with the machine as much as the service does: `--rounds N`
measures it and the bursts N times on the same server, the bare process first in even rounds
and last in odd ones, judges each burst against its own round's, and ends with the medians of
those ratios. postgres-redis needs PostgreSQL on 127.0.0.1:5432 (db `test`) and Redis on :6379.
`--tree` runs the service of another checkout with this script (`ab.py` does): both sides of a
comparison are measured by the same code.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bench_schema
import cpu
import httpx
from raw_client import RawConnection

ROOT = Path(__file__).resolve().parents[1]
WARM_UP = 20
STUDENTS = 300
# Starting on a machine busy with other work can take minutes (migrations, workers' zygotes):
# waited for as long as the server lives and has not answered, up to this.
HEALTHY_WITHIN_S = 600
WRONG = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return (X - X.mean(axis=0)) / X.std(axis=0)\n"


@dataclass
class Row:
    setup: str
    scenario: str
    count: int
    seconds: float
    latencies: list[float]
    grading_ms: list[float]
    bare: float | None = None  # graded/s of one bare grading process, measured in the same run
    service_ms: float | None = None  # the service's CPU ms per submission
    bare_ms: float | None = None  # the bare grading process's CPU ms per grading, same run
    bare_sandbox_ms: float | None = None  # the part of it its sandbox spent

    def rate_ratio(self) -> float | None:
        """Graded per second against the bare process's, when it was measured."""
        return self.count / self.seconds / self.bare if self.bare else None

    def cost_ratio(self) -> float | None:
        """The service's CPU per submission against the bare process's, when both were measured."""
        return self.service_ms / self.bare_ms if self.service_ms and self.bare_ms else None

    def line(self) -> str:
        ms = sorted(x * 1000 for x in self.latencies)  # none for the bare process: it answers no request
        p50 = f"{statistics.median(ms):.1f}" if ms else "–"
        p99 = f"{ms[min(len(ms) - 1, int(len(ms) * 0.99))]:.1f}" if ms else "–"
        grading = f"{statistics.median(self.grading_ms):.1f}" if self.grading_ms else "–"
        rate = self.count / self.seconds
        cost = f"{self.service_ms:.1f}" if self.service_ms is not None else "–"
        bare_cost = f"{self.bare_ms:.1f}" if self.bare_ms is not None else "–"
        return (
            f"| {self.setup} | {self.scenario} | {self.count} | {rate:.0f} | {p50} | {p99} "
            f"| {grading} | {_times(self.rate_ratio())} | {cost} | {bare_cost} | {_times(self.cost_ratio())} |"
        )


HEADER = (
    "| setup | scenario | submissions | graded/s | p50 ms | p99 ms | grading p50 ms | graded/s ÷ bare "
    "| CPU ms per graded | bare CPU ms | CPU ÷ bare |\n"
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "service.cli", *args]


def application_name(env: dict[str, str]) -> str | None:
    """The name the service's PostgreSQL connections carry, to count their backends alone."""
    return env.get("BENCH_APPLICATION_NAME")


@contextlib.contextmanager
def environment(
    setup: str, data: Path, extra: dict[str, str] | None = None, tree: Path = ROOT
) -> Iterator[dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env["AUTOGRADER_DATA_DIR"] = str(data)
    env.update(extra or {})
    if setup == "embedded":
        yield env
        return
    with bench_schema.private_schema() as schema:
        env["AUTOGRADER_DATABASE_URL"] = bench_schema.url(schema)
        env["BENCH_APPLICATION_NAME"] = schema
        env["AUTOGRADER_BROKER_URL"] = "redis://127.0.0.1:6379/0"
        env["AUTOGRADER_QUEUE"] = f"bench-{schema}"
        subprocess.run(cli("migrate"), env=env, cwd=tree, check=True, capture_output=True)
        yield env


@contextlib.contextmanager
def served(env: dict[str, str], log: Path, tree: Path = ROOT) -> Iterator[tuple[str, str, int]]:
    made = subprocess.run(
        cli("keys", "create", "--name", "bench"), env=env, cwd=tree, check=True, capture_output=True
    )
    key = made.stdout.decode().strip().splitlines()[-1]
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            cli("serve", "--port", str(port)), env=env, cwd=tree, stdout=out, stderr=out
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(process, base, log)
        yield base, key, process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)


def wait_healthy(process: subprocess.Popen[bytes], base: str, log: Path) -> None:
    """Until /healthz answers 200; an error as soon as the server exits, or after HEALTHY_WITHIN_S."""
    deadline = time.monotonic() + HEALTHY_WITHIN_S
    while True:
        with contextlib.suppress(httpx.HTTPError):
            answer = httpx.get(f"{base}/healthz", timeout=5)
            if answer.status_code == 200 and not answer.json().get("warming"):  # gradings with their search
                return
        if process.poll() is not None:
            raise RuntimeError(f"serve exited ({process.returncode}) before it was healthy:\n{_tail(log)}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"serve not healthy within {HEALTHY_WITHIN_S} s:\n{_tail(log)}")
        time.sleep(0.2)


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-2000:]


def payload(i: int, reference: str) -> dict[str, str]:
    code = reference if i % 2 else WRONG
    return {
        "challenge": "layer_norm",
        "code": code,
        "student": f"s{i % STUDENTS}",
        "course": "bench",
        "lang": "en",
    }


def single(setup: str, base: str, key: str, count: int, reference: str) -> Row:
    headers = {"Authorization": f"Bearer {key}"}
    latencies: list[float] = []
    grading: list[float] = []
    with httpx.Client(base_url=base, headers=headers, timeout=60) as client:
        for i in range(WARM_UP):  # warm up every worker process and connection
            client.post("/v1/submissions", params={"wait": 30}, json=payload(i, reference))
        started = time.perf_counter()
        for i in range(count):
            t0 = time.perf_counter()
            response = client.post("/v1/submissions", params={"wait": 30}, json=payload(i, reference))
            latencies.append(time.perf_counter() - t0)
            assert response.status_code == 200, response.text
            grading.append(response.json()["result"]["grading_ms"])
        seconds = time.perf_counter() - started
    return Row(setup, "one client, POST ?wait", count, seconds, latencies, grading)


async def burst(setup: str, base: str, key: str, count: int, concurrency: int, reference: str) -> Row:
    headers = {"Authorization": f"Bearer {key}"}
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    latencies: list[float] = []
    grading: list[float] = []
    gate = asyncio.Semaphore(concurrency)
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=120, limits=limits) as client:

        async def one(i: int) -> None:
            async with gate:
                t0 = time.perf_counter()
                response = await client.post(
                    "/v1/submissions", params={"wait": 30}, json=payload(i, reference)
                )
                latencies.append(time.perf_counter() - t0)
                assert response.status_code == 200, response.text
                grading.append(response.json()["result"]["grading_ms"])

        started = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(count)))
        seconds = time.perf_counter() - started
    return Row(setup, f"burst, {concurrency} concurrent", count, seconds, latencies, grading)


async def raw_burst(setup: str, base: str, key: str, count: int, concurrency: int, reference: str) -> Row:
    """The same burst through `raw_client` (a few hundred microseconds of CPU less per request)."""
    latencies: list[float] = []
    grading: list[float] = []
    pending = iter(range(count))

    async def connection() -> None:
        client = RawConnection(base, key)
        try:
            for i in pending:
                t0 = time.perf_counter()
                status, answer = await client.post("/v1/submissions?wait=30", payload(i, reference))
                latencies.append(time.perf_counter() - t0)
                assert status == 200, answer
                grading.append(json.loads(answer)["result"]["grading_ms"])
        finally:
            await client.close()

    started = time.perf_counter()
    await asyncio.gather(*(connection() for _ in range(concurrency)))
    seconds = time.perf_counter() - started
    return Row(setup, f"burst, {concurrency} concurrent, raw client", count, seconds, latencies, grading)


def bare(setup: str, env: dict[str, str], folder: Path, count: int, reference: str, tree: Path = ROOT) -> Row:
    """One bare `autograder grade --json` process over `count` files of the burst's mix, as a
    course's CI would run it: its steady rate (between its first and last result, so its start
    is left out) and the CPU ms per grading of it and its sandbox. The ratio the service is
    judged by: what a burst through the whole service reaches against this, on the same CPUs."""
    folder.mkdir()
    paths = []
    for i in range(count):
        paths.append(folder / f"{i:05d}.py")
        paths[-1].write_text(payload(i, reference)["code"])
    command = cli("grade", "--json", "--challenge", "layer_norm", *map(str, paths))
    process = subprocess.Popen(command, env=env, cwd=tree, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    arrived: list[float] = []
    grading: list[float] = []
    meter = cpu.TreeMeter(process.pid)
    first_cpu = last_cpu = (0.0, 0.0)
    for line in process.stdout:
        arrived.append(time.perf_counter())
        grading.append(json.loads(line)["grading_ms"])
        last_cpu = meter.sample()  # at every result: a zygote replaced meanwhile keeps its CPU
        first_cpu = first_cpu if len(arrived) > 1 else last_cpu
    process.wait()
    assert process.returncode == 0
    assert len(arrived) == count
    seconds = arrived[-1] - arrived[0]
    parent, sandbox = (
        1000 * (last - first) / (count - 1) for last, first in zip(last_cpu, first_cpu, strict=True)
    )
    row = Row(
        setup,
        "one bare `autograder grade` process",
        count - 1,
        seconds,
        [],
        grading[1:],
        bare_ms=parent + sandbox,
        bare_sandbox_ms=sandbox,
    )
    return row


Burst = Callable[[str, str, str, int, int, str], Coroutine[Any, Any, Row]]
BURSTS: dict[str, Burst] = {"httpx": burst, "raw": raw_burst}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--setups", default="embedded,postgres-redis")
    parser.add_argument("--single", type=int, default=200)
    parser.add_argument("--burst", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--bare", type=int, default=400, help="files for the bare grading process (0: none)")
    parser.add_argument(
        "--client",
        choices=("httpx", "raw", "both"),
        default="httpx",
        help="the burst's client: httpx (as before), raw (a minimal HTTP/1.1 client), or both",
    )
    parser.add_argument(
        "--set", action="append", default=[], help="NAME=VALUE for serve, e.g. AUTOGRADER_WORKERS=3"
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="rounds of the bare process and the bursts, alternated"
    )
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose service is run")
    args = parser.parse_args()
    extra = dict(item.split("=", 1) for item in args.set)
    reference = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
    ways = (burst, raw_burst) if args.client == "both" else (BURSTS[args.client],)
    rows: list[Row] = []
    for setup in args.setups.split(","):
        rows += run_setup(setup, args, extra, reference, ways)
    print(f"\n{os.cpu_count()} CPUs\n")
    print(HEADER)
    for row in rows:
        print(row.line())
    if args.rounds > 1:
        print(f"\nmedians over {args.rounds} rounds, each burst against its round's bare process\n")
        print(JUDGED_HEADER)
        print("\n".join(judged(rows)))


def run_setup(
    setup: str, args: argparse.Namespace, extra: dict[str, str], reference: str, ways: tuple[Burst, ...]
) -> list[Row]:
    """One setup: the single client, then `--rounds` rounds of the bare process and each burst (the
    bare process first in even rounds, last in odd ones), each round's rows printed as it ends."""
    rows: list[Row] = []
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        env = stack.enter_context(environment(setup, tmp / "data", extra, args.tree))
        base, key, pid = stack.enter_context(served(env, tmp / "serve.log", args.tree))
        served_at = Served(setup, base, key, pid, application_name(env))
        before = served_at.snapshot()
        rows.append(single(setup, base, key, args.single, reference))
        spent = served_at.snapshot().minus(before)
        rows[-1].service_ms = cpu.service_ms(spent, args.single + WARM_UP)
        print(rows[-1].line(), flush=True)
        print(cpu.table(spent, args.single + WARM_UP) + "\n", flush=True)
        asyncio.run(raw_burst(setup, base, key, STUDENTS, args.concurrency, reference))  # untimed
        for round_ in range(args.rounds):
            rows += one_round(served_at, args, env, tmp / f"bare-{round_}", reference, ways, round_ % 2 == 0)
    return rows


@dataclass(frozen=True)
class Served:
    """A running `autograder serve` of one setup, and how to read its processes' CPU."""

    setup: str
    base: str
    key: str
    pid: int
    database: str | None

    def snapshot(self) -> cpu.Snapshot:
        return cpu.snapshot(self.pid, self.database, shared=self.setup != "embedded")


def one_round(
    served_at: Served,
    args: argparse.Namespace,
    env: dict[str, str],
    folder: Path,
    reference: str,
    ways: tuple[Burst, ...],
    bare_first: bool,
) -> list[Row]:
    """The bare process and each burst once; each burst judged against this round's bare process
    (measured minutes apart at most: the machine's drift between rounds weighs on neither)."""

    def measured_bare() -> Row | None:
        return bare(served_at.setup, env, folder, args.bare, reference, args.tree) if args.bare > 1 else None

    bare_row = measured_bare() if bare_first else None
    bursts = [_burst_row(served_at, way, args, reference) for way in ways]
    if not bare_first:
        bare_row = measured_bare()
    for row, _ in bursts:
        if bare_row is not None:
            row.bare = bare_row.count / bare_row.seconds
            row.bare_ms = bare_row.bare_ms
    if bare_row is not None:
        print(bare_row.line(), flush=True)
        print(
            f"bare grading process: {bare_row.bare_ms or 0.0:.1f} CPU ms per grading (it and its "
            f"sandbox), of which its sandbox {bare_row.bare_sandbox_ms or 0.0:.1f}\n"
        )
    for row, spent in bursts:
        print(row.line(), flush=True)
        print(cpu.table(spent, args.burst), flush=True)
        print(cpu.busy(spent, row.seconds) + "\n", flush=True)
    return ([bare_row] if bare_row is not None else []) + [row for row, _ in bursts]


def _burst_row(
    served_at: Served, way: Burst, args: argparse.Namespace, reference: str
) -> tuple[Row, dict[str, float]]:
    before = served_at.snapshot()
    row = asyncio.run(
        way(served_at.setup, served_at.base, served_at.key, args.burst, args.concurrency, reference)
    )
    spent = served_at.snapshot().minus(before)
    row.service_ms = cpu.service_ms(spent, args.burst)
    return row, spent


JUDGED_HEADER = (
    "| setup | scenario | rounds | CPU ÷ bare, median (range) | graded/s ÷ bare, median (range) |\n"
    "| --- | --- | ---: | --- | --- |"
)


def judged(rows: list[Row]) -> list[str]:
    """Per setup and burst, the medians over the rounds of what the service is judged by."""
    paired: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for row in rows:
        cost, rate = row.cost_ratio(), row.rate_ratio()
        if cost is not None and rate is not None:
            paired.setdefault((row.setup, row.scenario), []).append((cost, rate))
    return [
        f"| {setup} | {scenario} | {len(runs)} | {_spread([c for c, _ in runs])} "
        f"| {_spread([r for _, r in runs])} |"
        for (setup, scenario), runs in paired.items()
    ]


def _times(ratio: float | None) -> str:
    return f"{ratio:.2f}×" if ratio is not None else "–"


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}× ({min(values):.2f}–{max(values):.2f})"


if __name__ == "__main__":
    main()
