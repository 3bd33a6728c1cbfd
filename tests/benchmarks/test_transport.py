"""benchmarks/transport.py sends messages through both transports and counts what they spent."""

from __future__ import annotations

import sys

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import transport


def test_each_way_delivers_every_message_and_measures_its_cpu() -> None:
    with transport.broker("embedded") as (url, server):
        for way in transport.WAYS:
            measured = transport.measure(way, url, server, 5)
            assert measured["per_s"] > 0
            assert measured["client"] > 0
            assert measured["p99"] >= measured["p50"] > 0
