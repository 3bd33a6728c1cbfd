"""CPU time per process role of `autograder serve` (and of the machine), between two snapshots.

Roles follow the process tree under `serve`: the API (the serve process itself), the worker's
main process (the supervisor), its worker processes, and the sandbox (each zygote with the
children it reaped).
The database and broker servers are counted by name, the benchmark client is this process,
and `machine` is every CPU's busy time: what the roles leave over is somebody else's load.
Given the service's `application_name`, PostgreSQL counts only the backends of its
connections and the server's own processes (WAL writer, checkpointer...), not the backends of
whoever else uses the same server. `service` is the service's processes together (API, worker,
sandbox, database, broker): what it costs per submission, without the client or the neighbours.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import psutil  # type: ignore[import-untyped]

ROLES = ("api", "worker main", "worker pool", "sandbox", "postgres", "redis", "client", "machine")
SERVICE = ("api", "worker main", "worker pool", "sandbox", "postgres", "redis")
SERVERS = {"postgres": "postgres", "redis-server": "redis"}


@dataclass(frozen=True)
class Snapshot:
    seconds: dict[tuple[str, int], float]  # (role, pid) -> CPU seconds so far

    def minus(self, before: Snapshot) -> dict[str, float]:
        spent = dict.fromkeys(ROLES, 0.0)
        for (role, pid), seconds in self.seconds.items():
            spent[role] += seconds - before.seconds.get((role, pid), 0.0)
        return spent


def own_seconds(process: psutil.Process) -> float:
    """CPU seconds a process has used itself, user and system."""
    times = process.cpu_times()
    return float(times.user + times.system)


def _with_reaped(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system + times.children_user + times.children_system)


def _tree(serve: psutil.Process) -> dict[tuple[str, int], float]:
    found: dict[tuple[str, int], float] = {("api", serve.pid): own_seconds(serve)}
    for first in serve.children():
        if first.name().startswith("redis-server"):
            found[("redis", first.pid)] = own_seconds(first)
            continue
        found[("worker main", first.pid)] = own_seconds(first)
        for pool in first.children():
            found[("worker pool", pool.pid)] = own_seconds(pool)
            for zygote in pool.children():
                found[("sandbox", zygote.pid)] = _with_reaped(zygote)
    return found


def postgres_pids(application_name: str) -> set[int]:
    """The server's own processes and the backends of the connections named `application_name`."""
    import psycopg

    with psycopg.connect("host=127.0.0.1 user=postgres dbname=test", autocommit=True) as connection:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = %s OR backend_type <> 'client backend'",
            (application_name,),
        ).fetchall()
    return {int(pid) for (pid,) in rows}


def snapshot(serve_pid: int, postgres: str | None = None, shared: bool = True) -> Snapshot:
    """CPU seconds so far of every role; `postgres`: the service's application_name, if it has one.
    `shared`: count the machine's database and broker servers, found by name (a service on the
    shared PostgreSQL and Redis). The embedded default uses neither (SQLite, and a broker of its
    own under `serve`): counting them would charge it with the neighbours' queries."""
    found: dict[tuple[str, int], float] = {}
    with contextlib.suppress(psutil.Error):
        found.update(_tree(psutil.Process(serve_pid)))
    ours = postgres_pids(postgres) if postgres else None
    for process in psutil.process_iter(["name"]) if shared else ():
        role = SERVERS.get(process.info["name"] or "")
        if role == "postgres" and ours is not None and process.pid not in ours:
            continue
        if role is not None and (role, process.pid) not in found:
            try:
                found[(role, process.pid)] = own_seconds(process)
            except psutil.Error:
                continue
    found[("client", 0)] = own_seconds(psutil.Process())
    busy = psutil.cpu_times()
    found[("machine", 0)] = float(
        busy.user + busy.nice + busy.system + busy.irq + busy.softirq + getattr(busy, "steal", 0.0)
    )
    return Snapshot(found)


def busy(spent: dict[str, float], seconds: float) -> str:
    """How much of the machine's CPUs was busy: under 100 %, CPU was not all that bounded the rate."""
    cpus = psutil.cpu_count() or 1
    return f"machine busy {100 * spent['machine'] / (cpus * seconds):.0f} % of {cpus} CPUs"


def service_ms(spent: dict[str, float], count: int) -> float:
    """The service's CPU milliseconds per submission: its processes together."""
    return 1000 * sum(spent[role] for role in SERVICE) / count


def table(spent: dict[str, float], count: int) -> str:
    lines = ["| process | CPU ms per submission |", "| --- | ---: |"]
    ours = sum(v for k, v in spent.items() if k != "machine")
    for role in ROLES:
        lines.append(f"| {role} | {1000 * spent[role] / count:.1f} |")
    lines.append(f"| service | {service_ms(spent, count):.1f} |")
    lines.append(f"| all of the above but machine | {1000 * ours / count:.1f} |")
    lines.append(f"| machine, not accounted above | {1000 * (spent['machine'] - ours) / count:.1f} |")
    return "\n".join(lines)


def process_tree(pid: int) -> float:
    """CPU seconds of a process and all its descendants, with the children each has reaped."""
    total = 0.0
    with contextlib.suppress(psutil.Error):
        root = psutil.Process(pid)
        for process in [root, *root.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                total += _with_reaped(process)
    return total


class TreeMeter:
    """CPU seconds of a process itself and of its descendants with the children each has reaped
    (a grading process: its parent side, and its sandbox), sampled while it runs: a descendant
    that exits (a zygote replaced) keeps what it had used when last seen, instead of taking its
    CPU out of the sum."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.own = 0.0
        self.seen: dict[int, float] = {}

    def sample(self) -> tuple[float, float]:
        with contextlib.suppress(psutil.Error):
            root = psutil.Process(self.pid)
            self.own = own_seconds(root)
            for process in root.children(recursive=True):
                with contextlib.suppress(psutil.Error):
                    self.seen[process.pid] = _with_reaped(process)
        return self.own, sum(self.seen.values())
