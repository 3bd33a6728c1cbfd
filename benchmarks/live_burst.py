"""Open dashboards during a burst: the CPU that 10 live overviews add to `autograder serve`.

    .venv/bin/python benchmarks/live_burst.py [--burst 600] [--dashboards 10] [--setup postgres-redis]

`autograder serve` as a real process. Bursts of posts with `wait` alternate between none and
`--dashboards` open overviews (starting and ending with none) of the course (each an event stream of the live page, logged in as
an instructor), and each burst's CPU per process role is read (`cpu.py`). Prints the CPU the
dashboards add to the service (API process, PostgreSQL and Redis) as a share of the machine over
the burst, against the burst without them, with the events the dashboards received.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import cpu
import httpx
import psutil

from service import ROOT, burst, cli, environment, served  # benchmarks/service.py: this folder comes first

EMAIL, PASSWORD = "live@example.org", "a long password for the benchmark"
COURSE = "bench"
SERVICE_ROLES = ("api", "postgres", "redis")


def _instructor(env: dict[str, str]) -> None:
    command = cli("instructors", "create", "--email", EMAIL, "--course", COURSE, "--password-stdin")
    subprocess.run(command, env=env, cwd=ROOT, input=PASSWORD.encode(), check=True, capture_output=True)


async def _logged_in(base: str) -> httpx.AsyncClient:
    client = httpx.AsyncClient(base_url=base, timeout=60)
    page = await client.get("/dashboard/login")
    found = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert found is not None, page.text[:500]
    answer = await client.post(
        "/dashboard/login", data={"email": EMAIL, "password": PASSWORD, "csrf_token": found.group(1)}
    )
    assert answer.status_code == 303, answer.text[:500]
    return client


async def _watch(client: httpx.AsyncClient, events: list[int], index: int, ready: asyncio.Event) -> None:
    view = f"/dashboard/courses/{COURSE}"
    async with client.stream("GET", f"{view}/live", params={"view": view}, timeout=None) as stream:
        async for line in stream.aiter_lines():
            if line.startswith(": live"):
                ready.set()
            if line.startswith("event: live"):
                events[index] += 1


async def _round(
    base: str, key: str, count: int, dashboards: int, reference: str, pid: int
) -> tuple[dict[str, float], float, int]:
    clients = [await _logged_in(base) for _ in range(dashboards)]
    events = [0] * dashboards
    ready = [asyncio.Event() for _ in range(dashboards)]
    watchers = [asyncio.create_task(_watch(c, events, i, ready[i])) for i, c in enumerate(clients)]
    for event in ready:
        await asyncio.wait_for(event.wait(), timeout=60)
    before, started = cpu.snapshot(pid), time.perf_counter()
    await burst("postgres-redis", base, key, count, 64, reference)
    spent, seconds = cpu.snapshot(pid).minus(before), time.perf_counter() - started
    for task in watchers:
        task.cancel()
    for client in clients:
        await client.aclose()
    return spent, seconds, sum(events)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--burst", type=int, default=600)
    parser.add_argument("--dashboards", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2, help="pairs of bursts: without, with")
    args = parser.parse_args()
    reference = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
    cpus = psutil.cpu_count() or 1
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        env = stack.enter_context(environment("postgres-redis", folder))
        base, key, pid = stack.enter_context(served(env, folder / "serve.log"))
        _instructor(env)
        asyncio.run(burst("postgres-redis", base, key, 100, 16, reference))  # warm, and the course exists
        print(
            "| dashboards | burst | seconds | API + PostgreSQL + Redis CPU s | share of the machine | events received |"
        )
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        shares: list[float] = []
        # without, with, without, ..., without: each burst with dashboards is compared with the
        # mean of the bursts without on either side (the machine's load drifts between bursts)
        for round_number in range(2 * args.rounds + 1):
            dashboards = args.dashboards if round_number % 2 else 0
            spent, seconds, events = asyncio.run(_round(base, key, args.burst, dashboards, reference, pid))
            service = sum(spent[role] for role in SERVICE_ROLES)
            shares.append(100 * service / (cpus * seconds))
            print(
                f"| {dashboards} | {args.burst} | {seconds:.1f} | {service:.2f} | {shares[-1]:.1f} % | {events} |",
                flush=True,
            )
        added = [shares[i] - (shares[i - 1] + shares[i + 1]) / 2 for i in range(1, len(shares), 2)]
        print(
            f"\n{args.dashboards} open dashboards add {statistics.mean(added):.1f} % of the machine "
            f"({cpus} CPUs) to the service during a burst (each burst: "
            + ", ".join(f"{a:.1f}" for a in added)
            + ")"
        )


if __name__ == "__main__":
    main()
