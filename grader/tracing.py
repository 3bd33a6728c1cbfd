"""The parent's reading of a traced run: the values the student's code held, line by line.

Only raw arrays are taken from the child's records (as for every output); the names are the
student's own variable names, shown back to them, and never say what a record is: its kind does
(`Kind`). A trace that was cut, or whose records do not follow the format (an unknown kind, a
name too long, a position out of range), gives nothing: there is then simply no localisation.
It only ever steers feedback, never a score.
"""

from __future__ import annotations

import keyword
import struct
from dataclasses import dataclass

import numpy as np

from grader.sandbox.tracer import BARE, MAX_NAME, MAX_POSITION, MAX_RECORDS, RECORD, Kind
from grader.wire import RECORD_HEADER, Tag, WireError, decode_array

MAX_TRACE_ELEMENTS = 1 << 16
RESULT = "return"  # how challenge.toml's [steps] name a function's result ("return[0]" in a tuple)


@dataclass(frozen=True, eq=False)
class Traced:
    """A value of the student's code (or the reference's) after one line of its file."""

    line: int
    kind: Kind
    value: np.ndarray
    name: str = ""  # a local's name, or the parameter's of an argument or an edit
    function: str = ""  # the function that returned it, or that was given it
    position: int | None = None  # a result's place in a returned tuple; None: returned alone
    integral: bool = False  # whole numbers or booleans in the code that made it (an index, a mask)

    @property
    def key(self) -> str | None:
        """Its name in challenge.toml's [steps]: a local's own, a result's `return` or
        `return[i]`; None for what a function was given or an edit."""
        if self.kind is Kind.LOCAL:
            return self.name
        if self.kind is Kind.RESULT:
            return RESULT if self.position is None else f"{RESULT}[{self.position}]"
        return None

    @property
    def is_local(self) -> bool:
        return self.kind is Kind.LOCAL

    @property
    def is_result(self) -> bool:
        return self.kind is Kind.RESULT

    @property
    def is_argument(self) -> bool:
        return self.kind is Kind.ARGUMENT

    @property
    def is_edit(self) -> bool:
        return self.kind is Kind.EDITED


def is_local_key(name: str) -> bool:
    """A [steps] name that is a local's (`mu`), not a result's (`return`, `return[0]`)."""
    return name.isidentifier() and not keyword.iskeyword(name)


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
    line, kind_code, position, integral, name_size, function_size = RECORD.unpack_from(payload)
    if name_size > MAX_NAME or function_size > MAX_NAME or integral > 1:
        raise WireError("trace record malformed")
    kind = Kind(kind_code)  # ValueError for a kind the format does not have
    if position != BARE and (kind is not Kind.RESULT or position >= MAX_POSITION):
        raise WireError("trace position out of range")
    start = RECORD.size
    name = bytes(payload[start : start + name_size]).decode("utf-8", "replace")
    function = bytes(payload[start + name_size : start + name_size + function_size]).decode(
        "utf-8", "replace"
    )
    value = decode_array(payload[start + name_size + function_size :], MAX_TRACE_ELEMENTS)
    return Traced(line, kind, value, name, function, None if position == BARE else position, bool(integral))
