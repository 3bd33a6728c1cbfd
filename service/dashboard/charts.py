"""Chart geometry, computed on the server: templates draw it as inline SVG (no script, no CDN)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

WIDTH = 320.0
PALETTE = ("#1d4ed8", "#b45309", "#047857", "#9d174d", "#5b21b6", "#374151")  # ≥ 4.5:1 on white


@dataclass(frozen=True)
class Bar:
    label: str
    value: str  # the number shown beside the bar
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class BarChart:
    title: str
    height: float
    bars: tuple[Bar, ...]
    width: float = WIDTH


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    label: str


@dataclass(frozen=True)
class Series:
    name: str
    colour: str
    points: tuple[Point, ...]

    @property
    def path(self) -> str:
        return " ".join(f"{'M' if i == 0 else 'L'}{p.x:.1f},{p.y:.1f}" for i, p in enumerate(self.points))


@dataclass(frozen=True)
class LineChart:
    title: str
    height: float
    series: tuple[Series, ...]
    y_ticks: tuple[tuple[float, str], ...]
    x_labels: tuple[tuple[float, str], ...]
    width: float = WIDTH


def histogram(title: str, counts: list[int]) -> BarChart:
    """Vertical bars for the best-score buckets 0-9, …, 90-99, 100."""
    top, base, gap = 18.0, 130.0, 3.0
    step = (WIDTH - 8) / len(counts)
    tallest = max(counts) or 1
    bars = []
    for i, count in enumerate(counts):
        height = (base - top) * count / tallest
        label = "100" if i == len(counts) - 1 else f"{10 * i}–{10 * i + 9}"
        bars.append(Bar(label, str(count), 4 + i * step + gap / 2, base - height, step - gap, height))
    return BarChart(title, 160.0, tuple(bars))


def shares(title: str, items: list[tuple[str, float]]) -> BarChart:
    """Horizontal bars of fractions (0 to 1), each under its label."""
    row, bar_height = 36.0, 14.0
    usable = WIDTH - 56
    bars = tuple(
        Bar(label, f"{round(100 * fraction)}%", 0.0, i * row + 18, max(usable * fraction, 1.0), bar_height)
        for i, (label, fraction) in enumerate(items)
    )
    return BarChart(title, max(row * len(items), row), bars)


TIMELINE_WIDTH = 480.0


def timeline(title: str, attempts: list[tuple[str, datetime, float]]) -> LineChart:
    """Score over time, one series per challenge; x is the attempt's time."""
    left, right, top, base = 34.0, TIMELINE_WIDTH - 8, 10.0, 150.0
    times = [moment.timestamp() for _, moment, _ in attempts] or [0.0]
    start, span = min(times), (max(times) - min(times)) or 1.0

    def x(moment: datetime) -> float:
        return (
            left + (right - left) * (moment.timestamp() - start) / span
            if len(times) > 1
            else (left + right) / 2
        )

    def y(score: float) -> float:
        return base - (base - top) * score / 100

    names = sorted({name for name, _, _ in attempts})
    series = tuple(
        Series(
            name,
            PALETTE[i % len(PALETTE)],
            tuple(
                Point(x(m), y(s), f"{name} {m:%Y-%m-%d %H:%M}: {s:g}") for n, m, s in attempts if n == name
            ),
        )
        for i, name in enumerate(names)
    )
    ticks = tuple((y(v), str(v)) for v in (0, 50, 100))
    ends = [min(attempts, key=lambda a: a[1])[1], max(attempts, key=lambda a: a[1])[1]] if attempts else []
    short = len(times) > 1 and max(times) - min(times) < 24 * 3600
    labels = tuple((x(m), f"{m:%H:%M:%S}" if short else f"{m:%d %b %H:%M}") for m in dict.fromkeys(ends))
    return LineChart(title, 175.0, series, ticks, labels, width=TIMELINE_WIDTH)
