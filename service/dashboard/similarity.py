"""Near-copies among a class's submissions to one challenge, from their stored prints
(`fingerprints`), less what every student is given, and the unusual features two of them share.

What a student is given or everyone writes says nothing: the fingerprints of the challenge's
scaffold (its signatures) and of its reference are removed, and so is any fingerprint that more
than a tenth of the class (at least three) holds. Two programs are then as similar as the share
of the smaller one's remaining fingerprints they hold in common.

Names, comments, strings and numbers are put back as evidence: those two programs share and at
most `RARE` of the class (and not the reference) use. A pair is shown when the share is high, or
fairly high with such evidence; it is a reason to look, never a verdict.

A view has a budget (`Budget`), whatever the class sends: the fingerprints it reads (past it,
each program keeps its smallest hashes, the same sample in all), the pairs it counts (past it,
the fingerprints most programs hold are left out first: they say least), its time and the pairs
it keeps. The counting is NumPy's (sorting, no Python loop per fingerprint or pair). Whatever a
budget cut is said in the report (`Cut`).
"""

from __future__ import annotations

import functools
import itertools
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from service.dashboard.fingerprints import Print, fingerprint

COMMON_SHARE = 0.1  # a fingerprint more of the class holds is what everyone writes
COMMON_AT_LEAST = 3
RARE = 2  # a feature this few submissions use is evidence when two of them share it
MIN_SHARED = 12  # fingerprints in common: fewer is too little code to say anything
FLAG_SHARE = 0.5
FLAG_SHARE_WITH_EVIDENCE = 0.4
EVIDENCE_FOR_FLAG = 2

Spans = tuple[np.ndarray, np.ndarray]  # a program's hashes ascending, each one's first and last line
CutKind = Literal["class", "long_programs", "sample", "common", "time", "pairs", "not_fingerprinted"]


@dataclass(frozen=True)
class Budget:
    """What one view may compute, whatever the class: see the module's docstring."""

    prints: int = 1_200_000  # fingerprints read across the class
    pair_work: int = 3_000_000  # (fingerprint, pair) counts
    seconds: float = 1.0  # comparing; reading the database comes on top
    pairs: int = 200  # pairs kept, most similar first (the rest only counted)


@dataclass(frozen=True)
class Cut:
    """What a budget left out: `count` is, by kind, the programs (class: those compared;
    long_programs: those whose own print was cut; not_fingerprinted: those left for a later
    view), the fingerprints each program kept (sample), the most programs a fingerprint kept
    may be held by (common), the pairs found but not kept (pairs), or 0 (time)."""

    kind: CutKind
    count: int


@dataclass(frozen=True)
class Source:
    key: str  # the submission's id
    student: str
    code: str


@dataclass(frozen=True)
class Program:
    """A program's stored print, as a view compares it."""

    key: str
    student: str
    hashes: np.ndarray  # ascending uint32
    features: frozenset[str]
    cut: bool = False


@dataclass(frozen=True)
class Member:
    key: str
    student: str


@dataclass(frozen=True)
class Pair:
    first: Member
    second: Member
    share: float  # of the smaller program's own fingerprints, those both hold
    shared: int
    evidence: tuple[str, ...]  # unusual names, comments, strings, numbers both use
    lines: tuple[frozenset[int], frozenset[int]] = field(repr=False, compare=False)


@dataclass
class Report:
    pairs: list[Pair] = field(default_factory=list)
    compared: int = 0  # programs compared
    groups: list[list[str]] = field(default_factory=list)
    flagged: int = 0  # pairs found, kept or not
    cuts: list[Cut] = field(default_factory=list)

    def clusters(self) -> list[list[str]]:
        """Students linked by flagged pairs, each group sorted, largest first."""
        return self.groups

    def size(self) -> int:
        """About the bytes it holds: what a cache of reports counts."""
        lines = sum(len(p.lines[0]) + len(p.lines[1]) for p in self.pairs)
        words = sum(len(e) for p in self.pairs for e in p.evidence)
        return 1000 + 400 * len(self.pairs) + 60 * lines + words + 80 * sum(map(len, self.groups))


@functools.lru_cache(maxsize=64)  # one per challenge version: what every view of it removes
def given(scaffold: str, reference: str) -> Print:
    """What every student is given or shown: the scaffold's and the reference's fingerprints
    and features."""
    a, b = fingerprint(scaffold), fingerprint(reference)
    return Print({**a.hashes, **b.hashes}, a.features | b.features)


def program(key: str, student: str, found: Print) -> Program:
    return Program(key, student, np.array(sorted(found.hashes), dtype=np.uint32), found.features, found.cut)


def compare(sources: Sequence[Source], handed: Print, budget: Budget | None = None) -> Report:
    """Every pair of these programs worth looking at, their prints made here (tests, benchmarks)."""
    prints = [fingerprint(s.code) for s in sources]
    programs = [program(s.key, s.student, p) for s, p in zip(sources, prints, strict=True)]
    return compare_programs(
        programs, handed, budget or Budget(), lambda asked: {i: _spans(prints[i]) for i in asked}
    )


def _spans(found: Print) -> Spans:
    ordered = sorted(found.hashes)
    lines = np.array([found.hashes[h] for h in ordered], dtype=np.int64).reshape(-1, 2)
    return np.array(ordered, dtype=np.uint32), lines


@dataclass(frozen=True)
class _Postings:
    """Every kept (not given, not too common) fingerprint of the class with its program's index,
    ordered by program; and, ordered by fingerprint, those two or more programs hold."""

    hashes: np.ndarray
    owners: np.ndarray
    shared_hashes: np.ndarray
    shared_owners: np.ndarray  # ascending within each fingerprint
    sizes: np.ndarray  # each program's count of kept fingerprints


SpansOf = Callable[[Sequence[int]], Mapping[int, Spans]]


def compare_programs(programs: Sequence[Program], handed: Print, budget: Budget, spans: SpansOf) -> Report:
    """Every pair worth looking at, most similar first, within the budget; `spans` gives some
    programs' hash -> lines, asked once, of the programs in the pairs kept."""
    deadline = time.monotonic() + budget.seconds
    report = Report(compared=len(programs))
    report.cuts.extend(_long(programs))
    if len(programs) < 2:
        return report
    postings, limit = _postings(programs, handed, budget, report.cuts)
    codes, finished = _pair_codes(postings, limit, len(programs), deadline)
    if not finished:
        report.cuts.append(Cut("time", 0))
    rare = _rare(programs, handed)
    found = _flagged(programs, rare, postings, codes, deadline, report)
    _keep(programs, postings, found, (budget, rare, spans), report)
    return report


def _long(programs: Sequence[Program]) -> list[Cut]:
    cut = sum(p.cut for p in programs)
    return [Cut("long_programs", cut)] if cut else []


def _postings(
    programs: Sequence[Program], handed: Print, budget: Budget, cuts: list[Cut]
) -> tuple[_Postings, int]:
    count = len(programs)
    each = max(1, budget.prints // count)
    if any(len(p.hashes) > each for p in programs):
        cuts.append(Cut("sample", each))
    arrays = [p.hashes[:each] for p in programs]
    sizes = np.fromiter(map(len, arrays), dtype=np.int64, count=count)
    every = np.concatenate(arrays).astype(np.uint32, copy=False)
    owners = np.repeat(np.arange(count, dtype=np.int64), sizes)
    outside = ~np.isin(every, np.fromiter(handed.hashes, dtype=np.uint32, count=len(handed.hashes)))
    every, owners = every[outside], owners[outside]
    order = np.argsort(every, kind="stable")  # stable: each fingerprint's programs stay ascending
    ordered = every[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    counts = np.diff(np.r_[starts, len(ordered)])
    common = max(COMMON_AT_LEAST, int(COMMON_SHARE * count))
    limit = _within_work(counts, common, budget.pair_work)
    if limit < common:
        cuts.append(Cut("common", limit))
    held = np.repeat(counts, counts)
    kept = np.empty(len(every), dtype=bool)
    kept[order] = held <= limit
    pairing = (held <= limit) & (held >= 2)
    sizes = np.bincount(owners[kept], minlength=count)
    return _Postings(every[kept], owners[kept], ordered[pairing], owners[order][pairing], sizes), limit


def _within_work(counts: np.ndarray, common: int, work: int) -> int:
    """The most programs a kept fingerprint may be held by: `common`, or fewer when counting the
    pairs of every fingerprint held by up to `common` would exceed the budget."""
    shared = counts[(counts >= 2) & (counts <= common)].astype(np.int64)
    if int((shared * (shared - 1) // 2).sum()) <= work:
        return common
    values, number = np.unique(shared, return_counts=True)
    within = values[np.cumsum(values * (values - 1) // 2 * number) <= work]
    return int(within[-1]) if within.size else 1


def _pair_codes(postings: _Postings, limit: int, count: int, deadline: float) -> tuple[np.ndarray, bool]:
    """One code (a * count + b, a < b) per (fingerprint, pair of its holders): the programs of
    each fingerprint sit side by side once sorted by fingerprint, so the holders d apart are
    paired at step d. False when the time ran out first."""
    hashes, owners = postings.shared_hashes, postings.shared_owners
    kind = np.uint32 if count * count < 2**32 else np.uint64
    parts: list[np.ndarray] = []
    alive = np.arange(max(0, len(hashes) - 1))
    for step in range(1, limit):
        alive = alive[alive + step < len(hashes)]
        alive = alive[hashes[alive + step] == hashes[alive]]
        if not alive.size:
            break
        parts.append(owners[alive].astype(kind) * kind(count) + owners[alive + step].astype(kind))
        if time.monotonic() > deadline:
            return np.concatenate(parts), False
    return (np.concatenate(parts) if parts else np.empty(0, dtype=kind)), True


@dataclass(frozen=True)
class _Found:
    first: np.ndarray
    second: np.ndarray
    share: np.ndarray
    shared: np.ndarray
    evidence: dict[tuple[int, int], tuple[str, ...]]


def _flagged(
    programs: Sequence[Program],
    rare: Callable[[int], frozenset[str]],
    postings: _Postings,
    codes: np.ndarray,
    deadline: float,
    report: Report,
) -> _Found:
    """The flagged pairs: a high share, or a fairly high one with evidence."""
    count = len(programs)
    pairs, together = np.unique(codes, return_counts=True)
    enough = together >= MIN_SHARED
    pairs, together = pairs[enough].astype(np.int64), together[enough]
    first, second = pairs // count, pairs % count
    students = np.unique([p.student for p in programs], return_inverse=True)[1]
    apart = students[first] != students[second]
    first, second, together = first[apart], second[apart], together[apart]
    share = together / np.minimum(postings.sizes[first], postings.sizes[second])
    evidence: dict[tuple[int, int], tuple[str, ...]] = {}
    flagged = share >= FLAG_SHARE
    for at in np.flatnonzero((share >= FLAG_SHARE_WITH_EVIDENCE) & ~flagged):
        if time.monotonic() > deadline:
            report.cuts.append(Cut("time", 0))
            break
        a, b = int(first[at]), int(second[at])
        evidence[a, b] = tuple(sorted(rare(a) & rare(b)))
        flagged[at] = len(evidence[a, b]) >= EVIDENCE_FOR_FLAG
    return _Found(first[flagged], second[flagged], share[flagged], together[flagged], evidence)


def _rare(programs: Sequence[Program], handed: Print) -> Callable[[int], frozenset[str]]:
    """A program's features at most RARE of the class use (and not the reference)."""
    users = Counter(itertools.chain.from_iterable(p.features for p in programs))

    @functools.cache
    def of(index: int) -> frozenset[str]:
        return frozenset(f for f in programs[index].features if users[f] <= RARE and f not in handed.features)

    return of


def _keep(
    programs: Sequence[Program],
    postings: _Postings,
    found: _Found,
    asked: tuple[Budget, Callable[[int], frozenset[str]], SpansOf],
    report: Report,
) -> None:
    """The report's pairs (the budget's most similar, their evidence and lines) and its groups."""
    budget, rare, spans = asked
    ranks = np.unique([p.student for p in programs], return_inverse=True)[1]
    order = np.lexsort((ranks[found.second], ranks[found.first], -found.shared, -found.share))
    report.flagged = len(order)
    if len(order) > budget.pairs:
        report.cuts.append(Cut("pairs", len(order) - budget.pairs))
    ends = np.searchsorted(postings.owners, np.arange(len(programs) + 1))
    kept = order[: budget.pairs]
    lines_of = spans(sorted(set(found.first[kept].tolist()) | set(found.second[kept].tolist())))
    for at in kept:
        a, b = int(found.first[at]), int(found.second[at])
        evidence = found.evidence.get((a, b)) or tuple(sorted(rare(a) & rare(b)))
        common = np.intersect1d(
            postings.hashes[ends[a] : ends[a + 1]], postings.hashes[ends[b] : ends[b + 1]], assume_unique=True
        )
        lines = (_lines(lines_of[a], common), _lines(lines_of[b], common))
        report.pairs.append(
            Pair(
                _member(programs[a]),
                _member(programs[b]),
                float(found.share[at]),
                int(found.shared[at]),
                evidence,
                lines,
            )
        )
    report.groups = _groups(programs, found.first, found.second)


def _member(found: Program) -> Member:
    return Member(found.key, found.student)


def _lines(spans: Spans, common: np.ndarray) -> frozenset[int]:
    """The lines the common hashes' k-grams cover: each span's start and end marked, summed."""
    hashes, lines = spans
    if not common.size:
        return frozenset()
    at = np.minimum(np.searchsorted(common, hashes), common.size - 1)  # both ascending
    chosen = lines[common[at] == hashes].astype(np.int64)
    if not chosen.size:
        return frozenset()
    marks = np.zeros(int(chosen[:, 1].max()) + 2, dtype=np.int64)
    np.add.at(marks, chosen[:, 0], 1)
    np.add.at(marks, chosen[:, 1] + 1, -1)
    return frozenset(np.flatnonzero(np.cumsum(marks) > 0).tolist())


def _groups(programs: Sequence[Program], first: np.ndarray, second: np.ndarray) -> list[list[str]]:
    """Students linked by pairs, each group sorted, largest first: every program labelled with the
    smallest index it is linked to, by propagation and pointer jumping."""
    if not first.size:
        return []
    label = np.arange(len(programs))
    while True:
        low = np.minimum(label[first], label[second])
        new = label.copy()
        np.minimum.at(new, first, low)
        np.minimum.at(new, second, low)
        new = new[new]
        if np.array_equal(new, label):
            break
        label = new
    linked = np.unique(np.concatenate((first, second)))
    groups: dict[int, set[str]] = {}
    for index in linked.tolist():
        groups.setdefault(int(label[index]), set()).add(programs[index].student)
    return sorted((sorted(g) for g in groups.values()), key=lambda g: (-len(g), g))
