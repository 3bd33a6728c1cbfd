"""benchmarks/dashboard.py measures something: every query is timed at every scale, beside the naive way."""

from __future__ import annotations

import sys

import pytest

from grader.grade import Grader
from grader.models import Result
from tests.benchmarks.loading import benchmark
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
bench = benchmark("dashboard.py", "dashboard_benchmark")


def _samples(grader: Grader) -> dict[str, list[tuple[str, Result]]]:
    samples = {}
    for challenge in bench.CHALLENGES:
        files = sorted((ROOT / "tests" / "corpora" / challenge / "solutions").glob("*.py"))[:1]
        files += sorted((ROOT / "tests" / "corpora" / challenge / "catalogue").glob("*.py"))[:1]
        samples[challenge] = [(f.read_text(), grader.grade(challenge, f.read_text(), "en")) for f in files]
    return samples


def test_a_tiny_class_is_timed_at_every_scale(grader: Grader, capsys: pytest.CaptureFixture[str]) -> None:
    bench.run(students=2, attempts=1, postgres=False, samples=_samples(grader))
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split("|")[1].strip(): line for line in lines if line.startswith("| ") and "---" not in line}
    timed = [q.name for q in bench.QUERIES]
    assert len(timed) >= 5
    assert set(timed) <= set(rows)
    for name in timed:
        cells = [c.strip() for c in rows[name].strip("|").split("|")]
        assert all(float(cell.split(" / ")[0]) > 0 for cell in cells[1:4])  # each scale measured
    naive = [q.name for q in bench.QUERIES if q.naive is not None]
    assert all(rows[name].rstrip(" |").endswith("×") for name in naive)
