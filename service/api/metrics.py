"""Prometheus metrics: request latency observed here, the rest read from the database at scrape.

Reading counts and the grading-time histogram from the stored results makes them right for any
number of API processes and workers on any number of machines.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from prometheus_client import CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import case, func, select

from service.storage.db import Database
from service.storage.tables import GradingResult, Submission

GRADING_BUCKETS_MS = (2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000)
STATUSES = ("queued", "running", "done", "error")

registry = CollectorRegistry()
REQUEST_SECONDS = Histogram(
    "autograder_request_seconds",
    "Time to answer an API request, waiting for the result included",
    ["operation", "waited"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
    registry=registry,
)


@contextmanager
def observe_request(operation: str, waited: bool) -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        REQUEST_SECONDS.labels(operation, str(waited).lower()).observe(time.perf_counter() - started)


class DatabaseCollector(Collector):
    """The stored submissions' counts and grading times, read from this database at each scrape."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def collect(self) -> Iterable[Metric]:
        with self.db.transaction() as session:
            counts = dict(
                session.execute(select(Submission.status, func.count()).group_by(Submission.status)).all()
            )
            buckets = session.execute(
                select(
                    *(
                        func.sum(case((GradingResult.grading_ms <= b, 1), else_=0))
                        for b in GRADING_BUCKETS_MS
                    ),
                    func.count(),
                    func.coalesce(func.sum(GradingResult.grading_ms), 0.0),
                )
            ).one()
        by_status = GaugeMetricFamily(
            "autograder_submissions", "Stored submissions by status", labels=["status"]
        )
        for status in STATUSES:
            by_status.add_metric([status], float(counts.get(status, 0)))
        yield by_status
        yield GaugeMetricFamily(
            "autograder_queue_depth", "Submissions waiting for a worker", value=float(counts.get("queued", 0))
        )
        count, total_ms = int(buckets[-2]), float(buckets[-1])
        cumulative = [
            (str(b / 1000), float(n or 0)) for b, n in zip(GRADING_BUCKETS_MS, buckets[:-2], strict=True)
        ]
        yield HistogramMetricFamily(
            "autograder_grading_seconds",
            "Sandboxed grading time of stored results",
            buckets=[*cumulative, ("+Inf", float(count))],
            sum_value=total_ms / 1000,
        )


def render(db: Database) -> bytes:
    """The process's request metrics, then what this database holds."""
    stored = CollectorRegistry()
    stored.register(DatabaseCollector(db))
    return generate_latest(registry) + generate_latest(stored)
