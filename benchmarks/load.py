"""Load test: 10,000 submissions (correct, wrong, broken, hostile) against `autograder serve` on PostgreSQL + Redis.

    .venv/bin/python benchmarks/load.py [--count 10000] [--concurrency 48] [--workers 2] [--timeout 1500]

Starts everything it needs and stops it at the end: a throwaway database on the PostgreSQL at
--postgres (default 127.0.0.1:5432, trust auth), a private redis-server on a free loopback port,
and `autograder serve` with its worker. It posts as fast as the machine allows (traffic only to
127.0.0.1), then checks that every submission ends `done` or `error`, none lost or graded twice,
that no sandbox process is left over, and that the worker's memory stays flat (RSS sampled).
Prints throughput and p50/p99 latencies; exits 1 if a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg

ROOT = Path(__file__).resolve().parents[1]
STUB = {
    "layer_norm": "\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n",
    "bloque": "\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n\ndef bloque(X, atencion, p):\n    return X\n",
}
HOSTILE = [
    "import os\nwhile True:\n    os.fork()\n",
    "blocks = []\nwhile True:\n    blocks.append(bytearray(10**7))\n",
    "import os\nos.system('touch /tmp/pwned')\n",
    "import socket\nsocket.create_connection(('127.0.0.1', 5432))\n",
    "print(open('/proc/1/environ').read())\n",
    "import os\nprint(dict(os.environ))\n",
    "while True:\n    print('x' * 1000)\n",
    "import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\nf(0)\n",
    "import ctypes\nctypes.string_at(0)\n",
    "import subprocess\nsubprocess.run(['sh', '-c', 'echo hi'])\n",
]
SLOW_HOSTILE = [
    "def layer_norm(X, gamma, beta, eps=1e-5):\n    while True:\n        pass\n"
]  # wall-clock limit
BROKEN = [
    "def layer_norm(X, gamma, beta, eps=1e-5)\n    return X\n",
    "import numpy as np\n",
    "import not_a_module_here\n",
    "def layer_norm(X, gamma, beta, eps=1e-5):\n    raise ValueError('no')\n",
    "def layer_norm(X, gamma, beta, eps=1e-5):\n    return 'not an array'\n",
]


@dataclass(frozen=True)
class Item:
    kind: str
    challenge: str
    code: str


@dataclass
class Sent:
    ids: dict[str, str] = field(default_factory=dict)  # idempotency key -> submission id
    post_seconds: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    retries: int = 0


def corpus() -> dict[str, list[Item]]:
    """The submissions to mix, by kind, from the test suite's own correct and wrong files."""
    found: dict[str, list[Item]] = {"correct": [], "wrong": [], "broken": [], "hostile": [], "slow": []}
    for kind, folder in (("correct", "solutions"), ("wrong", "catalogue")):
        for path in sorted((ROOT / "tests" / "corpora").glob(f"*/{folder}/*.py")):
            found[kind].append(Item(kind, path.parent.parent.name, path.read_text()))
    found["broken"] = [Item("broken", "layer_norm", code) for code in BROKEN]
    found["hostile"] = [Item("hostile", c, code + STUB[c]) for code in HOSTILE for c in STUB]
    found["slow"] = [Item("slow", "layer_norm", code) for code in SLOW_HOSTILE]
    return found


def mix(items: dict[str, list[Item]], count: int, seed: int = 7) -> list[Item]:
    """About 45% correct, 35% wrong, 10% broken, 10% hostile, and 1 in 1,000 that runs to the time limit."""
    chooser = random.Random(seed)
    weights = {"correct": 45, "wrong": 35, "broken": 10, "hostile": 10}
    kinds = chooser.choices(list(weights), weights=list(weights.values()), k=count)
    chosen = [chooser.choice(items[kind]) for kind in kinds]
    for position in range(0, count, 1000):
        chosen[position] = items["slow"][0]
    return chosen


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def private_redis() -> Iterator[str]:
    port = free_port()
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        time.sleep(0.3)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextlib.contextmanager
def throwaway_database(server: str) -> Iterator[str]:
    name = f"ag_load_{uuid.uuid4().hex[:8]}"
    admin = f"host={server.split(':')[0]} port={server.split(':')[1]} user=postgres dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    try:
        yield f"postgresql+psycopg://postgres@{server}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE {name} WITH (FORCE)")


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "service.cli", *args]


def service_env(database: str, redis_url: str, data: Path, workers: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env.update(
        AUTOGRADER_DATABASE_URL=database,
        AUTOGRADER_BROKER_URL=redis_url,
        AUTOGRADER_DATA_DIR=str(data),
        AUTOGRADER_WORKERS=str(workers),
        AUTOGRADER_RATE_PER_KEY_PER_MINUTE="10000000",
        AUTOGRADER_RATE_PER_STUDENT_PER_MINUTE="10000000",
    )
    return env


def create_key(env: dict[str, str]) -> str:
    subprocess.run(cli("migrate"), env=env, cwd=ROOT, check=True, capture_output=True)
    created = subprocess.run(
        cli("keys", "create", "--name", "load"), env=env, cwd=ROOT, check=True, capture_output=True
    )
    return created.stdout.decode().strip().splitlines()[-1]


@contextlib.contextmanager
def served(env: dict[str, str], port: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as out:
        process = subprocess.Popen(
            cli("serve", "--port", str(port)), env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def wait_healthy(process: subprocess.Popen[bytes], base: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("serve exited before it was ready")
        with contextlib.suppress(httpx.HTTPError):
            answer = httpx.get(f"{base}/healthz", timeout=2)
            if answer.status_code == 200 and not answer.json().get("warming"):  # gradings with their search
                return
        time.sleep(0.3)
    raise SystemExit(f"serve not healthy after {seconds} s")


def descendants(pid: int) -> list[int]:
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        try:
            below = [int(p) for p in Path(f"/proc/{current}/task/{current}/children").read_text().split()]
        except OSError:
            continue
        found.extend(below)
        pending.extend(below)
    return found


def alive(pids: list[int]) -> list[int]:
    running = []
    for pid in pids:
        with contextlib.suppress(OSError):
            if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                running.append(pid)
    return running


def rss_mb(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def worker_pids(serve_pid: int) -> list[int]:
    """The grading processes: the Celery worker and its pool children (not the sandbox's zygotes)."""
    pids = []
    for pid in descendants(serve_pid):
        with contextlib.suppress(OSError):
            if b"service.cli\x00worker" in Path(f"/proc/{pid}/cmdline").read_bytes():
                pids.append(pid)
    return pids


class RssSampler(threading.Thread):
    """Samples the summed RSS of the worker's processes once a second."""

    def __init__(self, serve_pid: int) -> None:
        super().__init__(daemon=True)
        self.serve_pid = serve_pid
        self.samples: list[tuple[float, float]] = []
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(1.0):
            self.samples.append((time.monotonic(), sum(rss_mb(p) for p in worker_pids(self.serve_pid))))


async def post_one(client: httpx.AsyncClient, item: Item, number: int, sent: Sent, deadline: float) -> None:
    key = f"load-{number}"
    payload = {
        "challenge": item.challenge,
        "code": item.code,
        "student": f"s{number % 500}",
        "course": "load",
    }
    while time.monotonic() < deadline:
        started = time.perf_counter()
        try:
            response = await client.post("/v1/submissions", json=payload, headers={"Idempotency-Key": key})
        except httpx.HTTPError:
            sent.retries += 1
            continue
        sent.post_seconds.append(time.perf_counter() - started)
        sent.statuses[response.status_code] = sent.statuses.get(response.status_code, 0) + 1
        if response.status_code in (200, 202):
            sent.ids[key] = response.json()["id"]
            return
        sent.retries += 1  # 429/503: the same Idempotency-Key makes the retry safe
        await asyncio.sleep(float(response.headers.get("Retry-After", "0.2")))


async def post_all(base: str, api_key: str, items: list[Item], concurrency: int, deadline: float) -> Sent:
    sent = Sent()
    queue: asyncio.Queue[tuple[int, Item]] = asyncio.Queue()
    for number, item in enumerate(items):
        queue.put_nowait((number, item))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    headers = {"Authorization": f"Bearer {api_key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits, timeout=60) as client:

        async def run() -> None:
            while not queue.empty():
                number, item = queue.get_nowait()
                await post_one(client, item, number, sent, deadline)

        await asyncio.gather(*(run() for _ in range(concurrency)))
    return sent


def database_dsn(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def wait_graded(database: str, count: int, deadline: float) -> int:
    """Wait until every submission is done or error; the number still pending at the deadline."""
    pending = count
    with psycopg.connect(database_dsn(database), autocommit=True) as connection:
        while time.monotonic() < deadline:
            row = connection.execute(
                "SELECT count(*) FROM submissions WHERE status NOT IN ('done', 'error')"
            ).fetchone()
            pending = int(row[0]) if row else count
            if pending == 0:
                break
            time.sleep(0.5)
    return pending


@dataclass(frozen=True)
class Stored:
    submissions: int
    by_status: dict[str, int]
    graded_twice: int
    without_result: int
    end_to_end_ms: list[float]
    grading_ms: list[float]
    span_seconds: float


def stored(database: str) -> Stored:
    with psycopg.connect(database_dsn(database), autocommit=True) as connection:
        rows = connection.execute("SELECT status, count(*) FROM submissions GROUP BY status").fetchall()
        by_status: dict[str, int] = {str(status): int(n) for status, n in rows}
        twice = connection.execute(
            "SELECT count(*) FROM (SELECT submission_id FROM results GROUP BY submission_id HAVING count(*) > 1) t"
        ).fetchone()
        missing = connection.execute(
            "SELECT count(*) FROM submissions s WHERE NOT EXISTS (SELECT 1 FROM results r WHERE r.submission_id = s.id)"
        ).fetchone()
        times = connection.execute(
            "SELECT extract(epoch FROM finished_at - created_at) * 1000 FROM submissions WHERE finished_at IS NOT NULL"
        ).fetchall()
        grading = connection.execute("SELECT grading_ms FROM results").fetchall()
        span = connection.execute(
            "SELECT extract(epoch FROM max(finished_at) - min(created_at)) FROM submissions"
        ).fetchone()
    return Stored(
        submissions=sum(by_status.values()),
        by_status=by_status,
        graded_twice=int(twice[0]) if twice else -1,
        without_result=int(missing[0]) if missing else -1,
        end_to_end_ms=[float(t[0]) for t in times],
        grading_ms=[float(g[0]) for g in grading],
        span_seconds=float(span[0]) if span and span[0] is not None else float("nan"),
    )


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else float("nan")


def memory_line(samples: list[tuple[float, float]]) -> tuple[str, bool]:
    """RSS after warm-up (first tenth of the run) against the last tenth: flat within 25% + 50 MB."""
    if len(samples) < 10:
        return "too few samples", True
    tenth = max(1, len(samples) // 10)
    early = statistics.median(s[1] for s in samples[tenth : 2 * tenth])
    late = statistics.median(s[1] for s in samples[-tenth:])
    peak = max(s[1] for s in samples)
    flat = late <= early * 1.25 + 50
    return f"{early:.0f} MB after warm-up, {late:.0f} MB at the end, peak {peak:.0f} MB", flat


def stop_and_check(process: subprocess.Popen[bytes], seconds: float = 60) -> list[int]:
    family = descendants(process.pid)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=seconds)
    deadline = time.monotonic() + 10
    while alive(family) and time.monotonic() < deadline:
        time.sleep(0.2)
    return alive(family)


def report(
    args: argparse.Namespace,
    sent: Sent,
    result: Stored,
    pending: int,
    memory: tuple[str, bool],
    left: list[int],
    post_seconds: float,
) -> bool:
    accepted = len(sent.ids)
    checks = {
        "every submission accepted once": accepted == args.count
        and len(set(sent.ids.values())) == args.count,
        "none lost (stored == accepted)": result.submissions == accepted,
        "every one done or error": pending == 0 and set(result.by_status) <= {"done", "error"},
        "none graded twice": result.graded_twice == 0 and result.without_result == 0,
        "no sandbox process left over": not left,
        "worker memory flat": memory[1],
    }
    post_ms = [s * 1000 for s in sent.post_seconds]
    print(
        f"\n## Load: {args.count} submissions, {args.concurrency} concurrent clients, {args.workers} grading processes\n"
    )
    print("| measure | value |\n| --- | --- |")
    print(f"| accepted (POST) throughput | {accepted / post_seconds:.0f} submissions/s |")
    print(
        f"| graded throughput (first created to last finished) | {result.submissions / result.span_seconds:.0f} submissions/s over {result.span_seconds:.0f} s |"
    )
    print(f"| POST latency p50 / p99 | {percentile(post_ms, 0.5):.1f} / {percentile(post_ms, 0.99):.1f} ms |")
    print(
        f"| end to end (created to finished) p50 / p99 | {percentile(result.end_to_end_ms, 0.5):.0f} / {percentile(result.end_to_end_ms, 0.99):.0f} ms |"
    )
    print(
        f"| grading_ms p50 / p99 | {percentile(result.grading_ms, 0.5):.1f} / {percentile(result.grading_ms, 0.99):.1f} ms |"
    )
    print(
        f"| statuses | {result.by_status} (HTTP {dict(sorted(sent.statuses.items()))}, {sent.retries} retries) |"
    )
    print(f"| worker RSS | {memory[0]} |")
    print("\n| check | |\n| --- | --- |")
    for name, ok in checks.items():
        print(f"| {name} | {'ok' if ok else 'FAILED'} |")
    return all(checks.values())


def run(args: argparse.Namespace) -> bool:
    deadline = time.monotonic() + args.timeout
    items = mix(corpus(), args.count)
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ag-load-")))
        redis_url = args.redis or stack.enter_context(private_redis())
        database = stack.enter_context(throwaway_database(args.postgres))
        env = service_env(database, redis_url, folder, args.workers)
        api_key = create_key(env)
        port = free_port()
        process = stack.enter_context(served(env, port, folder / "serve.log"))
        base = f"http://127.0.0.1:{port}"
        wait_healthy(process, base, 120)
        sampler = RssSampler(process.pid)
        sampler.start()
        started = time.monotonic()
        sent = asyncio.run(post_all(base, api_key, items, args.concurrency, deadline))
        post_seconds = time.monotonic() - started
        pending = wait_graded(database, args.count, deadline)
        sampler.stopped.set()
        result = stored(database)
        left = stop_and_check(process)
        return report(args, sent, result, pending, memory_line(sampler.samples), left, post_seconds)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--concurrency", type=int, default=48)
    parser.add_argument("--workers", type=int, default=2, help="grading processes of the worker")
    parser.add_argument("--timeout", type=float, default=1500, help="seconds for the whole run, at most")
    parser.add_argument("--postgres", default="127.0.0.1:5432", help="host:port of a PostgreSQL (trust auth)")
    parser.add_argument("--redis", default=None, help="Redis URL; default: a private redis-server")
    args = parser.parse_args()
    if not 1 <= args.count <= 50_000:
        parser.error("--count must be between 1 and 50,000")
    sys.exit(0 if run(args) else 1)


if __name__ == "__main__":
    main()
