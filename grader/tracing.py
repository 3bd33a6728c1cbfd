"""The parent's reading of a traced run: the values the student's code held, line by line.

Only raw arrays are taken from the child's records (as for every output); the names are the
student's own variable names, shown back to them. A trace that was cut, or whose records do not
follow the format, gives nothing: there is then simply no localisation.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

import numpy as np

from grader.sandbox.tracer import LINE, MAX_NAME, MAX_RECORDS
from grader.wire import RECORD_HEADER, Tag, WireError, decode_array

MAX_TRACE_ELEMENTS = 1 << 16


@dataclass(frozen=True, eq=False)
class Traced:
    """A value of the student's code after one line of its file."""

    line: int
    name: str
    value: np.ndarray


def parse_trace(data: bytes) -> list[Traced] | None:
    """The traced values in the order they were made; None when the trace is cut or malformed."""
    found: list[Traced] = []
    view = memoryview(data)
    position = 0
    try:
        while len(view) - position >= RECORD_HEADER.size:
            tag, _, length = RECORD_HEADER.unpack_from(view, position)
            start = position + RECORD_HEADER.size
            if len(view) - start < length:
                return None
            payload = view[start : start + length]
            position = start + length
            if tag == Tag.TRACE_CUT or len(found) > MAX_RECORDS:
                return None
            if tag == Tag.FINISHED:
                return found
            if tag == Tag.TRACED:
                found.append(_traced(payload))
    except (WireError, ValueError, struct.error, UnicodeDecodeError):
        return None
    return None  # never finished: the run stopped inside the traced call


def _traced(payload: memoryview) -> Traced:
    line, size = LINE.unpack_from(payload)
    if size > MAX_NAME:
        raise WireError("trace name too long")
    name = bytes(payload[LINE.size : LINE.size + size]).decode("utf-8", "replace")
    value = decode_array(payload[LINE.size + size :], MAX_TRACE_ELEMENTS)
    return Traced(line, name, value)
