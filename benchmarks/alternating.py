"""Two ways of doing the same work on the same broker, round by round in the same minutes.

The per-message benchmarks (`transport.py`, `consumer.py`) compare the service's way with a
naive one. A noisy machine moves both alike only if they run side by side: each round runs
every way once, the order reversed every other round, and the table reads the medians.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Sequence


def arguments(description: str | None) -> argparse.Namespace:
    """`--messages`, `--rounds` and `--broker`, shared by the per-message benchmarks."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--broker", default="embedded", choices=("embedded", "redis"))
    return parser.parse_args()


def medians(
    ways: Sequence[str], rounds: int, measure: Callable[[str], dict[str, float]]
) -> dict[str, dict[str, float]]:
    """Each way's figures, median over `rounds` rounds that alternate the order of the ways."""
    runs: dict[str, list[dict[str, float]]] = {way: [] for way in ways}
    for round_ in range(rounds):
        for way in ways if round_ % 2 == 0 else ways[::-1]:
            runs[way].append(measure(way))
    return {way: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for way, rs in runs.items()}
