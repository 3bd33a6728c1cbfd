"""benchmarks/service.py waits for the server as long as it lives, and judges the service's CPU
against the bare grading process's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.benchmarks.loading import benchmark
from tests.conftest import ROOT

# benchmarks/service.py under another name: `service` is the package
sys.path.insert(0, str(ROOT / "benchmarks"))
bench = benchmark("service.py", "service_bench")
import cpu  # noqa: E402 found on the path set above


def test_a_server_that_exits_is_reported_at_once_with_its_log(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    log.write_text("boom: the database is gone\n")
    process = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    process.wait()
    with pytest.raises(RuntimeError, match=r"exited \(3\)[\s\S]*the database is gone"):
        bench.wait_healthy(process, f"http://127.0.0.1:{bench.free_port()}", log)


def test_the_row_sets_the_service_cpu_against_the_bare_process_s() -> None:
    row = bench.Row("embedded", "burst", 100, 2.0, [0.5] * 100, [7.0] * 100, 40.0, 15.0, 12.0)
    assert row.line().endswith("| 50 | 500.0 | 500.0 | 7.0 | 1.25× | 15.0 | 12.0 | 1.25× |")
    assert len(row.line().split("|")) == len(bench.HEADER.splitlines()[0].split("|"))


def test_the_bare_process_row_has_no_latencies_and_says_so() -> None:
    """The bare process answers no request: its row prints a dash, not nan, for p50 and p99."""
    row = bench.Row("embedded", "one bare process", 300, 6.0, [], [11.0] * 300, bare_ms=30.0)
    assert "| 300 | 50 | – | – | 11.0 | – | – | 30.0 | – |" in row.line()


def test_the_embedded_service_is_not_charged_with_the_machines_shared_servers() -> None:
    """A snapshot of a service on no shared server holds no PostgreSQL or Redis of the machine."""
    taken = cpu.snapshot(os.getpid(), shared=False)
    assert not {role for role, _ in taken.seconds} & {"postgres", "redis"}
    assert ("api", os.getpid()) in taken.seconds


def test_the_rounds_are_judged_each_against_its_own_bare_process() -> None:
    """Each burst carries its round's bare figures; the summary reads the medians of the ratios."""
    rows = [
        bench.Row("embedded", "one bare process", 100, 2.0, [], [9.0] * 100, bare_ms=20.0),
        bench.Row("embedded", "burst", 100, 2.0, [0.5] * 100, [9.0] * 100, 50.0, 24.0, 20.0),
        bench.Row("embedded", "burst", 100, 4.0, [0.5] * 100, [9.0] * 100, 50.0, 30.0, 20.0),
        bench.Row("embedded", "burst", 100, 1.0, [0.5] * 100, [9.0] * 100, 50.0, 40.0, 20.0),
    ]
    assert bench.judged(rows) == ["| embedded | burst | 3 | 1.50× (1.20–2.00) | 1.00× (0.50–2.00) |"]
    assert len(bench.judged(rows)[0].split("|")) == len(bench.JUDGED_HEADER.splitlines()[0].split("|"))
