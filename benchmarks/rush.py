"""A deadline rush replayed against the production processes: queue depth and time to result over the curve.

    .venv/bin/python benchmarks/rush.py [--base 5] [--peak 40] [--ramp 60] [--hold 20] [--workers 2]

Starts what production runs, on this machine: a throwaway database on the PostgreSQL at
127.0.0.1:5432, a private redis-server as broker, `autograder migrate`, then `autograder api`
and `autograder worker` as separate processes (what `docker-compose up` runs). Submissions then
arrive open-loop, as students submit whatever the service does: the rate climbs from --base to
--peak per second over --ramp seconds, stays at the peak for --hold seconds (the last minutes
before a deadline), and stops (the deadline passed); the service then drains its queue. Each
submission is posted without waiting (202) and its time to result is read from the database at
the end (finished_at − created_at, the server's clock). Twice a second the backlog is sampled:
submissions accepted and not yet graded (the database) and messages waiting in the broker.
Prints, per --bin seconds of the curve: the offered, accepted and graded rates, the largest
backlog, and the time to result of the submissions that arrived then (p50, p99); then whether
every accepted submission got exactly one result. The mix is the service benchmark's: half the
reference, half a mistake of `layer_norm`, over 300 students. Scale the curve to this
machine (docs/architecture.md, "Capacity"): a peak above the graded rate grows a queue.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg
import redis
from load import cli, create_key, free_port, private_redis, service_env, throwaway_database, wait_healthy

ROOT = Path(__file__).resolve().parents[1]
STUDENTS = 300
WRONG = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return (X - X.mean(axis=0)) / X.std(axis=0)\n"
QUEUE = "autograder"
ATTEMPTS = 5


@dataclass(frozen=True)
class Curve:
    base: float  # submissions per second when the replay starts
    peak: float
    ramp: float  # seconds from base to peak
    hold: float  # seconds at the peak

    @property
    def seconds(self) -> float:
        return self.ramp + self.hold

    def rate(self, at: float) -> float:
        if at < self.ramp:
            return self.base + (self.peak - self.base) * at / self.ramp
        return self.peak if at < self.seconds else 0.0

    def arrivals(self) -> list[float]:
        """When each submission arrives: evenly spaced at the rate of the moment."""
        found, at = [], 0.0
        while at < self.seconds:
            found.append(at)
            at += 1.0 / max(self.rate(at), 0.1)
        return found


@dataclass
class Posted:
    ids: list[str] = field(default_factory=list)
    accepted_at: list[float] = field(default_factory=list)  # seconds into the replay
    refused: dict[int, int] = field(default_factory=dict)  # status -> count
    retries: int = 0  # posts sent again after a transport error


@dataclass(frozen=True)
class Sample:
    at: float
    backlog: int  # accepted, not yet graded (queued or running)
    in_broker: int  # messages waiting in the grading queue


def payload(i: int, reference: str) -> dict[str, str]:
    return {
        "challenge": "layer_norm",
        "code": reference if i % 2 else WRONG,
        "student": f"s{i % STUDENTS}",
        "course": "rush",
        "lang": "en",
    }


async def replay(base: str, key: str, curve: Curve, reference: str, started: float) -> Posted:
    """Post each submission at its arrival time, whether or not earlier ones were answered."""
    posted = Posted()
    limits = httpx.Limits(max_connections=256, max_keepalive_connections=256)
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits, timeout=120) as client:

        async def one(i: int) -> None:
            # a kept-alive connection the server closed meanwhile fails the post: sent again
            # under its Idempotency-Key, as a platform does, it is still one submission
            key = {"Idempotency-Key": f"rush-{i}"}
            for attempt in range(ATTEMPTS):
                try:
                    response = await client.post("/v1/submissions", json=payload(i, reference), headers=key)
                    break
                except httpx.TransportError:
                    posted.retries += 1
                    if attempt == ATTEMPTS - 1:
                        raise
            if response.status_code in (200, 202):
                posted.ids.append(response.json()["id"])
                posted.accepted_at.append(time.monotonic() - started)
            else:
                posted.refused[response.status_code] = posted.refused.get(response.status_code, 0) + 1

        pending = []
        for i, at in enumerate(curve.arrivals()):
            delay = started + at - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            pending.append(asyncio.create_task(one(i)))
        await asyncio.gather(*pending)
    return posted


class Sampler(threading.Thread):
    """The backlog twice a second, until stopped."""

    def __init__(self, dsn: str, broker: str, started: float) -> None:
        super().__init__(daemon=True)
        self.dsn, self.broker, self.started = dsn, broker, started
        self.samples: list[Sample] = []
        self.stop = threading.Event()

    def run(self) -> None:
        client = redis.Redis.from_url(self.broker)
        with psycopg.connect(self.dsn, autocommit=True) as connection:
            while not self.stop.wait(0.5):
                backlog = connection.execute(
                    "SELECT count(*) FROM submissions WHERE status IN ('queued', 'running')"
                ).fetchone()
                waiting = int(client.llen(QUEUE))
                at = time.monotonic() - self.started
                self.samples.append(Sample(at, int(backlog[0]) if backlog else 0, waiting))


def wait_drained(dsn: str, count: int, within: float) -> None:
    deadline = time.monotonic() + within
    with psycopg.connect(dsn, autocommit=True) as connection:
        while time.monotonic() < deadline:
            row = connection.execute("SELECT count(*) FROM results").fetchone()
            if row is not None and int(row[0]) >= count:
                return
            time.sleep(0.5)


def outcomes(dsn: str, ids: list[str]) -> dict[str, tuple[float, float | None, int]]:
    """Per submission: its arrival (server clock, epoch s), its time to result in ms, its results."""
    query = """
        SELECT s.id, extract(epoch FROM s.created_at),
               1000 * extract(epoch FROM s.finished_at - s.created_at), count(r.id)
        FROM submissions s LEFT JOIN results r ON r.submission_id = s.id
        WHERE s.id = ANY(%s) GROUP BY s.id
    """
    with psycopg.connect(dsn, autocommit=True) as connection:
        rows = connection.execute(query, (ids,)).fetchall()
    return {r[0]: (float(r[1]), None if r[2] is None else float(r[2]), int(r[3])) for r in rows}


@contextlib.contextmanager
def production(env: dict[str, str], folder: Path, port: int) -> Iterator[None]:
    """`autograder api` and `autograder worker`, each a process of its own, as deployed."""
    processes = []
    try:
        for name, args in (("api", ("api", "--port", str(port))), ("worker", ("worker",))):
            log = (folder / f"{name}.log").open("wb")
            processes.append(
                subprocess.Popen(cli(*args), env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
            )
        wait_healthy(processes[0], f"http://127.0.0.1:{port}", 600)
        yield
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def report(
    curve: Curve,
    posted: Posted,
    samples: list[Sample],
    found: dict[str, tuple[float, float | None, int]],
    size: float,
) -> str:
    first = min(created for created, _, _ in found.values())
    offered = curve.arrivals()
    lines = [
        "| from s | offered/s | accepted/s | graded/s | backlog (max) | in broker (max) "
        "| time to result p50 ms | p99 ms |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    finished = [created - first + ms / 1000 for created, ms, _ in found.values() if ms is not None]
    end = max([*finished, *(s.at for s in samples)])
    at = 0.0
    while at < end:
        upto = at + size
        times = sorted(
            ms for created, ms, _ in found.values() if ms is not None and at <= created - first < upto
        )
        window = [s for s in samples if at <= s.at < upto] or [Sample(at, 0, 0)]
        p50 = f"{statistics.median(times):.0f}" if times else "–"
        p99 = f"{times[min(len(times) - 1, int(0.99 * len(times)))]:.0f}" if times else "–"
        lines.append(
            f"| {at:.0f} | {sum(at <= t < upto for t in offered) / size:.1f} "
            f"| {sum(at <= t < upto for t in posted.accepted_at) / size:.1f} "
            f"| {sum(at <= t < upto for t in finished) / size:.1f} "
            f"| {max(s.backlog for s in window)} | {max(s.in_broker for s in window)} | {p50} | {p99} |"
        )
        at = upto
    return "\n".join(lines)


def verdict(posted: Posted, found: dict[str, tuple[float, float | None, int]]) -> str:
    """Whether every accepted submission got exactly one result, and how long the queue took."""
    results = [n for _, _, n in found.values()]
    lost = sum(1 for n in results if n == 0) + len(set(posted.ids) - set(found))
    twice = sum(1 for n in results if n > 1)
    last_arrival = max(created for created, _, _ in found.values())
    done = [created + ms / 1000 for created, ms, _ in found.values() if ms is not None]
    times = sorted(ms for _, ms, _ in found.values() if ms is not None)
    return (
        f"accepted {len(posted.ids)}, refused {posted.refused or 'none'}, posts sent again {posted.retries}; "
        f"lost {lost}, graded twice {twice}; "
        f"the last result {max(done) - last_arrival:.1f} s after the last arrival; time to result "
        f"p50 {statistics.median(times):.0f} ms, p99 {times[int(0.99 * (len(times) - 1))]:.0f} ms, "
        f"max {times[-1]:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", type=float, default=5.0)
    parser.add_argument("--peak", type=float, default=40.0)
    parser.add_argument("--ramp", type=float, default=60.0)
    parser.add_argument("--hold", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=2, help="grading processes of the worker")
    parser.add_argument("--bin", type=float, default=10.0, help="seconds per row of the table")
    parser.add_argument("--drain", type=float, default=900.0, help="at most this long for the queue to drain")
    args = parser.parse_args()
    curve = Curve(args.base, args.peak, args.ramp, args.hold)
    reference = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        broker = stack.enter_context(private_redis())
        database = stack.enter_context(throwaway_database("127.0.0.1:5432"))
        dsn = database.replace("postgresql+psycopg://", "postgresql://")
        env = service_env(database, broker, folder / "data", args.workers)
        key = create_key(env)
        port = free_port()
        stack.enter_context(production(env, folder, port))
        started = time.monotonic()
        sampler = Sampler(dsn, broker, started)
        sampler.start()
        try:
            posted = asyncio.run(replay(f"http://127.0.0.1:{port}", key, curve, reference, started))
            wait_drained(dsn, len(posted.ids), args.drain)
        finally:
            sampler.stop.set()
            sampler.join()
        found = outcomes(dsn, posted.ids)
    print(
        f"rush: {args.base:g} → {args.peak:g} submissions/s over {args.ramp:g} s, {args.hold:g} s at the peak, "
        f"then the deadline; `autograder api` + `autograder worker` ({args.workers} grading processes), "
        f"PostgreSQL + Redis\n"
    )
    print(report(curve, posted, sampler.samples, found, args.bin))
    print()
    print(verdict(posted, found))


if __name__ == "__main__":
    main()
