"""benchmarks/worker_start.py times a fresh process's start and first gradings, and compares ways."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import worker_start


def test_a_start_and_its_first_gradings_are_timed_and_compared(tmp_path: Path) -> None:
    cold = worker_start.measured(ROOT, "layer_norm", "cold", tmp_path, 0)
    assert list(tmp_path.glob("runs-*.bin"))
    read = worker_start.measured(ROOT, "layer_norm", "not warmed", tmp_path, 0)
    assert all(found[m] > 0 for found in (cold, read) for m in ("start", "start_cpu", "correct", "wrong"))
    runs = {("layer_norm", "computed"): [cold], ("layer_norm", "not warmed"): [read]}
    lines = worker_start.report(runs, "computed").splitlines()
    assert lines[2].startswith("| layer_norm | computed |")
    assert "| 1.00× |" in lines[2]
    assert f"| {read['start'] / cold['start']:.2f}× |" in lines[3]


def test_serve_s_start_to_healthy_is_reported_against_its_target() -> None:
    runs = {("this tree", "warm"): [4.0, 6.0, 5.0], ("this tree", "cold"): [30.0], ("REF", "warm"): [12.0]}
    lines = worker_start.serve_report(runs).splitlines()
    assert lines[2] == "| this tree | warm | 5.0 | 4.0–6.0 | yes |"
    assert lines[3] == "| this tree | cold | 30.0 | 30.0–30.0 | – |"
    assert lines[4] == "| REF | warm | 12.0 | 12.0–12.0 | no |"
