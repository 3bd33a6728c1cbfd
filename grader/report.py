"""Parses the child's report into typed outcomes, believing nothing but raw arrays.

Text fields (exception names and messages) are kept only to show the student; they never
decide a verdict. Any framing fault makes the whole report a protocol error.
"""

from __future__ import annotations

import functools
import json
import struct
from dataclasses import dataclass, field

import numpy as np

from grader.wire import MAX_OUTPUT_ITEMS, MAX_TEXT_PAYLOAD, RECORD_HEADER, Tag, WireError, decode_array


@dataclass(frozen=True)
class StudentError:
    """An exception raised by the student's code, as the child described it."""

    type: str
    message: str
    line: int | None


@dataclass(frozen=True)
class Behaviour:
    """What a call observably did, flat for comparing: the arrays of its observation (how many
    outputs and whether as a tuple, the outputs, which arguments it changed and to what, how
    its helpers were called), as their shapes and all their values in one float64 vector."""

    shapes: tuple[tuple[int, ...], ...]
    values: np.ndarray
    finite: np.ndarray
    all_finite: bool
    magnitude: np.ndarray  # abs(values)


@dataclass
class CallOutcome:
    """What one call of a student's function gave back.

    `outputs` holds the returned array, or the arrays of a returned tuple in order (`as_tuple`).
    """

    outputs: tuple[np.ndarray, ...] = ()
    as_tuple: bool = False
    error: StudentError | None = None
    not_array: str | None = None
    # Filled in by the parent (`grader.effects`), never from the child's report but for an
    # argument reshaped in place: the arguments it changed, how its helpers were called.
    args_after: dict[int, np.ndarray] = field(default_factory=dict)  # only the arguments it changed
    helper_counts: dict[int, int] = field(default_factory=dict)
    helper_inputs: dict[int, list[np.ndarray]] = field(default_factory=dict)
    done: bool = False

    @property
    def output(self) -> np.ndarray | None:
        """The returned array; for a returned tuple, its first array."""
        return self.outputs[0] if self.outputs else None

    @property
    def ok(self) -> bool:
        return self.done and bool(self.outputs)

    def returns(self, count: int) -> bool:
        """Whether it gave back what a function declared to return `count` arrays must."""
        return len(self.outputs) == count and self.as_tuple == (count > 1)

    @property
    def answered(self) -> bool:
        return bool(self.outputs) or self.error is not None or self.not_array is not None

    @functools.cached_property
    def behaviour(self) -> Behaviour:
        """Computed once, on first use: read it only once the outcome is complete."""
        seen = _observation(self)
        values = np.concatenate([np.ravel(a).astype(np.float64) for a in seen])
        finite = np.isfinite(values)
        return Behaviour(tuple(a.shape for a in seen), values, finite, bool(finite.all()), np.abs(values))


def _observation(outcome: CallOutcome) -> list[np.ndarray]:
    seen = [np.array([len(outcome.outputs), outcome.as_tuple], dtype=float), *outcome.outputs]
    seen += [np.array(sorted(outcome.args_after), dtype=float)]  # which arguments it changed
    seen += [outcome.args_after[s] for s in sorted(outcome.args_after)]
    seen += [np.array([outcome.helper_counts[s] for s in sorted(outcome.helper_counts)], dtype=float)]
    for slot in sorted(outcome.helper_inputs):
        seen += outcome.helper_inputs[slot]
    return seen


@dataclass(frozen=True)
class LoadError:
    kind: str  # "syntax" or "import"
    error: StudentError


@dataclass
class ChildReport:
    calls: list[CallOutcome]
    loaded: bool = False
    load_error: LoadError | None = None
    missing: list[str] = field(default_factory=list)
    finished: bool = False
    protocol_error: str | None = None


def _text(payload: memoryview) -> dict[str, object]:
    if len(payload) > MAX_TEXT_PAYLOAD:
        raise WireError("text record too long")
    value = json.loads(bytes(payload).decode("ascii"))
    if not isinstance(value, dict):
        raise WireError("text record is not an object")
    return value


def _student_error(fields: dict[str, object]) -> StudentError:
    line = fields.get("line")
    return StudentError(
        type=str(fields.get("type", ""))[:80],
        message=str(fields.get("message", ""))[:400],
        line=line if isinstance(line, int) and not isinstance(line, bool) else None,
    )


class _Parser:
    def __init__(self, call_count: int, max_elements: int) -> None:
        self.report = ChildReport(calls=[CallOutcome() for _ in range(call_count)])
        self.max_elements = max_elements
        self.next_call = 0

    def outcome(self, index: int) -> CallOutcome:
        if index != self.next_call or index >= len(self.report.calls):
            raise WireError("record for an unexpected call")
        return self.report.calls[index]

    def feed(self, tag: int, index: int, payload: memoryview) -> None:
        report = self.report
        if report.finished or (report.load_error is not None):
            raise WireError("record after the end")
        if tag == Tag.LOADED and not report.loaded:
            report.loaded = True
        elif tag == Tag.LOAD_ERROR and not report.loaded:
            fields = _text(payload)
            kind = "syntax" if fields.get("kind") == "syntax" else "import"
            report.load_error = LoadError(kind=kind, error=_student_error(fields))
        elif tag == Tag.MISSING and report.loaded and self.next_call == 0:
            names = _text(payload).get("functions")
            report.missing = [str(n)[:80] for n in names] if isinstance(names, list) else []
        elif tag == Tag.FINISHED and self.next_call == len(report.calls):
            report.finished = True
        elif report.loaded:
            self.feed_call(tag, self.outcome(index), payload)
        else:
            raise WireError(f"unexpected record {tag}")

    def feed_call(self, tag: int, outcome: CallOutcome, payload: memoryview) -> None:
        answered = outcome.answered
        if tag == Tag.OUTPUT and not answered:
            outcome.outputs = (decode_array(payload, self.max_elements),)
        elif tag == Tag.OUTPUT_ITEM and (outcome.as_tuple or not answered):
            self.feed_item(outcome, payload)
        elif tag == Tag.CALL_ERROR and not answered:
            outcome.error = _student_error(_text(payload))
        elif tag == Tag.NOT_ARRAY and not answered:
            outcome.not_array = str(_text(payload).get("type", "?"))[:80]
        elif tag == Tag.ARG_AFTER:
            (slot,) = struct.unpack_from("<H", payload)
            outcome.args_after[slot] = decode_array(payload[2:], self.max_elements)
        elif tag == Tag.CALL_DONE:
            outcome.done = True
            self.next_call += 1
        else:
            raise WireError(f"unexpected record {tag}")

    def feed_item(self, outcome: CallOutcome, payload: memoryview) -> None:
        (position,) = struct.unpack_from("<H", payload)
        if position != len(outcome.outputs) or position >= MAX_OUTPUT_ITEMS:
            raise WireError("tuple item out of order")
        outcome.outputs = (*outcome.outputs, decode_array(payload[2:], self.max_elements))
        outcome.as_tuple = True


def parse_report(data: bytes, call_count: int, max_elements: int) -> ChildReport:
    """Parse a whole report; a truncated tail (the child was killed) just ends it."""
    parser = _Parser(call_count, max_elements)
    view = memoryview(data)
    position = 0
    try:
        while len(view) - position >= RECORD_HEADER.size:
            tag, index, length = RECORD_HEADER.unpack_from(view, position)
            start = position + RECORD_HEADER.size
            if len(view) - start < length:
                break
            parser.feed(tag, index, view[start : start + length])
            position = start + length
    except (WireError, ValueError, struct.error, UnicodeDecodeError) as error:
        parser.report.protocol_error = str(error)[:200]
    return parser.report
