"""benchmarks/rush.py: the curve it replays, and the table and verdict it reads from the outcomes."""

from __future__ import annotations

import sys

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import rush


def test_the_curve_climbs_to_its_peak_holds_it_and_stops() -> None:
    curve = rush.Curve(base=2, peak=10, ramp=10, hold=5)
    arrivals = curve.arrivals()
    assert arrivals[0] == 0.0
    assert max(arrivals) < curve.seconds
    first, last = (sum(lo <= t < lo + 5 for t in arrivals) for lo in (0, 10))
    assert first < last == 50  # 10/s at the peak
    assert curve.rate(curve.seconds + 1) == 0.0


def test_the_table_bins_arrivals_and_the_verdict_counts_lost_and_twice() -> None:
    curve = rush.Curve(base=1, peak=1, ramp=1, hold=1)
    posted = rush.Posted(ids=["a", "b", "c"], accepted_at=[0.1, 1.1, 1.2])
    found = {"a": (1000.0, 200.0, 1), "b": (1001.0, 300.0, 2), "c": (1001.1, None, 0)}
    samples = [rush.Sample(0.5, 1, 1), rush.Sample(1.5, 2, 0)]
    table = rush.report(curve, posted, samples, found, 1.0).splitlines()
    assert table[2] == "| 0 | 1.0 | 1.0 | 1.0 | 1 | 1 | 200 | 200 |"
    assert table[3] == "| 1 | 1.0 | 2.0 | 1.0 | 2 | 0 | 300 | 300 |"
    said = rush.verdict(posted, found)
    assert "lost 1, graded twice 1" in said
    assert "the last result 0.2 s after the last arrival" in said
