"""Which messages work: what became of each diagnosis, and of each lesson step a localisation
names, once a student was told it.

A student's attempts at a challenge are taken in the order they were made (creation time, then
id), each as its newest result has it (a regrade changes what an attempt told). An attempt that
did not run (a syntax error, a timeout) says nothing of a message: it is left out, and so is not
counted among the attempts. A message is told at the first attempt that has it; it is gone at the
first later attempt that no longer has it. Per message, the student's row keeps when it was told,
the attempts made since (up to the one it was gone in), whether the first of them no longer had
it, and how long it took to go; the course's counters and the histogram of attempts and time
follow those rows, moved by the difference each stored result makes (`writes`).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from grader.models import Result
from service.dashboard.aggregates.tables import AggFeedbackEffect, AggFeedbackGone
from service.dashboard.aggregates.upsert import Shape, Upsert

DIAGNOSIS = "diagnosis"
STEP = "step"
Message = tuple[str, str]  # its kind (DIAGNOSIS or STEP) and its id
BUCKETS_PER_DOUBLING = 8  # a bucket of time spans 2^(1/8): its middle is within 4.4 % of any time in it


@dataclass(frozen=True)
class Attempt:
    """An attempt that ran: when it was made, and the messages its newest result told."""

    made_at: datetime
    messages: frozenset[Message]


@dataclass(frozen=True)
class Effect:
    """What became of one message told to one student."""

    told_at: datetime  # when the first attempt that told it was made
    later: int = 0  # attempts since, up to the one it was gone in
    gone_next: bool = False  # the first of them no longer had it
    gone_after: float | None = None  # seconds from the attempt that told it to the one without it

    @property
    def gone(self) -> bool:
        return self.gone_after is not None


Effects = Mapping[Message, Effect]


def utc(moment: datetime) -> datetime:
    """The moment as a UTC instant (SQLite gives back what it stored without its zone: UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def messages(diagnoses: Iterable[str], step: str | None) -> frozenset[Message]:
    return frozenset({(DIAGNOSIS, d) for d in diagnoses} | ({(STEP, step)} if step else set()))


def attempt_of(made_at: datetime, result: Result) -> Attempt | None:
    """The attempt a result tells of, None when it did not run."""
    if result.status != "done":
        return None
    step = result.localisation.step if result.localisation else None
    return Attempt(utc(made_at), messages((d.id for d in result.diagnoses), step))


def after(effects: Effects, attempt: Attempt) -> dict[Message, Effect]:
    """The effects once an attempt made after every other one joins them."""
    now: dict[Message, Effect] = {}
    for message, effect in effects.items():
        if effect.gone:
            now[message] = effect
            continue
        still = message in attempt.messages
        seconds = None if still else (attempt.made_at - effect.told_at).total_seconds()
        gone_next = effect.gone_next if effect.later else not still
        now[message] = Effect(effect.told_at, effect.later + 1, gone_next, seconds)
    for message in attempt.messages - effects.keys():
        now[message] = Effect(attempt.made_at)
    return now


def from_attempts(attempts: Iterable[Attempt]) -> dict[Message, Effect]:
    """The effects of a student's attempts, given in the order they were made."""
    effects: dict[Message, Effect] = {}
    for attempt in attempts:
        effects = after(effects, attempt)
    return effects


def dumps(effects: Effects) -> str:
    """The student's row's column: one array per message, in the order of their kinds and ids."""
    if not effects:
        return ""
    rows = [
        [kind, name, e.told_at.isoformat(), e.later, e.gone_next, e.gone_after]
        for (kind, name), e in sorted(effects.items())
    ]
    return json.dumps(rows, separators=(",", ":"))


def loads(text: str) -> dict[Message, Effect]:
    if not text:
        return {}
    return {
        (kind, name): Effect(utc(datetime.fromisoformat(told)), later, gone_next, gone_after)
        for kind, name, told, later, gone_next, gone_after in json.loads(text)
    }


def time_bucket(seconds: float) -> int:
    """The bucket of a time: 0 up to 2^(1/8) s, then one per eighth of a doubling."""
    return int(BUCKETS_PER_DOUBLING * math.log2(max(seconds, 1.0)))


def bucket_seconds(bucket: int) -> float:
    """The middle of a bucket of time (in its logarithm)."""
    return float(2 ** ((bucket + 0.5) / BUCKETS_PER_DOUBLING))


Counts = Counter[tuple[Message, str]]  # (message, "told" / "answered" / "gone_next" / "gone")
Gone = Counter[tuple[Message, int, int]]  # (message, attempts, time bucket)


def counted(effects: Effects, sign: int = 1) -> tuple[Counts, Gone]:
    """What one student's effects add to the course's counters and histogram."""
    counts: Counts = Counter()
    gone: Gone = Counter()
    for message, effect in effects.items():
        counts[(message, "told")] += sign
        counts[(message, "answered")] += sign * (effect.later > 0)
        counts[(message, "gone_next")] += sign * effect.gone_next
        if effect.gone_after is not None:
            counts[(message, "gone")] += sign
            gone[(message, effect.later, time_bucket(effect.gone_after))] += sign
    return counts, gone


EFFECT_COUNTS = ("told", "answered", "gone_next", "gone")
_EFFECT = Shape(AggFeedbackEffect, counts=EFFECT_COUNTS)
_GONE = Shape(AggFeedbackGone, counts=("students",))


def effect_rows(course_id: int, challenge: str, counts: Counts) -> list[dict[str, object]]:
    key = {"course_id": course_id, "challenge": challenge}
    rows = []
    for kind, name in sorted({message for message, _ in counts}):
        row = {column: counts[((kind, name), column)] for column in EFFECT_COUNTS}
        if any(row.values()):
            rows.append({**key, "kind": kind, "message_id": name, **row})
    return rows


def gone_rows(course_id: int, challenge: str, gone: Gone) -> list[dict[str, object]]:
    key = {"course_id": course_id, "challenge": challenge}
    return [
        {**key, "kind": kind, "message_id": name, "attempts": attempts, "time_bucket": b, "students": n}
        for ((kind, name), attempts, b), n in sorted(gone.items())
        if n
    ]


def writes(course_id: int, challenge: str, before: Effects, now: Effects) -> list[Upsert]:
    """The course's counters and histogram moved from one student's effects before to now."""
    counts, gone = counted(now)
    old_counts, old_gone = counted(before, -1)
    counts.update(old_counts)
    gone.update(old_gone)
    return [
        Upsert(_EFFECT, effect_rows(course_id, challenge, counts)),
        Upsert(_GONE, gone_rows(course_id, challenge, gone)),
    ]
