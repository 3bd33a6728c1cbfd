"""Chart geometry, computed on the server: templates draw it as inline SVG (no script, no CDN).

Each chart fills the width of its box (`width: 100%` on a viewBox drawn for that width), labels
are wrapped rather than cut, and the score-over-time chart is drawn twice, wide and narrow, so a
phone shows text at a readable size; CSS shows the one that fits.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from service.dashboard.timezones import Zone

WIDTH = 320.0
PALETTE = ("#1d4ed8", "#b45309", "#047857", "#9d174d", "#5b21b6", "#374151")  # ≥ 4.5:1 on white
LABEL_CHARS = 54  # of an 11 px label in a 320-wide chart
LINE = 13.0


@dataclass(frozen=True)
class Share:
    """One row of a shares chart: what it is called, its id (shown on hover) and its fraction."""

    label: str
    id: str
    fraction: float


@dataclass(frozen=True)
class Bar:
    label: str  # the whole label (hover)
    value: str  # the number shown beside the bar
    x: float
    y: float
    width: float
    height: float
    lines: tuple[str, ...] = ()  # the label as drawn, wrapped
    id: str = ""


@dataclass(frozen=True)
class BarChart:
    title: str
    height: float
    bars: tuple[Bar, ...]
    width: float = WIDTH
    unit: str = ""
    axis_label: str = ""


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
class Frame:
    """The plotting area inside a line chart's viewBox."""

    left: float
    right: float
    top: float
    base: float


@dataclass(frozen=True)
class LineChart:
    title: str
    height: float
    series: tuple[Series, ...]
    y_ticks: tuple[tuple[float, str], ...]
    x_ticks: tuple[tuple[float, str], ...]
    frame: Frame
    x_title: str
    width: float


def histogram(title: str, counts: list[int], unit: str = "", axis_label: str = "") -> BarChart:
    """Vertical bars for the best-score buckets 0-9, …, 90-99, 100."""
    top, base, gap = 18.0, 130.0, 3.0
    step = (WIDTH - 8) / len(counts)
    tallest = max(counts) or 1
    bars = []
    for i, count in enumerate(counts):
        height = (base - top) * count / tallest
        label = "100" if i == len(counts) - 1 else f"{10 * i}–{10 * i + 9}"
        bars.append(Bar(label, str(count), 4 + i * step + gap / 2, base - height, step - gap, height))
    return BarChart(title, 160.0, tuple(bars), unit=unit, axis_label=axis_label)


def wrap(label: str, chars: int = LABEL_CHARS, lines: int = 2) -> tuple[str, ...]:
    """At most `lines` lines; a longer label ends in … (the whole one is on hover)."""
    return tuple(textwrap.wrap(label, chars, max_lines=lines, placeholder=" …")) or ("",)


def shares(title: str, items: list[Share]) -> BarChart:
    """Horizontal bars of fractions (0 to 1), each under its label (wrapped to two lines)."""
    bar_height, gap, usable = 14.0, 12.0, WIDTH - 56
    bars, y = [], 0.0
    for item in items:
        lines = wrap(item.label)
        y += LINE * len(lines) + 4
        width = max(usable * item.fraction, 1.0)
        value = f"{round(100 * item.fraction)} %"
        bars.append(Bar(item.label, value, 0.0, y, width, bar_height, lines, item.id))
        y += bar_height + gap
    return BarChart(title, max(y, 36.0), tuple(bars))


@dataclass(frozen=True)
class Size:
    width: float
    height: float
    x_ticks: int


WIDE = Size(900.0, 260.0, 5)
NARROW = Size(360.0, 230.0, 3)


def _x_format(first: datetime, last: datetime) -> str:
    if (last - first).total_seconds() < 24 * 3600 and first.date() == last.date():
        return "%H:%M:%S" if (last - first).total_seconds() < 600 else "%H:%M"
    return "%d/%m %H:%M" if first.year == last.year else "%d/%m/%Y"


def timeline(
    title: str,
    attempts: list[tuple[str, datetime, float]],
    zone: Zone,
    x_title: str,
    size: Size = WIDE,
    order: Sequence[str] = (),
) -> LineChart:
    """Score over time, one series per challenge; x is the attempt's time in the instructor's zone.
    Series (and the legend) go in `order`, the course's; a name not in it after those, by name.

    Scores keep their whole 0-100 axis (a score is read against 100); time starts a little before
    the first attempt and ends a little after the last, so no point sits on an axis.
    """
    frame = Frame(40.0, size.width - 12, 12.0, size.height - 46)
    moments = [zone.local(moment) for _, moment, _ in attempts]
    first, last = (min(moments), max(moments)) if moments else (None, None)
    start = first.timestamp() if first else 0.0
    span = (last.timestamp() - start) if first and last else 0.0
    margin = span * 0.05 if span else 1.0
    lo, hi = start - margin, start + span + margin

    def x(moment: datetime) -> float:
        return frame.left + (frame.right - frame.left) * (moment.timestamp() - lo) / (hi - lo)

    def y(score: float) -> float:
        return frame.base - (frame.base - frame.top) * score / 100

    present = {name for name, _, _ in attempts}
    names = [name for name in dict.fromkeys(order) if name in present]
    names += sorted(present - set(names))
    series = tuple(
        Series(
            name,
            PALETTE[i % len(PALETTE)],
            tuple(
                Point(x(local), y(s), f"{name} {zone.stamp(m, seconds=True)}: {s:g}")
                for (n, m, s), local in zip(attempts, moments, strict=True)
                if n == name
            ),
        )
        for i, name in enumerate(names)
    )
    y_ticks = tuple((y(v), str(v)) for v in (0, 25, 50, 75, 100))
    x_ticks: tuple[tuple[float, str], ...] = ()
    if first and last:
        count = size.x_ticks if span else 1
        fmt = _x_format(first, last)
        steps = [first.timestamp() + span * i / max(count - 1, 1) for i in range(count)]
        labelled: dict[str, float] = {}  # attempts seconds apart: one label, not the same one five times
        for moment in (datetime.fromtimestamp(s, zone.info) for s in steps):
            labelled.setdefault(moment.strftime(fmt), x(moment))
        x_ticks = tuple((position, label) for label, position in labelled.items())
    return LineChart(title, size.height, series, y_ticks, x_ticks, frame, x_title, size.width)
