"""benchmarks/alternating.py runs every way each round, the order reversed every other round."""

from __future__ import annotations

import sys

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import alternating


def test_the_ways_alternate_and_the_table_reads_each_ways_median() -> None:
    order: list[str] = []
    figures = iter([1.0, 10.0, 20.0, 3.0, 2.0, 30.0])

    def measure(way: str) -> dict[str, float]:
        order.append(way)
        return {"cpu": next(figures)}

    by_way = alternating.medians(("naive", "ours"), 3, measure)
    assert order == ["naive", "ours", "ours", "naive", "naive", "ours"]
    assert by_way == {"naive": {"cpu": 2.0}, "ours": {"cpu": 20.0}}
