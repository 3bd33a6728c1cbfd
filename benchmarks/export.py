"""The long CSV of 1,000,000 attempts: streamed (one query read a page at a time) against the
naive way (every row fetched, the whole file built in memory), in the same run.

    .venv/bin/python benchmarks/export.py [--attempts 1000000] [--postgres]

Each way runs in its own process, so each peak RSS is its own. Prints rows/s, the time to the
first line, the slowest and fastest 10 % of the file (a steady rate: no slowing as it goes) and
the peak RSS of the process (and its size before the export).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from bench_fill import CHALLENGES, BigCourse, count, database, graded_samples, grow, new_course
from naive_dashboard import naive_long_csv
from sqlalchemy.orm import sessionmaker

from service.dashboard import export
from service.dashboard.grants import GrantedCourse
from service.storage.db import make_engine
from service.storage.tables import Submission

TRIES = 10  # per student and challenge


def _status_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # not Linux: the peak so far


def _start() -> float:
    """The process's size now, its peak reset to it (Linux): imports' peaks are not the export's."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")
    return _status_mb("VmRSS")


def _rss_mb() -> float:
    return _status_mb("VmHWM")


def _stream(url: str, course: GrantedCourse, rows: int) -> dict[str, float]:
    opener = sessionmaker(make_engine(url))
    before, started = _start(), time.perf_counter()
    first = 0.0
    tenth, marks, size, n = max(1, rows // 10), [started], 0, 0
    for piece in export.long_lines(course, opener.begin):
        size += len(piece)
        n += piece.count("\r\n")
        if not first and n > 1:
            first = time.perf_counter() - started
        if n >= tenth * len(marks):
            marks.append(time.perf_counter())
    seconds = time.perf_counter() - started
    rates = [tenth / (b - a) for a, b in itertools.pairwise(marks)]
    return {
        "rows": n - 1,  # the header
        "seconds": seconds,
        "first_ms": 1000 * first,
        "slowest": min(rates),
        "fastest": max(rates),
        "mb": size / 1e6,
        "rss_mb": _rss_mb(),
        "before_mb": before,
    }


def _naive(url: str, course_id: int) -> dict[str, float]:
    opener = sessionmaker(make_engine(url))
    before, started = _start(), time.perf_counter()
    with opener.begin() as session:
        text = naive_long_csv(
            session,
            BigCourse(  # only its course id is read
                GrantedCourse("big", "bench", 0), course_id, 0, 0
            ),
        )
    seconds = time.perf_counter() - started
    return {
        "rows": text.count("\r\n"),
        "seconds": seconds,
        "first_ms": 1000 * seconds,
        "rss_mb": _rss_mb(),
        "before_mb": before,
    }


def child(way: str, url: str, platform_id: int, course_id: int, rows: int) -> None:
    course = GrantedCourse("big", "bench", platform_id)
    found = _stream(url, course, rows) if way == "stream" else _naive(url, course_id)
    print(json.dumps(found))


def _run(way: str, url: str, platform_id: int, course_id: int, rows: int) -> dict[str, float]:
    command = [sys.executable, __file__, "--child", way, "--url", url]
    command += ["--ids", f"{platform_id},{course_id},{rows}"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout.splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--attempts", type=int, default=1_000_000)
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--child", choices=["stream", "naive"], help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--ids", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        platform_id, course_id, rows = (int(x) for x in args.ids.split(","))
        child(args.child, args.url, platform_id, course_id, rows)
        return
    with database(args.postgres) as engine:
        course = new_course(engine)
        started = time.perf_counter()
        grow(engine, course, args.attempts // (TRIES * len(CHALLENGES)), TRIES, graded_samples(), full=False)
        rows = count(engine, Submission)
        name = "PostgreSQL" if args.postgres else "SQLite"
        print(f"{name}: {rows:,} attempts, filled in {time.perf_counter() - started:.0f} s", flush=True)
        url = engine.url.render_as_string(hide_password=False)
        ways = {
            way: _run(way, url, course.platform_id, course.course_id, rows) for way in ("stream", "naive")
        }
    stream, naive = ways["stream"], ways["naive"]
    print(
        f"\n| {name}, {rows:,} attempts | rows/s | first line ms | slowest / fastest 10 % rows/s | peak RSS MB |"
    )
    print("| --- | ---: | ---: | ---: | ---: |")
    print(
        f"| streamed ({stream['mb']:.0f} MB of CSV) | {stream['rows'] / stream['seconds']:,.0f} | "
        f"{stream['first_ms']:.0f} | {stream['slowest']:,.0f} / {stream['fastest']:,.0f} | {stream['rss_mb']:.0f} ({stream['before_mb']:.0f}) |"
    )
    print(
        f"| naive (whole file in memory) | {naive['rows'] / naive['seconds']:,.0f} | {naive['first_ms']:.0f} | — "
        f"| {naive['rss_mb']:.0f} ({naive['before_mb']:.0f}) |"
    )
    print(
        f"\nnaive ÷ streamed: time {naive['seconds'] / stream['seconds']:.2f}×, "
        f"peak RSS {naive['rss_mb'] / stream['rss_mb']:.1f}×"
    )


if __name__ == "__main__":
    main()
