"""Similar-submission views of a class under attack, today's way against the stored prints' (see
benchmarks/similarity.py's docstring): imported by it, runnable alone.

    .venv/bin/python benchmarks/similarity_attack.py [--sizes 1000,5000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import gc
import io
import itertools
import random
import statistics
import sys
import tempfile
import time
import tokenize
import tracemalloc
from collections import Counter, defaultdict
from collections.abc import Callable
from functools import partial
from pathlib import Path

from sqlalchemy import insert, select

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.challenge import Challenge, load_challenges  # noqa: E402
from service.core.settings import Settings  # noqa: E402
from service.dashboard import fingerprints, similarity  # noqa: E402
from service.dashboard.fingerprint_tables import SubmissionFingerprint  # noqa: E402
from service.dashboard.grants import GrantedCourse  # noqa: E402
from service.dashboard.similar_views import ViewBudget, build  # noqa: E402
from service.storage.db import Database  # noqa: E402
from service.storage.migrations import upgrade  # noqa: E402
from service.storage.sealing import Sealer  # noqa: E402
from service.storage.tables import ApiKey, Course, Student, Submission, now  # noqa: E402
from service.submissions.keys import create_key  # noqa: E402

RINGS = (2, 3, 5, 10, 25, 50)  # copies of one program, in turn
TODAY_SAMPLE = 40  # programs today's way is timed on


def hostile(seed: int) -> str:
    """64 KiB whose every k-gram is its own: attributes and numbers stay as written."""
    lines, size, n = [], 0, 0
    while size < 64 * 1024 - 80:
        line = f"x = np.a{seed}_{n}(y.b{n}, {n}.{seed}5)  # palabra{seed}x{n}\n"
        lines.append(line)
        size += len(line)
        n += 1
    return "".join(lines)


def _rings(size: int) -> list[int]:
    """The ring of each student: consecutive students copy one program."""
    ring_of: list[int] = []
    for ring, length in enumerate(itertools.cycle(RINGS)):
        ring_of.extend([ring] * length)
        if len(ring_of) >= size:
            break
    return ring_of[:size]


def prints_of_class(size: int, seed: int = 11) -> list[fingerprints.Packed]:
    """Each student's packed print: their ring's, a tenth of its hashes replaced by their own."""
    rng = random.Random(seed)
    made: dict[int, fingerprints.Print] = {}
    out = []
    for student, ring in enumerate(_rings(size)):
        if ring not in made:
            made[ring] = fingerprints.fingerprint(hostile(ring))
        base = made[ring]
        hashes = dict(base.hashes)
        for gone in rng.sample(sorted(hashes), len(hashes) // 10):
            lines = hashes.pop(gone)
            hashes[rng.getrandbits(32)] = lines
        own = {f"name:v{student}_{n}" for n in range(8)}
        out.append(fingerprints.pack(fingerprints.Print(hashes, base.features | own, True)))
    return out


def stored_class(folder: Path, size: int) -> tuple[Database, GrantedCourse]:
    url = f"sqlite:///{folder / f'class{size}.db'}"
    upgrade(Settings(data_dir=folder / "data"), url)
    db = Database(url)
    with db.transaction() as session:
        key = create_key(session, "platform", [], Sealer.with_new_key())
        platform_id = session.scalars(select(ApiKey.platform_id).where(ApiKey.id == key.key_id)).one()
        course = Course(platform_id=platform_id, slug="c1")
        session.add(course)
        session.flush()
        students = [Student(course_id=course.id, external_id=f"s{n:05d}") for n in range(size)]
        session.add_all(students)
        session.flush()
        api_key_id, course_id = key.key_id, course.id
        rows = [
            {
                "id": f"sub{n:05d}",
                "platform_id": platform_id,
                "api_key_id": api_key_id,
                "course_id": course_id,
                "student_id": students[n].id,
                "challenge": "layer_norm",
                "lang": "es",
                "code": hostile(ring),
                "status": "done",
                "score": 0.0,
                "attempts": 1,
                "created_at": now(),
                "finished_at": now(),
            }
            for n, ring in enumerate(_rings(size))
        ]
        session.execute(insert(Submission), rows)
        prints = [
            {"submission_id": f"sub{n:05d}", "scheme": fingerprints.SCHEME, **vars(p)}
            for n, p in enumerate(prints_of_class(size))
        ]
        session.execute(insert(SubmissionFingerprint), prints)
    return db, GrantedCourse("c1", "platform", platform_id)


def today(codes: list[str], handed: fingerprints.Print) -> int:
    """The view as it was: every program tokenized whole (no budget) and counted in Python,
    every pair of each fingerprint's holders; the pairs flagged."""
    prints = []
    for code in codes:
        every = list(tokenize.generate_tokens(io.StringIO(code).readline))
        found = fingerprints.tokens(code, every, limit=None)
        prints.append(set(fingerprints.fingerprints(found)) - handed.hashes.keys())
    holders: Counter[int] = Counter(h for p in prints for h in p)
    common = max(similarity.COMMON_AT_LEAST, int(similarity.COMMON_SHARE * len(codes)))
    postings: dict[int, list[int]] = defaultdict(list)
    for index, hashes in enumerate(prints):
        for h in hashes:
            if holders[h] <= common:
                postings[h].append(index)
    together: Counter[tuple[int, int]] = Counter()
    for holding in postings.values():
        together.update(itertools.combinations(holding, 2))
    return sum(1 for shared in together.values() if shared >= similarity.MIN_SHARED)


def _peak(run: Callable[[], object]) -> int:
    gc.collect()
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def _quantiles(took: list[float]) -> tuple[float, float]:
    ordered = sorted(took)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def _today_row(codes: list[str], handed: fingerprints.Print) -> tuple[float, float, float]:
    """Today's seconds, CPU seconds and bytes held per program, on the sample."""
    started, used = time.perf_counter(), time.process_time()
    today(codes, handed)
    count = len(codes)
    took, cpu = (time.perf_counter() - started) / count, (time.process_time() - used) / count
    return took, cpu, _peak(lambda: today(codes[:5], handed)) / 5


def _stored_row(challenge: Challenge, size: int, repeats: int) -> str:
    with tempfile.TemporaryDirectory() as folder:
        db, course = stored_class(Path(folder), size)
        took, cpu, view = [], [], None
        for _ in range(repeats):
            started, used = time.perf_counter(), time.process_time()
            view = build(db, course, challenge, "best", ViewBudget())
            took.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
        peak = _peak(partial(build, db, course, challenge, "best", ViewBudget()))
        db.close()
    if view is None:
        raise ValueError("no view: repeats must be 1 or more")
    p50, p99 = _quantiles(took)
    cut = ", ".join(f"{c.kind} {c.count}" for c in view.report.cuts)
    timed = f"{p50:.2f} | {p99:.2f} | {statistics.median(cpu):.2f} | {peak / 1e6:.0f}"
    return f"| {size} | stored prints | {timed} | {view.report.flagged} | {cut} |"


def attack(challenge: Challenge, sizes: list[int], repeats: int, sample: int = TODAY_SAMPLE) -> None:
    handed = similarity.given(challenge.starter, challenge.reference_source)
    codes = [hostile(ring) for ring in range(sample)]
    used = time.process_time()
    for code in codes[:5]:
        fingerprints.pack(fingerprints.fingerprint(code))
    made = (time.process_time() - used) / 5 * 1000
    print(f"A 64 KiB hostile program's print, made once by the worker: {made:.0f} CPU ms")
    took, cpu, held = _today_row(codes, handed)
    print()
    print("| students | way | p50 s | p99 s | p50 CPU s | peak MB | pairs found | cut |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for size in sizes:
        scaled = f"~{took * size:.0f} | ~{took * size:.0f} | ~{cpu * size:.0f} | ~{held * size / 1e6:.0f}"
        print(f"| {size} | today (scaled from {len(codes)}) | {scaled} | | none |")
        print(_stored_row(challenge, size, repeats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    challenge = load_challenges(ROOT / "challenges")["layer_norm"]
    attack(challenge, [int(s) for s in args.sizes.split(",")], args.repeats)


if __name__ == "__main__":
    main()
