"""benchmarks/ab.py reads the burst's figures out of what benchmarks/service.py prints."""

from __future__ import annotations

import subprocess

import pytest

from tests.benchmarks.loading import benchmark
from tests.conftest import ROOT

ab = benchmark("ab.py", "ab")

PRINTED = """| postgres-redis | one client, POST ?wait | 20 | 44 | 22.3 | 25.3 | 6.1 |
| process | CPU ms per submission |
| --- | ---: |
| api | 9.9 |
| machine | 99.9 |

| postgres-redis | burst, 64 concurrent, raw client | 800 | 70 | 913.3 | 1305.5 | 12.3 |
| process | CPU ms per submission |
| --- | ---: |
| api | 5.1 |
| worker main | 1.9 |
| worker pool | 5.9 |
| sandbox | 9.6 |
| postgres | 2.3 |
| redis | 0.4 |
| client | 0.5 |
| machine | 25.9 |
| all of the above but machine | 25.7 |
| machine, not accounted above | 0.2 |


2 CPUs

| setup | scenario | submissions | graded/s | p50 ms | p99 ms | grading p50 ms |
| --- | --- | ---: | ---: | ---: | ---: | ---: |
| postgres-redis | burst, 64 concurrent, raw client | 800 | 70 | 913.3 | 1305.5 | 12.3 |
"""


def test_the_burst_and_the_cpu_printed_after_it_are_read() -> None:
    assert ab.parse(PRINTED) == {
        "wait p50 ms": 22.3,
        "graded/s": 70.0,
        "api": 5.1,
        "worker main": 1.9,
        "worker pool": 5.9,
        "sandbox": 9.6,
        "postgres": 2.3,
        "redis": 0.4,
        "machine": 25.9,
    }


def test_the_table_gives_medians_and_their_ratio() -> None:
    runs = [ab.parse(PRINTED), ab.parse(PRINTED.replace("| machine | 25.9 |", "| machine | 27.9 |"))]
    faster = [{**run, "machine": run["machine"] / 2} for run in runs]
    lines = ab.table("abc123", runs, faster).splitlines()
    assert "| machine | 26.9 | 13.4 | 0.50× |" in lines
    assert "| graded/s | 70.0 | 70.0 | 1.00× |" in lines


BARE = (
    "| postgres-redis | one bare `autograder grade` process | 399 | 56 | nan | nan | 11.0 | – |\n"
    "bare grading process: 13.3 CPU ms per grading (it and its sandbox), of which its sandbox 7.1\n\n"
)


def test_the_bare_grading_process_and_the_ratio_to_it_are_read_when_printed() -> None:
    measured = ab.parse(BARE + PRINTED)
    assert measured["bare/s"] == 56.0
    assert measured["÷ bare"] == 70.0 / 56.0
    assert measured["bare CPU"] == 13.3
    assert measured["bare sandbox"] == 7.1
    lines = ab.table("abc123", [ab.parse(PRINTED)], [measured]).splitlines()
    assert "| bare/s | – | 56.0 | – |" in lines
    assert "| ÷ bare | – | 1.25 | – |" in lines


def test_the_service_cpu_is_set_against_the_bare_process_s() -> None:
    printed = BARE + PRINTED.replace("| machine | 25.9 |", "| service | 26.6 |\n| machine | 25.9 |")
    measured = ab.parse(printed)
    assert measured["service"] == 26.6
    assert measured["CPU ÷ bare"] == 26.6 / 13.3


def test_both_sides_run_this_tree_s_script_on_the_other_tree_s_service(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ran: list[tuple[list[str], object]] = []

    def run(command: list[str], cwd: object, **_: object) -> subprocess.CompletedProcess[str]:
        ran.append((command, cwd))
        return subprocess.CompletedProcess(command, 0, stdout=PRINTED)

    monkeypatch.setattr(ab.subprocess, "run", run)
    other = ROOT / "elsewhere"
    assert ab.burst(other, "embedded", 10)["graded/s"] == 70.0
    command, cwd = ran[0]
    assert command[1] == str(ROOT / "benchmarks" / "service.py")
    assert command[command.index("--tree") + 1] == str(other)
    assert cwd == ROOT


STORED = """| database | way | results | stored/s | p50 ms | p99 ms | CPU ms (this process) | CPU ms (postgres) |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |
| sqlite | store_graded (with aggregates) | 300 | 150 | 1.53 | 34.85 | 1.53 | 0.03 |
| sqlite | rows only (naive) | 300 | 416 | 0.47 | 26.26 | 0.57 | 0.00 |
| sqlite | with aggregates ÷ rows only, CPU | | | | | 2.75× | |
| postgres | store_graded (with aggregates) | 300 | 57 | 15.90 | 59.13 | 1.81 | 1.60 |
| postgres | rows only (naive) | 300 | 88 | 8.76 | 46.85 | 1.34 | 1.07 |
| postgres | with aggregates ÷ rows only, CPU | | | | | 1.42× | |
"""


def test_each_side_runs_its_own_storing_script_and_its_figures_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ran: list[list[str]] = []

    def run(command: list[str], cwd: object, **_: object) -> subprocess.CompletedProcess[str]:
        ran.append(command)
        return subprocess.CompletedProcess(command, 0, stdout=STORED)

    monkeypatch.setattr(ab.subprocess, "run", run)
    other = ROOT / "elsewhere"
    measured = ab.storing(other, 300)
    assert ran[0][1:] == [str(other / "benchmarks" / "storing.py"), "--results", "300"]
    assert measured == {
        "sqlite CPU ms": 1.53 + 0.03,
        "sqlite stored/s": 150.0,
        "sqlite p50 ms": 1.53,
        "sqlite ÷ rows only": 2.75,
        "postgres CPU ms": 1.81 + 1.60,
        "postgres stored/s": 57.0,
        "postgres p50 ms": 15.90,
        "postgres ÷ rows only": 1.42,
    }
    lines = ab.table("abc123", [measured], [measured], ab.STORING_MEASURES).splitlines()
    assert "| postgres ÷ rows only | 1.42 | 1.42 | 1.00× |" in lines
    with pytest.raises(ValueError, match="no storing row"):
        ab.parse_storing("nothing measured")
