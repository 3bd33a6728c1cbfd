"""benchmarks/consumer.py runs a real Celery worker each way and counts what it spent per task."""

from __future__ import annotations

import sys

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import consumer
from transport import broker


def test_each_way_takes_every_task_and_measures_the_workers_cpu() -> None:
    with broker("embedded") as (url, server):
        for way in consumer.WAYS:
            measured = consumer.measure(way, url, server, 300)  # CPU is counted in 10 ms ticks
            assert measured["per_s"] > 0
            assert measured["worker"] > 0
