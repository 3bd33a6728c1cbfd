"""benchmarks/storing.py stores results and counts what it spent doing so."""

from __future__ import annotations

import sys

from sqlalchemy import func, select

from service.storage.tables import GradingResult
from tests.conftest import ROOT
from tests.dashboard.test_aggregates import synthetic

sys.path.insert(0, str(ROOT / "benchmarks"))
import storing
from bench_fill import database, new_course


def test_each_way_stores_every_result_and_measures_its_cpu() -> None:
    samples = {"layer_norm": [("", synthetic(None, [True, False, True, False], ["by_column"]))]}
    with database(postgres=False) as engine:
        new_course(engine)
        for seed, way in enumerate(storing.WAYS.values()):
            measured = storing.measure(engine, way, samples, 5, seed)
            assert measured["per_s"] > 0
            assert measured["client"] > 0
            assert measured["p99"] >= measured["p50"] > 0
        with engine.connect() as connection:
            assert connection.scalar(select(func.count()).select_from(GradingResult)) == 10
