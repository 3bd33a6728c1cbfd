"""benchmarks/accepting.py accepts submissions both ways and counts what it spent doing so."""

from __future__ import annotations

import sys

from sqlalchemy import func, select

from grader.challenge import load_challenges
from service.core.settings import Settings
from service.storage.tables import Submission
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import accepting
from bench_fill import database, new_course


def test_each_way_accepts_every_submission_and_measures_its_cpu() -> None:
    known = load_challenges(Settings().challenges_dir)
    with database(postgres=False) as engine:
        course = new_course(engine)
        for way in accepting.WAYS.values():
            measured = accepting.measure(engine, course, way, known, 5)
            assert measured["per_s"] > 0
            assert measured["client"] > 0
            assert measured["p99"] >= measured["p50"] > 0
        with engine.connect() as connection:
            assert connection.scalar(select(func.count()).select_from(Submission)) == 10
